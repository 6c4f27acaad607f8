"""Card values (docs/rules.md §4): each table's values, a hand's penalty, and the bounds a typed total must keep."""

from __future__ import annotations

import pytest

from referee.rules.cards import JOKER, Card, parse_cards
from referee.rules.rummy_family import rummy_rules
from referee.rules.values import (
    costliest_hand,
    hand_card_value,
    joker_meld_value,
    most_cards_arranged,
    most_cards_held,
    most_laid,
    natural_value,
    penalty,
    penalty_json,
)


@pytest.mark.parametrize(
    ("rank", "table", "low_ace", "value"),
    [
        (1, "penalty", False, 11),
        (1, "penalty", True, 11),
        (1, "face", False, 11),
        (1, "face", True, 1),
        (1, "salon", False, 15),
        (1, "salon", True, 5),
        (2, "penalty", False, 2),
        (9, "face", False, 9),
        (9, "salon", False, 5),
        (2, "salon", True, 5),
        (10, "penalty", False, 10),
        (10, "salon", False, 10),
        (11, "face", False, 10),
        (13, "salon", True, 10),
    ],
)
def test_a_natural_card_is_worth_its_table_value(rank: int, table: str, low_ace: bool, value: int) -> None:
    """Ace 11 (salon 15), low ace 1 in face and 5 in salon; tens to kings 10; the rest face value (salon 5)."""
    assert natural_value(rank, table, low_ace=low_ace) == value


@pytest.mark.parametrize(
    ("card", "table", "value"),
    [
        (JOKER, "penalty", 15),
        (JOKER, "face", 15),
        (JOKER, "salon", 20),
        (Card.joker(Card(2, "H")), "salon", 20),
        (Card(1, "S"), "salon", 15),
        (Card(1, "S"), "penalty", 11),
        (Card(7, "S"), "salon", 5),
        (Card(7, "S"), "penalty", 7),
        (Card(12, "D"), "salon", 10),
    ],
)
def test_a_card_left_in_hand_costs(card: Card, table: str, value: int) -> None:
    """A joker in hand costs 15 (salon 20), a salon ace 15, any other card its natural value."""
    assert hand_card_value(card, table) == value


def test_a_hands_penalty_is_the_sum_of_its_cards() -> None:
    """Kaluki: JK 15 + K 10 + A 11 + 10 + 8 = 54; Rami (salon): 20 + 10 + 15 + 10 + 5 = 60."""
    cards = parse_cards("JK KS AH 10D 8C")
    assert penalty(cards, rummy_rules("kaluki")) == 54
    assert penalty(cards, rummy_rules("rami")) == 60
    assert penalty((), rummy_rules("kaluki")) == 0


def test_the_penalty_object_writes_every_joker_jk() -> None:
    """The `penalty` object of docs/formats.md."""
    assert penalty_json(parse_cards("JK=8D 5C"), rummy_rules("kaluki")) == {"cards": ["JK", "5C"], "penalty": 20}


@pytest.mark.parametrize(
    ("preset", "stands_for", "low_ace", "value"),
    [
        ("kaluki", 1, False, 15),  # a fixed 15 wherever it stands
        ("kaluki", 7, True, 15),
        ("kaluki-hunt", 1, False, 11),  # represented, face table
        ("kaluki-hunt", 1, True, 1),
        ("kaluki-hunt", 7, False, 7),
        ("rami", 1, True, 5),  # represented, salon table
        ("rami", 1, False, 15),
        ("rami", 12, False, 10),
    ],
)
def test_a_joker_in_a_meld_is_worth(preset: str, stands_for: int, low_ace: bool, value: int) -> None:
    """`joker_meld_value`: a number, or the card it represents (a low ace counting low)."""
    assert joker_meld_value(stands_for, rummy_rules(preset), low_ace=low_ace) == value


@pytest.mark.parametrize(("preset", "held", "arranged"), [("kaluki", 14, 17), ("rami", 15, 18)])
def test_the_most_cards_held_and_arranged(preset: str, held: int, arranged: int) -> None:
    """A hand holds `hand_size` cards and the one drawn; the best arrangement takes three more."""
    rules = rummy_rules(preset)
    assert most_cards_held(rules) == held
    assert most_cards_arranged(rules) == arranged


@pytest.mark.parametrize(
    ("preset", "overrides", "players", "most"),
    [
        ("kaluki", {}, None, 168),  # 4 jokers (15), 8 aces (11), 2 tens
        ("kaluki", {}, 8, 168),
        ("kaluki", {"jokers": 0}, None, 148),  # 8 aces and 6 tens
        ("kaluki", {"packs": 1}, None, 164),  # 4 jokers, 4 aces, 6 tens
        ("kaluki-club", {}, None, 158),  # 2 jokers, 8 aces, 4 tens
        ("rami", {}, None, 230),  # 4 jokers (20), 8 aces (15), 3 tens
        ("rami", {}, 8, 265),  # 8 jokers, 7 aces
    ],
)
def test_the_costliest_hand(preset: str, overrides: dict[str, int], players: int | None, most: int) -> None:
    """The dearest `most_cards_held` cards in play: a typed hand total above it is a typo."""
    assert costliest_hand(rummy_rules(preset, overrides), players) == most


@pytest.mark.parametrize(
    ("preset", "overrides", "players", "most"),
    [
        ("rami", {}, None, 820),  # 8 × 95 per suit and pack, 4 jokers at 15
        ("rami", {}, 8, 1640),  # 4 packs, 8 jokers
        ("kaluki", {}, None, 820),  # 8 × 95, 4 jokers at a fixed 15
        ("kaluki-hunt", {}, None, 804),  # a represented joker is at most an ace, 11
        ("kaluki-club", {}, None, 782),  # 2 jokers
        ("kaluki", {"jokers": 0}, None, 760),
        ("kaluki", {"packs": 1}, None, 440),
    ],
)
def test_the_most_laid(preset: str, overrides: dict[str, int], players: int | None, most: int) -> None:
    """Every card in play at its highest meld value: a typed laid total above it is a typo."""
    assert most_laid(rummy_rules(preset, overrides), players) == most
