"""The scorebook: the one way between the web and storage and the rules for a game's sheet and its entries.

A view calls one function per request: `open_book` to show a game, `record` to add an entry, `correct` to
change or delete one. Each replays the game at most once, and usually not at all: the replayed game is kept
per (game, version), and a new entry is checked and applied onto the replay of the version the write is
based on. The write itself only confirms, inside its short transaction, that the version is unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlite_utils import Database

from referee.rules.events import EventError
from referee.rules.game import Kind, Replayed, Unreadable
from referee.rules.record import GameRecord
from referee.rules.table import Family, Rules
from referee.rules.words import say
from referee.services.cache import Cache
from referee.storage import games as stored
from referee.storage.games import StoredEvent, StoredGame, VersionChanged

TRIES = 5  # a write whose game moved on meanwhile is decided again on the new version, this many times at most
BOOKS: Cache[Book] = Cache()


class StaleEdit(ValueError):
    """An edit made on a version of an entry that someone else has changed since."""


class Busy(RuntimeError):
    """The game kept changing under a write: too many phones writing at once."""


PLAYED = (Kind.ROUND, Kind.VOID, Kind.HAND, Kind.PASSED)  # entries that take a round's (or a deal's) place


class Clash(Exception):
    """Another phone recorded a different round (or hand) since this phone's sheet: the scorer must choose.

    Never two rounds for one: the entry is not written; `slot` is the entry recorded meanwhile.
    """

    def __init__(self, book: Book, slot: int) -> None:
        super().__init__(slot)
        self.book, self.slot = book, slot


Entry = StoredEvent  # one current entry: its slot (its place for good), its revision and its JSON


@dataclass(frozen=True)
class Book:
    """A game at one version: its record (rules, seats), its entries and their replay."""

    game: StoredGame
    record: GameRecord  # the game's rules and seats; its events are in `replayed`
    version: int
    entries: tuple[Entry, ...]
    replayed: Replayed

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.record.rules

    @property
    def family(self) -> Family:
        """The game's family: which events, sheet and screens it has."""
        return self.rules.family

    @property
    def state(self) -> Any:
        """The game after every entry that replays."""
        return self.replayed.state

    def position_of(self, slot: int) -> int | None:
        """The position (from 1) of the entry at `slot`, or None when there is no such entry now."""
        return next((n for n, entry in enumerate(self.entries, start=1) if entry.slot == slot), None)

    def entry(self, slot: int) -> Entry | None:
        """The current entry at `slot`, if any."""
        position = self.position_of(slot)
        return None if position is None else self.entries[position - 1]


def _where(db: Database) -> str:
    """The database file, so that two databases' games never share a cache entry."""
    path: str | None = getattr(db, "referee_path", None)
    if path is None:
        path = str(db.execute("PRAGMA database_list").fetchone()[2])
        db.referee_path = path  # type: ignore[attr-defined]
    return path


def _key(db: Database, game: StoredGame, version: int) -> Hashable:
    return (_where(db), game.id, game.created_at, version)


def open_book(db: Database, game: StoredGame) -> Book:
    """The game as it stands now: from the cache when this version was seen, else read and replayed once."""
    version = stored.game_version(db, game.id)
    cached = BOOKS.get(_key(db, game, version))
    if cached is not None:
        return cached
    db.execute("BEGIN")  # the version and the events read from one snapshot: a write in between is not mixed in
    try:
        version = stored.game_version(db, game.id)
        events = stored.current_events(db, game.id)
    finally:
        db.conn.commit()
    book = read_book(game, events, version)
    BOOKS.put(_key(db, game, version), book)
    return book


def read_book(game: StoredGame, events: Sequence[StoredEvent], version: int = 0) -> Book:
    """Replay stored events as far as they go: an entry that no longer reads or replays stops the replay there.

    Such an entry is kept, unread, so that it can still be corrected or deleted.
    """
    record = stored.record_of(game)
    parsed: list[Any] = []
    for position, event in enumerate(events, start=1):
        try:
            parsed.append(record.parse_event(event.data, position))
        except EventError as error:
            parsed.append(Unreadable(event.data, error))
    replayed = Replayed(record.start()).extended(parsed)
    entries = tuple(events)
    return Book(game, record, version, entries, replayed)


class Done(StrEnum):
    """What became of an entry a phone sent."""

    RECORDED = "recorded"  # written now
    REPEATED = "repeated"  # this very form was recorded before (a double tap, a resend): nothing new written
    ALREADY_THERE = "already_there"  # another phone recorded the very same entry since this one's sheet


