"""A player's history across evenings, opened from an evening's link."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from flask.typing import ResponseReturnValue

from referee.storage.db import get_db
from referee.storage.history import games_played
from referee.web.evenings import open_evening
from referee.web.history_model import build_history

bp = Blueprint("history", __name__)


@bp.get("/e/<key>/players/<path:name>")
def player(key: str, name: str) -> ResponseReturnValue:
    """One player's numbers over every game they played, and their newest games with a chart each.

    404 for a name that never sat in a game, unless it is one of this evening's players (no game yet).
    Only this evening's games are linked: another evening's keys never reach the page.
    """
    evening = open_evening(key)
    games = games_played(get_db(), name)
    if not games and name not in evening.players:
        abort(404)
    return render_template("history/player.html", evening=evening, history=build_history(name, games, evening.id))
