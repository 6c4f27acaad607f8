"""Export and import: an evening or a game as the records of docs/formats.md (and `referee.evening/2`), and back."""

from __future__ import annotations

import json
import secrets
import uuid
from collections.abc import Mapping, Sequence
from typing import Any, cast

from sqlite_utils import Database

from referee.rules.evening_logs import Correction
from referee.rules.evening_record import (
    EVENING_FORMAT_2,
    EVENING_FORMATS,
    EveningRecord,
    check_lengths,
    evening_of,
    read_evening,
)
from referee.rules.game_record import GAME_FORMAT, GameRecord, read_game
from referee.rules.record_data import RecordError, check_data
from referee.rules.words import say
from referee.storage.db import inside, rows
from referee.storage.evenings import Evening, evening_by_key, now
from referee.storage.games import StoredGame, change_log, current_events, games_of, record_of


def game_json(db: Database, game: StoredGame) -> dict[str, Any]:
    """A stored game as its game record."""
    return record_of(game, current_events(db, game.id)).as_json()


def evening_id(db: Database, evening: Evening) -> str:
    """The evening's own id, the one its exports carry."""
    row = db.execute("SELECT uid FROM evenings WHERE id = ?", [evening.id]).fetchone()
    return str(row[0])


def evening_json(db: Database, evening: Evening) -> dict[str, Any]:
    """A stored evening as its `referee.evening/2` record: its id, title, players, rules, games and logs."""
    games = games_of(db, evening.id)
    changes = [
        Correction(number, change.slot, change.revision, change.before, change.after, change.at).as_json()
        for number, game in enumerate(games, start=1)
        for change in sorted(change_log(db, game.id), key=lambda change: (change.slot, change.revision))
    ]
    rulings = rows(db, "SELECT kind, rules, question, answer, created_at AS at FROM rulings WHERE evening_id = ? "
                   "ORDER BY id", [evening.id])  # fmt: skip
    payments = rows(db, 'SELECT payer AS "from", payee AS "to", chips, created_at AS at FROM payments '
                    "WHERE evening_id = ? ORDER BY id", [evening.id])  # fmt: skip
    return {
        "format": EVENING_FORMAT_2,
        "id": evening_id(db, evening),
        "title": evening.title,
        "players": list(evening.players),
        "preset": evening.preset,
        "options": evening.options,
        "chip_value": f"{evening.chip_value:.2f}",
        "currency": evening.currency,
        "games": [game_json(db, game) for game in games],
        "changes": changes,
        "rulings": [dict(row) for row in rulings],
        "payments": [dict(row) for row in payments],
    }


def read_record(data: Any) -> EveningRecord:
    """A game or evening record as the evening an import makes, checked whole; RecordError says what is wrong.

    Checked: its data (`check_data`), its evening's and its games' rules and players, the lengths of its names
    and texts, every event (each game is replayed), and the logs of a `/2` record against its games.
    """
    check_data(data)
    if isinstance(data, Mapping) and data.get("format") in EVENING_FORMATS:
        evening = read_evening(data)
    elif isinstance(data, Mapping) and data.get("format", GAME_FORMAT) == GAME_FORMAT:
        evening = evening_of(read_game(data))
    else:
        raise RecordError(say("this file is neither a game record nor an evening record"))
    check_lengths(evening)
    for number, game in enumerate(evening.games, start=1):
        try:
            game.standings()
        except ValueError as error:
            raise RecordError(say("game {number}: {reason}", number=number, reason=error)) from None
    return evening


def same_evening(db: Database, record: EveningRecord) -> Evening | None:
    """The evening stored here that `record` is a copy of, if any.

    A `/2` record is the evening with the same id. A record without an id (`/1`, a game record) is an evening
    with the same title, players, rules, chip value and games, event for event (docs/rules.md).
    """
    if record.id is not None:
        found = rows(db, "SELECT scorer_key FROM evenings WHERE uid = ?", [record.id])
        return _by_key(db, found[0]["scorer_key"]) if found else None
    players = json.dumps(list(record.players), ensure_ascii=False)
    candidates = rows(db, "SELECT scorer_key FROM evenings WHERE title = ? AND players = ? ORDER BY id",
                      [record.title, players])  # fmt: skip
    wanted = _content(record)
    for row in candidates:
        evening = _by_key(db, row["scorer_key"])
        if _stored_content(db, evening) == wanted:
            return evening
    return None


