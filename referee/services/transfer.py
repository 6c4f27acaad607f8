"""Export and import: an evening, a game or a group as its record, and a record back as a new evening or group.

An import whose evening (or group) is here already is not made at once: the caller asks whether to keep both or to
replace the evening here (`Choice`), then calls `choose`. A form sent twice (its one-time key) makes one import.
The record is read and checked (its games replayed) before the write; the write is one unit of work
(`services.database.unit_of_work`) that checks the one-time key again and stores the whole evening or group.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass

from sqlite_utils import Database

from referee.rules.evening_record import EveningRecord
from referee.rules.group_record import GROUP_FORMAT, GroupRecord, group_size, read_group
from referee.rules.record_data import RecordError, load_json
from referee.services.database import unit_of_work
from referee.services.games import Book, open_book
from referee.storage.evenings import Evening
from referee.storage.games import game_of
from referee.storage.group_transfer import group_imported_by, group_json, same_group, store_group, stored_group_size
from referee.storage.groups import Group
from referee.storage.transfer import (
    evening_json,
    game_json,
    imported_by,
    read_record,
    record_size,
    replace_with,
    same_evening,
    size_of,
    store_record,
)

__all__ = [
    "Choice", "Forged", "Imported", "choose", "evening_export", "game_book", "game_export", "group_export",
    "import_text",
]  # fmt: skip


def evening_export(db: Database, evening: Evening) -> Mapping[str, object]:
    """The whole evening as one evening record."""
    return evening_json(db, evening)


def group_export(db: Database, group: Group) -> Mapping[str, object]:
    """The whole group, every evening of it with its games and logs, as one group record."""
    return group_json(db, group)


def game_export(db: Database, evening: Evening, number: int) -> Mapping[str, object] | None:
    """Game `number` of the evening as its game record; None for no such game."""
    game = game_of(db, evening.id, number)
    return None if game is None else game_json(db, game)


def game_book(db: Database, evening: Evening, number: int) -> Book | None:
    """Game `number` of the evening as it stands, for its score sheet; None for no such game."""
    game = game_of(db, evening.id, number)
    return None if game is None else open_book(db, game)


@dataclass(frozen=True)
class Imported:
    """What an import made, or what the same form made when it was sent before: an evening, or a group."""

    evening: Evening | None = None
    group: Group | None = None


@dataclass(frozen=True)
class Choice:
    """The record's evening (or group) is here already: both side by side, for the choice to keep both or replace."""

    data: object  # the record as JSON data, carried to the second step
    here: Evening | Group
    here_size: tuple[int, int]  # an evening's games and entries; a group's evenings and games
    file_size: tuple[int, int]
    wrong_link: bool = False  # replacing was asked with a link that is not the scorer's of the evening here

    @property
    def group(self) -> bool:
        """Whether the choice is about a group (which is only ever kept both)."""
        return isinstance(self.here, Group)


class Forged(ValueError):
    """A second step its first step did not make: a record that does not read, or a group to replace."""


def _done(db: Database, submission: str | None) -> Imported | None:
    """What the form with this one-time key imported already, if it was sent before."""
    evening = imported_by(db, submission)
    if evening is not None:
        return Imported(evening=evening)
    group = group_imported_by(db, submission)
    return None if group is None else Imported(group=group)


def _new_evening(db: Database, record: EveningRecord, submission: str | None) -> Imported:
    """The record stored as a new evening, in one unit of work (the evening this form made, if it made one)."""
    with unit_of_work(db):
        return Imported(evening=store_record(db, record, submission))


def _new_group(db: Database, record: GroupRecord, submission: str | None) -> Imported:
    """The record stored as a new group, in one unit of work (the group this form made, if it made one)."""
    with unit_of_work(db):
        return Imported(group=store_group(db, record, submission))


def _is_group(data: object) -> bool:
    return isinstance(data, dict) and data.get("format") == GROUP_FORMAT


def import_text(db: Database, text: str, submission: str | None) -> Imported | Choice:
    """Import a record's text as a new evening (or group), checked whole; RecordError says what is wrong.

    A record of an evening or group that is here already makes nothing yet: the Choice to make.
    """
    done = _done(db, submission)
    if done is not None:  # a resend of a form that imported already
        return done
    data = load_json(text)
    if _is_group(data):
        group_record = read_group(data)
        here_group = same_group(db, group_record)
        if here_group is not None:
            return Choice(data, here_group, stored_group_size(db, here_group), group_size(group_record))
        return _new_group(db, group_record, submission)
    record = read_record(data)
    here = same_evening(db, record)
    if here is not None:
        return Choice(data, here, size_of(db, here), record_size(record))
    return _new_evening(db, record, submission)


def choose(db: Database, text: str, submission: str | None, *, keep: bool, scorer_key: str) -> Imported | Choice:
    """The second step: keep both (the record becomes a new evening or group), or replace the evening here.

    Replacing needs the scorer's key of the evening here: another key makes nothing, and the Choice is asked again
    (`wrong_link`). Forged for a record that does not read, or a group to replace.
    """
    done = _done(db, submission)
    if done is not None:  # a resend, or the other choice of a form that imported already
        return done
    try:
        data = load_json(text)
        if _is_group(data):  # a group here already is only kept both: a new group beside it
            if not keep:
                raise Forged("a group is only kept both")
            return _new_group(db, read_group(data), submission)
        record = read_record(data)
    except RecordError as error:
        raise Forged(str(error)) from None  # the first step read this record: this form was not made by its page
    here = same_evening(db, record)
    if here is None or keep:
        return _new_evening(db, record, submission)
    if not secrets.compare_digest(scorer_key.encode(), here.scorer_key.encode()):
        return Choice(data, here, size_of(db, here), record_size(record), wrong_link=True)
    with unit_of_work(db):
        return Imported(evening=replace_with(db, here, record, submission))
