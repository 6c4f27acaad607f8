"""A group record (`referee.group/1`, docs/formats.md): every refusal names the part of the record and why, an
evening by its number and a game of it by its number."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.group_record import read_group
from referee.rules.record_data import RecordError

AT, LATER = "2026-11-20T20:00:00+00:00", "2026-11-21T20:00:00+00:00"


def evening(uid: str, *games: dict[str, Any]) -> dict[str, Any]:
    return {"format": "referee.evening/2", "id": uid, "chip_value": "0.10", "currency": "EUR", "games": list(games),
            "players": ["Ana", "Ben"]}  # fmt: skip


def group(**changed: Any) -> dict[str, Any]:
    record = {"format": "referee.group/1", "id": "g1", "title": "Friday club", "started": AT,
              "evenings": [evening("e1"), evening("e2")], "evenings_started": [AT, LATER]}  # fmt: skip
    return record | changed


def refusal(record: Any) -> str:
    with pytest.raises(RecordError) as refused:
        read_group(record)
    return str(refused.value)


def test_a_group_reads_its_evenings_oldest_first() -> None:
    read = read_group(group())
    assert (read.id, read.title, read.started, read.evenings_started) == ("g1", "Friday club", AT, (AT, LATER))
    assert [e.id for e in read.evenings] == ["e1", "e2"]


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        pytest.param(["a list"], 'a group record is an object with "format": "referee.group/1"', id="not an object"),
        pytest.param(
            group(format="referee.evening/2"), 'a group record is an object with "format": "referee.group/1"',
            id="another format",
        ),
        pytest.param(group(id="g 1"), '"id" is the group\'s id: 1 to 64 letters, digits or dashes', id="bad id"),
        pytest.param(
            group(title="x" * 61), '"title" is the group\'s name, a text of at most 60 characters', id="title too long"
        ),
        pytest.param(
            group(title=None), '"title" is the group\'s name, a text of at most 60 characters', id="no title"
        ),
        pytest.param(
            group(started="Friday"), 'the group: its start is a time in ISO 8601, like "2026-11-20T21:05:00+00:00"',
            id="no start time",
        ),
        pytest.param(
            group(evenings_started=[AT]),
            '"evenings" is a list of evening records and "evenings_started" a time for each', id="a time short",
        ),
        pytest.param(
            group(evenings="e1"), '"evenings" is a list of evening records and "evenings_started" a time for each',
            id="evenings not a list",
        ),
        pytest.param(
            group(evenings_started=[AT, "later"]),
            'evening 2: its start is a time in ISO 8601, like "2026-11-20T21:05:00+00:00"', id="an evening's time",
        ),
        pytest.param(
            group(evenings_started=[LATER, AT]), "evening 2: the evenings are listed oldest first", id="out of order"
        ),
        pytest.param(
            group(evenings=[evening("e1"), evening("e1")]), "evening 2: its id is another evening's of the group",
            id="the same evening twice",
        ),
        pytest.param(
            group(evenings=[evening("e1"), {"format": "referee.evening/1"}]),
            "evening 2: a group's evening is a referee.evening/2 record", id="an evening of the old format",
        ),
    ],
)  # fmt: skip
def test_a_bad_group_record_is_refused(record: Any, reason: str) -> None:
    assert refusal(record) == reason


def test_a_title_of_60_characters_is_read() -> None:
    assert read_group(group(title="x" * 60)).title == "x" * 60


def test_a_game_that_does_not_replay_is_named_in_its_evening() -> None:
    events = [{"type": "round", "winner": "Ana", "hands": {"Ben": 40}}, {"type": "buyback", "player": "Ana"}]
    game = {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": events}
    reason = refusal(group(evenings=[evening("e1"), evening("e2", game)]))
    assert reason == "evening 2: game 1: event 2: Ana is still in the game: only an eliminated player buys back"
