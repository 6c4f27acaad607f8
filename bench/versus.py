"""referee against its two floors, in turn, on copies of one database: `python -m bench versus`.

Three sides (#36, #45; BENCHMARKS.md, *Against the floor* and *Against the stack floor*): referee (`referee serve`),
the stack floor (`bench.stack_floor`: Flask with the stack referee chose, a form with its CSRF token, Babel, htmx,
compression, Jinja, a sqlite-utils insert, and no rules) and the bare floor (`bench.floor`: Flask alone, one durable
insert, strings). Each run measures every side, one after another, each on a fresh copy of the same seeded database,
with the load average beside it; the order turns by one side at each run (referee, stack floor, floor; then stack
floor, floor, referee; …) so that each side is measured early and late. Each figure is the median of a side's runs,
shown beside its ratio to each floor:

- a round post alone: `--posts` rounds posted one after another on an idle server, from the round form each answer
  carries, p50 and p99; and the answer's size, before compression and gzipped (by this script, level 6, so that
  every side is weighed alike whether it compresses or not);
- a club night: `--tables` tables on one process (`bench.club`'s load; `--phones every` for the table with every
  phone out: the scorer's page, four players' own screens, a viewer and the table's screen), polls and rounds p50
  and p99, errors, and the worker's resident memory; the polls also apart, the unchanged ones (304) and those that
  bring a round's news (200), and with every phone each kind's unchanged polls;
- a start: from the command to the first answer, then the first page of a game and the first page of the next one.

The defaults are a quick smoke run (50 tables, one run, 100 posts, 20 s a club night); #45's figures are taken with
`--tables 100 --runs 1 --posts 200` or more. A benchmark never shares the cores with a mutation run or a test run:
run it on a quiet machine, and read the load beside each run.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.club import (
    EVERY,
    INTERVAL,
    PHONES,
    ROUND_EVERY,
    ROUNDS,
    Table,
    a_round,
    load,
    phones,
    phones_option,
    round_form_in,
    seed,
)
from bench.figures import ms, percentile, table, verdict
from bench.floor import FLOOR
from bench.machine import describe
from bench.records import SEED
from bench.server import LAUNCH, Server, serve
from bench.stack_floor import STACK_FLOOR
from bench.wire import AsyncPhone

Figures = dict[str, float]
SIDES = (("referee", LAUNCH), ("stack floor", STACK_FLOOR), ("floor", FLOOR))
KB = 1024
# #45's targets: (figure, the side it is measured against, the most it may be: a ratio, or with no side an amount).
TARGETS: tuple[tuple[str, str, str | None, float], ...] = (
    ("a round posted alone, p50 ≤ 1.15× the stack floor's", "post p50", "stack floor", 1.15),
    ("a round's answer ≤ 5 KB before compression", "answer bytes", None, 5 * KB),
    ("start → first answer ≤ 1.5× the stack floor's", "start s", "stack floor", 1.5),
    ("club night: unchanged polls p99 ≤ 1.5× the bare floor's", "unchanged p99", "floor", 1.5),
    ("club night: rounds p99 ≤ 2× the stack floor's", "rounds p99", "stack floor", 2.0),
    ("club night: no error", "errors", None, 0.0),
    ("club night: the worker ≤ 250 MB", "MB", None, 250.0),
)


async def posts_alone(port: int, at: Table, count: int) -> tuple[list[float], list[int], list[int]]:
    """`count` rounds posted one after another on one connection, each from the form the last answer carried: their
    times, and their answers' sizes before compression and gzipped."""
    phone, rng, times, sizes, gzipped = AsyncPhone(port, timeout=30), random.Random(SEED), [], [], []
    page = await phone.get(at.page, {"HX-Request": "true"})
    form = round_form_in(page.text())
    for _ in range(count):
        if form is None:
            form = round_form_in((await phone.get(at.page, {"HX-Request": "true"})).text())
            if form is None:
                break
        answer = await phone.post(form.action, *a_round(form, rng))
        times.append(answer.ms if answer.status == 200 else float("inf"))
        if answer.status == 200:
            sizes.append(len(answer.body))
            gzipped.append(len(gzip.compress(answer.body, compresslevel=6, mtime=0)))
        form = round_form_in(answer.text()) if answer.status == 200 else None
    await phone.close()
    return times, sizes or [0], gzipped or [0]


