"""Evening backups (`referee.evening/2`): the change log, the disputes log and the payments go out and come back."""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from referee.rules.record_data import RecordError
from referee.rules.rummy_events import RummyEvent, Void, rummy_event_from_json
from referee.services.database import unit_of_work
from referee.services.games import add_entry, correct, open_book, start_game
from referee.storage.db import connect
from referee.storage.evenings import Evening, create_evening, evening_by_key
from referee.storage.games import current_events, games_of
from referee.storage.payments import last_payment, paid, payments_made, record_payment, take_back
from referee.storage.rulings import log_ruling, rulings_of
from referee.storage.transfer import evening_json, import_record, read_record, replace_evening, same_evening
from tests.events import rummy_round

PLAYERS = ["Ana", "Ben", "Céline", "Driss"]


@dataclass(frozen=True)
class Plan:
    """An evening to play: games (players, entries), corrections and deletions, rulings and payments."""

    games: list[tuple[list[str], list[dict[str, Any] | None]]]  # an entry: a round's hands, None for a void
    corrections: list[tuple[int, int, dict[str, Any] | str | None]]  # game, entry, new hands / None void / "delete"
    rulings: list[tuple[str, str, str, str]]
    payments: list[tuple[int, int, int] | int]  # (payer, payee, chips) by seat, or the index of one to take back


def _hands(players: list[str]) -> st.SearchStrategy[dict[str, Any] | None]:
    losers = players[1:]  # the first player wins every round: nobody nears the threshold of 1000
    cards = {losers[0]: st.one_of(st.integers(0, 60), st.just("JK 5C"))}  # one hand of cards: never too many 5C
    hands = st.fixed_dictionaries(cards | {name: st.integers(0, 60) for name in losers[1:]})
    return st.one_of(hands, st.none())


@st.composite
def plans(draw: st.DrawFn) -> Plan:
    games = []
    for _ in range(draw(st.integers(1, 3))):
        seated = draw(st.sampled_from([PLAYERS[:2], PLAYERS[:3], PLAYERS, PLAYERS[1:]]))
        games.append((seated, draw(st.lists(_hands(seated), max_size=5))))
    corrections: list[tuple[int, int, dict[str, Any] | str | None]] = []
    for _ in range(draw(st.integers(0, 5))):
        number = draw(st.integers(0, len(games) - 1))
        seated, entries = games[number]
        if entries:
            entry = draw(st.integers(0, len(entries) - 1))
            corrections.append((number, entry, draw(st.one_of(_hands(seated), st.just("delete")))))
    text = st.text(max_size=30)
    rulings = draw(st.lists(st.tuples(st.sampled_from(["meld", "opening", "joker", "best"]), text, text, text)))
    payments: list[tuple[int, int, int] | int] = []
    for _ in range(draw(st.integers(0, 5))):
        if payments and draw(st.booleans()):
            payments.append(draw(st.integers(0, len(payments) - 1)))
        else:
            payer, payee = draw(st.lists(st.integers(0, 3), min_size=2, max_size=2, unique=True))
            payments.append((payer, payee, draw(st.integers(1, 40))))
    return Plan(games, corrections, rulings, payments)


def _event(winner: str, hands: dict[str, Any] | None) -> RummyEvent:
    data = {"type": "void"} if hands is None else rummy_round(winner, hands)
    return rummy_event_from_json(data, 1)


def play(db: Database, plan: Plan, title: str = "Friday") -> Evening:
    """The evening of `plan`, played through the scorebook and the settle-up as the app does."""
    with unit_of_work(db):
        evening = create_evening(
            db, title=title, players=PLAYERS, preset="kaluki", options={"elimination_threshold": 1000},
            chip_value=Decimal("0.20"), currency="EUR",
        )  # fmt: skip
    stored = []
    for seated, entries in plan.games:
        game = start_game(db, evening, "kaluki", {"elimination_threshold": 1000}, {"players": seated}, 0)
        stored.append((game, [add_entry(db, open_book(db, game), _event(seated[0], hands)).slot for hands in entries]))
    for number, entry, change in plan.corrections:
        game, slots = stored[number]
        now = {event.slot: event.revision for event in current_events(db, game.id)}
        if slots[entry] in now:
            new = None if change == "delete" else _event(game.players[0], change)  # type: ignore[arg-type]
            correct(db, open_book(db, game), slots[entry], new, based_on=now[slots[entry]])
    for kind, rules, question, answer in plan.rulings:
        with unit_of_work(db):
            log_ruling(db, evening.id, kind, rules, question, answer)
    made: list[int] = []
    for payment in plan.payments:
        if isinstance(payment, int):
            standing = {m.id for m in payments_made(db, evening.id)}
            if made[payment] in standing:
                with unit_of_work(db):
                    take_back(db, evening.id, made[payment], None)
            made.append(made[payment])
            continue
        payer, payee, chips = payment
        with unit_of_work(db):
            record_payment(db, evening.id, PLAYERS[payer], PLAYERS[payee], chips, None, last_payment(db, evening.id))
        made.append(last_payment(db, evening.id))
    return evening


