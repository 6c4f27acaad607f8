"""The desk's questions: one form each, and the rules every question names (the evening's, or a preset)."""

from __future__ import annotations

from collections.abc import Sequence

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired, Length

from referee.rules.option_words import preset_said
from referee.rules.presets import DEFAULT_PRESET
from referee.rules.rummy_family import rummy_rules
from referee.rules.table import RummyRules
from referee.services.desk import evening_rules
from referee.services.evenings import Evening
from referee.web.forms import Form, FormData, Validator, presets_said
from referee.web.games.families import desk_presets

QUESTIONS = ("meld", "opening", "joker", "best", "extend", "rearrange")
EVENING_RULES = "evening"
LONGEST_CARDS = 200  # characters in one field: the longest hand the desk takes (25 cards) is about 100 written out


class CardsField(StringField):
    """Cards as typed, at most `LONGEST_CARDS` characters: a longer text is refused, and shown back cut to that."""

    def __init__(self, label: object, validators: Sequence[Validator] = (), **kwargs: object) -> None:
        too_long = _l("At most %(most)s characters: type the cards, like 9H 9S JK.", most=LONGEST_CARDS)
        super().__init__(label, [*validators, Length(max=LONGEST_CARDS, message=too_long)], **kwargs)

    def _value(self) -> str:
        """What the refused page shows back: never more than a question holds (a 2 MB paste is not sent back)."""
        return str(super()._value())[:LONGEST_CARDS]


class Question(Form):
    """Every question names the rules it is asked under: the evening's, or a preset."""

    rules = SelectField(_l("Rules"))


class MeldQuestion(Question):
    """Is this meld valid? The cards in the order laid."""

    cards = CardsField(_l("The meld, in the order laid"), [InputRequired(_l("Tap or type the meld's cards."))])


class OpeningQuestion(Question):
    """Does this first laying open? Up to four melds."""

    meld_0 = CardsField(_l("Meld 1"), [InputRequired(_l("Tap or type at least one meld."))])
    meld_1 = CardsField(_l("Meld 2"))
    meld_2 = CardsField(_l("Meld 3"))
    meld_3 = CardsField(_l("Meld 4"))
    all_in_one = BooleanField(_l("The whole hand is laid in this turn"))


class JokerQuestion(Question):
    """Can these cards take the joker from that meld?"""

    meld = CardsField(_l("The meld on the table"), [InputRequired(_l("Tap or type the meld on the table."))])
    hand = CardsField(_l("Your cards"), [InputRequired(_l("Tap or type the cards you would put in."))])


class ExtendQuestion(Question):
    """Can these cards (or this joker) be added to that meld on the table?"""

    meld = CardsField(_l("The meld on the table"), [InputRequired(_l("Tap or type the meld on the table."))])
    cards = CardsField(_l("The cards to add"), [InputRequired(_l("Tap or type the cards you would add."))])
    not_opened = BooleanField(_l("I have not opened yet"))


class RearrangeQuestion(Question):
    """Can these melds on the table be rearranged into those?"""

    before_0 = CardsField(_l("On the table, meld 1"), [InputRequired(_l("Tap or type a meld on the table."))])
    before_1 = CardsField(_l("On the table, meld 2"))
    before_2 = CardsField(_l("On the table, meld 3"))
    after_0 = CardsField(_l("After, meld 1"), [InputRequired(_l("Tap or type a meld it becomes."))])
    after_1 = CardsField(_l("After, meld 2"))
    after_2 = CardsField(_l("After, meld 3"))
    after_3 = CardsField(_l("After, meld 4"))
    not_opened = BooleanField(_l("I have not opened yet"))


class BestQuestion(Question):
    """What is the best way to lay this hand?"""

    hand = CardsField(_l("Your hand"), [InputRequired(_l("Tap or type the cards in your hand."))])
    minimise = RadioField(_l("Look for"), default="value")


FORMS: dict[str, type[Question]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "joker": JokerQuestion,
    "best": BestQuestion,
    "extend": ExtendQuestion,
    "rearrange": RearrangeQuestion,
}


def question_form(kind: str, evening: Evening | None, formdata: FormData | None = None) -> Question:
    """The form of a `kind` of question, asked under the evening's rules by default (else the preset asked for)."""
    default = EVENING_RULES if evening else request.args.get("preset", "kaluki")
    form = FORMS[kind](formdata, rules=default)
    said = preset_said(evening.preset) if evening else ""
    choices = {EVENING_RULES: _("This evening's rules (%(preset)s)", preset=said)} if evening else {}
    form.rules.choices = choices | presets_said(desk_presets())
    if isinstance(form, BestQuestion):
        form.minimise.choices = {"value": _("the most value laid"), "penalty": _("the least penalty left")}
    return form


def rules_asked(choice: str, evening: Evening | None) -> RummyRules:
    """The rules a question names: the evening's, or a rummy preset (the default's for anything else)."""
    if choice == EVENING_RULES and evening is not None:
        return evening_rules(evening)
    return rummy_rules(choice if choice in desk_presets() else DEFAULT_PRESET)
