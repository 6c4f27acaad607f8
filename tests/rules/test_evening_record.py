"""The evening record of docs/formats.md (referee.rules.evening_record): each refusal in the scorer's words, what an
evening takes from its games, the lengths the app imports, each game's chips, and its chip value through
`referee settle`."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee.rules.evening_record import check_lengths, evening_of, game_chips, parse_money, read_evening
from referee.rules.game_record import read_game
from referee.rules.record_data import RecordError
from referee.rules.settlement import SettlementError, cents
from tests.conftest import Runner

RAMI = {"format": "referee.game/1", "preset": "rami-elimination", "options": {"ante": 2}, "players": ["Ana", "Ben"]}
KAISER = {"format": "referee.game/1", "preset": "kaiser", "teams": {"NS": ["Ana", "Eve"], "EW": ["Ben", "Luc"]}}
KALUKI = {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": []}
ANA_WINS = {"type": "round", "winner": "Ana", "hands": {"Ben": 200}, "rami": "own_cards"}  # 600: Ben passes 500
BEN_WINS = {"type": "round", "winner": "Ben", "hands": {"Ana": 200}, "rami": "own_cards"}


def evening(**changed: Any) -> dict[str, Any]:
    return {"format": "referee.evening/1", "chip_value": "0.20", "currency": "EUR", "games": [KALUKI]} | changed


FORMAT = 'an evening record is an object with "format": "referee.evening/2"'
MUST_BE = "must be from 0 to 1000, in whole cents"
RULES = 'the evening\'s "preset" is a preset\'s name and its "options" an object'
PLAYERS = "the evening's \"players\" is a list of the players' names"
EVENING_ID = '"id" is the evening\'s id: 1 to 64 letters, digits or dashes'


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param(None, FORMAT, id="not an object"),
        pytest.param(evening(format="referee.evening/3"), FORMAT, id="format"),
        pytest.param(
            evening(chip_value=0.2),
            '"chip_value" is a decimal string, like "0.20" (money is never a float)',
            id="float",
        ),
        pytest.param(
            evening(chip_value="abc"), "chip_value 'abc' is not a decimal number, like \"0.20\"", id="no number"
        ),
        pytest.param(evening(chip_value="1000.01"), f"chip_value '1000.01' {MUST_BE}", id="too much"),
        pytest.param(evening(chip_value="-0.01"), f"chip_value '-0.01' {MUST_BE}", id="negative"),
        pytest.param(evening(chip_value="0.001"), f"chip_value '0.001' {MUST_BE}", id="not cents"),
        pytest.param(evening(chip_value="NaN"), f"chip_value 'NaN' {MUST_BE}", id="nan"),
        pytest.param(evening(chip_value="Infinity"), f"chip_value 'Infinity' {MUST_BE}", id="infinite"),
        pytest.param(evening(currency=5), '"currency" is a currency code, like "EUR"', id="currency"),
        pytest.param(evening(title=5), '"title" is the evening\'s name, a text', id="title"),
        pytest.param(evening(games={}), '"games" is a list of game records', id="games"),
        pytest.param(
            evening(games=[KALUKI, {"preset": "kaluki"}]),
            'game 2: "players" is a list of the players\' names',
            id="game",
        ),
        pytest.param(evening(preset=5), RULES, id="preset"),
        pytest.param(evening(options=[]), RULES, id="options"),
        pytest.param(
            evening(preset="kaiser"),
            "the evening's rules: kaiser is a Kaiser preset; an evening starts from Kaluki or Rami",
            id="kaiser",
        ),
        pytest.param(
            evening(options={"ante": -1}),
            "the evening's rules: ante takes a whole number from 0 to 100000, not -1",
            id="option",
        ),
        pytest.param(evening(players="Ana"), PLAYERS, id="players text"),
        pytest.param(evening(players=["Ana", " "]), PLAYERS, id="blank player"),
        pytest.param(evening(players=["Ana", 3]), PLAYERS, id="number player"),
        pytest.param(
            evening(players=["Ana"]), "Ben plays a game but is not one of the evening's players", id="not one"
        ),
        pytest.param(evening(players=["Ana", "Ben", "Ben"]), "Ben is listed twice among the players", id="twice"),
        pytest.param(evening(format="referee.evening/2"), EVENING_ID, id="no id"),
        pytest.param(evening(format="referee.evening/2", id=""), EVENING_ID, id="empty id"),
        pytest.param(evening(format="referee.evening/2", id="a" * 65), EVENING_ID, id="long id"),
        pytest.param(evening(format="referee.evening/2", id="ab_c"), EVENING_ID, id="underscore"),
        pytest.param(evening(format="referee.evening/2", id=7), EVENING_ID, id="number id"),
        pytest.param(
            evening(format="referee.evening/2", id="ab", changes={}), '"changes" is a list of objects', id="c"
        ),
        pytest.param(
            evening(format="referee.evening/2", id="ab", rulings={}), '"rulings" is a list of objects', id="r"
        ),
        pytest.param(
            evening(format="referee.evening/2", id="ab", payments=3), '"payments" is a list of objects', id="p"
        ),
    ],
)
def test_an_evening_record_that_cannot_be_is_refused_with_why(data: Any, reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        read_evening(data)
    assert str(refused.value) == reason


def test_an_evening_1_takes_its_players_and_rules_from_its_games() -> None:
    read = read_evening(evening(games=[KAISER | {"events": []}, RAMI | {"events": []}, KALUKI]))
    assert (read.chip_value, read.currency, read.title) == (Decimal("0.20"), "EUR", "")
    assert read.players == ("Ana", "Ben", "Eve", "Luc")
    assert (read.preset, dict(read.options)) == ("rami-elimination", {"ante": 2})
    assert (read.id, read.changes, read.rulings, read.payments) == (None, (), (), ())


def test_an_evening_without_a_rummy_game_plays_kaluki_and_no_currency_is_none() -> None:
    data = evening(games=[KAISER | {"events": []}])
    del data["currency"]
    read = read_evening(data)
    assert (read.preset, dict(read.options), read.currency) == ("kaluki", {}, "")


def test_an_evening_2_with_its_own_rules_players_and_logs() -> None:
    payment = {"from": "Ana", "to": "Ben", "chips": 3, "at": "2026-11-20T21:00:00+00:00"}
    ruling = {"kind": "check", "rules": "kaluki", "question": "9H 9S JK", "answer": "valid", "at": payment["at"]}
    data = evening(
        format="referee.evening/2",
        id="ab-12",
        title="Friday",
        players=["Zoe", "Ben", "Ana"],
        preset="rami",
        options={"ante": 4},
        payments=[payment],
        rulings=[ruling],
    )
    read = read_evening(data)
    assert (read.id, read.title, read.players, read.preset) == ("ab-12", "Friday", ("Zoe", "Ben", "Ana"), "rami")
    assert dict(read.options) == {"ante": 4}
    assert [p.as_json() for p in read.payments] == [payment] and [r.as_json() for r in read.rulings] == [ruling]
    assert read.changes == ()


def test_an_evening_2_with_only_a_preset_takes_its_defaults() -> None:
    read = read_evening(evening(format="referee.evening/2", id="x", preset="rami", games=[RAMI | {"events": []}]))
    assert (read.preset, dict(read.options)) == ("rami", {})
    only_options = read_evening(evening(options={"ante": 5}, games=[RAMI | {"events": []}]))
    assert (only_options.preset, dict(only_options.options)) == ("kaluki", {"ante": 5})


def test_an_evening_of_one_game_and_as_it_is_written() -> None:
    rummy = evening_of(read_game(RAMI | {"events": []}))
    assert (rummy.players, rummy.preset, dict(rummy.options)) == (("Ana", "Ben"), "rami-elimination", {"ante": 2})
    assert rummy.as_json() == {
        "format": "referee.evening/1",
        "chip_value": "0.10",
        "currency": "EUR",
        "games": [RAMI | {"events": []}],
    }
    kaiser = evening_of(read_game(KAISER | {"events": []}), Decimal("1.5"), "USD")
    assert (kaiser.players, kaiser.preset, kaiser.title) == (("Ana", "Ben", "Eve", "Luc"), "kaluki", "")
    assert (kaiser.as_json()["chip_value"], kaiser.as_json()["currency"]) == ("1.50", "USD")


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        pytest.param("0.20", Decimal("0.20"), id="cents"),
        pytest.param("1000", Decimal(1000), id="most"),
        pytest.param("0", Decimal(0), id="zero"),
        pytest.param("-0", Decimal(0), id="minus zero"),
    ],
)
def test_a_chip_value_is_read_to_the_cent(text: str, amount: Decimal) -> None:
    read = parse_money(text)
    assert read == amount and not read.is_signed()


def lengths(**changed: Any) -> str | None:
    base = evening_of(read_game(KALUKI))
    try:
        check_lengths(replace(base, **changed))
    except RecordError as error:
        return str(error)
    return None


def test_the_lengths_the_app_imports_are_taken() -> None:
    assert lengths() is None
    assert lengths(players=tuple("ABCDEFGH")) is None
    assert lengths(players=("A" * 24, "B"), title="t" * 60, currency="C" * 8) is None


@pytest.mark.parametrize(
    ("changed", "reason"),
    [
        pytest.param({"players": ("A",)}, "an evening has 2 to 12 players, not 1", id="one player"),
        pytest.param({"players": tuple("ABCDEFGHIJKLM")}, "an evening has 2 to 12 players, not 13", id="thirteen"),
        pytest.param(
            {"players": ("A" * 25, "B")},
            "the name 'AAAAAAAAAAAAAAAAAAAAAAAA\u2026' (25 characters) is too long: at most 24 characters",
            id="long name",
        ),
        pytest.param({"title": "t" * 61}, "the evening's title is too long: at most 60 characters", id="title"),
        pytest.param({"currency": "C" * 9}, "the currency is too long: at most 8 characters, like EUR", id="currency"),
    ],
)
def test_what_the_app_does_not_import_is_refused(changed: dict[str, Any], reason: str) -> None:
    assert lengths(**changed) == reason


def test_a_games_player_or_team_name_too_long_is_refused() -> None:
    long_player = evening_of(read_game(KALUKI | {"players": ["Ana", "B" * 25]}))
    long_team = evening_of(
        read_game(KAISER | {"events": [], "teams": {"N" * 25: ["Ana", "Eve"], "EW": ["Ben", "Luc"]}})
    )
    for long in (replace(long_player, players=("Ana", "Ben")), long_team):
        with pytest.raises(RecordError, match=r"\(25 characters\) is too long: at most 24 characters"):
            check_lengths(long)


def test_each_finished_games_chips_and_none_for_kaiser() -> None:
    games = [read_game(KAISER | {"events": []}), read_game(RAMI | {"events": [ANA_WINS]})]
    assert game_chips(games) == [{"Ana": 2, "Ben": -2}]
    assert game_chips([*games, read_game(RAMI | {"events": [BEN_WINS]})]) == [
        {"Ana": 2, "Ben": -2},
        {"Ana": -2, "Ben": 2},
    ]


def test_a_game_under_way_or_wrong_is_refused_by_its_number() -> None:
    finished = read_game(RAMI | {"events": [ANA_WINS]})
    with pytest.raises(RecordError) as refused:
        game_chips([finished, read_game(RAMI | {"events": []})])
    assert str(refused.value) == "game 2 is not over: its pot of 4 chips has no winner yet"
    with pytest.raises(RecordError) as refused:
        game_chips([finished, read_game(RAMI | {"events": [BEN_WINS, {"type": "void"}]})])
    assert str(refused.value) == "game 2: event 2: the game is over: Ben won it"


# --- the chip value through `referee settle`: a negative one refused, zero accepted -----------------------------------


@pytest.mark.parametrize("chip_value", ["-0.01", "-1", "-0.20"])
def test_a_negative_chip_value_in_an_evening_record_is_refused(
    referee: Runner, tmp_path: Path, chip_value: str
) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({"format": "referee.evening/1", "chip_value": chip_value, "games": []}))
    done = referee("settle", "--json", str(path))
    assert done.code == 2 and done.out == ""
    # The record itself refuses it, naming the key, before any payment is worked out.
    assert f"chip_value {chip_value!r} must be from 0 to 1000" in done.err
    with pytest.raises(SettlementError, match="zero or more"):
        cents(Decimal(chip_value))


def test_a_chip_value_of_zero_is_accepted(referee: Runner, tmp_path: Path) -> None:
    # Ante 3 each; A wins the round (B pays 1 chip) and B, at 150, is eliminated with nobody left to play:
    # A takes the pot of 6. A +4, B -4, worth nothing at 0.00 a chip.
    game = {
        "format": "referee.game/1",
        "preset": "kaluki",
        "players": ["A", "B"],
        "events": [{"type": "round", "winner": "A", "hands": {"B": 150}}],
    }
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({"format": "referee.evening/1", "chip_value": "0.00", "games": [game]}))
    done = referee("settle", "--json", str(path))
    assert done.code == 0, done.err
    assert json.loads(done.out) == {
        "balances": {"A": 4, "B": -4},
        "payments": [{"from": "B", "to": "A", "chips": 4, "amount": "0.00"}],
    }
    assert cents(Decimal("0")) == 0 and cents(Decimal("0.01")) == 1
