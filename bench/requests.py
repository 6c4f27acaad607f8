"""What one request costs over real HTTP: SQL statements (counted with SQLite's trace callback) and time.

The app is served in this process by waitress on 8 threads (as many as `referee serve` gives each process; the
server itself is granian's there, measured by `bench.club` and `bench.serving`), `create_app` with production
settings (CSRF on, not TESTING), on a free 127.0.0.1 port and a temporary database, so that every
connection the app opens can be traced: `sqlite3.connect` (the function sqlite-utils' `Database` opens its
connection with) is wrapped before the app starts, and each new connection gets `set_trace_callback`. Every
callback counts: the app's statements, sqlite-utils' own (`PRAGMA recursive_triggers=on;`) and those the
sqlite3 module issues itself (`BEGIN`, `COMMIT`). Nothing in the app is changed.

A phone (one keep-alive HTTP/1.1 connection with its own cookies) makes an evening and a four-player Kaluki
game through the real forms (the house rule "eliminated at: none", so the game keeps four players), then:
- posts rounds as htmx does (the one-time key, `seen` and the CSRF token taken from the fresh form each answer
  carries; `HX-Request`, `HX-Current-URL`, `HX-Target`, `X-CSRFToken`),
- polls `…/live?v=<version>` with the version the last answer gave (answered 304), as the poll element does,
- reads the game page (full and htmx partial).
Times: "app" is the WSGI call (Flask, up to its body), "round trip" is what the phone waited over loopback.
Run it from the project's folder: `python -m bench.requests` (`--rounds 50 --polls 300`).
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import sqlite3
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from html.parser import HTMLParser
from pathlib import Path
from statistics import mean, median
from typing import Any

if not __package__:  # run as a file: the project's folder on the path, never bench/ (it would shadow `requests`)
    sys.path[0] = str(Path(__file__).absolute().parent.parent)

from bench import markup
from bench.figures import ms, percentile, table, verdict
from bench.machine import describe
from bench.phone import HOST, Phone, Reply
from bench.records import random_hands

PLAYERS = ("Ana", "Bruno", "Chloé", "Dmitri")
ROUNDS, POLLS, WARM_UP, SEED = 50, 300, 3, 20250601
TARGET_POST, TARGET_304 = 8, 2  # SQL statements (issue #21)
SQL_WIDTH = 150  # characters of a statement shown in the listings


# --- counting SQL ---------------------------------------------------------------------------------------------


@dataclass
class Tally:
    """Every statement any traced connection ran since the last `take`, in order, and the connections opened."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    statements: list[str] = field(default_factory=list)
    connections: int = 0

    def traced(self, sql: str) -> None:
        """The trace callback: one statement run."""
        with self.lock:
            self.statements.append(sql)

    def opened(self, connection: sqlite3.Connection) -> None:
        """A new connection: counted, and traced from its first statement on."""
        with self.lock:
            self.connections += 1
        connection.set_trace_callback(self.traced)

    def take(self) -> tuple[list[str], int]:
        """The statements and connections since the last take; the count starts again."""
        with self.lock:
            found, opened = self.statements, self.connections
            self.statements, self.connections = [], 0
        return found, opened


TALLY = Tally()


def trace_every_connection() -> None:
    """Wrap `connect` of the sqlite3 module(s) sqlite-utils uses, so each new connection is traced into TALLY."""
    import sqlite_utils.db

    modules: dict[int, Any] = {id(m): m for m in (sqlite3, getattr(sqlite_utils.db, "sqlite3", sqlite3))}
    for module in modules.values():
        original = module.connect
        if getattr(original, "traced", False):
            continue

        def connect(*args: Any, _original: Callable[..., sqlite3.Connection] = original, **kwargs: Any) -> Any:
            connection = _original(*args, **kwargs)
            TALLY.opened(connection)
            return connection

        connect.traced = True  # type: ignore[attr-defined]
        module.connect = connect


# --- the server -------------------------------------------------------------------------------------------------


class AppClock:
    """WSGI middleware: how long the app took for the last request (Flask builds the whole body before returning)."""

    def __init__(self, app: Any) -> None:
        self.app, self.last = app, 0.0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        """Call the app, timed."""
        start = time.perf_counter_ns()
        try:
            return self.app(environ, start_response)
        finally:
            self.last = (time.perf_counter_ns() - start) / 1e6