def _paid(db: Database, evening: Evening) -> tuple[list[tuple[str, str, int]], dict[str, int]]:
    standing = [(m.payer, m.payee, m.chips) for m in payments_made(db, evening.id)]
    return standing, dict(paid(db, evening.id))


@settings(max_examples=40, deadline=None)
@given(plan=plans())
def test_export_import_export_gives_the_same_file(plan: Plan) -> None:
    with tempfile.TemporaryDirectory() as folder:
        here, there = connect(Path(folder) / "here.sqlite"), connect(Path(folder) / "there.sqlite")
        evening = play(here, plan)
        exported = evening_json(here, evening)
        text = json.dumps(exported, ensure_ascii=False, indent=2)
        with unit_of_work(there):
            copy = import_record(there, json.loads(text))
        assert json.dumps(evening_json(there, copy), ensure_ascii=False, indent=2) == text
        assert _paid(there, copy) == _paid(here, evening)  # paid debts stay paid
        assert rulings_of(there, copy.id) == rulings_of(here, evening.id)
        assert (
            len(exported["changes"])
            == here.execute("SELECT COUNT(*) FROM event_revisions WHERE revision > 0").fetchone()[0]
        )
        with unit_of_work(here):
            replaced = replace_evening(here, evening, exported)  # the old copy replaced by its own file: the same
        assert replaced.scorer_key == evening.scorer_key and evening_json(here, replaced) == exported
        here.close()
        there.close()


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(tmp_path / "db.sqlite")


PLAN = Plan(
    games=[(PLAYERS[:3], [{"Ben": 10, "Céline": 20}, None, {"Ben": 5, "Céline": "JK 5C"}])],
    corrections=[(0, 0, {"Ben": 12, "Céline": 20}), (0, 1, "delete"), (0, 0, {"Ben": 14, "Céline": 20})],
    rulings=[("meld", "kaluki", "9C 9D 9H", "a valid group of 27")],
    payments=[(1, 0, 10), (2, 0, 5), 0],
)


def test_an_evening_record_2_carries_its_logs_and_payments(db: Database) -> None:
    exported = evening_json(db, play(db, PLAN))
    assert exported["format"] == "referee.evening/2" and len(exported["id"]) == 32
    assert [(c["game"], c["slot"], c["revision"]) for c in exported["changes"]] == [(1, 1, 1), (1, 1, 2), (1, 2, 1)]
    assert exported["changes"][2]["before"] == {"type": "void"} and exported["changes"][2]["after"] is None
    assert exported["changes"][0]["before"]["hands"] == {"Ben": 10, "Céline": 20}
    assert [e.get("type") for e in exported["games"][0]["events"]] == ["round", "round"]
    ruling = {"kind": "meld", "rules": "kaluki", "question": "9C 9D 9H", "answer": "a valid group of 27"}
    assert exported["rulings"] == [ruling | {"at": exported["rulings"][0]["at"]}]
    assert [(p["from"], p["to"], p["chips"]) for p in exported["payments"]] == [
        ("Ben", "Ana", 10), ("Céline", "Ana", 5), ("Ben", "Ana", -10)
    ]  # fmt: skip


