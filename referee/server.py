"""Serving the app to a whole club: granian's Rust HTTP server, one or several processes on the one SQLite file.

Why granian (BENCHMARKS.md, *Serving a club night*): its connections live in Rust, on epoll, so thousands of idle
ones cost no Python, a poll answered 304 keeps its connection, and a client that is slow or silent with its
headers is dropped after `HEADERS_WITHIN`. Its Python side is `referee.bridge`: the body read on the event loop
within `BODY_WITHIN`, then the Flask app run on a pool of `THREADS` threads per process. The garbage collector
is tuned for a process that keeps a large cache and answers many small requests (`GC_THRESHOLDS`).

Several processes: the app is made once, in the parent, before any worker starts, so the database is migrated
(and switched to WAL) and the secret key is made exactly once; each worker is a fork of the parent and inherits
that app, that key and the knowledge that the file is migrated. Every worker reads the same file, whose
version a poll compares: whichever process answers a phone, it sees every write of the others.

A night's crashes (docs/scaling.md, *Workers that survive the night*): a worker that dies, however often, is started
again after a back-off that grows with its recent crashes (`Supervisor`), with a line in the log; the server never
exits because a worker crashed (granian's own rule exits on a second crash within 5.5 s). A worker whose parent is
gone (killed with −9) stops within seconds (`watch_parent`), so no orphan keeps the port. A worker that stops
answering without dying (stopped, or frozen) is killed once it has shown no sign of life for `heartbeat.SILENT_FOR`
seconds, and started again like a crashed one (referee/heartbeat.py).
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import os
import resource
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from flask import Flask
from granian.server import MPServer
from werkzeug.middleware.proxy_fix import ProxyFix

from referee.bridge import Bridge, WSGIApp
from referee.heartbeat import Heartbeats, watch_workers
from referee.web.security import redact_keys_in
from referee.web.setup import warm

COMPILED = "compiled-templates"  # in the instance folder: the templates as the last start compiled them
THREADS = 8  # per process: the app's threads, each with its own SQLite connection
HEADERS_WITHIN = 10  # seconds for a request's headers, and for a kept connection's next one (a phone polls every 4)
BODY_WITHIN = 10  # seconds for a request's body once its headers are in (a form is a few KB; an import 2 MB at most)
BACKLOG = 2048  # connections the kernel holds for the accept queue (capped by net.core.somaxconn)
SPARE_FILES = 256  # file descriptors a process keeps for the database, its journal, logs and templates
MOST_CONNECTIONS = 60_000  # per process: beyond what a club could open, a bound on memory
# Python's cyclic garbage collector: a full collection walks every object a process keeps (its cache of replayed
# games) with the process frozen meanwhile: 40-75 ms at 500 tables, up to 280 ms. At the default thresholds
# (700, 10, 10) one ran every few seconds at 500 tables, and the polls' p99 was that pause (190 ms); at (700, 10, 100)
# every 25 s or so, still about one poll in a hundred; at (700, 10, 1000) every few minutes (BENCHMARKS.md, *Sheets
# kept for the table*). The young generations, where the requests' garbage dies, are as before; the app's values
# are frozen and acyclic, so what waits longer for a full collection is only the few cycles a request leaves (a
# process stayed at 117-124 MB through runs of one and two minutes at 500 tables, as at (700, 10, 100)).
GC_THRESHOLDS = (700, 10, 1000)
# How long a thread holding the interpreter's lock runs before one waiting gets it: Python's 5 ms is 5 ms added to a
# poll each time it waits behind a page being rendered; 1 ms shortens the wait (BENCHMARKS.md).
SWITCH_INTERVAL = 0.001
# The headers a reverse proxy (Caddy sends all three; nginx when told to) passes on: the phone's scheme, the host
# it asked for (so the links the app shows are the public ones) and its address.
PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto")

# A crashed worker is started again after BACK_OFF[n] seconds, n its crashes within the last CRASH_WINDOW seconds
# (the last figure for any more): a worker that dies at every start costs a start every 30 s, not a busy loop.
BACK_OFF = (0.0, 0.5, 1.0, 2.0, 4.0, 8.0, 15.0, 30.0)
CRASH_WINDOW = 120.0
# How often a worker looks for its parent, and how long it has to stop on its own once the parent is gone.
PARENT_EVERY = 0.5
STOP_WITHIN = 3.0

_served: Bridge | None = None  # the parent's bridge, which each forked worker inherits
_beats: Heartbeats | None = None  # the workers' signs of life, shared with each forked worker
_parent: int | None = None  # the serving process, which each forked worker watches
_log = logging.getLogger(__name__)


class TrustedProxy:
    """The proxy's X-Forwarded-For, -Host and -Proto believed when it is the one asking, dropped from anyone else."""

    def __init__(self, app: WSGIApp, address: str) -> None:
        self.app, self.address = app, address
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=1)

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """Pass the request on, as the proxy tells it or with the forwarded headers taken out."""
        if environ.get("REMOTE_ADDR") == self.address:
            return self.fixed(environ, start_response)
        for header in PROXY_HEADERS:
            environ.pop(f"HTTP_{header.upper().replace('-', '_')}", None)
        return self.app(environ, start_response)


