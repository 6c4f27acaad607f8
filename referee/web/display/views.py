"""The table's screen (#44): `/e/<key>/display`, for a laptop or a television facing the table, on its own read-only
link (the scorer hands it out from the evening page, with its QR code).

Its link opens the evening as the viewer's does: every write through it is refused (403) by the views that write,
which let only the scorer's link in. Its page answers only that link. It polls `/e/<key>/display/live` every 4 s;
an unchanged evening is answered 304 before Flask (`web/polls.py`, one SQL statement: `display_version`).
"""

from __future__ import annotations

from flask import Blueprint, abort, make_response, request
from flask.typing import ResponseReturnValue

from referee.services.displays import display_of, display_version
from referee.services.evenings import Evening
from referee.web.database import get_db
from referee.web.display.model import DisplayView, display_view
from referee.web.htmx import render
from referee.web.links import open_evening

bp = Blueprint("display", __name__, url_prefix="/e/<key>/display")


def _evening(key: str) -> Evening:
    """The evening behind the table's screen's link `key`; 404 for any other link (the scorer's, a viewer's)."""
    evening = open_evening(key)
    if key != evening.display_key:
        abort(404)
    return evening


def _drawn(view: DisplayView) -> ResponseReturnValue:
    """The screen: the page, or for htmx (its poll) the screen alone."""
    response = make_response(render("display/page.html", "display/_display.html", view=view))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("")
def show(key: str) -> ResponseReturnValue:
    """The table's screen: the evening's current game, its standings, what the last entry did, who sent their hand,
    the next deal; at a game's end the final standings and the evening's settle-up."""
    evening = _evening(key)
    return _drawn(display_view(display_of(get_db(), evening), display_version(get_db(), key) or ""))


@bp.get("/live")
def live(key: str) -> ResponseReturnValue:
    """The screen polled: 304 while the evening's version is `v`; else the screen drawn again, what the last entry
    changed marked when the game moved on from the one it showed (`at`)."""
    version = display_version(get_db(), key)
    if version is None:
        abort(404)
    if request.args.get("v") == version:
        response = make_response("", 304)
        response.headers["Cache-Control"] = "no-store"
        return response
    evening = _evening(key)
    return _drawn(display_view(display_of(get_db(), evening), version, request.args.get("at", "")))
