"""The evening settlement (docs/rules.md §5, docs/formats.md `settle`): balances to the fewest payments, in chips
and money, listed in the order the rulings give."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from itertools import combinations
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.settlement import (
    EXACT_LIMIT,
    Payment,
    SettlementError,
    evening_balances,
    fewest_payments,
    settle,
    settle_json,
)

EXAMPLES = settings(max_examples=500, deadline=None)
NAMES = ["Ana", "Ben", "Céline", "Driss", "Émile", "Fatou", "Gus", "Hélène", "Ivan", "Jo", "Kim", "Léa", "Moe", "Nour"]


def plan(balances: Mapping[str, int]) -> list[str]:
    return [str(payment) for payment in settle(balances)]


def after(balances: Mapping[str, int], payments: tuple[Payment, ...]) -> dict[str, int]:
    left = dict(balances)
    for payment in payments:
        left[payment.payer] += payment.chips
        left[payment.payee] -= payment.chips
    return left


def most_zero_sum_groups(values: list[int]) -> int:
    """Brute force: the most blocks, each adding up to zero, of any partition of `values` (all non-zero)."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for size in range(len(rest) + 1):
        for chosen in combinations(range(len(rest)), size):
            if first + sum(rest[i] for i in chosen) == 0:
                others = [value for i, value in enumerate(rest) if i not in chosen]
                best = max(best, 1 + most_zero_sum_groups(others))
    return best


# Examples.


@pytest.mark.parametrize(
    ("balances", "payments"),
    [
        ({}, []),
        ({"Ana": 0, "Ben": 0}, []),
        ({"Ana": -4, "Ben": 4}, ["Ana pays Ben 4 chips"]),
        ({"Ana": 1, "Ben": -1, "Céline": 0}, ["Ben pays Ana 1 chip"]),
        ({"Ana": -5, "Ben": 2, "Céline": 3}, ["Ana pays Ben 2 chips", "Ana pays Céline 3 chips"]),
        (
            {"Ana": -5, "Ben": -5, "Céline": 3, "Driss": 7},
            ["Ana pays Céline 3 chips", "Ana pays Driss 2 chips", "Ben pays Driss 5 chips"],
        ),
        # Two zero-sum groups, {Ana, Ben, Céline} and {Driss, Émile}: 3 payments where paying the largest
        # debt to the largest credit first (Émile to Ana) would take 4.
        (
            {"Ana": 6, "Ben": -2, "Céline": -4, "Driss": 5, "Émile": -5},
            ["Ben pays Ana 2 chips", "Céline pays Ana 4 chips", "Émile pays Driss 5 chips"],
        ),
        # The kaluki example of docs/rules.md §8: A −16, B −4, C +33, D −13.
        (
            {"A": -16, "B": -4, "C": 33, "D": -13},
            ["A pays C 16 chips", "B pays C 4 chips", "D pays C 13 chips"],
        ),
    ],
)
def test_settle_examples(balances: dict[str, int], payments: list[str]) -> None:
    assert plan(balances) == payments


def test_settle_finds_pairs_hidden_among_many() -> None:
    balances = {"Ana": -3, "Ben": 7, "Céline": -7, "Driss": 3, "Émile": -1, "Fatou": 1}
    assert plan(balances) == ["Ana pays Driss 3 chips", "Céline pays Ben 7 chips", "Émile pays Fatou 1 chip"]


def test_settle_orders_payments_by_payer_then_payee_whatever_the_order_given() -> None:
    balances = {"driss": 7, "Céline": 3, "ben": -5, "Ana": -5}
    assert plan(balances) == plan(dict(reversed(balances.items())))
    assert [p.payer for p in settle(balances)] == ["Ana", "Ana", "ben"]


def test_settle_is_stable_when_one_payment_is_made() -> None:
    balances = {"Ana": -5, "Ben": -5, "Céline": 3, "Driss": 7}
    payments = settle(balances)
    for made in payments:
        assert settle(after(balances, (made,))) == tuple(p for p in payments if p != made)


