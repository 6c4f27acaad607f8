"""Groups: the regulars' page (its evenings, the ones being played first, and its players) and its next evening."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.services.games import open_book
from referee.storage.evenings import Evening, evenings_of, known_names
from referee.storage.games import games_of
from referee.storage.groups import Group, players_of

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


def _playing(db: Database, evening: Evening) -> bool:
    return any(not open_book(db, game).state.over for game in games_of(db, evening.id))


def group_page(db: Database, group: Group, *, scorer: bool) -> GroupPage:
    """The group's evenings, each with the link of the kind that opened the page (`scorer`'s or viewer's)."""
    evenings = evenings_of(db, group.id)
    listed = [GroupEvening(e, _playing(db, e), e.scorer_key if scorer else e.viewer_key) for e in evenings]
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
