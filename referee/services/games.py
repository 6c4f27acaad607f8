"""The games service: a game's book (its entries and their replay), and every write to it.

A view calls one function per request: `open_game` to show a game (its link, its game and its version read in
one statement), `add_entry` to add an entry, `correct` to change or delete one, `start_game` and `rematch` to
make one. None replays the whole game: the game's book is opened from memory or from its snapshot
(`services.books`), and a new entry is checked and applied onto the replay of the version the write is based on.
The write itself is one short unit of work (`services.database.unit_of_work`): storage confirms the version is
unchanged and writes the entry, and commits. Then, once in `EVERY` entries, the game's snapshot at the new version is
made and saved in a write of its own (`books.remember_written`): the pickling never holds the file's write lock, and the
server does it once the phone has its answer (`later`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlite_utils import Database

from referee.rules.answers import NO_STOCK, Refused, StockAnswer, StockCall, Stocked
from referee.rules.events import EntryError
from referee.rules.families import family_of
from referee.rules.game import AnyEvent, AnyReplayed
from referee.rules.game_record import GameRecord, read_game
from referee.rules.options import Value
from referee.rules.words import say
from referee.services.books import (
    BOOKS,
    Book,
    Entry,
    Later,
    book_key,
    game_key,
    open_book,
    read_book,
    remember_written,
)
from referee.services.database import unit_of_work
from referee.storage import games as stored
from referee.storage.evenings import Evening
from referee.storage.games import Change, GameBehind, Polled, StoredEvent, StoredGame, VersionChanged, games_of

__all__ = [
    "BOOKS", "Book", "Busy", "Change", "Clash", "Done", "Entry", "Evening", "GameAt", "GameBehind", "Outcome",
    "Polled", "StaleEdit", "StoredGame", "add_entry", "book_key", "books_of", "changes", "correct", "ever_had_entry",
    "game_key", "games_of", "link_behind", "open_book", "open_game", "read_book", "rematch", "start_game",
    "version_behind",
]  # fmt: skip

TRIES = 5  # a write whose game moved on meanwhile is decided again on the new version, this many times at most


class StaleEdit(ValueError):
    """An edit made on a version of an entry that someone else has changed since."""


class Busy(RuntimeError):
    """The game kept changing under a write: too many phones writing at once."""


class Clash(Exception):
    """Another phone added a different round (or hand) since this phone's sheet: the scorer must choose.

    Never two rounds for one: the entry is not written; `slot` is the entry added meanwhile.
    """

    def __init__(self, book: Book, slot: int) -> None:
        super().__init__(slot)
        self.book, self.slot = book, slot


@dataclass(frozen=True)
class GameAt:
    """What a game's link opens: the evening, whether the link is the scorer's, and the game's book."""

    evening: Evening
    scorer: bool
    book: Book


def open_game(db: Database, key: str, number: int) -> GameAt | None:
    """Game `number` of the evening behind link `key`, as it stands now; None when there is no such game.

    One statement when this process remembers the game at this version, else two or three more: the entries since
    the version it remembers, or the game's snapshot and the entries since it.
    """
    behind = stored.game_behind(db, key, number)
    if behind is None:
        return None
    return GameAt(behind.evening, behind.scorer, open_book(db, behind.game, behind.version))


def link_behind(db: Database, key: str, number: int) -> GameBehind | None:
    """What link `key` opens of game `number`, in one statement, the game's book left unopened: the evening, whether
    the link is the scorer's, the game and its version; None when there is no such game."""
    return stored.game_behind(db, key, number)


def version_behind(db: Database, key: str, number: int) -> Polled | None:
    """The version of game `number` of the evening behind `key` (what a polling phone compares), with what tells its
    live sheet from another game's, in one statement."""
    return stored.version_behind(db, key, number)


def books_of(db: Database, evening_id: int) -> list[Book]:
    """The books of an evening's games, in the order they were started."""
    return [open_book(db, game) for game in games_of(db, evening_id)]


class Done(StrEnum):
    """What became of an entry a phone sent."""

    WRITTEN = "written"  # written now: an entry added, corrected or deleted
    REPEATED = "repeated"  # this very form was sent before (a double tap, a resend): nothing new written
    ALREADY_THERE = "already_there"  # another phone added the very same entry since this one's sheet


@dataclass(frozen=True)
class Outcome:
    """An entry accepted: what became of it, its slot, and the game after it."""

    done: Done
    slot: int
    book: Book


