"""Each player's own link to an evening, and the hands players send through it for a game's next round."""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from referee.storage.db import inside, rows
from referee.storage.evenings import now


@dataclass(frozen=True)
class HandLink:
    """A player's own link to an evening: its key, the evening and the player."""

    key: str
    evening_id: int
    player: str


@dataclass(frozen=True)
class SentHand:
    """A hand a player sent for a game's round (`number`): what they sent, as their family writes it, and when."""

    player: str
    number: int
    hand: Mapping[str, object]
    sent_at: str


def links_of(db: Database, evening_id: int) -> dict[str, HandLink]:
    """The evening's players' own links that exist, by player."""
    found = rows(db, "SELECT key, evening_id, player FROM hand_links WHERE evening_id = ?", [evening_id])
    return {
        str(row["player"]): HandLink(str(row["key"]), int(str(row["evening_id"])), str(row["player"])) for row in found
    }


def make_links(db: Database, evening_id: int, players: Sequence[str]) -> None:
    """Give each of `players` who has none their own link to the evening, in the caller's write transaction."""
    inside(db)
    at = now()
    for player in players:
        db.execute(
            "INSERT OR IGNORE INTO hand_links (key, evening_id, player, created_at) VALUES (?, ?, ?, ?)",
            [secrets.token_urlsafe(18), evening_id, player, at],
        )


def link_by_key(db: Database, key: str) -> HandLink | None:
    """The player's own link with this key, if it is one."""
    found = rows(db, "SELECT key, evening_id, player FROM hand_links WHERE key = ? LIMIT 1", [key])
    if not found:
        return None
    row = found[0]
    return HandLink(str(row["key"]), int(str(row["evening_id"])), str(row["player"]))


def send_hand(db: Database, game_id: int, number: int, player: str, hand: Mapping[str, object]) -> str:
    """Keep `player`'s hand for the game's round `number`, over the one they sent before (the latest counts), in the
    caller's write transaction; when it was kept."""
    inside(db)
    at = now()
    db.execute(
        "INSERT INTO sent_hands (game_id, number, player, hand, sent_at) VALUES (?, ?, ?, ?, ?) "
        "ON CONFLICT (game_id, number, player) DO UPDATE SET hand = excluded.hand, sent_at = excluded.sent_at",
        [game_id, number, player, json.dumps(dict(hand), ensure_ascii=False), at],
    )
    return at


def hands_sent(db: Database, game_id: int, number: int) -> dict[str, SentHand]:
    """The hands sent for the game's round `number`, by player, in the order they were first sent."""
    found = rows(
        db,
        "SELECT player, number, hand, sent_at FROM sent_hands WHERE game_id = ? AND number = ? ORDER BY rowid",
        [game_id, number],
    )
    return {
        str(row["player"]): SentHand(str(row["player"]), number, json.loads(str(row["hand"])), str(row["sent_at"]))
        for row in found
    }
