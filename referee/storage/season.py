"""A group's season as stored: its evenings with their own ids, and every game of them with its version: two reads."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.storage.db import rows
from referee.storage.evenings import Evening, evening_of_row
from referee.storage.games import StoredGame
from referee.storage.games import _game as game_of_row  # the one reading of a game's row, shared with games.py


@dataclass(frozen=True)
class SeasonEvening:
    """One of the group's evenings, with its own id (the one its export carries: docs/rules.md §10)."""

    evening: Evening
    uid: str


@dataclass(frozen=True)
class SeasonGame:
    """One game of the group's evenings, and its version (a number that changes with every write to it)."""

    game: StoredGame
    version: int


def season_evenings(db: Database, group_id: int) -> list[SeasonEvening]:
    """The group's evenings, oldest first, each with its own id."""
    found = rows(db, "SELECT * FROM evenings WHERE group_id = ? ORDER BY created_at, id", [group_id])
    return [SeasonEvening(evening_of_row(row), str(row["uid"])) for row in found]


def season_games(db: Database, group_id: int) -> list[SeasonGame]:
    """Every game of the group's evenings with its version, in one statement: by evening, then by number."""
    found = rows(
        db,
        "SELECT g.* FROM games AS g JOIN evenings AS e ON e.id = g.evening_id WHERE e.group_id = ? "
        "ORDER BY e.created_at, e.id, g.number",
        [group_id],
    )
    return [SeasonGame(game_of_row(row), int(str(row["version"]))) for row in found]
