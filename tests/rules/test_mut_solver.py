"""The best arrangement of a hand (docs/rules.md §2, The best hand): its answer in full, and its refusals."""

from __future__ import annotations

import time
from typing import Any

import pytest

from referee.rules.cards import parse_cards
from referee.rules.options import Value
from referee.rules.solver import HandTooLarge, SearchTooLong, best_arrangement, too_long, verify_hand_size
from referee.rules.table import rummy_rules


def best(preset: str, hand: str, minimise: str = "value", **overrides: Value) -> dict[str, Any]:
    """The `best` object for a hand."""
    return best_arrangement(parse_cards(hand), rummy_rules(preset, overrides), minimise).as_json()


@pytest.mark.parametrize("minimise", ["value", "penalty"])
def test_a_hand_lays_its_best_melds_and_keeps_the_rest(minimise: str) -> None:
    """Kings and a run are laid (48, opening); two fives are kept at 10; the whole hand costs 58."""
    assert best("kaluki", "5H 5S 5D 6H 7H KD KC KS", minimise) == {
        "melds": [["KS", "KD", "KC"], ["5H", "6H", "7H"]],
        "laid_value": 48,
        "opens": True,
        "left": ["5S", "5D"],
        "penalty": 10,
        "hand_penalty": 58,
        "opening": [["KS", "KD", "KC"], ["5H", "6H", "7H"]],
    }


def test_a_hand_of_no_meld_keeps_every_card_and_its_jokers() -> None:
    """Rami (one joker a meld): nothing to lay, every card is left, jokers last, at their penalty."""
    assert best("rami", "KS QD JK JK") == {
        "melds": [],
        "laid_value": 0,
        "opens": False,
        "left": ["KS", "QD", "JK", "JK"],
        "penalty": 60,
        "hand_penalty": 60,
        "opening": None,
    }
    assert best("kaluki", "")["hand_penalty"] == 0


def test_a_meld_short_of_the_threshold_does_not_open() -> None:
    """Kaluki opens at 40: 10 J Q K (40) opens, 9 10 J Q (39) does not."""
    assert best("kaluki", "10S JS QS KS")["opening"] == [["10S", "JS", "QS", "KS"]]
    assert (best("kaluki", "9S 10S JS QS")["opens"], best("kaluki", "9S 10S JS QS")["opening"]) == (False, None)


def test_salon_counts_a_joker_kept_at_20_and_the_ace_at_15() -> None:
    """Rami: the low run A 2 3 JK lays 20; a 5 is left (5); the whole hand costs 15 + 5 + 5 + 20 + 5."""
    answer = best("rami", "AH 2H 3H JK 5S")
    assert (answer["laid_value"], answer["left"], answer["penalty"], answer["hand_penalty"]) == (20, ["5S"], 5, 50)
    assert answer["opens"] is False


def test_the_ace_goes_where_the_options_allow_it() -> None:
    """Kaluki wraps Q K A 2 3 (36); Kaluki club does not, and keeps 2 3."""
    assert best("kaluki", "QH KH AH 2H 3H")["melds"] == [["QH", "KH", "AH", "2H", "3H"]]
    club = best("kaluki-club", "QH KH AH 2H 3H")
    assert (club["melds"], club["laid_value"]) == ([["QH", "KH", "AH"]], 31)
    assert (club["left"], club["penalty"]) == (["2H", "3H"], 5)


def test_penalty_first_keeps_the_cheapest_cards() -> None:
    """Laying the most value and leaving the least penalty can differ: each objective breaks ties with the other."""
    by_value = best("rami", "7H 7H 7S 7D JK")
    assert (by_value["laid_value"], by_value["left"], by_value["penalty"]) == (20, ["7H"], 5)


@pytest.mark.parametrize(
    ("cards", "preset", "most", "name", "held"),
    [(18, "kaluki", 17, "Kaluki", 14), (19, "rami", 18, "Rami", 15)],
)
def test_a_hand_too_large_is_refused(cards: int, preset: str, most: int, name: str, held: int) -> None:
    """More cards than a hand and three more are not worked out."""
    with pytest.raises(HandTooLarge) as caught:
        verify_hand_size(cards, rummy_rules(preset))
    assert str(caught.value) == (
        f"{cards} cards: the best way to lay a hand is worked out for {most} cards at most in {name} "
        f"(a hand holds {held})"
    )
    verify_hand_size(cards - 1, rummy_rules(preset))


def test_a_hand_of_too_many_cards_is_refused_before_any_search() -> None:
    """`best_arrangement` refuses the 18th card in Kaluki."""
    with pytest.raises(HandTooLarge):
        best_arrangement(parse_cards("2H 3H 4H 5H 6H 7H 8H 9H 10H 2S 3S 4S 5S 6S 7S 8S 9S 10S"), rummy_rules("kaluki"))


def test_an_unknown_objective_is_refused() -> None:
    """Only `value` and `penalty` are objectives."""
    with pytest.raises(ValueError, match=r"^minimise takes value or penalty, not 'points'$"):
        best_arrangement(parse_cards("2H"), rummy_rules("kaluki"), "points")


