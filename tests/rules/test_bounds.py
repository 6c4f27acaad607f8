"""The bounds the rules engine sets on a hand (#13; docs/rules.md §3): the cards dealt and the one drawn, and the
costliest hand of that many cards; and the range of every whole-number option."""

from __future__ import annotations

import json

import pytest

from referee.rules.cards import parse_cards
from referee.rules.events import EventError
from referee.rules.game_record import read_game
from referee.rules.options import OptionError
from referee.rules.rummy import hand_refusal
from referee.rules.rummy_family import rummy_rules
from referee.rules.values import costliest_hand, most_cards_arranged, most_cards_held

DIGITS = "9" * 5000


def game(*events: object) -> str:
    return json.dumps({"players": ["Ana", "Ben"], "events": list(events)})


# the rules engine's bounds ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "players", "held", "costliest"),
    [
        ("kaluki", None, 14, 4 * 15 + 8 * 11 + 2 * 10),
        ("kaluki-hunt", None, 14, 168),
        ("kaluki-club", None, 14, 2 * 15 + 8 * 11 + 4 * 10),  # two jokers
        ("rami", None, 15, 4 * 20 + 8 * 15 + 3 * 10),  # salon: joker 20, ace 15
        ("rami", 6, 15, 6 * 20 + 9 * 15),  # 3 packs, 6 jokers
        ("rami-elimination", 8, 15, 8 * 20 + 7 * 15),  # 4 packs, 8 jokers
    ],
)
def test_a_hand_holds_hand_size_and_one_card_and_costs_at_most_the_dearest_of_them(
    preset: str, players: int | None, held: int, costliest: int
) -> None:
    rules = rummy_rules(preset)
    assert most_cards_held(rules) == held == rules.hand_size + 1
    assert most_cards_arranged(rules) == rules.hand_size + 4
    assert costliest_hand(rules, players) == costliest
    assert hand_refusal(rules, "Ben", costliest, players) is None
    assert hand_refusal(rules, "Ben", costliest + 1, players) is not None


def test_house_rules_move_the_bounds() -> None:
    rules = rummy_rules("kaluki", {"hand_size": 7, "jokers": 0, "packs": 1})
    assert (most_cards_held(rules), costliest_hand(rules)) == (8, 4 * 11 + 4 * 10)
    assert hand_refusal(rules, "Ben", parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S")) == (
        "Ben's hand has 9 cards: a player holds at most 8 in Kaluki (7 dealt and the card drawn)"
    )


def test_a_round_with_a_hand_over_the_bounds_is_refused_by_the_engine() -> None:
    record = read_game(json.loads(game({"type": "round", "winner": "Ana", "hands": {"Ben": 169}})))
    with pytest.raises(EventError, match="event 1: Ben's hand cannot be worth 169 points"):
        record.standings()


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("packs", "9", "packs takes a whole number from 1 to 8 or auto, not 9"),
        ("hand_size", "22", "hand_size takes a whole number from 1 to 21, not 22"),
        ("max_players", "9", "max_players takes a whole number from 2 to 8, not 9"),
        (
            "ante",
            DIGITS,
            "ante takes a whole number from 0 to 100000, not '999999999999999999999999…' (5000 characters)",
        ),
        ("ante", "1_000", "not '1_000'"),
        ("ante", "٣", "not '٣'"),
    ],
)
def test_every_whole_number_option_has_a_range(name: str, value: str, message: str) -> None:
    with pytest.raises(OptionError) as refused:
        rummy_rules("kaluki", {name: value})
    assert str(refused.value).endswith(message)


def test_an_option_given_as_a_huge_number_is_refused_in_a_few_words() -> None:
    with pytest.raises(OptionError, match=r"ante takes .*, not a number of more than 24 digits$"):
        rummy_rules("kaluki", {"ante": 10**5000})