async def first_pages(port: int, first: Table, second: Table) -> tuple[float, float]:
    """The first page of a game after the start, then the first page of another game."""
    phone = AsyncPhone(port, timeout=60)
    one = await phone.get(first.page)
    two = await phone.get(second.page)
    await phone.close()
    return one.ms, two.ms


def one_side(launch: str, database: Path, tables: list[Table], args: argparse.Namespace) -> Figures:
    """Every figure of one server (`launch`) on a copy of `database`."""
    figures: Figures = {"load": os.getloadavg()[0]}
    with tempfile.TemporaryDirectory(prefix="referee-versus-") as folder:
        copy = Path(folder) / "referee.sqlite"
        shutil.copyfile(database, copy)
        started = time.monotonic()
        with serve(database=copy, launch=launch) as server:
            figures["start s"] = time.monotonic() - started
            figures["first page ms"], figures["next first page ms"] = asyncio.run(
                first_pages(server.port, tables[0], tables[1])
            )
            alone, sizes, gzipped = asyncio.run(posts_alone(server.port, tables[2], args.posts))
            figures["post p50"], figures["post p99"] = percentile(alone, 50), percentile(alone, 99)
            figures["answer bytes"], figures["answer gzipped"] = statistics.median(sizes), statistics.median(gzipped)
            figures |= club(server, tables[3:], args)
    return figures


def club(server: Server, tables: list[Table], args: argparse.Namespace) -> Figures:
    """The club night's load on `server`: polls and rounds p50 and p99, errors, the worker's memory."""
    run = asyncio.run(load(server, tables, args, args.seed))
    memory = sorted(server.resident_mb().values())
    errors = sum(run.polls.errors.values()) + sum(run.rounds.errors.values())
    if errors:  # what they were, and what the server logged
        logged = "; ".join(f"{n} × {text}" for text, n in server.exceptions().most_common())
        print(f"(errors: polls {dict(run.polls.errors)}, rounds {dict(run.rounds.errors)}; logged: {logged or 'none'})")
    unchanged, sheets = run.polls.by_status.get(304) or [0.0], run.polls.by_status.get(200) or [0.0]
    figures = {
        "polls p50": percentile(run.polls.times or [0.0], 50),
        "polls p99": percentile(run.polls.times or [0.0], 99),
        "unchanged p50": percentile(unchanged, 50),
        "unchanged p99": percentile(unchanged, 99),
        "sheets p99": percentile(sheets, 99),
        "rounds p50": percentile(run.rounds.times or [0.0], 50),
        "rounds p99": percentile(run.rounds.times or [0.0], 99),
        "errors": float(errors),
        "MB": memory[-1] if memory else 0.0,
    }
    if args.phones == EVERY:
        for kind, tally in run.kinds.items():
            figures[f"{kind} unchanged p99"] = percentile(tally.by_status.get(304) or [0.0], 99)
            figures[f"{kind} news p99"] = percentile(tally.by_status.get(200) or [0.0], 99)
    return figures


def count(value: float) -> str:
    """A count, whole."""
    return f"{value:,.0f}"


ROWS: tuple[tuple[str, str, Callable[[float], str]], ...] = (
    ("a round posted alone, p50 (ms)", "post p50", ms),
    ("a round posted alone, p99 (ms)", "post p99", ms),
    ("a round's answer, bytes before compression", "answer bytes", count),
    ("a round's answer, bytes gzipped", "answer gzipped", count),
    ("club night, polls p50 (ms)", "polls p50", ms),
    ("club night, polls p99 (ms)", "polls p99", ms),
    ("club night, unchanged polls (304) p50 (ms)", "unchanged p50", ms),
    ("club night, unchanged polls (304) p99 (ms)", "unchanged p99", ms),
    ("club night, polls bringing news (200) p99 (ms)", "sheets p99", ms),
    ("… the sheets' unchanged polls p99 (ms)", "sheet unchanged p99", ms),
    ("… the sheets' news p99 (ms)", "sheet news p99", ms),
    ("… the players' screens' unchanged polls p99 (ms)", "hand unchanged p99", ms),
    ("… the players' screens' news p99 (ms)", "hand news p99", ms),
    ("… the table's screen's unchanged polls p99 (ms)", "display unchanged p99", ms),
    ("… the table's screen's news p99 (ms)", "display news p99", ms),
    ("club night, rounds p50 (ms)", "rounds p50", ms),
    ("club night, rounds p99 (ms)", "rounds p99", ms),
    ("club night, errors", "errors", count),
    ("memory of the worker (MB)", "MB", count),
    ("start → first answer (s)", "start s", lambda value: f"{value:.2f}"),
    ("first game page after the start (ms)", "first page ms", ms),
    ("the next game's first page (ms)", "next first page ms", ms),
)


