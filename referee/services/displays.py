"""The table's screen (#44): a laptop's or a television's read-only page that follows the evening, on a link of its own.

Its link opens the evening as the viewer's does, so every write through it is refused (403) by the views that let
only the scorer's link in. It shows the evening's current game: the latest one being played, else the latest one
played (over, with the evening's settle-up); a game that starts after it is shown at once, without a touch.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.services.database import StorageError, cannot_write, path_of, unit_of_work
from referee.services.games import Book, books_of
from referee.services.payments import SettleUp, settle_up
from referee.storage import displays as stored
from referee.storage.evenings import Evening, evening_by_key

__all__ = ["Display", "display_link", "display_of", "display_version"]


def display_link(db: Database, evening: Evening) -> str | None:
    """The key of the evening's table's screen, made the first time it is asked for (an evening made before it has
    none); None on a disk that cannot be written (it is made once it can)."""
    if evening.display_key is not None:
        return evening.display_key
    try:
        with unit_of_work(db):
            stored.give_display_key(db, evening.id)
    except StorageError as error:
        if cannot_write(error, path_of(db)) is None:
            raise
        return None
    found = evening_by_key(db, evening.scorer_key)
    return None if found is None else found[0].display_key


def display_version(db: Database, key: str) -> str | None:
    """What the table's screen of link `key` shows, as a word that changes whenever it would (a game started, an entry
    written or corrected, a hand sent, a payment marked); None when `key` is no table's screen. One statement."""
    return stored.display_version(db, key)


@dataclass(frozen=True)
class Display:
    """What the table's screen shows of the evening now: the game shown (None before the first), the game finished
    just before it while the new one has no entry yet, and the evening's settle-up once the game shown is over."""

    evening: Evening
    book: Book | None
    finished: Book | None = None
    settled: SettleUp | None = None


def display_of(db: Database, evening: Evening) -> Display:
    """The evening as its table's screen shows it: the latest game being played, else the latest game (over, with the
    settle-up); the game finished before a game just begun."""
    books = books_of(db, evening.id)
    playing = [book for book in books if not book.state.over]
    shown = playing[-1] if playing else (books[-1] if books else None)
    if shown is None:
        return Display(evening, None)
    if shown.state.over:
        return Display(evening, shown, settled=settle_up(db, evening))
    before = [book for book in books if book.state.over and book.game.number < shown.game.number]
    return Display(evening, shown, before[-1] if before and not shown.entries else None)
