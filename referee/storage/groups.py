"""Groups: the regulars who meet for card nights, with their two links, their evenings and their players."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.storage.db import rows
from referee.storage.evenings import Evening


@dataclass(frozen=True)
class Group:
    """A group of regulars: its links (scorer and viewer, like an evening's), its title and when it began."""

    id: int
    scorer_key: str
    viewer_key: str
    title: str
    created_at: str


def _group(row: dict[str, object]) -> Group:
    return Group(
        id=int(str(row["id"])),
        scorer_key=str(row["scorer_key"]),
        viewer_key=str(row["viewer_key"]),
        title=str(row["title"] or ""),
        created_at=str(row["created_at"]),
    )


def group_by_key(db: Database, key: str) -> tuple[Group, bool] | None:
    """The group a link opens, and whether the link is the scorer's (True) or the viewer's (False)."""
    found = rows(db, "SELECT * FROM groups WHERE scorer_key = ? OR viewer_key = ? LIMIT 1", [key, key])
    if not found:
        return None
    return _group(found[0]), found[0]["scorer_key"] == key


def group_of(db: Database, evening: Evening) -> Group:
    """The group the evening belongs to (every evening belongs to one)."""
    return _group(rows(db, "SELECT * FROM groups WHERE id = ?", [evening.group_id])[0])


def players_of(evenings: list[Evening]) -> list[str]:
    """Everyone who sat at one of `evenings` (newest first): the newest evening's players in seat order, then the
    others by name."""
    if not evenings:
        return []
    newest = list(evenings[0].players)
    others = {name for evening in evenings[1:] for name in evening.players} - set(newest)
    return newest + sorted(others, key=lambda name: (name.casefold(), name))
