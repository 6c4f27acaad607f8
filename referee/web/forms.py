"""The forms: their shape (required, whole numbers, ranges) lives here; game legality lives in the rules."""

from __future__ import annotations

import functools
import re
import secrets
from collections.abc import Sequence
from decimal import Decimal
from typing import Any, ClassVar

from babel.numbers import format_decimal
from flask_babel import LazyString
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    DecimalField,
    Field,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectChoice,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError
from wtforms.widgets import CheckboxInput, ListWidget, TextInput

from referee.rules.cards import Card, CardError, parse_cards
from referee.rules.laid import LaidError, laid_total
from referee.rules.presets import (
    DEFAULT_PRESET,
    MOST_PLAYERS,
    OPTIONS,
    PRESETS,
    OptionError,
    choice_said,
    get_preset,
    show_value,
)
from referee.rules.record import LONGEST_CURRENCY, LONGEST_NAME, LONGEST_TITLE, MOST_CHIP_VALUE
from referee.rules.rummy import hand_refusal
from referee.rules.rummy_events import Finish, Round
from referee.rules.table import RummyRules, Scoring, rules_for
from referee.rules.values import most_laid
from referee.web.local import AmountError, parse_amount, reader_locale

RUMMY_PRESETS = [name for name, preset in PRESETS.items() if preset.game != "kaiser"]
KAISER_PRESETS = [name for name, preset in PRESETS.items() if preset.game == "kaiser"]
RUMMY_OPTIONS = [name for name in OPTIONS if any(name in PRESETS[p].defaults for p in RUMMY_PRESETS)]
KAISER_OPTIONS = [name for name in OPTIONS if any(name in PRESETS[p].defaults for p in KAISER_PRESETS)]
MAX_NAME = LONGEST_NAME
LONGEST_NUMBER = 18  # digits: every number a form takes fits in SQLite's 64-bit integers (2^63 has 19)


def split_names(text: str) -> list[str]:
    """Players' names typed one per line or separated by commas, blanks dropped."""
    return [name.strip() for name in re.split(r"[,\n]", text or "") if name.strip()]


class TooLarge(ValueError):
    """A number typed with more digits than any field takes (a finger left on a key, or a forged form)."""


def whole_number(text: str | None) -> int | None:
    """A whole number as typed in ASCII digits ("12"), else None ("", "1.5", "²"); TooLarge past 18 digits.

    >>> whole_number("12"), whole_number(" 007 "), whole_number("²"), whole_number(None)
    (12, 7, None, None)
    >>> whole_number("9" * 5000)
    Traceback (most recent call last):
    referee.web.forms.TooLarge: 9999999999… is too large a number
    """
    found = re.fullmatch(r"\s*0*([0-9]+)\s*", text or "")
    if not found:
        return None
    if len(found[1]) > LONGEST_NUMBER:
        raise TooLarge(str(_l("%(start)s… is too large a number", start=found[1][:10])))
    return int(found[1])


def bounded_number(text: str | None) -> int | None:
    """A whole number as `whole_number` reads it, or None for anything else, a number too large included."""
    try:
        return whole_number(text)
    except TooLarge:
        return None


def one_time_key() -> str:
    """A fresh key for one form: the same form sent twice is recorded once."""
    return secrets.token_urlsafe(16)


class HouseRules(FlaskForm):
    """A field per option of `names` (set below), each blank unless the house changes it; no fields of its own."""

    names: ClassVar[list[str]] = []

    class Meta:  # noqa: D106 - the outer form carries the CSRF token
        csrf = False

    def overrides(self) -> dict[str, Any]:
        """The options the house changed, as typed."""
        return {name: self[name].data.strip() for name in self.names if (self[name].data or "").strip()}

    def check(self, preset: str) -> list[str]:
        """Check each house rule on its own field, then all together; returns what is wrong with them together."""
        for name, value in self.overrides().items():
            try:
                OPTIONS[name].parse(value)
                if name not in get_preset(preset).defaults:
                    raise OptionError(str(_l("%(name)s is not a rule of %(preset)s", name=name, preset=preset)))
            except OptionError as error:
                self[name].errors = [*self[name].errors, str(error)]
        if self.errors:
            return []
        try:
            rules_for(preset, self.overrides())
        except OptionError as error:
            return [str(error)]
        return []


class HouseRulesForm(HouseRules):
    """One field per rummy option; a blank field keeps the preset's default."""

    names: ClassVar[list[str]] = RUMMY_OPTIONS


