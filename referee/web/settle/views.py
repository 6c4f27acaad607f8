"""The evening's settle-up: every player's chips over the finished games, and the fewest payments in money."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange

from referee.rules.settlement import Payment, settle
from referee.services.games import open_book
from referee.storage.games import games_of
from referee.storage.payments import (
    Made,
    PaymentsChanged,
    already_sent,
    last_payment,
    paid,
    payments_made,
    record_payment,
    take_back,
)
from referee.web.database import get_db
from referee.web.forms import KeyedForm
from referee.web.games.sheets import GameSummary, evening_balances, summarise
from referee.web.htmx import redirect_to, render
from referee.web.links import open_evening

bp = Blueprint("settle", __name__, url_prefix="/e/<key>/settle")
TRIES = 5  # a payment whose plan moved on meanwhile is decided again, this many times at most


class PaidForm(KeyedForm):
    """A payment of the plan, marked as made, on the plan worked out after payment `after`."""

    payer = HiddenField(validators=[InputRequired()])
    payee = HiddenField(validators=[InputRequired()])
    chips = IntegerField(validators=[InputRequired(), NumberRange(min=1, max=10**9)])


class UndoPaidForm(KeyedForm):
    """Take back a payment marked as made by mistake, on the page that showed it."""

    payment = IntegerField(validators=[InputRequired(), NumberRange(min=1, max=2**62)])


@dataclass(frozen=True)
class SettleUp:
    """What the settle-up page shows: the games, the balances, what is paid, and the payments left."""

    games: tuple[GameSummary, ...]
    open_games: tuple[GameSummary, ...]  # games still being played with chips in their pot: they wait for it
    result: dict[str, int]  # the evening's result: each player's chips over the finished games
    balances: dict[str, int]  # what is left to settle, after the payments made
    payments: tuple[Payment, ...]  # the plan for what is left
    made: tuple[Made, ...]  # the payments marked as made
    after: int  # the latest payment the plan was worked out after


def settle_up(evening_id: int, players: tuple[str, ...]) -> SettleUp:
    """Replay the evening's games and settle the finished ones, after the payments already made.

    Kaiser games are listed with the others but move no chips.
    """
    db = get_db()
    games = tuple(summarise(open_book(db, game)) for game in games_of(db, evening_id))
    finished = [game for game in games if game.over]
    after = last_payment(db, evening_id)
    result = {balance.name: balance.chips for balance in evening_balances(players, finished)}
    balances = dict(result)
    for name, chips in paid(db, evening_id).items():
        balances[name] = balances.get(name, 0) + chips
    open_games = tuple(game for game in games if game.chips and not game.over)
    made = tuple(payments_made(db, evening_id))
    return SettleUp(games, open_games, result, balances, settle(balances), made, after)


@bp.get("")
def show(key: str) -> ResponseReturnValue:
    """The settle-up: balances in chips and money, the payments, and a summary to print or share."""
    evening = open_evening(key)
    return _page(evening)


def _page(evening: object, status: int = 200, errors: list[str] | None = None) -> ResponseReturnValue:
    summary = settle_up(evening.id, evening.players)  # type: ignore[attr-defined]
    return render(
        "settle/page.html",
        "settle/_plan.html",
        status,
        evening=evening,
        summary=summary,
        form=PaidForm,  # each Paid button gets its own one-time key
        undo_form=UndoPaidForm,
        errors=errors or [],
    )


@bp.post("/paid")
def mark_paid(key: str) -> ResponseReturnValue:
    """Mark one payment of the plan as made; the rest of the plan stays as it was."""
    evening = open_evening(key, writing=True)
    form = PaidForm()
    if not form.validate():
        return _page(evening, 422, [_("This payment could not be read: try again.")])
    wanted = Payment(form.payer.data, form.payee.data, form.chips.data)
    stale = [_("This payment is no longer in the plan: the page was out of date.")]
    for _try in range(TRIES if not already_sent(get_db(), form.submission.data) else 0):
        # The plan is worked out outside the write; the write confirms no other payment came in since.
        summary = settle_up(evening.id, evening.players)
        if wanted not in summary.payments:
            return _page(evening, 422, stale)
        try:
            record_payment(
                get_db(), evening.id, wanted.payer, wanted.payee, wanted.chips, form.submission.data, summary.after
            )
        except PaymentsChanged:
            continue
        break
    else:
        if not already_sent(get_db(), form.submission.data):  # a resent form answers as the first time
            return _page(evening, 422, stale)
    return redirect_to(url_for("settle.show", key=key)) if not request.headers.get("HX-Request") else _page(evening)


@bp.post("/undo")
def undo_paid(key: str) -> ResponseReturnValue:
    """Take back a payment marked as made by mistake; the plan is worked out again."""
    evening = open_evening(key, writing=True)
    form = UndoPaidForm()
    if not form.validate():
        return _page(evening, 422, [_("This payment could not be read: try again.")])
    try:
        take_back(get_db(), evening.id, form.payment.data, form.submission.data)
    except PaymentsChanged:
        return _page(evening, 422, [_("This payment is no longer in the plan: the page was out of date.")])
    return redirect_to(url_for("settle.show", key=key)) if not request.headers.get("HX-Request") else _page(evening)