def ratio(ours: float, theirs: float) -> str:
    """`ours` over `theirs`, one decimal (two below 2)."""
    if not theirs:
        return "—"
    value = ours / theirs
    return f"{value:.2f}×" if value < 2 else f"{value:.1f}×"


def medians(runs: dict[str, list[Figures]]) -> dict[str, Figures]:
    """Each side's median of each figure over its runs."""
    return {name: {key: statistics.median(run[key] for run in side) for key in side[0]} for name, side in runs.items()}


def targets(median: dict[str, Figures]) -> list[list[str]]:
    """#45's targets, each with what was measured and whether it is met."""
    rows = []
    ours = median["referee"]
    for label, key, against, most in TARGETS:
        if against is None:
            measured = ours[key]
            shown = f"{measured:,.0f} B" if key == "answer bytes" else f"{measured:,.0f}"
            rows.append([label, shown, verdict(measured, most) if most else ("met" if measured == 0 else "not met")])
        else:
            theirs = median[against][key]
            measured = ours[key] / theirs if theirs else float("inf")
            rows.append([label, f"{ratio(ours[key], theirs)}", verdict(measured, most)])
    return rows


def order(number: int) -> tuple[tuple[str, str], ...]:
    """The sides in the order of run `number`: turned by one at each run."""
    turn = number % len(SIDES)
    return SIDES[turn:] + SIDES[:turn]


def main(argv: Sequence[str] | None = None) -> None:
    """Seed once; run the three sides in turn `--runs` times; print each run, the medians, their ratios, #45's
    targets."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="tables of the club night")
    parser.add_argument("--runs", type=int, default=1, help="runs of each side, the order turned at each run")
    parser.add_argument("--posts", type=int, default=100, help="rounds posted one after another, alone")
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of each club night")
    parser.add_argument("--phones", type=phones_option, default=PHONES,
                        help="phones polling each table's sheet, or `every` (bench.club)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    args.interval, args.round_every, args.rounds = INTERVAL, ROUND_EVERY, ROUNDS
    print(f"## referee against the stack floor and the floor\n\n{describe()}\n")
    print(
        f"{args.tables} tables × {phones(args.phones)}, a round a table a minute, {args.duration:g} s a club night; "
        f"{args.posts} rounds posted alone; {args.runs} run(s) of each side.\n"
    )
    with tempfile.TemporaryDirectory(prefix="referee-versus-") as folder:
        database = Path(folder) / "referee.sqlite"
        # A spare game for the warm-up, three for the start and the posts alone.
        tables = seed(database, args.tables + 4, ROUNDS, args.seed, links=args.phones == EVERY)
        runs: dict[str, list[Figures]] = {name: [] for name, _ in SIDES}
        for number in range(args.runs):
            for name, launch in order(number):
                figures = one_side(launch, database, tables, args)
                runs[name].append(figures)
                shown = ", ".join(f"{key} {value:.2f}" for key, value in figures.items())
                print(f"run {number + 1}, {name}: {shown}", flush=True)
    median = medians(runs)
    names = [name for name, _ in SIDES]
    rows = []
    for label, key, shown in ROWS:
        if key not in median["referee"]:
            continue
        ours, stack, bare = (median[name][key] for name in names)
        rows.append([label, shown(ours), shown(stack), shown(bare), ratio(ours, stack), ratio(ours, bare)])
    print(f"\n{table(['figure', *names, '× stack floor', '× floor'], rows)}")
    loads = "; ".join(
        f"run {number + 1}: " + ", ".join(f"{name} {runs[name][number]['load']:.2f}" for name, _ in order(number))
        for number in range(args.runs)
    )
    print(f"\nLoad average at each side's start, in the order run: {loads}.")
    print(f"\n{table(['#45 target', 'referee', 'verdict'], targets(median))}")


if __name__ == "__main__":
    main()
