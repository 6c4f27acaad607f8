"""The app behind granian's RSGI protocol (referee/bridge.py), without granian: the environ a request becomes, a
body read whole before the app runs, a body too large never read, a body too slow answered 408; and the proxy
headers believed from the trusted proxy only (referee/server.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from referee.bridge import LATER, Bridge, environ_of
from referee.server import TrustedProxy, connections_per_process


@dataclass
class Scope:
    """A request as granian describes it."""

    method: str = "GET"
    path: str = "/"
    query_string: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    proto: str = "http"
    http_version: str = "1.1"
    server: str = "127.0.0.1:8000"
    client: str = "192.168.1.20:51234"
    scheme: str = "http"


@dataclass
class Exchange:
    """The body as chunks (a pause before each, in seconds), and the answer sent."""

    chunks: list[tuple[float, bytes]] = field(default_factory=list)
    read: int = 0
    sent: tuple[int, list[tuple[str, str]], bytes] | None = None

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for pause, chunk in self.chunks:
            await asyncio.sleep(pause)
            self.read += len(chunk)
            yield chunk

    def response_bytes(self, status: int, headers: list[tuple[str, str]], body: bytes) -> None:
        self.sent = (status, headers, body)


def echo(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
    """A WSGI app that answers with the length it was told and the body it read (413 past 100 bytes)."""
    length = int(environ.get("CONTENT_LENGTH") or 0)
    if length > 100:
        start_response("413 Too Large", [("Content-Type", "text/plain")])
        return [b"too large"]
    write = start_response("200 OK", [("Content-Type", "text/plain")])
    write(b"%d:" % length)
    return [environ["wsgi.input"].read()]


def answer(
    scope: Scope, exchange: Exchange, *, within: float = 1.0, early: Any = None
) -> tuple[int, dict[str, str], bytes]:
    bridge = Bridge(echo, threads=2, largest=100, body_within=within, early=early)
    # In a thread of its own: after the browser tests, Playwright's event loop may be running in this one.
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, bridge.__rsgi__(scope, exchange)).result()  # type: ignore[arg-type]
    if bridge.pool is not None:  # made on the first request a thread runs
        bridge.pool.shutdown()
    assert exchange.sent is not None
    status, headers, body = exchange.sent
    return status, dict(headers), body


def test_a_request_becomes_the_environ_wsgi_and_werkzeug_expect() -> None:
    scope = Scope(
        path="/e/abc/players/Chlo%C3%A9", query_string="v=3", client="[fd00::2]:4000",
        headers={"host": "cards.local:8000", "cookie": "lang=fr", "x-custom": "1"},
    )  # fmt: skip
    environ = environ_of(scope, b"", 0, processes=2)  # type: ignore[arg-type]
    assert environ["PATH_INFO"] == "/e/abc/players/Chloé".encode().decode("latin-1")
    assert environ["QUERY_STRING"] == "v=3" and environ["REMOTE_ADDR"] == "fd00::2"
    assert (environ["SERVER_NAME"], environ["SERVER_PORT"], environ["SERVER_PROTOCOL"]) == (
        "127.0.0.1",
        "8000",
        "HTTP/1.1",
    )
    assert environ["HTTP_HOST"] == "cards.local:8000" and environ["HTTP_COOKIE"] == "lang=fr"
    assert environ["CONTENT_LENGTH"] == "0" and environ["wsgi.multiprocess"] is True


def test_a_request_the_early_answer_takes_never_reaches_a_thread() -> None:
    """An unchanged poll is answered on the event loop: no thread pool is even made; any other goes to the app."""
    asked: list[str] = []

    def early(environ: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes] | None:
        asked.append(environ["QUERY_STRING"])
        return (304, [("cache-control", "no-store")], b"") if environ["QUERY_STRING"] == "v=3" else None

    bridge = Bridge(echo, threads=2, largest=100, body_within=1.0, early=early)
    exchange = Exchange()
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, bridge.__rsgi__(Scope(query_string="v=3"), exchange)).result()  # type: ignore[arg-type]
    assert exchange.sent == (304, [("cache-control", "no-store")], b"") and bridge.pool is None
    status, _, body = answer(Scope(query_string="v=2"), Exchange(), early=early)
    assert (status, body) == (200, b"0:")  # not taken: the app answers it, on a thread
    assert asked == ["v=3", "v=2"]


def test_an_early_answer_that_fails_leaves_the_request_to_the_app() -> None:
    def early(environ: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes] | None:
        raise OSError("the database folder is gone")

    status, _, body = answer(Scope(query_string="v=3"), Exchange(), early=early)
    assert (status, body) == (200, b"0:")


def test_a_request_with_a_body_is_never_answered_early() -> None:
    def early(environ: dict[str, Any]) -> tuple[int, list[tuple[str, str]], bytes] | None:
        raise AssertionError("asked about a request with a body")

    status, _, body = answer(Scope("POST", headers={"content-length": "3"}), Exchange([(0, b"Ann")]), early=early)
    assert (status, body) == (200, b"3:Ann")


def test_a_body_is_read_whole_before_the_app_runs() -> None:
    exchange = Exchange([(0, b"players="), (0.01, b"Ann")])
    status, _, body = answer(Scope("POST", headers={"content-length": "11"}), exchange)
    assert (status, body) == (200, b"11:players=Ann")


def test_a_chunked_body_is_handed_on_with_its_length() -> None:
    exchange = Exchange([(0, b"ab"), (0, b"cd")])
    status, _, body = answer(Scope("POST", headers={"transfer-encoding": "chunked"}), exchange)
    assert (status, body) == (200, b"4:abcd")


def test_a_body_announced_too_large_is_never_read_and_its_connection_closed() -> None:
    exchange = Exchange([(0, b"x" * 1000)])
    status, headers, body = answer(Scope("POST", headers={"content-length": "943718400"}), exchange)
    assert (status, body, exchange.read) == (413, b"too large", 0)
    assert headers["connection"] == "close"


def test_a_chunked_body_growing_too_large_stops_being_read() -> None:
    exchange = Exchange([(0, b"x" * 60)] * 100)
    status, headers, _ = answer(Scope("POST", headers={"transfer-encoding": "chunked"}), exchange)
    assert status == 413 and exchange.read == 120 and headers["connection"] == "close"


def test_a_body_too_slow_is_answered_408_and_its_connection_closed() -> None:
    exchange = Exchange([(0, b"players="), (5.0, b"Ann")])
    status, headers, _ = answer(Scope("POST", headers={"content-length": "11"}), exchange, within=0.05)
    assert status == 408 and headers["connection"] == "close"


def test_work_left_for_after_the_answer_runs_once_it_is_sent_and_a_failure_stops_none_after_it() -> None:
    exchange, ran = Exchange(), []

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def failing() -> None:
            raise RuntimeError("the disk is full")

        environ[LATER] += [lambda: ran.append(exchange.sent is not None), failing, lambda: ran.append("after")]
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"saved"]

    bridge = Bridge(app, threads=1, largest=100, body_within=1.0)
    with ThreadPoolExecutor(1) as runner:
        runner.submit(asyncio.run, bridge.__rsgi__(Scope(method="POST"), exchange)).result()  # type: ignore[arg-type]
    assert bridge.pool is not None
    bridge.pool.shutdown(wait=True)  # as the worker stops: the work left is done first
    assert exchange.sent == (200, [("Content-Type", "text/plain")], b"saved")
    assert ran == [True, "after"]  # the phone had its answer before the work ran


def test_the_proxy_headers_are_believed_from_the_trusted_proxy_only() -> None:
    seen: dict[str, Any] = {}

    def app(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        seen.update(environ)
        return []

    proxied = TrustedProxy(app, "127.0.0.1")
    forwarded = {"HTTP_X_FORWARDED_PROTO": "https", "HTTP_X_FORWARDED_HOST": "cards.example.org",
                 "HTTP_X_FORWARDED_FOR": "203.0.113.7", "HTTP_HOST": "127.0.0.1:8000",
                 "wsgi.url_scheme": "http"}  # fmt: skip
    proxied({**forwarded, "REMOTE_ADDR": "127.0.0.1"}, lambda *a: None)
    assert (seen["wsgi.url_scheme"], seen["HTTP_HOST"], seen["REMOTE_ADDR"]) == (
        "https",
        "cards.example.org",
        "203.0.113.7",
    )
    seen.clear()
    proxied({**forwarded, "REMOTE_ADDR": "192.168.1.50"}, lambda *a: None)
    assert seen["wsgi.url_scheme"] == "http" and seen["REMOTE_ADDR"] == "192.168.1.50"
    assert not any(name.startswith("HTTP_X_FORWARDED") for name in seen)


def test_a_process_may_hold_thousands_of_connections() -> None:
    assert connections_per_process() >= 4000  # the soft limit raised to the hard one where it was lower


def test_a_length_that_is_no_number_is_answered_400() -> None:
    status, headers, _ = answer(Scope("POST", headers={"content-length": "ten"}), Exchange())
    assert status == 400 and headers["connection"] == "close"
