"""Snapshots: a game opened by a process that never saw it is read, not replayed, and never stale.

A "cold process" here is the in-memory cache emptied and a new connection: what a restarted server, or a worker
whose cache let the game go, has. Replays are counted by wrapping `Replayed.extended` (every replay goes through it)
and `GameRecord.parse_event` (every entry read as an event).
"""

from __future__ import annotations

import pickle
import sqlite3
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from referee.rules.game import Replayed
from referee.rules.game_record import GameRecord
from referee.rules.kaiser_events import PassedDeal
from referee.rules.rummy_events import Round, Void
from referee.services import books, database, snapshots
from referee.services.books import BOOKS, EVERY, open_book, read_book
from referee.services.cache import Cache
from referee.services.database import unit_of_work
from referee.services.games import add_entry, correct, start_game
from referee.storage import snapshots as stored_snapshots
from referee.storage.db import connect
from referee.storage.evenings import create_evening
from referee.storage.games import StoredGame, append_event, current_events, game_version, revise_event
from referee.storage.snapshots import Snapshot, VersionAndSnapshot, version_and_snapshot
from tests.events import rummy_round


class Counted:
    """How many replays ran (`Replayed.extended` calls) and how many entries were read as events."""

    def __init__(self) -> None:
        self.replays = self.parsed = 0


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> Counted:
    found = Counted()
    extended, parse = Replayed.extended, GameRecord.parse_event

    def counting_extended(self: Replayed[Any, Any, Any], events: Any) -> Replayed[Any, Any, Any]:
        found.replays += 1
        return extended(self, events)

    def counting_parse(self: GameRecord, data: object, position: int) -> Any:
        found.parsed += 1
        return parse(self, data, position)

    monkeypatch.setattr(Replayed, "extended", counting_extended)
    monkeypatch.setattr(GameRecord, "parse_event", counting_parse)
    return found


def cold(path: Path) -> Database:
    """A process that never saw a game: nothing in its cache, its own connection."""
    BOOKS.clear()
    return connect(path, migrate=False)


def _append(db: Database, game: StoredGame, event: dict[str, Any]) -> None:
    """An entry written the way another process (or an import) writes it: no snapshot saved with it."""
    with unit_of_work(db):
        append_event(db, game.id, game_version(db, game.id), event)


def _revise(db: Database, game: StoredGame, version: int, slot: int, event: dict[str, Any] | None) -> None:
    """Revision 1 of the entry at `slot`, written the way another process writes it: no snapshot saved with it."""
    with unit_of_work(db):
        revise_event(db, game.id, version, slot, 1, event)


def _save(db: Database, game: StoredGame, snapshot: Snapshot) -> None:
    """`snapshot` saved as the game's, in a write of its own."""
    with unit_of_work(db):
        stored_snapshots.save_snapshot(db, game.id, snapshot)


def _game(db: Database, rounds: int, preset: str = "kaluki") -> StoredGame:
    """A game of `rounds` rounds written the way another process (or an import) writes them: no snapshot."""
    with unit_of_work(db):
        evening = create_evening(
            db, title="", players=["Ana", "Ben"], preset=preset, options={}, chip_value=Decimal("0.2"), currency="EUR"
        )
    game = start_game(db, evening, preset, {"elimination_threshold": None}, {"players": ["Ana", "Ben"]}, 0)
    for number in range(rounds):
        winner, loser = ("Ana", "Ben") if number % 2 else ("Ben", "Ana")
        _append(db, game, rummy_round(winner, {loser: number % 7 + 1}))
    return game


def _replayed(db: Database, game: StoredGame) -> Any:
    """The game replayed from its entries, for comparison."""
    return read_book(game, current_events(db, game.id), game_version(db, game.id))


def _score(book: Any, player: str) -> int:
    """A rummy player's total in `book`."""
    return int(book.state.player(player).score)


def test_the_migration_makes_the_snapshots_table_and_a_deleted_game_takes_its_snapshot_along(db: Database) -> None:
    assert {"game_id", "version", "format", "state"} <= {column.name for column in db.table("snapshots").columns}
    game = _game(db, EVERY)
    open_book(db, game)
    assert db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 1
    with db.conn:
        db.execute("DELETE FROM event_revisions WHERE game_id = ?", [game.id])
        db.execute("DELETE FROM games WHERE id = ?", [game.id])
    assert db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0] == 0


