"""House rules as typed after `--set` (docs/rules.md §3, Setting an option), and values said in a player's words even
where the words have no entry of their own; presets as a player meets them: a summary in the language spoken, house
rules over a preset's defaults, and an unknown preset or option refused."""

from __future__ import annotations

import re

import pytest

from referee.rules.option_words import choice_said, preset_said
from referee.rules.options import OPTIONS, OptionError
from referee.rules.presets import PRESETS, get_preset, parse_setting, resolve_options
from referee.rules.words import speaking


@pytest.mark.parametrize(
    ("typed", "setting"),
    [
        pytest.param(" run_max = 9 ", ("run_max", "9"), id="spaces around"),
        pytest.param("note=a=b", ("note", "a=b"), id="the first = splits"),
        pytest.param("run_max=13", ("run_max", "13"), id="a plain setting"),
        pytest.param("  ace_wraps =  no ", ("ace_wraps", "no"), id="spaces around the name and the value go"),
        pytest.param("target=a=b", ("target", "a=b"), id="the first = splits a known option's value"),
    ],
)
def test_a_setting_is_split_at_its_first_equals_sign(typed: str, setting: tuple[str, str]) -> None:
    """`--set NAME=VALUE` gives the name and the value, split at the first `=`, without their spaces."""
    assert parse_setting(typed) == setting


@pytest.mark.parametrize(
    "typed",
    [
        pytest.param("run_max", id="no equals sign"),
        pytest.param("=3", id="no name (=3)"),
        pytest.param("=13", id="no name (=13)"),
        pytest.param(" =13", id="a blank name"),
        pytest.param("run_max=", id="no value"),
        pytest.param("run_max= ", id="a blank value"),
        pytest.param("=", id="neither"),
    ],
)
def test_a_setting_needs_a_name_and_a_value(typed: str) -> None:
    """A setting missing its name, its value or its `=` is refused with the setting quoted and an example."""
    with pytest.raises(OptionError) as refused:
        parse_setting(typed)
    assert str(refused.value) == f"{typed!r}: write a setting as NAME=VALUE, like opening_threshold=51"


def test_a_preset_lists_its_own_options_in_the_options_order() -> None:
    """Each option a preset lists is a house rule it takes, and every other option is refused as not one of its
    own (a Kaiser option at a Kaluki table, a meld option at a Kaiser one), in the order of the options table."""
    table = list(OPTIONS)
    for name, preset in PRESETS.items():
        listed = preset.option_names()
        assert listed and list(listed) == sorted(listed, key=table.index), name
        for option in OPTIONS:
            if option in listed:
                assert resolve_options(preset, {option: preset.defaults[option]}) == preset.defaults, (name, option)
            else:
                with pytest.raises(OptionError, match=re.escape(f"{option} is not an option of {name}")):
                    resolve_options(preset, {option: None})


def test_a_value_or_preset_without_words_of_its_own_is_said_as_it_is() -> None:
    assert (choice_said("meld_values", "house"), choice_said("house_rule", "no")) == ("house", "no")
    assert (preset_said("club-night"), preset_said("kaluki")) == ("club-night", "Kaluki")


# --- presets as a player meets them: a summary in the language spoken, unknown presets and options refused ------------


FRENCH = {
    "Four players in two teams, bids 5-12, 5♥ +5, 3♠ −3, a made bid scores bid + points, game to 52": (
        "Quatre joueurs en deux équipes, enchères de 5 à 12"
    ),
}


def test_a_summary_is_said_in_the_language_spoken() -> None:
    """A preset's summary is English by default and French inside a French page."""
    kaiser = get_preset("kaiser")
    assert kaiser.summary_said() == kaiser.summary
    with speaking(lambda m: FRENCH.get(m, m), lambda s, p, n: s if n < 2 else p):
        assert str(kaiser.summary_said()) == "Quatre joueurs en deux équipes, enchères de 5 à 12"


def test_an_unknown_preset_lists_every_preset() -> None:
    """An unknown preset is refused with its name quoted and every preset to choose from, in order."""
    with pytest.raises(OptionError) as refused:
        get_preset("canasta")
    assert str(refused.value) == f"unknown preset 'canasta': choose one of {', '.join(PRESETS)}"


def test_house_rules_override_the_presets_defaults() -> None:
    """Each override replaces the preset's default, checked; the other defaults stay."""
    values = resolve_options(PRESETS["kaluki"], {"run_max": "13", "ace_wraps": False})
    assert values["run_max"] == 13
    assert values["ace_wraps"] is False
    assert values["opening_threshold"] == 40
    assert values == {**PRESETS["kaluki"].defaults, "run_max": 13, "ace_wraps": False}


def test_an_unknown_option_is_refused_by_name_with_the_preset_s_own_options_named() -> None:
    """An option no game has is refused with its name quoted, and the options its game has named (#43)."""
    with pytest.raises(OptionError) as refused:
        resolve_options(PRESETS["kaluki"], {"run_maxi": 13})
    own = ", ".join(PRESETS["kaluki"].option_names())
    assert str(refused.value) == f"unknown option 'run_maxi': the options of kaluki are {own}"
    assert "run_max, " in own and "min_bid" not in own


def test_an_option_of_another_game_is_refused() -> None:
    """An option of Kaiser set on a Kaluki table is refused, naming the option and the preset."""
    with pytest.raises(OptionError) as refused:
        resolve_options(PRESETS["kaluki"], {"min_bid": 6})
    assert str(refused.value).startswith("min_bid is not an option of kaluki: its options are packs, jokers, ")


def test_a_presets_options_follow_the_options_table() -> None:
    """Every preset lists exactly the options it gives a default, each once, in the order of the options table."""
    table = list(OPTIONS)
    for name, preset in PRESETS.items():
        listed = get_preset(name).option_names()
        assert sorted(listed) == sorted(preset.defaults), name
        assert [table.index(option) for option in listed] == sorted(table.index(option) for option in listed), name
