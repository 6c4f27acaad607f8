"""Can a hand open? (docs/rules.md §2, Opening): the melds of one turn that reach the threshold, twins once."""

from __future__ import annotations

import pytest

from referee.rules.cards import parse_cards
from referee.rules.options import Value
from referee.rules.solver import Arrangement, best_arrangement
from referee.rules.table import rummy_rules


def best(hand: str, minimise: str = "value", **overrides: Value) -> Arrangement:
    """The best arrangement of a Kaluki hand under house rules."""
    return best_arrangement(parse_cards(hand), rummy_rules("kaluki", overrides), minimise)


def opening(arrangement: Arrangement) -> list[list[str]] | None:
    """The melds that open, as written, or None."""
    if arrangement.opening is None:
        return None
    return [[str(card) for card in meld] for meld in arrangement.opening]


@pytest.mark.parametrize("minimise", ["value", "penalty"])
def test_twin_melds_open_only_once_and_other_melds_may_open_instead(minimise: str) -> None:
    """`4♣ JK 6♣` twice lays 50 but opens at 25; `JK 4♣ JK 6♣` opens at exactly 40."""
    answer = best("4C 6C 4C 6C JK JK", minimise)
    assert answer.laid_value == 50 and answer.opens
    assert opening(answer) == [["JK", "4C", "JK", "6C"]]


def test_twin_melds_that_cannot_open_otherwise_do_not_open() -> None:
    """`3♣ JK JK 6♣` is 39: one short of Kaluki's 40."""
    answer = best("3C 6C 3C 6C JK JK")
    assert (answer.laid_value, answer.opens, answer.opening) == (39, False, None)


def test_twins_count_twice_where_melds_need_not_be_distinct() -> None:
    """Without `distinct_melds` the best arrangement itself opens, twins and all."""
    answer = best("JK 10C 9C 9C JK 10C", distinct_melds=False)
    assert opening(answer) == [["JK", "9C", "10C"], ["JK", "9C", "10C"]]
    assert opening(best("JK 10C 9C 9C JK 10C")) == [["JK", "JK", "9C", "10C"]]


def test_twins_beside_a_meld_that_opens_with_one_of_them() -> None:
    """The best arrangement laid in one turn opens when its distinct melds reach 40."""
    answer = best("4C 6C 4C 6C JK JK 9D 9S")
    assert opening(answer) == [["9S", "9D", "JK"], ["4C", "JK", "6C"]]


def test_twins_that_open_nowhere_leave_no_opening() -> None:
    """Two J Q K runs lay 60, but one of them is 30 and nothing else is a meld."""
    answer = best("KC QC JC KC QC JC")
    assert (answer.laid_value, answer.opens, answer.opening) == (60, False, None)


def test_a_single_meld_must_reach_the_threshold_alone() -> None:
    """`single_meld`: 36 and 18 laid together do not open; 10 J Q K (40) does, 9 10 J Q (39) does not."""
    together = best("9C 9D 9H 9S 5H 6H 7H", opening_scope="single_meld")
    assert (together.laid_value, together.opens, together.opening) == (54, False, None)
    assert opening(best("10S JS QS KS", opening_scope="single_meld")) == [["10S", "JS", "QS", "KS"]]
    assert best("9S 10S JS QS", opening_scope="single_meld").opening is None
    assert best("KH KS", opening_scope="single_meld").opening is None


def test_a_single_meld_may_be_one_the_best_arrangement_splits() -> None:
    """A♥ to 9♥ under `run_max` 8 is laid as two runs (55), but A♥ to 8♥ alone (46) opens."""
    answer = best("AH 2H 3H 4H 5H 6H 7H 8H 9H", opening_scope="single_meld")
    assert answer.laid_value == 55 and len(answer.melds) == 2
    assert opening(answer) == [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]]


def test_two_runs_of_one_suit_open_together_but_not_alone() -> None:
    """J Q K of hearts and of spades are 30 each: 60 together opens, either alone does not."""
    assert best("KH KS QH QS JH JS").opens
    assert best("KH KS QH QS JH JS", opening_scope="single_meld").opening is None


