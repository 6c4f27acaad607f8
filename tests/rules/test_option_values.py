"""What a house rule takes, said to a player who typed a wrong value (docs/rules.md §3, Setting an option), and a
refused value quoted back, cut short when it is long."""

from __future__ import annotations

import pytest

from referee.rules.options import OPTIONS, quoted


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("ace_wraps", "true or false"),
        ("max_jokers_per_meld", "a whole number from 1 to 100000 or none"),
        ("packs", "a whole number from 1 to 8 or auto"),
        ("table_rearrange", "no or keep_three or manipulation"),
        ("opening_threshold", "a whole number from 0 to 100000"),
        ("joker_meld_value", "a whole number from 0 to 100000 or represented"),
    ],
)
def test_the_values_an_option_takes(option: str, said: str) -> None:
    assert OPTIONS[option].describe_values() == said


@pytest.mark.parametrize(
    ("value", "said"),
    [
        pytest.param("x" * 24, "'" + "x" * 24 + "'", id="24 characters: whole"),
        pytest.param("x" * 25, "'" + "x" * 24 + "…' (25 characters)", id="25 characters: cut, with the count"),
        pytest.param(10**24 - 1, "9" * 24, id="24 digits: whole"),
        pytest.param(10**24, "a number of more than 24 digits", id="25 digits: not written out"),
        pytest.param(-(10**24), "a number of more than 24 digits", id="nor below zero"),
        pytest.param([1] * 16, repr([1] * 16), id="anything else up to 48 characters: whole"),
        pytest.param([1] * 17, repr([1] * 17)[:48] + "…", id="past 48 characters: cut"),
    ],
)
def test_quoted(value: object, said: str) -> None:
    assert quoted(value) == said
