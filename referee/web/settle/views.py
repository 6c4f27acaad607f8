"""The evening's settle-up: every player's chips over the finished games, and the fewest payments in money."""

from __future__ import annotations

from flask import Blueprint, flash, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.services import payments
from referee.services.evenings import Evening
from referee.services.payments import SettleUp
from referee.web.database import get_db
from referee.web.htmx import redirect_to, render, wants_fragment
from referee.web.links import open_evening
from referee.web.local import money
from referee.web.settle.forms import PaidForm, UndoPaidForm
from referee.web.settle.model import SettlePage

bp = Blueprint("settle", __name__, url_prefix="/e/<key>/settle")


@bp.get("")
def show(key: str) -> ResponseReturnValue:
    """The settle-up: balances in chips and money, the payments, and a summary to print or share."""
    evening = open_evening(key)
    return _page(evening, payments.settle_up(get_db(), evening))


def _page(evening: Evening, settled: SettleUp, status: int = 200, error: str | None = None) -> ResponseReturnValue:
    return render(
        "settle/page.html",
        "settle/_plan.html",
        status,
        evening=evening,
        summary=SettlePage.of(settled),
        form=PaidForm,  # each Paid button gets its own one-time key
        errors=[error] if error else [],
    )


def _unread(evening: Evening) -> ResponseReturnValue:
    return _page(evening, payments.settle_up(get_db(), evening), 422, _("This payment could not be read: try again."))


def _answer(key: str, evening: Evening, settled: SettleUp, refused: bool, done: str) -> ResponseReturnValue:
    """The plan again (htmx) or a redirect to it, saying `done` on top; 422 with the reason when the page was out of
    date."""
    if refused:
        return _page(evening, settled, 422, _("This payment is no longer in the plan: the page was out of date."))
    flash(done)  # shown on top of the plan, where the phone brings it into view
    if wants_fragment():
        return _page(evening, settled)
    return redirect_to(url_for("settle.show", key=key))


@bp.post("/paid")
def mark_paid(key: str) -> ResponseReturnValue:
    """Mark one payment of the plan as made; the rest of the plan stays as it was."""
    evening = open_evening(key, writing=True)
    form = PaidForm()
    if not form.validate():
        return _unread(evening)
    payment = form.payment()
    outcome = payments.mark_paid(get_db(), evening, payment, form.submission.data)
    done = _(
        "Recorded: %(payer)s paid %(payee)s %(amount)s.",
        payer=payment.payer,
        payee=payment.payee,
        amount=money(payment.chips, signed=False),
    )
    return _answer(key, evening, outcome.settled, outcome.refused, done)


@bp.post("/undo")
def undo_paid(key: str) -> ResponseReturnValue:
    """Take back a payment marked as made by mistake; the plan is worked out again."""
    evening = open_evening(key, writing=True)
    form = UndoPaidForm()
    if not form.validate():
        return _unread(evening)
    outcome = payments.undo_payment(get_db(), evening, form.payment.data, form.submission.data)
    done = _("Payment taken back: it is in the plan again.")
    return _answer(key, evening, outcome.settled, outcome.refused, done)
