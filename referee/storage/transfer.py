"""Export and import: an evening or a game as the records of FORMATS.md, and back."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping
from typing import Any

from sqlite_utils import Database

from referee.rules.record import (
    EVENING_FORMAT,
    GAME_FORMAT,
    EveningRecord,
    RecordError,
    check_data,
    check_lengths,
    evening_of,
    read_evening,
    read_game,
)
from referee.rules.words import say
from referee.storage.db import writing
from referee.storage.evenings import Evening, evening_by_key, now
from referee.storage.games import StoredGame, current_events, games_of, record_of


def game_json(db: Database, game: StoredGame) -> dict[str, Any]:
    """A stored game as its game record."""
    return record_of(game, current_events(db, game.id)).as_json()


def evening_json(db: Database, evening: Evening) -> dict[str, Any]:
    """A stored evening as its evening record, with its title, players and rules as extra keys."""
    return {
        "format": EVENING_FORMAT,
        "title": evening.title,
        "players": list(evening.players),
        "preset": evening.preset,
        "options": evening.options,
        "chip_value": f"{evening.chip_value:.2f}",
        "currency": evening.currency,
        "games": [game_json(db, game) for game in games_of(db, evening.id)],
    }


def import_record(db: Database, data: Any) -> Evening:
    """A new evening made from a game or evening record, every game replayed first; nothing is made if one fails.

    The record is checked whole before anything is written: its data (`check_data`), its evening's and its games'
    rules and players, the lengths of its names and texts, and every event.
    """
    check_data(data)
    if isinstance(data, Mapping) and data.get("format") == EVENING_FORMAT:
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
    return _store(db, evening)


def _store(db: Database, evening: EveningRecord) -> Evening:
    games, players = evening.games, list(evening.players)
    chip_value, currency, title = f"{evening.chip_value:.2f}", evening.currency, evening.title
    preset, options = evening.preset, dict(evening.options)
    scorer = secrets.token_urlsafe(18)
    at = now()
    with writing(db):
        evening_id = (
            db.table("evenings")
            .insert(
                {
                    "scorer_key": scorer,
                    "viewer_key": secrets.token_urlsafe(18),
                    "title": title,
                    "players": json.dumps(players, ensure_ascii=False),
                    "preset": preset,
                    "options": json.dumps(options, ensure_ascii=False),
                    "chip_value": chip_value,
                    "currency": currency,
                    "created_at": at,
                }
            )
            .last_pk
        )
        for name in players:
            db.execute("INSERT OR IGNORE INTO people (name, created_at) VALUES (?, ?)", [name, at])
        for number, game in enumerate(games, start=1):
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
                        "teams": None if game.teams is None else json.dumps(game.teams.as_json(), ensure_ascii=False),
                    }
                )
                .last_pk
            )
            for slot, event in enumerate(game.events, start=1):
                row = {"game_id": game_id, "slot": slot, "revision": 0, "created_at": at}
                db.table("event_revisions").insert({**row, "event": json.dumps(event.as_json(), ensure_ascii=False)})
            db.execute(
                "UPDATE games SET version = (SELECT COALESCE(MAX(id), 0) FROM event_revisions WHERE game_id = ?) "
                "WHERE id = ?",
                [game_id, game_id],
            )
    found = evening_by_key(db, scorer)
    assert found is not None  # noqa: S101 — narrows the type: the evening was stored just above
    return found[0]
