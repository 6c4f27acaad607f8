"""The melds a hand can make, for the best-hand solver (referee/rules/solver_melds.py): each once, at its best value."""

from __future__ import annotations

import time

import pytest

from referee.rules.cards import Card, parse_cards
from referee.rules.options import Value
from referee.rules.rummy_family import rummy_rules
from referee.rules.solver import best_arrangement
from referee.rules.solver_melds import (
    FIELD,
    Countdown,
    OutOfTime,
    count_kinds,
    fields,
    hand_melds,
    joker_values,
    state_masks,
)


def melds(preset: str, hand: str, overrides: dict[str, Value]) -> list[tuple[str, int]]:
    """Every meld the hand can make, as laid, with its value."""
    rules = rummy_rules(preset, overrides)
    kinds, jokers = count_kinds(parse_cards(hand), rules)
    made = hand_melds(kinds, jokers, rules)
    return sorted((" ".join(str(card) for card in meld.cards(kinds.cards)), meld.value) for meld in made)


@pytest.mark.parametrize(
    ("preset", "hand", "overrides", "made"),
    [
        (
            "kaluki",
            "5H 5S 5D JK",
            {},
            [("5H 5D JK", 25), ("5S 5D JK", 25), ("5S 5H 5D", 15), ("5S 5H 5D JK", 30), ("5S 5H JK", 25)],
        ),
        (
            "rami",
            "5H 5S 5D JK",
            {},
            [("5H 5D JK", 15), ("5S 5D JK", 15), ("5S 5H 5D", 15), ("5S 5H 5D JK", 20), ("5S 5H JK", 15)],
        ),
        ("kaluki", "5H 5H 5S", {}, [("5S 5H 5H", 15)]),
        ("rami", "5H 5H 5S 5D", {}, [("5S 5H 5D", 15)]),
        ("kaluki", "QH KH AH 2H", {}, [("KH AH 2H", 23), ("QH KH AH", 31), ("QH KH AH 2H", 33)]),
        ("kaluki-club", "QH KH AH 2H", {}, [("QH KH AH", 31)]),
        ("kaluki", "AH 2H JK", {}, [("AH 2H JK", 28)]),
        ("rami", "AH 2H JK", {}, [("AH 2H JK", 15)]),
        ("kaluki-hunt", "AH 2H JK", {}, [("AH 2H JK", 6)]),
        ("rami", "7H 7H 7H 7S", {"identities": True}, [("7H 7H 7H", 15)]),
        ("rami", "7H 7H 7H 7H", {"identities": True}, [("7H 7H 7H", 15), ("7H 7H 7H 7H", 20)]),
        ("kaluki", "7H 7H 7H", {}, [("7H 7H 7H", 21)]),
        ("kaluki", "5H 6H JK JK", {}, [("5H JK JK", 35), ("6H JK JK", 36), ("JK 5H 6H", 26), ("JK JK 5H 6H", 41)]),
        ("kaluki", "5H 6H JK JK", {"max_jokers_per_meld": 1}, [("JK 5H 6H", 26)]),
        (
            "kaluki",
            "5H 6H 7H 8H 9H 10H JH",
            {"run_min": 5, "run_max": 6},
            [
                ("5H 6H 7H 8H 9H", 35),
                ("5H 6H 7H 8H 9H 10H", 45),
                ("6H 7H 8H 9H 10H", 40),
                ("6H 7H 8H 9H 10H JH", 50),
                ("7H 8H 9H 10H JH", 44),
            ],
        ),
        (
            "kaluki",
            "9S 9H 9D 9C JK",
            {},
            [
                ("9D 9C JK", 33),
                ("9H 9C JK", 33),
                ("9H 9D 9C", 27),
                ("9H 9D 9C JK", 42),
                ("9H 9D JK", 33),
                ("9S 9C JK", 33),
                ("9S 9D 9C", 27),
                ("9S 9D 9C JK", 42),
                ("9S 9D JK", 33),
                ("9S 9H 9C", 27),
                ("9S 9H 9C JK", 42),
                ("9S 9H 9D", 27),
                ("9S 9H 9D 9C", 36),
                ("9S 9H 9D JK", 42),
                ("9S 9H JK", 33),
            ],
        ),
        ("kaluki", "KH 2H JK", {}, [("KH JK 2H", 27)]),
        ("kaluki-club", "KH 2H JK", {}, []),
        ("kaluki", "5H 7H 9H JK", {}, [("5H JK 7H", 27), ("7H JK 9H", 31)]),
        ("kaluki", "5H 9H JK JK", {}, [("5H JK JK", 35), ("9H JK JK", 39)]),
        ("kaluki", "2C 2C 3C 3C 4C", {}, [("2C 3C 4C", 9)]),
    ],
)
def test_a_hand_makes_these_melds(
    preset: str, hand: str, overrides: dict[str, Value], made: list[tuple[str, int]]
) -> None:
    """Groups, identities and runs the options allow, each set of cards once, at the best value it can be laid for."""
    assert melds(preset, hand, overrides) == made


