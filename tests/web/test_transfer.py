"""Export and import: records out and back in, exactly; bad files refused with the reason."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from referee import create_app
from referee.rules.families import rules_for
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import KaiserTeams, parse_kaiser_event
from referee.rules.kaiser_rules import KaiserRules
from referee.services.database import unit_of_work
from referee.storage.db import connect
from referee.storage.evenings import Evening
from referee.storage.transfer import evening_json, import_record
from tests.events import kaiser_hand, rummy_round
from tests.web.conftest import Table

GAMES = Path(__file__).parent.parent / "rules" / "games"


def _imported(db: Database, data: dict[str, Any]) -> Evening:
    """The record imported as a new evening (kept beside any copy of it), in a unit of work of its own."""
    with unit_of_work(db):
        return import_record(db, data)


def test_a_game_downloads_as_json_and_csv(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"])
    table.round(game, "A", {"B": "JK 5C", "C": 14, "D": 2}, ["A", "B", "C", "D"])
    record = table.get(f"{game}/game.json")
    assert record.headers["Content-Disposition"].startswith("attachment")
    data = json.loads(record.get_data(as_text=True))
    assert data["format"] == "referee.game/1" and data["players"] == ["A", "B", "C", "D"]
    assert data["events"] == [{"type": "round", "winner": "A", "hands": {"B": ["JK", "5C"], "C": 14, "D": 2}}]
    sheet = table.get(f"{game}/sheet.csv").get_data(as_text=True).splitlines()
    assert sheet[0] == "Round,Entry,Winner,A,B,C,D" and sheet[1] == "1,round,A,0,+20,+14,+2"
    table.client.set_cookie("lang", "fr")  # the entry column in the reader's words, as the sheet says them
    assert table.get(f"{game}/sheet.csv").get_data(as_text=True).splitlines()[1] == "1,manche,A,0,+20,+14,+2"


def test_the_csv_keeps_chips_as_numbers_and_escapes_what_would_run_as_a_formula(table: Table) -> None:
    data = json.loads((GAMES / "kaluki_four_players.json").read_text())
    players = {"A": "=1+1", "B": "-2+3*cmd", "C": "@SUM(A1)", "D": "D"}
    record = json.dumps(data)
    for old, new in players.items():
        record = record.replace(f'"{old}"', json.dumps(new))
    evening = table.post("/import", {"text": record}).headers["Location"]
    sheet = list(csv.reader(io.StringIO(table.get(f"{evening}/games/1/sheet.csv").get_data(as_text=True))))
    assert sheet[0][3:] == ["'=1+1", "'-2+3*cmd", "'@SUM(A1)", "D"]
    assert sheet[1][2] == "'=1+1"  # the winner's name
    assert sheet[-1][1:] == ["Chips", "", "-16", "-4", "+33", "-13"]  # numbers a spreadsheet adds up


def test_the_rules_8_game_imports_and_exports_the_same(table: Table) -> None:
    data = json.loads((GAMES / "kaluki_four_players.json").read_text())
    response = table.post("/import", {"text": json.dumps(data)})
    assert response.status_code == 303
    evening = response.headers["Location"]
    page = table.get(f"{evening}/games/1").get_data(as_text=True)
    assert "C wins the game and takes the pot of 47 chips." in page
    exported = json.loads(table.get(f"{evening}/evening.json").get_data(as_text=True))
    assert exported["games"][0]["events"] == data["events"]
    twice = table.post("/import", {"file": (io.BytesIO(json.dumps(exported).encode()), "evening.json")})
    assert twice.status_code == 200 and "This evening is here already" in twice.get_data(as_text=True)
    again = table.post("/import/choice", {"text": json.dumps(exported), "choice": "keep"})
    copy = json.loads(table.get(f"{again.headers['Location']}/evening.json").get_data(as_text=True))
    assert copy["id"] != exported["id"] and copy | {"id": exported["id"]} == exported  # kept both: a new id


@pytest.mark.parametrize(
    ("text", "message"),
    [
        pytest.param("{", "not valid JSON", id="not JSON"),
        pytest.param('{"format": "other/1"}', "neither a game record nor an evening record", id="unknown format"),
        pytest.param(
            '{"players": ["A", "B"], "events": [{"type": "buyback", "player": "A"}]}',
            "A is still in the game",
            id="an event that cannot happen",
        ),
        pytest.param(
            '{"preset": "kaiser", "teams": {"NS": ["A", "C"], "EW": ["B", "D"]}, "events": [{"type": "hand", '
            '"dealer": "D", "bidder": "A", "bid": 4, "tricks": {"NS": 6}, "five_hearts": "NS", "three_spades": "EW"}]}',
            "a bid is from 5 to 12 at this table, not 4",
            id="a kaiser bid too low",
        ),
        pytest.param("", "Choose a file", id="nothing"),
    ],
)
def test_a_bad_file_is_refused_with_the_reason_and_creates_nothing(table: Table, text: str, message: str) -> None:
    response = table.post("/import", {"text": text})
    assert response.status_code == 422 and message in response.get_data(as_text=True)
    db = connect(table.client.application.config["DATABASE"])
    assert db.execute("SELECT COUNT(*) FROM evenings").fetchone()[0] == 0


def test_a_kaiser_game_imports_and_exports_the_same(table: Table) -> None:
    data = {
        "format": "referee.game/1",
        "preset": "kaiser",
        "options": {},
        "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
        "first_dealer": "Driss",
        "events": [
            kaiser_hand("Ana", 7, {"NS": 6, "EW": 2}, "NS", "EW", dealer="Driss"),
            {"type": "passed", "dealer": "Ana"},
        ],
    }
    response = table.post("/import", {"text": json.dumps(data)})
    assert response.status_code == 303
    evening = response.headers["Location"]
    assert json.loads(table.get(f"{evening}/games/1/game.json").get_data(as_text=True)) == data
    exported = json.loads(table.get(f"{evening}/evening.json").get_data(as_text=True))
    again = table.post("/import/choice", {"text": json.dumps(exported), "choice": "keep"}).headers["Location"]
    copy = json.loads(table.get(f"{again}/evening.json").get_data(as_text=True))
    assert copy | {"id": exported["id"]} == exported


hands = st.dictionaries(st.sampled_from(["B", "C"]), st.integers(0, 60), min_size=2, max_size=2)
rounds = st.lists(
    st.one_of(
        st.builds(rummy_round, st.just("A"), hands, all_in_one=st.booleans()),
        st.just({"type": "void"}),
    ),
    max_size=8,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(events=rounds, chip=st.sampled_from(["0.00", "0.05", "1.20"]), title=st.text(max_size=10))
def test_export_import_export_is_the_same(tmp_path: Path, events: list[dict[str, Any]], chip: str, title: str) -> None:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{abs(hash((chip, title)))}.sqlite")})
    with app.app_context():
        db = connect(app.config["DATABASE"])
        evening = {
            "format": "referee.evening/1",
            "title": title,
            "players": ["A", "B", "C"],
            "preset": "kaluki",
            "options": {"elimination_threshold": 1000},
            "chip_value": chip,
            "currency": "EUR",
            "games": [
                {
                    "preset": "kaluki",
                    "options": {"elimination_threshold": 1000},
                    "players": ["A", "B", "C"],
                    "events": events,
                }
            ],
        }
        first = evening_json(db, _imported(db, evening))
        second = evening_json(db, _imported(db, first))
        assert second | {"id": first["id"]} == first  # the copy kept beside it has an id of its own
        assert first["games"][0]["events"] == events


TEAMS = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}
SEATS = ["Ana", "Ben", "Céline", "Driss"]


kaiser_hands = st.builds(  # without their dealer: NS took 1 to 7 tricks, EW the rest
    kaiser_hand,
    st.sampled_from(SEATS),
    st.integers(5, 12),
    st.integers(1, 7).map(lambda ns: {"NS": ns, "EW": 8 - ns}),  # both teams took a trick: either may hold either card
    st.sampled_from(["NS", "EW"]),
    st.sampled_from(["NS", "EW"]),
    no_trump=st.booleans(),
)
kaiser_deals = st.lists(st.one_of(kaiser_hands, st.just({"type": "passed"})), max_size=6)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals=kaiser_deals, first=st.integers(0, 3))
def test_a_kaiser_game_exports_imports_exports_the_same(
    tmp_path: Path, deals: list[dict[str, Any]], first: int
) -> None:
    rules = rules_for("kaiser")
    events: list[dict[str, Any]] = []
    assert isinstance(rules, KaiserRules)
    table = KaiserTeams.from_json(TEAMS)
    game = KaiserGame.start(rules, table, SEATS[first])
    for position, deal in enumerate(deals, start=1):  # the deal goes round the table; none after the game is won
        event = deal | {"dealer": game.next_dealer}
        if game.over:
            break
        game, _ = game.apply(parse_kaiser_event(event, position, table), position)
        events.append(event)
    record = {"format": "referee.game/1", "preset": "kaiser", "options": {}, "teams": TEAMS,
              "first_dealer": SEATS[first], "events": events}  # fmt: skip
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / f"{abs(hash(json.dumps(record)))}.sqlite")})
    with app.app_context():
        db = connect(app.config["DATABASE"])
        first_export = evening_json(db, _imported(db, record))
        assert first_export["games"][0] == record
        assert evening_json(db, _imported(db, first_export)) | {"id": first_export["id"]} == first_export