def test_a_later_snapshot_is_never_replaced_by_an_earlier_one_but_another_format_is(db: Database) -> None:
    game = _game(db, 6)  # versions 1 to 6 (a snapshot past the game's version is no snapshot: it is replaced)
    assert game_version(db, game.id) >= 5
    _save(db, game, Snapshot(5, "f", b"five"))
    _save(db, game, Snapshot(3, "f", b"three"))
    assert version_and_snapshot(db, game.id).snapshot == Snapshot(5, "f", b"five")
    _save(db, game, Snapshot(3, "g", b"new format"))
    assert version_and_snapshot(db, game.id).snapshot == Snapshot(3, "g", b"new format")


def test_the_revisions_between_two_versions_are_read_in_order_and_bounded(db: Database) -> None:
    game = _game(db, 4)
    ids = [row[0] for row in db.execute("SELECT id FROM event_revisions WHERE game_id = ? ORDER BY id", [game.id])]
    between = stored_snapshots.revisions_between(db, game.id, ids[0], ids[2])
    assert [revision.id for revision in between] == ids[1:3]
    assert [revision.slot for revision in between] == [2, 3]


def test_a_replayed_game_writes_its_snapshot_and_a_cold_process_opens_it_without_replaying(
    path: Path, db: Database, counted: Counted
) -> None:
    game = _game(db, 30)
    first = open_book(db, game)  # nobody opened it before: replayed once, its snapshot written
    assert counted.parsed == 30
    assert version_and_snapshot(db, game.id).snapshot.version == first.version  # type: ignore[union-attr]
    counted.replays = counted.parsed = 0
    opened = open_book(cold(path), game)
    assert (counted.replays, counted.parsed) == (0, 0)
    assert opened.replayed == first.replayed and opened.entries == first.entries and opened is not first
    assert _score(opened, "Ben") == _score(first, "Ben")


def test_a_cold_process_catches_up_with_the_entries_written_since_the_snapshot(
    path: Path, db: Database, counted: Counted
) -> None:
    game = _game(db, 20)
    open_book(db, game)
    for hand in (3, 4, 5):  # another process's rounds, whose writes saved no snapshot
        _append(db, game, {"type": "round", "winner": "Ana", "hands": {"Ben": hand}})
    counted.parsed = 0
    opened = open_book(cold(path), game)
    assert counted.parsed == 3  # the three entries since the snapshot, and only them
    assert opened.replayed == _replayed(db, game).replayed and opened.version == game_version(db, game.id)


def test_a_correction_in_the_middle_never_serves_the_old_snapshot(path: Path, db: Database) -> None:
    game = _game(db, 20)
    before = open_book(db, game)
    snapshot = version_and_snapshot(db, game.id).snapshot
    fifth = before.entries[4]
    corrected = {"type": "round", "winner": fifth.data["winner"], "hands": {k: 50 for k in fifth.data["hands"]}}
    _revise(db, game, before.version, fifth.slot, corrected)  # from another process: no snapshot saved
    assert version_and_snapshot(db, game.id).snapshot == snapshot  # the old snapshot is still there, at its old version
    opened = open_book(cold(path), game)
    assert opened.version != before.version and opened.entries[4].data == corrected
    assert opened.replayed == _replayed(db, game).replayed != before.replayed
    loser = next(iter(fifth.data["hands"]))
    assert _score(opened, loser) == _score(before, loser) - fifth.data["hands"][loser] + 50


def test_a_process_remembering_an_older_version_catches_up_with_a_correction_made_elsewhere(
    db: Database, counted: Counted
) -> None:
    game = _game(db, 20)
    before = open_book(db, game)  # remembered in this process's cache
    tenth = before.entries[9]
    corrected = {"type": "round", "winner": tenth.data["winner"], "hands": {k: 60 for k in tenth.data["hands"]}}
    _revise(db, game, before.version, tenth.slot, corrected)  # another process's correction
    counted.parsed = 0
    opened = open_book(db, game, game_version(db, game.id))
    assert counted.parsed == 11  # from the corrected entry on, and nothing before it
    assert opened.replayed == _replayed(db, game).replayed != before.replayed
    assert opened.replayed.steps[:9] == before.replayed.steps[:9]


