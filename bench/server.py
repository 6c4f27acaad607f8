"""A real `referee serve` for the benchmarks: started as a subprocess on a free 127.0.0.1 port, with a temporary
instance folder (so its own database and secret key), and killed when the benchmark ends.

`referee serve` takes no database flag and reads no environment variable for it: the database is
`referee.sqlite` in Flask's instance folder, found from where the package lives. So the subprocess runs the
installed `referee` console script exactly (its `serve` command: waitress, the app from `create_app()`), with
only Flask's instance-folder lookup pointed at the temporary folder. The app served is the one in this
project's folder (the folder holding `bench/`), first on the subprocess's path. The instance folder's
`config.py` lifts the limit on imports a minute (`REFEREE_IMPORT_LIMIT`, where the app has one), since the
benchmarks set their games up through `/import` from one address; nothing they time is limited.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.phone import NETWORK_ERRORS, Phone, free_port

PROJECT = Path(__file__).absolute().parent.parent
LAUNCH = """
import gc
import os
import sys
import time
from importlib.metadata import entry_points

import flask

if os.environ.get("REFEREE_BENCH_GC"):  # each full collection's pause, written to the log (bench.club --gc)
    started = [0.0]

    def timed(phase, info):
        if info["generation"] == 2:
            if phase == "start":
                started[0] = time.perf_counter()
            else:
                print(f"full gc {(time.perf_counter() - started[0]) * 1000:.1f} ms", file=sys.stderr, flush=True)

    gc.callbacks.append(timed)

instance = sys.argv.pop(1)
flask.Flask.auto_find_instance_path = lambda self: instance
(script,) = entry_points(group="console_scripts", name="referee")
sys.argv[0] = "referee"
sys.exit(script.load()())
"""
READY_WITHIN = 60.0
READY_EVERY = 0.01  # seconds between two asks of the home page: the start's figure is read to this (bench.versus)
CONFIG = 'REFEREE_IMPORT_LIMIT = "100000 per minute"  # the benchmark imports its games from one address\n'


@dataclass(frozen=True)
class Server:
    """A running `referee serve`: its port, process, instance folder and log."""

    port: int
    process: subprocess.Popen[bytes]
    instance: Path
    log: Path

    def pids(self) -> list[int]:
        """The server's process and its workers (its children, and theirs), from /proc."""
        found, queue = [], [self.process.pid]
        while queue:
            pid = queue.pop()
            found.append(pid)
            try:
                queue += [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
            except OSError:
                continue
        return found

    def cpu_seconds(self) -> float:
        """CPU time the server's processes have used so far (user and system), from /proc; 0 where there is none."""
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])
        return total / os.sysconf("SC_CLK_TCK")

    def resident_mb(self) -> dict[int, float]:
        """Each of the server's processes and its resident memory (VmRSS) in MB."""
        found = {}
        for pid in self.pids():
            try:
                for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        found[pid] = int(line.split()[1]) / 1024
            except OSError:
                continue
        return found

    def log_tail(self, lines: int = 20) -> str:
        """The end of the server's output."""
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def exceptions(self) -> Counter[str]:
        """The exceptions the server logged (the last line of each traceback), counted: what lies behind a 5xx."""
        lines = self.log.read_text(errors="replace").splitlines()
        found: Counter[str] = Counter()
        for number, line in enumerate(lines):
            if line.startswith("Traceback (most recent call last)"):
                last = next((text for text in lines[number + 1 :] if text and not text[0].isspace()), "?")
                found[last[:160]] += 1
        return found

    def full_collections(self) -> list[float]:
        """The pauses (ms) of the full garbage collections the server logged (with REFEREE_BENCH_GC set)."""
        found = []
        for line in self.log.read_text(errors="replace").splitlines():
            if line.startswith("full gc "):
                found.append(float(line.split()[2]))
        return found

    def warnings(self, word: str) -> int:
        """How many lines of the server's output contain `word` (waitress warns "Task queue depth is …")."""
        return sum(word in line for line in self.log.read_text(errors="replace").splitlines())


@contextmanager
def serve(extra: Sequence[str] = (), *, database: Path | None = None, launch: str = LAUNCH) -> Iterator[Server]:
    """Start `referee serve --host 127.0.0.1 --port <free> EXTRA…` on a temporary instance folder (holding a copy of
    `database`, if given); stop it at the end. `launch` may run another server on the same arguments."""
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        instance, log = Path(folder) / "instance", Path(folder) / "serve.log"
        instance.mkdir()
        (instance / "config.py").write_text(CONFIG)
        if database is not None:
            shutil.copyfile(database, instance / "referee.sqlite")
        port = free_port()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(PROJECT), os.environ.get("PYTHONPATH")]))}
        command = [sys.executable, "-c", launch, str(instance), "serve", "--host", "127.0.0.1", "--port", str(port)]
        command += extra
        with log.open("wb") as out:
            process = subprocess.Popen(command, cwd=PROJECT, env=env, stdout=out, stderr=subprocess.STDOUT)
        server = Server(port, process, instance, log)
        try:
            _wait_until_ready(server)
            yield server
        finally:
            workers = server.pids()[1:]
            process.terminate()
            try:
                process.wait(20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
                for pid in workers:  # the workers of a server that could not stop them in time, ended by their id
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        continue


def _wait_until_ready(server: Server) -> None:
    """Wait until the home page answers 200; stop with the server's output if it dies or takes too long."""
    deadline = time.monotonic() + READY_WITHIN
    phone = Phone(server.port, timeout=5)
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            raise SystemExit(f"referee serve stopped (status {server.process.returncode}):\n{server.log_tail()}")
        try:
            if phone.get("/").status == 200:
                phone.close()
                return
        except NETWORK_ERRORS:
            pass
        time.sleep(READY_EVERY)
    raise SystemExit(f"referee serve did not answer within {READY_WITHIN:.0f} s:\n{server.log_tail()}")
