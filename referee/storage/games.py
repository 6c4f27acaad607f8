"""Games and their events. An event is never overwritten: a correction or a deletion is a new revision.

Every write here is a few statements run in the caller's write transaction (the services own the unit of work):
nothing here begins or commits one, or calls back into the caller.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, cast

from sqlite_utils import Database

from referee.rules.game_record import GameRecord, read_game
from referee.rules.options import Value
from referee.storage.db import inside, rows
from referee.storage.evenings import Evening, evening_of_row, made_by, mark_made_by, now


@dataclass(frozen=True)
class StoredGame:
    """A game as stored: its place in the evening, its rules, its players (clockwise) and who dealt first, and its
    seats as its record writes them (`seating`: `{"players": […]}`, or Kaiser's `{"teams": {…}}`)."""

    id: int
    evening_id: int
    number: int
    preset: str
    options: dict[str, Any]
    players: tuple[str, ...]
    first_dealer: int
    created_at: str
    seating: dict[str, Any]


@dataclass(frozen=True)
class StoredEvent:
    """The current version of one event: its slot in the game, its revision and its game-record JSON."""

    slot: int
    revision: int
    data: dict[str, Any]


@dataclass(frozen=True)
class Change:
    """One correction in the change log: which event, when, and its JSON before and after."""

    slot: int
    revision: int
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    at: str


def _game(row: dict[str, Any]) -> StoredGame:
    return StoredGame(
        id=row["id"],
        evening_id=row["evening_id"],
        number=row["number"],
        preset=row["preset"],
        options=json.loads(row["options"]),
        players=tuple(json.loads(row["players"])),
        first_dealer=row["first_dealer"],
        created_at=row["created_at"],
        seating=json.loads(row["seating"]),
    )


def seats_of(preset: str, options: Mapping[str, Value], seating: Mapping[str, object]) -> tuple[str, ...]:
    """The seats, clockwise, of the game these rules and `seating` (the record's seat keys, as its family reads them:
    `players`, or Kaiser's `teams`) make, checked by reading it as a game record first (RecordError when they make
    none)."""
    return read_game({"preset": preset, "options": options, **seating, "events": []}).players


def create_game(
    db: Database,
    evening_id: int,
    preset: str,
    options: Mapping[str, Value],
    seats: Sequence[str],
    first_dealer: int,
    seating: Mapping[str, object],
    rematch_of: int | None = None,
    submission: str | None = None,
) -> int:
    """Store a new game of the evening, in the caller's write transaction: `seats` as `seats_of` read them from
    `seating`, and `first_dealer` a place in them; its id (`game_by_id` reads it).

    A rematch names the game it follows (`rematch_of`): asked twice, the game made the first time is the answer; so is
    the game this very form (`submission`) made before.
    """
    inside(db)
    made = made_by(db, "game", submission)
    if made is not None:  # this very form started its game before (a double tap, a resend)
        return made
    if rematch_of is not None:
        found = db.execute("SELECT id FROM games WHERE rematch_of = ?", [rematch_of]).fetchone()
        if found:
            return int(found[0])
    number = db.execute("SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE evening_id = ?", [evening_id])
    row = {
        "evening_id": evening_id,
        "number": number.fetchone()[0],
        "preset": preset,
        "options": json.dumps(dict(options), ensure_ascii=False),
        "players": json.dumps(list(seats), ensure_ascii=False),
        "first_dealer": first_dealer,
        "created_at": now(),
        "seating": json.dumps(dict(seating), ensure_ascii=False),
        "rematch_of": rematch_of,
    }
    game_id = cast(int, db.table("games").insert(row).last_pk)
    mark_made_by(db, "game", submission, game_id, str(row["created_at"]))
    return game_id


def game_by_id(db: Database, game_id: int) -> StoredGame:
    """The game with this id (NotFoundError for none)."""
    return _game(db.table("games").get(game_id))


def games_of(db: Database, evening_id: int) -> list[StoredGame]:
    """The evening's games, in the order they were started."""
    return [_game(row) for row in db.table("games").rows_where("evening_id = ?", [evening_id], order_by="number")]


def game_of(db: Database, evening_id: int, number: int) -> StoredGame | None:
    """Game `number` of the evening, if there is one."""
    if not 0 < number < 2**63:  # a URL's number past SQLite's integers is no game (sqlite3 would overflow)
        return None
    found = rows(db, "SELECT * FROM games WHERE evening_id = ? AND number = ? LIMIT 1", [evening_id, number])
    return _game(found[0]) if found else None


_GAME_COLUMNS = (
    "id",
    "evening_id",
    "number",
    "preset",
    "options",
    "players",
    "first_dealer",
    "created_at",
    "seating",
    "version",
)
_EVENING_COLUMNS = (
    "id", "scorer_key", "viewer_key", "title", "players", "preset", "options", "chip_value", "currency", "created_at",
    "group_id", "display_key",
)  # fmt: skip
# Game `number` of the evening whose scorer, viewer, table's screen or player's link is `key`: a player's own link
# and the table's screen open the evening as the viewer's does (the parameters: key, key, key, key, number).
_LINKED = (
    " FROM evenings AS e JOIN games AS g ON g.evening_id = e.id"
    " WHERE (e.scorer_key = ? OR e.viewer_key = ? OR e.display_key = ?"
    " OR e.id = (SELECT evening_id FROM hand_links WHERE key = ?)) AND g.number = ? LIMIT 1"
)
_BEHIND = (  # the column names are the constants above, never input
    "SELECT "
    + ", ".join(f"g.{name} AS g_{name}" for name in _GAME_COLUMNS)
    + ", "
    + ", ".join(f"e.{name} AS e_{name}" for name in _EVENING_COLUMNS)
    + _LINKED
)


@dataclass(frozen=True)
class GameBehind:
    """What a game's link opens, read in one statement: the evening, whether the link is the scorer's, the game and
    its version."""

    evening: Evening
    scorer: bool
    game: StoredGame
    version: int


def game_behind(db: Database, key: str, number: int) -> GameBehind | None:
    """Game `number` of the evening whose scorer, viewer or player's link has `key`, with its version; None for none."""
    if not 0 < number < 2**63:  # a URL's number past SQLite's integers is no game (sqlite3 would overflow)
        return None
    found = rows(db, _BEHIND, [key, key, key, key, number])
    if not found:
        return None
    row = found[0]
    game = _game({name: row[f"g_{name}"] for name in _GAME_COLUMNS})
    evening = evening_of_row({name: row[f"e_{name}"] for name in _EVENING_COLUMNS})
    return GameBehind(evening, evening.scorer_key == key, game, int(row["g_version"]))  # type: ignore[call-overload]


class Polled(NamedTuple):
    """What a polling phone's link reads of its game, in one statement: the version to compare, and what tells this
    game's live sheet from any other's at the same version (the game itself, kept under its creation, since an evening
    replaced by an import has new games; and the evening's seats, which the sheet shows)."""

    version: int
    game_id: int
    created_at: str
    players: str  # the evening's players as stored (JSON)


_POLLED = "SELECT g.version, g.id, g.created_at, e.players" + _LINKED


def version_behind(db: Database, key: str, number: int) -> Polled | None:
    """The version of game `number` of the evening whose scorer or viewer link has `key`, with what tells its sheet
    from another's; None for no such game."""
    if not 0 < number < 2**63:
        return None
    row = db.execute(_POLLED, [key, key, key, key, number]).fetchone()
    return None if row is None else Polled(int(row[0]), int(row[1]), str(row[2]), str(row[3]))


_CURRENT = """
    SELECT slot, revision, event FROM event_revisions AS r
    WHERE game_id = ? AND revision = (
        SELECT MAX(revision) FROM event_revisions WHERE game_id = r.game_id AND slot = r.slot
    )
    ORDER BY slot
"""


def current_events(db: Database, game_id: int) -> list[StoredEvent]:
    """The game's events as they stand now (the latest revision of each, deleted ones left out)."""
    return [
        StoredEvent(row["slot"], row["revision"], json.loads(row["event"]))
        for row in db.query(_CURRENT, [game_id])
        if row["event"] is not None
    ]


def last_written(db: Database, game_id: int) -> str | None:
    """When the game's latest entry (or correction) was written, as stored; None for a game with none."""
    row = db.execute("SELECT MAX(created_at) FROM event_revisions WHERE game_id = ?", [game_id]).fetchone()
    return None if row is None or row[0] is None else str(row[0])


def game_version(db: Database, game_id: int) -> int:
    """A number that changes whenever one of the game's events is added, corrected or deleted."""
    row = db.execute("SELECT version FROM games WHERE id = ?", [game_id]).fetchone()
    return int(row[0]) if row else 0


def record_of(game: StoredGame, events: Sequence[StoredEvent] = ()) -> GameRecord:
    """The game record of a stored game and its events (with none: its rules, its players and who deals first)."""
    return read_game(
        {
            "preset": game.preset,
            "options": game.options,
            **game.seating,
            "first_dealer": game.players[game.first_dealer],
            "events": [event.data for event in events],
        }
    )


class VersionChanged(Exception):
    """The game changed between reading it and writing to it: read it again, then decide again."""


@dataclass(frozen=True)
class Written:
    """What a write did: the event's slot and revision, the game's new version, and whether it was a resend.

    A resend (`repeated`) is a form whose one-time key was already claimed: nothing new was written.
    """

    slot: int
    revision: int
    version: int
    repeated: bool = False


def by_submission(db: Database, submission: str | None) -> Written | None:
    """What the form with this one-time key wrote (or matched, when it claimed another phone's entry), if it came
    before."""
    if not submission:
        return None
    row = db.execute(
        "SELECT r.slot, r.revision, g.version FROM event_revisions AS r JOIN games AS g ON g.id = r.game_id "
        "WHERE r.submission = ? "
        "UNION ALL SELECT k.slot, 0, g.version FROM kept_once AS k JOIN games AS g ON g.id = k.game_id "
        "WHERE k.submission = ?",
        [submission, submission],
    ).fetchone()
    return None if row is None else Written(int(row[0]), int(row[1]), int(row[2]), repeated=True)


def claim_submission(db: Database, game_id: int, slot: int, submission: str) -> None:
    """Claim the one-time key `submission`, in the caller's write transaction, for a form answered "already on the
    sheet" (its entry, at `slot`, was another phone's): a resend is answered the same."""
    inside(db)
    db.execute(
        "INSERT OR IGNORE INTO kept_once (submission, game_id, slot, created_at) VALUES (?, ?, ?, ?)",
        [submission, game_id, slot, now()],
    )


def append_event(
    db: Database, game_id: int, version: int, event: dict[str, Any], submission: str | None = None
) -> Written:
    """Append `event`, checked by the caller against the game at `version`, in the caller's write transaction;
    VersionChanged if the game moved on since. A form sent before (its one-time key `submission`) writes nothing:
    what it wrote then, `repeated`.

    A few statements, and no replay: the caller holds the write lock only for these and what it adds to them.
    """
    inside(db)
    resent = by_submission(db, submission)
    if resent is not None:
        return resent
    slot = _confirm(db, game_id, version)
    return Written(slot, 0, _insert(db, game_id, slot, 0, event, submission))


def revise_event(
    db: Database,
    game_id: int,
    version: int,
    slot: int,
    revision: int,
    event: dict[str, Any] | None,
    submission: str | None = None,
) -> Written:
    """Store revision `revision` of the event at `slot` (None deletes it), in the caller's write transaction;
    VersionChanged if the game moved on since `version`. A form sent before writes nothing, as `append_event`."""
    inside(db)
    resent = by_submission(db, submission)
    if resent is not None:
        return resent
    _confirm(db, game_id, version)
    return Written(slot, revision, _insert(db, game_id, slot, revision, event, submission))


def slots_of(db: Database, game_id: int) -> list[int]:
    """Every slot the game ever had, deleted ones included."""
    return [int(row[0]) for row in db.execute("SELECT DISTINCT slot FROM event_revisions WHERE game_id = ?", [game_id])]


def added_since(db: Database, game_id: int, version: int) -> set[int]:
    """The slots of the events first added after `version`."""
    rows = db.execute(
        "SELECT slot FROM event_revisions WHERE game_id = ? AND id > ? AND revision = 0", [game_id, version]
    )
    return {int(row[0]) for row in rows}


_CONFIRM = (
    "SELECT version, (SELECT COALESCE(MAX(slot), 0) + 1 FROM event_revisions WHERE game_id = games.id) "
    "FROM games WHERE id = ?"
)


def _confirm(db: Database, game_id: int, version: int) -> int:
    """The slot a new event would take, once the game is confirmed still at `version` (VersionChanged if not)."""
    found = db.execute(_CONFIRM, [game_id]).fetchone()
    if found is None or int(found[0]) != version:
        raise VersionChanged(game_id)
    return int(found[1])


_INSERT = (
    "INSERT INTO event_revisions (game_id, slot, revision, event, submission, created_at) VALUES (?, ?, ?, ?, ?, ?)"
)


def _insert(
    db: Database, game_id: int, slot: int, revision: int, event: dict[str, Any] | None, submission: str | None
) -> int:
    data = None if event is None else json.dumps(event, ensure_ascii=False)
    inserted = db.execute(_INSERT, [game_id, slot, revision, data, submission or None, now()])
    revision_id = cast(int, inserted.lastrowid)
    db.execute("UPDATE games SET version = ? WHERE id = ?", [revision_id, game_id])
    return revision_id


def change_log(db: Database, game_id: int) -> list[Change]:
    """Every correction and deletion of the game's events, newest first, with the JSON before and after."""
    corrected = "slot IN (SELECT slot FROM event_revisions WHERE game_id = ? AND revision > 0)"
    where = f"game_id = ? AND {corrected}"  # only the entries ever corrected: a long game's log stays cheap
    rows = list(db.table("event_revisions").rows_where(where, [game_id, game_id], order_by="slot, revision"))
    previous: dict[int, dict[str, Any] | None] = {}
    changes = []
    for row in rows:
        data = None if row["event"] is None else json.loads(row["event"])
        if row["revision"] > 0:
            changes.append(Change(row["slot"], row["revision"], previous.get(row["slot"]), data, row["created_at"]))
        previous[row["slot"]] = data
    return sorted(changes, key=lambda c: (c.at, c.slot, c.revision), reverse=True)
