"""A house rule written as a number, in the reader's words: the words it takes besides a number ("aucun" or "none",
"auto", "représenté"), offered in a list under the field and read back to the option's own values, which the records
and the command line keep (docs/formats.md); and the values it takes, said in a hint or a refusal.

A rule with a fixed set of values (yes or no, a choice) is chosen from a list of its own (`forms._house_rule_field`).
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from typing import Any

from flask_babel import gettext as _
from markupsafe import Markup, escape
from wtforms import Field
from wtforms.widgets import TextInput

from referee.rules.families import rules_for
from referee.rules.option_words import typed_word
from referee.rules.options import OPTIONS, OptionError, Value, show_value
from referee.rules.presets import PRESETS
from referee.rules.settings_said import value_said
from referee.rules.words import or_list, say

QUOTED_TYPED = 24  # characters of a refused value quoted back; a longer one is cut


def words_of(name: str, presets: Sequence[str]) -> tuple[str, ...]:
    """The words an option written as a number takes besides one under some of `presets`, as the records write them:
    `auto`, `represented`, `none` (Kaiser's `target` takes no `none`: a game is played to a score).

    >>> words_of("target", ["rami"]), words_of("target", ["kaiser"]), words_of("hand_size", ["kaluki"])
    (('none',), (), ())
    """
    return _words_of(name, tuple(presets))


@functools.cache
def _words_of(name: str, presets: tuple[str, ...]) -> tuple[str, ...]:
    option = OPTIONS[name]
    words = (*option.choices, "none") if option.none_allowed else option.choices
    return tuple(word for word in words if any(_takes(preset, name, word) for preset in presets))


def _takes(preset: str, name: str, word: str) -> bool:
    """Whether `preset`'s rules take the option `name` at the value `word`."""
    if name not in PRESETS[preset].defaults:
        return False
    try:
        rules_for(preset, {name: OPTIONS[name].parse(word)})
    except OptionError:
        return False
    return True


def _folded(text: str) -> str:
    """A word as compared: its case, its accents and its spaces aside ("Représenté " reads "represente")."""
    letters = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in letters if not unicodedata.combining(c)).split())


def value_typed(name: str, text: str, presets: Sequence[str]) -> str:
    """A house rule as typed, in the option's own words: a word of the reader's language ("aucun", "sans limite") or
    the option's own ("none") that the option takes under `presets` is the option's value ("none"); anything else is
    as typed (a number, or what the rules refuse)."""
    if OPTIONS[name].kind != "int":
        return text.strip()
    typed = _folded(text)
    for word in words_of(name, presets):
        said = value_said(name, None if word == "none" else word)
        if typed in {_folded(word), _folded(str(typed_word(word))), _folded(str(said))}:
            return word
    return text.strip()


def typed_said(name: str, value: Value) -> str:
    """A house rule's value as its field shows it: a number, a word in the reader's language ("aucun"), or the value
    a list of choices sends (`yes`, `keep_three`)."""
    if OPTIONS[name].kind == "int" and (value is None or isinstance(value, str)):
        return str(typed_word(show_value(value)))
    return show_value(value)


def values_said(name: str, presets: Sequence[str]) -> str:
    """The values an option written as a number takes under `presets`, in the reader's words: "a whole number from 1
    to 8 or “auto”"."""
    option = OPTIONS[name]
    whole = say("a whole number from {minimum} to {maximum}", minimum=option.minimum, maximum=option.maximum)
    return str(or_list([whole, *(_("“%(word)s”", word=typed_word(word)) for word in words_of(name, presets))]))


def refused(name: str, presets: Sequence[str], text: str) -> str:
    """Why a value typed for the option `name` is not one of its values under `presets`, naming the ones it takes, in
    the reader's words."""
    given = text.strip()
    if len(given) > QUOTED_TYPED:
        given = given[:QUOTED_TYPED] + "…"
    return str(_("Type %(values)s, not “%(given)s”.", values=values_said(name, presets), given=given))


class NumberOrWords(TextInput):
    """A house rule's field that takes a number or a word: the words are offered in a list (a `datalist`) in the
    reader's language, so that they are chosen, never typed as the records write them."""

    def __init__(self, name: str, words: tuple[str, ...]) -> None:
        super().__init__()
        self.name, self.words = name, words

    def __call__(self, field: Field, **kwargs: Any) -> Markup:
        """The input, and the list of its words."""
        name = self.name
        said = [(typed_word(word), value_said(name, None if word == "none" else word)) for word in self.words]
        listed = f"{field.id}-words"
        # each word with what it means ("aucun": "sans limite"); every part escaped: the field (WTForms), the words
        offered = "".join(f'<option value="{escape(word)}" label="{escape(meaning)}">' for word, meaning in said)
        return Markup(f'{super().__call__(field, list=listed, **kwargs)}<datalist id="{listed}">{offered}</datalist>')  # noqa: S704
