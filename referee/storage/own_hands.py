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
    """A hand a player sent for a game's round (`number`): what they sent, as their family writes it, when, and in
    which order the server received it among every hand sent (`received`: a later send has a larger one)."""

    player: str
    number: int
    hand: Mapping[str, object]
    sent_at: str
    received: int = 0


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
        "INSERT INTO sent_hands (game_id, number, player, hand, sent_at, received) "
        "VALUES (?, ?, ?, ?, ?, (SELECT COALESCE(MAX(received), 0) + 1 FROM sent_hands)) "
        "ON CONFLICT (game_id, number, player) DO UPDATE SET hand = excluded.hand, sent_at = excluded.sent_at, "
        "received = excluded.received",
        [game_id, number, player, json.dumps(dict(hand), ensure_ascii=False), at],
    )
    return at


def hands_sent(db: Database, game_id: int, number: int) -> dict[str, SentHand]:
    """The hands sent for the game's round `number`, by player, in the order the server received their latest."""
    found = rows(
        db,
        "SELECT player, number, hand, sent_at, received FROM sent_hands WHERE game_id = ? AND number = ? "
        "ORDER BY received",
        [game_id, number],
    )
    return {
        str(row["player"]): SentHand(
            str(row["player"]), number, json.loads(str(row["hand"])), str(row["sent_at"]), int(str(row["received"]))
        )
        for row in found
    }


# What a player's own screen depends on, read in one statement from the link: the evening's games (how many, and the
# latest version of any: a version is the id of a revision, which only grows) and the hands sent for them (how many,
# and the latest received).
_SEAT = (
    "SELECT (SELECT COUNT(*) || '.' || COALESCE(MAX(version), 0) FROM games WHERE evening_id = h.evening_id), "
    "(SELECT COUNT(*) || '.' || COALESCE(MAX(s.received), 0) FROM sent_hands AS s JOIN games AS g ON g.id = s.game_id "
    "WHERE g.evening_id = h.evening_id) FROM hand_links AS h WHERE h.key = ?"
)


def seat_version(db: Database, key: str) -> str | None:
    """What a player's own screen shows, as one word that changes whenever it does (a game started, an entry written or
    corrected, a hand sent); None when `key` is no player's link."""
    row = db.execute(_SEAT, [key]).fetchone()
    return None if row is None else f"{row[0]}.{row[1]}"
