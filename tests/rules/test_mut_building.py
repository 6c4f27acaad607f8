"""Adding cards to a meld on the table (docs/rules.md §2, Adding to the table): where they go, or why not."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.building import Extension, extend_meld
from referee.rules.cards import parse_cards
from referee.rules.options import Value
from referee.rules.table import rummy_rules


def extend(preset: str, overrides: dict[str, Value], meld: str, added: str, *, opened: bool = True) -> Extension:
    """The referee's answer for adding `added` to `meld` under a preset and house rules."""
    return extend_meld(parse_cards(meld), parse_cards(added), rummy_rules(preset, overrides), opened=opened)


def written(extension: Extension) -> str:
    """The meld after, as written."""
    return " ".join(str(card) for card in extension.meld)


@pytest.mark.parametrize(
    ("preset", "overrides", "meld", "added", "after", "kind", "value", "jokers"),
    [
        ("kaluki", {}, "5H 6H 7H", "8H 4H", "4H 5H 6H 7H 8H", "run", 30, []),
        ("kaluki", {}, "7H 6H 5H", "8H 4H", "8H 7H 6H 5H 4H", "run", 30, []),
        ("kaluki", {}, "5H 6H 7H", "3H 4H", "3H 4H 5H 6H 7H", "run", 25, []),
        ("kaluki", {}, "5H 6H 7H", "JK JK", "5H 6H 7H JK JK", "run", 48, [["8H"], ["9H"]]),
        ("kaluki", {}, "5H 6H 7H", "JK=4H", "JK=4H 5H 6H 7H", "run", 33, [["4H"]]),
        ("kaluki", {}, "JK 6H 7H", "8H", "JK 6H 7H 8H", "run", 36, [["5H"]]),
        ("kaluki", {}, "5H JK 7H", "4H", "4H 5H JK 7H", "run", 31, [["6H"]]),
        ("kaluki", {}, "JH 10H JK", "QH", "QH JH 10H JK", "run", 45, [["9H"]]),
        ("kaluki", {}, "JH 10H JK", "8H", "JH 10H JK 8H", "run", 43, [["9H"]]),
        ("kaluki", {}, "10H JK JH", "9H", "9H 10H JH JK", "run", 44, [["QH"]]),
        ("kaluki", {}, "2H 3H AH", "4H", "AH 2H 3H 4H", "run", 20, []),
        ("kaluki", {}, "JK 2H 3H", "4H", "JK 2H 3H 4H", "run", 24, [["AH"]]),
        ("kaluki", {}, "QH KH AH", "2H", "QH KH AH 2H", "run", 33, []),
        ("kaluki", {}, "AH 2H 3H 4H 5H 6H 7H", "KH", "KH AH 2H 3H 4H 5H 6H 7H", "run", 48, []),
        ("kaluki", {}, "5H 5S JK", "JK", "5H 5S JK JK", "group", 40, [["5D", "5C"], ["5D", "5C"]]),
        ("kaluki", {}, "5H 5S JK", "JK=5D", "5H 5S JK JK=5D", "group", 40, [["5C"], ["5D"]]),
        ("kaluki", {}, "5H 5S 5D", "JK", "5H 5S 5D JK", "group", 30, [["5C"]]),
        ("kaluki", {}, "5H 5S 5D", "5H", "5H 5S 5D 5H", "group", 20, []),
        ("kaluki-club", {}, "5H 5S 5D", "JK", "5H 5S 5D JK", "group", 20, [["5C"]]),
        ("kaluki-club", {}, "QH KH AH", "JH", "JH QH KH AH", "run", 41, []),
        ("kaluki-club", {}, "QH KH JK", "JH", "JH QH KH JK", "run", 41, [["AH"]]),
        ("kaluki-club", {}, "10H JH QH", "KH AH", "10H JH QH KH AH", "run", 51, []),
        (
            "kaluki-club",
            {},
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "KH",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "run",
            95,
            [],
        ),
        ("kaluki-club", {}, "2H 3H 4H", "AH", "AH 2H 3H 4H", "run", 10, []),
    ],
)
def test_cards_added_to_a_meld_take_their_place(
    preset: str,
    overrides: dict[str, Value],
    meld: str,
    added: str,
    after: str,
    kind: str,
    value: int,
    jokers: list[list[str]],
) -> None:
    """Each card goes where it fits (the high end first), the meld keeps its direction, jokers name their cards."""
    answer = extend(preset, overrides, meld, added)
    assert answer.valid and answer.reason is None and answer.rule is None
    assert (written(answer), answer.kind, answer.value) == (after, kind, value)
    assert [[str(card) for card in options] for options in answer.jokers] == jokers


