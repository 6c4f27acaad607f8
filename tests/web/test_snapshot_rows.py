"""A game's snapshot row is data, never trusted (#41): whatever a column holds, the game's page answers 200, shows the
game as its entries replay, and the row is replaced by a snapshot of that replay."""

from __future__ import annotations

import json
import sqlite3

import pytest
from flask import Flask

from referee.services import snapshots
from referee.services.books import BOOKS, EVERY
from referee.storage.db import connect
from referee.storage.snapshots import version_and_snapshot
from referee.web.games.live import LIVE_SHEETS
from tests.web.conftest import Table

PLAYERS = ["A", "B", "C"]
# Every JSON type, as a database written by something else could hold it in a column (arrays and objects as text).
JSON_VALUES = [None, True, False, 0, -1, 7, 2**62, 1.5, "", "2/0/0", "text", [], [1, "a"], {}, {"version": 1}]


def _stored(value: object) -> object:
    return json.dumps(value) if isinstance(value, list | dict) else value


def _played(table: Table) -> tuple[str, int]:
    """A game with enough rounds to have a snapshot; its page and its id."""
    game = table.game(table.evening("\n".join(PLAYERS)), PLAYERS)
    for number in range(EVERY + 2):
        winner = PLAYERS[number % 3]
        hands = {name: 5 + number for name in PLAYERS if name != winner}
        assert table.round(game, winner, hands, PLAYERS).status_code == 303
    return game, int(game.rsplit("/", 1)[-1])


def _cold(app: Flask) -> None:
    """As a process that remembers nothing: no book, no sheet drawn for another phone."""
    BOOKS.clear()
    LIVE_SHEETS.clear()
    app.extensions["quiet_polls"].sheets.clear()


def _sheet(table: Table, game: str) -> str:
    answer = table.get(f"{game}/live?v=0", headers={"HX-Request": "true"})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


@pytest.mark.parametrize("column", ["version", "format", "state"])
def test_any_value_in_any_column_of_a_snapshot_row_is_refused_and_replaced(
    app: Flask, table: Table, column: str
) -> None:
    game, number = _played(table)
    db = connect(app.config["DATABASE"], migrate=False)
    (game_id,) = db.execute("SELECT id FROM games WHERE number = ?", [number]).fetchone()
    db.execute("DELETE FROM snapshots")
    db.conn.commit()
    _cold(app)
    replayed = _sheet(table, game)  # the game replayed from its entries alone
    assert version_and_snapshot(db, game_id).snapshot is not None  # and its snapshot written
    for value in JSON_VALUES:
        try:
            with db.conn:
                db.execute(f"UPDATE snapshots SET {column} = ? WHERE game_id = ?", [_stored(value), game_id])  # noqa: S608
        except sqlite3.IntegrityError:  # the column refuses it (NOT NULL): no row can hold it
            assert value is None
            continue
        _cold(app)
        assert _sheet(table, game) == replayed, (column, value)
        found = version_and_snapshot(db, game_id)
        assert found.snapshot is not None and snapshots.load(found.snapshot, game_id) is not None, (column, value)


def test_a_snapshot_past_the_games_version_is_replaced_at_the_first_open(app: Flask, table: Table) -> None:
    game, number = _played(table)
    db = connect(app.config["DATABASE"], migrate=False)
    (game_id, version) = db.execute("SELECT id, version FROM games WHERE number = ?", [number]).fetchone()
    found = version_and_snapshot(db, game_id).snapshot
    assert found is not None
    ahead = version + 5  # signed as this instance signs: only its version gives it away
    body = found.state[snapshots.SIGNATURE :]
    with db.conn:
        db.execute(
            "UPDATE snapshots SET version = ?, state = ? WHERE game_id = ?",
            [ahead, snapshots.signature(game_id, ahead, found.format, body) + body, game_id],
        )
    _cold(app)
    sheet = _sheet(table, game)
    again = version_and_snapshot(db, game_id).snapshot
    assert again is not None and again.version == version  # replaced at once, not replayed at every cold open
    _cold(app)
    assert _sheet(table, game) == sheet
