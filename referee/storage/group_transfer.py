"""Export and import a whole group (`referee.group/1`): its id, title and start, and every evening as `/2`."""

from __future__ import annotations

import secrets
import uuid
from typing import Any, cast

from sqlite_utils import Database

from referee.rules.group_record import GROUP_FORMAT, GroupRecord
from referee.storage.db import inside, rows
from referee.storage.evenings import Evening, evenings_of, now
from referee.storage.groups import Group, group_by_key
from referee.storage.transfer import evening_json, evening_row, fill_evening


def group_uid(db: Database, group: Group) -> str:
    """The group's own id, the one its exports carry."""
    return str(db.execute("SELECT uid FROM groups WHERE id = ?", [group.id]).fetchone()[0])


def group_evenings(db: Database, group: Group) -> list[Evening]:
    """The group's evenings oldest first, as its export lists them (by start, then as stored)."""
    return list(reversed(evenings_of(db, group.id)))


def group_json(db: Database, group: Group) -> dict[str, Any]:
    """A stored group as its `referee.group/1` record: its id, title, start, and every evening oldest first."""
    evenings = group_evenings(db, group)
    return {
        "format": GROUP_FORMAT,
        "id": group_uid(db, group),
        "title": group.title,
        "started": group.created_at,
        "evenings": [evening_json(db, evening) for evening in evenings],
        "evenings_started": [evening.created_at for evening in evenings],
    }


def same_group(db: Database, record: GroupRecord) -> Group | None:
    """The group stored here that `record` is a copy of (the same group id), if any."""
    found = rows(db, "SELECT scorer_key FROM groups WHERE uid = ?", [record.id])
    return _by_key(db, found[0]["scorer_key"]) if found else None


def group_imported_by(db: Database, submission: str | None) -> Group | None:
    """The group the import form with this one-time key made, if it was sent before."""
    if not submission:
        return None
    found = rows(
        db,
        "SELECT g.scorer_key FROM group_imports AS i JOIN groups AS g ON g.id = i.group_id WHERE i.submission = ?",
        [submission],
    )
    return _by_key(db, found[0]["scorer_key"]) if found else None


def store_group(db: Database, record: GroupRecord, submission: str | None = None) -> Group:
    """A new group made from a record `read_group` gave, with new links and every evening; all or nothing.

    The group and each evening keep the record's id unless one here has it already: the copy then gets an id of
    its own (docs/rules.md). Each evening keeps its start time and is made as its own import makes it. The same
    form (`submission`) sent twice makes one group. Inside the caller's transaction (`inside`), which the one-time
    key's check shares with the writes.
    """
    inside(db)
    made = group_imported_by(db, submission)
    if made is not None:
        return made
    scorer = secrets.token_urlsafe(18)
    at = now()
    row = {
        "scorer_key": scorer,
        "viewer_key": secrets.token_urlsafe(18),
        "title": record.title,
        "created_at": record.started,
        "uid": _free(db, "groups", record.id),
    }
    group_id = cast(int, db.table("groups").insert(row).last_pk)
    for evening, started in zip(record.evenings, record.evenings_started, strict=True):
        evening_id = (
            db.table("evenings")
            .insert(
                {
                    **evening_row(evening),
                    "scorer_key": secrets.token_urlsafe(18),
                    "viewer_key": secrets.token_urlsafe(18),
                    "display_key": secrets.token_urlsafe(18),
                    "created_at": started,
                    "group_id": group_id,
                    "uid": _free(db, "evenings", evening.id),
                }
            )
            .last_pk
        )
        fill_evening(db, cast(int, evening_id), evening, at, None)
    if submission:
        db.table("group_imports").insert({"submission": submission, "group_id": group_id, "created_at": at})
    return _by_key(db, scorer)


def stored_group_size(db: Database, group: Group) -> tuple[int, int]:
    """How many evenings a stored group holds, and how many games in all."""
    evenings, games = db.execute(
        "SELECT COUNT(DISTINCT e.id), COUNT(g.id) FROM evenings AS e LEFT JOIN games AS g ON g.evening_id = e.id "
        "WHERE e.group_id = ?",
        [group.id],
    ).fetchone()
    return int(evenings), int(games)


def _free(db: Database, table: str, uid: str | None) -> str:
    """`uid` when no row of `table` has it yet, else a new one: a copy kept beside the first is another one."""
    if uid is None or db.execute(f"SELECT 1 FROM {table} WHERE uid = ?", [uid]).fetchone():  # noqa: S608
        return uuid.uuid4().hex
    return uid


def _by_key(db: Database, key: object) -> Group:
    found = group_by_key(db, str(key))
    assert found is not None  # noqa: S101 — narrows the type: the key was read from the database just above
    return found[0]
