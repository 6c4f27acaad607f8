"""Melds (docs/rules.md §2): what `check` answers for one meld, its value and jokers, or its refusal and the rule."""

from __future__ import annotations

import pytest

from referee.rules.cards import parse_cards
from referee.rules.melds import MeldCheck, Window, check_meld
from referee.rules.rummy_family import rummy_rules
from referee.rules.words import speaking


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


def test_a_run_jokers_cards_are_listed_highest_first() -> None:
    """5♥ 7♥ and two jokers, in any order: each joker may be 8♥, 6♥ or 4♥, said from the highest down."""
    answer = check("kaluki", "5H 7H JK JK")
    assert (answer.kind, answer.value) == ("run", 42)
    assert jokers(answer) == [["8H", "6H", "4H"], ["8H", "6H", "4H"]]


# The French catalogue keys a plural message on its English singular, as gettext does (translations/fr).
FRENCH_PLURALS = {
    ("a group holds at most {n} card", "a group holds at most {n} cards"): (
        "un groupe compte au plus {n} carte",
        "un groupe compte au plus {n} cartes",
    ),
    ("a run holds at most {n} card", "a run holds at most {n} cards"): (
        "une suite compte au plus {n} carte",
        "une suite compte au plus {n} cartes",
    ),
    ("a run needs at least {n} card", "a run needs at least {n} cards"): (
        "une suite demande au moins {n} carte",
        "une suite demande au moins {n} cartes",
    ),
}


def french_plural(singular: str, plural: str, n: int) -> str:
    """The French form of a plural message, found by its English forms; English if the catalogue lacks it."""
    forms = FRENCH_PLURALS.get((singular, plural), (singular, plural))
    return forms[0] if n < 2 else forms[1]


@pytest.mark.parametrize(
    ("preset", "overrides", "cards", "french"),
    [
        ("kaluki", {}, "5H 5S 5D 5C 5H", "un groupe compte au plus 4 cartes"),
        ("kaluki", {}, "2H 3H 4H 5H 6H 7H 8H 9H 10H", "une suite compte au plus 8 cartes"),
        ("kaluki", {"run_min": 4}, "5H 6H 7H", "une suite demande au moins 4 cartes"),
    ],
)
def test_a_refusal_of_a_melds_size_is_said_in_french_on_a_french_page(
    preset: str, overrides: dict[str, int], cards: str, french: str
) -> None:
    """A group or run too long or too short is refused in the words of the page's language."""
    answer = check_meld(parse_cards(cards), rummy_rules(preset, overrides))
    with speaking(lambda message: message, french_plural):
        assert str(answer.reason) == french


@pytest.mark.parametrize(
    ("preset", "cards", "reason", "rule"),
    [
        (
            "kaluki",
            "5H 5S 5D 5C JK",
            "a group with a joker cannot repeat a suit: with only 4 suits, it holds at most 4 cards",
            "group_joker_distinct_suits",
        ),
        (
            "kaluki",
            "5H 5S JK JK JK",
            "a group with a joker cannot repeat a suit: with only 4 suits, it holds at most 4 cards",
            "group_joker_distinct_suits",
        ),
        (
            "kaluki-club",
            "5H 5S 5D 5C JK",
            "a group cannot repeat a suit: with only 4 suits, it holds at most 4 cards",
            "group_duplicate_suits",
        ),
    ],
)
def test_a_group_longer_than_the_suits_is_refused_where_its_suits_must_differ(
    preset: str, cards: str, reason: str, rule: str
) -> None:
    """With `group_max` at 6, five cards of one rank and distinct suits leave a joker no suit to stand for."""
    answer = check_meld(parse_cards(cards), rummy_rules(preset, {"group_max": 6}))
    assert (answer.valid, answer.reason, answer.rule) == (False, reason, rule)


