"""Evenings: start one (alone, or as its group's next), and what the evening's page shows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from sqlite_utils import Database

from referee.rules.families import rules_for
from referee.services.database import unit_of_work
from referee.services.games import Book, open_book
from referee.storage.evenings import Evening, create_evening
from referee.storage.games import StoredGame, games_of
from referee.storage.groups import Group, group_of
from referee.storage.rulings import Ruling, rulings_of

__all__ = [
    "Evening", "EveningPage", "Group", "NewEvening", "Ruling", "StoredGame", "evening_page", "games_of",
    "start_evening",
]  # fmt: skip


@dataclass(frozen=True)
class NewEvening:
    """An evening to start: its title, players in seat order, game, house rules as typed, and a chip's value."""

    title: str
    players: tuple[str, ...]
    preset: str
    house: Mapping[str, str]  # the options the house changes, as typed (their form checked them)
    chip_value: Decimal
    currency: str


def start_evening(
    db: Database, new: NewEvening, group_id: int | None = None, *, submission: str | None = None
) -> Evening:
    """Start `new` in the group `group_id`, else in a new group of its own; only what the house changes is kept.

    `submission` is the form's one-time key: sent twice (a double tap, a resend), it opens the evening made the first
    time. One unit of work: the evening, its one-time key and its players' names are written together.
    """
    options = rules_for(new.preset, new.house).changed()
    with unit_of_work(db):
        return create_evening(
            db,
            title=new.title,
            players=new.players,
            preset=new.preset,
            options=options,
            chip_value=new.chip_value,
            currency=new.currency.strip().upper(),
            group_id=group_id,
            submission=submission,
        )


@dataclass(frozen=True)
class EveningPage:
    """What the evening's page shows: its games as they stand, its rulings, and its group (the scorer's only)."""

    evening: Evening
    books: tuple[Book, ...]  # the evening's games, in the order they were started
    rulings: tuple[Ruling, ...]  # newest first
    group: Group | None  # None through the viewer's link: it opens this evening and nothing else


def evening_page(db: Database, evening: Evening, *, scorer: bool) -> EveningPage:
    """The evening's games, rulings and (for its scorer) group."""
    books = tuple(open_book(db, game) for game in games_of(db, evening.id))
    return EveningPage(evening, books, tuple(rulings_of(db, evening.id)), group_of(db, evening) if scorer else None)
