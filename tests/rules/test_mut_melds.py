"""Melds (docs/rules.md §2): what `check` answers for one meld, its value and jokers, or its refusal and the rule."""

from __future__ import annotations

import pytest

from referee.rules.cards import parse_cards
from referee.rules.melds import MeldCheck, Window, check_meld
from referee.rules.table import rummy_rules


def check(preset: str, cards: str) -> MeldCheck:
    """The referee's answer for one meld under a preset."""
    return check_meld(parse_cards(cards), rummy_rules(preset))


def jokers(answer: MeldCheck) -> list[list[str]]:
    """Each joker's possible cards, as written."""
    return [[str(card) for card in options] for options in answer.jokers]


@pytest.mark.parametrize(
    ("preset", "cards", "reason", "rule"),
    [
        ("kaluki", "5H 6H", "a meld needs at least 3 cards", None),
        ("kaluki", "JK JK JK", "a meld needs at least one card that is not a joker", None),
        ("rami", "5H JK JK", "a meld may hold at most 1 joker", "max_jokers_per_meld"),
        ("kaluki", "5H 5S 5D 5C 5H", "a group holds at most 4 cards", "group_max"),
        ("kaluki", "5H 5S 5D JK JK", "a group holds at most 4 cards", "group_max"),
        (
            "kaluki",
            "5H 5S 6D",
            "5♥ 5♠ 6♦: a group needs cards of one rank and a run cards of one suit, and these have neither",
            None,
        ),
        ("kaluki", "5H JK=6S 5D", "the joker is declared as 6♠ but this group is of 5s", None),
        ("kaluki", "9H 9S JK=8H", "the joker is declared as 8♥ but this group is of 9s", None),
        ("kaluki", "5H 6H JK=7S", "the joker is declared as 7♠ but this run is in ♥", None),
        ("kaluki", "5H 5H 6H", "a run cannot hold the same rank twice: 5♥ is there twice", None),
        ("kaluki", "5H 6H 8H", "the cards are not consecutive: 7♥ is missing and there is no joker to fill in", None),
        (
            "kaluki",
            "5H 6H 9H JK",
            "the cards are not consecutive: 7♥ 8♥ are missing and there is only 1 joker to fill in",
            None,
        ),
        (
            "kaluki-club",
            "KH AH 2H",
            "the ace cannot sit in the middle of a run (K A 2): it goes at one end",
            "ace_wraps",
        ),
        ("kaluki", "2H 3H 4H 5H 6H 7H 8H 9H 10H", "a run holds at most 8 cards", "run_max"),
        ("rami", "5H 5H 5S", "a group cannot repeat a suit: 5♥ is there twice", "group_duplicate_suits"),
        ("rami-elimination", "5H 5H JK", "a group cannot repeat a suit: 5♥ is there twice", "group_duplicate_suits"),
        (
            "kaluki",
            "5H 5H JK",
            "a group with a joker cannot repeat a suit: 5♥ is there twice",
            "group_joker_distinct_suits",
        ),
        (
            "kaluki",
            "9H 9S JK=9H",
            "a group with a joker cannot repeat a suit: 9♥ is there twice",
            "group_joker_distinct_suits",
        ),
    ],
)
def test_a_refused_meld_says_why_and_names_the_rule(preset: str, cards: str, reason: str, rule: str | None) -> None:
    """The refusal a player reads, and the option it rests on when one does."""
    answer = check(preset, cards)
    assert not answer.valid and answer.kind is None and answer.value == 0 and answer.jokers == ()
    assert (answer.reason, answer.rule) == (reason, rule)
    assert answer.as_json() == {"valid": False, "kind": None, "value": 0, "jokers": [], "reason": reason}


@pytest.mark.parametrize(
    ("preset", "cards", "kind", "value", "options"),
    [
        ("kaluki-club", "QH KH AH", "run", 31, []),  # the ace high: 11
        ("kaluki-club", "AH 2H 3H", "run", 6, []),  # face: a low ace counts 1
        ("kaluki", "5H JK 7H", "run", 27, [["6H"]]),  # the joker counts a fixed 15
        ("kaluki", "JK 5H JK", "group", 35, [["5S", "5D", "5C"], ["5S", "5D", "5C"]]),  # as much as 4 5 6: a group
        ("kaluki", "AH 2H JK", "run", 28, [["3H"]]),  # penalty table: the ace is 11 even low
        ("kaluki-hunt", "AH 2H JK", "run", 6, [["3H"]]),  # face: 1 2 3
        ("rami", "AH 2H JK", "run", 15, [["3H"]]),  # salon: 5 5 5
        ("rami", "JK KH AH", "run", 35, [["QH"]]),  # salon: 10 10 15
        ("rami", "5H 5S JK", "group", 15, [["5D", "5C"]]),
        ("kaluki", "9H 9S JK", "group", 33, [["9D", "9C"]]),
        ("kaluki", "9H 9S JK=9D", "group", 33, [["9D"]]),
    ],
)
def test_a_valid_meld_is_worth_its_value(
    preset: str, cards: str, kind: str, value: int, options: list[list[str]]
) -> None:
    """The kind, the value and each joker's cards a valid meld is given."""
    answer = check(preset, cards)
    assert (answer.valid, answer.kind, answer.value, jokers(answer)) == (True, kind, value, options)
    assert answer.reason is None and answer.rule is None


