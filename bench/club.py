"""A club night on a real `referee serve`: 200, 500 and 1,000 tables × 5 phones, in one process and in two.

Each table's game (four-player Kaluki, 40 rounds at the start) is written to the database before the server
starts, so the set-up costs the server nothing. Then, for `--duration` seconds, each phone keeps one connection
and polls `…/live?v=<its version>` every 4 s (304 while nothing changed; after a round, 200 with the fresh sheet,
whose version it keeps), and each table's scorer posts a round a minute from its round form with htmx, as the
page does (each scorer's page is read once before the run, as the scorer opened it earlier in the evening; a
refused round makes it read the page again). Every phone and scorer is a coroutine on one asyncio loop
(`bench.wire`), so the load generator is one process whose own CPU is reported beside the server's; the CPU is
counted from the run's start to its end. At the end the resident memory of each server process is read from /proc.

`--phones every` (#45) sets each table as a club plays it with every phone out: the scorer (posting, and its page
polling the sheet, which its own round's answer brings up to date), the four players' own screens polling
`/e/<player's key>/hand/live?v=…&at=…`, a viewer polling the sheet on the viewer's link and the table's screen
polling `/e/<screen's key>/display/live?v=…&at=…`, each 304 while its version holds; each screen is read once before
the run (as it was opened earlier in the evening), and every poll follows the URL its last answer gave.

`python -m bench.club` runs 200, 500 and 1,000 tables on `--workers 1`, then 1,000 on `--workers 2`, then the cold
start: a server restarted on 500 games answers the first poll of each (304) and the first page of each, twice: on
games that were never opened (so without snapshots, as an import leaves them: each first page replays its game), then
on the same games as a server leaves them (each opened once through the app's services, which keeps its snapshot).
`--gc` logs the server's full garbage collections and prints their count and pauses.
`--tables 500 --workers 1` runs one load only. The targets: polls and rounds p99 ≤ 50 ms at 500 tables on one
process, 1,000 tables held on the machine's processes, resident memory ≤ 300 MB a process at 1,000 tables.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import shlex
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from html import unescape
from pathlib import Path

from bench import markup
from bench.figures import ms, percentile, table, verdict
from bench.machine import describe
from bench.records import SEED, evening_record, game_record, random_hands
from bench.server import Server, serve
from bench.tally import HEADERS, Tally, kind_of, of_status, summary
from bench.wire import AsyncPhone

PHONES, INTERVAL, ROUND_EVERY, DURATION, ROUNDS, TIMEOUT = 5, 4.0, 60.0, 60.0, 40, 10.0
EVERY = "every"  # `--phones every`: the scorer's page, four players' screens, a viewer and the table's screen
RUNS = ((200, 1), (500, 1), (1000, 1), (1000, 2))  # (tables, processes)
COLD_GAMES = 500
QUIET_POLLS = 1000  # polls answered 304 one after another, on a server with nothing else to do
TARGET_P99, TARGET_MB = 50.0, 300.0
NETWORK = (OSError, asyncio.TimeoutError, asyncio.IncompleteReadError, ValueError)
WARM_UP = 8  # connections that each read, poll and post once before a run: every process has its templates compiled
# The generator reads only what it needs of an answer: the poll's version, and the round form alone (an HTML parse
# of a whole sheet costs the generator several milliseconds, thousands of times a minute).
POLL = re.compile(r'hx-get="([^"]*/live\?[^"]*)"')
ROUND_FORM = re.compile(r"<form\b[^>]*\bdata-round\b.*?</form>", re.DOTALL)
# What htmx sends with each kind of poll: the element it swaps and the element polling (the sheet, a player's own
# screen, the table's screen).
POLLED = {"sheet": ("live", "poll"), "hand": ("seat-poll", "seat-poll"), "display": ("display", "display-poll")}


def poll_in(html: str) -> str | None:
    """The URL the live poll of a page or fragment asks next (its version in it)."""
    found = POLL.search(html)
    return unescape(found.group(1)) if found else None


def phones_option(text: str) -> int | str:
    """`--phones`: how many phones poll each table's sheet, or `every` (every phone of the table, #45)."""
    return EVERY if text == EVERY else int(text)