@pytest.mark.parametrize("hand", ["9C 10C 9C 10C JK JK 2D 2S", "2D 2S 9C 10C 9C 10C JK JK"])
def test_the_opening_search_takes_the_melds_of_one_turn_worth_the_most(hand: str) -> None:
    """Twin `JK 9♣ 10♣` lay 68 but open at 34: the search finds `2♠ 2♦ JK` and `JK 9♣ 10♣` (53), not `JK JK 9♣ 10♣`."""
    answer = best(hand)
    assert answer.laid_value == 68
    assert opening(answer) == [["2S", "2D", "JK"], ["JK", "9C", "10C"]]


@pytest.mark.parametrize(
    ("hand", "melds"),
    [
        pytest.param(
            "AS JS 10S 9S JK 7D 9S JS 10S",
            [["JK", "9S", "10S", "JS"], ["9S", "10S", "JS"]],
            id="the best arrangement opens: both its melds, not the first alone",
        ),
        pytest.param(
            "8D 9D 8D 6C JK 10D 10D 8H JK 9D 9S",
            [["9S", "JK", "JK"], ["8D", "9D", "10D"]],
            id="the best arrangement opens: its own melds, not a richer search",
        ),
        pytest.param(
            "4H JK 4S JK 4H 5H 5H",
            [["4S", "4H", "JK"], ["JK", "4H", "5H"]],
            id="of two openings worth as much, the first found",
        ),
        pytest.param(
            "JS QS 7D 10S 10S QS 6S 9S JS 4C 9S",
            [["9S", "10S", "JS", "QS"], ["10S", "JS", "QS"]],
            id="twin runs: the longer and the other once, a 9S kept",
        ),
        pytest.param(
            "10C AD 2D 3D JK 4C 3D 2D 3C AD",
            [["AD", "2D", "3D", "JK"], ["AD", "2D", "3D"]],
            id="the richer meld of the ace first",
        ),
        pytest.param(
            "JK 3S 3H 2D JK 3S 4S 4S",
            [["JK", "3S", "4S"], ["3S", "3H", "JK"]],
            id="the run of the 3S before its group",
        ),
    ],
)
def test_the_melds_that_open_as_listed(hand: str, melds: list[list[str]]) -> None:
    """The opening a player is shown: which melds, in which order."""
    answer = best(hand)
    assert answer.opens
    assert opening(answer) == melds


def test_a_single_meld_of_exactly_the_threshold_opens_with_the_other_melds_of_its_turn() -> None:
    """`single_meld`: 10 J Q K is 40, Kaluki's threshold; the whole arrangement is the opening, the run of 9 too."""
    answer = best("10S JS QS KS 2H 3H 4H", opening_scope="single_meld")
    assert opening(answer) == [["10S", "JS", "QS", "KS"], ["2H", "3H", "4H"]]


def test_twins_count_twice_towards_an_opening_the_arrangement_does_not_lay() -> None:
    """Kaluki club (twins allowed), least penalty first: the arrangement lays 30, yet `A♦ JK JK` and both 3 4 5 open."""
    answer = best_arrangement(parse_cards("3D 4D 5D 3D 4D 5D JK JK AD AD"), rummy_rules("kaluki-club"), "penalty")
    assert (answer.laid_value, answer.opens) == (30, True)
    assert opening(answer) == [["AD", "JK", "JK"], ["3D", "4D", "5D"], ["3D", "4D", "5D"]]


def test_of_two_openings_as_rich_the_first_found_is_given() -> None:
    """Rami with distinct melds: the twin runs open once, beside `10♠ JK Q♠` rather than `JK J♠ Q♠`."""
    answer = best_arrangement(parse_cards("10S JS QS QS JK JK JS 10S"), rummy_rules("rami", {"distinct_melds": True}))
    assert answer.laid_value == 80
    assert opening(answer) == [["10S", "JS", "QS", "JK"], ["10S", "JK", "QS"]]