@pytest.mark.parametrize(
    ("preset", "overrides", "meld", "added", "after", "reason", "rule"),
    [
        (
            "kaluki",
            {},
            "5H 6H 7H",
            "9H",
            "5H 6H 7H 9H",
            "9♥ does not fit at either end of this run: it takes 4♥ or 8♥",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 6H 7H",
            "8S",
            "5H 6H 7H 8S",
            "8♠ cannot join a run in ♥: a run holds cards of one suit",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 5S 5D",
            "6C",
            "5H 5S 5D 6C",
            "6♣ cannot join a group of 5s: a group holds cards of one rank",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 5S",
            "5C",
            "5H 5S 5C",
            "the meld on the table is not valid: a meld needs at least 3 cards",
            None,
        ),
        (
            "rami",
            {},
            "5H 6H 7H",
            "JK",
            "5H 6H 7H JK",
            "a joker cannot be added to a meld already on the table",
            "joker_can_extend",
        ),
        (
            "kaluki",
            {},
            "5H 6H 7H",
            "JK=9H",
            "5H 6H 7H JK=9H",
            "JK (9♥) does not fit at either end of this run: it takes 4♥ or 8♥",
            None,
        ),
        (
            "kaluki",
            {},
            "JK 6H 7H",
            "5H",
            "JK 6H 7H 5H",
            "5♥ does not fit at either end of this run: it takes 4♥ or 8♥",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 5S JK",
            "5H",
            "5H 5S JK 5H",
            "a group with a joker cannot repeat a suit: 5♥ is there twice",
            "group_joker_distinct_suits",
        ),
        (
            "kaluki",
            {},
            "5H 5S JK",
            "JK=6D",
            "5H 5S JK JK=6D",
            "JK (6♦) cannot join a group of 5s: a group holds cards of one rank",
            None,
        ),
        (
            "kaluki",
            {},
            "JH 10H JK",
            "9H",
            "JH 10H JK 9H",
            "9♥ does not fit at either end of this run: it takes 8♥ or Q♥",
            None,
        ),
        (
            "kaluki",
            {},
            "2H 3H 4H 5H 6H 7H 8H",
            "9H 10H",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H",
            "a run holds at most 8 cards",
            "run_max",
        ),
        (
            "kaluki",
            {},
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "2H",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2H",
            "the meld on the table is not valid: a run holds at most 8 cards",
            "run_max",
        ),
        ("kaluki", {}, "5H 5S 5D 5C", "JK", "5H 5S 5D 5C JK", "a group holds at most 4 cards", "group_max"),
        (
            "kaluki-club",
            {},
            "AH 2H 3H",
            "KH",
            "KH AH 2H 3H",
            "the ace cannot sit in the middle of a run (K A 2): it goes at one end",
            "ace_wraps",
        ),
        (
            "kaluki-club",
            {},
            "JH QH KH",
            "2H",
            "JH QH KH 2H",
            "2♥ does not fit at either end of this run: it takes 10♥ or A♥",
            None,
        ),
        (
            "kaluki-club",
            {},
            "JK 2H 3H",
            "AH",
            "JK 2H 3H AH",
            "A♥ does not fit at either end of this run: it takes 4♥",
            None,
        ),
        (
            "kaluki-club",
            {},
            "QH KH JK",
            "AH",
            "QH KH JK AH",
            "A♥ does not fit at either end of this run: it takes J♥",
            None,
        ),
        (
            "kaluki-club",
            {},
            "5H 6H 7H",
            "8S 9H",
            "5H 6H 7H 8S 9H",
            "8♠ cannot join a run in ♥: a run holds cards of one suit",
            None,
        ),
        (
            "rami",
            {},
            "10H JH QH",
            "KH AH 2H",
            "10H JH QH KH AH 2H",
            "the ace cannot sit in the middle of a run (K A 2): it goes at one end",
            "ace_wraps",
        ),
        (
            "kaluki-club",
            {"ace_low": False, "ace_high": False},
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "5H",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5H",
            "5♥ does not fit: this run cannot grow at either end",
            None,
        ),
        (
            "kaluki-club",
            {"ace_low": False, "ace_high": False},
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "5H 6H",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5H 6H",
            "a run holds at most 13 cards, one of each rank",
            None,
        ),
        (
            "kaluki-club",
            {"ace_low": False},
            "2H 3H 4H",
            "AH",
            "AH 2H 3H 4H",
            "the ace cannot come before the 2 in a run here (A 2 3)",
            "ace_low",
        ),
        (
            "kaluki-club",
            {"ace_high": False},
            "JH QH KH",
            "AH",
            "JH QH KH AH",
            "the ace cannot follow the king in a run here (Q K A)",
            "ace_high",
        ),
        (
            "kaluki-club",
            {"ace_low": False},
            "2H 3H 4H",
            "6H",
            "2H 3H 4H 6H",
            "6♥ does not fit at either end of this run: it takes 5♥",
            None,
        ),
    ],
)
def test_cards_that_do_not_fit_are_refused_with_the_reason_and_the_rule(
    preset: str, overrides: dict[str, Value], meld: str, added: str, after: str, reason: str, rule: str | None
) -> None:
    """The refusal a player reads, the option it rests on, and the meld as it would have been."""
    answer = extend(preset, overrides, meld, added)
    assert not answer.valid and answer.kind is None and answer.value == 0 and answer.jokers == ()
    assert (written(answer), answer.reason, answer.rule) == (after, reason, rule)