def phones(chosen: int | str) -> str:
    """The phones of a table, in words."""
    if chosen == EVERY:
        return "7 phones (the scorer's page, 4 players' own screens, a viewer, the table's screen)"
    return f"{chosen} phones"


def round_form_in(html: str) -> markup.RoundForm | None:
    """The round form of a page or fragment, read from its own markup only."""
    found = ROUND_FORM.search(html)
    return markup.round_form(found.group(0)) if found else None


@dataclass
class Table:
    """One table's game: its page and the version its phones start from; the game's page on the viewer's link, each
    player's own screen and the table's screen (`--phones every`)."""

    page: str
    version: str
    viewer: str = ""
    hands: tuple[str, ...] = ()
    display: str = ""


@dataclass
class Watch:
    """A poll's URL, as the page shows it now: moved on by each answer that brings a new one."""

    url: str
    kind: str = "sheet"


def seed(path: Path, tables: int, rounds: int, first: int, *, links: bool = False) -> list[Table]:
    """Write `tables` evenings of one game of `rounds` rounds each into the database at `path` (made if new); with
    `links`, each player's own link too (`--phones every`)."""
    from referee.services.database import unit_of_work
    from referee.storage.db import connect
    from referee.storage.own_hands import links_of, make_links
    from referee.storage.transfer import read_record, store_record

    db = connect(path)
    found = []
    for number in range(tables):  # as /import stores a record, without looking for the same evening among the others
        record = read_record(evening_record([game_record(rounds, first + number)]))
        with unit_of_work(db):
            evening = store_record(db, record)
            if links:  # as the scorer's list of the links makes them
                make_links(db, evening.id, evening.players)
        version, viewer, display = db.execute(
            "SELECT g.version, e.viewer_key, e.display_key FROM games AS g JOIN evenings AS e ON e.id = g.evening_id "
            "WHERE e.id = ?",
            [evening.id],
        ).fetchone()
        hands = tuple(f"/e/{link.key}/hand" for link in links_of(db, evening.id).values())
        found.append(Table(f"/e/{evening.scorer_key}/games/1", str(version), f"/e/{viewer}/games/1", hands,
                           f"/e/{display}/display"))  # fmt: skip
    db.close()
    return found


class Run:
    """One timed run: its clock and the tallies of the polls, the rounds and the pages read for a form."""

    def __init__(self, duration: float) -> None:
        self.start = time.monotonic() + 2.0  # every coroutine is started before the first request leaves
        self.end = self.start + duration
        self.duration = duration
        self.polls, self.rounds, self.reads = Tally(), Tally(), Tally()
        self.kinds = {kind: Tally() for kind in POLLED}  # the polls again, by what they poll
        self.server_cpu = self.generator_cpu = 0.0  # CPU seconds used from the start to the end of the run

    async def clock(self, server: Server) -> None:
        """Read the server's and the generator's CPU time at the start and at the end of the run."""
        await asyncio.sleep(max(0.0, self.start - time.monotonic()))
        server_cpu, generator_cpu = server.cpu_seconds(), own_cpu()
        await asyncio.sleep(max(0.0, self.end - time.monotonic()))
        self.server_cpu, self.generator_cpu = server.cpu_seconds() - server_cpu, own_cpu() - generator_cpu

    async def until(self, moment: float) -> bool:
        """Sleep until `moment`; False when the run is over by then."""
        if moment >= self.end:
            return False
        await asyncio.sleep(max(0.0, moment - time.monotonic()))
        return True


def record(tally: Tally, answer_status: int, took: float, expected: Sequence[int]) -> None:
    """Count one answer."""
    tally.statuses[answer_status] += 1
    tally.times.append(took)
    tally.by_status.setdefault(answer_status, []).append(took)
    if answer_status not in expected:
        tally.errors[f"status {answer_status}"] += 1