def test_a_hand_is_counted_by_kind_in_listing_order() -> None:
    """Kinds by suit then rank, with their counts, penalties and values; a declared joker is a joker."""
    kinds, jokers = count_kinds(parse_cards("JK 5H 5H KS JK=7D AS"), rummy_rules("rami"))
    assert jokers == 2
    assert kinds.cards == (Card(1, "S"), Card(13, "S"), Card(5, "H"))
    assert kinds.counts == (1, 1, 2)
    assert kinds.penalty == (15, 10, 5) and kinds.top == (15, 10, 5)
    assert kinds.ranks == {1: [0], 13: [1], 5: [2]} and kinds.of_rank == {1: 1, 13: 1, 5: 2}
    assert kinds.suits == {"S": {0: 0, 12: 1}, "H": {4: 2}}
    assert count_kinds(parse_cards("AS"), rummy_rules("kaluki-hunt"))[0].top == (11,)


@pytest.mark.parametrize(("preset", "values"), [("kaluki", (15, 15)), ("rami", (20, 15)), ("kaluki-hunt", (15, 11))])
def test_a_jokers_penalty_in_hand_and_its_most_in_a_meld(preset: str, values: tuple[int, int]) -> None:
    """Kaluki: 15 and a fixed 15; Rami: 20 in hand, at most an ace (15); Kaluki hunt: at most an ace (11)."""
    assert joker_values(rummy_rules(preset)) == values


def test_fields_lists_each_kind_held_and_leaves_the_jokers_out() -> None:
    """A state holds a count per kind, `FIELD` bits each; the field after the last kind is the jokers'."""
    assert list(fields(2 << FIELD * 3 | 1 << FIELD * 1 | 4 << FIELD * 5, kinds=5)) == [(1, 1), (3, 2)]
    assert list(fields(3 << FIELD * 0 | 31 << FIELD * 1, kinds=2)) == [(0, 3), (1, 31)]
    assert list(fields(0, kinds=3)) == []


def test_the_state_masks_of_a_hand() -> None:
    """One card of each kind, every field's guard bit (the jokers' too), and the kinds' fields."""
    assert state_masks(2) == ((1, 1 << FIELD), (1 << 5) | (1 << 11) | (1 << 17), (1 << 12) - 1)


def test_a_countdown_without_a_deadline_never_stops() -> None:
    """No deadline: the clock is never read."""
    countdown = Countdown(None)
    countdown.passed()
    for _ in range(2000):
        countdown.tick()


def test_a_countdown_looks_at_the_clock_every_512_states() -> None:
    """A deadline already past stops the search at once, or at the 512th state solved."""
    with pytest.raises(OutOfTime):
        Countdown(time.perf_counter() - 1).passed()
    countdown = Countdown(time.perf_counter() - 1)
    for _ in range(511):
        countdown.tick()
    with pytest.raises(OutOfTime):
        countdown.tick()
    later = Countdown(time.perf_counter() + 3600)
    for _ in range(1100):
        later.tick()
    later.passed()


def test_a_group_repeating_a_suit_leaves_the_least_in_hand() -> None:
    """Groups of 5 with suits repeated, keeping the least: the four 7s, three of them spades, are laid (28)."""
    rules = rummy_rules("kaluki", {"group_max": 5})
    answer = best_arrangement(parse_cards("JS KS 7D 7S 2S 7S 7S AC"), rules, "penalty")
    assert answer.laid_value == 28
    assert [[str(card) for card in meld] for meld in answer.melds] == [["7S", "7S", "7S", "7D"]]


def test_a_high_ace_ends_a_run_at_its_high_value() -> None:
    """Club rules with fixed jokers: `Q♠ JK A♠` (36) lays more than `3♣ 4♣ JK 6♣` (28), the ace high."""
    rules = rummy_rules("kaluki-club", {"ace_wraps": True, "joker_meld_value": 15})
    answer = best_arrangement(parse_cards("JK 4S AS 2D 4C 8S 3C 6C QS"), rules, "value")
    assert answer.laid_value == 36
    assert [[str(card) for card in meld] for meld in answer.melds] == [["QS", "JK", "AS"]]


def test_an_identity_saves_the_penalty_of_every_copy() -> None:
    """Rami with identities, least penalty first: three 10♥ (30 saved) are laid rather than 8 9 10 (20 saved)."""
    answer = best_arrangement(parse_cards("10H 10H 10H 8H 9H"), rummy_rules("rami", {"identities": True}), "penalty")
    assert [[str(card) for card in meld] for meld in answer.melds] == [["10H", "10H", "10H"]]
    assert (answer.laid_value, answer.penalty) == (30, 10)


@pytest.mark.parametrize(
    ("preset", "overrides", "hand", "laid", "value"),
    [
        (
            "kaluki-club",
            {"jokers": 8},
            "5D JK JK JK JK JK JK JK",
            [["5D", "JK", "JK", "JK", "JK", "JK", "JK", "JK"]],
            65,
        ),
        (
            "rami",
            {"jokers": 8, "max_jokers_per_meld": None},
            "JK JK JK JK KC JK JK 5C 4C JK JK",
            [["4C", "5C", "JK", "JK", "JK", "JK", "JK", "JK", "JK", "KC", "JK"]],
            85,
        ),
    ],
)
def test_a_run_of_many_jokers_is_laid_at_its_best_window(
    preset: str, overrides: dict[str, Value], hand: str, laid: list[list[str]], value: int
) -> None:
    """Eight jokers in play, and no limit a meld: `5♦` and 7 jokers lay 65 (5 to Q); `4♣ 5♣ … K♣ A` lays 85."""
    answer = best_arrangement(parse_cards(hand), rummy_rules(preset, overrides))
    assert [[str(card) for card in meld] for meld in answer.melds] == laid
    assert (answer.laid_value, answer.left) == (value, ())
