"""A game's book (its record, its entries and their replay at one version), and how a request opens one.

Opening a game is a read, never a replay of the whole game: from this process's cache when it holds this version
(`BOOKS`), else from the game's snapshot in the database (`referee.services.snapshots`), caught up with the
revisions written since. Only a game without a usable snapshot is replayed from its start, and its snapshot is
then written, so the next process to open it reads it. A write saves a snapshot every `EVERY` entries, in a short
write of its own after the entry's (`remember_written`), which the server runs once the phone has its answer.

Nothing here is ever stale: a remembered book and a snapshot are each used only as the version they say they are, with
exactly the revisions after it up to the version the request read. A corrected or deleted entry is a revision like
any other: the replay is kept up to the entry it changes, and done again from there.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace

from sqlite_utils import Database

from referee.rules.events import UnreadableEvent
from referee.rules.game import AnyEvent, AnyGame, AnyReplayed, Replayed, Rules, Unreadable
from referee.rules.game_record import GameRecord
from referee.services.cache import Cache
from referee.services.database import path_of, unit_of_work
from referee.services.snapshots import Payload, load, snapshot_of
from referee.storage import games as stored
from referee.storage import snapshots as stored_snapshots
from referee.storage.games import StoredEvent, StoredGame
from referee.storage.snapshots import Revision, Snapshot, VersionAndSnapshot

# A game's snapshot is written again once this many entries were replayed since it: opening a game then replays at
# most this many, and a write pickles its game once in this many (BENCHMARKS.md, *Snapshots*).
EVERY = 8
# The books a process remembers, one per game (its latest version seen), counted in entries since a book's memory
# grows with its game: about 70 games of 40 rounds, the games written to or read in the last few seconds of a club
# night. Every game is read from its snapshot in about a millisecond; a book remembered is about 1,300 objects that
# each full garbage collection walks (0.5 µs each on this machine), so a larger cache is a longer pause for every
# request.
REMEMBERED_ENTRIES = 3_000

Entry = StoredEvent  # one current entry: its slot (its place for good), its revision and its JSON


@dataclass(frozen=True)
class Book:
    """A game at one version: its record (rules, seats), its entries and their replay."""

    game: StoredGame
    record: GameRecord  # the game's rules and seats; its events are in `replayed`
    version: int
    entries: tuple[Entry, ...]
    replayed: AnyReplayed
    since: int = 0  # entries replayed since the game's snapshot (as far as this process knows)

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.record.rules

    @property
    def family(self) -> str:
        """The game's family: which events, sheet and screens it has."""
        return self.rules.family

    @property
    def state(self) -> AnyGame:
        """The game after every entry that replays."""
        return self.replayed.state

    def position_of(self, slot: int) -> int | None:
        """The position (from 1) of the entry at `slot`, or None when there is no such entry now (looked for from the
        last: the entry just written, most often)."""
        entries = self.entries
        return next((n for n in range(len(entries), 0, -1) if entries[n - 1].slot == slot), None)

    def entry(self, slot: int) -> Entry | None:
        """The current entry at `slot`, if any."""
        position = self.position_of(slot)
        return None if position is None else self.entries[position - 1]

    def payload(self) -> Payload:
        """What the game's snapshot keeps of this book: its record, entries and replay."""
        return (self.record, self.entries, self.replayed)


def _weight(book: Book) -> int:
    return len(book.entries) + 1


BOOKS: Cache[Book] = Cache(REMEMBERED_ENTRIES, weigh=_weight)  # one book per game, its latest version seen


def game_key(db: Database, game: StoredGame) -> Hashable:
    """What a game's book is remembered under: the database and the game (its creation tells a game from an earlier one
    of the same id, deleted since)."""
    return (path_of(db), game.id, game.created_at)


def book_key(db: Database, game: StoredGame, version: int) -> Hashable:
    """What the book of `game` at `version` is: the database, the game and its version."""
    return (*game_key(db, game), version)  # type: ignore[misc]


def open_book(db: Database, game: StoredGame, version: int | None = None) -> Book:
    """The game as it stands now (at `version`, when the caller has just read it): from the cache, caught up with the
    entries since the version it remembers; else from the game's snapshot and the entries since; else replayed once
    (and its snapshot saved)."""
    if version is None:
        version = stored.game_version(db, game.id)
    cached = BOOKS.get(game_key(db, game))
    if cached is not None and cached.game != game:  # another game since, under the same id (an evening replaced)
        cached = None
    if cached is not None and cached.version == version:
        return cached
    if cached is not None and cached.version < version:
        revisions = stored_snapshots.revisions_between(db, game.id, cached.version, version)
        book = applied(game, cached.payload(), revisions, version, cached.since)
    else:  # none remembered, or one later than the version the caller read: the version is read again with the snapshot
        found = stored_snapshots.version_and_snapshot(db, game.id)
        if cached is not None and cached.version == found.version:
            return cached
        book = caught_up(db, game, found)
        if book.since >= EVERY and not db.conn.in_transaction:
            book = _snapshot_saved(db, book)
    remember(db, book)
    return book