async def poll(run: Run, port: int, watch: Watch, rng: random.Random, interval: float) -> None:
    """One phone: poll `watch` every `interval` s on one kept connection, following the URL each answer gives."""
    phone, kind = AsyncPhone(port, timeout=TIMEOUT), run.kinds[watch.kind]
    target, trigger = POLLED[watch.kind]
    headers = {"HX-Request": "true", "HX-Target": target, "HX-Trigger": trigger}
    due = run.start + rng.uniform(0, interval)
    while await run.until(due):
        run.polls.lags.append((time.monotonic() - due) * 1000)
        try:
            answer = await phone.get(watch.url, headers)
        except NETWORK as error:
            run.polls.errors[kind_of(error)] += 1
            kind.errors[kind_of(error)] += 1
            await phone.close()
        else:
            record(run.polls, answer.status, answer.ms, (200, 304))
            record(kind, answer.status, answer.ms, (200, 304))
            if answer.status == 200:
                watch.url = poll_in(answer.text()) or watch.url
        due = max(due + interval, time.monotonic())
    run.polls.connections += phone.opened
    await phone.close()


async def screen(port: int, path: str, kind: str, gate: asyncio.Semaphore) -> Watch:
    """A player's own screen or the table's screen, read once (as it was opened earlier): its poll."""
    phone = AsyncPhone(port, timeout=60)
    async with gate:
        page = await phone.get(path, {"HX-Request": "true"})
    await phone.close()
    url = poll_in(page.text()) if page.status == 200 else None
    if url is None:
        raise SystemExit(f"{path} answered {page.status} without a poll")
    return Watch(url, kind)


async def opened(port: int, at: Table, gate: asyncio.Semaphore) -> tuple[AsyncPhone, markup.RoundForm | None]:
    """The scorer's phone with the game's page open (read before the run, as the scorer opened it earlier)."""
    phone = AsyncPhone(port, timeout=60)
    async with gate:
        page = await phone.get(at.page, {"HX-Request": "true"})
    return phone, round_form_in(page.text()) if page.status == 200 else None


async def score(run: Run, scorer: tuple[AsyncPhone, markup.RoundForm | None], at: Table, rng: random.Random,
                every: float, own: Watch | None = None) -> None:  # fmt: skip
    """The table's scorer: a round every `every` s, from the form the last answer carried (or the page read again);
    `own`, the poll of the scorer's page, follows each answer's."""
    (phone, form), due = scorer, run.start + rng.uniform(0, every)
    phone.timeout = TIMEOUT
    while await run.until(due):
        try:
            if form is None:
                page = await phone.get(at.page, {"HX-Request": "true"})
                record(run.reads, page.status, page.ms, (200,))
                form = round_form_in(page.text())
            if form is not None:
                answer = await phone.post(form.action, *a_round(form, rng))
                record(run.rounds, answer.status, answer.ms, (200,))
                form = round_form_in(answer.text()) if answer.status == 200 else None
                if own is not None and answer.status == 200:
                    own.url = poll_in(answer.text()) or own.url
        except NETWORK as error:
            run.rounds.errors[kind_of(error)] += 1
            form = None
            await phone.close()
        due = max(due + every, time.monotonic())
    await phone.close()


def a_round(form: markup.RoundForm, rng: random.Random) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """A random round on `form`, as its page would send it with htmx: the fields, and the headers."""
    winner = rng.choice(form.players)
    data = form.fill(winner, random_hands(rng, [p for p in form.players if p != winner]))
    headers = {"HX-Request": "true", "X-CSRFToken": form.hidden_value("csrf_token") or ""}
    if form.target:
        headers["HX-Target"] = form.target
    return data, headers


def own_cpu() -> float:
    """CPU seconds this process (the load generator) has used."""
    times = os.times()
    return times.user + times.system