@pytest.mark.parametrize(
    ("balances", "words"),
    [
        ({"Ana": -4, "Ben": 7}, r"the balances add up to \+3 chips, not 0"),
        ({"Ana": -4}, "add up to -4 chips"),
        ({"Ana": 1.5, "Ben": -1.5}, "Ana's balance is a whole number of chips, not 1.5"),
        ({"Ana": True, "Ben": -1}, "Ana's balance is a whole number of chips, not True"),
        ({"": 1, "Ben": -1}, "a balance belongs to a player's name"),
    ],
)
def test_settle_refuses_balances_that_cannot_be_settled(balances: dict[str, int], words: str) -> None:
    with pytest.raises(SettlementError, match=words):
        settle(balances)
    assert issubclass(SettlementError, ValueError)


def test_more_than_the_exact_limit_gets_a_greedy_plan_that_clears_everything() -> None:
    balances = {name: (i % 5) - 2 for i, name in enumerate(NAMES[: EXACT_LIMIT + 2])}
    balances["Ana"] -= sum(balances.values())
    payments = settle(balances)
    assert all(chips == 0 for chips in after(balances, payments).values())
    assert len(payments) <= sum(1 for chips in balances.values() if chips) - 1


def test_fewest_payments_counts_players_with_a_balance_minus_zero_sum_groups() -> None:
    assert fewest_payments({"Ana": 6, "Ben": -2, "Céline": -4, "Driss": 5, "Émile": -5, "Fatou": 0}) == 3
    assert fewest_payments({}) == 0


# Money.


@pytest.mark.parametrize(
    ("chips", "chip_value", "amount"),
    [
        (16, "0.20", "3.20"),
        (3, "0.10", "0.30"),  # a float would give 0.30000000000000004
        (1, "0.05", "0.05"),
        (7, "1", "7.00"),
        (3, "2.50", "7.50"),
        (12345, "0.01", "123.45"),
        (5, "0", "0.00"),
    ],
)
def test_payment_amount_in_whole_cents_with_two_decimals(chips: int, chip_value: str, amount: str) -> None:
    assert Payment("Ana", "Ben", chips).amount(Decimal(chip_value)) == amount


@pytest.mark.parametrize("chip_value", ["0.125", "-0.20", "NaN", "Infinity"])
def test_a_chip_value_is_zero_or_more_in_whole_cents(chip_value: str) -> None:
    with pytest.raises(SettlementError, match="whole cents"):
        Payment("Ana", "Ben", 1).amount(Decimal(chip_value))


def test_settle_json_has_the_formats_keys() -> None:
    data = settle_json({"Ana": -16, "Ben": 16, "Céline": 0}, Decimal("0.20"))
    assert data == {
        "balances": {"Ana": -16, "Ben": 16, "Céline": 0},
        "payments": [{"from": "Ana", "to": "Ben", "chips": 16, "amount": "3.20"}],
    }
    with pytest.raises(SettlementError):
        settle_json({}, Decimal("0.001"))


# An evening's balances.


def test_evening_balances_sum_each_players_chips_over_the_games() -> None:
    games = [{"Ana": -16, "Ben": -4, "Céline": 33, "Driss": -13}, {"Ana": 5, "Émile": -5}, {"Ben": 0, "Céline": 0}]
    assert evening_balances(games) == {"Ana": -11, "Ben": -4, "Céline": 33, "Driss": -13, "Émile": -5}
    assert list(evening_balances(games)) == ["Ana", "Ben", "Céline", "Driss", "Émile"]
    assert evening_balances([]) == {}


def test_evening_balances_refuse_a_game_whose_chips_do_not_add_up() -> None:
    with pytest.raises(SettlementError, match=r"game 2: the balances add up to \+2 chips"):
        evening_balances([{"Ana": 1, "Ben": -1}, {"Ana": 3, "Ben": -1}])
    with pytest.raises(SettlementError, match="game 1: Ana's balance is a whole number"):
        evening_balances([{"Ana": "3", "Ben": -3}])  # type: ignore[dict-item]


# Properties.


@st.composite
def balances(draw: st.DrawFn, max_players: int = EXACT_LIMIT + 4) -> dict[str, int]:
    """Whole-chip balances adding up to zero, small ones (many zero-sum groups) or large, some zero."""
    names = draw(st.permutations(NAMES))[: draw(st.integers(1, max_players))]
    chips = draw(st.sampled_from([st.integers(-4, 4), st.integers(-12, 12), st.integers(-500, 500)]))
    values = [draw(chips) for _ in names[1:]]
    return dict(zip(names, [*values, -sum(values)], strict=True))