@contextmanager
def serving() -> Iterator[tuple[int, AppClock]]:
    """The app on a temporary database, served by waitress on 8 threads, in a background thread."""
    import waitress
    from waitress import wasyncore

    from referee import create_app

    trace_every_connection()
    with tempfile.TemporaryDirectory(prefix="referee-requests-") as folder:
        app = create_app({"DATABASE": str(Path(folder) / "referee.sqlite"), "SECRET_KEY": "bench"})
        clock = AppClock(app.wsgi_app)
        app.wsgi_app = clock  # type: ignore[method-assign]
        server: Any = waitress.create_server(app, host=HOST, port=0, threads=8, ident="referee")
        stop = threading.Event()

        def loop() -> None:  # server.run(), one pass at a time, so that it can be stopped cleanly
            while not stop.is_set():
                wasyncore.loop(timeout=0.05, map=server._map, use_poll=server.adj.asyncore_use_poll, count=1)

        thread = threading.Thread(target=loop, name="waitress", daemon=True)
        thread.start()
        try:
            yield int(server.effective_port), clock
        finally:
            stop.set()
            thread.join(5)
            server.task_dispatcher.shutdown()
            server.close()


# --- reading forms ------------------------------------------------------------------------------------------------


class _Forms(HTMLParser):
    """Every form of a page, each as what a browser would send untouched: (action, [(name, value)], attrs)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[tuple[dict[str, str], list[tuple[str, str]]]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []
        self.textarea: str | None = None
        self.text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.forms.append((values, []))
        elif not self.forms:
            return
        fields = self.forms[-1][1]
        kind = values.get("type", "text").lower()
        if tag == "input" and "name" in values and kind not in ("submit", "button", "file", "image", "reset"):
            if kind not in ("checkbox", "radio") or "checked" in values:
                fields.append((values["name"], values.get("value", "on" if kind in ("checkbox", "radio") else "")))
        elif tag == "select":
            self.select, self.options = values.get("name"), []
        elif tag == "option" and self.select is not None:
            self.options.append((values.get("value", ""), "selected" in values))
        elif tag == "textarea":
            self.textarea, self.text = values.get("name"), ""

    def handle_data(self, data: str) -> None:
        if self.textarea is not None:
            self.text += data

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self.select is not None and self.forms:
            chosen = [value for value, selected in self.options if selected] or [v for v, _ in self.options[:1]]
            self.forms[-1][1].extend((self.select, value) for value in chosen)
            self.select = None
        elif tag == "textarea" and self.textarea is not None and self.forms:
            self.forms[-1][1].append((self.textarea, self.text.removeprefix("\n")))
            self.textarea = None


def form_posting_to(html: str, action: str) -> list[tuple[str, str]]:
    """What the form posting to `action` sends as the page shows it."""
    reader = _Forms()
    reader.feed(html)
    for attrs, fields in reader.forms:
        if (attrs.get("hx-post") or attrs.get("action", "")).split("?")[0] == action:
            return fields
    raise SystemExit(f"no form posts to {action}")


def filled(fields: list[tuple[str, str]], **changed: str) -> list[tuple[str, str]]:
    """`fields` with the named ones set to `changed` (dashes in a name written as `__`)."""
    changed = {name.replace("__", "-"): value for name, value in changed.items()}
    return [(n, v) for n, v in fields if n not in changed] + list(changed.items())


def expect(reply: Reply, statuses: Sequence[int], what: str) -> Reply:
    """`reply`, or stop the benchmark when its status is not one of `statuses`."""
    if reply.status not in statuses:
        raise SystemExit(f"{what}: status {reply.status}, expected {statuses}\n{reply.text()[:2000]}")
    return reply


# --- the requests -------------------------------------------------------------------------------------------------


@dataclass
class Measured:
    """One kind of request: per request, the statements run, connections opened, app time and round trip."""

    name: str
    statements: list[int] = field(default_factory=list)
    connections: list[int] = field(default_factory=list)
    app_ms: list[float] = field(default_factory=list)
    trip_ms: list[float] = field(default_factory=list)
    example: list[str] = field(default_factory=list)  # the statements of one request, in order

    def add(self, reply: Reply, clock: AppClock) -> None:
        """Count what the request answered by `reply` ran (everything traced since the last take)."""
        sql, opened = TALLY.take()
        self.statements.append(len(sql))
        self.connections.append(opened)
        self.app_ms.append(clock.last)
        self.trip_ms.append(reply.ms)
        if not self.example:
            self.example = sql


def timed_request(phone: Phone, clock: AppClock, found: Measured, action: Callable[[], Reply]) -> Reply:
    """Make one request with `action` and add what it cost to `found`."""
    TALLY.take()  # whatever ran before (nothing, between two requests of one phone) is not this request's
    reply = action()
    found.add(reply, clock)
    return reply


def set_up(phone: Phone) -> str:
    """An evening of four and its Kaluki game, made through the forms: the game page's path."""
    page = expect(phone.get("/new"), [200], "/new").text()
    fields = form_posting_to(page, "/new")
    data = filled(fields, players="\n".join(PLAYERS), preset="kaluki", house__elimination_threshold="none")
    reply = expect(phone.post("/new", data, phone.htmx("/new", "new-evening")), [204, 303], "making the evening")
    evening = reply.location
    if evening is None:
        raise SystemExit("making the evening: no HX-Redirect or Location")
    page = expect(phone.get(evening), [200], evening).text()
    fields = form_posting_to(page, f"{evening}/games")
    reply = expect(phone.post(f"{evening}/games", filled(fields, preset="kaluki")), [303], "starting the game")
    if reply.location is None:
        raise SystemExit("starting the game: no Location")
    return reply.location