class KaiserHouseRulesForm(HouseRules):  # not a HouseRulesForm: it would inherit a field per rummy option
    """One field per Kaiser option; a blank field keeps the preset's default."""

    names: ClassVar[list[str]] = KAISER_OPTIONS


def _house_rule_field(name: str) -> Field:
    """A house rule's field, labelled in a player's words ("Points needed to open"), said in the reader's language.

    Its name (`house-opening_threshold`) stays the option's: the page shows it in small type, for the command line.
    """
    option = OPTIONS[name]
    label = LazyString(option.label_said)
    if option.kind == "bool":
        choices = [SelectChoice("", "—"), SelectChoice("yes", _l("yes")), SelectChoice("no", _l("no"))]
        return SelectField(label, choices=choices, default="")
    if option.kind == "choice":
        said = [LazyString(functools.partial(choice_said, name, value)) for value in option.choices]
        words = [SelectChoice(value, text) for value, text in zip(option.choices, said, strict=True)]
        return SelectField(label, choices=[SelectChoice("", "—"), *words], default="")
    return StringField(label, default="")


for _form in (HouseRulesForm, KaiserHouseRulesForm):
    for _name in _form.names:
        setattr(_form, _name, _house_rule_field(_name))


class MoneyField(DecimalField):
    """An amount of money typed in the reader's language: a text field (`inputmode="decimal"`), read by Babel.

    Never a number field: Chromium in French drops the comma of "0,20" from one and sends 20.
    """

    widget = TextInput()
    data: Any  # a Decimal once read; None for a blank or unreadable amount, which the form's validators refuse

    def process_formdata(self, valuelist: list[Any]) -> None:
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


class EveningForm(FlaskForm):
    """A new evening: the players at the table, the game, the house rules and what a chip is worth."""

    title = StringField(_l("Name of the evening"), [Optional(), Length(max=LONGEST_TITLE)])
    players = TextAreaField(
        _l("Players"),
        [InputRequired(_l("Name the players at the table."))],
        description=_l("One per line, or separated by commas, in seat order."),
    )
    preset = SelectField(_l("Game"), choices={p: p for p in RUMMY_PRESETS}, default="kaluki")
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
        """Two to eight different names of at most 24 characters."""
        names = split_names(field.data)
        if len(names) < 2:
            raise ValidationError(_l("A game needs at least two players."))
        if len(names) > MOST_PLAYERS:
            raise ValidationError(_l("At most eight players sit at one table."))
        long = [name for name in names if len(name) > MAX_NAME]
        if long:
            raise ValidationError(_l("“%(name)s” is too long: at most 24 characters.", name=long[0]))
        folded = [name.casefold() for name in names]
        twice = next((name for name, key in zip(names, folded, strict=True) if folded.count(key) > 1), None)
        if twice:
            raise ValidationError(_l("“%(name)s” is listed twice.", name=twice))

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields' shape, then each house rule checked by the rules engine, shown on its own field."""
        valid = super().validate(extra_validators)
        problems = self.house.form.check(self.preset.data)
        self.form_errors.extend(problems)
        return valid and not problems and not self.house.form.errors


def house_rule_hints(preset: str) -> dict[str, str]:
    """For each option of `preset`, what it means, the values it takes and its default, in the reader's language.

    An unknown preset (a forged form, refused on its field) shows the default preset's.
    """
    defaults = PRESETS.get(preset, PRESETS[DEFAULT_PRESET]).defaults
    return {
        name: str(
            _l(
                "%(meaning)s. Takes %(values)s; default: %(default)s.",
                meaning=OPTIONS[name].meaning_said(),
                values=OPTIONS[name].describe_values(),
                default=show_value(defaults[name]),
            )
        )
        for name in (*RUMMY_OPTIONS, *KAISER_OPTIONS)
        if name in defaults
    }


AT_RANDOM = "*"  # the first dealer's choice "drawn at random": no name is "*" (names have a letter or a digit)


class GameForm(FlaskForm):
    """A new game of the evening: its game, who plays, and who deals first."""

    preset = SelectField(_l("Game"), choices={p: p for p in RUMMY_PRESETS})
    players = SelectMultipleField(
        _l("Players"),
        widget=ListWidget(prefix_label=False),
        option_widget=CheckboxInput(),
        # No InputRequired: it would mark every box `required`, and the browser would refuse a game of some
        # of the evening's players. validate_players says what is wrong instead.
    )
    first_dealer = SelectField(_l("First dealer"), default=AT_RANDOM)

    def validate_players(self, field: Field) -> None:
        """At least two players ticked."""
        if len(field.data or []) < 2:
            raise ValidationError(_l("A game needs at least two players."))

    def validate_first_dealer(self, field: Field) -> None:
        """The first dealer plays in the game, or is drawn at random among its players."""
        if field.data != AT_RANDOM and field.data not in (self.players.data or []):
            raise ValidationError(_l("The first dealer must be one of the game's players."))

    def dealer_choices(self, names: Sequence[str]) -> None:
        """Offer a draw at random (000, 003: "au hasard"), then each of `names`."""
        self.first_dealer.choices = {AT_RANDOM: str(_l("Drawn at random")), **{name: name for name in names}}


