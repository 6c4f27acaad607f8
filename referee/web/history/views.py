"""A player's history at an evening, opened from the evening's link."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, url_for
from flask.typing import ResponseReturnValue

from referee.services.games import open_book
from referee.storage.history import games_played
from referee.web.database import get_db
from referee.web.history.model import build_history
from referee.web.links import open_evening

bp = Blueprint("history", __name__)


@bp.get("/e/<key>/players/<path:name>")
def player(key: str, name: str) -> ResponseReturnValue:
    """One player's numbers over the evening's games they played, and the newest of them with a chart each.

    404 for a name that is not one of this evening's players. A link reaches its own evening's games only:
    the same name at another evening may be somebody else, whose games are not this link's to show.
    """
    evening = open_evening(key)
    if name not in evening.players:
        abort(404)  # an evening's link shows its own players' histories, nobody else's
    db = get_db()
    games = games_played(db, name, [evening.id])
    books = [open_book(db, played.game) for played in games]
    return render_template(
        "history/player.html",
        history=build_history(name, games, books),
        links={evening.id: key},
        back_url=url_for("evenings.show", key=key),
        back_title=evening.title,
        in_group=False,
    )
