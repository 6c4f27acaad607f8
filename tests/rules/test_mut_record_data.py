"""What a record is read from, at its bounds: JSON that is broken, nests too deeply, holds a number too large or text
that is not Unicode, each refused with its reason; and the times a record writes (docs/mutation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.record_data import RecordError, check_data, iso_time, load_json
from referee.rules.words import speaking

DEEP = "the record nests too deeply: a record has at most 20 levels"
LARGE = "a number is too large: a record's numbers are at most 1,000,000"


def nested(levels: int, *, key: str = "") -> Any:
    """A number inside lists (or one-key objects), `levels` deep counting the number itself."""
    value: Any = 0
    for _ in range(levels - 1):
        value = {key: value} if key else [value]
    return value


def refusal(data: Any) -> str:
    with pytest.raises(RecordError) as refused:
        check_data(data)
    return str(refused.value)


def test_broken_json_is_refused_with_the_line() -> None:
    """Broken JSON is refused with what is wrong and on which line, naming the file or what was read."""
    with pytest.raises(RecordError) as refused:
        load_json('{\n"a": 1,\n}')
    assert (
        str(refused.value) == "the file is not valid JSON: Expecting property name enclosed in double quotes at line 3"
    )
    with pytest.raises(RecordError) as refused:
        load_json("[1,\n\n  x]", "evening")
    assert str(refused.value) == "the evening is not valid JSON: Expecting value at line 3"


def test_nan_is_no_json_number() -> None:
    """NaN and Infinity are refused: JSON has no such numbers."""
    with pytest.raises(RecordError) as refused:
        load_json('{"a": [1, Infinity]}')
    assert str(refused.value) == "the file is not valid JSON: Infinity is not a number JSON allows"


def test_json_too_deep_to_read_and_a_number_too_long_to_read() -> None:
    """JSON nested past what can be read, and a number of thousands of digits, are refused with their reasons."""
    with pytest.raises(RecordError) as refused:
        load_json("[" * 100_000)
    assert str(refused.value) == DEEP
    with pytest.raises(RecordError) as refused:
        load_json("9" * 5000)
    assert str(refused.value) == LARGE


def test_good_json_is_read_and_checked() -> None:
    """Good JSON is given back as data, and checked like any record."""
    assert load_json('{"players": ["Ana", "Ben"], "n": 1000000}') == {"players": ["Ana", "Ben"], "n": 1_000_000}
    with pytest.raises(RecordError, match=r"^a number is too large"):
        load_json('{"n": 1000001}')


@pytest.mark.parametrize("key", ["", "k"])
def test_twenty_levels_are_read_and_twenty_one_refused(key: str) -> None:
    """A record nests at most 20 levels, in lists or in objects; a key sits at its object's level."""
    check_data(nested(20, key=key))
    assert refusal(nested(21, key=key)) == DEEP


def test_a_record_nesting_too_deeply_deep_inside_is_refused() -> None:
    """The depth counts from the top whatever sits beside the deep branch."""
    assert refusal({"a": 1, "b": [1, "x", nested(19)], "c": [2]}) == DEEP
    check_data({"a": 1, "b": [1, "x", nested(18)], "c": [2]})


@pytest.mark.parametrize("number", [1_000_001, -1_000_001])
def test_a_number_past_a_million_is_refused(number: int) -> None:
    """A number past a million either way is more than any record holds."""
    assert refusal({"scores": [number]}) == LARGE


def test_numbers_up_to_a_million_and_flags_are_read() -> None:
    """A million either way, true and false pass."""
    check_data({"scores": [1_000_000, -1_000_000], "over": True, "played": False, "none": None})


@pytest.mark.parametrize("data", [["Ana", "\ud800"], {"\udfff": 1}, {"players": {"Ana": "B\ud800"}}])
def test_text_that_is_not_unicode_is_refused(data: Any) -> None:
    """A lone surrogate in a value or a key cannot be stored nor shown: the text is quoted in the refusal."""
    assert refusal(data).endswith(" holds a character that is not Unicode (a lone surrogate)")
    assert refusal(data).startswith("the text '")


def test_a_lone_surrogate_is_quoted() -> None:
    """The refusal quotes the text as a player can read it."""
    assert refusal(["\ud800"]) == "the text '\\ud800' holds a character that is not Unicode (a lone surrogate)"


def test_a_time_is_iso_text() -> None:
    """A time is kept as the ISO text it was written in; anything else is refused with the caller's reason."""
    assert iso_time("2026-11-25T20:30:00", "bad") == "2026-11-25T20:30:00"
    for value in ("25/11/2026", "", 20261125, None):
        with pytest.raises(RecordError) as refused:
            iso_time(value, "the evening's start is not a time")
        assert str(refused.value) == "the evening's start is not a time"


def test_a_broken_file_is_said_in_french() -> None:
    """A broken file's refusal is the file's own sentence, which a translation words on its own ("le fichier")."""
    french = {
        "the file is not valid JSON: {error} at line {line}": "le fichier n’est pas du JSON : {error}, ligne {line}"
    }
    with pytest.raises(RecordError) as refused:
        load_json("[1,\n\n  x]")
    with speaking(lambda m: french.get(m, m), lambda s, p, n: s):
        assert str(refused.value.args[0]) == "le fichier n’est pas du JSON : Expecting value, ligne 3"