def test_a_deleted_entry_since_the_snapshot_is_replayed_from_its_place(path: Path, db: Database) -> None:
    game = _game(db, 12)
    before = open_book(db, game)
    _revise(db, game, before.version, before.entries[2].slot, None)
    opened = open_book(cold(path), game)
    assert len(opened.entries) == 11 and opened.replayed == _replayed(db, game).replayed


def test_a_correction_through_the_service_saves_a_snapshot_at_its_new_version(path: Path, db: Database) -> None:
    game = _game(db, 20)
    book = open_book(db, game)
    outcome = correct(db, book, book.entries[1].slot, Round("Ana", {"Ben": 40}), based_on=0)
    assert version_and_snapshot(db, game.id).snapshot.version == outcome.book.version  # type: ignore[union-attr]
    assert open_book(cold(path), game).replayed == _replayed(db, game).replayed


def test_a_snapshot_of_another_format_is_ignored_and_replaced(path: Path, db: Database, counted: Counted) -> None:
    game = _game(db, 10)
    version = game_version(db, game.id)
    stale = pickle.dumps(("an older layout", version))
    _save(db, game, Snapshot(version, "0/0.0.1/older", stale))
    counted.parsed = 0
    opened = open_book(cold(path), game)
    assert counted.parsed == 10  # replayed: the older format was not read
    assert opened.replayed == _replayed(db, game).replayed
    assert version_and_snapshot(db, game.id).snapshot.format == snapshots.FORMAT  # type: ignore[union-attr]


def test_a_snapshot_that_does_not_read_is_a_replay_and_never_an_error(path: Path, db: Database) -> None:
    game = _game(db, 10)
    _save(db, game, Snapshot(game_version(db, game.id), snapshots.FORMAT, b"not a pickle"))
    assert open_book(cold(path), game).replayed == _replayed(db, game).replayed


def test_the_format_changes_with_the_source_of_the_values_it_holds(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "game.py").write_text("A = 1\n")
    before = snapshots.fingerprint(tmp_path, ["rules/*.py"])
    (tmp_path / "rules" / "game.py").write_text("A = 2\n")
    assert snapshots.fingerprint(tmp_path, ["rules/*.py"]) != before


def test_writes_save_a_snapshot_every_few_entries(path: Path, db: Database) -> None:
    game = _game(db, 0)
    book = open_book(db, game)
    versions = []
    for number in range(2 * EVERY):
        book = add_entry(db, book, Round("Ana" if number % 2 else "Ben", {"Ben" if number % 2 else "Ana": 5})).book
        snapshot = version_and_snapshot(db, game.id).snapshot
        versions.append(snapshot.version if snapshot else None)
    assert versions[EVERY - 1] == versions[2 * EVERY - 2] != versions[2 * EVERY - 1]  # at entries EVERY and 2·EVERY
    assert versions[2 * EVERY - 1] == book.version and book.since == 0
    assert open_book(cold(path), game).replayed == book.replayed


