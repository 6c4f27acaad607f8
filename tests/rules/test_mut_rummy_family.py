"""The rummy family as the registry asks it (referee.rules.rummy_family): its rules' refusals, its players, its
start, its events and the standings a scorer reads."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import UnreadableEvent
from referee.rules.game_record import read_game
from referee.rules.options import OptionError
from referee.rules.record_data import RecordError
from referee.rules.rummy_events import Round
from referee.rules.rummy_family import (
    no_dealer,
    only_rummy,
    players_json,
    read_players,
    read_rummy_event,
    rummy_chips,
    rummy_standings_text,
    start_rummy,
)
from referee.rules.table import rules_for


def game(preset: str = "kaluki", players: list[str] | None = None, events: Any = (), **extra: Any) -> dict[str, Any]:
    return {
        "format": "referee.game/1",
        "preset": preset,
        "players": players or ["Ana", "Ben", "Eve"],
        "events": list(events),
    } | extra


@pytest.mark.parametrize(
    ("preset", "options", "reason"),
    [
        pytest.param("kaluki", {"run_min": 5, "run_max": 4}, "run_max (4) is below run_min (5)", id="runs"),
        pytest.param(
            "kaluki", {"min_players": 4, "max_players": 3}, "max_players (3) is below min_players (4)", id="players"
        ),
        pytest.param(
            "kaluki", {"scoring": "points"}, "scoring=points is Rami's points mode: use the rami preset", id="points"
        ),
    ],
)
def test_options_that_contradict_each_other_are_refused(preset: str, options: dict[str, Any], reason: str) -> None:
    with pytest.raises(OptionError) as refused:
        rules_for(preset, options)
    assert str(refused.value) == reason


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        pytest.param("kaluki", {"run_min": 5, "run_max": 5}, id="one run length"),
        pytest.param("kaluki", {"min_players": 3, "max_players": 3}, id="one table size"),
        pytest.param("rami", {"scoring": "points"}, id="rami points"),
    ],
)
def test_options_at_their_bounds_are_taken(preset: str, options: dict[str, Any]) -> None:
    rules = rules_for(preset, options)
    assert {name: getattr(rules, name) for name in options} == options


def test_a_kaiser_preset_has_no_melds() -> None:
    with pytest.raises(OptionError) as refused:
        only_rummy(rules_for("kaiser"), "my-kaiser")
    assert str(refused.value) == "my-kaiser is a Kaiser preset: it has no melds; choose a Kaluki or Rami preset"


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        pytest.param(None, '"players" is a list of the players\' names', id="none"),
        pytest.param("Ana Ben", '"players" is a list of the players\' names', id="text"),
        pytest.param(["Ana", " "], '"players" is a list of the players\' names', id="blank"),
        pytest.param(["Ana", 3], '"players" is a list of the players\' names', id="number"),
        pytest.param(["Ana", "Ben", "Eve", "Ben"], "Ben is listed twice among the players", id="twice"),
        pytest.param(["Ana"], "kaluki is played by 2 to 5 players, not 1", id="too few"),
        pytest.param(["A", "B", "C", "D", "E", "F"], "kaluki is played by 2 to 5 players, not 6", id="too many"),
    ],
)
def test_a_records_players_are_refused_with_why(players: Any, reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        read_players({"players": players}, rules_for("kaluki"))
    assert str(refused.value) == reason


@pytest.mark.parametrize("count", [2, 5])
def test_as_many_players_as_the_preset_seats_are_read(count: int) -> None:
    names = ["Ana", "Ben", "Eve", "Luc", "Zoe"][:count]
    assert read_players({"players": names}, rules_for("kaluki")) == (tuple(names), None)


def test_the_players_are_written_back_in_seat_order() -> None:
    assert players_json(read_game(game(players=["Eve", "Ana", "Ben"]))) == {"players": ["Eve", "Ana", "Ben"]}


def test_the_first_dealer_named_deals_the_first_round() -> None:
    assert start_rummy(read_game(game(first_dealer="Eve"))).dealer() == "Eve"
    assert start_rummy(read_game(game(first_dealer="Ben"))).dealer() == "Ben"
    assert start_rummy(read_game(game())).dealer() == "Ana"


def test_an_unreadable_entry_keeps_its_position_and_reason() -> None:
    with pytest.raises(UnreadableEvent) as refused:
        read_rummy_event({"type": "deal"}, 4, read_game(game()))
    assert refused.value.position == 4
    assert str(refused.value.reason).startswith("unknown event type 'deal'")


def test_a_rami_rounds_laid_points_are_counted_from_its_laid_cards() -> None:
    record = read_game(game("rami"))
    data = {"type": "round", "winner": "Ana", "hands": {"Ben": 10, "Eve": 5}, "laid_cards": {"Ana": ["9C 9D 9H"]}}
    event = read_rummy_event(data, 1, record)
    assert isinstance(event, Round) and dict(event.laid or {}) == {"Ana": 15}
    plain = read_rummy_event({"type": "round", "winner": "Ana", "hands": {"Ben": 10, "Eve": 5}}, 1, record)
    assert isinstance(plain, Round) and plain.laid is None


def test_a_rummy_event_names_no_dealer() -> None:
    assert no_dealer(Round.finished("Ana", {"Ben": 5})) is None


def test_the_chips_and_the_pot_of_a_game_under_way() -> None:
    played = read_game(game(events=[{"type": "round", "winner": "Ana", "hands": {"Ben": 40, "Eve": 12}}]))
    chips = rummy_chips(played.standings())
    assert dict(chips.net) == {"Ana": -1, "Ben": -4, "Eve": -4} and chips.pot == 9


def test_the_standings_of_a_game_after_one_round_and_a_buy_back() -> None:
    events = [
        {"type": "round", "winner": "Ana", "hands": {"Ben": 160, "Eve": 12}},
        {"type": "buyback", "player": "Ben"},
    ]
    text = rummy_standings_text(read_game(game(events=events)).standings())
    assert text == (
        "kaluki, after 1 round:\n"
        "  Ana              0  in         chips -1\n"
        "  Ben             12  in         chips -9, 1 buy-back\n"
        "  Eve             12  in         chips -4\n"
        "pot: 14 chips; Ben deals next"
    )


def test_the_standings_refuse_a_game_of_another_family() -> None:
    kaiser = {"preset": "kaiser", "teams": {"NS": ["Ana", "Eve"], "EW": ["Ben", "Luc"]}, "events": []}
    standing = read_game(kaiser).standings()
    with pytest.raises(TypeError, match="not a rummy game"):
        rummy_standings_text(standing)
    with pytest.raises(TypeError, match="not a rummy game"):
        rummy_chips(standing)
