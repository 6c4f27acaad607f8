"""A phone at the table, as the benchmarks drive one: a keep-alive HTTP/1.1 connection to 127.0.0.1 with its own
cookies (so its own session and CSRF token), reading pages and posting forms as the browser and htmx would.
"""

from __future__ import annotations

import gzip
import http.client
import json
import socket
import time
import zlib
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit

from bench import markup

HOST = "127.0.0.1"
# The errors a request can end in without an answer: counted by the scripts, never raised past them.
NETWORK_ERRORS = (OSError, http.client.HTTPException)


@dataclass(frozen=True)
class Reply:
    """One answer: status, headers (names in lower case), the body as it came over the wire, and the time taken."""

    status: int
    headers: dict[str, str]
    body: bytes
    ms: float

    @property
    def encoding(self) -> str:
        """The content coding the server used (`identity` when none)."""
        return self.headers.get("content-encoding", "identity")

    def text(self) -> str:
        """The body decoded (gzip and deflate by the standard library, br only when `brotli` is installed)."""
        body = self.body
        if self.encoding == "gzip":
            body = gzip.decompress(body)
        elif self.encoding == "deflate":
            body = zlib.decompress(body)
        elif self.encoding == "br":
            import brotli  # type: ignore[import-not-found]  # only when a server sends br to a phone asking for it

            body = brotli.decompress(body)
        return body.decode("utf-8", errors="replace")

    @property
    def location(self) -> str | None:
        """Where a redirect goes, as a path on this server."""
        found = self.headers.get("location") or self.headers.get("hx-redirect")
        return urlsplit(found).path if found else None


class Phone:
    """One phone: one keep-alive connection to the server on `port`, and its own cookie jar."""

    def __init__(self, port: int, *, timeout: float = 30.0, accept_encoding: str = "gzip") -> None:
        self.port, self.timeout, self.accept_encoding = port, timeout, accept_encoding
        self.cookies: dict[str, str] = {}
        self.connection: http.client.HTTPConnection | None = None
        self.opened = 0  # connections opened so far: one, unless the server closes them

    def close(self) -> None:
        """Close the connection (the next request opens another)."""
        if self.connection is not None:
            self.connection.close()
            self.connection = None

    def twin(self) -> Phone:
        """A second connection of the same phone (same cookies), as a double tap on a weak network opens."""
        other = Phone(self.port, timeout=self.timeout, accept_encoding=self.accept_encoding)
        other.cookies = self.cookies
        return other

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Reply:
        """Send one request and read the whole answer; a connection the server closed while idle is opened again."""
        sent = {"Accept-Encoding": self.accept_encoding, **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        start = time.perf_counter_ns()
        for attempt in (1, 2):
            reused = self.connection is not None
            if self.connection is None:
                self.connection = http.client.HTTPConnection(HOST, self.port, timeout=self.timeout)
                self.opened += 1
            try:
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
                data = response.read()
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                if reused and attempt == 1:
                    continue  # the keep-alive connection was closed while idle: a browser retries on a new one
                raise
            except BaseException:
                self.close()
                raise
            break
        took = (time.perf_counter_ns() - start) / 1e6
        for cookie in response.msg.get_all("Set-Cookie") or []:
            jar: SimpleCookie = SimpleCookie()
            jar.load(cookie)
            self.cookies.update({name: morsel.value for name, morsel in jar.items()})
        if response.will_close:
            self.close()
        return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data, took)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        """GET `path`."""
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: list[tuple[str, str]], headers: dict[str, str] | None = None) -> Reply:
        """POST a form (urlencoded) to `path`."""
        body = urlencode(data).encode()
        sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
        return self.request("POST", path, body=body, headers=sent)

    def htmx(self, page: str, target: str | None = None, token: str | None = None) -> dict[str, str]:
        """The headers htmx adds to a request made from `page`, swapping into `target`, with the CSRF token."""
        headers = {"HX-Request": "true", "HX-Current-URL": f"http://{HOST}:{self.port}{page}"}
        if target:
            headers["HX-Target"] = target
        if token:
            headers["X-CSRFToken"] = token
        return headers


def import_record(phone: Phone, record: dict[str, Any]) -> str:
    """Send a game or evening record to `/import` as its form does; the new evening's path (`/e/<key>`)."""
    page = phone.get("/import")
    hidden, text = markup.plain_form(page.text(), "/import")
    if page.status != 200 or text is None:
        raise SystemExit(f"/import: status {page.status}, or no text area to paste a record in")
    reply = phone.post("/import", [*hidden, (text, json.dumps(record, ensure_ascii=False, separators=(",", ":")))])
    if reply.status in (413, 429):
        raise SystemExit(f"/import refused the record with {reply.status} (too large, or too many imports a minute)")
    if reply.status not in (302, 303) or reply.location is None:
        raise SystemExit(f"/import refused the record: status {reply.status}\n{reply.text()[:2000]}")
    return reply.location


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port
