"""The settle-up's forms: a payment of the plan marked as made, and one taken back."""

from __future__ import annotations

from wtforms import HiddenField, IntegerField
from wtforms.validators import InputRequired, NumberRange

from referee.services.payments import Payment
from referee.web.forms import KeyedForm


class PaidForm(KeyedForm):
    """A payment of the plan, marked as made, on the plan worked out after payment `after`."""

    payer = HiddenField(validators=[InputRequired()])
    payee = HiddenField(validators=[InputRequired()])
    chips = IntegerField(validators=[InputRequired(), NumberRange(min=1, max=10**9)])

    def payment(self) -> Payment:
        """The payment the form marks as made (once it validates)."""
        return Payment(self.payer.data, self.payee.data, self.chips.data)


class UndoPaidForm(KeyedForm):
    """Take back a payment marked as made by mistake, on the page that showed it."""

    payment = IntegerField(validators=[InputRequired(), NumberRange(min=1, max=2**62)])
