"""The Flask app behind granian's own protocol (RSGI): a request's body read whole, within a deadline, before a thread
takes it.

granian's WSGI mode hands the app a body it reads from the socket as the app asks for it: a client that announces
a body and sends it slowly holds one of the few Python threads for as long as it likes (granian has no body
timeout, and will not have one), and eight of them freeze the app. Here the event loop reads the body instead,
while no thread waits: a body not there within `body_within` seconds is answered 408 and its connection closed,
and one announced larger than the app reads (`MAX_CONTENT_LENGTH`) is not read at all: the app answers it 413 from
the announced length alone, and the connection is closed rather than drained. Only then does a thread of the pool
run the WSGI app, on a body already in memory (at most `MAX_CONTENT_LENGTH` bytes), and the answer goes back
whole (pages and fragments are small; no response of the app streams).

Work a request leaves for after its answer (`environ[LATER]`, a list the app appends to: a game's snapshot to save) is
run on the same pool once the answer is handed to granian, so the phone never waits for it.

A request with no body may first be answered on the event loop itself (`early`): the app's unchanged polls, nearly
every request of a club night, are one indexed read each (`referee.web.polls`), cheaper than handing them to a
thread, and they never wait behind the pages the threads are drawing.
"""

from __future__ import annotations

import asyncio
import io
import logging
import sys
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Protocol
from urllib.parse import unquote_to_bytes

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
Headers = list[tuple[str, str]]
Answer = tuple[int, Headers, bytes]  # status, headers and the whole body
Early = Callable[[dict[str, Any]], Answer | None]  # an answer given on the loop, or None
CLOSE = ("connection", "close")
LATER = "referee.later"  # the environ's list of work to run once the answer is sent (each a callable of no argument)


class Scope(Protocol):
    """What granian tells of one request (the RSGI scope)."""

    proto: str
    http_version: str
    server: str
    client: str
    scheme: str
    method: str
    path: str
    query_string: str

    @property
    def headers(self) -> Any:
        """The request's headers, names in lower case (`get`, `items`)."""


class Exchange(Protocol):
    """How the request's body is read and its answer sent (the RSGI HTTP protocol)."""

    def __aiter__(self) -> Any:
        """The body's chunks as they come."""

    def response_bytes(self, status: int, headers: Headers, body: bytes) -> None:
        """Send the whole answer."""


def split_address(address: str) -> tuple[str, str]:
    """An `address:port` (or `[v6]:port`) as host and port.

    >>> split_address("192.168.1.20:51234"), split_address("[::1]:8000"), split_address("host")
    (('192.168.1.20', '51234'), ('::1', '8000'), ('host', ''))
    """
    host, colon, port = address.rpartition(":")
    if not colon or not port.isdigit():
        return address, ""
    return host.removeprefix("[").removesuffix("]"), port


def environ_of(scope: Scope, body: bytes, length: int | None, *, processes: int) -> dict[str, Any]:
    """The WSGI environ of a request whose body (all of it, or none when refused) is `body`."""
    server, server_port = split_address(scope.server)
    client, client_port = split_address(scope.client)
    environ: dict[str, Any] = {
        "REQUEST_METHOD": scope.method,
        "SCRIPT_NAME": "",
        "PATH_INFO": unquote_to_bytes(scope.path).decode("latin-1"),  # WSGI's native string: bytes as latin-1
        "QUERY_STRING": scope.query_string,
        "SERVER_NAME": server,
        "SERVER_PORT": server_port,
        "SERVER_PROTOCOL": f"HTTP/{scope.http_version}",
        "REMOTE_ADDR": client,
        "REMOTE_PORT": client_port,
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.scheme,
        "wsgi.input": io.BytesIO(body),
        "wsgi.input_terminated": True,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": processes > 1,
        "wsgi.run_once": False,
    }
    for name, value in scope.headers.items():
        key = name.upper().replace("-", "_")
        if key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            environ[key] = value
            continue
        key = f"HTTP_{key}"
        if key in environ:  # a header sent twice: one value, as RFC 9110 joins them (cookies with "; ")
            value = f"{environ[key]}{'; ' if key == 'HTTP_COOKIE' else ', '}{value}"
        environ[key] = value
    if length is not None:  # the body is in memory now, however it came: its length says where it ends
        environ["CONTENT_LENGTH"] = str(length)
        environ.pop("HTTP_TRANSFER_ENCODING", None)
    return environ