def players_with_a_balance(balances: Mapping[str, int]) -> int:
    return sum(1 for chips in balances.values() if chips)


@EXAMPLES
@given(balances())
def test_property_payments_clear_every_balance(balances: dict[str, int]) -> None:
    payments = settle(balances)
    assert all(chips == 0 for chips in after(balances, payments).values())
    for payment in payments:  # from a player who owes to one who is owed, never more than either's balance
        assert 0 < payment.chips <= min(-balances[payment.payer], balances[payment.payee])


@EXAMPLES
@given(balances())
def test_property_payments_never_exceed_players_with_a_balance_minus_one(balances: dict[str, int]) -> None:
    assert len(settle(balances)) <= max(players_with_a_balance(balances) - 1, 0)
    assert settle(balances) == settle(dict(reversed(balances.items())))


@EXAMPLES
@given(balances(max_players=7))
def test_property_payments_equal_the_brute_force_minimum(balances: dict[str, int]) -> None:
    values = [chips for chips in balances.values() if chips]
    minimum = len(values) - most_zero_sum_groups(values)
    assert len(settle(balances)) == fewest_payments(balances) == minimum


@EXAMPLES
@given(balances(max_players=8))
def test_property_stable_after_any_one_payment(balances: dict[str, int]) -> None:
    payments = settle(balances)
    for made in payments:
        assert settle(after(balances, (made,))) == tuple(p for p in payments if p != made)


# Each payment in words and in money, the refusals, and a table too large to search.


TWELVE = {f"P{i:02d}": (i + 1) * (1 if i % 2 else -1) for i in range(11)} | {"P11": 6}


def test_a_payment_in_words_and_in_money() -> None:
    """One chip is "1 chip"; a payment's money is its chips times the chip's value, with two decimals."""
    assert str(Payment("Ana", "Ben", 1)) == "Ana pays Ben 1 chip"
    assert str(Payment("Ana", "Ben", 16)) == "Ana pays Ben 16 chips"
    assert Payment("Ana", "Ben", 16).amount(Decimal("0.20")) == "3.20"
    assert Payment("Ana", "Ben", 3).as_json(Decimal("0.05")) == {
        "from": "Ana",
        "to": "Ben",
        "chips": 3,
        "amount": "0.15",
    }


@pytest.mark.parametrize(
    ("games", "refused"),
    [
        ([{"Ana": 3, "Ben": -3}, {"Ben": 2, "Céline": -1}],
         "game 2: the balances add up to +1 chips, not 0: every chip won is a chip someone lost"),
        ([{"Ana": 3, "Ben": -3}, {" ": 0}], "game 2: a balance belongs to a player's name, not ' '"),
        ([{"Ana": True, "Ben": -1}], "game 1: Ana's balance is a whole number of chips, not True"),
        ([{"Ana": 1.5, "Ben": -1.5}], "game 1: Ana's balance is a whole number of chips, not 1.5"),
    ],
)  # fmt: skip
def test_an_evenings_bad_game_is_named(games: list[dict[str, Any]], refused: str) -> None:
    """A game whose chips cannot be settled is refused with its number and the reason."""
    with pytest.raises(SettlementError) as caught:
        evening_balances(games)
    assert str(caught.value) == refused


def test_an_evenings_balances_add_up_game_by_game() -> None:
    """Each player's chips are summed over the games, in order of first appearance."""
    assert evening_balances([{"Ana": 3, "Ben": -3}, {"Ben": 5, "Céline": -5}]) == {"Ana": 3, "Ben": 2, "Céline": -5}


def test_balances_that_cannot_be_settled_are_refused_without_a_game() -> None:
    """Balances not adding up to zero, or held by no name, are refused as they are."""
    for balances, refused in [
        ({"Ana": 2, "Ben": -1}, "the balances add up to +1 chips, not 0: every chip won is a chip someone lost"),
        ({3: 0}, "a balance belongs to a player's name, not 3"),
    ]:
        with pytest.raises(SettlementError) as caught:
            settle(balances)  # type: ignore[arg-type]
        assert str(caught.value) == refused


def test_a_plan_orders_names_ignoring_case() -> None:
    """Pairs that cancel each other pay each other; the plan lists payers by name, ignoring case."""
    assert plan({"ana": -2, "Ben": 2, "Céline": -4, "driss": 4, "Eve": -6, "Fay": 6}) == [
        "ana pays Ben 2 chips",
        "Céline pays driss 4 chips",
        "Eve pays Fay 6 chips",
    ]


