"""The servers side by side, in one run, on the same app and the same machine: which one a club night needs.

Four candidates, each in one process with 8 threads for the app, each started on a fresh instance:

- **waitress, configured** for phones that keep their connections: `connection_limit` 10,000, `channel_timeout`
  10 s (checked every 2 s), `max_request_body_size` the app's `MAX_CONTENT_LENGTH`, backlog 2,048, and
  `asyncore_use_poll` (select() stops at 1,024 sockets);
- **gunicorn's gthread worker**: idle keep-alive connections wait in a poller, not in a thread; keep-alive 10 s,
  10,000 connections, backlog 2,048;
- **granian, WSGI mode**: connections in Rust (tokio, hyper), the app on 8 blocking threads; headers within 10 s;
- **granian behind `referee.bridge`** (RSGI), which is what `referee serve` runs: the same, with the body read on the
  event loop before a thread runs the app (`referee/server.py`).

Against each: a phone's request while 300, then 3,000 idle connections are open (half of them silent, half with a
request begun and never finished); while 17 clients (two processes' threads, and one more) dribble a form's body;
a body announced at 900 MB (after its headers and 64 KB, does an answer come?); how soon a silent connection is
dropped; the bytes of a 304 and whether its connection is kept; then a club's load (`bench.club`, 500 tables by
default, 30 s). Run it with `python -m bench.serving` (`--tables 200 --duration 15` for a shorter one).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from bench.club import PHONES, ROUNDS, Table, load, seed
from bench.figures import ms, percentile, table
from bench.machine import describe
from bench.phone import HOST, NETWORK_ERRORS, Phone
from bench.records import SEED
from bench.server import Server, serve

THREADS = 8
FLOODS = (300, 3000)
ANNOUNCED = 900 * 1024 * 1024
FORM = b"Content-Type: application/x-www-form-urlencoded\r\n"  # the app reads the body of a form
SILENT_CAP = 40.0  # seconds a silent connection is watched at most
# Each launcher runs as `python -c CODE <instance> serve --host H --port P`, as bench.server starts `referee serve`.
PREAMBLE = """
import sys
import flask

instance = sys.argv.pop(1)
flask.Flask.auto_find_instance_path = lambda self: instance
port = int(sys.argv[sys.argv.index("--port") + 1])
"""
LAUNCHERS = {
    "waitress, configured": PREAMBLE
    + """
import waitress
from referee import create_app

app = create_app()
waitress.serve(app, host="127.0.0.1", port=port, threads=8, connection_limit=10000, channel_timeout=10,
               cleanup_interval=2, max_request_body_size=app.config["MAX_CONTENT_LENGTH"], backlog=2048,
               asyncore_use_poll=True, ident="referee")
""",
    "gunicorn gthread": PREAMBLE
    + """
sys.argv = ["gunicorn", "--worker-class", "gthread", "--threads", "8", "--workers", "1", "--keep-alive", "10",
            "--worker-connections", "10000", "--backlog", "2048", "--preload", "--no-control-socket",
            "--bind", f"127.0.0.1:{port}", "referee:create_app()"]
from gunicorn.app.wsgiapp import run

run()
""",
    "granian WSGI": PREAMBLE
    + """
from granian.constants import HTTPModes, Interfaces
from granian.http import HTTP1Settings
from granian.log import LogLevels
from granian.server import Server

Server("referee:create_app", factory=True, address="127.0.0.1", port=port, interface=Interfaces.WSGI,
       blocking_threads=8, http=HTTPModes.http1, websockets=False, backlog=2048, backpressure=16000,
       http1_settings=HTTP1Settings(header_read_timeout=10000), log_level=LogLevels.warning).serve()
""",
}
REFEREE = "granian + bridge (referee serve)"
NAMES = (*LAUNCHERS, REFEREE)


def phone_request(port: int, timeout: float) -> float:
    """A phone's first request on a new connection: the home page's time in ms (inf when none came in time)."""
    phone = Phone(port, timeout=timeout)
    try:
        reply = phone.get("/")
    except NETWORK_ERRORS:
        return float("inf")
    finally:
        phone.close()
    return reply.ms if reply.status == 200 else float("inf")


def flood(server: Server, count: int) -> tuple[float, float, float]:
    """Open `count` connections (half silent, half with headers begun), then time a phone's requests: p50, max, and
    the memory the server's processes grew by (MB)."""
    held: list[socket.socket] = []
    before = sum(server.resident_mb().values())
    try:
        for number in range(count):
            sock = socket.create_connection((HOST, server.port), timeout=10)
            if number % 2:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
            held.append(sock)
        times = [phone_request(server.port, 5.0) for _ in range(10)]
        grown = sum(server.resident_mb().values()) - before
    except OSError:
        return float("inf"), float("inf"), float("nan")
    finally:
        for sock in held:
            sock.close()
    return percentile(times, 50), max(times), grown


def slow_bodies(port: int, count: int = 2 * THREADS + 1) -> float:
    """While `count` clients each send 8 bytes of a 1,000-byte form, a phone's request: its time in ms."""
    held = []
    try:
        for _ in range(count):
            sock = socket.create_connection((HOST, port), timeout=10)
            sock.sendall(b"POST /new HTTP/1.1\r\nHost: x\r\n" + FORM + b"Content-Length: 1000\r\n\r\nplayers=")
            held.append(sock)
        time.sleep(0.3)
        return phone_request(port, 5.0)
    finally:
        for sock in held:
            sock.close()


