"""The evening settlement as the players read it (docs/rules.md §5): each payment in words and in money, the
refusals of balances and chip values, and a plan for a table too large to search (docs/mutation.md)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from referee.rules.settlement import (
    Payment,
    SettlementError,
    cents,
    evening_balances,
    fewest_payments,
    format_cents,
    settle,
    settle_json,
)

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
    ("amount", "written"), [(320, "3.20"), (7, "0.07"), (0, "0.00"), (-5, "-0.05"), (-1234, "-12.34")]
)
def test_cents_are_written_as_money(amount: int, written: str) -> None:
    """Cents are written with two decimals, a minus before a loss."""
    assert format_cents(amount) == written


def test_a_chips_value_is_whole_cents() -> None:
    """A chip's value in cents: zero and 1.50 are good; below zero, a fraction of a cent or no number are refused."""
    assert (cents(Decimal("0")), cents(Decimal("1.5"))) == (0, 150)
    for value in ("-0.01", "0.001", "NaN", "Infinity"):
        with pytest.raises(SettlementError) as refused:
            cents(Decimal(value))
        assert str(refused.value) == f"a chip's value is zero or more in whole cents, like 0.20, not {value}"
    with pytest.raises(SettlementError):
        settle_json({"Ana": -3, "Ben": 3}, Decimal("-1"))


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
    plan = settle({"ana": -2, "Ben": 2, "Céline": -4, "driss": 4, "Eve": -6, "Fay": 6})
    assert [str(p) for p in plan] == ["ana pays Ben 2 chips", "Céline pays driss 4 chips", "Eve pays Fay 6 chips"]


def test_a_table_too_large_to_search_is_settled_greedily() -> None:
    """Twelve players with a balance: equal and opposite pairs first, then the largest debt to the largest credit."""
    assert sum(TWELVE.values()) == 0
    assert [str(p) for p in settle(TWELVE)] == [
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
    plan = settle({"Loser": -11} | winners)
    assert [str(p) for p in plan] == [f"Loser pays {name} 1 chip" for name in winners]
