"""The table's screen (#44): its link to an evening (`evenings.display_key`), and what it shows, as one version."""

from __future__ import annotations

import secrets

from sqlite_utils import Database

from referee.storage.db import inside


def give_display_key(db: Database, evening_id: int) -> None:
    """Give the evening a link for the table's screen when it has none (one made before #44), in the caller's write
    transaction; an evening that has one keeps it."""
    inside(db)
    db.execute(
        "UPDATE evenings SET display_key = ? WHERE id = ? AND display_key IS NULL",
        [secrets.token_urlsafe(18), evening_id],
    )


# What the table's screen shows depends on, read in one statement from its link: the evening's games (how many, and
# the latest version of any: a version is the id of a revision, which only grows), the hands sent for them (how many,
# and the latest received: the screen names who sent) and the payments marked (the settle-up under a game over: a
# payment taken back is a payment of its own, so the latest id moves at each).
_DISPLAY = (
    "SELECT (SELECT COUNT(*) || '.' || COALESCE(MAX(version), 0) FROM games WHERE evening_id = e.id), "
    "(SELECT COUNT(*) || '.' || COALESCE(MAX(s.received), 0) FROM sent_hands AS s JOIN games AS g ON g.id = s.game_id "
    "WHERE g.evening_id = e.id), "
    "(SELECT COALESCE(MAX(id), 0) FROM payments WHERE evening_id = e.id) "
    "FROM evenings AS e WHERE e.display_key = ?"
)


def display_version(db: Database, key: str) -> str | None:
    """What the table's screen shows, as one word that changes whenever it does (a game started, an entry written or
    corrected, a hand sent, a payment marked or taken back); None when `key` is no table's screen's link."""
    row = db.execute(_DISPLAY, [key]).fetchone()
    return None if row is None else f"{row[0]}.{row[1]}.{row[2]}"
