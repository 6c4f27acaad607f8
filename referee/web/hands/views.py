"""Each player counts their own hand on their own phone (#35; README, *Each player counts their own hand*).

A player's own link (`/e/<key>/hand`) opens their evening as the viewer's link does, and may send that player's hand
for the next round of the game being played: nothing else. Every other write through it is refused (403) by the
views that write, which let only the scorer's link in. The scorer's list of the links (`/e/<key>/players`) is the
scorer's only, and the hands sent reach only the scorer's round form (`sent`).
"""

from __future__ import annotations

from flask import Blueprint, abort, g, jsonify, make_response, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.services.games import Book
from referee.services.own_hands import (
    HandRefused,
    Refusal,
    hands_sent,
    player_behind,
    players_links,
    seat_of,
    seat_version,
    send_hand,
)
from referee.web.database import get_db
from referee.web.forms import NOT_THIS_PAGE, KeyedForm
from referee.web.games.families import web_family_of
from referee.web.games.own_hands import OwnHand, sentence
from referee.web.games.views import game_behind_link
from referee.web.hands.seat import Screen, screen_context, screen_of
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


def _screen(key: str, chosen: int | None = None) -> Screen:
    """The player's screen as the database holds it now: their seat at the evening (the game `chosen`, if any)."""
    evening = open_evening(key)
    player = _player(key)
    version = seat_version(get_db(), key) or ""
    return screen_of(seat_of(get_db(), evening, player, chosen), version)


def _drawn(
    key: str, screen: Screen, chosen: int | None, status: int = 200, form: KeyedForm | None = None, **said: object
) -> ResponseReturnValue:
    """The player's screen (with `form` as sent, else a fresh one): the page, or for htmx the screen alone."""
    drawn = screen_context(key, screen, chosen, form, **said)
    response = make_response(render("hands/page.html", "hands/_screen.html", status, **drawn))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/e/<key>/hand", defaults={"number": None})
@bp.get("/e/<key>/hand/<int:number>")
def own_hand(key: str, number: int | None) -> ResponseReturnValue:
    """The player's own screen: the game they sit in (`number`: the one they chose), what its last entry did to them,
    and their hand's form for the next one; a choice when they sit in several games being played."""
    return _drawn(key, _screen(key, number), number)


@bp.get("/e/<key>/hand/live", defaults={"number": None})
@bp.get("/e/<key>/hand/<int:number>/live")
def live(key: str, number: int | None) -> ResponseReturnValue:
    """The player's screen polled: 304 while the seat's version is `v`; else the parts that changed (`at`: the screen
    the phone shows, drawn again whole when it is no longer the one to show)."""
    version = seat_version(get_db(), key)
    if version is None:
        abort(404)
    if request.args.get("v") == version:
        response = make_response("", 304)
        response.headers["Cache-Control"] = "no-store"
        return response
    screen = _screen(key, number)
    if request.args.get("at") != screen.key:
        response = make_response(_drawn(key, screen, number))
        response.headers["HX-Retarget"] = "#own-hand"
        response.headers["HX-Reswap"] = "outerHTML"
        return response
    drawn = screen_context(key, screen, number)
    response = make_response(render_template("hands/_changed.html", **drawn))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/e/<key>/games/<int:number>/hand")
def send_own_hand(key: str, number: int) -> ResponseReturnValue:
    """Send the player's hand for the game's next entry: kept for the scorer's form (the latest counts), or refused
    with the reason (422), nothing kept; a hand that comes after its entry was recorded is answered with the next
    entry's form, and told so (409)."""
    book = game_behind_link(key, number)
    player = _player(key)
    own = _own(book)
    chosen = number if request.args.get("chosen") else None
    form = own.form(book, player, request.form)
    sent_for = _number(request.form.get("number"))
    now = own.number(book)
    if (sent_for is not None and sent_for < now) or book.state.over:  # the page was drawn before the scorer saved
        moved = own.moved_on(sent_for or now - 1, now) if not book.state.over else _("This game is over.")
        return _drawn(key, _screen(key, chosen), chosen, 409, moved=moved)
    hand = own.hand(book, player, form) if form.validate() else None
    if hand is None:
        return _drawn(key, _screen(key, chosen), chosen, 422, form=form)
    if sent_for is None:
        form.form_errors.append(str(NOT_THIS_PAGE))
        return _drawn(key, _screen(key, chosen), chosen, 422, form=form)
    try:
        send_hand(get_db(), book, player, sent_for, now, hand)
    except HandRefused as refused:
        if refused.why in (Refusal.RECORDED, Refusal.OVER):  # recorded between the read and the write
            return _drawn(key, _screen(key, chosen), chosen, 409, moved=own.moved_on(sent_for, own.number(book)))
        form.form_errors.append(sentence(refused))
        return _drawn(key, _screen(key, chosen), chosen, 422, form=form)
    return _drawn(key, _screen(key, chosen), chosen, just_sent=_("Sent: %(hand)s.", hand=own.said(book, hand)))


def _number(value: str | None) -> int | None:
    """The entry a form was drawn for, as its hidden field sends it; None for none, or one no page writes."""
    text = (value or "").strip()
    return int(text) if text.isdigit() and 0 < len(text) < 10 else None


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
                "conflict": filled.conflict,
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