@pytest.mark.parametrize(
    ("start", "length", "end", "places", "rule", "low"),
    [
        (0, 3, 2, [0, 1, 2], "ace_low", True),
        (1, 3, 3, [1, 2, 3], None, False),
        (10, 3, 12, [10, 11, 12], None, False),
        (11, 3, 13, [11, 12, 0], "ace_high", False),
        (12, 3, 14, [12, 0, 1], "ace_wraps", False),
    ],
)
def test_a_window_knows_its_places_and_the_ace_option_it_needs(
    start: int, length: int, end: int, places: list[int], rule: str | None, low: bool
) -> None:
    """Places wrap past the king; an ace at the start, after the king, or in the middle needs its option."""
    window = Window(start, length)
    assert window.end == end and window.places() == places
    assert window.ace_rule() == rule and window.low_ace() is low


def test_a_windows_height_puts_the_ace_above_the_king_when_it_follows_it() -> None:
    """In Q K A the ace is the highest card; in A 2 3 the lowest."""
    assert Window(11, 3).height(0) == 14 and Window(11, 3).height(11) == 12
    assert Window(0, 3).height(0) == 1 and Window(0, 3).height(2) == 3


def test_cards_far_apart_name_every_card_missing_where_the_ace_options_allow_a_run() -> None:
    """Kaluki club does not wrap K A 2: the shortest run holding 2♥ 7♥ K♥ is 2♥ to K♥; Kaluki's is K♥ to 7♥."""
    answer = check("kaluki-club", "2H KH 7H")
    assert answer.reason == (
        "the cards are not consecutive: 3♥ 4♥ 5♥ 6♥ 8♥ 9♥ 10♥ J♥ Q♥ are missing and there is no joker to fill in"
    )
    assert check("kaluki", "2H KH 7H").reason == (
        "the cards are not consecutive: A♥ 3♥ 4♥ 5♥ 6♥ are missing and there is no joker to fill in"
    )


def test_too_few_jokers_to_fill_the_gaps_are_counted() -> None:
    """Two jokers cannot fill four missing cards; the count of jokers is said."""
    reason = check("kaluki", "5H 10H JK JK").reason
    assert reason is not None
    assert reason.startswith("the cards are not consecutive: 6♥ 7♥ 8♥ 9♥ are missing and there ")
    assert reason.endswith(" 2 jokers to fill in")


@pytest.mark.parametrize(
    ("cards", "reason", "rule"),
    [
        ("10C 10C JK JK JK", "a group holds at most 4 cards", "group_max"),  # two tens: a group laid too long
        ("10C JK JK=10D JK=9C", "the joker is declared as 9♣ but this group is of 10s", None),  # fits a group's size
        ("10C JK JK JK=10D JK=10C", "the joker is declared as 10♦ but this run is in ♣", None),  # too long for a group
    ],
)
def test_a_meld_neither_reading_takes_is_refused_as_what_the_player_was_most_likely_laying(
    cards: str, reason: str, rule: str | None
) -> None:
    """One rank of two cards or more, or few enough cards for a group: the group's refusal; else the run's."""
    answer = check("kaluki", cards)
    assert (answer.valid, answer.reason, answer.rule) == (False, reason, rule)


@pytest.mark.parametrize("cards", ["9H 9H JK", "9H 9H 9H JK"])
def test_copies_of_one_card_with_a_joker_are_no_identity(cards: str) -> None:
    """001's identities hold copies only: two or more copies of one card and a joker are refused, with that rule."""
    answer = check_meld(parse_cards(cards), rummy_rules("rami", {"identities": True}))
    assert not answer.valid and answer.rule == "identities"
    assert answer.reason == "an identity holds copies of one card only: a joker cannot stand in it"