def run(rounds: int, polls: int, seed: int) -> tuple[list[Measured], dict[str, Any]]:
    """Every measured request, and what the 304's raw answer looked like."""
    rng = random.Random(seed)
    with serving() as (port, clock):
        phone = Phone(port)
        game = set_up(phone)
        url = f"http://{HOST}:{port}{game}"
        html = expect(phone.get(game), [200], game).text()
        form, version = markup.round_form(html), markup.version_of(markup.live_url(html))
        post, warm = Measured("post a round (htmx)"), Measured("warm-up")
        for number in range(WARM_UP + rounds):
            if form is None:
                raise SystemExit(f"{game}: no round form (data-round) after {number} rounds")
            winner = rng.choice(form.players)
            data = form.fill(winner, random_hands(rng, [p for p in form.players if p != winner]))
            headers = {**phone.htmx(game, form.target, form.hidden_value("csrf_token")), "HX-Trigger": "entry-form"}
            into = warm if number < WARM_UP else post  # the first posts compile templates: not counted
            send = partial(phone.post, form.action, data, headers)
            reply = timed_request(phone, clock, into, send)
            expect(reply, [200], f"posting round {number + 1}")
            answer = reply.text()
            form = markup.round_form(answer)
            version = markup.version_of(markup.live_url(answer)) or version
        page, fragment = Measured("game page (full)"), Measured("game page (htmx partial)")
        for _ in range(WARM_UP + 10):
            timed_request(phone, clock, page, lambda: expect(phone.get(game), [200], game))
            timed_request(phone, clock, fragment, lambda: expect(phone.get(game, {"HX-Request": "true"}), [200], game))
        for found in (page, fragment):
            for values in (found.statements, found.connections, found.app_ms, found.trip_ms):
                del values[:WARM_UP]
        live = f"{game}/live?v={version}"
        poll_headers = {"HX-Request": "true", "HX-Trigger": "poll", "HX-Target": "live", "HX-Current-URL": url}
        poll = Measured("live poll, unchanged (304)")
        for _ in range(WARM_UP):
            expect(phone.get(live, poll_headers), [304], live)
        TALLY.take()
        opened_before = phone.opened
        for _ in range(polls):
            timed_request(phone, clock, poll, lambda: expect(phone.get(live, poll_headers), [304], live))
        raw = raw_poll(port, live, {**poll_headers, "Cookie": "; ".join(f"{k}={v}" for k, v in phone.cookies.items())})
        raw["connections"] = phone.opened - opened_before
        TALLY.take()
    return [post, poll, page, fragment], raw