def test_a_joker_in_a_group_that_may_repeat_suits_may_be_any_suit() -> None:
    """Without `group_joker_distinct_suits`, a joker beside 5♥ 5♠ 5♦ 5♣ 5♣ may be a 5 of any of the four suits."""
    rules = rummy_rules("kaluki", {"group_max": 6, "group_joker_distinct_suits": False})
    answer = check_meld(parse_cards("5H 5S 5D 5C 5C JK"), rules)
    assert (answer.valid, answer.kind, answer.value) == (True, "group", 40)
    assert sorted(jokers(answer)[0]) == ["5C", "5D", "5H", "5S"]


def test_copies_of_one_card_are_an_identity_worth_their_cards() -> None:
    """001's identities: three 9♠ are a valid identity worth 5 each in the salon table, with no joker to place."""
    answer = check_meld(parse_cards("9S 9S 9S"), rummy_rules("rami", {"identities": True}))
    assert (answer.valid, answer.kind, answer.value, answer.jokers) == (True, "identity", 15, ())
    assert (answer.reason, answer.rule, answer.cards) == (None, None, tuple(parse_cards("9S 9S 9S")))
    assert answer.as_json() == {"valid": True, "kind": "identity", "value": 15, "jokers": [], "reason": None}


@pytest.mark.parametrize("cards", ["KC JK JC", "5H 6H 8H", "5H 5S JK"])
def test_the_answer_keeps_the_meld_as_laid(cards: str) -> None:
    """Valid or refused, the answer carries the cards in the order laid, which a refusal of the table quotes."""
    assert check("kaluki", cards).cards == tuple(parse_cards(cards))


def test_a_meld_limited_to_two_jokers_says_jokers_in_the_plural() -> None:
    """With `max_jokers_per_meld` at 2, a third joker is refused in the plural."""
    answer = check_meld(parse_cards("5H JK JK JK"), rummy_rules("kaluki", {"max_jokers_per_meld": 2}))
    assert (answer.reason, answer.rule) == ("a meld may hold at most 2 jokers", "max_jokers_per_meld")


def test_a_group_without_a_joker_counts_its_cards_in_the_salon_table() -> None:
    """Rami counts 4♣ 4♦ 4♠ at 5 each (salon), not at their face."""
    answer = check("rami", "4C 4D 4S")
    assert (answer.valid, answer.kind, answer.value) == (True, "group", 15)


@pytest.mark.parametrize("cards", ["KC JK JC", "5H 6H 7H"])
def test_a_run_shorter_than_run_min_is_refused_with_that_rule(cards: str) -> None:
    """With `run_min` at 4, three cards in sequence are refused, and the refusal rests on `run_min`."""
    answer = check_meld(parse_cards(cards), rummy_rules("kaluki", {"run_min": 4}))
    assert (answer.valid, answer.reason, answer.rule) == (False, "a run needs at least 4 cards", "run_min")


def test_a_run_of_all_thirteen_ranks_is_worth_its_ace_high_even_laid_from_the_ace() -> None:
    """A♦ to K♦ laid from the ace, jokers in it, holds every rank: worth 95 with the ace high (face values)."""
    answer = check("kaluki-hunt", "AD JK 3D 4D 5D 6D JK=7D JK=8D 9D JK JD QD KD")
    assert (answer.valid, answer.kind, answer.value) == (True, "run", 95)
    assert jokers(answer) == [["2D"], ["7D"], ["8D"], ["10D"]]


def test_a_fourteenth_card_in_a_run_is_refused_whatever_run_max() -> None:
    """A run holds one card of each rank: A♦ to K♦ and a joker are refused even where `run_max` is 13."""
    answer = check("kaluki-hunt", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD JK")
    assert (answer.valid, answer.reason, answer.rule) == (False, "a run holds at most 13 cards, one of each rank", None)


def test_a_joker_laid_at_the_end_of_a_falling_run_is_worth_the_card_it_takes() -> None:
    """8♣ 7♣ then a joker read downwards: the joker is 6♣, and the run is worth 8 + 7 + 6, not 7 8 9 (face values)."""
    answer = check("kaluki-hunt", "8C 7C JK")
    assert (answer.valid, answer.kind, answer.value, jokers(answer)) == (True, "run", 21, [["6C"]])
