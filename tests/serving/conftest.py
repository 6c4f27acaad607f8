"""A real `referee serve --workers 2` (granian, two processes on one SQLite file) on a free loopback port with an
instance folder of its own, and phones that keep their connection and know which process answers them.

The server is started as the race tests start theirs (tests/races/conftest.py): the installed `referee` console
script, with Flask's instance-folder lookup pointed at a temporary folder. Which worker holds a connection is read
from /proc: the server's side of the connection is a socket whose inode one of the workers has open.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

import pytest

from tests.races.conftest import LAUNCH, PROJECT, free_port
from tests.races.phones import Reply

READY_WITHIN = 30.0
HOST = "127.0.0.1"
OPEN: list[KeptPhone] = []  # every phone's connection, closed after each test


@dataclass(frozen=True)
class Club:
    """A running `referee serve --workers N`: its port, process, instance folder and log."""

    port: int
    process: subprocess.Popen[bytes]
    instance: Path
    log: Path

    def workers(self) -> list[int]:
        """The worker processes' ids (the server's children)."""
        pid = self.process.pid
        return sorted(int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split())

    def log_text(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 15 s)."""
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start(folder: Path, workers: int = 2, port: int | None = None) -> Club:
    """Start `referee serve --workers N` on a fresh instance folder in `folder` (on `port`, else a free one); wait
    until every worker answers."""
    instance = folder / "instance"
    instance.mkdir(parents=True, exist_ok=True)
    (instance / "config.py").write_text("RATELIMIT_ENABLED = False\n")  # many phones of one address here
    log, port = folder / "serve.log", port or free_port()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(PROJECT), os.environ.get("PYTHONPATH")]))}
    command = [sys.executable, "-c", LAUNCH, str(instance), "serve", "--host", HOST, "--port", str(port)]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*command, "--workers", str(workers)], cwd=PROJECT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    club = Club(port, process, instance, log)
    try:
        _wait_for_workers(club, workers)
    except BaseException:
        club.stop()
        raise
    return club


def _wait_for_workers(club: Club, workers: int) -> None:
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

    def __init__(self, club: Club, *, timeout: float = 30.0) -> None:
        self.club, self.cookies = club, {}
        self.connection = http.client.HTTPConnection(HOST, club.port, timeout=timeout)
        OPEN.append(self)
        self.connection.connect()
        self.opened = 1  # connections opened: one, unless the server closes it

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
        text = answer.read().decode()
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


def phone_on(club: Club, pid: int, *, tries: int = 64) -> KeptPhone:
    """A phone whose connection the worker `pid` holds (the kernel spreads connections over the workers)."""
    for _ in range(tries):
        phone = KeptPhone(club)
        phone.get("/")  # the connection accepted and answered: its worker is known
        if phone.process() == pid:
            return phone
        phone.close()
    raise AssertionError(f"no connection reached worker {pid} in {tries} tries")


@pytest.fixture(scope="package")
def club(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Club]:
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
