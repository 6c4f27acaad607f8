"""The sheet's marks: the leader, who a round as costly as the worst so far would eliminate, short names, colours."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.game import replay
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import rummy_event_from_json
from referee.rules.rummy_family import rummy_rules
from referee.web.games.rummy.layout import round_reach, rummy_standings
from referee.web.games.sheets import colours, short_names
from tests.events import rummy_round

PLAYERS = ("Ana", "Ben", "Cy", "Di")


def played(preset: str, *rounds: dict[str, Any], **house: Any) -> tuple[RummyGame, int]:
    """The game after `rounds` (each a round's JSON), and its round's reach."""
    start = RummyGame.start(rummy_rules(preset, house), PLAYERS)
    events = [rummy_event_from_json(rummy_round(**data), n) for n, data in enumerate(rounds, 1)]
    replayed = replay(start, events)
    assert replayed.refusal is None, replayed.refusal
    return replayed.state, round_reach(replayed.steps)


def test_the_lowest_total_leads_and_a_round_like_the_worst_reaches_150() -> None:
    state, reach = played(
        "kaluki",
        {"winner": "Ana", "hands": {"Ben": 44, "Cy": 25, "Di": 90}},
        {"winner": "Ben", "hands": {"Ana": 30, "Cy": 30, "Di": 40}},
    )
    assert reach == 90  # Di's 90 in the first round
    # Ana 30, Ben 44, Cy 55, Di 130: 55 + 90 = 145 stays under 150; 130 + 90 does not
    assert rummy_standings(state, reach) == {"Ana": "leader", "Di": "danger"}


@pytest.mark.parametrize(("inclusive", "marked"), [(True, {"Di": "danger"}), (False, {})])
def test_a_round_that_lands_exactly_on_the_threshold_counts_only_where_the_threshold_eliminates(
    inclusive: bool, marked: dict[str, str]
) -> None:
    state, reach = played(
        "kaluki",
        {"winner": "Ana", "hands": {"Ben": 0, "Cy": 0, "Di": 75}},
        elimination_inclusive=inclusive,
    )
    marks = rummy_standings(state, reach)  # Di 75 + 75 = 150
    assert {name: mark for name, mark in marks.items() if mark == "danger"} == marked


def test_nobody_leads_while_every_total_is_level_and_nobody_is_in_danger_before_a_round() -> None:
    state, reach = played("kaluki")
    assert (reach, rummy_standings(state, reach)) == (0, {})
    state, reach = played("kaluki", {"winner": "Ana", "hands": {"Ben": 0, "Cy": 0, "Di": 0}})
    assert rummy_standings(state, reach) == {}


def test_rami_points_mode_leads_upward_and_has_no_elimination() -> None:
    state, reach = played(
        "rami", {"winner": "Ana", "hands": {"Ben": 10, "Cy": 20, "Di": 30}, "laid": {"Ana": 60, "Ben": 40}}
    )
    marks = rummy_standings(state, reach)
    assert set(marks.values()) == {"leader"}
    assert marks == {name: "leader" for name in marks if name == max(state.players, key=lambda p: p.score).name}


def test_short_names_stay_distinct_and_whole_names_stay_whole() -> None:
    names = ["Jean-Baptiste", "Jean-Bernard", "Bernadette", "Bertrand", "Al", "Éloïse", "Maximilien", "Marie"]
    shown = short_names(names)
    headers = [short or name for short, name in zip(shown, names, strict=True)]
    assert len(set(headers)) == len(names)
    assert shown[4] == "" and headers[4] == "Al"
    assert [len(short) for short in shown[5:7]] == [4, 4]  # 8 columns: 4 letters, the dot counted
    assert shown[7] == ""  # "Marie": five letters are never shortened
    assert shown[:4] == ("Jean-Ba.", "Jean-Be.", "Bern.", "Bert.")  # alike: each made longer until they differ


@pytest.mark.parametrize(
    ("names", "whole"),
    [
        (["Jérôme", "Marie-France", "Bernadette", "Léa", "Paul"], ["Jérôme", "Léa", "Paul"]),  # room to spare
        (["Jérôme", "Maxime", "Mathéo", "Noémie", "Amélie"], []),  # five of six letters: none fits whole
        (["Marie", "Sonia", "Chloé", "Julie", "Louis", "Lucas", "Hugo", "Emma"], None),  # 8 columns of 5 letters
        (["Jérôme", "Bernadette", "Guillaume", "Zoë"], ["Jérôme", "Zoë"]),
    ],
)
def test_a_name_is_shortened_only_when_it_does_not_fit(names: list[str], whole: list[str] | None) -> None:
    shown = short_names(names)
    assert [name for name, short in zip(names, shown, strict=True) if not short] == (names if whole is None else whole)


def test_a_player_keeps_the_colour_of_their_seat_at_the_evening_in_every_game() -> None:
    seats = ["Ana", "Ben", "Cy", "Di", "Ed"]
    assert colours(["Di", "Ana"], seats) == {"Di": 3, "Ana": 0}
    assert colours(["Ed", "Cy", "Ben"], seats) == {"Ed": 4, "Cy": 2, "Ben": 1}
    assert colours(["Zoé", "Ana"], ["Ana"]) == {"Zoé": 1, "Ana": 0}  # someone the evening does not seat comes after
