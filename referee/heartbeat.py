"""A worker's sign of life, and the parent that replaces a worker which shows none (docs/scaling.md, *A worker that
stops answering*).

A worker can stop answering without dying: stopped by a signal (SIGSTOP), frozen in a system call on a disk that
hangs, or its event loop stuck. The kernel still hands it new connections, and each of them waits. So every worker
beats: its event loop (the one that answers every request of the process) writes the time into its slot of a small
shared array every `BEAT_EVERY` seconds. The parent reads the array; a worker whose last beat is older than
`SILENT_FOR` is killed (SIGKILL, which a stopped process cannot ignore), its connections are closed by the kernel, so a
request stuck on it ends, and the supervisor starts it again as after any crash, with a line in the log.

The times are `time.monotonic()`, which on Linux is one clock for every process of the machine.
"""

from __future__ import annotations

import asyncio
import logging
import mmap
import os
import signal
import threading
import time
from collections.abc import Callable
from contextlib import suppress

BEAT_EVERY = 1.0  # seconds between two beats of a worker's event loop
# Seconds without a beat before a worker is replaced. A healthy loop beats every second even on a machine loaded ten
# times over (the beat is a few microseconds of work); the longest the app's own code holds the loop is a full garbage
# collection, under 0.3 s at 1,000 tables. A request caught on a frozen worker ends within this bound and a check.
SILENT_FOR = 10.0
CHECK_EVERY = 0.5  # seconds between two looks of the parent at the beats
DOUBLE = 8  # bytes of a beat

_log = logging.getLogger(__name__)


class Heartbeats:
    """One slot per worker, shared by the parent and the processes it forks: each slot holds its worker's last beat."""

    def __init__(self, workers: int) -> None:
        # Anonymous shared memory (no file, so a full disk does not matter): a fork shares it with its parent.
        self.slots = memoryview(mmap.mmap(-1, DOUBLE * max(workers, 1))).cast("d")
        self.slot: int | None = None  # in a worker: its own slot (set by the parent just before it forks it)

    def expect(self, slot: int) -> None:
        """In the parent, as it forks the worker of `slot`: the worker is alive as of now, and it beats in `slot`."""
        self.slots[slot] = time.monotonic()
        self.slot = slot

    def beat(self) -> None:
        """In a worker: it is alive now."""
        if self.slot is not None:
            self.slots[self.slot] = time.monotonic()

    def silence(self, slot: int, now: float | None = None) -> float:
        """The seconds since the worker of `slot` last beat."""
        return (time.monotonic() if now is None else now) - self.slots[slot]

    def beat_on(self, loop: asyncio.AbstractEventLoop, every: float = BEAT_EVERY) -> None:
        """In a worker: beat from `loop` now and every `every` seconds, for as long as the loop turns."""

        def beating() -> None:
            self.beat()
            loop.call_later(every, beating)

        loop.call_soon_threadsafe(beating)


def watch_workers(
    beats: Heartbeats,
    workers: Callable[[], dict[int, int]],
    stopping: Callable[[], bool],
    *,
    silent_for: float = SILENT_FOR,
    every: float = CHECK_EVERY,
) -> threading.Thread:
    """In the parent: kill each worker (`workers()`: slot → process id) whose last beat is older than `silent_for`,
    until `stopping()`; the supervisor then starts it again as after a crash."""

    def watching() -> None:
        while not stopping():
            now = time.monotonic()
            for slot, pid in workers().items():
                silence = beats.silence(slot, now)
                if silence > silent_for:
                    _log.error(
                        "referee serve: worker %s (process %s) has shown no sign of life for %.0f s: it is stopped "
                        "and started again",
                        slot + 1,
                        pid,
                        silence,
                    )
                    beats.slots[slot] = now  # killed once: the new worker's own beats take over
                    with suppress(ProcessLookupError):  # it died meanwhile: the supervisor saw it
                        os.kill(pid, signal.SIGKILL)
            time.sleep(every)

    watcher = threading.Thread(target=watching, name="referee-heartbeats", daemon=True)
    watcher.start()
    return watcher