def raw_poll(port: int, path: str, headers: dict[str, str]) -> dict[str, Any]:
    """One 304 poll over a bare socket: its header bytes exactly, and whether the server kept the connection."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {HOST}:{port}", "Accept-Encoding: gzip", "Connection: keep-alive"]
    request = ("\r\n".join(lines + [f"{k}: {v}" for k, v in headers.items()]) + "\r\n\r\n").encode()
    with socket.create_connection((HOST, port), timeout=5) as sock:
        sock.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        sock.settimeout(1.0)
        try:
            more = sock.recv(65536)
            closed = more == b""
            rest += more
        except TimeoutError:
            closed = False
    text = head.decode("latin-1")
    found = {line.split(":", 1)[0].lower(): line.split(":", 1)[1].strip() for line in text.split("\r\n")[1:]}
    return {
        "head": text,
        "bytes": len(head) + 4,
        "body": len(rest),
        "connection": found.get("connection", "(none)"),
        "content-length": found.get("content-length", "(none)"),
        "closed": closed,
    }


# --- the report ---------------------------------------------------------------------------------------------------


def load() -> str:
    """The load average over 1, 5 and 15 minutes."""
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} / {five:.2f} / {fifteen:.2f}"


def cores() -> str:
    """The cores, and how many of them this process may use when fewer."""
    total = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else total
    return f"{total}" + (f" ({usable} usable)" if usable != total else "")


def _most_on_a_kept_connection(found: Measured) -> int:
    """The most statements a request ran that reused its thread's connection (all of them when none did)."""
    kept = [sql for sql, opened in zip(found.statements, found.connections, strict=True) if not opened]
    return max(kept or found.statements)


def report(found: list[Measured], raw: dict[str, Any], before: str, *, listing: bool) -> None:
    """The table, the targets, the 304's headers and (with `listing`) one post's and one poll's SQL."""
    rows = []
    for m in found:
        rows.append(
            [
                m.name,
                len(m.statements),
                f"{mean(m.statements):.1f}",
                min(m.statements),
                max(m.statements),
                f"{mean(m.connections):.1f}",
                ms(median(m.app_ms)),
                ms(percentile(m.app_ms, 90)),
                ms(median(m.trip_ms)),
                ms(percentile(m.trip_ms, 90)),
            ]
        )
    headers = ["request", "n", "SQL mean", "min", "max", "conns/req", "app median", "p90", "trip median", "p90"]
    print(table(headers, rows))
    print(f"\nTimes in ms. Load average (1/5/15 min): {before} at the start, {load()} at the end; cores: {cores()}.\n")
    post, poll = found[0], found[1]
    targets = [
        [f"{name} ≤ {limit} statements", most, verdict(most, limit)]
        for name, m, limit in (("round post (htmx)", post, TARGET_POST), ("304 poll", poll, TARGET_304))
        for most in [_most_on_a_kept_connection(m)]
    ]
    print(table(["target (issue #21, on the most a request ran on a kept connection)", "measured", "verdict"], targets))
    print(
        "\nA server thread opens its connection at its first request, which then also runs the connection's pragmas "
        "(3 statements); every later request on that thread reuses it."
    )
    kept = "kept open" if not raw["closed"] else "closed by the server"
    print(
        f"\nThe 304: {raw['bytes']} bytes of status line and headers, {raw['body']} bytes of body; "
        f"`Connection: {raw['connection']}`, `Content-Length: {raw['content-length']}`; the connection was {kept}. "
        f"The phone opened {raw['connections']} connection(s) for {len(poll.statements)} polls.\n"
    )
    if listing:
        print("```\n" + raw["head"] + "\n```\n")
        for m in found[:2]:
            print(f"SQL of one {m.name} ({len(m.example)} statements, in order):\n")
            print("```")
            for number, sql in enumerate(m.example, 1):
                text = " ".join(sql.split())
                print(f"{number:2}. {text[:SQL_WIDTH]}{'…' if len(text) > SQL_WIDTH else ''}")
            print("```\n")


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every request and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help=f"rounds posted and measured ({ROUNDS})")
    parser.add_argument("--polls", type=int, default=POLLS, help=f"304 polls measured ({POLLS})")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--no-sql", action="store_true", help="leave out the listing of one post's and one poll's SQL")
    args = parser.parse_args(argv)
    before = load()
    print(f"## Requests: SQL statements and time over HTTP\n\n{describe()}\n")
    print(
        f"In-process waitress (8 threads), CSRF on; a four-player Kaluki game made through the "
        f"forms. {args.rounds} round posts after {WARM_UP} of warm-up, {args.polls} polls answered 304, 10 reads of "
        "the game page; statements counted with `set_trace_callback` on every connection opened.\n"
    )
    found, raw = run(args.rounds, args.polls, args.seed)
    report(found, raw, before, listing=not args.no_sql)


if __name__ == "__main__":
    main()
