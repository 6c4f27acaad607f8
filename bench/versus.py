"""referee against the floor (`bench.floor`), alternating, on copies of one database: `python -m bench.versus`.

Each figure is measured on referee and on the floor in turn (referee, floor, referee, floor… `--runs` times each),
each run on a fresh copy of the same seeded database, with the load average beside it; the ratio is referee's
median over the floor's. The figures (#36, BENCHMARKS.md, *Against the floor*):

- a round post alone: `--posts` rounds posted one after another on an idle server, from the round form each answer
  carries, p50 and p99;
- a club night: `--tables` tables × 5 phones on one process (`bench.club`'s load), polls and rounds p50 and p99,
  errors, and the worker's resident memory; the polls also apart, the unchanged ones (304, #36's target) and those
  that bring a round's new sheet (200: about one in a hundred, the first poll of each phone after a round);
- a start: from the command to the first answer, then the first page of a game and the first page of the next one.

A benchmark never shares the cores with a mutation run or a test run: run it on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.club import DURATION, INTERVAL, PHONES, ROUND_EVERY, ROUNDS, Table, a_round, load, round_form_in, seed
from bench.figures import ms, percentile, table
from bench.floor import FLOOR
from bench.machine import describe
from bench.records import SEED
from bench.server import LAUNCH, Server, serve
from bench.wire import AsyncPhone

Figures = dict[str, float]
SIDES = (("referee", LAUNCH), ("floor", FLOOR))


async def posts_alone(port: int, at: Table, count: int) -> list[float]:
    """`count` rounds posted one after another on one connection, each from the form the last answer carried."""
    phone, rng, times = AsyncPhone(port, timeout=30), random.Random(SEED), []
    page = await phone.get(at.page, {"HX-Request": "true"})
    form = round_form_in(page.text())
    for _ in range(count):
        if form is None:
            form = round_form_in((await phone.get(at.page, {"HX-Request": "true"})).text())
            if form is None:
                break
        answer = await phone.post(form.action, *a_round(form, rng))
        times.append(answer.ms if answer.status == 200 else float("inf"))
        form = round_form_in(answer.text()) if answer.status == 200 else None
    await phone.close()
    return times


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
            alone = asyncio.run(posts_alone(server.port, tables[2], args.posts))
            figures["post p50"], figures["post p99"] = percentile(alone, 50), percentile(alone, 99)
            figures |= club(server, tables[3:], args)
    return figures


def club(server: Server, tables: list[Table], args: argparse.Namespace) -> Figures:
    """The club night's load on `server`: polls and rounds p50 and p99, errors, the worker's memory."""
    run = asyncio.run(load(server, tables, args, args.seed))
    memory = sorted(server.resident_mb().values())
    errors = sum(run.polls.errors.values()) + sum(run.rounds.errors.values())
    unchanged, sheets = run.polls.by_status.get(304) or [0.0], run.polls.by_status.get(200) or [0.0]
    return {
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


ROWS: tuple[tuple[str, str, Callable[[float], str]], ...] = (
    ("a round post alone, p50 (ms)", "post p50", ms),
    ("a round post alone, p99 (ms)", "post p99", ms),
    ("club night, polls p50 (ms)", "polls p50", ms),
    ("club night, polls p99 (ms)", "polls p99", ms),
    ("club night, unchanged polls (304) p50 (ms)", "unchanged p50", ms),
    ("club night, unchanged polls (304) p99 (ms)", "unchanged p99", ms),
    ("club night, polls after a round (200) p99 (ms)", "sheets p99", ms),
    ("club night, rounds p50 (ms)", "rounds p50", ms),
    ("club night, rounds p99 (ms)", "rounds p99", ms),
    ("club night, errors", "errors", lambda value: f"{value:.0f}"),
    ("memory of the worker (MB)", "MB", lambda value: f"{value:.0f}"),
    ("start → first answer (s)", "start s", lambda value: f"{value:.2f}"),
    ("first game page after the start (ms)", "first page ms", ms),
    ("the next game's first page (ms)", "next first page ms", ms),
)


def main(argv: Sequence[str] | None = None) -> None:
    """Seed once; run referee and the floor in turn `--runs` times each; print each run and the medians' ratios."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500, help="tables of the club night")
    parser.add_argument("--runs", type=int, default=2, help="runs of each side, alternating")
    parser.add_argument("--posts", type=int, default=300, help="rounds posted one after another, alone")
    parser.add_argument("--duration", type=float, default=DURATION, help="seconds of each club night")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    args.phones, args.interval, args.round_every, args.rounds = PHONES, INTERVAL, ROUND_EVERY, ROUNDS
    print(f"## referee against the floor\n\n{describe()}\n")
    with tempfile.TemporaryDirectory(prefix="referee-versus-") as folder:
        database = Path(folder) / "referee.sqlite"
        tables = seed(database, args.tables + 4, ROUNDS, args.seed)  # a spare game for the warm-up, three for alone
        runs: dict[str, list[Figures]] = {name: [] for name, _ in SIDES}
        for number in range(args.runs):
            for name, launch in SIDES if number % 2 == 0 else SIDES[::-1]:
                figures = one_side(launch, database, tables, args)
                runs[name].append(figures)
                print(f"run {number + 1}, {name}: " + ", ".join(f"{key} {value:.2f}" for key, value in figures.items()))
    rows = []
    for label, key, shown in ROWS:
        ours = statistics.median(run[key] for run in runs["referee"])
        floor = statistics.median(run[key] for run in runs["floor"])
        ratio = f"{ours / floor:.1f}" if floor else "–"
        rows.append([label, shown(ours), shown(floor), ratio])
    loads = ", ".join(f"{run['load']:.2f}" for name in runs for run in runs[name])
    print(f"\n{table(['figure', 'referee', 'floor', 'ratio'], rows)}\n\nLoad average at each run's start: {loads}.")


if __name__ == "__main__":
    main()