def test_a_search_past_its_budget_says_so() -> None:
    """A budget already spent gives no answer, in the player's words."""
    with pytest.raises(SearchTooLong) as caught:
        best_arrangement(parse_cards("2H 3H 4H"), rummy_rules("kaluki"), budget=0)
    assert str(caught.value) == (
        "this hand has too many ways to lay it to work out in 0 seconds: no best arrangement is given"
    )
    assert str(too_long(0.5)) == (
        "this hand has too many ways to lay it to work out in 0.5 seconds: no best arrangement is given"
    )


def test_a_generous_budget_answers() -> None:
    """A budget long enough gives the same answer as none."""
    hand = parse_cards("9C 9D 9H 9S 5H 6H 7H KC")
    assert best_arrangement(hand, rummy_rules("kaluki"), budget=10.0) == best_arrangement(hand, rummy_rules("kaluki"))


def test_the_most_value_comes_first_and_the_penalty_breaks_ties_only() -> None:
    """Kaluki club: the three 3s (9) lay more than A 2 3 (6), though the low run would leave less in hand."""
    by_value = best("kaluki-club", "AH 2H 3H 3S 3D")
    assert (by_value["melds"], by_value["laid_value"], by_value["left"], by_value["penalty"]) == (
        [["3S", "3H", "3D"]],
        9,
        ["AH", "2H"],
        13,
    )
    by_penalty = best("kaluki-club", "AH 2H 3H 3S 3D", "penalty")
    assert (by_penalty["melds"], by_penalty["laid_value"], by_penalty["left"], by_penalty["penalty"]) == (
        [["AH", "2H", "3H"]],
        6,
        ["3S", "3D"],
        6,
    )


def test_of_two_melds_laying_as_much_the_one_leaving_the_cheaper_card_is_laid() -> None:
    """Kaluki, jokers as represented: `5♥ 5♦ JK` and `4♥ 5♥ JK` both lay 15; the 4 is left (4), not the 5."""
    answer = best("kaluki", "5H JK 5D 4H", joker_meld_value="represented")
    assert (answer["melds"], answer["laid_value"], answer["left"], answer["penalty"]) == (
        [["5H", "5D", "JK"]],
        15,
        ["4H"],
        4,
    )


def test_of_two_melds_leaving_as_little_the_richer_one_is_laid() -> None:
    """Kaluki club, least penalty first: `Q♥ K♥ JK` (31) and `J♠ JK K♠` (30) each leave 24; the richer is laid."""
    answer = best("kaluki-club", "JS QH 2C KS 2C JK KH", "penalty")
    assert (answer["melds"], answer["laid_value"], answer["left"], answer["penalty"]) == (
        [["QH", "KH", "JK"]],
        31,
        ["JS", "KS", "2C", "2C"],
        24,
    )


@pytest.mark.parametrize(
    ("preset", "overrides", "hand", "melds", "left"),
    [
        (
            "rami",
            {"identities": True},
            "QH 10H 10H QH 9H JH 9H 9H 10H 9H",
            [["9H", "10H", "JH", "QH"], ["9H", "9H", "9H"]],
            ["10H", "10H", "QH"],
        ),
        (
            "rami",
            {"identities": True},
            "10H 9H 10H 10H JH 9H 10H 9H JH",
            [["9H", "10H", "JH"], ["10H", "10H", "10H"]],
            ["9H", "9H", "JH"],
        ),
        (
            "kaluki",
            {"group_max": 5},
            "5H 6H 6S 6H 5H 5S 7S 7H JK",
            [["5S", "6S", "7S"], ["JK", "5H", "6H"], ["5H", "6H", "7H"]],
            [],
        ),
        ("kaluki", {}, "AS 3S QS JK AS KS", [["QS", "KS", "AS"], ["AS", "JK", "3S"]], []),
        ("kaluki-club", {}, "JK JS 10D JD", [["JS", "JD", "JK"]], ["10D"]),
    ],
)
def test_of_arrangements_equal_on_both_counts_the_first_found_is_given(
    preset: str, overrides: dict[str, Value], hand: str, melds: list[list[str]], left: list[str]
) -> None:
    """Ties are broken the same way every time: from the lowest card, its richest meld first (docs/formats.md)."""
    answer = best_arrangement(parse_cards(hand), rummy_rules(preset, overrides)).as_json()
    assert (answer["melds"], answer["left"]) == (melds, left)


def test_a_budget_already_spent_gives_no_answer_even_for_a_hand_that_opens() -> None:
    """The search itself keeps to the budget: a hand whose best melds open is refused past it too."""
    with pytest.raises(SearchTooLong):
        best_arrangement(parse_cards("9C 9D 9H 9S 5H 6H 7H KC"), rummy_rules("kaluki"), budget=0)


def test_the_search_for_an_opening_keeps_to_the_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock a second on at each look: the best melds (9) are found in time, the opening search passes 1.5 s."""
    clock = iter(range(100))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(clock)))
    with pytest.raises(SearchTooLong) as caught:
        best_arrangement(parse_cards("2H 3H 4H"), rummy_rules("kaluki"), budget=1.5)
    assert str(caught.value) == (
        "this hand has too many ways to lay it to work out in 1.5 seconds: no best arrangement is given"
    )
