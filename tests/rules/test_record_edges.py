"""Records at their edges (docs/formats.md): broken JSON said with where it breaks, data no record can be, a Kaiser
record's teams, and a record's events numbered from 1 in every refusal."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import EventError
from referee.rules.game_record import read_game
from referee.rules.kaiser_events import KaiserTeams
from referee.rules.record_data import RecordError, load_json

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
