"""A phone for thousands of phones: one keep-alive HTTP/1.1 connection on asyncio streams, its own cookies.

`bench.phone.Phone` is a thread per phone on `http.client`: right for a hundred phones, too heavy for five thousand
on two cores, where the load generator would take the CPU the server needs. This one is a coroutine: it writes a
request, reads the status line and headers, then the body by its length (or its chunks), and opens a new connection
only when the server closed the last one (counted in `opened`). Bodies are gunzipped when the server sent gzip.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
import zlib
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from bench.phone import HOST


@dataclass(frozen=True)
class Answer:
    """One answer: status, headers (names in lower case, the last value of each), body (decoded), time taken."""

    status: int
    headers: dict[str, str]
    body: bytes
    ms: float

    def text(self) -> str:
        """The body as text."""
        return self.body.decode("utf-8", errors="replace")


@dataclass
class AsyncPhone:
    """One phone: one connection to the server on `port`, kept while the server keeps it."""

    port: int
    timeout: float = 10.0
    cookies: dict[str, str] = field(default_factory=dict)
    opened: int = 0
    reader: asyncio.StreamReader | None = None
    writer: asyncio.StreamWriter | None = None

    async def close(self) -> None:
        """Close the connection."""
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"") -> Answer:
        """Send one request and read its whole answer (within `timeout` seconds, connecting included)."""
        start = time.perf_counter()
        async with asyncio.timeout(self.timeout):
            for attempt in (1, 2):
                reused = self.writer is not None
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
                    self.opened += 1
                try:
                    answer = await self._exchange(method, path, headers or {}, body)
                    break
                except (ConnectionError, asyncio.IncompleteReadError):
                    await self.close()
                    if reused and attempt == 1:
                        continue  # the kept connection was closed while idle: a browser retries on a new one
                    raise
        took = (time.perf_counter() - start) * 1000
        return Answer(answer[0], answer[1], answer[2], took)

    async def _exchange(
        self, method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        if self.reader is None or self.writer is None:
            raise ConnectionError("not connected")
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}:{self.port}", "Accept-Encoding: gzip"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if self.cookies:
            lines.append("Cookie: " + "; ".join(f"{name}={value}" for name, value in self.cookies.items()))
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}")
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")[:-2]
        status = int(status_line.split(" ", 2)[1])
        found: dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                jar: SimpleCookie = SimpleCookie()
                jar.load(value)
                self.cookies.update({key: morsel.value for key, morsel in jar.items()})
            found[name] = value
        data = b""
        if "content-length" in found:
            data = await self.reader.readexactly(int(found["content-length"]))
        elif found.get("transfer-encoding", "").lower() == "chunked":
            while size := int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16):
                data += await self.reader.readexactly(size + 2)
                data = data[:-2]
            await self.reader.readuntil(b"\r\n")
        elif status not in (204, 304) and method != "HEAD":
            data = await self.reader.read()  # delimited by the end of the connection
        if found.get("content-encoding") == "gzip":
            data = zlib.decompress(data, wbits=31)
        if found.get("connection", "").lower() == "close":
            await self.close()
        return status, found, data

    async def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        """GET `path`."""
        return await self.request("GET", path, headers)

    async def post(self, path: str, data: list[tuple[str, str]], headers: dict[str, str] | None = None) -> Answer:
        """POST a form (urlencoded) to `path`."""
        sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
        return await self.request("POST", path, sent, urlencode(data).encode())