class KeyedForm(FlaskForm):
    """A form that carries a one-time key, so that a double tap or a resend records it once."""

    submission = HiddenField(default=one_time_key)

    def validate(self, extra_validators: Any = None) -> bool:
        """The fields, and the versions the page wrote in its hidden fields: a number no game reaches is refused."""
        valid = bool(super().validate(extra_validators))
        for name in VERSIONS:
            field = self._fields.get(name)
            text = "" if field is None or field.data is None else str(field.data).strip()
            number = bounded_number(text)
            if text and (number is None or number > LARGEST_VERSION):
                if not self.form_errors:
                    self.form_errors.append(str(_l("This form was not made by this page: reload it and try again.")))
                valid = False
        return valid


VERSIONS = ("seen", "based_on")  # the hidden fields that carry a game's version or an entry's revision
LARGEST_VERSION = 2**63 - 1  # SQLite's largest integer


def revision_of(text: str | None) -> int:
    """The revision an edit was made from, as its form sent it; -1 when it does not say, which no event has."""
    number = bounded_number(text)
    return -1 if number is None or number > LARGEST_VERSION else number


class SheetForm(KeyedForm):
    """An entry made on one version of the sheet: the same entry sent from two phones that saw it counts once."""

    seen = HiddenField()  # the game's version the form was filled on

    def seen_version(self) -> int | None:
        """The game's version the form was filled on, if it says."""
        number = bounded_number(None if self.seen.data is None else str(self.seen.data))
        return None if number is None or number > LARGEST_VERSION else number


class BuybackForm(KeyedForm):
    """An eliminated player buys back in."""

    player = HiddenField(validators=[InputRequired()])


class DeleteForm(KeyedForm):
    """Delete one event (undo), made from the event's current revision."""

    based_on = HiddenField(validators=[InputRequired()])

    def revision(self) -> int:
        """The revision the form was made from (-1 when it does not say, which no event has)."""
        return revision_of(self.based_on.data)


class RoundForm(SheetForm):
    """A round: the winner, how they went out, and every other player's hand (and laid points in Rami).

    Each hand field is named after its player (`hand:Ana`, `laid:Ana`), never after a position: a form filled
    on an older sheet can never put a hand on another player.
    """

    based_on = HiddenField()
    players: list[str]  # the players still in, a hand field each
    seats: list[str]  # every player of the game, in seat order (Rami's packs are counted by them)
    joker_penalty: int  # what a joker taken back and not laid again costs (0: nothing, and no field for it)
    winner = RadioField(_l("Winner"), validators=[InputRequired(_l("Pick the player who went out."))])
    finish = RadioField(_l("How"), default=Finish.OUT)

    def hand(self, name: str) -> Field:
        """The hand field of player `name`."""
        return self[f"hand:{name}"]

    def laid(self, name: str) -> Field | None:
        """The laid-points field of player `name` (Rami only): a number, or the cards laid."""
        return self._fields.get(f"laid:{name}")

    def jokers(self, name: str) -> Field | None:
        """How many jokers player `name` took back and did not lay again (where that costs points)."""
        return self._fields.get(f"jokers:{name}")

    def sent_for(self, formdata: Any) -> set[str]:
        """The players the phone sent a hand field for: the players it saw still in."""
        return {key.removeprefix("hand:") for key in (formdata or {}) if key.startswith("hand:")}


def hand_value(text: str) -> tuple[Card, ...] | int:
    """A hand as typed or tapped: a number of points, or cards (CardError for a bad card)."""
    points = whole_number(text)
    if points is not None:
        return points
    return parse_cards(text or "")


def check_hand(form: Any, field: Field) -> None:
    """A hand is a whole number of points or cards the referee can read."""
    if not (field.data or "").strip():
        return
    try:
        hand_value(field.data)
    except (CardError, TooLarge) as error:
        raise ValidationError(str(error)) from None


