"""The games service: a game's book (its entries and their replay), and every write to it.

A view calls one function per request: `open_game` to show a game (its link, its game and its version read in
one statement), `add_entry` to add an entry, `correct` to change or delete one, `start_game` and `rematch` to
make one. Each replays the game at most once, and usually not at all: the replayed game is kept per (game,
version), and a new entry is checked and applied onto the replay of the version the write is based on. The
write itself only confirms, inside its short transaction, that the version is unchanged.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlite_utils import Database

from referee.rules.answers import StockAnswer, StockCall
from referee.rules.events import EntryError, UnreadableEvent
from referee.rules.families import AnyEvent, AnyGame
from referee.rules.game import Kind, Replayed, Unreadable
from referee.rules.game_record import GameRecord
from referee.rules.table import Family, Rules
from referee.rules.words import say
from referee.services.cache import Cache
from referee.storage import games as stored
from referee.storage.evenings import Evening
from referee.storage.games import Change, StoredEvent, StoredGame, VersionChanged, games_of

__all__ = [
    "Book", "Busy", "Change", "Clash", "Done", "Entry", "Evening", "GameAt", "Outcome", "StaleEdit", "StoredGame",
    "add_entry", "books_of", "changes", "correct", "ever_recorded", "games_of", "open_book", "open_game", "rematch",
    "start_game", "version_behind",
]  # fmt: skip

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
    replayed: Replayed[AnyGame, AnyEvent]

    @property
    def rules(self) -> Rules:
        """The rules in force."""
        return self.record.rules

    @property
    def family(self) -> Family:
        """The game's family: which events, sheet and screens it has."""
        return self.rules.family

    @property
    def state(self) -> AnyGame:
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


@dataclass(frozen=True)
class GameAt:
    """What a game's link opens: the evening, whether the link is the scorer's, and the game's book."""

    evening: Evening
    scorer: bool
    book: Book


def open_game(db: Database, key: str, number: int) -> GameAt | None:
    """Game `number` of the evening behind link `key`, as it stands now; None when there is no such game.

    One statement when this version of the game was replayed before (the usual case), else a read and a replay.
    """
    behind = stored.game_behind(db, key, number)
    if behind is None:
        return None
    return GameAt(behind.evening, behind.scorer, open_book(db, behind.game, behind.version))


def version_behind(db: Database, key: str, number: int) -> int | None:
    """The version of game `number` of the evening behind `key` (what a polling phone compares), in one statement."""
    behind = stored.game_behind(db, key, number)
    return None if behind is None else behind.version


def books_of(db: Database, evening_id: int) -> list[Book]:
    """The books of an evening's games, in the order they were started."""
    return [open_book(db, game) for game in games_of(db, evening_id)]


def open_book(db: Database, game: StoredGame, version: int | None = None) -> Book:
    """The game as it stands now (at `version`, when the caller has just read it): from the cache when this version
    was seen, else read and replayed once."""
    if version is None:
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
    parsed: list[AnyEvent | Unreadable] = []
    for position, event in enumerate(events, start=1):
        try:
            parsed.append(record.parse_event(event.data, position))
        except UnreadableEvent as error:
            parsed.append(Unreadable(event.data, error))
    replayed = Replayed[AnyGame, AnyEvent](record.start()).extended(parsed)
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


def add_entry(db: Database, book: Book, event: Any, *, key: str | None = None, seen: int | None = None) -> Outcome:
    """Add `event` to the game of `book` (as the phone's request just read it): checked by the rules, written once.

    `key` is the form's one-time key (a form sent twice is recorded once); `seen` the game's version the
    form was filled on: the very same entry recorded since from another phone is kept once.
    EntryError says why the rules refuse it; nothing is written then.
    """
    game = book.game
    for attempt in range(TRIES):
        if attempt:
            book = open_book(db, game)
        same = _same_since(db, book, event, seen)
        if same is not None:
            resent = stored.by_submission(db, key)
            if resent is not None:
                return Outcome(Done.REPEATED, resent.slot, book)
            stored.keep_once(db, game.id, same, key)  # a resend of this form, even after an undo, is kept once too
            return Outcome(Done.ALREADY_THERE, same, book)
        clash = _clash_since(db, book, event, seen)
        if clash is not None:
            resent = stored.by_submission(db, key)
            if resent is not None:
                return Outcome(Done.REPEATED, resent.slot, book)
            raise Clash(book, clash)
        try:
            after = book.replayed.then(event)
        except EntryError:
            resent = stored.by_submission(db, key)  # a resend of a form recorded before is no refusal
            if resent is not None:
                return Outcome(Done.REPEATED, resent.slot, open_book(db, game))
            raise  # refused, nothing written
        data = event.as_json()
        try:
            written = stored.append_event(db, game.id, book.version, data, key)  # the key is checked inside
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
    db: Database, book: Book, slot: int, event: Any | None, based_on: int, *, key: str | None = None
) -> Outcome:
    """Replace the entry at `slot` with `event` (delete it when None), made from its revision `based_on`.

    Only the entries from the corrected one on are replayed. StaleEdit when someone changed the entry since;
    EntryError when the corrected game does not replay (its position says which entry fails).
    """
    game = book.game
    for attempt in range(TRIES):
        if attempt:
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


def changes(db: Database, book: Book) -> list[Change]:
    """Every correction and deletion of the game's entries, newest first."""
    return stored.change_log(db, book.game.id)


def ever_recorded(db: Database, book: Book, slot: int) -> bool:
    """Whether the game ever had an entry at `slot` (one deleted since included)."""
    return slot in stored.slots_of(db, book.game.id)


def start_game(
    db: Database,
    evening: Evening,
    preset: str,
    options: dict[str, Any],
    players: Sequence[str],
    first_dealer: int,
    teams: dict[str, list[str]] | None = None,
    *,
    key: str | None = None,
) -> StoredGame:
    """Start a game of `evening` (RecordError when its rules or seats cannot make a game).

    `key` is the start form's one-time key: sent twice (a double tap, a resend), it opens the game made the first time.
    """
    return stored.create_game(db, evening.id, preset, options, players, first_dealer, teams, submission=key)


def rematch(db: Database, book: Book) -> StoredGame:
    """The next game with the same players, seats and rules once `book`'s game is over, the first deal passed to
    the left; asked twice (a double tap, two phones), the game made the first time."""
    game = book.game
    seats = len(game.players)
    return stored.create_game(
        db,
        game.evening_id,
        game.preset,
        game.options,
        game.players,
        (game.first_dealer + 1) % seats,
        game.teams,
        rematch_of=game.id,
    )


def stock_ran_out(db: Database, book: Book, *, seen_reshuffled: bool, key: str | None = None) -> StockCall:
    """A "the stock ran out" tap from a phone that showed (`seen_reshuffled`) the stock reshuffled or not: the rules
    say what it means now, and a reshuffle or a void round they call for is recorded (once, by its form's `key`).

    Refused (the game is over, or has no stock) and EntryError say why nothing is recorded.
    """
    call = book.state.stock_ran_out(seen_reshuffled)
    if call.answer is StockAnswer.RESHUFFLE and call.event is not None:
        add_entry(db, book, call.event, key=key)
    return call
