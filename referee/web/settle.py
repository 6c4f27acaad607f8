"""The evening's settle-up: every player's chips over the finished games, and the fewest payments in money."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange

from referee.rules.settlement import Payment, settle
from referee.scorebook import open_book
from referee.storage.db import get_db
from referee.storage.games import games_of
from referee.storage.payments import PaymentsChanged, last_payment, paid, record_payment
from referee.web.evenings import open_evening
from referee.web.forms import KeyedForm
from referee.web.htmx import redirect_to, render
from referee.web.sheets import GameSummary, evening_balances, summarise

bp = Blueprint("settle", __name__, url_prefix="/e/<key>/settle")


class PaidForm(KeyedForm):
    """A payment of the plan, marked as made."""

    payer = HiddenField(validators=[InputRequired()])
    payee = HiddenField(validators=[InputRequired()])
    chips = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


@dataclass(frozen=True)
class SettleUp:
    """What the settle-up page shows: the games, the balances, what is paid, and the payments left."""

    games: tuple[GameSummary, ...]
    open_games: tuple[GameSummary, ...]  # games still being played with chips in their pot: they wait for it
    balances: dict[str, int]
    payments: tuple[Payment, ...]


def settle_up(evening_id: int, players: tuple[str, ...]) -> SettleUp:
    """Replay the evening's games and settle the finished ones, after the payments already made.

    Kaiser games are listed with the others but move no chips.
    """
    db = get_db()
    games = tuple(summarise(open_book(db, game)) for game in games_of(db, evening_id))
    finished = [game for game in games if game.over]
    balances = {balance.name: balance.chips for balance in evening_balances(players, finished)}
    for name, chips in paid(db, evening_id).items():
        balances[name] = balances.get(name, 0) + chips
    open_games = tuple(game for game in games if game.chips and not game.over)
    return SettleUp(games, open_games, balances, settle(balances))


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
        errors=errors or [],
    )


@bp.post("/paid")
def mark_paid(key: str) -> ResponseReturnValue:
    """Mark one payment of the plan as made; the rest of the plan stays as it was."""
    evening = open_evening(key, writing=True)
    form = PaidForm()
    if not form.validate():
        return _page(evening, 422, [_("This payment could not be read: try again.")])
    db = get_db()
    after = last_payment(db, evening.id)
    plan = settle_up(evening.id, evening.players).payments
    wanted = Payment(form.payer.data, form.payee.data, form.chips.data)
    stale = [_("This payment is no longer in the plan: the page was out of date.")]
    if wanted not in plan:
        return _page(evening, 422, stale)
    try:
        record_payment(db, evening.id, wanted.payer, wanted.payee, wanted.chips, form.submission.data, after)
    except PaymentsChanged:
        return _page(evening, 422, stale)
    return redirect_to(url_for("settle.show", key=key)) if not request.headers.get("HX-Request") else _page(evening)
