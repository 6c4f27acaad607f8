"""Each player counts their own hand on their own phone (#35; README, *Each player counts their own hand*).

A player's own link (`/e/<key>/hand`) opens their evening as the viewer's link does, and may send that player's hand
for the next round of the game being played: nothing else. Every other write through it is refused (403) by the
views that write, which let only the scorer's link in. The scorer's list of the links (`/e/<key>/players`) is the
scorer's only, and the hands sent reach only the scorer's round form (`sent`).
"""

from __future__ import annotations

from flask import Blueprint, abort, g, jsonify, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.services.games import Book
from referee.services.own_hands import (
    HandRefused,
    game_to_send_for,
    hands_sent,
    player_behind,
    players_links,
    send_hand,
)
from referee.web.database import get_db
from referee.web.forms import NOT_THIS_PAGE, KeyedForm, bounded_number
from referee.web.games.families import web_family_of
from referee.web.games.own_hands import OwnHand, conflict_said
from referee.web.games.views import game_behind_link
from referee.web.htmx import render
from referee.web.links import open_evening

bp = Blueprint("hands", __name__)


def _player(key: str) -> str:
    """The player whose own link `key` is; 404 for a scorer's or viewer's link (theirs has no hand to send)."""
    player = player_behind(get_db(), key)
    if player is None:
        abort(404)
    g.player = player
    return player


def _own(book: Book) -> OwnHand:
    """How the game's family takes a player's own hand; 403 for a family whose scorer counts every hand."""
    own = web_family_of(book.family).own
    if own is None:
        abort(403)
    return own


@bp.get("/e/<key>/hand")
def own_hand(key: str) -> ResponseReturnValue:
    """The player's own screen: the game being played, their hand's form, and whose hands are in."""
    evening = open_evening(key)
    player = _player(key)
    book = game_to_send_for(get_db(), evening, player)
    if book is None or web_family_of(book.family).own is None:
        return render_template("hands/page.html", player=player, book=None)
    own = _own(book)
    form = own.form(book, player)
    mine = hands_sent(get_db(), book, own.number(book)).get(player)
    if mine is not None:
        own.fill(book, form, mine.hand)
    return _screen(book, own, player, form)


def _screen(
    book: Book, own: OwnHand, player: str, form: KeyedForm, status: int = 200, **said: object
) -> ResponseReturnValue:
    """The player's screen for `book`'s next round, with `form` (as sent, or fresh)."""
    number = own.number(book)
    sent = hands_sent(get_db(), book, number)
    waiting = [name for name in book.state.still_in() if name not in sent]
    context = {
        "player": player,
        "book": book,
        "game": book.game,
        "own": own,
        "form": form,
        "number": number,
        "sent_names": list(sent),
        "waiting": waiting,
        "mine": own.said(book, sent[player].hand) if player in sent else "",
        "still_in": player in book.state.still_in(),
        **own.context(book),
        **said,
    }
    return render("hands/page.html", "hands/_screen.html", status, **context)


@bp.post("/e/<key>/games/<int:number>/hand")
def send_own_hand(key: str, number: int) -> ResponseReturnValue:
    """Send the player's hand for the game's next round: kept for the scorer's form (the latest counts), or refused
    with the reason (422), nothing kept."""
    book = game_behind_link(key, number)
    player = _player(key)
    own = _own(book)
    form = own.form(book, player, request.form)
    hand = own.hand(book, player, form) if form.validate() else None
    if hand is None:
        return _screen(book, own, player, form, 422)
    round_number = bounded_number(request.form.get("number"))  # the round the page was drawn for
    if round_number is None:
        form.form_errors.append(str(NOT_THIS_PAGE))
        return _screen(book, own, player, form, 422)
    try:
        send_hand(get_db(), book, player, round_number, own.number(book), hand)
    except HandRefused as refused:
        form.form_errors.append(str(refused))
        return _screen(book, own, player, form, 422)
    fresh = own.form(book, player)
    own.fill(book, fresh, hand)
    return _screen(book, own, player, fresh, just_sent=_("Sent: %(hand)s.", hand=own.said(book, hand)))


@bp.get("/e/<key>/games/<int:number>/sent")
def sent(key: str, number: int) -> ResponseReturnValue:
    """What the hands sent put on the scorer's round form (the scorer's link only), polled while the form is open."""
    book = game_behind_link(key, number, writing=True)
    own = web_family_of(book.family).own
    if own is None or book.state.over:
        response = jsonify({})
    else:
        round_number = own.number(book)
        filled = own.filled(book, hands_sent(get_db(), book, round_number))
        response = jsonify(
            {
                "number": round_number,
                "fields": dict(filled.fields),
                "said": {name: _("sent: %(hand)s", hand=hand) for name, hand in filled.said.items()},
                "lines": [_("%(name)s sent: %(hand)s", name=name, hand=hand) for name, hand in filled.said.items()],
                "winner": filled.winner,
                "finish": filled.finish,
                "conflict": conflict_said(filled.out),
            }
        )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/e/<key>/players")
def players(key: str) -> ResponseReturnValue:
    """Each player's own link and its QR code, for the scorer to hand round (the scorer's link only)."""
    evening = open_evening(key, writing=True)
    links = players_links(get_db(), evening)
    urls = {name: url_for("hands.own_hand", key=link.key, _external=True) for name, link in links.items()}
    unmade = [name for name in evening.players if name not in links]  # a disk that cannot be written makes none
    return render_template("hands/players.html", evening=evening, urls=urls, unmade=unmade)
