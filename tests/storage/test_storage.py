"""Storage: migrations, round trips, and events that are revised, never overwritten."""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from sqlite_utils import Database

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.group_record import read_group
from referee.rules.rummy_events import Buyback, Round, Void
from referee.rules.words import say, speaking
from referee.services.database import unit_of_work
from referee.services.games import Done, StaleEdit, add_entry, correct, open_book, start_game
from referee.storage.db import OutsideWrite, connect
from referee.storage.evenings import create_evening, evening_by_key, known_names
from referee.storage.games import (
    VersionChanged,
    append_event,
    change_log,
    current_events,
    game_by_id,
    game_version,
    record_of,
)
from referee.storage.group_transfer import group_json, store_group
from referee.storage.groups import group_of
from referee.storage.migrations import migrations
from referee.storage.payments import record_payment, take_back
from referee.storage.rulings import log_ruling, rulings_of
from referee.storage.transfer import (
    evening_json,
    import_record,
    read_record,
    replace_evening,
    replace_with,
    store_record,
)


def test_migrations_apply_to_an_empty_database_and_twice_change_nothing(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    db = connect(path)
    tables = set(db.table_names())
    assert {"people", "evenings", "games", "event_revisions"} <= tables
    db.close()
    again = connect(path)
    assert set(again.table_names()) == tables
    assert migrations.pending(again) == []
    assert again.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.fixture
def db(tmp_path: Path):  # type: ignore[no-untyped-def]
    return connect(tmp_path / "db.sqlite")


def _evening(db):  # type: ignore[no-untyped-def]
    with unit_of_work(db):
        return create_evening(
            db, title="", players=["Ana", "Ben"], preset="kaluki", options={}, chip_value=Decimal("0.2"), currency="EUR"
        )


def test_an_evening_round_trips_and_opens_by_either_link(db) -> None:  # type: ignore[no-untyped-def]
    evening = _evening(db)
    assert evening.chip_value == Decimal("0.20") and evening.players == ("Ana", "Ben")
    assert evening_by_key(db, evening.scorer_key) == (evening, True)
    assert evening_by_key(db, evening.viewer_key) == (evening, False)
    assert evening_by_key(db, "nope") is None
    assert known_names(db, evening.group_id) == ["Ana", "Ben"]


def test_events_are_revised_never_overwritten(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    slot = add_entry(db, open_book(db, game), Round("Ana", {"Ben": 10})).slot
    correct(db, open_book(db, game), slot, Round("Ana", {"Ben": 12}), based_on=0)
    assert [e.data["hands"]["Ben"] for e in current_events(db, game.id)] == [12]
    assert db.execute("SELECT COUNT(*) FROM event_revisions").fetchone()[0] == 2
    correct(db, open_book(db, game), slot, None, based_on=1)
    assert current_events(db, game.id) == []
    log = change_log(db, game.id)
    assert [(c.before["hands"]["Ben"], c.after) for c in log] == [
        (12, None),
        (10, {"type": "round", "winner": "Ana", "hands": {"Ben": 12}}),
    ]


def test_a_refused_event_writes_nothing(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    with pytest.raises(EventError):
        add_entry(db, open_book(db, game), Buyback("Ana"))
    assert db.execute("SELECT COUNT(*) FROM event_revisions").fetchone()[0] == 0


def test_a_stale_edit_is_refused(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    slot = add_entry(db, open_book(db, game), Void()).slot
    correct(db, open_book(db, game), slot, None, based_on=0)
    with pytest.raises(StaleEdit):
        correct(db, open_book(db, game), slot, Void(), based_on=0)


def test_a_submission_key_records_once(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    first, again = (
        add_entry(db, open_book(db, game), Void(), submission="key"),
        add_entry(db, open_book(db, game), Void(), submission="key"),
    )
    assert (first.done, again.done, again.slot) == (Done.WRITTEN, Done.REPEATED, first.slot)
    assert len(current_events(db, game.id)) == 1


def test_the_same_event_since_the_sheet_a_phone_saw_is_recorded_once_and_said(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    seen = game_version(db, game.id)
    first = add_entry(db, open_book(db, game), Void(), submission="phone-1", seen=seen)
    second = add_entry(db, open_book(db, game), Void(), submission="phone-2", seen=seen)
    assert (first.done, second.done, second.slot) == (Done.WRITTEN, Done.ALREADY_THERE, first.slot)
    third = add_entry(db, open_book(db, game), Void(), submission="phone-2-again", seen=game_version(db, game.id))
    assert third.slot != first.slot and third.done is Done.WRITTEN
    assert len(current_events(db, game.id)) == 2


def test_a_write_confirms_the_version_it_was_decided_on(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    version = game_version(db, game.id)
    with unit_of_work(db):
        written = append_event(db, game.id, version, {"type": "void"})
    assert written.version == game_version(db, game.id) != version
    with pytest.raises(VersionChanged), unit_of_work(db):
        append_event(db, game.id, version, {"type": "void"})
    assert len(current_events(db, game.id)) == 1


def test_a_write_runs_only_inside_its_caller_s_transaction(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    with pytest.raises(OutsideWrite):
        append_event(db, game.id, game_version(db, game.id), {"type": "void"})
    assert not db.conn.in_transaction and current_events(db, game.id) == []


def test_every_write_of_storage_refuses_to_open_a_transaction_of_its_own(db) -> None:  # type: ignore[no-untyped-def]
    evening = _evening(db)
    exported = evening_json(db, evening)
    writes: list[Callable[[], object]] = [
        lambda: create_evening(
            db, title="", players=["Ana"], preset="kaluki", options={}, chip_value=Decimal(1), currency="EUR"
        ),
        lambda: import_record(db, exported),
        lambda: store_record(db, read_record(exported)),
        lambda: replace_evening(db, evening, exported),
        lambda: replace_with(db, evening, read_record(exported)),
        lambda: store_group(db, read_group(group_json(db, group_of(db, evening)))),
        lambda: record_payment(db, evening.id, "Ben", "Ana", 5, None, 0),
        lambda: take_back(db, evening.id, 1, None),
        lambda: log_ruling(db, evening.id, "joker", "kaluki", "JK", "stands for 5C"),
    ]
    before = {table: db.table(table).count for table in ("evenings", "groups", "payments", "rulings", "people")}
    for write in writes:
        with pytest.raises(OutsideWrite):
            write()
        assert not db.conn.in_transaction
    assert {table: db.table(table).count for table in before} == before


def test_the_book_of_a_version_is_kept_and_a_new_entry_applies_onto_it(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    before = open_book(db, game)
    assert open_book(db, game) is before  # the same version: not replayed again
    after = add_entry(db, open_book(db, game), Round("Ana", {"Ben": 10})).book
    assert open_book(db, game) is after and after.version != before.version
    assert after.state.player("Ben").score == 10 and len(after.replayed.steps) == 1


def test_a_kaiser_game_keeps_its_teams_and_seats_them_clockwise(db) -> None:  # type: ignore[no-untyped-def]
    teams = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}
    game = start_game(db, _evening(db), "kaiser", {}, {"teams": teams}, 3)
    assert game.seating == {"teams": teams} and game.players == ("Ana", "Ben", "Céline", "Driss")
    assert record_of(game, []).as_json()["first_dealer"] == "Driss"


def test_an_entry_that_no_longer_reads_stops_the_replay_and_can_still_be_deleted(db) -> None:  # type: ignore[no-untyped-def]
    game = start_game(db, _evening(db), "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    add_entry(db, open_book(db, game), Round("Ana", {"Ben": 10}))
    with unit_of_work(db):
        broken = append_event(db, game.id, game_version(db, game.id), {"type": "round", "winner": 7})
    record_after = open_book(db, game)
    assert record_after.replayed.refusal is not None and record_after.replayed.refusal.position == 2
    assert len(record_after.replayed.steps) == 1
    with pytest.raises(UnreadableEvent):
        add_entry(db, open_book(db, game), Void())  # nothing goes after an entry that does not read
    correct(db, open_book(db, game), broken.slot, None, based_on=0)
    assert open_book(db, game).replayed.refusal is None
    assert add_entry(db, open_book(db, game), Void()).done is Done.WRITTEN


def test_games_stored_before_seating_keep_their_players_and_teams(tmp_path: Path) -> None:
    """A database from before `seating` (m015): each game's seats are read from its players, or its Kaiser teams."""
    db = Database(tmp_path / "old.sqlite")
    migrations.apply(db, stop_before="m015_seating")
    evening = {"scorer_key": "s", "viewer_key": "v", "title": "", "players": "[]", "preset": "kaluki", "options": "{}"}
    db.table("evenings").insert({**evening, "chip_value": "0.10", "currency": "EUR", "created_at": "2026"})
    teams = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}
    game = {"evening_id": 1, "options": "{}", "first_dealer": 0, "created_at": "2026"}
    db.table("games").insert({**game, "number": 1, "preset": "kaluki", "players": json.dumps(["Ana", "Ben"])})
    seats = json.dumps(["Ana", "Ben", "Céline", "Driss"])
    db.table("games").insert({**game, "number": 2, "preset": "kaiser", "players": seats, "teams": json.dumps(teams)})
    migrations.apply(db)
    rummy, kaiser = game_by_id(db, 1), game_by_id(db, 2)
    assert rummy.seating == {"players": ["Ana", "Ben"]} and kaiser.seating == {"teams": teams}
    assert record_of(kaiser).sides is not None and record_of(kaiser).players == ("Ana", "Ben", "Céline", "Driss")


def test_rulings_saved_before_they_kept_what_they_were_said_from_read_as_written(tmp_path: Path) -> None:
    """A database from before `rulings.said` (m018): its rulings read as they were written; one logged after keeps
    what it was said from, and reads in the language spoken when it is shown."""
    db = Database(tmp_path / "old.sqlite")
    migrations.apply(db, stop_before="m018_rulings_said")
    evening = {"scorer_key": "s", "viewer_key": "v", "title": "", "players": "[]", "preset": "kaluki", "options": "{}"}
    db.table("evenings").insert({**evening, "chip_value": "0.10", "currency": "EUR", "created_at": "2026"})
    ruling = {"evening_id": 1, "kind": "meld", "rules": "kaluki", "created_at": "2026-11-20T21:05:00+00:00"}
    db.table("rulings").insert({**ruling, "question": "D♥ R♥ A♥ 2♥", "answer": "suite valide, 33 points"})
    migrations.apply(db)
    with unit_of_work(db):
        log_ruling(db, 1, "meld", "kaluki", "9♥ 9♠", say("not valid: {reason}", reason=say("the game is over")))
    french = {"not valid: {reason}": "non valide : {reason}", "the game is over": "la partie est finie"}
    with speaking(lambda message: french.get(message, message), lambda one, many, n: one):
        assert [(r.question, str(r.answer)) for r in rulings_of(db, 1)] == [
            ("9♥ 9♠", "non valide : la partie est finie"),
            ("D♥ R♥ A♥ 2♥", "suite valide, 33 points"),
        ]
    stored = db.execute("SELECT answer, said FROM rulings ORDER BY id").fetchall()
    assert stored[0] == ("suite valide, 33 points", None)
    assert stored[1][0] == "not valid: the game is over" and json.loads(stored[1][1])["answer"]["message"]
