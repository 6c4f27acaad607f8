"""The opening's edges (docs/rules.md §2, Opening): the threshold reached exactly, one point short, no melds at all,
and the rule each refusal rests on (the desk and `referee opening` name it)."""

from __future__ import annotations

import pytest

from referee.rules.cards import CardError, parse_cards
from referee.rules.opening import check_opening
from referee.rules.rummy_family import rummy_rules
from referee.rules.table import RummyRules


def opening(rules: RummyRules, *melds: str, all_in_one: bool = False) -> tuple[bool, int, str | None, str | None]:
    """Whether the melds open, their total, the reason and the rule of a refusal."""
    answer = check_opening([parse_cards(meld) for meld in melds], rules, all_in_one=all_in_one)
    return answer.opens, answer.total, answer.reason, answer.rule


def test_an_opening_with_no_melds_does_not_open() -> None:
    # Even where the whole hand laid at once is exempt (kaluki's all_in_one_exempt), nothing laid opens nothing.
    rules = rummy_rules("kaluki")
    assert opening(rules, all_in_one=True) == (False, 0, "an opening lays at least one meld", None)
    assert check_opening([], rules).threshold == 40


@pytest.mark.parametrize(
    ("preset", "melds", "total", "opens"),
    [
        pytest.param("kaluki", ["10H JH QH"], 30, False, id="kaluki 40: 30 is short"),
        pytest.param("kaluki", ["9C 9D 9H 9S", "2C 3C 4C"], 45, True, id="kaluki 40: 45 opens"),
        pytest.param("kaluki", ["10H JH QH", "2C 3C 5C 4C"], 44, True, id="kaluki 40: 44 opens"),
        pytest.param("kaluki", ["4H 5H 6H", "7C 8C 9C 10C"], 49, True, id="kaluki 40: 49 opens"),
        pytest.param("kaluki", ["3H 4H 5H", "6C 7C 8C"], 33, False, id="kaluki 40: 33 in two melds is short"),
    ],
)
def test_the_threshold(preset: str, melds: list[str], total: int, opens: bool) -> None:
    answer = opening(rummy_rules(preset), *melds)
    assert answer[:2] == (opens, total)
    assert answer[3] == (None if opens else "opening_threshold")


@pytest.mark.parametrize(
    ("threshold", "opens"),
    [pytest.param(39, True, id="39 < 40"), pytest.param(40, True, id="40 = 40"), pytest.param(41, False, id="41")],
)
def test_exactly_the_threshold_opens(threshold: int, opens: bool) -> None:
    # docs/rules.md §2, Opening: the melds must total "at least" the threshold. 10♥ J♥ Q♥ K♥ is 40 in kaluki.
    rules = rummy_rules("kaluki", {"opening_threshold": threshold})
    answer = opening(rules, "10H JH QH KH")
    assert answer[:2] == (opens, 40)
    if not opens:
        assert answer[2:] == ("the melds total 40 points and an opening needs at least 41", "opening_threshold")
    else:
        assert answer[2:] == (None, None)


@pytest.mark.parametrize(
    ("threshold", "opens"), [pytest.param(40, True, id="one meld of 40 reaches 40"), pytest.param(41, False, id="41")]
)
def test_single_meld_scope_needs_one_meld_at_the_threshold(threshold: int, opens: bool) -> None:
    rules = rummy_rules("kaluki", {"opening_scope": "single_meld", "opening_threshold": threshold})
    answer = opening(rules, "10H JH QH KH", "2C 3C 4C")
    assert answer[:2] == (opens, 49)
    if not opens:
        reason = f"no single meld reaches {threshold} (the best is 40)"
        assert answer[2:] == (reason, "opening_scope")


def test_single_meld_scope_compares_the_best_meld_not_the_first() -> None:
    rules = rummy_rules("kaluki", {"opening_scope": "single_meld"})
    assert opening(rules, "2C 3C 4C", "10H JH QH KH")[0] is True


def test_an_invalid_meld_names_its_number_and_its_rule() -> None:
    opens, total, reason, rule = opening(rummy_rules("kaluki"), "9C 9D 9H 9S", "5C 5D 5H 5S 5C")
    assert (opens, rule) == (False, "group_max")
    assert reason == "meld 2 (5♣ 5♦ 5♥ 5♠ 5♣) is not valid: a group holds at most 4 cards"
    assert total == 36  # an invalid meld counts 0


def test_an_invalid_meld_with_no_option_behind_it_names_no_rule() -> None:
    assert opening(rummy_rules("kaluki"), "9C 9D")[2:] == (
        "meld 1 (9♣ 9♦) is not valid: a meld needs at least 3 cards",
        None,
    )


@pytest.mark.parametrize(
    ("melds", "numbers"),
    [
        pytest.param(["5H 6H 7H", "5H 6H 7H", "2C 3C 4C"], (1, 2), id="twins first and second"),
        pytest.param(["5H 6H 7H", "2C 3C 4C", "7H 6H 5H"], (1, 3), id="twins in another order are twins"),
        pytest.param(["2C 3C 4C", "5H 6H 7H", "5H 6H 7H"], (2, 3), id="twins second and third"),
    ],
)
def test_twins_are_refused_under_distinct_melds_and_named(melds: list[str], numbers: tuple[int, int]) -> None:
    # docs/rules.md §2 (kaluki, distinct_melds): "two melds laid in one turn must differ".
    rules = rummy_rules("kaluki", {"opening_threshold": 10})
    first, second = numbers
    reason = f"melds {first} and {second} hold the same cards: two melds laid in one turn must differ"
    assert opening(rules, *melds)[2:] == (reason, "distinct_melds")


def test_twins_open_where_melds_need_not_differ() -> None:
    rules = rummy_rules("kaluki-club", {"opening_threshold": 10})
    assert opening(rules, "5H 6H 7H", "5H 6H 7H")[0] is True


def test_the_whole_hand_laid_at_once_is_exempt_only_where_the_preset_says() -> None:
    exempt = rummy_rules("kaluki", {"all_in_one_exempt": True})
    assert opening(exempt, "2C 3C 4C", all_in_one=True) == (True, 9, None, None)
    assert opening(exempt, "2C 3C 4C")[0] is False
    held = rummy_rules("kaluki", {"all_in_one_exempt": False})
    assert opening(held, "2C 3C 4C", all_in_one=True)[3] == "opening_threshold"


def test_the_exemption_never_excuses_an_invalid_meld() -> None:
    rules = rummy_rules("kaluki", {"all_in_one_exempt": True})
    assert opening(rules, "2C 3C 5C", all_in_one=True)[0] is False


def test_an_opening_cannot_lay_more_copies_than_the_packs_hold() -> None:
    with pytest.raises(CardError, match="appears 3 times but only 2 packs are in play"):
        check_opening(
            [parse_cards("7H 8H 9H"), parse_cards("7H 7S 7D"), parse_cards("7H 7C 7D")], rummy_rules("kaluki")
        )


def test_the_opening_json_carries_each_meld_and_the_threshold() -> None:
    data = check_opening([parse_cards("10H JH QH KH")], rummy_rules("kaluki")).as_json()
    assert data == {
        "melds": [{"valid": True, "kind": "run", "value": 40, "jokers": [], "reason": None}],
        "total": 40,
        "threshold": 40,
        "opens": True,
        "reason": None,
    }
