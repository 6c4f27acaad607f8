"""Bad input (#13): every input bounded, every refusal clear, nothing changed by a refusal, nobody freezes the app."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from werkzeug.test import TestResponse

from referee import create_app
from referee.storage.db import connect
from tests.web.conftest import Table

HUGE = str(2**64)  # past SQLite's integers
DIGITS = "9" * 5000  # past Python's limit for reading a whole number
GAMES = Path(__file__).parent.parent / "rules" / "games"
PLAYERS = ["A", "B", "C", "D"]


def dump(table: Table) -> list[str]:
    """Every row of every table: a refused request leaves this the same."""
    db = connect(table.client.application.config["DATABASE"])
    return list(db.conn.iterdump())


def text(response: TestResponse) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True).replace("&#39;", "'").replace("&#34;", '"'))


def refused(table: Table, before: list[str], response: TestResponse, status: int, *messages: str) -> None:
    assert response.status_code == status, text(response)[-2000:]
    for message in messages:
        assert message in text(response)
    assert dump(table) == before


@pytest.fixture
def game(table: Table) -> str:
    return table.game(table.evening(), PLAYERS)


# --- 1. Bounds from the rules: a hand's cards and its total -------------------------------------------------------


def test_a_typed_total_no_hand_can_cost_is_refused_on_its_field(table: Table, game: str) -> None:
    before = dump(table)
    response = table.round(game, "A", {"B": 999, "C": 10, "D": 168}, PLAYERS)
    refused(table, before, response, 422, "B's hand cannot be worth 999 points: 14 cards cost at most 168 in Kaluki")
    assert "D's hand" not in text(response)  # 168 is the most a kaluki hand costs: it is taken


def test_a_hand_of_more_cards_than_a_player_holds_is_refused(table: Table, game: str) -> None:
    before = dump(table)
    eighteen = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 3H 4H 5H 6H"
    response = table.round(game, "A", {"B": eighteen, "C": 10, "D": 5}, PLAYERS)
    refused(table, before, response, 422, "B's hand has 18 cards: a player holds at most 14 in Kaluki")


def test_a_rami_hand_holds_fifteen_cards(table: Table) -> None:
    game = table.game(table.evening(preset="rami"), PLAYERS, preset="rami")
    fifteen = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2H 3H"
    response = table.round(game, "A", {"B": fifteen, "C": 230, "D": 5}, PLAYERS)
    assert response.status_code == 303, text(response)
    before = dump(table)
    response = table.round(game, "A", {"B": 231, "C": 0, "D": 5}, PLAYERS)
    refused(table, before, response, 422, "cost at most 230 in Rami")


def test_a_correction_is_bounded_too(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 5, "C": 10, "D": 2}, PLAYERS)
    edit = table.get(f"{game}/events/1")
    revision = re.search(r'name="based_on" type="hidden" value="(\d+)"', edit.get_data(as_text=True))
    assert revision is not None
    before = dump(table)
    data = {"winner": "A", "finish": "out", "hand:B": "999", "hand:C": "1", "hand:D": "2", "based_on": revision[1]}
    response = table.post(f"{game}/events/1", data)
    refused(table, before, response, 422, "B's hand cannot be worth 999 points")


def test_an_imported_round_over_the_bound_creates_nothing(table: Table) -> None:
    record = {"players": ["A", "B"], "events": [{"type": "round", "winner": "A", "hands": {"B": 500}}]}
    before = dump(table)
    response = table.post("/import", {"text": json.dumps(record)})
    refused(table, before, response, 422, "event 1: B's hand cannot be worth 500 points")


# --- 1. Numbers from forms and URLs --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        f"/games/{HUGE}",
        f"/games/{HUGE}/game.json",
        f"/games/{HUGE}/sheet.csv",
        f"/games/{HUGE}/live",
        f"/games/1/events/{HUGE}",
        f"/games/1/hands/{HUGE}",
    ],
)
def test_a_number_past_sqlite_in_a_url_is_not_found(table: Table, game: str, path: str) -> None:
    evening = game.rsplit("/games/", 1)[0]
    assert table.get(f"{evening}{path}").status_code == 404


@pytest.mark.parametrize("path", [f"/games/{HUGE}/rounds", f"/games/{HUGE}/void", f"/games/1/events/{HUGE}/delete"])
def test_a_write_to_a_number_past_sqlite_changes_nothing(table: Table, game: str, path: str) -> None:
    evening = game.rsplit("/games/", 1)[0]
    before = dump(table)
    response = table.post(f"{evening}{path}", {"based_on": "0"})
    assert response.status_code in (404, 422)
    assert dump(table) == before


@pytest.mark.parametrize("seen", [HUGE, DIGITS, "-1", "1e3", "٣"])
def test_a_forged_version_in_a_hidden_field_is_refused(table: Table, game: str, seen: str) -> None:
    before = dump(table)
    response = table.round(game, "A", {"B": 5, "C": 10, "D": 2}, PLAYERS, seen=seen)
    refused(table, before, response, 422, "This form was not made by this page")
    response = table.post(f"{game}/void", {"seen": seen})
    refused(table, before, response, 422)


@pytest.mark.parametrize("based_on", [HUGE, DIGITS])
def test_a_forged_revision_cannot_undo(table: Table, game: str, based_on: str) -> None:
    table.round(game, "A", {"B": 5, "C": 10, "D": 2}, PLAYERS)
    before = dump(table)
    response = table.post(f"{game}/events/1/delete", {"based_on": based_on})
    refused(table, before, response, 422)


def test_five_thousand_digits_in_a_hand_are_refused_clearly(table: Table, game: str) -> None:
    before = dump(table)
    response = table.round(game, "A", {"B": DIGITS, "C": 10, "D": 2}, PLAYERS)
    refused(table, before, response, 422, "9999999999… is too large a number")


@pytest.mark.parametrize("laid", [DIGITS, HUGE])
def test_five_thousand_digits_of_laid_points_are_refused(table: Table, laid: str) -> None:
    game = table.game(table.evening(preset="rami"), PLAYERS, preset="rami")
    before = dump(table)
    response = table.round(game, "A", {"B": 5, "C": 10, "D": 2}, PLAYERS, **{"laid:A": laid})
    refused(table, before, response, 422)


@pytest.mark.parametrize("field", ["bid", "tricks"])
@pytest.mark.parametrize("value", [DIGITS, HUGE])
def test_a_kaiser_hand_with_huge_numbers_is_refused(table: Table, field: str, value: str) -> None:
    evening = table.evening()
    data = {
        "kaiser-preset": "kaiser", "kaiser-first": "A", "kaiser-partner": "C", "kaiser-second": "B",
        "kaiser-second_partner": "D", "kaiser-dealer": "A",
    }  # fmt: skip
    game = table.post(f"{evening}/games", {"family": "kaiser"} | data).headers["Location"]
    before = dump(table)
    hand = {"bidder": "A", "bid": "7", "tricks": "6", "five_hearts": "A & C", "three_spades": "B & D", field: value}
    refused(table, before, table.post(f"{game}/hands", hand), 422)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        pytest.param({"chip_value": DIGITS}, "Type an amount, like 0.20.", id="5,000-digit chip"),
        pytest.param({"chip_value": "NaN"}, "Type an amount, like 0.20.", id="NaN chip"),
        pytest.param({"chip_value": "1e999"}, "Type an amount, like 0.20.", id="1e999 chip"),
        pytest.param({"chip_value": "5000"}, "A chip is worth at most 1000.", id="chip worth too much"),
        pytest.param(
            {"house-ante": DIGITS},
            "Type a whole number from 0 to 100000, not “999999999999999999999999…”.",
            id="5,000 digits",
        ),
        pytest.param({"house-ante": HUGE}, f"not “{HUGE}”", id="huge house rule"),
        pytest.param({"house-packs": "9"}, "Type a whole number from 1 to 8 or “auto”, not “9”.", id="nine packs"),
        pytest.param({"house-hand_size": "40"}, "Type a whole number from 1 to 21, not “40”.", id="hand of 40"),
        pytest.param({"house-max_players": "9"}, "from 2 to 8", id="nine players a game"),
        pytest.param({"preset": "whist"}, "Not a valid choice", id="unknown preset"),
        pytest.param({"title": "x" * 61}, "Field cannot be longer than 60 characters.", id="long title"),
        pytest.param({"currency": "EUROSEURO"}, "Field cannot be longer than 8 characters.", id="long currency"),
        pytest.param({"players": "A\n" + "B" * 25}, "is too long: at most 24 characters", id="long name"),
    ],
)
def test_a_bad_new_evening_is_refused_with_the_reason(table: Table, fields: dict[str, str], message: str) -> None:
    before = dump(table)
    data = {"players": "Ana\nBen", "preset": "kaluki", "chip_value": "0.10", "currency": "EUR", **fields}
    refused(table, before, table.post("/new", data), 422, message)


def test_an_unknown_kaiser_preset_is_refused_with_the_reason(table: Table) -> None:
    evening = table.evening()
    before = dump(table)
    data = {
        "kaiser-preset": "kaiser-deluxe", "kaiser-first": "A", "kaiser-partner": "C", "kaiser-second": "B",
        "kaiser-second_partner": "D", "kaiser-dealer": "A",
    }  # fmt: skip
    refused(
        table,
        before,
        table.post(f"{evening}/games", {"family": "kaiser"} | data),
        422,
        "unknown preset 'kaiser-deluxe'",
    )


@pytest.mark.parametrize(
    "data",
    [
        {"payer": "A", "payee": "B", "chips": DIGITS},
        {"payer": "A", "payee": "B", "chips": HUGE},
    ],
)
def test_a_payment_with_huge_numbers_is_refused(table: Table, game: str, data: dict[str, str]) -> None:
    evening = game.rsplit("/games/", 1)[0]
    before = dump(table)
    refused(table, before, table.post(f"{evening}/settle/paid", data), 422)
    refused(table, before, table.post(f"{evening}/settle/undo", {"payment": data["chips"]}), 422)


# --- 2. The desk's solver: a bounded hand, a time budget -----------------------------------------------------------

SEVENTEEN = "8D 5C 4D 3D 7D 5D 3D 4C 6C 6C 3C 6D 6D JK JK JK JK"


def test_the_desk_refuses_more_cards_than_a_hand_and_a_few(table: Table) -> None:
    eighteen = f"{SEVENTEEN} 9D"
    response = table.post("/desk/best", {"rules": "kaluki", "hand": eighteen, "minimise": "value"})
    assert response.status_code == 422
    assert (
        "18 cards: the best way to lay a hand is worked out for 17 cards at most in Kaluki (a hand holds 14)"
        in text(response)
    )


# --- 3. Rate limits ------------------------------------------------------------------------------------------------


@pytest.fixture
def limited(tmp_path: Path) -> Table:
    config = {
        "TESTING": True, "DATABASE": str(tmp_path / "limited.sqlite"), "SECRET_KEY": "test", "RATELIMIT_ENABLED": True,
        "REFEREE_DESK_LIMIT": "3 per minute", "REFEREE_IMPORT_LIMIT": "2 per minute",
    }  # fmt: skip
    return Table(create_app(config).test_client())


def test_the_desk_answers_a_phone_so_many_times_a_minute(limited: Table) -> None:
    question = {"rules": "kaluki", "cards": "9H 9S JK"}
    assert [limited.post("/desk/meld", question).status_code for _ in range(3)] == [200, 200, 200]
    response = limited.post("/desk/meld", question)
    assert response.status_code == 429 and "Retry-After" in response.headers
    assert "This phone asked the referee too often in a short time." in text(response)
    limited.client.set_cookie("lang", "fr")
    assert "Ce téléphone a interrogé l’arbitre trop souvent" in text(limited.post("/desk/best", {"hand": "9H"}))
    assert limited.get("/desk").status_code == 200  # asking the question is never limited


def test_a_limited_htmx_question_is_answered_in_the_alert_area_and_the_form_stays(limited: Table) -> None:
    question = {"rules": "kaluki", "cards": "9H 9S JK"}
    for _ in range(3):
        limited.post("/desk/meld", question, htmx=True)
    response = limited.post("/desk/meld", question, htmx=True)
    assert response.status_code == 429
    assert response.headers["HX-Retarget"] == "#alerts" and response.headers["HX-Reswap"] == "innerHTML"
    assert "HX-Request" in response.headers["Vary"]
    answer = text(response)
    assert "<html" not in answer and 'role="alert"' in answer and "Too many requests" in answer
    assert 'id="alerts"' in text(limited.get("/desk"))  # every page has the area the alert goes to


def test_imports_are_limited_per_phone(limited: Table) -> None:
    statuses = [limited.post("/import", {"text": "{"}).status_code for _ in range(3)]
    assert statuses == [422, 422, 429]


def test_limits_are_off_while_testing(table: Table) -> None:
    assert {table.post("/desk/meld", {"rules": "kaluki", "cards": "9H 9S JK"}).status_code for _ in range(35)} == {200}


# --- 4. Imports ------------------------------------------------------------------------------------------------------


def test_a_file_past_the_size_cap_is_refused_with_413(table: Table) -> None:
    before = dump(table)
    # The browser says how large its request is: past the cap it is refused unread (a body of that size in the
    # test client would be a temporary file the test client leaves open).
    table.get("/import")
    body = {"csrf_token": table.token, "file": (io.BytesIO(b"{}"), "big.json")}
    response = table.client.post("/import", data=body, environ_overrides={"CONTENT_LENGTH": str(3 * 1024 * 1024)})
    refused(table, before, response, 413, "a record to import is at most 2 MB")


def test_a_file_past_the_size_cap_sent_by_htmx_is_refused_in_the_alert_area(table: Table) -> None:
    table.get("/import")
    body = {"csrf_token": table.token, "file": (io.BytesIO(b"{}"), "big.json")}
    headers = {"HX-Request": "true"}
    size = {"CONTENT_LENGTH": str(3 * 1024 * 1024)}
    response = table.client.post("/import", data=body, headers=headers, environ_overrides=size)
    assert response.status_code == 413 and response.headers["HX-Retarget"] == "#alerts"
    assert "<html" not in text(response) and "a record to import is at most 2 MB" in text(response)


def test_pasted_text_past_the_size_cap_is_refused(table: Table) -> None:
    before = dump(table)
    response = table.post("/import", {"text": " " * (2 * 1024 * 1024 + 100) + "{}"})
    refused(table, before, response, 422, "This record is too large: at most 2 MB.")


def test_a_large_record_within_the_cap_imports(table: Table) -> None:
    rounds = [{"type": "round", "winner": "A", "hands": {"B": 1}}, {"type": "round", "winner": "B", "hands": {"A": 1}}]
    record = {"players": ["A", "B"], "options": {"elimination_threshold": None}, "events": rounds * 500}
    pasted = json.dumps(record, indent=2) + " " * 600_000
    assert 600_000 < len(pasted) < 2 * 1024 * 1024  # more than Flask's own 500 KB for a form's text
    assert table.post("/import", {"text": pasted}).status_code == 303


def evening(**changes: Any) -> dict[str, Any]:
    data = json.loads((Path(__file__).parent.parent / "rules" / "evenings" / "kaluki_and_kaiser.json").read_text())
    return data | changes


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


BAD_RECORDS = [
    pytest.param(nested(100_000), "the record nests too deeply", id="deep nesting (RecursionError)"),
    pytest.param('{"players": [' + nested(30) + "]}", "the record nests too deeply", id="nesting within reach"),
    pytest.param('{"players": ["A", "\\ud800"], "events": []}', "a character that is not Unicode", id="lone surrogate"),
    pytest.param('{"players": ["A", "B"], "events": [{"type": []}]}', "an event's type is a word", id='{"type": []}'),
    pytest.param('{"players": ["A", "B"], "events": [{"type": {}}]}', "an event's type is a word", id='{"type": {}}'),
    pytest.param(
        '{"players": ["A", "B"], "events": [{"type": "round", "winner": "A", "hands": {"B": ' + DIGITS + "}}]}",
        "a number is too large",
        id="5,000-digit number",
    ),
    pytest.param(
        json.dumps({"players": ["A", "B"], "options": {"ante": 10**30}}), "a number is too large", id="huge number"
    ),
    pytest.param(json.dumps({"players": ["A", "B"], "options": {"ante": 200_000}}), "ante takes", id="ante too high"),
    pytest.param('{"players": ["A", "B"], "events": [NaN]}', "NaN is not a number JSON allows", id="NaN"),
    pytest.param(
        json.dumps(evening(preset="whist")), "the evening's rules: unknown preset 'whist'", id="evening preset"
    ),
    pytest.param(
        json.dumps(evening(preset="kaiser")), "kaiser is a Kaiser preset; an evening starts", id="kaiser evening"
    ),
    pytest.param(
        json.dumps(evening(options={"ante": "lots"})), "the evening's rules: ante takes", id="evening options"
    ),
    pytest.param(json.dumps(evening(options=[])), 'the evening\'s "preset" is', id="evening options not an object"),
    pytest.param(json.dumps(evening(chip_value="1e400")), "must be from 0 to 1000", id="chip 1e400"),
    pytest.param(json.dumps(evening(players=["A"])), "is not one of the evening's players", id="a stranger plays"),
    pytest.param(json.dumps(evening(title="x" * 61)), "the evening's title is too long", id="long title"),
    pytest.param(json.dumps(evening(title=7)), '"title" is the evening\'s name', id="title not a text"),
    pytest.param(json.dumps(evening(currency="EUROSEURO")), "the currency is too long", id="long currency"),
    pytest.param(
        json.dumps({"players": ["A", "B" * 25]}), "(25 characters) is too long: at most 24 characters", id="long name"
    ),
    pytest.param(
        json.dumps({"preset": "kaiser", "teams": {"N" * 30: ["A", "C"], "EW": ["B", "D"]}}),
        "is too long: at most 24",
        id="long team name",
    ),
    pytest.param(
        json.dumps({"players": list("ABCDEFGHI"), "preset": "rami"}), "rami is played by 2 to 8 players, not 9", id="9"
    ),
    pytest.param(
        json.dumps({"players": list("ABCDEF")}), "kaluki is played by 2 to 5 players, not 6", id="six at kaluki"
    ),
    pytest.param(
        json.dumps(evening(players=[*"ABCDEFGH", "Ana", "Ben", "Céline", "Driss", "Eve"])),
        "an evening has 2 to 12 players, not 13",
        id="thirteen at an evening",
    ),
    pytest.param(
        json.dumps({"format": "referee.evening/1", "chip_value": "0.10", "games": []}),
        "an evening has 2 to 12 players, not 0",
        id="an evening of nobody",
    ),
]


@pytest.mark.parametrize(("record", "message"), BAD_RECORDS)
def test_a_bad_record_is_refused_with_the_reason_and_creates_nothing(table: Table, record: str, message: str) -> None:
    before = dump(table)
    refused(table, before, table.post("/import", {"text": record}), 422, message)


def test_a_latin_1_file_is_refused_with_the_reason(table: Table) -> None:
    record = json.dumps({"players": ["Céline", "Ana"]}, ensure_ascii=False).encode("latin-1")
    before = dump(table)
    response = table.post("/import", {"file": (io.BytesIO(record), "game.json")})
    refused(table, before, response, 422, "This file is not UTF-8 text")


def test_a_utf_8_file_with_a_byte_order_mark_imports(table: Table) -> None:
    record = json.dumps({"players": ["Céline", "Ana"]}, ensure_ascii=False).encode("utf-8-sig")
    assert table.post("/import", {"file": (io.BytesIO(record), "game.json")}).status_code == 303


def test_a_kaiser_game_record_imports_as_an_evening_whose_pages_all_work(table: Table) -> None:
    record = (GAMES / "kaiser_three_deals.json").read_text()
    response = table.post("/import", {"text": record})
    assert response.status_code == 303, text(response)
    evening = response.headers["Location"]
    for page in ("", "/games/1", "/desk", "/desk/best", "/rules", "/settle", "/evening.json"):
        assert table.get(f"{evening}{page}").status_code == 200, page
    exported = json.loads(table.get(f"{evening}/evening.json").get_data(as_text=True))
    assert exported["preset"] == "kaluki" and exported["options"] == {}
    assert (
        table.post(f"{evening}/desk/best", {"rules": "evening", "hand": "9H 9S 9D", "minimise": "value"}).status_code
        == 200
    )


def test_an_evening_stored_with_a_bad_preset_still_opens_its_desk_and_rules(table: Table) -> None:
    evening = table.evening()
    db = connect(table.client.application.config["DATABASE"])
    db.execute("UPDATE evenings SET preset = 'kaiser', options = '{\"ante\": \"lots\"}'")
    db.conn.commit()
    for page in ("/desk", "/rules", ""):
        assert table.get(f"{evening}{page}").status_code == 200, page


def test_an_evening_record_keeps_its_own_rules(table: Table) -> None:
    data = evening(
        preset="rami",
        options={"opening_threshold": 71},
        title="Friday",
        players=[*"ABCD", "Ana", "Ben", "Céline", "Driss"],
    )
    response = table.post("/import", {"text": json.dumps(data)})
    assert response.status_code == 303, text(response)
    exported = json.loads(table.get(f"{response.headers['Location']}/evening.json").get_data(as_text=True))
    assert (exported["preset"], exported["options"], exported["title"]) == ("rami", {"opening_threshold": 71}, "Friday")
    assert exported["players"] == [*"ABCD", "Ana", "Ben", "Céline", "Driss"]


# --- #24: the bound on Rami's laid points counts the packs the players call for; a kept joker where none costs -------

EIGHT = ["Ana", "Ben", "Céline", "Driss", "Éloïse", "Fanny", "Gaspard", "Hélène"]


def eight_player_round(laid: str) -> dict[str, str]:
    return {"winner": "Ana", "finish": "out", "hand:Ana": "", "laid:Ben": laid} | {f"hand:{n}": "5" for n in EIGHT[1:]}


def test_eight_rami_players_may_lay_every_card_of_four_packs_on_the_round_form(table: Table) -> None:
    # docs/rules.md §1: Rami plays 4 packs and 8 jokers for 7-8 players: every card in play counts 1,640, not 820.
    game = table.game(table.evening(players="\n".join(EIGHT)), EIGHT, preset="rami")
    before = dump(table)
    response = table.post(f"{game}/rounds", eight_player_round("1641"), htmx=True)
    refused(table, before, response, 422, "At most 1640: every card in play counts that much.")
    assert table.post(f"{game}/rounds", eight_player_round("900")).status_code == 303  # past two packs' 820
    edit = table.get(f"{game}/events/1").get_data(as_text=True)
    revision = re.search(r'name="based_on" type="hidden" value="(\d+)"', edit)
    assert revision is not None
    before = dump(table)
    correction = eight_player_round("1641") | {"based_on": revision[1]}
    refused(table, before, table.post(f"{game}/events/1", correction), 422, "At most 1640")
    assert table.post(f"{game}/events/1", correction | {"laid:Ben": "1640"}).status_code == 303


def test_an_imported_eight_player_rami_round_is_bounded_by_four_packs(table: Table) -> None:
    hands = {name: 5 for name in EIGHT[1:]}
    event = {"type": "round", "winner": "Ana", "hands": hands, "laid": {"Ben": 1640}}
    record = {"preset": "rami", "players": EIGHT, "events": [event]}
    assert table.post("/import", {"text": json.dumps(record)}).status_code == 303
    before = dump(table)
    event["laid"] = {"Ben": 1641}
    response = table.post("/import", {"text": json.dumps(record)})
    refused(table, before, response, 422, "event 1: Ben cannot have laid 1641 points: every card in play counts 1640")


def test_an_imported_kaluki_round_with_a_kept_joker_creates_nothing(table: Table) -> None:
    # docs/rules.md §2, Joker release (002: "The Joker can't be added to the cards in their hand"): no such entry.
    event = {"type": "round", "winner": "A", "hands": {"B": "5C"}, "unreturned_jokers": {"B": 1}}
    before = dump(table)
    response = table.post("/import", {"text": json.dumps({"players": ["A", "B"], "events": [event]})})
    refused(table, before, response, 422, "event 1: B cannot have kept a joker in Kaluki")
