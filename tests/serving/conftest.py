"""A real `referee serve --workers 2` (granian, two processes on one SQLite file) on a free loopback port with an
instance folder of its own (tests/servers.py), and phones that keep their connection and know which process answers
them.

Which worker holds a connection is read from /proc: the server's side of the connection is a socket whose inode one
of the workers has open.
"""

from __future__ import annotations

import http.client
import json
import os
import time
from collections.abc import Iterator
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from tests.races.phones import Reply
from tests.servers import HOST, READY_WITHIN, Served, start_serve

OPEN: list[KeptPhone] = []  # every phone's connection, closed after each test


def start(folder: Path, workers: int = 2, port: int | None = None) -> Served:
    """Start `referee serve --workers N` on a fresh instance folder in `folder` (on `port`, else a free one); wait
    until every worker answers."""
    club = start_serve(folder, "--workers", str(workers), port=port)
    try:
        _wait_for_workers(club, workers)
    except BaseException:
        club.stop()
        raise
    return club


def _wait_for_workers(club: Served, workers: int) -> None:
    """Wait until `workers` processes have each answered the home page."""
    deadline, answered = time.monotonic() + READY_WITHIN, set()
    while time.monotonic() < deadline and len(answered) < workers:
        if club.process.poll() is not None:
            pytest.fail(f"referee serve stopped ({club.process.returncode}):\n{club.log_text()[-3000:]}")
        try:
            phone = KeptPhone(club)
            if phone.get("/").status == 200:
                answered.add(phone.process())
            phone.close()
        except OSError:
            time.sleep(0.1)
    if len(answered) < workers:
        pytest.fail(f"{len(answered)} of {workers} workers answered within {READY_WITHIN:.0f} s:\n{club.log_text()}")


def _server_socket_inode(port: int, client_port: int) -> str | None:
    """The inode of the server's side of the loopback connection from `client_port` to `port` (/proc/net/tcp)."""
    wanted_local, wanted_remote = f"{port:04X}", f"{client_port:04X}"
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if fields[1].endswith(f":{wanted_local}") and fields[2].endswith(f":{wanted_remote}"):
            return fields[9]
    return None


class KeptPhone:
    """A phone with one keep-alive connection (http.client) and its own cookies."""

    def __init__(self, club: Served, *, timeout: float = 30.0) -> None:
        self.club, self.cookies = club, {}
        self.connection = http.client.HTTPConnection(HOST, club.port, timeout=timeout)
        OPEN.append(self)
        self.connection.connect()
        self.opened = 1  # connections opened: one, unless the server closes it
        self.origin = f"{HOST}:{club.port}"  # as a link back to the server names it

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()

    def process(self) -> int:
        """The worker process that holds this phone's connection."""
        client_port = self.connection.sock.getsockname()[1]
        inode = _server_socket_inode(self.club.port, client_port)
        target = f"socket:[{inode}]"
        for pid in self.club.workers():
            for fd in Path(f"/proc/{pid}/fd").iterdir():
                try:
                    if os.readlink(fd) == target:
                        return pid
                except OSError:
                    continue
        raise AssertionError(f"no worker holds the connection from port {client_port}")

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Reply:
        """One request on the kept connection (a new one if the server closed it: counted in `opened`)."""
        sent = dict(headers or {})
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        if self.connection.sock is None:
            self.connection.connect()
            self.opened += 1
        self.connection.request(method, path, body=body, headers=sent)
        answer = self.connection.getresponse()
        text = answer.read().decode(errors="replace")  # a picture is bytes: its text is not read
        for cookie in answer.msg.get_all("Set-Cookie") or []:
            jar: SimpleCookie = SimpleCookie()
            jar.load(cookie)
            self.cookies.update({name: morsel.value for name, morsel in jar.items()})
        if answer.will_close:
            self.connection.close()
        return Reply(answer.status, {k.lower(): v for k, v in answer.getheaders()}, text)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Reply:
        """GET `path`."""
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: list[tuple[str, str]], *, htmx: bool = False) -> Reply:
        """POST a form to `path` (as htmx would with `htmx`)."""
        headers = {"Content-Type": "application/x-www-form-urlencoded", **({"HX-Request": "true"} if htmx else {})}
        return self.request("POST", path, urlencode(data).encode(), headers)

    def import_record(self, record: dict[str, Any]) -> str:
        """Send a record through `/import`, as its form does; the new evening's path."""
        form = self.get("/import").form("/import")
        reply = self.post(form.action, form.sent(text=json.dumps(record, ensure_ascii=False)))
        assert reply.status == 303 and reply.location, (reply.status, reply.text[:2000])
        return urlsplit(reply.location).path


def phone_on(club: Served, pid: int, *, tries: int = 64) -> KeptPhone:
    """A phone whose connection the worker `pid` holds (the kernel spreads connections over the workers)."""
    for _ in range(tries):
        phone = KeptPhone(club)
        phone.get("/")  # the connection accepted and answered: its worker is known
        if phone.process() == pid:
            return phone
        phone.close()
    raise AssertionError(f"no connection reached worker {pid} in {tries} tries")


@pytest.fixture(scope="package")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """`referee serve --workers 2` on a temporary instance folder, stopped at the end (no traceback in its log)."""
    running = start(tmp_path_factory.mktemp("club"))
    try:
        yield running
    finally:
        running.stop()
    assert "Traceback" not in running.log_text(), running.log_text()[-3000:]


@pytest.fixture(autouse=True)
def close_phones() -> Iterator[None]:
    """Every phone's connection closed once the test is over."""
    yield
    while OPEN:
        OPEN.pop().close()