async def warm(port: int, spare: Table, every: bool = False) -> None:
    """Read, poll and post once on `WARM_UP` connections (the kernel spreads them over the processes), on a game no
    phone of the run plays: a fresh process compiles its templates on first use, which a club night pays once. With
    `every`, the players' and the table's screens too."""

    async def once(rng: random.Random) -> None:
        phone = AsyncPhone(port, timeout=60)
        await phone.get("/")
        page = await phone.get(spare.page, {"HX-Request": "true"})
        await phone.get(spare.page)
        await phone.get(f"{spare.page}/live?v=0", {"HX-Request": "true"})
        for path in [spare.hands[0], spare.display] if every else []:
            await phone.get(path, {"HX-Request": "true"})
            await phone.get(f"{path}/live?v=0&at=", {"HX-Request": "true"})
        form = round_form_in(page.text())
        if form is not None:
            await phone.post(form.action, *a_round(form, rng))
        await phone.close()

    await asyncio.gather(*(once(random.Random(n)) for n in range(WARM_UP)))


async def load(server: Server, tables: list[Table], args: argparse.Namespace, seed_: int) -> Run:
    """Run the phones and scorers of `tables` for `args.duration` seconds (after a warm-up on the spare game, and
    each scorer's page read, untimed)."""
    *tables, spare = tables
    every = args.phones == EVERY
    await warm(server.port, spare, every)
    gate = asyncio.Semaphore(WARM_UP)
    scorers = await asyncio.gather(*(opened(server.port, at, gate) for at in tables))
    screens: list[list[Watch]] = [[] for _ in tables]
    if every:  # each player's screen and the table's, opened earlier in the evening
        screens = await asyncio.gather(*(_opened_screens(server.port, at, gate) for at in tables))
    run, rng = Run(args.duration), random.Random(seed_)
    tasks = []
    for at, scorer, others in zip(tables, scorers, screens, strict=True):
        # With every phone, the scorer's own page polls too, and its round's answer moves its poll on.
        own = Watch(f"{at.page}/live?v={at.version}") if every else None
        sheets = [Watch(f"{at.page}/live?v={at.version}") for _ in range(args.phones)] if own is None else [own]
        sheets += [Watch(f"{at.viewer}/live?v={at.version}")] if every else []
        for watch in [*sheets, *others]:
            tasks.append(poll(run, server.port, watch, random.Random(rng.random()), args.interval))
        tasks.append(score(run, scorer, at, random.Random(rng.random()), args.round_every, own))
    await asyncio.gather(run.clock(server), *tasks)
    return run


async def _opened_screens(port: int, at: Table, gate: asyncio.Semaphore) -> list[Watch]:
    """The polls of a table's screens besides its sheets: each player's own, and the table's."""
    kinds = [*((path, "hand") for path in at.hands), (at.display, "display")]
    return list(await asyncio.gather(*(screen(port, path, kind, gate) for path, kind in kinds)))


def one_run(database: Path, tables: list[Table], workers: int, args: argparse.Namespace) -> list[object]:
    """Serve a copy of `database` with `workers` processes, run the load of `tables`, print its figures; a row."""
    with serve(["--workers", str(workers), *shlex.split(args.serve)], database=database) as server:
        load_before = os.getloadavg()[0]
        run = asyncio.run(load(server, tables, args, args.seed))
        used, generator = run.server_cpu, run.generator_cpu
        memory = server.resident_mb()
        logged = server.exceptions()
        pauses = server.full_collections()
    span = run.duration
    print(f"\n### {len(tables) - 1:,} tables × {phones(args.phones)}, {workers} process{'es' if workers > 1 else ''}\n")
    rows = [
        summary("live polls", run.polls, run.duration),
        summary("… answered 304", of_status(run.polls, 304), run.duration),
        summary("… answered 200", of_status(run.polls, 200), run.duration),
        summary("rounds posted", run.rounds, run.duration),
    ]
    if run.reads.times or run.reads.errors:
        rows.append(summary("pages read for the form", run.reads, run.duration))
    print(table(HEADERS, rows))
    lags = run.polls.lags or [0.0]
    workers_mb = sorted(memory.values())[-workers:] if memory else [0.0]
    print(
        f"\nThe server used {used / span:.2f} cores, the load generator {generator / span:.2f} (one process, "
        f"asyncio); load average {load_before:.2f} at the start, {os.getloadavg()[0]:.2f} at the end. The polls left "
        f"p99 {ms(percentile(lags, 99))} ms late (the generator's own delay). {run.polls.connections:,} connections "
        f"for {len(run.polls.times):,} polls. Resident memory: "
        + ", ".join(f"{mb:.0f} MB" for mb in sorted(memory.values()))
        + " (the parent, then each worker)."
    )
    if pauses:
        print(
            f"\nFull garbage collections (with --gc; the warm-up's included): {len(pauses)}, "
            f"{ms(percentile(pauses, 50))} ms p50, {ms(max(pauses))} ms at most."
        )
    if logged:
        print("\nExceptions the server logged: " + "; ".join(f"{n} × {text}" for text, n in logged.most_common()))
    errors = run.polls.error_count + run.rounds.error_count + run.reads.error_count
    p99s = [percentile(t.times, 99) if t.times else float("inf") for t in (run.polls, run.rounds)]
    held = errors == 0 and max(p99s) <= TARGET_P99
    return [len(tables) - 1, workers, ms(p99s[0]), ms(p99s[1]), errors, f"{used / span:.2f}", f"{generator / span:.2f}",
            f"{max(workers_mb):.0f}", "held" if held else "not held"]  # fmt: skip


