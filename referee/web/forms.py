"""The forms: their shape (required, whole numbers, ranges) lives here; game legality lives in the rules."""

from __future__ import annotations

import functools
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar

from babel import support
from flask import current_app
from flask_babel import LazyString, get_locale
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup, escape
from werkzeug.datastructures import MultiDict
from wtforms import (
    Field,
    HiddenField,
    SelectChoice,
    SelectField,
    StringField,
)
from wtforms.i18n import messages_path
from wtforms.validators import InputRequired

from referee.rules.families import family_playing, rules_for
from referee.rules.option_words import choice_said, preset_said
from referee.rules.options import OPTIONS, OptionError, Value
from referee.rules.presets import DEFAULT_PRESET, PRESETS, get_preset
from referee.rules.settings_said import value_said
from referee.web.house_words import NumberOrWords, refused, value_typed, values_said, words_of

FormData = MultiDict[str, str]  # what a form is filled from: a request's form or query, as Werkzeug reads it
# WTForms' validator: it is given the form and the field, and raises ValidationError (what it returns is not read).
Validator = Callable[[object, Field], object]
ExtraValidators = Mapping[str, Sequence[Validator]] | None  # a form's `validate` extras: more validators per field


def presets_of(family: str) -> list[str]:
    """The presets whose games `family` plays, as the engine's registry says."""
    return [name for name in PRESETS if family_playing(name).name == family]


def evening_presets() -> list[str]:
    """The presets whose rules can be an evening's own (a new game's default), as the engine's registry says."""
    return [name for name in PRESETS if family_playing(name).evening_rules]


def presets_said(presets: Sequence[str]) -> dict[str, str]:
    """A select's choices: each of `presets` named in a player's words, in the language spoken now."""
    return {name: str(preset_said(name)) for name in presets}


def options_of(presets: Sequence[str]) -> list[str]:
    """The options some of `presets` have, in the options table's order."""
    return [name for name in OPTIONS if any(name in PRESETS[preset].defaults for preset in presets)]


# An evening's own rules (a new game's default, the desk's "this evening's rules"): the presets of the families whose
# rules can be an evening's.
EVENING_PRESETS = [name for name in PRESETS if family_playing(name).evening_rules]
LONGEST_NUMBER = 18  # digits: every number a form takes fits in SQLite's 64-bit integers (2^63 has 19)


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


def one_time_fields() -> Markup:
    """The hidden fields of a button that writes: the CSRF token and a fresh one-time key, as a `KeyedForm` sends them.

    Written out, not drawn by a `KeyedForm` made for each button: a round's answer carries three such buttons, and
    making their forms was a tenth of its cost (#22).
    """
    token = f'<input name="csrf_token" type="hidden" value="{escape(generate_csrf())}">' if csrf_on() else ""
    return Markup(f'{token}<input name="submission" type="hidden" value="{one_time_key()}">')  # noqa: S704 — escaped above; the key is URL-safe


def sheet_fields(form: KeyedForm) -> Markup:
    """An entry form's hidden fields (its token, one-time key and the versions it was filled on), written out as
    WTForms draws them: drawing them through its widgets was a sixth of a round form's cost once its fields are kept
    (#36)."""
    fields = form._fields  # WTForms' own mapping of the form's fields, by name
    token = fields.get("csrf_token")
    parts = [f'<input name="csrf_token" type="hidden" value="{escape(token._value())}">'] if token is not None else []
    parts.append(f'<input name="submission" type="hidden" value="{escape(form.submission._value())}">')
    for name in ("based_on", "seen"):
        field = fields.get(name)
        if field is not None:
            parts.append(f'<input id="{name}" name="{name}" type="hidden" value="{escape(field._value())}">')
    return Markup("".join(parts))  # noqa: S704 — every value escaped above


def csrf_on() -> bool:
    """Whether the app checks CSRF tokens (Flask-WTF's `WTF_CSRF_ENABLED`, on unless a test turns it off)."""
    return bool(current_app.config.get("WTF_CSRF_ENABLED", True))


class Form(FlaskForm):
    """Flask-WTF's form, its own messages ("Not a valid choice.") read from a catalogue loaded once per language.

    Flask-WTF loads WTForms' catalogue from disk at each request that makes a form: a few milliseconds of every
    round posted (#22).
    """

    class Meta(FlaskForm.Meta):
        """Flask-WTF's settings, but the catalogue."""

        def get_translations(self, form: object) -> object:
            """WTForms' catalogue in the request's language, loaded once per language."""
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return wtforms_catalogue(str(get_locale()))


@functools.cache
def wtforms_catalogue(language: str) -> support.NullTranslations:
    """WTForms' own messages in `language` (its English where it has none)."""
    return support.Translations.load(messages_path(), [language], domain="wtforms")