def _content(record: EveningRecord) -> dict[str, Any]:
    return {
        "preset": record.preset,
        "options": dict(record.options),
        "chip_value": f"{record.chip_value:.2f}",
        "currency": record.currency,
        "games": [game.as_json() for game in record.games],
    }


def _stored_content(db: Database, evening: Evening) -> dict[str, Any]:
    data = evening_json(db, evening)
    return {key: data[key] for key in ("preset", "options", "chip_value", "currency", "games")}


def imported_by(db: Database, submission: str | None) -> Evening | None:
    """The evening the import form with this one-time key made or replaced, if it was sent before."""
    if not submission:
        return None
    found = rows(
        db,
        "SELECT e.scorer_key FROM imports AS i JOIN evenings AS e ON e.id = i.evening_id WHERE i.submission = ?",
        [submission],
    )
    return _by_key(db, found[0]["scorer_key"]) if found else None


def import_record(db: Database, data: Any, submission: str | None = None) -> Evening:
    """A new evening made from a game or evening record (`read_record`); nothing is made if any part fails.

    It keeps the record's id unless an evening here has it already (the two are then kept both: the new one
    gets an id of its own). The same form (`submission`) sent twice makes one evening. Inside the caller's
    transaction (`inside`); the record is read and checked first, in it.
    """
    inside(db)
    return store_record(db, read_record(data), submission)


def store_record(db: Database, record: EveningRecord, submission: str | None = None) -> Evening:
    """A new evening made from a record `read_record` gave, as `import_record` makes it; inside the caller's
    transaction (`inside`), which the one-time key's check shares with the writes."""
    inside(db)
    made = imported_by(db, submission)
    if made is not None:
        return made
    scorer = secrets.token_urlsafe(18)
    at = now()
    taken = record.id is None or db.execute("SELECT 1 FROM evenings WHERE uid = ?", [record.id]).fetchone()
    row = {
        **evening_row(record),
        "scorer_key": scorer,
        "viewer_key": secrets.token_urlsafe(18),
        "display_key": secrets.token_urlsafe(18),
        "created_at": at,
        "uid": uuid.uuid4().hex if taken else record.id,
    }
    evening_id = cast(int, db.table("evenings").insert(row).last_pk)
    fill_evening(db, evening_id, record, at, submission)
    return _by_key(db, scorer)


def replace_evening(db: Database, evening: Evening, data: Any, submission: str | None = None) -> Evening:
    """Replace what `evening` holds by a record's: its games, logs and payments (checked first, as `read_record`).

    The evening keeps its place: its links, its group and its creation time stay; what it held is gone. The
    same form (`submission`) sent twice replaces it once. Inside the caller's transaction (`inside`); the record is
    read and checked first, in it.
    """
    inside(db)
    return replace_with(db, evening, read_record(data), submission)


def replace_with(db: Database, evening: Evening, record: EveningRecord, submission: str | None = None) -> Evening:
    """Replace what `evening` holds by a record `read_record` gave, as `replace_evening` does; inside the caller's
    transaction (`inside`), which the one-time key's check shares with the writes."""
    inside(db)
    if imported_by(db, submission) is not None:
        return _by_key(db, evening.scorer_key)
    at = now()
    db.execute("DELETE FROM kept_once WHERE game_id IN (SELECT id FROM games WHERE evening_id = ?)", [evening.id])
    db.execute("DELETE FROM event_revisions WHERE game_id IN (SELECT id FROM games WHERE evening_id = ?)", [evening.id])
    for table in ("games", "rulings", "payments"):
        db.execute(f"DELETE FROM {table} WHERE evening_id = ?", [evening.id])  # noqa: S608 — a known name
    row = evening_row(record) | ({"uid": record.id} if record.id is not None else {})
    db.table("evenings").update(evening.id, row)
    fill_evening(db, evening.id, record, at, submission)
    return _by_key(db, evening.scorer_key)


def _by_key(db: Database, key: object) -> Evening:
    found = evening_by_key(db, str(key))
    assert found is not None  # noqa: S101 — narrows the type: the key was read from the database just above
    return found[0]


