"""A worker's sign of life (#41): its event loop beats; the parent kills a worker whose beats stopped."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from pathlib import Path

import pytest

from referee.heartbeat import Heartbeats, watch_workers


def test_a_worker_s_loop_beats_into_the_slot_its_parent_gave_it() -> None:
    beats = Heartbeats(2)
    beats.expect(1)
    beats.slots[1] = 0.0  # as if it had never beaten
    loop = asyncio.new_event_loop()
    try:
        beats.beat_on(loop, every=0.01)
        loop.run_until_complete(asyncio.sleep(0.05))
    finally:
        loop.close()
    assert beats.silence(1) < beats.silence(0) + 1  # it beat since it was expected
    assert beats.slots[1] > 0.0


def test_a_beat_in_a_forked_worker_is_seen_by_its_parent() -> None:
    beats = Heartbeats(1)
    beats.expect(0)
    beats.slots[0] = 0.0
    child = os.fork()
    if child == 0:  # the worker
        beats.beat()
        os._exit(0)
    os.waitpid(child, 0)
    assert beats.slots[0] > 0.0


def _living(pid: int) -> bool:
    """Whether `pid` runs or is stopped (not a zombie, killed but not yet waited for)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0] != "Z"
    except OSError:
        return False


def test_a_stopped_worker_is_killed_and_said_once(caplog: pytest.LogCaptureFixture) -> None:
    beats = Heartbeats(1)
    child = os.fork()
    if child == 0:  # a worker that stops without ever beating again
        os.kill(os.getpid(), signal.SIGSTOP)
        os._exit(0)
    beats.expect(0)
    stopped = False
    with caplog.at_level(logging.ERROR):
        watch_workers(beats, lambda: {0: child} if _living(child) else {}, lambda: stopped, silent_for=1.0, every=0.02)
        _, status = os.waitpid(child, 0)  # waits for the kill: the child never exits by itself
        stopped = True
    assert os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL
    said = [record.getMessage() for record in caplog.records if "no sign of life" in record.getMessage()]
    assert len(said) == 1 and f"process {child}" in said[0]