def test_a_table_too_large_to_search_is_settled_greedily() -> None:
    """Twelve players with a balance: equal and opposite pairs first, then the largest debt to the largest credit."""
    assert sum(TWELVE.values()) == 0
    assert plan(TWELVE) == [
        "P00 pays P01 1 chip", "P02 pays P03 3 chips", "P04 pays P05 5 chips", "P06 pays P01 1 chip",
        "P06 pays P11 6 chips", "P08 pays P03 1 chip", "P08 pays P07 8 chips", "P10 pays P05 1 chip",
        "P10 pays P09 10 chips",
    ]  # fmt: skip
    assert fewest_payments(TWELVE) == 9


def test_the_settle_json_gives_balances_and_payments() -> None:
    """`settle --json` gives the balances as they are and each payment in chips and in money."""
    assert settle_json({"Ana": -3, "Ben": 3}, Decimal("0.25")) == {
        "balances": {"Ana": -3, "Ben": 3},
        "payments": [{"from": "Ana", "to": "Ben", "chips": 3, "amount": "0.75"}],
    }


def test_a_large_table_of_one_chip_winners_is_paid_one_chip_each() -> None:
    """Twelve players, eleven of them one chip up: the loser pays each of them their chip."""
    winners = {f"W{i:02d}": 1 for i in range(11)}
    assert plan({"Loser": -11} | winners) == [f"Loser pays {name} 1 chip" for name in winners]


# The settlement's payment order (settlement.py's docstring, docs/rules.md).
#
# The plan is built one payment at a time: the first player by name (ignoring case, then by exact spelling)
# settles next, with the first partner by name that some plan with the fewest payments uses, for the largest
# amount; the plan is then listed by payer, then payee, in that order of names. Beyond 10 players with a
# balance, a greedy payment comes first: a debtor (by name) whose debt some creditor's credit cancels pays the
# first such creditor by name; else the largest debt pays the largest credit (ties by name).


def payment_order(balances: dict[str, int]) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.chips) for p in settle(balances)]


# Twelve players: Cy's 2 cancels both Dee's and Kim's credit: Cy pays Dee, the first by name; then 10 are
# left and the exact plan settles them.
GREEDY_PAIR = dict(Ana=-1, Ben=-9, Cy=-2, Dee=2, Eve=7, Fay=5, Gus=-4, Hal=-3, Ivy=8, Jo=-5, Kim=2, Lou=0)
# Twelve players and no debt cancelling a credit: Ben and Hal owe the most (9), Eve and Jo are owed the most
# (7): Ben pays Eve 7. Ben's 2 left then cancels Ivy's 2: Ben pays Ivy 2; 9 are left for the exact plan.
GREEDY_LARGEST = dict(Ana=-1, Ben=-9, Cy=-3, Dee=4, Eve=7, Fay=5, Gus=-6, Hal=-9, Ivy=2, Jo=7, Kim=-1, Lou=4)
# Ten players, three zero-sum groups: the exact plan takes 7 payments; a greedy first payment (Jo, who owes
# the most, paying Ana, who is owed the most) would make it 8.
TEN_EXACT = dict(Ana=6, Ben=-3, Cy=4, Dee=1, Eve=-3, Fay=1, Gus=4, Hal=-2, Ivy=-3, Jo=-5)
# Eleven players and no debt cancelling a credit: Ben, Ivy and Jo owe the most (3), Cy is owed the most (5):
# Ben pays Cy 3; 10 are left for the exact plan.
GREEDY_LARGEST_CREDIT = dict(Ana=1, Ben=-3, Cy=5, Dee=1, Eve=-2, Fay=1, Gus=1, Hal=1, Ivy=-3, Jo=-3, Kim=1)