def evening_row(record: EveningRecord) -> dict[str, Any]:
    """The evening's own columns (title, players, rules, chip value, currency) as a record gives them."""
    return {
        "title": record.title,
        "players": json.dumps(list(record.players), ensure_ascii=False),
        "preset": record.preset,
        "options": json.dumps(dict(record.options), ensure_ascii=False),
        "chip_value": f"{record.chip_value:.2f}",
        "currency": record.currency,
    }


def fill_evening(db: Database, evening_id: int, record: EveningRecord, at: str, submission: str | None) -> None:
    """Store the record's games, their event revisions, its rulings and its payments in the evening, inside the
    caller's transaction (`inside`)."""
    inside(db)
    for name in record.players:
        db.execute("INSERT OR IGNORE INTO people (name, created_at) VALUES (?, ?)", [name, at])
    for number, game in enumerate(record.games, start=1):
        game_id = (
            db.table("games")
            .insert(
                {
                    "evening_id": evening_id,
                    "number": number,
                    "preset": game.preset,
                    "options": json.dumps(dict(game.options), ensure_ascii=False),
                    "players": json.dumps(list(game.players), ensure_ascii=False),
                    "first_dealer": game.players.index(game.dealt_first()),
                    "created_at": at,
                    "seating": json.dumps(game.seating(), ensure_ascii=False),
                }
            )
            .last_pk
        )
        changes = [change for change in record.changes if change.game == number]
        for slot, revision, event, when in _revisions(game, changes, at):
            row = {"game_id": game_id, "slot": slot, "revision": revision, "created_at": when}
            db.table("event_revisions").insert(
                {**row, "event": None if event is None else json.dumps(event, ensure_ascii=False)}
            )
        db.execute(
            "UPDATE games SET version = (SELECT COALESCE(MAX(id), 0) FROM event_revisions WHERE game_id = ?) "
            "WHERE id = ?",
            [game_id, game_id],
        )
    for ruling in record.rulings:
        row = {"evening_id": evening_id, "kind": ruling.kind, "rules": ruling.rules, "question": ruling.question}
        db.table("rulings").insert({**row, "answer": ruling.answer, "created_at": ruling.at})
    for payment in record.payments:
        row = {"evening_id": evening_id, "payer": payment.payer, "payee": payment.payee, "chips": payment.chips}
        db.table("payments").insert({**row, "submission": None, "created_at": payment.at})
    if submission:
        db.table("imports").insert({"submission": submission, "evening_id": evening_id, "created_at": at})


def _revisions(
    game: GameRecord, changes: Sequence[Correction], at: str
) -> list[tuple[int, int, dict[str, Any] | None, str]]:
    """Every revision of every event (slot, revision, JSON, time), rebuilt from the events and their change log.

    A slot whose last correction deleted it holds no event; the events fill the other slots in order. The
    first version of a corrected event is its first correction's `before`; one never corrected was made `at`.
    """
    by_slot: dict[int, list[Correction]] = {}
    for change in sorted(changes, key=lambda change: (change.slot, change.revision)):
        by_slot.setdefault(change.slot, []).append(change)
    deleted = {slot for slot, chain in by_slot.items() if chain[-1].after is None}
    standing = iter(game.events)
    revisions: list[tuple[int, int, dict[str, Any] | None, str]] = []
    for slot in range(1, len(game.events) + len(deleted) + 1):
        current = None if slot in deleted else next(standing).as_json()
        chain = by_slot.get(slot)
        if not chain:
            revisions.append((slot, 0, current, at))
            continue
        first = chain[0].before
        revisions.append((slot, 0, None if first is None else dict(first), at))
        revisions.extend(
            (slot, change.revision, None if change.after is None else dict(change.after), change.at) for change in chain
        )
    return revisions


def record_size(record: EveningRecord) -> tuple[int, int]:
    """How many games a record holds, and how many entries (rounds, hands, buy-backs…) in all."""
    return len(record.games), sum(len(game.events) for game in record.games)


def size_of(db: Database, evening: Evening) -> tuple[int, int]:
    """How many games a stored evening holds, and how many entries in all (deleted ones left out)."""
    games = games_of(db, evening.id)
    return len(games), sum(len(current_events(db, game.id)) for game in games)
