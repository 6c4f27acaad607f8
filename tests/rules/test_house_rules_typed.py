"""House rules as typed after `--set` (docs/rules.md §3, Setting an option), and values said in a player's words even
where the words have no entry of their own."""

from __future__ import annotations

import pytest

from referee.rules.option_words import choice_said, preset_said
from referee.rules.options import OptionError
from referee.rules.presets import get_preset, parse_setting


@pytest.mark.parametrize(
    ("typed", "setting"),
    [(" run_max = 9 ", ("run_max", "9")), ("note=a=b", ("note", "a=b"))],
    ids=["spaces around", "the first = splits"],
)
def test_a_setting_is_split_at_its_first_equals_sign(typed: str, setting: tuple[str, str]) -> None:
    assert parse_setting(typed) == setting


@pytest.mark.parametrize("typed", ["run_max", "=3", "run_max=", "run_max= "])
def test_a_setting_needs_a_name_and_a_value(typed: str) -> None:
    with pytest.raises(OptionError) as refused:
        parse_setting(typed)
    assert str(refused.value) == f"{typed!r}: write a setting as NAME=VALUE, like opening_threshold=51"


def test_a_preset_lists_its_own_options_in_the_options_order() -> None:
    assert get_preset("kaiser").option_names() == ("target", "min_bid", "made_bid", "bid_out", "all_pass")
    assert "min_bid" not in get_preset("kaluki").option_names()
    assert len(get_preset("kaluki").option_names()) == 39


def test_a_value_or_preset_without_words_of_its_own_is_said_as_it_is() -> None:
    assert (choice_said("meld_values", "house"), choice_said("house_rule", "no")) == ("house", "no")
    assert (preset_said("club-night"), preset_said("kaluki")) == ("club-night", "Kaluki")
