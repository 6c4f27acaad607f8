"""Links: the evening or group behind a scorer's or a viewer's key."""

from __future__ import annotations

from sqlite_utils import Database

from referee.storage.evenings import Evening, evening_by_key

__all__ = ["Evening", "Group", "evening_behind", "group_behind"]
from referee.storage.groups import Group, group_by_key


def evening_behind(db: Database, key: str) -> tuple[Evening, bool] | None:
    """The evening whose scorer or viewer link has `key`, and whether it is the scorer's; None for no evening."""
    return evening_by_key(db, key)


def group_behind(db: Database, key: str) -> tuple[Group, bool] | None:
    """The group whose scorer or viewer link has `key`, and whether it is the scorer's; None for no group."""
    return group_by_key(db, key)
