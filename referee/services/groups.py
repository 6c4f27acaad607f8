"""Groups: the regulars' page (its evenings, the ones being played first, and its players) and its next evening."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.services.books import book_key, open_book
from referee.services.cache import Cache
from referee.storage.evenings import Evening, evenings_of, known_names
from referee.storage.groups import Group, players_of
from referee.storage.season import SeasonGame, season_games

__all__ = ["Group", "GroupEvening", "GroupPage", "NextEvening", "group_page", "next_evening"]


@dataclass(frozen=True)
class GroupEvening:
    """One evening on the group's page: the evening, whether a game of it is still being played, and its link."""

    evening: Evening
    playing: bool
    key: str  # the evening's key of the same kind as the group's link that opened the page


@dataclass(frozen=True)
class GroupPage:
    """What the group's page shows: its evenings (the ones being played first, then newest first) and players."""

    group: Group
    evenings: tuple[GroupEvening, ...]
    players: tuple[str, ...]  # the newest evening's players in seat order, then the others by name


OVER: Cache[bool] = Cache(8192)  # whether a game is over, per (game, version): a group of 100 evenings of 10 games


def _over(db: Database, played: SeasonGame) -> bool:
    """Whether the game is over at its version: kept, or read from its book once (a version never changes)."""
    key = book_key(db, played.game, played.version)
    over = OVER.get(key)
    if over is None:
        over = bool(open_book(db, played.game, played.version).state.over)
        OVER.put(key, over)
    return over


def group_page(db: Database, group: Group, *, scorer: bool) -> GroupPage:
    """The group's evenings, each with the link of the kind that opened the page (`scorer`'s or viewer's)."""
    evenings = evenings_of(db, group.id)
    playing = {played.game.evening_id for played in season_games(db, group.id) if not _over(db, played)}
    listed = [GroupEvening(e, e.id in playing, e.scorer_key if scorer else e.viewer_key) for e in evenings]
    listed.sort(key=lambda item: not item.playing)  # a stable sort keeps newest first
    return GroupPage(group, tuple(listed), tuple(players_of(evenings)))


@dataclass(frozen=True)
class NextEvening:
    """What the form for the group's next evening starts from: its newest evening, and the names seen in it."""

    last: Evening | None  # the newest evening: its players, game and house rules fill in the form
    names: tuple[str, ...]  # the group's names only, never the whole server's


def next_evening(db: Database, group: Group) -> NextEvening:
    """The group's newest evening and every name seen at its evenings."""
    evenings = evenings_of(db, group.id)
    return NextEvening(evenings[0] if evenings else None, tuple(known_names(db, group.id)))