async def first_requests(port: int, tables: list[Table]) -> tuple[list[float], list[float], float]:
    """Each game's first poll (304) then first page, one phone after another: the times, and the whole span."""
    phone, polls, pages = AsyncPhone(port, timeout=60), [], []
    start = time.perf_counter()
    for at in tables:
        answer = await phone.get(f"{at.page}/live?v={at.version}", {"HX-Request": "true"})
        polls.append(answer.ms if answer.status == 304 else float("inf"))
    for at in tables:
        answer = await phone.get(at.page)
        pages.append(answer.ms if answer.status == 200 else float("inf"))
    span = (time.perf_counter() - start) * 1000
    await phone.close()
    return polls, pages, span


async def quiet_polls(port: int, at: Table, count: int) -> list[float]:
    """`count` polls of one game answered 304, one after another on one kept connection: their times."""
    phone, times = AsyncPhone(port, timeout=10), []
    for _ in range(count):
        answer = await phone.get(f"{at.page}/live?v={at.version}", {"HX-Request": "true", "HX-Target": "live"})
        times.append(answer.ms if answer.status == 304 else float("inf"))
    await phone.close()
    return times


def served_before(database: Path, count: int) -> None:
    """Open the first `count` games of the database once through the app's services, as the server that served them
    last did: each game's snapshot is written, as a game opened or played on a server keeps one."""
    from referee.services.games import open_book
    from referee.storage.db import connect
    from referee.storage.games import games_of

    db = connect(database)
    evenings = [row[0] for row in db.execute("SELECT evening_id FROM games ORDER BY id LIMIT ?", [count])]
    for evening in evenings:
        for game in games_of(db, evening):
            open_book(db, game)
    db.close()


def cold_starts(folder: Path, database: Path, tables: list[Table]) -> None:
    """The cold start twice, on copies of `database`: its games without snapshots (each replayed at its first
    page), then the same games as a server leaves them (each with its snapshot)."""
    plain, kept = folder / "without-snapshots.sqlite", folder / "with-snapshots.sqlite"
    shutil.copyfile(database, plain)
    shutil.copyfile(database, kept)
    served_before(kept, len(tables))
    cold_start(plain, tables, "without snapshots (each game replayed at its first page)")
    cold_start(kept, tables, "with their snapshots (as a server leaves them)")


