"""Opening what a link points to: an evening or a group, for reading, or for writing through the scorer's link."""

from __future__ import annotations

from typing import TypeVar

from flask import abort, g

from referee.services.links import Evening, Group, evening_behind, group_behind
from referee.web.database import get_db

T = TypeVar("T")


def _let_in(found: tuple[T, bool] | None, *, writing: bool) -> tuple[T, bool]:
    """What a link opens and whether it is the scorer's: 404 for an unknown link, 403 for a write by a viewer's link."""
    if found is None:
        abort(404)
    opened, scorer = found
    if writing and not scorer:
        abort(403)
    return opened, scorer


def open_evening(key: str, *, writing: bool = False) -> Evening:
    """The evening behind the link; 404 for an unknown link, 403 for a write through the viewer's link."""
    evening, scorer = _let_in(evening_behind(get_db(), key), writing=writing)
    g.evening, g.scorer, g.key = evening, scorer, key
    g.player_link = not scorer and not evening.reads_only(key)  # a player's own link: it also sends their hand
    return evening


def open_group(key: str, *, writing: bool = False) -> Group:
    """The group behind the link; 404 for an unknown link, 403 for a write through the viewer's link."""
    group, scorer = _let_in(group_behind(get_db(), key), writing=writing)
    g.group, g.scorer, g.key = group, scorer, key
    return group
