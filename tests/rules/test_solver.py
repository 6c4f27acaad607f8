"""The best-hand solver: exact against a brute-force search over every partition of small hands."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import Card, full_deck, parse_cards
from referee.rules.melds import check_meld
from referee.rules.solver import best_arrangement
from referee.rules.table import RummyRules, rummy_rules
from referee.rules.values import penalty

RULE_SETS = {
    "kaluki": rummy_rules("kaluki"),
    "kaluki-club": rummy_rules("kaluki-club"),
    "rami": rummy_rules("rami"),
    "club with wrap and fixed jokers": rummy_rules("kaluki-club", {"ace_wraps": True, "joker_meld_value": 15}),
    "kaluki short runs, 1 joker": rummy_rules("kaluki", {"run_max": 4, "max_jokers_per_meld": 1}),
}


@cache
def meld_value(cards: tuple[Card, ...], rules: RummyRules) -> int | None:
    """The best value of these cards as one meld, laid in any order (None if no order is valid).

    Without jokers the order changes nothing; with them, every order is tried.
    """
    orders = set(permutations(cards)) if any(card.is_joker for card in cards) else {cards}
    values = [check_meld(order, rules) for order in orders]
    valid = [check.value for check in values if check.valid]
    return max(valid) if valid else None


def brute_force(hand: Sequence[Card], rules: RummyRules) -> tuple[int, int]:
    """(most value laid, least penalty left with it) over every way to split the hand into melds."""

    @cache
    def search(rest: tuple[Card, ...]) -> tuple[int, int]:
        if not rest:
            return (0, 0)
        first, others = rest[0], rest[1:]
        kept = search(others)
        best = (kept[0], kept[1] - penalty([first], rules))
        for size in range(2, min(len(others), 6) + 1):
            for chosen in combinations(range(len(others)), size):
                meld = (first, *(others[i] for i in chosen))
                value = meld_value(tuple(sorted(meld, key=lambda c: c.sort_key)), rules)
                if value is None:
                    continue
                after = search(tuple(c for i, c in enumerate(others) if i not in chosen))
                best = max(best, (after[0] + value, after[1]))
        return best

    laid, minus_penalty = search(tuple(sorted(hand, key=lambda c: c.sort_key)))
    return laid, -minus_penalty


@settings(max_examples=500, deadline=None)
@given(name=st.sampled_from(sorted(RULE_SETS)), data=st.data())
def test_best_equals_brute_force_and_every_meld_passes_check(name: str, data: st.DataObject) -> None:
    rules = RULE_SETS[name]
    deck = full_deck(rules.pack_count(), rules.joker_count())
    picks = data.draw(st.lists(st.integers(0, len(deck) - 1), min_size=3, max_size=6, unique=True))
    hand = [deck[i] for i in picks]
    best = best_arrangement(hand, rules)
    assert (best.laid_value, best.penalty) == brute_force(hand, rules)
    checks = [check_meld(meld, rules) for meld in best.melds]
    assert all(check.valid for check in checks)
    assert sum(check.value for check in checks) == best.laid_value
    laid = sorted(str(c) for meld in best.melds for c in meld)
    assert sorted(laid + [str(c) for c in best.left]) == sorted(str(Card(c.rank, c.suit)) for c in hand)


@pytest.mark.parametrize(
    ("preset", "hand", "laid", "left"),
    [
        pytest.param("kaluki", "9C 9D 9H 9S 5H 6H 7H KC", 54, ["KC"], id="RULES 8 opening hand"),
        pytest.param("kaluki", "QD KD AD 2D 7S", 33, ["7S"], id="kaluki wraps the ace"),
        pytest.param("kaluki-club", "QD KD AD 2D 7S", 31, ["7S", "2D"], id="club does not wrap"),
        pytest.param("rami", "5D JK JK 7D", 15, ["JK"], id="rami one joker per meld"),
    ],
)
def test_best_examples(preset: str, hand: str, laid: int, left: list[str]) -> None:
    best = best_arrangement(parse_cards(hand), rummy_rules(preset))
    assert best.laid_value == laid and [str(c) for c in best.left] == left


def test_minimise_penalty_can_differ_from_most_value() -> None:
    # Laying 9♠ 10♠ J♠ Q♠ with the joker as K♠ lays most; keeping the joker out costs 15 in hand.
    rules = rummy_rules("kaluki-club")
    hand = parse_cards("9S 10S JS JK 2H 2D 2C")
    by_value = best_arrangement(hand, rules)
    by_penalty = best_arrangement(hand, rules, minimise="penalty")
    assert by_penalty.penalty <= by_value.penalty and by_value.laid_value >= by_penalty.laid_value


def test_minimise_takes_value_or_penalty() -> None:
    with pytest.raises(ValueError, match="minimise takes value or penalty"):
        best_arrangement(parse_cards("9S"), rummy_rules("kaluki"), minimise="fun")


# RULES.md §2: "a group containing a joker never repeats a suit" (group_joker_distinct_suits), so above 4 cards
# (`group_max` 5 or more) a group with a joker is refused by `check` as by `best`.
GROUPS_ABOVE_FOUR = {
    "kaluki, group_max=5": rummy_rules("kaluki", {"group_max": 5}),
    "kaluki-club, group_max=5": rummy_rules("kaluki-club", {"group_max": 5}),
    "rami, group_max=6, jokers unlimited": rummy_rules("rami", {"group_max": 6, "max_jokers_per_meld": None}),
}


@pytest.mark.parametrize("name", sorted(GROUPS_ABOVE_FOUR))
@pytest.mark.parametrize(
    "hand",
    [
        pytest.param("QD QH QS QC JK", id="§2 group_joker_distinct_suits: four suits and a joker"),
        pytest.param("QD QH JK JK JK", id="§2 group_joker_distinct_suits: two suits and three jokers"),
        pytest.param("QD QH QS JK JK JK", id="§2 group_joker_distinct_suits: three suits and three jokers"),
        pytest.param("QD QD QH QS QC", id="§2 group_duplicate_suits: five queens, no joker"),
        pytest.param("QD QD QH QS QC JK", id="§2 group_joker_distinct_suits: five queens and a joker"),
    ],
)
def test_best_and_check_agree_on_groups_above_four_cards(name: str, hand: str) -> None:
    rules = GROUPS_ABOVE_FOUR[name]
    cards = parse_cards(hand)
    best = best_arrangement(cards, rules)
    assert (best.laid_value, best.penalty) == brute_force(cards, rules)
    checks = [check_meld(meld, rules) for meld in best.melds]
    assert all(check.valid for check in checks), [check.reason for check in checks]
    assert sum(check.value for check in checks) == best.laid_value
    whole = check_meld(cards, rules)
    if whole.valid:  # the hand as one meld: `best` lays at least as much
        assert best.laid_value >= whole.value
        assert all(options for options in whole.jokers), "every joker stands for some card"
    if len(best.melds) == 1 and not best.left:  # `best` lays the hand as one meld: `check` accepts it
        assert whole.valid, whole.reason


@settings(max_examples=300, deadline=None)
@given(name=st.sampled_from(sorted(GROUPS_ABOVE_FOUR)), data=st.data())
def test_every_group_best_lays_passes_check_above_four_cards(name: str, data: st.DataObject) -> None:
    rules = GROUPS_ABOVE_FOUR[name]
    rank = data.draw(st.integers(1, 13), label="rank")
    pool = [Card(rank, suit) for suit in "SHDC" for _ in range(rules.pack_count())]
    picks = data.draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=6, unique=True), label="picks")
    jokers = data.draw(st.integers(0, min(rules.joker_count(), 7 - len(picks))), label="jokers")
    hand = [pool[i] for i in picks] + [Card.joker()] * jokers
    best = best_arrangement(hand, rules)
    checks = [check_meld(meld, rules) for meld in best.melds]
    assert all(check.valid for check in checks), [check.reason for check in checks]
    assert sum(check.value for check in checks) == best.laid_value
    whole = check_meld(hand, rules)
    assert not whole.valid or best.laid_value >= whole.value, f"check: {whole.value}, best: {best.laid_value}"
