"""Snapshots between two real processes on one file: the process that replays a game keeps its snapshot, the other
opens the game from it, and neither ever shows a sheet older than the game, a correction in its middle included."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path

from referee.services.books import read_book
from referee.storage.db import connect
from referee.storage.games import current_events, games_of
from tests.races.phones import Reply
from tests.races.records import evening, long_game
from tests.servers import Served, eventually
from tests.serving.conftest import KeptPhone, phone_on
from tests.serving.test_workers import live_url, post_rounds

TOTALS = re.compile(r'<tr class="totals">(.*?)</tr>', re.DOTALL)
CELL = re.compile(r'<td class="num[^"]*">([^<]*)</td>')


def shown_totals(html: str) -> list[int]:
    """The totals row of a sheet, as shown."""
    found = TOTALS.search(html)
    assert found, "no totals row on the sheet"
    return [int(cell.replace("\u2212", "-")) for cell in CELL.findall(found.group(1))]


def replayed_totals(instance: Path, evening_key: str) -> tuple[int, list[int]]:
    """The game's version and each player's total, replayed from the file by this test's own process."""
    db = connect(instance / "referee.sqlite", migrate=False)
    (evening_id,) = db.execute("SELECT id FROM evenings WHERE scorer_key = ?", [evening_key]).fetchone()
    (game,) = games_of(db, evening_id)
    version = db.execute("SELECT version FROM games WHERE id = ?", [game.id]).fetchone()[0]
    book = read_book(game, current_events(db, game.id), version)
    state = book.state
    totals = [state.score_of(name) or 0 for name in game.players]
    db.close()
    return int(version), totals


def snapshot_version(instance: Path, evening_key: str) -> int | None:
    """The version of the game's snapshot in the file, if it has one."""
    query = (
        "SELECT s.version FROM snapshots AS s JOIN games AS g ON g.id = s.game_id "
        "JOIN evenings AS e ON e.id = g.evening_id WHERE e.scorer_key = ?"
    )
    with closing(sqlite3.connect(f"file:{instance / 'referee.sqlite'}?mode=ro", uri=True)) as db:
        row = db.execute(query, [evening_key]).fetchone()
    return None if row is None else int(row[0])


def check_sheet(watcher: KeptPhone, club: Served, page: str, key: str) -> None:
    """The watcher's live sheet shows the game as the file holds it now, at its version."""
    version, totals = replayed_totals(club.instance, key)
    fresh = watcher.get(f"{page}/live?v=0", {"HX-Request": "true"})
    assert fresh.status == 200
    assert live_url(fresh.text).endswith(f"v={version}")
    assert shown_totals(fresh.text) == totals


def test_two_workers_share_a_games_snapshot_and_never_show_a_stale_sheet(club: Served) -> None:
    writer, reader = club.workers()
    scorer, watcher = phone_on(club, writer), phone_on(club, reader)
    home = scorer.import_record(evening(long_game(30)))
    key, page = home.rsplit("/", 1)[-1], f"{home}/games/1"
    assert snapshot_version(club.instance, key) is None  # an import keeps none: the first to open it replays it
    watcher.get(page)
    version, _ = replayed_totals(club.instance, key)
    assert snapshot_version(club.instance, key) == version  # kept by the reader's process
    check_sheet(watcher, club, page, key)
    assert post_rounds(scorer, page, 3, 7) == [200, 200, 200]  # the writer opened the game from that snapshot
    check_sheet(watcher, club, page, key)
    edit = Reply(200, {}, scorer.get(f"{page}/events/5").text).round_form()  # round 5, corrected from the writer
    winner = edit.value("winner")
    loser = next(name for name in edit.hands if name != winner)
    reply = scorer.post(edit.action, edit.sent(**{edit.hand_fields[loser]: "50"}))
    assert reply.status == 303, reply.text[:500]
    check_sheet(watcher, club, page, key)  # the reader's kept book and the old snapshot are both behind: caught up
    assert post_rounds(scorer, page, 8, 2) == [200] * 8  # enough rounds for the writer to keep a new snapshot
    version, _ = replayed_totals(club.instance, key)
    # The writer saves it once the phone has its answer, on a thread of its own: waited for as the file shows it.
    eventually(lambda: snapshot_version(club.instance, key) == version, "the snapshot saved after the last answer")
    check_sheet(watcher, club, page, key)
