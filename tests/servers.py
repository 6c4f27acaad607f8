"""`referee serve` started for a test, as a subprocess on a free loopback port with an instance folder (so a database
and a secret key) of its own: the races' server (tests/races), the serving tests' club of workers (tests/serving).

`referee serve` reads its database from Flask's instance folder, which it finds from where the package lives, and
takes no option or environment variable for it. So the subprocess runs the installed `referee` console script
itself (`serve`: the app from `create_app()`), with only Flask's instance-folder lookup pointed at a temporary
folder.

Two servers are not this one, on purpose: the browser tests (tests/e2e/conftest.py, `live_app`) serve the app in
their own process with werkzeug's threaded server, so that the session can seed its database beside it; the
request-cost tests (tests/web/test_request_cost.py) serve it in their process with one waitress thread, so that
every SQL statement it runs is traced. tests/test_packaging.py starts `referee serve` from the installed wheel, not
from the checkout.
"""

from __future__ import annotations

import http.client
import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
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
HOST = "127.0.0.1"
READY_WITHIN = 30.0


def eventually(check: Callable[[], bool], what: str, within: float = READY_WITHIN) -> None:
    """Wait until `check()` holds: what a server does after its answer (a snapshot saved, a worker started again) is
    waited for as it shows, never for a fixed moment; `what` is said if it never does within `within` seconds."""
    deadline = time.monotonic() + within
    while not check():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not seen within {within:.0f} s")
        time.sleep(0.05)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True)
class Served:
    """A running `referee serve`: its port, process, instance folder and log."""

    port: int
    process: subprocess.Popen[bytes]
    instance: Path
    log: Path

    @property
    def base(self) -> str:
        """Its address, to which a phone adds the path."""
        return f"http://{HOST}:{self.port}"

    def log_text(self) -> str:
        """What the server printed so far."""
        return self.log.read_text(errors="replace")

    def log_tail(self, lines: int = 40) -> str:
        """The end of what the server printed."""
        return "\n".join(self.log_text().splitlines()[-lines:])

    def workers(self) -> list[int]:
        """The worker processes' ids (the server's children)."""
        pid = self.process.pid
        return sorted(int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split())

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL after 15 s)."""
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def serve_command(instance: Path, port: int, *args: str) -> tuple[list[str], dict[str, str]]:
    """The command line and environment of `referee serve --host 127.0.0.1 --port PORT ARGS` on `instance`."""
    path = os.pathsep.join(filter(None, [str(PROJECT), os.environ.get("PYTHONPATH")]))
    command = [sys.executable, "-c", LAUNCH, str(instance), "serve", "--host", HOST, "--port", str(port), *args]
    return command, {**os.environ, "PYTHONPATH": path}


def start_serve(folder: Path, *args: str, port: int | None = None) -> Served:
    """`referee serve ARGS` on a fresh instance folder in `folder`, on `port` or a free one, once it answers its home
    page; no rate limit, since many phones of one address post far faster than a table does."""
    instance = folder / "instance"
    instance.mkdir(parents=True, exist_ok=True)
    config = instance / "config.py"
    if not config.exists():  # a server started again on the same folder (which may be read-only by then) keeps it
        config.write_text("RATELIMIT_ENABLED = False\n")
    log, port = folder / "serve.log", port or free_port()
    command, env = serve_command(instance, port, *args)
    with log.open("wb") as out:
        process = subprocess.Popen(command, cwd=PROJECT, env=env, stdout=out, stderr=subprocess.STDOUT)
    served = Served(port, process, instance, log)
    try:
        _wait_until_ready(served)
    except BaseException:
        served.stop()
        raise
    return served


def _answers(served: Served) -> bool:
    connection = http.client.HTTPConnection(HOST, served.port, timeout=READY_WITHIN)
    try:
        connection.request("GET", "/")
        return connection.getresponse().status == 200
    finally:
        connection.close()


def _wait_until_ready(served: Served) -> None:
    deadline = time.monotonic() + READY_WITHIN
    while time.monotonic() < deadline:
        if served.process.poll() is not None:
            pytest.fail(f"referee serve stopped ({served.process.returncode}):\n{served.log_tail()}")
        try:
            if _answers(served):
                return
        except OSError:
            pass
        time.sleep(0.1)
    pytest.fail(f"referee serve did not answer within {READY_WITHIN:.0f} s:\n{served.log_tail()}")
