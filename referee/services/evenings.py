"""Evenings: start one (alone, or as its group's next), and what the evening's page shows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from sqlite_utils import Database

from referee.rules.table import rules_for
from referee.services.games import Book, open_book
from referee.storage.evenings import Evening, create_evening
from referee.storage.games import StoredGame, create_game, games_of
from referee.storage.groups import Group, group_of
from referee.storage.rulings import Ruling, rulings_of

# `create_game` is here for the start-a-game views only, until they call `referee.services.games.start_game`.
__all__ = [
    "Evening", "EveningPage", "Group", "Ruling", "StoredGame", "create_game", "evening_page", "games_of", "start_evening",
]  # fmt: skip


def start_evening(
    db: Database,
    *,
    title: str,
    players: Sequence[str],
    preset: str,
    house: Mapping[str, str],
    chip_value: Decimal,
    currency: str,
    group_id: int | None = None,
) -> Evening:
    """A new evening under `preset` with the house rules typed (`house`, checked by its form), in the group
    `group_id`, else in a new group of its own."""
    return create_evening(
        db,
        title=title,
        players=players,
        preset=preset,
        options=rules_for(preset, house).changed(),  # only what the house changes is kept
        chip_value=chip_value,
        currency=currency.strip().upper(),
        group_id=group_id,
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
