"""Load on a real `referee serve`: many tables, each with its phones polling the live sheet and a scorer posting rounds.

By default 200 tables × 5 phones for 60 s: every phone polls `…/live?v=<its version>` every 5 s (304 while
nothing changed, 200 with the fresh sheet after a round, whose version it keeps), and each table's scorer posts
a round a minute from the round form (with htmx, as the page does). Each phone is a thread with its own
keep-alive connection. Then the tables are stepped up in short runs to find the highest poll rate held with a
p99 ≤ 50 ms and no error. The server is started on a free 127.0.0.1 port and killed at the end. Run it with
`python -m bench.load` (`--duration 15` for a shorter run).
"""

from __future__ import annotations

import argparse
import random
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bench import markup
from bench.figures import ms, percentile, table, verdict
from bench.machine import describe
from bench.phone import NETWORK_ERRORS, Phone, import_record
from bench.records import SEED, game_record, random_hands
from bench.server import Server, serve
from bench.tally import HEADERS, Tally, kind_of, summary

TABLES, PHONES, INTERVAL, ROUND_EVERY, DURATION, ROUNDS = 200, 5, 5.0, 60.0, 60.0, 100
STEP_DURATION, TIMEOUT = 15.0, 10.0
TARGET_P99 = 50.0
STACK = 256 * 1024  # a phone's thread needs little stack; a thousand of them fit


@dataclass
class Table:
    """One table's game: its page, its latest version known and the round form its scorer holds (None: read again)."""

    page: str
    version: str
    form: markup.RoundForm | None
    cookies: dict[str, str]  # the scorer's session, which the form's CSRF token belongs to


def set_tables(port: int, count: int, rounds: int, seed: int) -> list[Table]:
    """Import `count` games of `rounds` rounds (an evening each) and read each one's page once, as its scorer."""
    tables = []
    for number in range(count):
        phone = Phone(port, timeout=60)
        page = f"{import_record(phone, game_record(rounds, seed + number))}/games/1"
        html = phone.get(page).text()
        form, version = markup.round_form(html), markup.version_of(markup.live_url(html))
        if form is None or version is None:
            raise SystemExit(f"{page}: no round form (data-round) or no live poll on the page")
        tables.append(Table(page, version, form, dict(phone.cookies)))
        phone.close()
    return tables


class Run:
    """One timed run: its clock, its stop signal, and the tallies each thread hands in at the end."""

    def __init__(self, port: int, duration: float, timeout: float) -> None:
        self.port, self.duration, self.timeout = port, duration, timeout
        self.start = time.monotonic() + 1.0  # every thread is started before the first request leaves
        self.end = self.start + duration
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.polls, self.rounds, self.reads = Tally(), Tally(), Tally()

    def wait_until(self, moment: float) -> bool:
        """Sleep until `moment`; False when the run is over by then."""
        if moment >= self.end:
            return False
        return not self.stop.wait(max(0.0, moment - time.monotonic()))

    def hand_in(self, polls: Tally, rounds: Tally | None = None, reads: Tally | None = None) -> None:
        """Add a thread's tallies to the run's."""
        with self.lock:
            self.polls.add(polls)
            if rounds is not None:
                self.rounds.add(rounds)
            if reads is not None:
                self.reads.add(reads)


def poll(run: Run, table: Table, interval: float, rng: random.Random) -> None:
    """One phone: poll the live sheet every `interval` seconds, keeping the version of the last sheet it got."""
    phone, version, tally = Phone(run.port, timeout=run.timeout), table.version, Tally()
    headers = {"HX-Request": "true", "HX-Target": "live", "HX-Current-URL": f"http://127.0.0.1:{run.port}{table.page}"}
    due = run.start + rng.uniform(0, interval)
    while run.wait_until(due):
        tally.lags.append((time.monotonic() - due) * 1000)
        try:
            reply = phone.get(f"{table.page}/live?v={version}", headers)
        except NETWORK_ERRORS as error:
            tally.errors[kind_of(error)] += 1
        else:
            tally.statuses[reply.status] += 1
            tally.times.append(reply.ms)
            if reply.status == 200:
                version = markup.version_of(markup.live_url(reply.text())) or version
            elif reply.status != 304:
                tally.errors[f"status {reply.status}"] += 1
        due = max(due + interval, time.monotonic())
    phone.close()
    tally.connections = phone.opened
    run.hand_in(tally)


