"""Sharing a result (#44): `/e/<key>/games/<n>/picture.png`, a game's standings, and `/e/<key>/picture.png`, the
evening's result and who pays whom, drawn on the server in the reader's language for a phone to share (Web Share,
static/js/phone.js) or download; and `/e/<key>/games/<n>/bgstats`, a finished game handed to BG Stats. Any link of the
evening opens them, as it opens the sheet and the settle-up."""

from __future__ import annotations

from flask import Blueprint, abort, g, make_response, redirect
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.services.games import last_written
from referee.services.payments import settle_up
from referee.web.database import get_db
from referee.web.games.bgstats import bgstats_link, play_of
from referee.web.games.views import game_behind_link
from referee.web.links import open_evening
from referee.web.picture import Picture, draw
from referee.web.share.model import evening_picture, game_picture

bp = Blueprint("share", __name__, url_prefix="/e/<key>")


def _png(picture: Picture) -> ResponseReturnValue:
    """The picture as a PNG, drawn for this reader (its language): never kept by a cache on the way."""
    response = make_response(draw(picture))
    response.mimetype = "image/png"
    response.headers["Cache-Control"] = "no-store"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


@bp.get("/games/<int:number>/picture.png")
def game(key: str, number: int) -> ResponseReturnValue:
    """A game's standings and result, as a picture."""
    book = game_behind_link(key, number)
    return _png(game_picture(g.evening, book))


@bp.get("/picture.png")
def evening(key: str) -> ResponseReturnValue:
    """The evening's games, every player's chips and money, and who pays whom, as a picture."""
    opened = open_evening(key)
    return _png(evening_picture(opened, settle_up(get_db(), opened)))


@bp.get("/games/<int:number>/bgstats")
def bgstats(key: str, number: int) -> ResponseReturnValue:
    """A finished game handed to BG Stats: a redirect to its `createPlay` link, the play built from the game's record;
    404 for a game still being played."""
    book = game_behind_link(key, number)
    if not book.state.over:
        abort(404)
    title = g.evening.title or _("Card night")
    return redirect(bgstats_link(play_of(book, str(title), last_written(get_db(), book))), 303)