def add_entry(
    db: Database,
    book: Book,
    event: AnyEvent,
    *,
    submission: str | None = None,
    seen: int | None = None,
    later: Later | None = None,
) -> Outcome:
    """Add `event` to the game of `book` (as the phone's request just read it): checked by the rules, written once.

    `submission` is the form's one-time key (a form sent twice is added once); `seen` the game's version the
    form was filled on: the very same entry added since from another phone is not added twice.
    EntryError says why the rules refuse it; nothing is written then. The game's snapshot, when one is due, is saved
    after the write, by `later` when given (once the phone has its answer).
    """
    game = book.game
    for attempt in range(TRIES):
        if attempt:
            book = open_book(db, game)
        same = _same_since(db, book, event, seen)
        if same is not None:
            resent = stored.by_submission(db, submission)
            if resent is not None:
                return Outcome(Done.REPEATED, resent.slot, book)
            if submission:  # a resend of this form, even after an undo, is answered the same
                with unit_of_work(db):
                    stored.claim_submission(db, game.id, same, submission)
            return Outcome(Done.ALREADY_THERE, same, book)
        clash = _clash_since(db, book, event, seen)
        if clash is not None:
            resent = stored.by_submission(db, submission)
            if resent is not None:
                return Outcome(Done.REPEATED, resent.slot, book)
            raise Clash(book, clash)
        try:
            after = book.replayed.then(event)
        except EntryError:
            resent = stored.by_submission(db, submission)  # a resend of a form added before is no refusal
            if resent is not None:
                return Outcome(Done.REPEATED, resent.slot, open_book(db, game))
            raise  # refused, nothing written
        data = event.as_json()
        try:
            with unit_of_work(db):
                written = stored.append_event(db, game.id, book.version, data, submission)  # checked inside
                new = None if written.repeated else _appended(book, after, data, written)
        except VersionChanged:
            continue
        if new is None:
            return Outcome(Done.REPEATED, written.slot, open_book(db, game))
        new = remember_written(db, new, later)
        return Outcome(Done.WRITTEN, written.slot, new)
    raise Busy(say("too many phones are writing to this game at once: try again"))


def _appended(book: Book, after: AnyReplayed, data: dict[str, object], written: stored.Written) -> Book:
    """The book of `book`'s game once the entry `data` is `written`: at its slot, the game's version now its own."""
    entries = (*book.entries, Entry(written.slot, 0, data))
    return Book(book.game, book.record, written.version, entries, after, book.since + 1)


def _revised(
    book: Book,
    after: AnyReplayed,
    data: dict[str, object] | None,
    since: int,
    written: stored.Written,
) -> Book:
    """The book of `book`'s game once the entry at the slot `written` names is revised to `data` (None: deleted)."""
    slot, revision = written.slot, written.revision
    entries = tuple(
        Entry(slot, revision, data) if entry.slot == slot and data is not None else entry
        for entry in book.entries
        if entry.slot != slot or data is not None
    )
    return Book(book.game, book.record, written.version, entries, after, since)


def _same_since(db: Database, book: Book, event: AnyEvent, seen: int | None) -> int | None:
    """The slot of an entry added after version `seen` that still stands and is `event` exactly."""
    if seen is None or seen == book.version:
        return None
    new = stored.added_since(db, book.game.id, seen)
    wanted = event.as_json()
    return next((entry.slot for entry in book.entries if entry.slot in new and entry.data == wanted), None)


def _clash_since(db: Database, book: Book, event: AnyEvent, seen: int | None) -> int | None:
    """The slot of a round (or hand) another phone added after version `seen`, when `event` is one too."""
    family = family_of(book.rules)  # the family says which entries take a round's (or a deal's) place
    if seen is None or seen == book.version or not family.played(event.kind):
        return None
    new = stored.added_since(db, book.game.id, seen)
    return next(
        (entry.slot for entry in book.entries if entry.slot in new and family.played(entry.data.get("type"))), None
    )


