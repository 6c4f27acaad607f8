"""Opening what a link points to: an evening or a group, for reading, or for writing through the scorer's link."""

from __future__ import annotations

from flask import abort, g

from referee.services.links import Evening, Group, evening_behind, group_behind
from referee.web.database import get_db


def open_evening(key: str, *, writing: bool = False) -> Evening:
    """The evening behind the link; 404 for an unknown link, 403 for a write through the viewer's link."""
    found = evening_behind(get_db(), key)
    if found is None:
        abort(404)
    evening, scorer = found
    if writing and not scorer:
        abort(403)
    g.evening, g.scorer, g.key = evening, scorer, key
    return evening


def open_group(key: str, *, writing: bool = False) -> Group:
    """The group behind the link; 404 for an unknown link, 403 for a write through the viewer's link."""
    found = group_behind(get_db(), key)
    if found is None:
        abort(404)
    group, scorer = found
    if writing and not scorer:
        abort(403)
    g.group, g.scorer, g.key = group, scorer, key
    return group
