"""Records at their edges (docs/formats.md): broken JSON said with where it breaks, data no record can be (too
deep, a number too large, text that is not Unicode), the times a record writes, a Kaiser record's teams, and a
record's events numbered from 1 in every refusal."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import EntryError, EventError, UnreadableEvent
from referee.rules.game_record import read_game
from referee.rules.kaiser_events import KaiserTeams
from referee.rules.record_data import RecordError, check_data, iso_time, load_json
from referee.rules.words import speaking

TEAMS = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}


@pytest.mark.parametrize(
    ("text", "what", "reason"),
    [
        pytest.param('{"a": 1', "file", "the file is not valid JSON: Expecting ',' delimiter at line 1", id="a file"),
        pytest.param(
            '{"a":\n1', "game record", "the game record is not valid JSON: Expecting ',' delimiter at line 2",
            id="named, with its line",
        ),
        pytest.param("[1, NaN]", "file", "the file is not valid JSON: NaN is not a number JSON allows", id="NaN"),
        pytest.param(
            "[1, -Infinity]", "file", "the file is not valid JSON: -Infinity is not a number JSON allows", id="-inf"
        ),
        pytest.param(
            "[" * 100_000, "file", "the record nests too deeply: a record has at most 20 levels",
            id="deeper than Python reads",
        ),
        pytest.param(
            "1" * 5000, "file", "a number is too large: a record's numbers are at most 1,000,000",
            id="more digits than Python reads",
        ),
    ],
)  # fmt: skip
def test_broken_json(text: str, what: str, reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        load_json(text, what)
    assert str(refused.value) == reason


def test_a_file_is_the_default_name() -> None:
    with pytest.raises(RecordError, match=r"^the file is not valid JSON: "):
        load_json("{")


def kaiser(**record: Any) -> dict[str, Any]:
    return {"format": "referee.game/1", "preset": "kaiser", "events": []} | record


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        pytest.param(
            kaiser(players=["Ana", "Ben"]), 'a Kaiser record names its two teams in "teams", not "players"',
            id="players instead of teams",
        ),
        pytest.param(
            kaiser(teams={"NS": ["Ana"]}),
            'Kaiser is played by two teams of two, like {"NS": ["Ana", "Céline"], "EW": [...]}', id="one team",
        ),
    ],
)  # fmt: skip
def test_a_kaiser_record_names_two_teams_of_two(record: dict[str, Any], reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        read_game(record)
    assert str(refused.value) == reason


def test_a_kaiser_event_is_numbered_from_one() -> None:
    record = kaiser(teams=TEAMS, events=[{"type": "passed", "dealer": "Ana"}, {"type": "passed", "dealer": "Ana"}])
    with pytest.raises(EventError) as refused:
        read_game(record).standings()
    assert str(refused.value) == (
        "event 2: Ben deals now, not Ana: the deal passes to the left (Ana, Ben, Céline, Driss)"
    )
    assert refused.value.position == 2


def test_a_kaiser_event_that_does_not_read_is_numbered_from_one() -> None:
    with pytest.raises(RecordError, match=r"^event 1: "):
        read_game(kaiser(teams=TEAMS, events=[{"type": "passed"}]))


def test_the_teams_are_written_back_in_the_records_order() -> None:
    assert KaiserTeams.from_json({"EW": ["Ben", "Driss"], "NS": ["Ana", "Céline"]}).as_json() == {
        "EW": ["Ben", "Driss"],
        "NS": ["Ana", "Céline"],
    }


# --- what a record is read from, at its bounds: depth, numbers, text that is not Unicode, and times -------------------


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


# --- an entry's refusal: its position and its reason, said together ---------------------------------------------------


@pytest.mark.parametrize("kind", [EntryError, EventError, UnreadableEvent])
def test_an_entry_error_names_its_position_and_reason(kind: type[EntryError]) -> None:
    """The message is `event N: reason`, and both parts stay readable on their own."""
    error = kind(3, "Ben is still in the game")
    assert str(error) == "event 3: Ben is still in the game"
    assert error.position == 3 and error.reason == "Ben is still in the game"
    assert isinstance(error, ValueError)