def announced_length(scope: Scope) -> int | None:
    """The body's length as announced (0 for no body), or None when it comes in chunks of unknown total."""
    length = scope.headers.get("content-length")
    if length is not None:
        return int(length)  # ValueError for one that is no number (granian's HTTP parser refuses those first)
    chunked = "chunked" in (scope.headers.get("transfer-encoding") or "").lower()
    return None if chunked else 0


def answered_early(early: Early, environ: dict[str, Any]) -> Answer | None:
    """The answer `early` gives on the loop, or None: it has none, or it failed (the app then answers, with its own
    error page and log)."""
    try:
        return early(environ)
    except Exception:
        return None


def run_later(work: list[Callable[[], object]]) -> None:
    """The work a request left for after its answer, in order; one that fails is logged and the rest still run."""
    for one in work:
        try:
            one()
        except Exception:
            logging.getLogger(__name__).exception("work left for after an answer failed")


class Bridge:
    """The WSGI `app` as an RSGI application: bodies read on the event loop, the app run on `threads` threads."""

    def __init__(
        self,
        app: WSGIApp,
        *,
        threads: int,
        largest: int,
        body_within: float,
        processes: int = 1,
        early: Early | None = None,
        on_loop: Callable[[asyncio.AbstractEventLoop], None] | None = None,
    ) -> None:
        self.app, self.threads, self.largest, self.body_within = app, threads, largest, body_within
        self.processes, self.early, self.on_loop = processes, early, on_loop
        self.pool: ThreadPoolExecutor | None = None

    def __rsgi_init__(self, loop: asyncio.AbstractEventLoop) -> None:
        """In the worker process, as it starts: the threads that run the app (none survive a fork), and what the server
        runs on the worker's event loop (its heartbeat: referee/heartbeat.py)."""
        self._started()
        if self.on_loop is not None:
            self.on_loop(loop)

    def _started(self) -> ThreadPoolExecutor:
        """The pool, started now (a bridge served without granian's start hook, as the tests do)."""
        self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="referee")
        return self.pool

    def __rsgi_del__(self, loop: asyncio.AbstractEventLoop) -> None:
        """As the worker process stops: the threads finish the requests they hold."""
        if self.pool is not None:
            self.pool.shutdown(wait=True, cancel_futures=True)

    async def __rsgi__(self, scope: Scope, proto: Exchange) -> None:
        """Answer one request."""
        if scope.proto != "http":  # websockets are off (serve.py): nothing else comes
            return
        try:
            length = announced_length(scope)
        except ValueError:
            proto.response_bytes(400, [CLOSE, ("content-type", "text/plain")], b"Bad Content-Length.\n")
            return
        body, refused = b"", length is not None and length > self.largest
        if length != 0 and not refused:
            try:
                async with asyncio.timeout(self.body_within):
                    body, refused = await self.read(proto)
            except TimeoutError:
                proto.response_bytes(408, [CLOSE, ("content-type", "text/plain")], b"Request body too slow.\n")
                return
            length = len(body) if not refused else self.largest + 1
        environ = environ_of(scope, body, length, processes=self.processes)
        if self.early is not None and length == 0:
            answer = answered_early(self.early, environ)
            if answer is not None:
                proto.response_bytes(*answer)
                return
        pool = self.pool or self._started()
        later: list[Callable[[], object]] = []
        environ[LATER] = later
        status, headers, content = await asyncio.get_running_loop().run_in_executor(pool, self.call, environ)
        if refused:  # the rest of the body is never read: the connection cannot carry another request
            headers = [*(h for h in headers if h[0].lower() != "connection"), CLOSE]
        proto.response_bytes(status, headers, content)
        if later:
            try:
                pool.submit(run_later, later)
            except RuntimeError:  # the worker is stopping: what was left (a snapshot to save) is only a cache
                return

    async def read(self, proto: Exchange) -> tuple[bytes, bool]:
        """The whole body, and False; or what came before it grew past the largest the app reads, and True."""
        chunks, size = [], 0
        async for chunk in proto:
            size += len(chunk)
            if size > self.largest:
                return b"", True
            chunks.append(chunk)
        return b"".join(chunks), False

    def call(self, environ: dict[str, Any]) -> Answer:
        """Run the WSGI app on a thread of the pool: its status, headers and whole body."""
        started: list[Any] = []
        written: list[bytes] = []

        def start_response(status: str, headers: Headers, exc_info: Any = None) -> Callable[[bytes], None]:
            started[:] = [status, headers]
            return written.append  # WSGI's write(), for an app that uses it

        result = self.app(environ, start_response)
        try:
            chunks = list(result)  # write() is called before the iterable yields: its bytes come first
            content = b"".join(written + chunks)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        status, headers = started
        return int(status.split(" ", 1)[0]), list(headers), content
