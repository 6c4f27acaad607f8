"""What a house rule takes, said to a player who typed a wrong value (docs/rules.md §3, Setting an option), and a
refused value quoted back, cut short when it is long; a value as a record gives it or as a player types it, kept,
read or refused; an option's words in the language spoken."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.options import OPTIONS, OptionError, Value, quoted, show_value
from referee.rules.words import speaking


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("ace_wraps", "true or false"),
        ("max_jokers_per_meld", "a whole number from 1 to 100000 or none"),
        ("packs", "a whole number from 1 to 8 or auto"),
        ("table_rearrange", "no, keep_three or manipulation"),
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


# --- a value kept, read as typed or refused word for word; an option's words in the language spoken -------------------


FRENCH = {
    "Points needed to open": "Points pour la première pose",
    "most cards in a run": "nombre maximum de cartes dans une suite",
    "000: 3 to 8 cards; others: up to 13": "000 : de 3 à 8 cartes ; les autres : jusqu’à 13",
}


def refusal(option: str, value: Value) -> str:
    with pytest.raises(OptionError) as refused:
        OPTIONS[option].check(value)
    return str(refused.value)


@pytest.mark.parametrize(
    ("option", "value"),
    [
        pytest.param("hand_size", 1, id="the least"),
        pytest.param("hand_size", 21, id="the most"),
        pytest.param("ace_wraps", True, id="yes"),
        pytest.param("ace_wraps", False, id="no"),
        pytest.param("target", None, id="none where it means no target"),
        pytest.param("packs", "auto", id="a word the option takes"),
    ],
)
def test_a_value_a_record_gives_is_kept(option: str, value: Value) -> None:
    """A value within the option's bounds, of its kind, is kept as it is."""
    assert OPTIONS[option].check(value) == value
    assert type(OPTIONS[option].check(value)) is type(value)


def test_a_number_given_as_text_is_read() -> None:
    """A number written as text in a record is read as the number."""
    assert OPTIONS["run_max"].check(" 13 ") == 13


@pytest.mark.parametrize(
    ("option", "value", "refused"),
    [
        pytest.param("hand_size", 0, "hand_size takes a whole number from 1 to 21, not 0", id="below the least"),
        pytest.param("hand_size", 22, "hand_size takes a whole number from 1 to 21, not 22", id="above the most"),
        pytest.param("run_max", True, "run_max takes a whole number from 3 to 100000, not True", id="a flag"),
        pytest.param("run_max", None, "run_max takes a whole number from 3 to 100000, not None", id="none"),
        pytest.param("ace_wraps", 3, "ace_wraps takes true or false, not 3", id="a number for a yes/no"),
        pytest.param("ace_wraps", None, "ace_wraps takes true or false, not None", id="none for a yes/no"),
        pytest.param(
            "table_rearrange", None, "table_rearrange takes no, keep_three or manipulation, not None", id="none"
        ),
        pytest.param(
            "ace_wraps", "maybe", "ace_wraps takes true or false (yes or no), not 'maybe'", id="a word for a yes/no"
        ),
    ],
)
def test_a_value_of_the_wrong_kind_or_out_of_bounds_is_refused(option: str, value: Value, refused: str) -> None:
    """A value out of bounds or of another kind is refused, quoting it and saying what the option takes."""
    assert refusal(option, value) == refused


def test_an_options_words_are_said_in_the_language_spoken() -> None:
    """An option's label, meaning and source are English by default and French inside a French page."""
    run_max = OPTIONS["run_max"]
    assert (run_max.meaning_said(), run_max.source_said()) == (run_max.meaning, run_max.source)
    with speaking(lambda m: FRENCH.get(m, m), lambda s, p, n: s if n < 2 else p):
        assert str(OPTIONS["opening_threshold"].label_said()) == "Points pour la première pose"
        assert str(run_max.meaning_said()) == "nombre maximum de cartes dans une suite"
        assert str(run_max.source_said()) == "000 : de 3 à 8 cartes ; les autres : jusqu’à 13"


def test_an_option_without_a_label_is_named() -> None:
    """An option without a label of its own is shown by its name."""
    assert OPTIONS["opening_threshold"].label_said() == "Points needed to open"
    assert replace(OPTIONS["opening_threshold"], label="").label_said() == "opening_threshold"


@pytest.mark.parametrize(
    ("value", "shown"), [(None, "none"), (True, "yes"), (False, "no"), (40, "40"), (0, "0"), ("auto", "auto")]
)
def test_a_value_is_shown_as_a_player_types_it(value: Value, shown: str) -> None:
    """Values are written as typed after `--set`: yes, no, none, a number, a word."""
    assert show_value(value) == shown


@pytest.mark.parametrize(
    ("option", "typed", "value"),
    [
        pytest.param("ace_wraps", "true", True, id="true"),
        pytest.param("ace_wraps", " YES ", True, id="yes, in capitals"),
        pytest.param("ace_wraps", "false", False, id="false"),
        pytest.param("ace_wraps", "No", False, id="no"),
        pytest.param("target", "None", None, id="none where it means no target"),
        pytest.param("hand_size", "1", 1, id="the least"),
        pytest.param("hand_size", "21", 21, id="the most"),
        pytest.param("hand_size", "021", 21, id="a leading zero"),
        pytest.param("table_rearrange", "Keep_Three", "keep_three", id="a choice"),
    ],
)
def test_a_typed_value_is_read(option: str, typed: str, value: Value) -> None:
    """A value typed after `--set` is read whatever its case and spaces."""
    assert OPTIONS[option].parse(typed) == value


@pytest.mark.parametrize(
    ("option", "typed", "refused"),
    [
        pytest.param("hand_size", "0", "hand_size takes a whole number from 1 to 21, not 0", id="below the least"),
        pytest.param("hand_size", "22", "hand_size takes a whole number from 1 to 21, not 22", id="above the most"),
        pytest.param("hand_size", "0021", "hand_size takes a whole number from 1 to 21, not '0021'", id="too long"),
        pytest.param("hand_size", "none", "hand_size takes a whole number from 1 to 21, not 'none'", id="none"),
        pytest.param("ace_wraps", "none", "ace_wraps takes true or false (yes or no), not 'none'", id="none, yes/no"),
        pytest.param(
            "table_rearrange", "sideways", "table_rearrange takes no, keep_three or manipulation, not 'sideways'",
            id="a word it does not take",
        ),
    ],
)  # fmt: skip
def test_a_typed_value_it_does_not_take_is_refused(option: str, typed: str, refused: str) -> None:
    """A typed value out of bounds, too long, or a word the option does not take is refused, quoted."""
    with pytest.raises(OptionError) as caught:
        OPTIONS[option].parse(typed)
    assert str(caught.value) == refused
