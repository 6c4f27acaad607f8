"""A player's games at one evening or at a group's evenings: the games they sat in, each with its evening."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from sqlite_utils import Database

from referee.storage.games import StoredGame, games_of


@dataclass(frozen=True)
class EveningRef:
    """The evening a game was played at: its title and when it started (never its links)."""

    id: int
    title: str
    created_at: str


@dataclass(frozen=True)
class PlayedGame:
    """One game a player sat in, with its evening."""

    evening: EveningRef
    game: StoredGame


_EVENING = "SELECT id, title, created_at FROM evenings WHERE id = ?"


def games_played(db: Database, name: str, evening_ids: Collection[int]) -> list[PlayedGame]:
    """The games `name` sat in at the evenings `evening_ids` (one evening's, or its group's), newest first.

    Those evenings only: a name is not a person (a stranger can make an evening with a player of the same name), so
    the history opened from an evening's or a group's link never reads another group's games, titles, scores or
    players.
    """
    played = []
    for evening_id in evening_ids:
        found = list(db.query(_EVENING, [evening_id]))
        if not found:
            continue
        evening = EveningRef(found[0]["id"], found[0]["title"] or "", found[0]["created_at"])
        # A game's `players` are its seats (for Kaiser, its two teams' players).
        played += [PlayedGame(evening, game) for game in games_of(db, evening_id) if name in game.players]
    return sorted(played, key=lambda p: (p.game.created_at, p.evening.id, p.game.number), reverse=True)