@dataclass(frozen=True)
class Outcome:
    """An entry accepted: what became of it, its slot, and the game after it."""

    done: Done
    slot: int
    book: Book


def record(db: Database, game: StoredGame, event: Any, *, key: str | None = None, seen: int | None = None) -> Outcome:
    """Add `event` to the game: checked by the rules on the game as it stands, written once.

    `key` is the form's one-time key (a form sent twice is recorded once); `seen` the game's version the
    form was filled on: the very same entry recorded since from another phone is kept once.
    EventError says why the rules refuse it; nothing is written then.
    """
    for _ in range(TRIES):
        book = open_book(db, game)
        resent = stored.by_submission(db, key)
        if resent is not None:
            return Outcome(Done.REPEATED, resent.slot, book)
        same = _same_since(db, book, event, seen)
        if same is not None:
            stored.keep_once(db, game.id, same, key)  # a resend of this form, even after an undo, is kept once too
            return Outcome(Done.ALREADY_THERE, same, book)
        clash = _clash_since(db, book, event, seen)
        if clash is not None:
            raise Clash(book, clash)
        after = book.replayed.then(event)  # EventError: refused, nothing written
        data = event.as_json()
        try:
            written = stored.append_event(db, game.id, book.version, data, key)
        except VersionChanged:
            continue
        if written.repeated:
            return Outcome(Done.REPEATED, written.slot, open_book(db, game))
        entries = (*book.entries, Entry(written.slot, 0, data))
        new = Book(game, book.record, written.version, entries, after)
        BOOKS.put(_key(db, game, written.version), new)
        return Outcome(Done.RECORDED, written.slot, new)
    raise Busy(say("too many phones are writing to this game at once: try again"))


def _same_since(db: Database, book: Book, event: Any, seen: int | None) -> int | None:
    """The slot of an entry recorded after version `seen` that still stands and is `event` exactly."""
    if seen is None or seen == book.version:
        return None
    new = stored.added_since(db, book.game.id, seen)
    wanted = event.as_json()
    return next((entry.slot for entry in book.entries if entry.slot in new and entry.data == wanted), None)


def _clash_since(db: Database, book: Book, event: Any, seen: int | None) -> int | None:
    """The slot of a round (or hand) another phone recorded after version `seen`, when `event` is one too."""
    if seen is None or seen == book.version or event.kind not in PLAYED:
        return None
    new = stored.added_since(db, book.game.id, seen)
    return next((entry.slot for entry in book.entries if entry.slot in new and entry.data.get("type") in PLAYED), None)


def correct(
    db: Database, game: StoredGame, slot: int, event: Any | None, based_on: int, *, key: str | None = None
) -> Outcome:
    """Replace the entry at `slot` with `event` (delete it when None), made from its revision `based_on`.

    Only the entries from the corrected one on are replayed. StaleEdit when someone changed the entry since;
    EventError when the corrected game does not replay (its position says which entry fails).
    """
    for _ in range(TRIES):
        book = open_book(db, game)
        resent = stored.by_submission(db, key)
        if resent is not None:
            return Outcome(Done.REPEATED, resent.slot, book)
        position = book.position_of(slot)
        if position is None:
            raise StaleEdit(say("this event has been deleted meanwhile"))
        current = book.entries[position - 1]
        if current.revision != based_on:
            raise StaleEdit(say("someone changed this event meanwhile: look at it again before changing it"))
        after = book.replayed.corrected(position, event)
        if after.refusal is not None:
            raise after.refusal
        data = None if event is None else event.as_json()
        try:
            written = stored.revise_event(db, game.id, book.version, slot, current.revision + 1, data, key)
        except VersionChanged:
            continue
        if written.repeated:
            return Outcome(Done.REPEATED, written.slot, open_book(db, game))
        entries = tuple(
            Entry(slot, written.revision, data) if entry.slot == slot and data is not None else entry
            for entry in book.entries
            if entry.slot != slot or data is not None
        )
        new = Book(game, book.record, written.version, entries, after)
        BOOKS.put(_key(db, game, written.version), new)
        return Outcome(Done.RECORDED, slot, new)
    raise Busy(say("too many phones are writing to this game at once: try again"))


def game_record(book: Book) -> GameRecord:
    """The game's record as it stands: its rules and seats with every current entry (RecordError if one is bad)."""
    return stored.record_of(book.game, book.entries)
