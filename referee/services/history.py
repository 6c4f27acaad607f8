"""A player's history: the games they sat in at one evening or over a group's evenings, each with its book."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from referee.services.games import Book, open_book
from referee.storage.evenings import Evening, evenings_of
from referee.storage.groups import Group, players_of
from referee.storage.history import EveningRef, PlayedGame, games_played

__all__ = ["EveningRef", "PlayedGame", "PlayerGames", "player_at_evening", "player_in_group"]


@dataclass(frozen=True)
class PlayerGames:
    """The games a player sat in (newest first) with their books, and the key that opens each game's evening."""

    name: str
    games: tuple[PlayedGame, ...]
    books: tuple[Book, ...]  # one a game, in the same order
    links: Mapping[int, str]  # evening id → its key of the same kind as the link that opened the page


def _games(db: Database, name: str, evenings: Sequence[Evening], scorer: bool) -> PlayerGames:
    games = tuple(games_played(db, name, [evening.id for evening in evenings]))
    links = {evening.id: evening.scorer_key if scorer else evening.viewer_key for evening in evenings}
    return PlayerGames(name, games, tuple(open_book(db, played.game) for played in games), links)


def player_at_evening(db: Database, evening: Evening, name: str, *, scorer: bool) -> PlayerGames | None:
    """`name`'s games at `evening`; None when `name` is not one of its players.

    An evening's link reaches its own evening's games only: the same name at another evening may be somebody else.
    """
    if name not in evening.players:
        return None
    return _games(db, name, [evening], scorer)


def player_in_group(db: Database, group: Group, name: str, *, scorer: bool) -> PlayerGames | None:
    """`name`'s games over the group's evenings; None for a name that never sat at one of them.

    The same name in another group may be somebody else: their games are not this group's to show.
    """
    evenings = evenings_of(db, group.id)
    if name not in players_of(evenings):
        return None
    return _games(db, name, evenings, scorer)