def score(run: Run, table: Table, every: float, rng: random.Random) -> None:
    """The table's scorer: a round every `every` seconds from the form it holds, a fresh form read when needed."""
    phone, form, rounds, reads = Phone(run.port, timeout=run.timeout), table.form, Tally(), Tally()
    phone.cookies = dict(table.cookies)
    due = run.start + rng.uniform(0, every)
    while run.wait_until(due):
        rounds.lags.append((time.monotonic() - due) * 1000)
        if form is None:
            form = read_form(phone, table.page, reads)
        if form is not None:
            winner = rng.choice(form.players)
            data = form.fill(winner, random_hands(rng, [p for p in form.players if p != winner]))
            headers = phone.htmx(table.page, form.target, form.hidden_value("csrf_token"))
            try:
                reply = phone.post(form.action, data, headers)
            except NETWORK_ERRORS as error:
                rounds.errors[kind_of(error)] += 1
                form = None
            else:
                rounds.statuses[reply.status] += 1
                rounds.times.append(reply.ms)
                if reply.status != 200:
                    rounds.errors[f"status {reply.status}"] += 1
                # The answer's form (its next one-time key) when it carries one, else the page is read again.
                form = markup.round_form(reply.text()) if reply.status == 200 else None
        due = max(due + every, time.monotonic())
    phone.close()
    table.form = form  # the next run's scorer goes on with it (its one-time key unused)
    run.hand_in(Tally(), rounds, reads)


def read_form(phone: Phone, page: str, reads: Tally) -> markup.RoundForm | None:
    """Read the game page (htmx partial) for a fresh round form."""
    try:
        reply = phone.get(page, {"HX-Request": "true"})
    except NETWORK_ERRORS as error:
        reads.errors[kind_of(error)] += 1
        return None
    reads.statuses[reply.status] += 1
    reads.times.append(reply.ms)
    if reply.status != 200:
        reads.errors[f"status {reply.status}"] += 1
        return None
    return markup.round_form(reply.text())


def refresh(port: int, tables: list[Table]) -> None:
    """Bring each table's version up to date (untimed), so that every phone starts on the sheet as it stands."""
    phone = Phone(port, timeout=60)
    for at in tables:
        reply = phone.get(f"{at.page}/live?v={at.version}", {"HX-Request": "true"})
        if reply.status == 200:
            at.version = markup.version_of(markup.live_url(reply.text())) or at.version
    phone.close()


def run_load(server: Server, tables: list[Table], args: argparse.Namespace, duration: float, seed: int) -> Run:
    """Run `tables` tables of `args.phones` phones for `duration` seconds; the run, with every thread's tallies."""
    refresh(server.port, tables)
    run = Run(server.port, duration, args.timeout)
    rng = random.Random(seed)
    threads = []
    for at in tables:
        for _ in range(args.phones):
            threads.append(threading.Thread(target=poll, args=(run, at, args.interval, random.Random(rng.random()))))
        threads.append(threading.Thread(target=score, args=(run, at, args.round_every, random.Random(rng.random()))))
    threading.stack_size(STACK)
    for thread in threads:
        thread.start()
    threading.stack_size(0)
    time.sleep(max(0.0, run.end - time.monotonic()))
    run.stop.set()
    for thread in threads:
        thread.join()
    return run


def describe_run(server: Server, run: Run, cpu: float) -> str:
    """The run's tables of figures, with the generator's lateness and the server's CPU."""
    rows = [summary("live polls", run.polls, run.duration), summary("rounds posted", run.rounds, run.duration)]
    if run.reads.times or run.reads.errors:
        rows.append(summary("pages read for a fresh form", run.reads, run.duration))
    lags = run.polls.lags or [0.0]
    queue, full = server.warnings("Task queue depth"), server.warnings("reached the connection limit")
    return (
        f"{table(HEADERS, rows)}\n\nThe polls left on time: p99 {ms(percentile(lags, 99))} ms late, at worst "
        f"{ms(max(lags))} ms (the load generator's own delay). The phones opened {run.polls.connections:,} "
        f"connections for {len(run.polls.times):,} polls answered. The server used {cpu:.1f} s of CPU in "
        f"{run.duration:.0f} s ({cpu / run.duration:.2f} cores). So far waitress warned {queue} times of a task "
        f"queue and {full} times that it stopped accepting connections (its connection limit)."
    )


def drain(server: Server, most: float = 180.0) -> float:
    """Wait until the server answers the home page quickly again (its queue from the last run worked off); seconds."""
    start, quick = time.monotonic(), 0
    phone = Phone(server.port, timeout=5)
    while quick < 3 and time.monotonic() - start < most:
        try:
            quick = quick + 1 if phone.get("/").ms < TARGET_P99 else 0
        except NETWORK_ERRORS:
            quick = 0
        time.sleep(0.5)
    phone.close()
    return time.monotonic() - start


def held(run: Run) -> bool:
    """The polls answered with a p99 ≤ 50 ms, and no error on polls or rounds (the rounds' p99 is shown, not judged)."""
    return (
        bool(run.polls.times)
        and run.polls.error_count + run.rounds.error_count == 0
        and percentile(run.polls.times, 99) <= TARGET_P99
    )


def steps(most: int, first: int) -> list[int]:
    """Table counts from `first` up to `most` in steps of 1, 2, 5, 10, 20, 50, …, ending at `most`.

    >>> steps(400, 1), steps(30, 5)
    ([1, 2, 5, 10, 20, 50, 100, 200, 400], [5, 10, 20, 30])
    """
    counts, scale = [], 1
    while len(counts) < 64:
        for mantissa in (1, 2, 5):
            count = mantissa * scale
            if first <= count < most:
                counts.append(count)
        scale *= 10
        if scale > most:
            break
    return [*counts, most]