def connections_per_process() -> int:
    """How many connections one process may hold: as many files as the system lets it open, less a few.

    The soft limit is raised to the hard one first (often 1,024 of 524,288 on a desktop): each connection is a file.
    """
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = (
        MOST_CONNECTIONS + SPARE_FILES if hard == resource.RLIM_INFINITY else min(hard, MOST_CONNECTIONS + SPARE_FILES)
    )
    if soft != resource.RLIM_INFINITY and soft < wanted:
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        soft = wanted
    limit = MOST_CONNECTIONS + SPARE_FILES if soft == resource.RLIM_INFINITY else soft
    return max(64, min(MOST_CONNECTIONS, limit - SPARE_FILES))


def wsgi_for(app: Flask, trusted_proxy: str | None = None) -> WSGIApp:
    """The WSGI app a request goes through: the Flask app, behind the trusted proxy if there is one."""
    return app if trusted_proxy is None else TrustedProxy(app, trusted_proxy)


def bridge_for(app: Flask, *, workers: int = 1, threads: int = THREADS, trusted_proxy: str | None = None) -> Bridge:
    """The app as granian runs it: behind the trusted proxy if any, its bodies read before a thread runs it, its
    unchanged polls answered on the event loop."""
    largest = int(app.config["MAX_CONTENT_LENGTH"])
    quiet = app.extensions.get("quiet_polls")
    return Bridge(
        wsgi_for(app, trusted_proxy),
        threads=threads,
        largest=largest,
        body_within=BODY_WITHIN,
        processes=workers,
        early=None if quiet is None else quiet.answer,
    )


def _inherited(target: str) -> Any:  # granian types its targets as callables; an RSGI object is one too
    """In a worker: the bridge it was forked with (granian's target loader); the worker watches its parent from now."""
    if _served is None:
        raise RuntimeError("referee serve: a worker was started without the app (it must be forked, not spawned)")
    if _parent is not None:
        watch_parent(_parent)
    return _served


def watch_parent(parent: int, every: float = PARENT_EVERY, within: float = STOP_WITHIN) -> threading.Thread:
    """In a worker: stop once `parent` is gone (killed with −9, it cannot stop its workers itself), so that no orphan
    keeps serving the port: a graceful stop first (SIGTERM, as the parent would send), then an exit after `within`."""

    def watching() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        _log.warning("referee serve: the server process %s is gone; worker %s stops", parent, os.getpid())
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(within)
        os._exit(1)

    watcher = threading.Thread(target=watching, name="referee-parent-watch", daemon=True)
    watcher.start()
    return watcher


def back_off(crashes: int) -> float:
    """The seconds before a worker is started again after its `crashes`-th crash in `CRASH_WINDOW` (from 1).

    >>> [back_off(n) for n in (1, 2, 3, 8, 50)]
    [0.0, 0.5, 1.0, 30.0, 30.0]
    """
    return BACK_OFF[min(max(crashes, 1), len(BACK_OFF)) - 1]


