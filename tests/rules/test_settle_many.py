"""The settle-up of a big evening (docs/rules.md §5, The evening's settle-up): past 10 players with a balance the plan
is greedy: an equal and opposite pair pays first, else the largest debt goes to the largest credit; names in
alphabetical order, ignoring case."""

from __future__ import annotations

from referee.rules.settlement import EXACT_LIMIT, settle


def plan(balances: dict[str, int]) -> list[str]:
    assert len(balances) > EXACT_LIMIT == 10  # the greedy plan, not the exact search
    return [str(payment) for payment in settle(balances)]


def test_equal_and_opposite_pairs_pay_each_other_in_alphabetical_order() -> None:
    # ana and Ben both owe 3: ana comes first (case ignored), pays cy, the one credit of 3; Ben pays the rest.
    balances = {"ana": -3, "Ben": -3, "cy": 3, "Dan": 2, "eve": 1, "fay": -4, "Gus": 4, "hal": -5, "Ivy": 5,
                "jo": -6, "Kim": 6}  # fmt: skip
    assert plan(balances) == [
        "ana pays cy 3 chips",
        "Ben pays Dan 2 chips",
        "Ben pays eve 1 chip",
        "fay pays Gus 4 chips",
        "hal pays Ivy 5 chips",
        "jo pays Kim 6 chips",
    ]


def test_without_a_pair_the_largest_debt_goes_to_the_largest_credit() -> None:
    names = ["ana", "Ben", "cy", "Dan", "eve", "Fred", "gil", "Hana", "ivo", "Jan", "kai"]
    balances = dict(zip(names, [-10, -9, -8, -7, 1, 2, 3, 4, 5, 6, 13], strict=True))
    assert plan(balances) == [
        "ana pays kai 10 chips",
        "Ben pays eve 1 chip",
        "Ben pays Fred 2 chips",
        "Ben pays Jan 6 chips",
        "cy pays gil 3 chips",
        "cy pays ivo 5 chips",
        "Dan pays Hana 4 chips",
        "Dan pays kai 3 chips",
    ]
