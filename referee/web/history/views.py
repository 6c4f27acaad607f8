"""A player's history at an evening, opened from the evening's link."""

from __future__ import annotations

from flask import Blueprint, abort, g, render_template, url_for
from flask.typing import ResponseReturnValue

from referee.services.history import player_at_evening
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
    played = player_at_evening(get_db(), evening, name, scorer=g.scorer)
    if played is None:
        abort(404)  # an evening's link shows its own players' histories, nobody else's
    return render_template(
        "history/player.html",
        history=build_history(name, played.games, played.books),
        links=played.links,
        back_url=url_for("evenings.show", key=key),
        back_title=evening.title,
        in_group=False,
    )