def laid_points(text: str | None, rules: RummyRules) -> int | None:
    """Laid points as typed (a number) or as the cards laid, counted by the referee; None when blank."""
    if not (text or "").strip():
        return None
    points = whole_number(text or "")
    if points is not None:
        return points
    return laid_total(text or "", rules)


def laid_check(rules: RummyRules, seats: int) -> Any:
    """A validator: laid points are a number no round can pass, or cards the referee can count."""
    most = most_laid(rules, seats)

    def check(form: Any, field: Field) -> None:
        try:
            points = laid_points(field.data, rules)
        except (LaidError, TooLarge) as error:
            raise ValidationError(str(error)) from None
        if points is not None and points > most:
            raise ValidationError(str(_l("At most %(most)s: every card in play counts that much.", most=most)))

    return check


def finish_choices(rules: RummyRules) -> dict[str, str]:
    """How the winner went out: normally, or all in one (a kaluki, a hunt, or a rami of either kind)."""
    if rules.game == "rami":
        return {
            Finish.OUT: str(_l("Went out")),
            Finish.WITH_TABLE: str(_l("Rami using others' melds")),
            Finish.OWN_CARDS: str(_l("Rami with own cards only")),
        }
    all_in_one = _l("Hunt (all in one)") if rules.hunt_reward else _l("Kaluki (all in one)")
    return {Finish.OUT: str(_l("Went out")), Finish.ALL_IN_ONE: str(all_in_one)}


def round_form(
    seats: Sequence[str], players: Sequence[str], rules: RummyRules, formdata: Any = None, **data: Any
) -> RoundForm:
    """The round form for the players still in (`players` of `seats`): a hand field each, laid points in Rami."""

    class Round(RoundForm):
        pass

    for name in players:
        seat = seats.index(name)
        setattr(Round, f"hand:{name}", StringField(name, [check_hand], id=f"hand-{seat}"))
        if rules.game == "rami":
            setattr(Round, f"laid:{name}", StringField(name, [laid_check(rules, len(seats))], id=f"laid-{seat}"))
        if rules.joker_retrieval_penalty:
            most = rules.joker_count(len(seats))
            jokers = IntegerField(name, [Optional(), NumberRange(min=0, max=most)], id=f"jokers-{seat}")
            setattr(Round, f"jokers:{name}", jokers)
    form = Round(formdata, **data)
    form.winner.choices = {name: name for name in players}
    form.finish.choices = finish_choices(rules)
    form.players = list(players)
    form.seats = list(seats)
    form.joker_penalty = rules.joker_retrieval_penalty
    return form


def round_event(form: RoundForm, rules: RummyRules) -> Round | None:
    """The round the form describes, or None with the errors put on the fields."""
    winner = form.winner.data
    hands: dict[str, tuple[Card, ...] | int] = {}
    for name in form.players:
        field = form.hand(name)
        if name == winner:
            continue
        if not (field.data or "").strip():
            field.errors = [*field.errors, str(_l("Tap %(name)s's cards or type the total.", name=name))]
            continue
        hands[name] = hand_value(field.data)
        refusal = hand_refusal(rules, name, hands[name], len(form.seats))
        if refusal:  # more cards than a hand holds, or a total no hand reaches: said on the field, nothing saved
            field.errors = [*field.errors, refusal]
    if any(form.hand(name).errors for name in form.players):
        return None
    finish = Finish(form.finish.data) if form.finish.data in set(Finish) else Finish.OUT
    laid: dict[str, int] | None = None
    if rules.game == "rami":
        fields = {name: form.laid(name) for name in form.players}
        # Points mode always counts laid points (blank is 0); elimination mode only when some were given.
        points = {name: laid_points(f.data, rules) for name, f in fields.items() if f is not None}
        if rules.scoring == Scoring.POINTS or any(value is not None for value in points.values()):
            laid = {name: value for name, value in points.items() if value}
    kept = {name: form.jokers(name) for name in form.players}
    unreturned = {name: field.data for name, field in kept.items() if field is not None and field.data}
    return Round.finished(winner, hands, finish, laid, unreturned)


def round_data(event: Round) -> dict[str, Any]:
    """The round form's fields filled from a recorded round."""
    data: dict[str, Any] = {"winner": event.winner, "finish": event.finish}
    for name, hand in event.hands.items():
        data[f"hand:{name}"] = str(hand) if isinstance(hand, int) else " ".join(str(card) for card in hand)
    for name, points in (event.laid or {}).items():
        data[f"laid:{name}"] = str(points)
    for name, count in event.unreturned_jokers.items():
        data[f"jokers:{name}"] = count
    return data