def test_an_evening_record_1_is_still_read_and_matched_by_its_content(db: Database) -> None:
    exported = evening_json(db, play(db, PLAN))
    old = {key: exported[key] for key in ("title", "players", "preset", "options", "chip_value", "currency", "games")}
    old["format"] = "referee.evening/1"
    first = same_evening(db, read_record(old))
    assert first is not None and first.title == "Friday"  # the same title, players, rules and games
    assert same_evening(db, read_record(old | {"title": "Saturday"})) is None
    with unit_of_work(db):
        copy = import_record(db, old)  # kept both: its own id, no logs
    assert evening_json(db, copy)["changes"] == [] and evening_json(db, copy)["id"] != exported["id"]
    assert same_evening(db, read_record(old)) == first  # the oldest copy is the one offered


def test_an_evening_imported_where_its_id_is_taken_gets_an_id_of_its_own(db: Database) -> None:
    evening = play(db, PLAN)
    exported = evening_json(db, evening)
    assert same_evening(db, read_record(exported)) == evening
    with unit_of_work(db):
        copy = import_record(db, exported)
    assert copy.id != evening.id and evening_json(db, copy)["id"] != exported["id"]
    assert evening_json(db, copy) | {"id": exported["id"]} == exported


def test_replacing_keeps_the_links_and_the_group_and_takes_the_files_games(db: Database) -> None:
    evening = play(db, PLAN)
    older = evening_json(db, evening)
    game = games_of(db, evening.id)[0]
    add_entry(db, open_book(db, game), Void())  # played on after the backup
    with unit_of_work(db):
        log_ruling(db, evening.id, "joker", "kaluki", "JK", "stands for 5C")
    with unit_of_work(db):
        replaced = replace_evening(db, evening, older, "key-1")
    assert (replaced.id, replaced.scorer_key, replaced.viewer_key, replaced.group_id) == (
        evening.id, evening.scorer_key, evening.viewer_key, evening.group_id,
    )  # fmt: skip
    assert evening_json(db, replaced) == older
    assert evening_by_key(db, evening.viewer_key) == (replaced, False)
    assert db.execute("SELECT COUNT(*) FROM evenings").fetchone()[0] == 1
    with unit_of_work(db):
        assert replace_evening(db, evening, {**older, "title": "Not again"}, "key-1").title == "Friday"  # a resend


@pytest.mark.parametrize(
    ("change", "message"),
    [
        pytest.param({"changes": [{"game": 2, "slot": 1, "revision": 1}]}, "there is no game 2", id="no such game"),
        pytest.param({"id": "not an id!"}, '"id" is the evening\'s id', id="a bad id"),
        pytest.param(
            {"payments": [{"from": "Ana", "to": "Zoé", "chips": 3, "at": "2026-11-20T21:00:00+00:00"}]},
            "two of the evening's players",
            id="a stranger paid",
        ),
        pytest.param(
            {"payments": [{"from": "Ana", "to": "Ben", "chips": -3, "at": "2026-11-20T21:00:00+00:00"}]},
            "takes back a payment that was not made",
            id="taken back unmade",
        ),
        pytest.param(
            {"rulings": [{"kind": "meld", "rules": "", "question": "", "answer": 3, "at": "x"}]},
            '"answer" is a text',
            id="a ruling's answer",
        ),
    ],
)
def test_a_bad_record_2_is_refused_and_makes_nothing(db: Database, change: dict[str, Any], message: str) -> None:
    exported = evening_json(db, play(db, PLAN))
    with pytest.raises(RecordError, match=message), unit_of_work(db):
        import_record(db, exported | change)
    assert db.execute("SELECT COUNT(*) FROM evenings").fetchone()[0] == 1


def test_a_change_log_that_does_not_match_the_events_is_refused(db: Database) -> None:
    exported = evening_json(db, play(db, PLAN))
    changes = exported["changes"]
    other = {"type": "round", "winner": "Ana", "hands": {"Ben": 1, "Céline": 2}}
    for broken in (
        [changes[0] | {"after": {"type": "void"}}, *changes[1:]],  # the chain breaks: revision 2's before
        [*changes[:2], changes[2] | {"after": {"type": "void"}}],  # says slot 2 stands: one event too few
        changes[1:],  # revision 1 missing
        [changes[0], changes[1] | {"after": other}, changes[2]],  # slot 1 ends on another round than the game's
    ):
        with pytest.raises(RecordError, match="its change log does not match its events"), unit_of_work(db):
            import_record(db, exported | {"changes": broken})
