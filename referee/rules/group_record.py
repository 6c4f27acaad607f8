"""The group record (`referee.group/1`): a group's id, title and start, and its evenings as `referee.evening/2`."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from referee.rules.evening_record import (
    EVENING_FORMAT_2,
    EVENING_ID,
    LONGEST_TITLE,
    EveningRecord,
    check_lengths,
    read_evening,
)
from referee.rules.record_data import RecordError, iso_time
from referee.rules.words import say

GROUP_FORMAT = "referee.group/1"


@dataclass(frozen=True)
class GroupRecord:
    """A group: its own id, its title, when it began, and its evenings oldest first with when each was started."""

    id: str
    title: str
    started: str
    evenings: tuple[EveningRecord, ...]
    evenings_started: tuple[str, ...]  # one per evening, in the same order, never decreasing


def read_group(data: Any) -> GroupRecord:
    """A group record from its JSON data, every evening checked as its own import checks it; RecordError says why.

    >>> read_group({"format": "referee.group/1", "id": "g1", "title": "", "started": "2026-11-20T20:00:00+00:00",
    ...             "evenings": [], "evenings_started": []}).id
    'g1'
    """
    if not isinstance(data, Mapping) or data.get("format") != GROUP_FORMAT:
        raise RecordError(say('a group record is an object with "format": "{format}"', format=GROUP_FORMAT))
    uid = data.get("id")
    if not isinstance(uid, str) or not EVENING_ID.fullmatch(uid):
        raise RecordError(say('"id" is the group\'s id: 1 to 64 letters, digits or dashes'))
    title = data.get("title")
    if not isinstance(title, str) or len(title) > LONGEST_TITLE:
        raise RecordError(say('"title" is the group\'s name, a text of at most {most} characters', most=LONGEST_TITLE))
    started = _time(data.get("started"), say("the group"))
    evenings, times = data.get("evenings"), data.get("evenings_started")
    if not isinstance(evenings, list) or not isinstance(times, list) or len(evenings) != len(times):
        raise RecordError(say('"evenings" is a list of evening records and "evenings_started" a time for each'))
    records: list[EveningRecord] = []
    for number, (evening, time) in enumerate(zip(evenings, times, strict=True), start=1):
        where = say("evening {number}", number=number)
        records.append(_evening(evening, where))
        _time(time, where)
        if number > 1 and time < times[number - 2]:
            raise RecordError(say("{where}: the evenings are listed oldest first", where=where))
        if any(record.id == records[-1].id for record in records[:-1]):
            raise RecordError(say("{where}: its id is another evening's of the group", where=where))
    return GroupRecord(uid, title, started, tuple(records), tuple(times))


def _evening(data: Any, where: str) -> EveningRecord:
    """One evening of the group: a `referee.evening/2` record, checked whole (rules, lengths, every event)."""
    if not isinstance(data, Mapping) or data.get("format") != EVENING_FORMAT_2:
        raise RecordError(say("{where}: a group's evening is a {format} record", where=where, format=EVENING_FORMAT_2))
    try:
        evening = read_evening(data)
        check_lengths(evening)
        for number, game in enumerate(evening.games, start=1):
            try:
                game.standings()
            except ValueError as error:
                raise RecordError(say("game {number}: {reason}", number=number, reason=error)) from None
    except RecordError as error:
        raise RecordError(say("{where}: {reason}", where=where, reason=error)) from None
    return evening


def _time(value: Any, where: str) -> str:
    """A start time, as the app writes it."""
    refusal = say('{where}: its start is a time in ISO 8601, like "2026-11-20T21:05:00+00:00"', where=where)
    return iso_time(value, refusal)


def group_size(record: GroupRecord) -> tuple[int, int]:
    """How many evenings a group record holds, and how many games in all."""
    return len(record.evenings), sum(len(evening.games) for evening in record.evenings)