@pytest.mark.parametrize(
    ("balances", "order"),
    [
        pytest.param(
            {"Cy": -5, "Dee": 5, "Ana": -5, "Ben": 5},
            [("Ana", "Ben", 5), ("Cy", "Dee", 5)],
            id="rulings: the first player by name settles first, with the first partner by name",
        ),
        pytest.param(
            {"Ana": 5, "Ben": -5, "Cy": 5, "Dee": -5},
            [("Ben", "Ana", 5), ("Dee", "Cy", 5)],
            id="rulings: the first player by name is paid by the first partner by name",
        ),
        pytest.param(
            {"Ana": 1, "Ben": -2, "Cy": -2, "Dee": 3},
            [("Ben", "Ana", 1), ("Ben", "Dee", 1), ("Cy", "Dee", 2)],
            id="rulings: Ana is paid by Ben, the first partner by name, though Cy could pay her too",
        ),
        pytest.param(
            {"Ana": 5, "Ben": -3, "Cy": 3, "Dee": -5},
            [("Ben", "Cy", 3), ("Dee", "Ana", 5)],
            id="settle: listed by payer then payee, not in the order the plan is built",
        ),
        pytest.param(
            {"carl": 7, "Bob": -4, "alice": -3},
            [("alice", "carl", 3), ("Bob", "carl", 4)],
            id="rulings: names in order ignoring case (alice, Bob, carl)",
        ),
        pytest.param(
            {"ana": -2, "Ana": -3, "Bo": 5},
            [("Ana", "Bo", 3), ("ana", "Bo", 2)],
            id="settle: names equal but for case, in order of their exact spelling",
        ),
        pytest.param(
            {"Ana": -6, "Ben": 2, "Cy": 4},
            [("Ana", "Ben", 2), ("Ana", "Cy", 4)],
            id="rulings: one zero-sum group of three, in two payments",
        ),
        pytest.param(
            {"Ana": -7, "Ben": 3, "Cy": 3, "Dee": -2, "Eve": 3},
            [("Ana", "Ben", 3), ("Ana", "Cy", 3), ("Ana", "Eve", 1), ("Dee", "Eve", 2)],
            id="rulings: one group of five: Ana pays Ben, then Cy, as much as each is owed",
        ),
        pytest.param(
            TEN_EXACT,
            [
                ("Ben", "Ana", 3),
                ("Eve", "Ana", 3),
                ("Hal", "Cy", 2),
                ("Ivy", "Cy", 2),
                ("Ivy", "Dee", 1),
                ("Jo", "Fay", 1),
                ("Jo", "Gus", 4),
            ],
            id="rulings: exact up to 10 players with a balance",
        ),
        pytest.param(
            GREEDY_LARGEST_CREDIT,
            [
                ("Ben", "Cy", 3),
                ("Eve", "Ana", 1),
                ("Eve", "Dee", 1),
                ("Ivy", "Cy", 2),
                ("Ivy", "Fay", 1),
                ("Jo", "Gus", 1),
                ("Jo", "Hal", 1),
                ("Jo", "Kim", 1),
            ],
            id="rulings: beyond 10, the largest debt pays the largest credit",
        ),
        pytest.param(
            GREEDY_PAIR,
            [
                ("Ana", "Fay", 1),
                ("Ben", "Eve", 7),
                ("Ben", "Kim", 2),
                ("Cy", "Dee", 2),
                ("Gus", "Fay", 4),
                ("Hal", "Ivy", 3),
                ("Jo", "Ivy", 5),
            ],
            id="rulings: beyond 10, pairs that cancel first, with the first creditor by name",
        ),
        pytest.param(
            GREEDY_LARGEST,
            [
                ("Ana", "Dee", 1),
                ("Ben", "Eve", 7),
                ("Ben", "Ivy", 2),
                ("Cy", "Dee", 3),
                ("Gus", "Jo", 6),
                ("Hal", "Fay", 5),
                ("Hal", "Lou", 4),
                ("Kim", "Jo", 1),
            ],
            id="rulings: beyond 10, the largest debt (first by name) to the largest credit (first by name)",
        ),
    ],
)
def test_settlement_payment_order(balances: dict[str, int], order: list[tuple[str, str, int]]) -> None:
    assert payment_order(balances) == order
    assert payment_order(dict(reversed(balances.items()))) == order
    data = settle_json(balances, Decimal("0.10"))
    assert [(p["from"], p["to"], p["chips"]) for p in data["payments"]] == order


def test_settlement_is_exact_at_ten_players_with_a_balance() -> None:
    assert len(TEN_EXACT) == 10 and all(TEN_EXACT.values())
    assert len(settle(TEN_EXACT)) == fewest_payments(TEN_EXACT) == 7