def huge_body(port: int) -> str:
    """Headers announcing 900 MB and 64 KB of it, then nothing: the answer within 5 s (status, time), or none."""
    with socket.create_connection((HOST, port), timeout=5) as sock:
        start = time.perf_counter()
        head = "POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        sock.sendall(f"{head}Content-Length: {ANNOUNCED}\r\n\r\n".encode() + b"t" * 65536)
        try:
            answer = sock.recv(64)
        except TimeoutError:
            return "none in 5 s (still reading)"
        except ConnectionResetError:
            return "connection reset"
        took = (time.perf_counter() - start) * 1000
        return f"{answer.split(b' ')[1].decode()} in {ms(took)} ms" if answer else "closed without an answer"


def watch_silent(port: int) -> Callable[[], str]:
    """Open a connection that sends nothing; a call to the result says when the server closed it."""
    sock = socket.create_connection((HOST, port), timeout=SILENT_CAP)
    opened, found = time.monotonic(), list[str]()

    def wait() -> None:
        try:
            sock.recv(1)
            found.append(f"{time.monotonic() - opened:.0f} s")
        except TimeoutError:
            found.append(f"kept past {SILENT_CAP:.0f} s")
        except OSError:
            found.append(f"{time.monotonic() - opened:.0f} s (reset)")
        finally:
            sock.close()

    thread = threading.Thread(target=wait, daemon=True)
    thread.start()

    def result() -> str:
        thread.join(SILENT_CAP + 5)
        return found[0] if found else "?"

    return result


def poll_304(port: int, page: str, version: str) -> str:
    """One poll answered 304 over a bare socket: its header bytes, and whether the connection was kept."""
    with socket.create_connection((HOST, port), timeout=5) as sock:
        sock.sendall(f"GET {page}/live?v={version} HTTP/1.1\r\nHost: x\r\nHX-Request: true\r\n\r\n".encode())
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        head = data.partition(b"\r\n\r\n")[0]
        sock.settimeout(0.5)
        try:
            closed = sock.recv(1) == b""
        except TimeoutError:
            closed = False
    status = head.split(b" ", 2)[1].decode() if head else "none"
    return f"{status}, {len(head) + 4} B, {'closed' if closed else 'kept'}"


def candidate(name: str, database: Path, tables: list[Table], args: argparse.Namespace) -> list[object]:
    """Start one candidate on a copy of the games and run every probe, then the load; its row."""
    launch = {"launch": LAUNCHERS[name]} if name in LAUNCHERS else {}
    with serve(database=database, **launch) as server:
        silent = watch_silent(server.port)
        floods = [flood(server, count) for count in FLOODS]
        dribbled = slow_bodies(server.port)
        huge = huge_body(server.port)
        spare = tables[-1]
        head = poll_304(server.port, spare.page, spare.version)
        run, used, span = club_load(server, tables, args)
        errors = run.polls.error_count + run.rounds.error_count + run.reads.error_count
        dropped = silent()
    p99 = [ms(percentile(t.times, 99)) if t.times else "—" for t in (run.polls, run.rounds)]
    return [
        name, *(f"{ms(p50)} / {ms(most)}" for p50, most, _ in floods), f"{floods[-1][2]:+.0f} MB", ms(dribbled),
        huge, dropped, head,
        p99[0], p99[1], errors, f"{run.polls.connections:,}", f"{used / span:.2f}",
    ]  # fmt: skip


def club_load(server: Server, tables: list[Table], args: argparse.Namespace) -> tuple[object, float, float]:
    """The club's load on `server` (`bench.club`), its run, the server's CPU seconds and the span."""
    run = asyncio.run(load(server, tables, args, args.seed))
    return run, run.server_cpu, run.duration


def main(argv: Sequence[str] | None = None) -> None:
    """Run every probe and the load on each candidate; print one table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=500, help="tables in the load run")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds of each load run")
    parser.add_argument("--only", choices=NAMES, action="append", help="this candidate only (again for more)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    args.phones, args.interval, args.round_every = PHONES, 4.0, 60.0
    print(f"## Serving a club night: the servers side by side\n\n{describe()}\n")
    rows = []
    with tempfile.TemporaryDirectory(prefix="referee-serving-") as folder:
        database = Path(folder) / "referee.sqlite"
        tables = seed(database, args.tables + 1, ROUNDS, args.seed)
        for name in args.only or NAMES:
            print(f"({name}: load average {os.getloadavg()[0]:.2f} at its start)", flush=True)
            rows.append(candidate(name, database, tables, args))
    headers = ["server", "phone p50 / max, 300 idle", "3,000 idle", "memory, 3,000 idle", "phone, 17 slow bodies",
               "900 MB body",
               "silent dropped after", "a 304", f"{args.tables} tables: polls p99", "rounds p99", "errors",
               "connections", "server cores"]  # fmt: skip
    print(f"\n{table(headers, rows)}")
    print(
        f"\nTimes in ms; `inf` is no answer within 5 s. The load: {args.tables} tables × {PHONES} phones polling every "
        f"4 s and a round per table a minute, for {args.duration:g} s, after a warm-up; connections are those the "
        f"phones opened (one each when every answer keeps it). Load average at the end: {os.getloadavg()[0]:.2f}."
    )


if __name__ == "__main__":
    main()
