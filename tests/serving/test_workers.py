"""`referee serve --workers 2`: two processes on one SQLite file boot every time, share one secret key, lose and
double no entry when both take rounds at once, and never answer a poll with a stale version (issue #22).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import time
from collections.abc import Callable
from contextlib import closing
from html import unescape
from pathlib import Path

import pytest

from referee.heartbeat import SILENT_FOR
from referee.server import CRASH_WINDOW
from tests.events import rummy_round
from tests.races.phones import Reply, at_once
from tests.races.records import NEVER_OUT, TABLE, evening, game
from tests.servers import PROJECT, READY_WITHIN, Served, serve_command
from tests.serving.conftest import KeptPhone, phone_on, start

ROUNDS = 6  # rounds each phone posts


def live_url(html: str) -> str:
    """The poll's URL on a game page (`…/live?v=<version>`)."""
    found = re.search(r'id="poll"[^>]*hx-get="([^"]+)"|hx-get="([^"]+/live\?v=\d+)"', html)
    assert found, "no live poll on the page"
    return unescape(found.group(1) or found.group(2))


def post_rounds(phone: KeptPhone, page: str, rounds: int, losing: int) -> list[int]:
    """Post `rounds` rounds on the game at `page`, each from the form the last answer carried (a fresh page read
    after a refusal); every loser's hand is `losing` points. The statuses."""
    html, statuses = phone.get(page).text, []
    for number in range(rounds):
        form = Reply(200, {}, html).round_form()
        winner = TABLE[number % len(TABLE)]
        reply = phone.post(form.action, form.round(winner, {p: losing for p in TABLE if p != winner}), htmx=True)
        statuses.append(reply.status)
        html = reply.text if reply.status == 200 else phone.get(page).text
    return statuses


def losses(instance: Path, evening_key: str) -> list[tuple[int, set[int]]]:
    """Every entry stored for the evening's games: its game's number and the losers' points, read from the file."""
    query = (
        "SELECT games.number, event_revisions.event FROM event_revisions "
        "JOIN games ON games.id = event_revisions.game_id JOIN evenings ON evenings.id = games.evening_id "
        "WHERE evenings.scorer_key = ? ORDER BY event_revisions.id"
    )
    with closing(sqlite3.connect(f"file:{instance / 'referee.sqlite'}?mode=ro", uri=True)) as db:
        return [
            (number, set(json.loads(event)["hands"].values())) for number, event in db.execute(query, [evening_key])
        ]


def test_two_workers_boot_every_time_on_a_fresh_instance(tmp_path: Path) -> None:
    for attempt in range(4):
        club = start(tmp_path / str(attempt))
        try:
            assert len(club.workers()) == 2
            assert (club.instance / "secret_key").is_file()
        finally:
            club.stop()
        log = club.log_text()
        assert "locked" not in log and "Traceback" not in log and "ERROR" not in log, log


def test_a_form_read_from_one_worker_is_accepted_by_the_other_one_secret_key(club: Served) -> None:
    first, second = phone_on(club, club.workers()[0]), phone_on(club, club.workers()[1])
    second.cookies = first.cookies  # one phone whose two connections reach two processes
    form = first.get("/new").form("/new")
    reply = second.post(form.action, form.sent(title="Two processes", players="Ann\nBob"))
    assert reply.status == 303, reply.text[:500]


def test_rounds_taken_by_both_workers_at_once_are_each_kept_once(club: Served) -> None:
    setup = KeptPhone(club)
    home = setup.import_record(evening(game(options=NEVER_OUT), game(options=NEVER_OUT), game(options=NEVER_OUT)))
    left, right = phone_on(club, club.workers()[0]), phone_on(club, club.workers()[1])
    left.cookies, right.cookies = dict(setup.cookies), dict(setup.cookies)
    # Each phone its own game, then both the same game: a different loss each, so every entry says who sent it.
    own = at_once(
        lambda: post_rounds(left, f"{home}/games/1", ROUNDS, 3),
        lambda: post_rounds(right, f"{home}/games/2", ROUNDS, 4),
    )
    assert own == [[200] * ROUNDS, [200] * ROUNDS]
    shared = at_once(
        lambda: post_rounds(left, f"{home}/games/3", ROUNDS, 5),
        lambda: post_rounds(right, f"{home}/games/3", ROUNDS, 6),
    )
    stored = losses(club.instance, home.rsplit("/", 1)[-1])
    by_game = {number: [entry for n, entry in stored if n == number] for number in (1, 2, 3)}
    assert len(by_game[1]) == len(by_game[2]) == ROUNDS
    assert all(entry == {3} for entry in by_game[1]) and all(entry == {4} for entry in by_game[2])
    # The shared game: exactly the rounds answered 200 are stored, each once; the others were refused (409, 422).
    assert set(shared[0] + shared[1]) <= {200, 409, 422}
    assert sum(status == 200 for status in shared[0]) == sum(entry == {5} for entry in by_game[3])
    assert sum(status == 200 for status in shared[1]) == sum(entry == {6} for entry in by_game[3])
    assert len(by_game[3]) >= ROUNDS


