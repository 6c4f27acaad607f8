"""The evening's settle-up: every player's chips over the finished games, and the fewest payments in money."""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange

from referee.rules.settlement import Payment, settle
from referee.storage.db import get_db
from referee.storage.games import current_events, games_of
from referee.storage.payments import paid, record_payment
from referee.web.evenings import open_evening
from referee.web.forms import KeyedForm
from referee.web.htmx import redirect_to, render
from referee.web.kaiser_sheet import KaiserSheet
from referee.web.sheets import Sheet, evening_balances, game_sheet

bp = Blueprint("settle", __name__, url_prefix="/e/<key>/settle")


class PaidForm(KeyedForm):
    """A payment of the plan, marked as made."""

    payer = HiddenField(validators=[InputRequired()])
    payee = HiddenField(validators=[InputRequired()])
    chips = IntegerField(validators=[InputRequired(), NumberRange(min=1)])


@dataclass(frozen=True)
class SettleUp:
    """What the settle-up page shows: the games, the balances, what is paid, and the payments left."""

    sheets: tuple[Sheet | KaiserSheet, ...]
    open_games: tuple[Sheet, ...]  # rummy games still being played: their chips wait for the pot to be won
    balances: dict[str, int]
    payments: tuple[Payment, ...]


def settle_up(evening_id: int, players: tuple[str, ...]) -> SettleUp:
    """Replay the evening's games and settle the finished ones, after the payments already made.

    Kaiser games are listed with the others but move no chips.
    """
    db = get_db()
    sheets = tuple(game_sheet(game, current_events(db, game.id)) for game in games_of(db, evening_id))
    finished = [sheet for sheet in sheets if sheet.over]
    balances = {balance.name: balance.chips for balance in evening_balances(players, finished)}
    for name, chips in paid(db, evening_id).items():
        balances[name] = balances.get(name, 0) + chips
    open_games = tuple(sheet for sheet in sheets if isinstance(sheet, Sheet) and not sheet.over)
    return SettleUp(sheets, open_games, balances, settle(balances))


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
        form=PaidForm(formdata=None),
        errors=errors or [],
    )


@bp.post("/paid")
def mark_paid(key: str) -> ResponseReturnValue:
    """Mark one payment of the plan as made; the rest of the plan stays as it was."""
    evening = open_evening(key, writing=True)
    form = PaidForm()
    if not form.validate():
        return _page(evening, 422, [_("This payment could not be read: try again.")])
    plan = settle_up(evening.id, evening.players).payments
    wanted = Payment(form.payer.data, form.payee.data, form.chips.data)
    if wanted not in plan:
        return _page(evening, 422, [_("This payment is no longer in the plan: the page was out of date.")])
    record_payment(get_db(), evening.id, wanted.payer, wanted.payee, wanted.chips, form.submission.data)
    return redirect_to(url_for("settle.show", key=key)) if not request.headers.get("HX-Request") else _page(evening)
