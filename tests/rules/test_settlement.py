"""The evening settlement (docs/rules.md §5, docs/formats.md `settle`): balances to the fewest payments, in chips
and money."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from itertools import combinations

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