class Supervisor(MPServer):
    """granian's server of worker processes, with its crash rule replaced: a worker that dies is started again, after
    `back_off`, however often; the others serve meanwhile, and the server exits only when it is told to. A worker that
    shows no sign of life for a while (`beats`) is killed, and so started again."""

    def __init__(self, *args: Any, beats: Heartbeats | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crashes: dict[int, list[float]] = {}  # each worker's recent crashes (monotonic seconds)
        self.beats = beats

    def _spawn_worker(self, idx: int, *args: Any, **kwargs: Any) -> Any:
        """The worker of slot `idx`, about to be forked: it is expected to beat in its slot from now."""
        if self.beats is not None:
            self.beats.expect(idx)
        return super()._spawn_worker(idx, *args, **kwargs)

    def startup(self, spawn_target: Any, target_loader: Any) -> None:
        """Start the workers, then watch their signs of life."""
        super().startup(spawn_target, target_loader)  # type: ignore[no-untyped-call]  # granian's own, untyped
        if self.beats is not None:
            watch_workers(self.beats, self.living, lambda: bool(self.interrupt_signal))

    def living(self) -> dict[int, int]:
        """Each worker's slot and process id, of the workers alive now."""
        return {worker.idx: worker.inner.pid for worker in list(self.wrks) if worker.inner.is_alive()}

    def _respawn_workers(self, workers: Any, spawn_target: Any, target_loader: Any, delay: float = 0) -> None:
        """Start `workers` again: a crashed one after its back-off (cut short when the server is told to stop)."""
        for idx in workers:
            worker = self.wrks[idx]
            if worker.is_alive():  # a reload or a worker's lifetime: granian's own gentle swap
                continue
            now = time.monotonic()
            recent = [when for when in self.crashes.get(idx, []) if now - when < CRASH_WINDOW] + [now]
            self.crashes[idx] = recent
            wait = back_off(len(recent))
            _log.error(
                "referee serve: worker %s stopped (exit code %s); started again in %.1f s (%d crashes in %.0f s)",
                idx + 1,
                worker.inner.exitcode,
                wait,
                len(recent),
                CRASH_WINDOW,
            )
            deadline = now + wait
            while not self.interrupt_signal and time.monotonic() < deadline:
                time.sleep(max(0.0, min(0.1, deadline - time.monotonic())))
            if self.interrupt_signal:
                return
        super()._respawn_workers(workers, spawn_target, target_loader, delay)
        for idx in workers:  # granian's crash rule (a second crash within 5.5 s exits the server) never applies
            self.respawned_wrks.pop(idx, None)


def check_free(host: str, port: int) -> None:
    """Raise OSError unless `host:port` can be listened on by this server alone.

    granian's workers listen with SO_REUSEPORT: another `referee serve` on the same port would otherwise start
    too, and the kernel would share the phones out between two databases.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # a port in TIME_WAIT after a restart is free
        probe.bind((host, port))


def run(
    app: Flask, *, host: str, port: int, workers: int = 1, threads: int = THREADS, trusted_proxy: str | None = None
) -> None:
    """Serve `app` (made, so migrated and keyed, in this process) with `workers` processes until interrupted.

    Raises OSError when the address cannot be listened on.
    """
    global _served, _parent, _beats
    check_free(host, port)
    from granian.constants import HTTPModes, Interfaces
    from granian.http import HTTP1Settings
    from granian.log import LogLevels

    # Each worker is a fork: it inherits the app made here (the file migrated, the key read) and the threads' module
    # state, with no thread running yet (the pool starts in the worker).
    multiprocessing.set_start_method("fork", force=True)
    _served = bridge_for(app, workers=workers, threads=threads, trusted_proxy=trusted_proxy)
    _beats = Heartbeats(workers)
    _served.on_loop = lambda loop: _beats.beat_on(loop) if _beats is not None else None
    _parent = os.getpid()
    # The first pages' templates compiled (or loaded as the last start compiled them), each worker inherits them: its
    # first game page is no slower than the next.
    warm(app, Path(app.instance_path) / COMPILED)
    # What the app made at start is never walked by the collector again (nor copied into a worker by it); and a full
    # collection, which walks every object the process keeps, runs ten times more rarely (GC_THRESHOLDS).
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)
    connections = connections_per_process()
    redact_keys_in(logging.getLogger("_granian"))
    server = Supervisor(
        "referee.server:_inherited",
        address=host,
        port=port,
        interface=Interfaces.RSGI,
        workers=workers,
        http=HTTPModes.http1,
        websockets=False,
        backlog=BACKLOG,
        backpressure=connections,  # granian counts connections against it: thousands may sit idle
        http1_settings=HTTP1Settings(header_read_timeout=HEADERS_WITHIN * 1000),
        log_level=LogLevels.warning,
        respawn_failed_workers=True,
        beats=_beats,
    )
    server.serve(target_loader=_inherited)
