"""Evenings and the people who play in them."""

from __future__ import annotations

import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any, cast

from sqlite_utils import Database

from referee.storage.db import inside, rows


@dataclass(frozen=True)
class Evening:
    """A card night: its players, the rules it starts from, the value of a chip, and its links (the scorer's, the
    viewer's, and the table's screen's, `display_key`: None for an evening made before it, until first asked for)."""

    id: int
    scorer_key: str
    viewer_key: str
    title: str
    players: tuple[str, ...]
    preset: str
    options: dict[str, Any]
    chip_value: Decimal
    currency: str
    created_at: str
    group_id: int  # the group it belongs to (see `referee.storage.groups`)
    display_key: str | None = None  # the table's screen's link (#44): read-only, like the viewer's

    def reads_only(self, key: str) -> bool:
        """Whether `key` is one of the evening's links that only read it: the viewer's or the table's screen's (a
        player's own link, neither of these and not the scorer's, also sends that player's hand)."""
        return key in (self.viewer_key, self.display_key)


def now() -> str:
    """The time now, as stored: ISO 8601 in UTC."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def evening_of_row(row: dict[str, Any]) -> Evening:
    """An evening from its stored row."""
    return Evening(
        id=row["id"],
        scorer_key=row["scorer_key"],
        viewer_key=row["viewer_key"],
        title=row["title"] or "",
        players=tuple(json.loads(row["players"])),
        preset=row["preset"],
        options=json.loads(row["options"]),
        chip_value=Decimal(row["chip_value"]),
        currency=row["currency"],
        created_at=row["created_at"],
        group_id=row["group_id"],
        display_key=row.get("display_key"),
    )


def create_evening(
    db: Database,
    *,
    title: str,
    players: Sequence[str],
    preset: str,
    options: dict[str, Any],
    chip_value: Decimal,
    currency: str,
    group_id: int | None = None,
    submission: str | None = None,
) -> Evening:
    """Store a new evening with unguessable scorer and viewer keys, in the group `group_id` (else a new group of
    its own), and remember its players' names; inside the caller's transaction (`inside`).

    The form with the one-time key `submission`, sent again, gets the evening it made the first time."""
    inside(db)
    row = {
        "scorer_key": secrets.token_urlsafe(18),
        "viewer_key": secrets.token_urlsafe(18),
        "display_key": secrets.token_urlsafe(18),
        "title": title,
        "players": json.dumps(list(players), ensure_ascii=False),
        "preset": preset,
        "options": json.dumps(options, ensure_ascii=False),
        "chip_value": f"{chip_value:.2f}",
        "currency": currency,
        "created_at": now(),
        "group_id": group_id,  # None: the database gives the evening a group of its own
    }
    made = made_by(db, "evening", submission)
    if made is not None:  # this very form made its evening before (a double tap, a resend)
        return evening_of_row(db.table("evenings").get(made))
    evening_id = cast(int, db.table("evenings").insert(row).last_pk)
    mark_made_by(db, "evening", submission, evening_id, str(row["created_at"]))
    for name in players:
        db.execute("INSERT OR IGNORE INTO people (name, created_at) VALUES (?, ?)", [name, row["created_at"]])
    return evening_of_row(db.table("evenings").get(evening_id))


_BY_KEY = (
    "SELECT * FROM evenings WHERE scorer_key = ? OR viewer_key = ? OR display_key = ?"
    " OR id = (SELECT evening_id FROM hand_links WHERE key = ?) LIMIT 1"
)


def evening_by_key(db: Database, key: str) -> tuple[Evening, bool] | None:
    """The evening a link opens, and whether the link is the scorer's (True) or the viewer's, the table's screen's or a
    player's (False: a player's own link and the table's screen open the evening as the viewer's does)."""
    # A plain query: sqlite-utils' table() would ask for the schema first, on every request.
    found = rows(db, _BY_KEY, [key, key, key, key])
    if not found:
        return None
    return evening_of_row(found[0]), found[0]["scorer_key"] == key


def evenings_of(db: Database, group_id: int) -> list[Evening]:
    """The group's evenings, newest first."""
    found = rows(db, "SELECT * FROM evenings WHERE group_id = ? ORDER BY created_at DESC, id DESC", [group_id])
    return [evening_of_row(row) for row in found]


def known_names(db: Database, group_id: int) -> list[str]:
    """Every player's name seen at the group's evenings, for the players field's suggestions (never another
    group's: the names a key shows are its own group's)."""
    names = {
        name
        for (players,) in db.execute("SELECT players FROM evenings WHERE group_id = ?", [group_id]).fetchall()
        for name in json.loads(players)
    }
    return sorted(names, key=lambda name: (name.casefold(), name))


def made_by(db: Database, kind: str, submission: str | None) -> int | None:
    """The id of the `kind` ("evening", "game") that the form with this one-time key made, if it made one."""
    if not submission:
        return None
    found = db.execute("SELECT made FROM made_once WHERE submission = ? AND kind = ?", [submission, kind]).fetchone()
    return None if found is None else int(found[0])


def mark_made_by(db: Database, kind: str, submission: str | None, made: int, at: str) -> None:
    """Mark the `kind` `made` as made by the form with this one-time key (inside the write that made it), so that
    `made_by` finds it when the form is sent again."""
    inside(db)
    if submission:
        db.execute(
            "INSERT INTO made_once (submission, kind, made, created_at) VALUES (?, ?, ?, ?)",
            [submission, kind, made, at],
        )