def p99_target(label: str, times: list[float]) -> list[object]:
    """A target row: the p99 of `times` against 50 ms (not measured when nothing was answered)."""
    if not times:
        return [f"{label} p99 ≤ {TARGET_P99:g} ms", "none answered", "not measured"]
    p99 = percentile(times, 99)
    return [f"{label} p99 ≤ {TARGET_P99:g} ms", ms(p99), verdict(p99, TARGET_P99)]


def main(argv: Sequence[str] | None = None) -> None:
    """Run the load, then step the tables up; print the figures beside the targets."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--phones", type=int, default=PHONES, help="phones polling at each table")
    parser.add_argument("--interval", type=float, default=INTERVAL, help="seconds between a phone's polls")
    parser.add_argument("--round-every", type=float, default=ROUND_EVERY, help="seconds between a table's rounds")
    parser.add_argument("--duration", type=float, default=DURATION, help="seconds of the main run")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="rounds in each table's game at the start")
    parser.add_argument("--step-duration", type=float, default=STEP_DURATION, help="seconds of each step (0: none)")
    parser.add_argument("--step-first", type=int, default=1, help="tables in the first step")
    parser.add_argument("--step-most", type=int, default=0, help="tables in the last step (default: 2 × --tables)")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds a phone waits for an answer")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    most = args.step_most or 2 * args.tables
    needed = max(args.tables, most if args.step_duration else 0)
    rate = args.tables * args.phones / args.interval
    print(f"## Load: many tables on one `referee serve`\n\n{describe()}\n")
    print(
        f"{args.tables} tables × {args.phones} phones polling every {args.interval:g} s ({rate:.0f} polls/s offered) "
        f"and a round per table every {args.round_every:g} s, for {args.duration:g} s, on games of {args.rounds} "
        "rounds (four-player Kaluki, imported). Each phone is a thread with its own keep-alive connection "
        f"(http.client), asking for gzip; it waits {args.timeout:g} s at most for an answer. Times in ms, from "
        "sending the request to the answer's last byte.\n"
    )
    with serve() as server:
        started = time.monotonic()
        tables = set_tables(server.port, needed, args.rounds, args.seed)
        print(f"(Set-up: {needed} games imported and read in {time.monotonic() - started:.0f} s.)\n")
        cpu = server.cpu_seconds()
        run = run_load(server, tables[: args.tables], args, args.duration, args.seed)
        print(describe_run(server, run, server.cpu_seconds() - cpu))
        logged = server.exceptions()
        if logged:
            print("\nThe server logged these exceptions (the last line of each traceback):\n")
            print(table(["exception", "times"], [[text.replace("|", "/"), n] for text, n in logged.most_common()]))
        errors = run.polls.error_count + run.rounds.error_count
        targets = [
            p99_target(f"{args.tables} tables: live polls", run.polls.times),
            p99_target(f"{args.tables} tables: rounds", run.rounds.times),
            [f"{args.tables} tables: no error", errors, "met" if errors == 0 else "missed"],
        ]
        if args.step_duration:
            print(
                f"\n### Stepping up: {args.step_duration:g} s a step, until the polls' p99 > {TARGET_P99:g} ms "
                "or an error\n"
            )
            rows, best = [], None
            for count in steps(most, min(args.step_first, most)):
                waited = drain(server)
                if waited > 5:
                    print(f"(The server took {waited:.0f} s to work off the previous run's queue.)\n")
                cpu = server.cpu_seconds()
                step = run_load(server, tables[:count], args, args.step_duration, args.seed + count)
                used = (server.cpu_seconds() - cpu) / args.step_duration
                ok = held(step)
                p99 = ms(percentile(step.polls.times, 99)) if step.polls.times else "—"
                rp99 = ms(percentile(step.rounds.times, 99)) if step.rounds.times else "—"
                answered = len(step.polls.times) / args.step_duration
                errors_seen = step.polls.error_count + step.rounds.error_count
                offered = count * args.phones / args.interval
                rows.append([count, count * args.phones, f"{offered:.0f}", f"{answered:.1f}", p99, rp99, errors_seen,
                             f"{used:.2f}", "held" if ok else "not held"])  # fmt: skip
                if not ok:
                    break
                best = (count, answered)
            headers = ["tables", "phones", "polls/s offered", "answered", "polls p99", "rounds p99", "errors",
                       "server cores", "verdict"]  # fmt: skip
            print(table(headers, rows))
            found = f"{best[1]:.0f} polls/s ({best[0]} tables)" if best else "none held"
            targets.append(["highest poll rate held (polls' p99 ≤ 50 ms, no error)", found, "—"])
    print(f"\nTargets:\n\n{table(['target', 'measured', 'verdict'], targets)}")


if __name__ == "__main__":
    main()
