"""Money at the settle-up (docs/rules.md §5, The evening's settle-up): a chip's value in whole cents, and cents
written back as money."""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.rules.settlement import SettlementError, cents, format_cents, settle_json


@pytest.mark.parametrize(("value", "in_cents"), [("0.2", 20), ("0", 0), ("1.05", 105)])
def test_a_chips_value_in_cents(value: str, in_cents: int) -> None:
    assert cents(Decimal(value)) == in_cents


@pytest.mark.parametrize("value", ["-0.01", "0.005", "Infinity", "NaN"])
def test_a_chip_is_worth_zero_or_more_whole_cents(value: str) -> None:
    with pytest.raises(SettlementError) as refused:
        cents(Decimal(value))
    assert str(refused.value) == f"a chip's value is zero or more in whole cents, like 0.20, not {value}"


@pytest.mark.parametrize(
    ("amount", "money"),
    [(320, "3.20"), (7, "0.07"), (0, "0.00"), (-5, "-0.05"), (-320, "-3.20"), (-1234, "-12.34")],
)
def test_format_cents(amount: int, money: str) -> None:
    assert format_cents(amount) == money


def test_a_chips_value_is_whole_cents() -> None:
    """A chip's value in cents: zero and 1.50 are good; below zero, a fraction of a cent or no number are refused."""
    assert (cents(Decimal("0")), cents(Decimal("1.5"))) == (0, 150)
    for value in ("-0.01", "0.001", "NaN", "Infinity"):
        with pytest.raises(SettlementError) as refused:
            cents(Decimal(value))
        assert str(refused.value) == f"a chip's value is zero or more in whole cents, like 0.20, not {value}"
    with pytest.raises(SettlementError):
        settle_json({"Ana": -3, "Ben": 3}, Decimal("-1"))