def test_a_snapshot_that_cannot_be_saved_never_costs_the_entry(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(db, EVERY - 1)
    book = open_book(db, game)  # replayed, and too short for a snapshot: the next entry is due to save one

    def disk_full(*args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(stored_snapshots, "save_snapshot", disk_full)
    written = add_entry(db, book, Void()).book
    assert not db.conn.in_transaction and version_and_snapshot(db, game.id) == VersionAndSnapshot(written.version, None)
    assert len(current_events(db, game.id)) == EVERY  # the entry is on disk; the snapshot is still due
    monkeypatch.undo()
    after = add_entry(db, written, Void()).book
    assert version_and_snapshot(db, game.id).snapshot.version == after.version  # type: ignore[union-attr]
    assert after.since == open_book(db, game).since == 0  # the book remembered counts from it: the next saves none


def test_a_snapshot_left_for_later_is_saved_when_the_work_runs(path: Path, db: Database) -> None:
    game = _game(db, EVERY - 1)
    book = open_book(db, game)
    left: list[Any] = []
    written = add_entry(db, book, Void(), later=left.append).book
    assert version_and_snapshot(db, game.id).snapshot is None and len(left) == 1  # the answer goes first
    assert written.since == EVERY and not db.conn.in_transaction
    left[0](connect(path, migrate=False))  # as the server runs it: on another thread's connection
    assert version_and_snapshot(db, game.id).snapshot.version == written.version  # type: ignore[union-attr]
    assert open_book(db, game).since == 0  # the book remembered counts from the snapshot saved
    book = open_book(db, game)
    for _ in range(EVERY):  # a server that runs the work at once (a test client, waitress)
        book = add_entry(db, book, Void(), later=lambda work: work(db)).book
    assert version_and_snapshot(db, game.id).snapshot.version == book.version  # type: ignore[union-attr]
    assert open_book(db, game).since == 0  # the next write is not due to save one again


def test_books_are_remembered_by_database_file_and_the_connection_is_left_as_it_was(path: Path) -> None:
    db = database.connection(path)
    try:
        assert database.path_of(db) == str(path) and "referee_path" not in vars(db)
    finally:
        database.forget()
    other = connect(path, migrate=False)  # a connection the services did not open: its file read once from SQLite
    assert Path(database.path_of(other)).resolve() == path.resolve()
    statements: list[str] = []
    other.conn.set_trace_callback(statements.append)
    assert Path(database.path_of(other)).resolve() == path.resolve() and statements == []
    assert "referee_path" not in vars(other)


def test_a_game_whose_replay_stops_at_a_refused_entry_round_trips(path: Path, db: Database) -> None:
    game = _game(db, EVERY)
    _append(db, game, {"type": "buyback", "player": "Ana"})  # nobody is out
    _append(db, game, {"type": "round", "winner": 7})  # does not read
    first = open_book(db, game)
    assert first.replayed.refusal is not None and len(first.replayed.waiting) == 2
    opened = open_book(cold(path), game)
    assert opened.replayed.refusal is not None
    assert (type(opened.replayed.refusal), opened.replayed.refusal.position, str(opened.replayed.refusal.reason)) == (
        type(first.replayed.refusal),
        first.replayed.refusal.position,
        str(first.replayed.refusal.reason),
    )
    assert opened.entries == first.entries and opened.replayed.steps == first.replayed.steps


def test_a_kaiser_game_round_trips(path: Path, db: Database) -> None:
    with unit_of_work(db):
        evening = create_evening(
            db,
            title="",
            players=["A", "B", "C", "D"],
            preset="kaiser",
            options={},
            chip_value=Decimal(0),
            currency="EUR",
        )
    game = start_game(db, evening, "kaiser", {}, {"teams": {"NS": ["A", "C"], "EW": ["B", "D"]}}, 0)
    book = open_book(db, game)
    for _ in range(EVERY):
        book = add_entry(db, book, PassedDeal(book.state.dealer() or "")).book
    assert version_and_snapshot(db, game.id).snapshot.version == book.version  # type: ignore[union-attr]
    assert open_book(cold(path), game).replayed == book.replayed


def test_a_short_game_saves_no_snapshot(db: Database) -> None:
    game = _game(db, 0)
    book = open_book(db, game)
    for _ in range(EVERY - 1):
        book = add_entry(db, book, Void()).book
    assert version_and_snapshot(db, game.id).snapshot is None


def test_cards_read_from_snapshots_are_shared_between_games(path: Path, db: Database) -> None:
    game = _game(db, 0)
    for _ in range(EVERY):
        _append(db, game, {"type": "round", "winner": "Ana", "hands": {"Ben": ["7H", "7H"]}})
    open_book(db, game)  # replayed, its snapshot written
    one = open_book(cold(path), game)
    other = open_book(cold(path), game)
    first: Any = one.replayed.steps[0].event
    last: Any = other.replayed.steps[-1].event
    card, same = first.hands["Ben"][0], last.hands["Ben"][1]
    assert card == same and card is same


def test_the_cache_is_bounded_by_weight() -> None:
    cache: Cache[str] = Cache(10, weigh=len)
    cache.put("a", "x" * 4)
    cache.put("b", "x" * 4)
    cache.put("c", "x" * 4)  # 12 > 10: the least recently used goes
    assert (cache.get("a"), len(cache), cache.weight) == (None, 2, 8)
    cache.put("big", "x" * 50)  # heavier than the whole cache: kept alone
    assert (len(cache), cache.get("big") is not None) == (1, True)


def test_the_book_cache_weighs_each_book_by_its_entries() -> None:
    assert books.BOOKS.weigh is books._weight