class HouseRules(Form):
    """A field per option of `names` (set below), each blank unless the house changes it; no fields of its own."""

    names: ClassVar[list[str]] = []
    presets: ClassVar[list[str]] = []  # the presets its rules are of: the words its fields take are theirs

    class Meta:  # noqa: D106 - the outer form carries the CSRF token
        csrf = False

    def overrides(self) -> dict[str, str]:
        """The options the house changed, in the options' own words ("none" for "aucun": `house_words.value_typed`)."""
        typed = {name: self[name].data for name in self.names if (self[name].data or "").strip()}
        return {name: value_typed(name, text, self.presets) for name, text in typed.items()}

    def check(self, preset: str) -> list[str]:
        """Check each house rule on its own field, then all together; returns what is wrong with them together.

        A number refused says the values its field takes, in the reader's words.
        """
        for name, value in self.overrides().items():
            try:
                OPTIONS[name].parse(value)
            except OptionError as error:
                said = refused(name, self.presets, value) if OPTIONS[name].kind == "int" else str(error)
                self[name].errors = [*self[name].errors, said]
                continue
            try:
                defaults = get_preset(preset).defaults
            except OptionError as error:  # no such preset (a forged form)
                self[name].errors = [*self[name].errors, str(error)]
                continue
            if name not in defaults:
                said = str(_l("%(name)s is not a rule of %(preset)s", name=name, preset=preset))
                self[name].errors = [*self[name].errors, said]
        if self.errors:
            return []
        try:
            rules_for(preset, self.overrides())
        except OptionError as error:
            return [str(error)]
        return []


class HouseRulesForm(HouseRules):
    """One field per option of an evening's own rules; a blank field keeps the preset's default."""

    names: ClassVar[list[str]] = options_of(EVENING_PRESETS)
    presets: ClassVar[list[str]] = EVENING_PRESETS


def _house_rule_field(name: str, presets: list[str]) -> Field:
    """A house rule's field, labelled in a player's words ("Points needed to open"), said in the reader's language.

    Its name (`house-opening_threshold`) stays the option's; the page shows the option's name only on the rules page,
    in its fold for the command line.
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
    typed = words_of(name, presets)
    if typed:  # a number, or a word chosen from the list in the reader's language ("aucun")
        return StringField(label, default="", widget=NumberOrWords(name, typed))
    return StringField(label, default="")


def add_house_rule_fields(form: type[HouseRules]) -> None:
    """Give a house-rules form its field per option (its `names`)."""
    for name in form.names:
        setattr(form, name, _house_rule_field(name, form.presets))


add_house_rule_fields(HouseRulesForm)


def house_rule_hints(preset: str) -> dict[str, str]:
    """For each option of `preset`, what it means, the values it takes and its default, in the reader's language.

    An unknown preset (a forged form, refused on its field) shows the default preset's.
    """
    defaults = PRESETS.get(preset, PRESETS[DEFAULT_PRESET]).defaults
    known = preset if preset in PRESETS else DEFAULT_PRESET
    return {name: _hint(name, defaults[name], known) for name in OPTIONS if name in defaults}


def _hint(name: str, default: Value, preset: str) -> str:
    """One option's hint: its meaning, its default in words, and the values it takes when they are typed."""
    option = OPTIONS[name]
    if option.kind != "int":  # a choice in words on the form: its values need no saying
        return str(
            _l("%(meaning)s. Default: %(default)s.", meaning=option.meaning_said(), default=value_said(name, default))
        )
    return str(
        _l(
            "%(meaning)s. Takes %(values)s; default: %(default)s.",
            meaning=option.meaning_said(),
            values=values_said(name, [preset]),
            default=value_said(name, default),
        )
    )


AT_RANDOM = "*"  # the first dealer's choice "drawn at random": no name is "*" (names have a letter or a digit)


NOT_THIS_PAGE = _l("This form was not made by this page: reload it and try again.")


class KeyedForm(Form):
    """A form that carries a one-time key, so that a double tap or a resend records it once."""

    submission = HiddenField(default=one_time_key)

    def validate(self, extra_validators: ExtraValidators = None) -> bool:
        """The fields, and the versions the page wrote in its hidden fields: a number no game reaches is refused."""
        valid = bool(super().validate(extra_validators))
        for name in VERSIONS:
            field = self._fields.get(name)
            text = "" if field is None or field.data is None else str(field.data).strip()
            number = bounded_number(text)
            if text and (number is None or number > LARGEST_VERSION):
                if not self.form_errors:
                    self.form_errors.append(str(NOT_THIS_PAGE))
                valid = False
        return valid


VERSIONS = ("seen", "based_on")  # the hidden fields that carry a game's version or an entry's revision
LARGEST_VERSION = 2**63 - 1  # SQLite's largest integer


def revision_of(text: str | int | None) -> int:
    """The revision an edit was made from, as its form sent it; -1 when it does not say, which no event has."""
    number = bounded_number(None if text is None else str(text))
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
