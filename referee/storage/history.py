"""A player's games at one evening: the games they sat in, each with its evening and its events."""

from __future__ import annotations

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


def games_played(db: Database, name: str, evening_id: int) -> list[PlayedGame]:
    """The games `name` sat in at the evening `evening_id`, newest first.

    One evening only: a name is not a person (a stranger can make an evening with a player of the same name), so
    the history opened from an evening's link never reads another evening's games, titles, scores or players.
    """
    rows = list(db.query(_EVENING, [evening_id]))
    if not rows:
        return []
    evening = EveningRef(rows[0]["id"], rows[0]["title"] or "", rows[0]["created_at"])
    # A game's `players` are its seats (for Kaiser, its two teams' players).
    played = [PlayedGame(evening, game) for game in games_of(db, evening_id) if name in game.players]
    return sorted(played, key=lambda p: (p.game.created_at, p.game.number), reverse=True)