def remember(db: Database, book: Book) -> None:
    """Remember `book` as its game's in this process's cache, unless a later version of the game is remembered
    already (another thread's)."""
    key = game_key(db, book.game)
    cached = BOOKS.get(key)
    if cached is None or cached.version <= book.version:
        BOOKS.put(key, book)


Later = Callable[[Callable[[Database], object]], None]  # runs work on a database once the answer is sent


def remember_written(db: Database, book: Book, later: Later | None = None) -> Book:
    """A book just written, remembered as its game's. Once `EVERY` entries were replayed since the game's snapshot, the
    snapshot is saved in a write of its own: now, or with `later` once the phone has its answer (then the book
    remembered counts from it, whenever `later` runs it)."""
    due = book.since >= EVERY
    if due and later is None:
        book = _snapshot_saved(db, book)
    remember(db, book)
    if due and later is not None:
        later(lambda other: remember(other, _snapshot_saved(other, book)))
    return book


def _snapshot_saved(db: Database, book: Book) -> Book:
    """The book, once its snapshot is written in a write of its own (a replay done when opening the game)."""
    made = snapshot_of(book.payload(), book.game.id, book.version)
    if made is None:
        return book
    try:
        with unit_of_work(db):
            stored_snapshots.save_snapshot(db, book.game.id, made)
    except sqlite3.OperationalError:  # the file stayed locked by other writes: the next opening saves it instead
        return book
    return replace(book, since=0)


def caught_up(db: Database, game: StoredGame, found: VersionAndSnapshot) -> Book:
    """The game at the version `found` says: its snapshot with the revisions since, else replayed from the start."""
    payload, after = _usable(found.snapshot, game.id, found.version)
    if payload is None:
        book = replayed_from_start(db, game)
        # A snapshot refused (another instance's, changed, unreadable, past the game's version, a row of the wrong
        # types) is written again from this replay at once.
        refused = found.refused or found.snapshot is not None
        return replace(book, since=max(book.since, EVERY)) if refused else book
    revisions = stored_snapshots.revisions_between(db, game.id, after, found.version) if after < found.version else []
    return applied(game, payload, revisions, found.version)


def replayed_from_start(db: Database, game: StoredGame) -> Book:
    """The game replayed from its start: its version and its current entries read together, in one read."""
    db.execute("BEGIN")  # the version and the entries from one snapshot of the file: a write in between is not mixed in
    try:
        version = stored.game_version(db, game.id)
        events = stored.current_events(db, game.id)
    finally:
        db.conn.commit()
    return read_book(game, events, version)


def _usable(snapshot: Snapshot | None, game_id: int, version: int) -> tuple[Payload | None, int]:
    """The snapshot's payload and version, when it is this instance's, of this code's format and not past `version`."""
    if snapshot is None or snapshot.version > version:
        return None, 0
    payload = load(snapshot, game_id)
    return (payload, snapshot.version) if payload is not None else (None, 0)


def applied(game: StoredGame, payload: Payload, revisions: Sequence[Revision], version: int, since: int = 0) -> Book:
    """The book of `payload` (a record, its entries and their replay) after `revisions`, in order: the replay is kept up
    to the first entry they change, and done from there. `since`: the entries the payload replayed since the game's
    snapshot."""
    record, entries, replayed = payload
    if not revisions:
        return Book(game, record, version, entries, replayed, since)
    current = {entry.slot: entry for entry in entries}
    for revision in revisions:
        if revision.data is None:
            current.pop(revision.slot, None)
        else:
            current[revision.slot] = Entry(revision.slot, revision.revision, revision.data)
    now = tuple(current[slot] for slot in sorted(current))
    same = next(
        (n for n, (a, b) in enumerate(zip(entries, now, strict=False)) if _differ(a, b)), min(len(entries), len(now))
    )
    if same < len(entries):  # an entry changed or went: the replay is kept up to it
        same = min(same, len(replayed.steps))
        replayed = Replayed(replayed.start, replayed.steps[:same])
    extended = replayed.extended(parsed(record, now[same:], same + 1))
    return Book(game, record, version, now, extended, since + len(now) - same)


def _differ(one: Entry, other: Entry) -> bool:
    return (one.slot, one.revision) != (other.slot, other.revision)  # a slot's revision never changes its JSON


def parsed(record: GameRecord, entries: Sequence[Entry], first: int = 1) -> list[AnyEvent | Unreadable]:
    """Each entry read as an event of the game (its position counted from `first`); one that does not read is kept,
    unread, so that the replay stops there and the entry can still be corrected or deleted."""
    events: list[AnyEvent | Unreadable] = []
    for position, entry in enumerate(entries, start=first):
        try:
            events.append(record.parse_event(entry.data, position))
        except UnreadableEvent as error:
            events.append(Unreadable(entry.data, error))
    return events


def read_book(game: StoredGame, events: Sequence[StoredEvent], version: int = 0) -> Book:
    """Replay stored events as far as they go: an entry that no longer reads or replays stops the replay there.

    Such an entry is kept, unread, so that it can still be corrected or deleted.
    """
    record = stored.record_of(game)
    replayed = AnyReplayed(record.start()).extended(parsed(record, events))
    return Book(game, record, version, tuple(events), replayed, len(events))
