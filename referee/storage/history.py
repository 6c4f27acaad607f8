"""A player's games across every evening: the games they sat in, each with its evening and its events."""

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


# A game's `players` are its seats (for Kaiser, its two teams' players), so one JSON lookup finds both kinds.
_EVENINGS_OF = """
    SELECT DISTINCT evenings.id, evenings.title, evenings.created_at
    FROM games
    JOIN json_each(games.players) AS seat
    JOIN evenings ON evenings.id = games.evening_id
    WHERE seat.value = ?
"""


def evenings_of(db: Database, name: str) -> list[EveningRef]:
    """The evenings where `name` sat in at least one game."""
    return [EveningRef(row["id"], row["title"] or "", row["created_at"]) for row in db.query(_EVENINGS_OF, [name])]


def games_played(db: Database, name: str) -> list[PlayedGame]:
    """Every stored game `name` sat in, at every evening, newest first."""
    played = [
        PlayedGame(evening, game)
        for evening in evenings_of(db, name)
        for game in games_of(db, evening.id)
        if name in game.players
    ]
    return sorted(played, key=lambda p: (p.game.created_at, p.evening.id, p.game.number), reverse=True)
