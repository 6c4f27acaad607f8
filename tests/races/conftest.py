"""A real `referee serve` for the race tests, on a free loopback port with an instance folder (so a database) of
its own, and phones that talk to it.

`referee serve` reads its database from Flask's instance folder, which it finds from where the package lives, and
takes no option or environment variable for it. So the subprocess runs the installed `referee` console script
itself (`serve`: waitress, the app from `create_app()`), with only Flask's instance-folder lookup pointed at a
temporary folder.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.races.phones import Phone

PROJECT = Path(__file__).resolve().parents[2]
LAUNCH = """
import sys
from importlib.metadata import entry_points

import flask

instance = sys.argv.pop(1)
flask.Flask.auto_find_instance_path = lambda self: instance
(script,) = entry_points(group="console_scripts", name="referee")
sys.argv[0] = "referee"
sys.exit(script.load()())
"""
READY_WITHIN = 30.0


@dataclass(frozen=True)
class Server:
    """A running `referee serve`: its address, process and log."""

    base: str
    process: subprocess.Popen[bytes]
    instance: Path
    log: Path

    def payments(self, evening: str) -> list[tuple[str, str, int]]:
        """The payments stored for the evening at `evening` (`/e/<scorer key>`), read from the database."""
        key = evening.rsplit("/", 1)[-1]
        query = (
            "SELECT payer, payee, chips FROM payments JOIN evenings ON evenings.id = payments.evening_id "
            "WHERE evenings.scorer_key = ? ORDER BY payments.id"
        )
        uri = f"file:{self.instance / 'referee.sqlite'}?mode=ro"
        with closing(sqlite3.connect(uri, uri=True)) as db:
            return [(payer, payee, chips) for payer, payee, chips in db.execute(query, [key])]

    def log_tail(self, lines: int = 40) -> str:
        """The end of what the server printed."""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_until_ready(server: Server) -> None:
    deadline = time.monotonic() + READY_WITHIN
    phone = Phone(server.base)
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"referee serve stopped ({server.process.returncode}):\n{server.log_tail()}")
        try:
            if phone.get("/").status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    pytest.fail(f"referee serve did not answer within {READY_WITHIN:.0f} s:\n{server.log_tail()}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`referee serve --host 127.0.0.1 --port <free>` on a temporary instance folder, stopped at the end."""
    folder = tmp_path_factory.mktemp("serve")
    (folder / "instance").mkdir()
    # Many phones from one address import and post far faster than a table does: no rate limit here.
    (folder / "instance" / "config.py").write_text("RATELIMIT_ENABLED = False\n")
    log = folder / "serve.log"
    port = free_port()
    path = os.pathsep.join(filter(None, [str(PROJECT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    command = [sys.executable, "-c", LAUNCH, str(folder / "instance"), "serve", "--host", "127.0.0.1"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*command, "--port", str(port)], cwd=PROJECT, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    running = Server(f"http://127.0.0.1:{port}", process, folder / "instance", log)
    try:
        _wait_until_ready(running)
        yield running
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    assert "Traceback" not in log.read_text(errors="replace"), running.log_tail()


@pytest.fixture
def phones(server: Server) -> Callable[[], Phone]:
    """A new phone on the server, each with its own cookies."""
    return lambda: Phone(server.base)