def test_a_player_who_has_not_opened_adds_nothing() -> None:
    """Before opening, even a card that fits is refused, on the opening threshold."""
    answer = extend("rami", {}, "5H 6H 7H", "8H", opened=False)
    assert (answer.valid, written(answer), answer.rule) == (False, "5H 6H 7H 8H", "opening_threshold")
    assert answer.reason == (
        "only a player who has opened may add to the melds on the table or rearrange them: "
        "first lay melds worth the points needed to open"
    )


def test_nothing_added_is_refused_before_anything_else() -> None:
    """No cards named: the player is asked for them, even before opening."""
    answer = extend("kaluki", {}, "5H 6H 7H", "", opened=False)
    assert (answer.valid, answer.reason, answer.rule) == (False, "name the cards to add to the meld", None)


def test_the_extend_object_writes_every_joker_jk() -> None:
    """The `extend` object of docs/formats.md."""
    data: dict[str, Any] = extend("kaluki", {}, "5H 6H 7H", "JK=8H").as_json()
    assert data == {
        "valid": True,
        "meld": ["5H", "6H", "7H", "JK"],
        "kind": "run",
        "value": 33,
        "jokers": [["8H"]],
        "reason": None,
    }


@pytest.mark.parametrize(
    ("overrides", "meld", "added", "after", "jokers"),
    [
        ({"ace_low": False, "ace_high": False}, "KH QH JH", "JK", "KH QH JH JK", [["10H"]]),
        ({"ace_low": False, "ace_high": False}, "QH JH 10H 9H", "JK KH", "KH QH JH 10H 9H JK", [["8H"]]),
    ],
)
def test_a_joker_goes_to_the_end_where_the_ace_options_allow_its_card(
    overrides: dict[str, Value], meld: str, added: str, after: str, jokers: list[list[str]]
) -> None:
    """Above the king a joker would be an ace the options forbid there: it goes at the low end instead."""
    answer = extend("kaluki-club", overrides, meld, added)
    assert answer.valid and written(answer) == after
    assert [[str(card) for card in options] for options in answer.jokers] == jokers


def test_a_run_from_the_two_takes_the_ace_below_it_where_a_low_ace_is_allowed() -> None:
    """Kaluki club allows A 2 3 but not K A 2: a card that fits nowhere is told both ends, the ace first."""
    answer = extend("kaluki-club", {}, "2H 3H 4H", "6H")
    assert answer.reason == "6♥ does not fit at either end of this run: it takes A♥ or 5♥"
    no_low = extend("kaluki-club", {"ace_low": False}, "2H 3H 4H", "6H")
    assert no_low.reason == "6♥ does not fit at either end of this run: it takes 5♥"


def test_a_joker_added_to_a_group_of_jokers_keeps_it_a_group() -> None:
    """`5♥ JK JK` is a group on the table: a joker added makes a group of four (50), not a run worth the same."""
    answer = extend("kaluki", {}, "5H JK JK", "JK")
    assert (answer.valid, written(answer), answer.kind, answer.value) == (True, "5H JK JK JK", "group", 50)


def test_a_refusal_that_rests_on_no_rule_still_says_why() -> None:
    """Jokers declared as cards of two suits fit neither a group of tens nor a run: refused, on no option."""
    answer = extend("kaluki", {}, "10C JK JK", "JK=10D JK=10C")
    assert not answer.valid and answer.rule is None
    assert isinstance(answer.reason, str) and answer.reason  # which reading's refusal it names is not pinned here