def correct(
    db: Database,
    book: Book,
    slot: int,
    event: AnyEvent | None,
    based_on: int,
    *,
    submission: str | None = None,
    later: Later | None = None,
) -> Outcome:
    """Replace the entry at `slot` with `event` (delete it when None), made from its revision `based_on`; the
    snapshot as `add_entry` saves it.

    Only the entries from the corrected one on are replayed. StaleEdit when someone changed the entry since;
    EntryError when the corrected game does not replay (its position says which entry fails).
    """
    game = book.game
    for attempt in range(TRIES):
        if attempt:
            book = open_book(db, game)
        resent = stored.by_submission(db, submission)
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
        since = book.since + max(1, len(book.entries) - position + 1)  # the entries replayed again from `position`
        try:
            with unit_of_work(db):
                written = stored.revise_event(db, game.id, book.version, slot, current.revision + 1, data, submission)
                new = None if written.repeated else _revised(book, after, data, since, written)
        except VersionChanged:
            continue
        if new is None:
            return Outcome(Done.REPEATED, written.slot, open_book(db, game))
        new = remember_written(db, new, later)
        return Outcome(Done.WRITTEN, slot, new)
    raise Busy(say("too many phones are writing to this game at once: try again"))


def example_book(record: Mapping[str, Any]) -> Book:
    """The book of a game record kept nowhere (a family's example, drawn when the app is made to check that its web
    part draws every screen): its entries replayed as a stored game's would be. RecordError for a bad record."""
    read = read_game(record)
    players = read.players
    first = players.index(read.dealt_first()) if read.dealt_first() in players else 0
    game = StoredGame(0, 0, 1, read.preset, dict(read.options), players, first, "", read.seating())
    entries = [StoredEvent(slot, 0, event.as_json()) for slot, event in enumerate(read.events, start=1)]
    return read_book(game, entries, len(entries))


def game_record(book: Book) -> GameRecord:
    """The game's record as it stands: its rules and seats with every current entry (RecordError if one is bad)."""
    return stored.record_of(book.game, book.entries)


def last_written(db: Database, book: Book) -> str | None:
    """When the game's latest entry (or correction) was written (a stored UTC time); None for a game with none."""
    return stored.last_written(db, book.game.id)


def changes(db: Database, book: Book) -> list[Change]:
    """Every correction and deletion of the game's entries, newest first."""
    return stored.change_log(db, book.game.id)


def ever_had_entry(db: Database, book: Book, slot: int) -> bool:
    """Whether the game ever had an entry at `slot` (one deleted since included)."""
    return slot in stored.slots_of(db, book.game.id)


def start_game(
    db: Database,
    evening: Evening,
    preset: str,
    options: Mapping[str, Value],
    seating: Mapping[str, object],
    first_dealer: int,
    *,
    submission: str | None = None,
) -> StoredGame:
    """Start a game of `evening` (RecordError when its rules or seats cannot make a game).

    `seating` is the record's seats as the game's family reads them (`{"players": […]}`, Kaiser's `{"teams": {…}}`),
    and `first_dealer` a place in the seats they make, clockwise. `submission` is the start form's one-time key: sent
    twice (a double tap, a resend), it opens the game made the first time.
    """
    seats = stored.seats_of(preset, options, seating)  # refused before any write
    with unit_of_work(db):
        made = stored.create_game(db, evening.id, preset, options, seats, first_dealer, seating, submission=submission)
    return stored.game_by_id(db, made)


def rematch(db: Database, book: Book) -> StoredGame:
    """The next game with the same players, seats and rules once `book`'s game is over, the first deal passed to
    the left; asked twice (a double tap, two phones), the game made the first time."""
    game = book.game
    seats = stored.seats_of(game.preset, game.options, game.seating)
    dealer = (game.first_dealer + 1) % len(game.players)
    with unit_of_work(db):
        made = stored.create_game(
            db, game.evening_id, game.preset, game.options, seats, dealer, game.seating, rematch_of=game.id
        )
    return stored.game_by_id(db, made)


def stock_ran_out(db: Database, book: Book, *, seen_reshuffled: bool, submission: str | None = None) -> StockCall:
    """A "the stock ran out" tap from a phone that showed (`seen_reshuffled`) the stock reshuffled or not: the rules
    say what it means now, and a reshuffle or a void round they call for is added (once, by its form's one-time key,
    `submission`).

    Refused (the game is over, or has no stock) and EntryError say why nothing is added.
    """
    state = book.state
    if not isinstance(state, Stocked):  # a game without a stock (Kaiser) has nothing to run out
        raise Refused(NO_STOCK)
    call = state.stock_ran_out(seen_reshuffled)
    if call.answer is StockAnswer.RESHUFFLE and call.event is not None:
        add_entry(db, book, call.event, submission=submission)
    return call