def cold_start(database: Path, tables: list[Table], label: str = "") -> None:
    """A server restarted on `tables` games: how soon it answers, then each game's first poll and first page."""
    print(f"\n### Cold start: {len(tables)} games, a server started on them{', ' + label if label else ''}\n")
    started = time.monotonic()
    with serve(database=database) as server:
        ready = time.monotonic() - started
        polls, pages, span = asyncio.run(first_requests(server.port, tables))
        quiet = asyncio.run(quiet_polls(server.port, tables[0], QUIET_POLLS))
    rows = [["first poll of each game (304)", len(polls), ms(percentile(polls, 50)), ms(percentile(polls, 99)),
             ms(max(polls))],
            ["first page of each game (200)", len(pages), ms(percentile(pages, 50)),
             ms(percentile(pages, 99)), ms(max(pages))],
            ["then a poll answered 304, one after another", len(quiet), ms(percentile(quiet, 50)),
             ms(percentile(quiet, 99)), ms(max(quiet))]]  # fmt: skip
    print(table(["request", "n", "p50", "p99", "max"], rows))
    print(
        f"\nFrom the command to the first page answered: {ready:.1f} s (the start of Python, Flask, granian and its "
        f"worker, migrations checked). Then every game's first poll and page, one after another: {span / 1000:.1f} s."
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Seed the games once, run each load on a copy, then the cold start; print the figures and targets."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=0, help="one run of this many tables (default: every run)")
    parser.add_argument("--workers", type=int, default=1, help="processes for --tables")
    parser.add_argument("--phones", type=phones_option, default=PHONES,
                        help="phones polling each table's sheet, or `every` (the scorer's page, four players' own "
                        "screens, a viewer and the table's screen)")  # fmt: skip
    parser.add_argument("--interval", type=float, default=INTERVAL, help="seconds between a phone's polls")
    parser.add_argument("--round-every", type=float, default=ROUND_EVERY, help="seconds between a table's rounds")
    parser.add_argument("--duration", type=float, default=DURATION, help="seconds of each run")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds in each game at the start")
    parser.add_argument("--no-cold", action="store_true", help="leave out the cold start")
    parser.add_argument("--serve", default="", help="more options for `referee serve`, quoted ('--threads 4')")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--gc", action="store_true", help="log and count the server's full garbage collections")
    args = parser.parse_args(argv)
    if args.gc:
        os.environ["REFEREE_BENCH_GC"] = "1"
    runs = [(args.tables, args.workers)] if args.tables else list(RUNS)
    most = max([count for count, _ in runs] + ([COLD_GAMES] if not args.no_cold else []))
    print(f"## A club night on `referee serve`\n\n{describe()}\n")
    print(
        f"Each table: {phones(args.phones)} polling every {args.interval:g} s on a kept connection, a round posted "
        f"every {args.round_every:g} s, for {args.duration:g} s; games of {args.rounds} rounds at the start "
        "(four-player Kaluki). Times in ms, from sending the request to the answer's last byte."
    )
    with tempfile.TemporaryDirectory(prefix="referee-club-") as folder:
        database = Path(folder) / "referee.sqlite"
        started = time.monotonic()
        tables = seed(database, most + 1, args.rounds, args.seed, links=args.phones == EVERY)  # and a spare game
        print(f"\n(Set-up: {most:,} games written in {time.monotonic() - started:.0f} s, before any server starts.)")
        rows = [one_run(database, [*tables[:count], tables[-1]], workers, args) for count, workers in runs]
        if not args.no_cold:
            cold_starts(Path(folder), database, tables[:COLD_GAMES])
    headers = ["tables", "processes", "polls p99", "rounds p99", "errors", "server cores", "generator cores",
               "MB / worker", "verdict (p99 ≤ 50 ms, no error)"]  # fmt: skip
    print(f"\n### Summary\n\n{table(headers, rows)}")
    targets = []
    for row in rows:
        if row[0] == 500 and row[1] == 1:
            targets.append(["500 tables, one process: polls and rounds p99 ≤ 50 ms", f"{row[2]} / {row[3]} ms", row[8]])
        if row[0] == 1000:
            targets.append([f"1,000 tables on {row[1]} process(es): held", f"{row[2]} / {row[3]} ms", row[8]])
            targets.append([f"1,000 tables on {row[1]}: memory ≤ {TARGET_MB:g} MB a process", f"{row[7]} MB",
                            verdict(float(str(row[7])), TARGET_MB)])  # fmt: skip
    if targets:
        print(f"\n{table(['target', 'measured', 'verdict'], targets)}")


if __name__ == "__main__":
    main()
