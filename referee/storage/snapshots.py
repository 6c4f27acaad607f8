"""A game's snapshot: its replay at one version, stored as bytes the app wrote, so that opening it is a read.

A snapshot is never the truth, the event revisions are: a snapshot says which version of the game it is (the id of
the game's latest revision then) and which format wrote it, and a reader uses it only at that version, catching up
with the revisions written since. A game has one snapshot, its latest; the bytes are opaque here
(`referee.services.snapshots` makes and reads them). A snapshot is saved in the caller's write transaction: storage
never makes one, and never asks the caller for one.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from referee.storage.db import inside


@dataclass(frozen=True)
class Snapshot:
    """A game's replay at `version`, as bytes in the format `format` names."""

    version: int
    format: str
    state: bytes


@dataclass(frozen=True)
class Revision:
    """One event revision as a replay catches up with it: its id (a version), slot, revision, JSON (None: deleted)."""

    id: int
    slot: int
    revision: int
    data: dict[str, Any] | None


@dataclass(frozen=True)
class VersionAndSnapshot:
    """A game's version now, and its snapshot (None when it has none, or when its row holds no snapshot: `refused`)."""

    version: int
    snapshot: Snapshot | None
    refused: bool = False  # the game's snapshot row holds a value of the wrong type: it is no snapshot


_VERSION_AND_SNAPSHOT = (
    "SELECT g.version, s.game_id, s.version, s.format, s.state FROM games AS g "
    "LEFT JOIN snapshots AS s ON s.game_id = g.id WHERE g.id = ?"
)


def version_and_snapshot(db: Database, game_id: int) -> VersionAndSnapshot:
    """The game's version and its snapshot, read together in one statement (so never a snapshot newer than the
    version read); version 0 and no snapshot for no such game. A row is data, never trusted: one whose values are not
    a version, a format and bytes is `refused`."""
    row = db.execute(_VERSION_AND_SNAPSHOT, [game_id]).fetchone()
    if row is None:
        return VersionAndSnapshot(0, None)
    version, stored, snapshot_version, format_, state = row
    if stored is None:
        return VersionAndSnapshot(int(version), None)
    snapshot = snapshot_of_row(snapshot_version, format_, state)
    return VersionAndSnapshot(int(version), snapshot, refused=snapshot is None)


def snapshot_of_row(version: object, format_: object, state: object) -> Snapshot | None:
    """A snapshot row's values as a snapshot, when they are one: a whole number, a text and bytes; else None.

    >>> snapshot_of_row(3, "2/x", b"...").version, snapshot_of_row("3", "2/x", b"..."), snapshot_of_row(3, 2, b"")
    (3, None, None)
    """
    if type(version) is not int or not isinstance(format_, str) or not isinstance(state, bytes):
        return None
    return Snapshot(version, format_, state)


_BETWEEN = "SELECT id, slot, revision, event FROM event_revisions WHERE game_id = ? AND id > ? AND id <= ? ORDER BY id"


def revisions_between(db: Database, game_id: int, after: int, upto: int) -> list[Revision]:
    """The game's revisions written after version `after`, up to version `upto` (both the ids of revisions), in order.

    Every revision of the game up to its version `upto` was committed before that version was, so this one
    statement reads exactly the revisions between the two versions, whatever is written meanwhile.
    """
    return [
        Revision(int(id_), int(slot), int(revision), None if event is None else json.loads(event))
        for id_, slot, revision, event in db.execute(_BETWEEN, [game_id, after, upto])
    ]


# A row that is no snapshot (a value of the wrong type) or names a version the game never had is replaced whatever it
# says; a snapshot is otherwise replaced by a later one, or by one of another format or other bytes.
_SAVE = (
    "INSERT INTO snapshots (game_id, version, format, state) VALUES (?, ?, ?, ?) "
    "ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, format = excluded.format, state = excluded.state "
    "WHERE typeof(snapshots.version) != 'integer' OR typeof(snapshots.format) != 'text' "
    "OR typeof(snapshots.state) != 'blob' "
    "OR snapshots.version > (SELECT version FROM games WHERE id = excluded.game_id) "
    "OR excluded.version > snapshots.version OR excluded.format != snapshots.format "
    "OR (excluded.version = snapshots.version AND excluded.state != snapshots.state)"
)


def save_snapshot(db: Database, game_id: int, snapshot: Snapshot) -> None:
    """Write `snapshot` as the game's, in the caller's write transaction, unless the game has a later one of the same
    format (one of the same version and format is replaced: it was refused, since this one was made rather than
    read; a row that is no snapshot, or past the game's version, is replaced always)."""
    inside(db)
    db.execute(_SAVE, [game_id, snapshot.version, snapshot.format, snapshot.state])