@pytest.mark.parametrize("writer", [0, 1])
def test_a_poll_answered_by_the_other_worker_sees_a_write_at_once(club: Served, writer: int) -> None:
    scorer = phone_on(club, club.workers()[writer])
    home = scorer.import_record(evening(game(rummy_round("Ann", {"Bob": 2, "Cat": 3, "Dan": 4}), options=NEVER_OUT)))
    page = f"{home}/games/1"
    watcher = phone_on(club, club.workers()[1 - writer])
    poll = live_url(watcher.get(page).text)
    assert watcher.get(poll, {"HX-Request": "true"}).status == 304
    statuses = post_rounds(scorer, page, 1, 7)
    assert statuses == [200]
    fresh = watcher.get(poll, {"HX-Request": "true"})
    assert fresh.status == 200 and watcher.process() == club.workers()[1 - writer]
    assert live_url(fresh.text) != poll
    assert watcher.get(live_url(fresh.text), {"HX-Request": "true"}).status == 304


def test_a_second_server_on_the_same_port_is_refused_not_shared(club: Served, tmp_path: Path) -> None:
    (tmp_path / "instance").mkdir()
    command, env = serve_command(tmp_path / "instance", club.port)
    done = subprocess.run(command, cwd=PROJECT, env=env, capture_output=True, timeout=60)
    assert done.returncode == 2
    assert b"Address already in use" in done.stderr


def _serving(club: Served) -> bool:
    """Whether the server answers its home page now."""
    try:
        phone = KeptPhone(club, timeout=5.0)
        try:
            return phone.get("/").status == 200
        finally:
            phone.close()
    except OSError:
        return False


def _wait(condition: Callable[[], bool], within: float) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


def test_a_worker_killed_five_times_in_ten_seconds_leaves_the_server_serving(tmp_path: Path) -> None:
    club = start(tmp_path)
    try:
        began, survivor = time.monotonic(), club.workers()[1]
        for _ in range(5):  # the same worker each time: the one that is not the survivor, once it is started again
            assert _wait(lambda: len(club.workers()) == 2, READY_WITHIN), club.log_text()[-3000:]
            (victim,) = [pid for pid in club.workers() if pid != survivor]
            os.kill(victim, signal.SIGKILL)
            assert _wait(lambda: victim not in club.workers(), READY_WITHIN)  # noqa: B023 — waited for in this turn
        assert survivor in club.workers()
        assert time.monotonic() - began < CRASH_WINDOW  # every crash counted in one window of the back-off
        assert club.process.poll() is None, club.log_text()[-3000:]
        assert _wait(lambda: _serving(club), READY_WITHIN)
        assert _wait(lambda: len(club.workers()) == 2, READY_WITHIN), club.log_text()[-3000:]  # its back-off: 4 s
        assert club.process.poll() is None
        log = club.log_text()
        assert "crash loop" not in log and log.count("started again in") >= 5, log[-3000:]
    finally:
        club.stop()


def _holding(port: int) -> list[int]:
    """The processes listening on `port` (read from /proc: each listening socket's inode, then who has it open)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:  # LISTEN
                inodes.add(f"socket:[{fields[9]}]")
    holders = []
    for fd_folder in Path("/proc").glob("[0-9]*/fd"):
        try:
            if any(os.readlink(fd) in inodes for fd in fd_folder.iterdir()):
                holders.append(int(fd_folder.parent.name))
        except OSError:  # a process gone meanwhile, or not ours to read
            continue
    return holders


def test_the_parent_killed_leaves_no_worker_on_the_port_and_a_new_server_starts_there(tmp_path: Path) -> None:
    club = start(tmp_path / "first")
    workers = club.workers()
    try:
        club.process.kill()
        club.process.wait()
        assert _wait(lambda: not _holding(club.port), READY_WITHIN), f"still on the port: {_holding(club.port)}"
        # and each worker is gone soon after: a graceful stop, then an exit at most 3 s later (referee/server.py)
        gone = _wait(lambda: not [pid for pid in workers if _alive(pid)], READY_WITHIN)
        assert gone, [pid for pid in workers if _alive(pid)]
        again = start(tmp_path / "second", port=club.port)
        try:
            assert _serving(again)
        finally:
            again.stop()
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def _alive(pid: int) -> bool:
    """Whether `pid` runs (a zombie, whose parent never read its exit, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def test_a_worker_that_stops_answering_is_replaced_and_the_request_it_held_ends(tmp_path: Path) -> None:
    """#41: a worker stopped (SIGSTOP) shows no sign of life; the parent kills it once it has been silent for
    `SILENT_FOR` seconds (docs/scaling.md) and starts another, and the request it held ends with its connection."""
    assert SILENT_FOR < 30  # the stuck phone's own timeout: the kill comes first
    club = start(tmp_path)
    try:
        frozen, other = club.workers()
        stuck = phone_on(club, frozen)
        os.kill(frozen, signal.SIGSTOP)
        with pytest.raises(OSError) as ended:  # the worker killed: its connection closed under the request
            stuck.get("/")
        assert not isinstance(ended.value, TimeoutError)  # ended by the kill, not by the phone giving up (30 s)
        assert _wait(lambda: len(club.workers()) == 2 and frozen not in club.workers(), READY_WITHIN), club.log_tail()
        log = club.log_text()
        assert f"worker 1 (process {frozen})" in log or f"worker 2 (process {frozen})" in log, log[-3000:]
        assert "no sign of life" in log and log.count("no sign of life") == 1
        replaced = next(pid for pid in club.workers() if pid != other)
        for pid in (other, replaced):  # the server keeps serving, from both
            assert phone_on(club, pid).get("/").status == 200
        assert club.process.poll() is None
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(frozen, signal.SIGKILL)
        club.stop()
