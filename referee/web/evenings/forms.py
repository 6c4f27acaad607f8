"""The form for a new evening (alone, or as a group's next), and its money field."""

from __future__ import annotations

import re
from decimal import Decimal

from babel.numbers import format_decimal
from flask_babel import lazy_gettext as _l
from wtforms import DecimalField, Field, FormField, SelectField, StringField, TextAreaField
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import TextInput

from referee.rules.evening_record import LONGEST_CURRENCY, LONGEST_NAME, LONGEST_TITLE, MOST_CHIP_VALUE
from referee.rules.options import MOST_AT_TABLE
from referee.services.evenings import Evening, NewEvening
from referee.web.forms import EVENING_PRESETS, ExtraValidators, HouseRulesForm, KeyedForm, presets_said
from referee.web.house_words import typed_said
from referee.web.local import AmountError, parse_amount, reader_locale

MAX_NAME = LONGEST_NAME


def split_names(text: str) -> list[str]:
    """Players' names typed one per line or separated by commas, blanks dropped."""
    return [name.strip() for name in re.split(r"[,\n]", text or "") if name.strip()]


class MoneyField(DecimalField):
    """An amount of money typed in the reader's language: a text field (`inputmode="decimal"`), read by Babel.

    Never a number field: Chromium in French drops the comma of "0,20" from one and sends 20.
    """

    widget = TextInput()
    data: Decimal | None  # None for a blank or unreadable amount, which the form's validators refuse

    def process_formdata(self, valuelist: list[str]) -> None:
        """The amount as the reader's language writes it ("0,20" in French; "0.20" too, as it reads one way)."""
        if not valuelist:
            return
        self.raw_data = valuelist
        if not valuelist[0].strip():
            self.data = None
            return
        try:
            self.data = parse_amount(valuelist[0])
        except AmountError as error:
            self.data = None
            raise ValueError(str(error)) from None

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        if self.data is None:
            return ""
        return format_decimal(self.data, "0.00##", locale=reader_locale())


class EveningForm(KeyedForm):
    """A new evening: the players at the table, the game, the house rules and what a chip is worth."""

    title = StringField(_l("Name of the evening"), [Optional(), Length(max=LONGEST_TITLE)])
    players = TextAreaField(
        _l("Players"),
        [InputRequired(_l("Name the players at the table."))],
        description=_l("One per line, or separated by commas, in seat order."),
    )
    preset = SelectField(_l("Game"), choices=lambda: presets_said(EVENING_PRESETS), default="kaluki")
    chip_value = MoneyField(
        _l("Value of a chip"),
        [
            InputRequired(_l("Give the value of a chip, 0 for none.")),
            NumberRange(min=0),
            NumberRange(max=MOST_CHIP_VALUE, message=_l("A chip is worth at most %(max)s.")),
        ],
        places=2,
        default=Decimal("0.10"),
    )
    currency = StringField(_l("Currency"), [Length(max=LONGEST_CURRENCY)], default="EUR")
    house = FormField(HouseRulesForm, label=_l("House rules"))

    def validate_players(self, field: Field) -> None:
        """Two to twelve different names of at most 24 characters."""
        names = split_names(field.data)
        if len(names) < 2:
            raise ValidationError(_l("A game needs at least two players."))
        if len(names) > MOST_AT_TABLE:
            raise ValidationError(_l("At most twelve players sit at one evening."))
        long = [name for name in names if len(name) > MAX_NAME]
        if long:
            raise ValidationError(_l("“%(name)s” is too long: at most 24 characters.", name=long[0]))
        folded = [name.casefold() for name in names]
        twice = next((name for name, key in zip(names, folded, strict=True) if folded.count(key) > 1), None)
        if twice:
            raise ValidationError(_l("“%(name)s” is listed twice.", name=twice))

    def validate(self, extra_validators: ExtraValidators = None) -> bool:
        """The fields' shape, then each house rule checked by the rules engine, shown on its own field."""
        valid = super().validate(extra_validators)
        problems = self.house.form.check(self.preset.data)
        self.form_errors.extend(problems)
        return valid and not problems and not self.house.form.errors

    def new_evening(self) -> NewEvening:
        """The evening the form describes (once it validates)."""
        if self.chip_value.data is None:  # refused by `validate`: a chip's value is required
            raise ValueError("a new evening is read from its form once the form validates")
        return NewEvening(
            title=self.title.data or "",
            players=tuple(split_names(self.players.data)),
            preset=self.preset.data,
            house=self.house.form.overrides(),
            chip_value=self.chip_value.data,
            currency=self.currency.data or "",
        )


def next_evening_form(last: Evening | None) -> EveningForm:
    """The form for a group's next evening, filled in with its newest evening: its players, game and house rules."""
    if last is None:
        return EveningForm()
    house = {name: typed_said(name, value) for name, value in last.options.items()}  # "aucun" on a French page
    return EveningForm(
        players="\n".join(last.players),
        preset=last.preset,
        chip_value=last.chip_value,
        currency=last.currency,
        house=house,
    )
