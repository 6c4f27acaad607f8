"""The words players read, in their language: the engine speaks English until told otherwise.

Every message of the engine goes through `say` (or `say_plural`) with named `{placeholders}`, filled
after translation so a translation may move them; literal braces are doubled, as in `str.format`. A word
that means something else elsewhere is said in a context (`say_in`: a card's rank, "K" in French is "R").
Text kept as data (an option's meaning, a preset's summary) is marked with `N_` and said where it is shown.
The web layer calls `speaking` with the request's translation functions; `pybabel extract` finds the
messages through these names (babel.cfg).

What `say` gives is a `Said`: a string whose value is the English text, which remembers its message and
values and says them again, in the language spoken then, each time it is shown (`str`, `format`, an
f-string, `%s`, a template). So a game replayed once and kept holds no language: a French reader sees
French. Joining or adding it to other text (`+`, `str.join`) keeps the English: pass it as a value of
another `say`, or join with `joined`, instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from contextvars import ContextVar, Token
from dataclasses import dataclass
from functools import cache, reduce
from types import MappingProxyType, TracebackType
from typing import Any

Gettext = Callable[[str], str]  # a message in, its translation out, placeholders untouched
Ngettext = Callable[[str, str, int], str]  # singular, plural and count in, the right translated form out
Pgettext = Callable[[str, str], str]  # a context and a message in, the message's translation in that context out


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def _english_in(context: str, message: str) -> str:
    return message


@dataclass(frozen=True)
class Speaker:
    """The translation functions the engine speaks through, and whether its language elides (French: d’Anaïs)."""

    gettext: Gettext
    ngettext: Ngettext
    elides: bool = False
    pgettext: Pgettext = _english_in


# "de" or "que" just before a value: French writes "d’Anaïs", "qu’Éloïse" when the value starts with a vowel sound.
_BEFORE_VALUE = re.compile(r"(?<![\w’'])([Dd]e|[Qq]ue) (%\((\w+)\)s|\{(\w+)\})")
_VOWELS = frozenset("aeiouhàâäéèêëîïôöùûüÿœæ")


def _vowel_sound(text: str) -> bool:
    """Whether `text` starts with a vowel sound: a vowel, an h (a name's h is taken as mute), a y before a consonant."""
    word = text.lstrip().lower()
    if not word:
        return False
    if word[0] == "y":
        return len(word) > 1 and word[1] not in _VOWELS
    return word[0] in _VOWELS


def elide(template: str, values: Mapping[str, object]) -> str:
    """`template` with each "de"/"que" before a value that starts with a vowel sound elided, as French writes it.

    Both kinds of placeholder are read: `%(name)s` (gettext) and `{name}` (`say`). Only the words before a
    value change, so a translation written with "de %(name)s" is right for every name.

    >>> elide("les cartes de %(name)s", {"name": "Anaïs"}), elide("la donne de {name}", {"name": "Bob"})
    ('les cartes d’%(name)s', 'la donne de {name}')
    >>> elide("plus que {name}", {"name": "Éloïse"}), elide("de {name}", {"name": "Yann"})
    ('plus qu’{name}', 'de {name}')
    """

    def joined(match: re.Match[str]) -> str:
        word, placeholder = match.group(1), match.group(2)
        value = values.get(match.group(3) or match.group(4) or "")
        return f"{word[:-1]}’{placeholder}" if value is not None and _vowel_sound(str(value)) else match.group(0)

    return _BEFORE_VALUE.sub(joined, template) if ("de " in template or "que " in template) else template


ENGLISH = Speaker(_english, _english_plural)
_speaker: ContextVar[Speaker] = ContextVar("referee_speaker", default=ENGLISH)


_HTML = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "'": "&#39;", '"': "&#34;"})


def _fill(
    speaker: Speaker, message: str, plural: str | None, n: int, values: Mapping[str, object], context: str | None
) -> str:
    if context is not None:
        template, filled = speaker.pgettext(context, message), values
    elif plural is None:
        template, filled = speaker.gettext(message), values
    else:
        template, filled = speaker.ngettext(message, plural, n), {"n": n, **values}
    return (elide(template, filled) if speaker.elides else template).format(**filled)


class Said(str):
    """A message said lazily: its value is the English text; shown (`str`, `format`, `__html__`), it is said again.

    Equality, hashing, `+`, `str.join` and JSON see the English text. The values it was said with that are
    themselves said (a reason within a reason) are said again with it. A message said in a `context` (`say_in`)
    is translated in that context.

    >>> french = {"{name} wins": "{name} gagne"}
    >>> said = say("{name} wins", name="Ana")
    >>> with speaking(lambda m: french.get(m, m), lambda s, p, n: s):
    ...     str(said), f"«{said}»", said == "Ana wins"
    ('Ana gagne', '«Ana gagne»', True)
    """

    _message: str
    _plural: str | None
    _n: int
    _values: Mapping[str, object]
    _context: str | None

    def __new__(
        cls,
        message: str,
        plural: str | None = None,
        n: int = 0,
        values: Mapping[str, object] = MappingProxyType({}),
        context: str | None = None,
    ) -> Said:
        """The message `message` (or its plural form for `n`, or the message in `context`) with `values`; its value
        is the English text."""
        if not isinstance(values, MappingProxyType):
            values = MappingProxyType(dict(values))
        if _speaker.get() is ENGLISH:
            english = _fill(ENGLISH, message, plural, n, values, context)
        else:
            token = _speaker.set(ENGLISH)  # values that are said themselves are filled in English too
            try:
                english = _fill(ENGLISH, message, plural, n, values, context)
            finally:
                _speaker.reset(token)
        return cls._made(english, message, plural, n, values, context)

    @classmethod
    def _made(
        cls,
        english: str,
        message: str,
        plural: str | None,
        n: int,
        values: MappingProxyType[str, object],
        context: str | None,
    ) -> Said:
        """The message already filled in English (`english`): for a message whose English is known without filling."""
        said = super().__new__(cls, english)
        said._message, said._plural, said._n, said._values, said._context = message, plural, n, values, context
        return said

    def __str__(self) -> str:
        speaker = _speaker.get()
        if speaker is ENGLISH:
            return str.__str__(self)
        return _fill(speaker, self._message, self._plural, self._n, self._values, self._context)

    def __format__(self, spec: str) -> str:
        if not spec and _speaker.get() is ENGLISH:  # the commonest case, each time a message is made: be quick
            return str.__str__(self)
        return format(str(self), spec)

    def __html__(self) -> str:
        """The text said now, escaped for HTML as markupsafe escapes text (Jinja and markupsafe call this)."""
        return str(self).translate(_HTML)

    def parts(self) -> tuple[str, str | None, int, Mapping[str, object], str | None]:
        """What it is said from: its message, plural form, count, values and context (`said_data` saves them)."""
        return self._message, self._plural, self._n, self._values, self._context

    def __reduce__(self) -> tuple[Any, ...]:
        said = (self._message, self._plural, self._n, dict(self._values))
        return (Said, said if self._context is None else (*said, self._context))


def say(message: str, /, **values: object) -> Said:
    """`message` in the language spoken when it is shown, its `{placeholders}` filled from `values`.

    >>> say("a group holds at most {n} cards", n=4)
    'a group holds at most 4 cards'
    """
    return Said(message, values=MappingProxyType(values))  # this call's own dict: nobody else holds it


def say_plural(singular: str, plural: str, n: int, /, **values: object) -> Said:
    """The form of `singular` / `plural` that `n` calls for, said when shown, with `{n}` and `values` filled in.

    >>> say_plural("{n} joker", "{n} jokers", 1), say_plural("{n} joker", "{n} jokers", 2)
    ('1 joker', '2 jokers')
    """
    return Said(singular, plural, n, MappingProxyType(values))


def say_in(context: str, message: str, /, **values: object) -> Said:
    """`message` as it is said in `context`, where a word means something of its own: a card's rank ("K", "R").

    >>> king = say_in("card rank", "K")
    >>> with speaking(lambda m: m, lambda s, p, n: s, pgettext=lambda c, m: {"K": "R"}.get(m, m)):
    ...     str(king), f"{king}♥"
    ('R', 'R♥')
    """
    return Said(message, values=MappingProxyType(values), context=context)


def joined(items: Iterable[str], separator: str = " ") -> str:
    """The items one after another with `separator` between them, said when shown: cards, "K♥ Q♥ J♥" ("R♥ D♥ V♥").

    Items said themselves keep being said (`str.join` would keep their English); without any, a plain string.

    >>> king = say_in("card rank", "K")
    >>> row = joined([say("{rank}♥", rank=king), "10♥"])
    >>> with speaking(lambda m: m, lambda s, p, n: s, pgettext=lambda c, m: {"K": "R"}.get(m, m)):
    ...     row, str(row)
    ('K♥ 10♥', 'R♥ 10♥')
    >>> joined(["9♦", "9♣"], " | ")
    '9♦ | 9♣'
    """
    listed = list(items)
    if len(listed) < 2 or not any(isinstance(item, Said) for item in listed):
        return listed[0] if len(listed) == 1 else separator.join(listed)
    message, names = _row(separator, len(listed))
    # Each item's value is its English: joined as they are, they are the English of the whole, with no filling.
    values = MappingProxyType(dict(zip(names, listed, strict=True)))
    return Said._made(separator.join(listed), message, None, 0, values, None)


@cache
def _row(separator: str, count: int) -> tuple[str, tuple[str, ...]]:
    """The message of `count` items with `separator` between them ("{i0} {i1} {i2}"), and their names."""
    names = tuple(f"i{number}" for number in range(count))
    between = separator.replace("{", "{{").replace("}", "}}")
    return between.join(f"{{{name}}}" for name in names), names


def reason_of(error: BaseException) -> str:
    """An exception's message as it was said (still lazy), for another exception or a refusal to carry.

    >>> reason_of(ValueError(say("the game is over"))), reason_of(KeyError("Ana"))
    ('the game is over', "'Ana'")
    """
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, Said) else str(error)


def N_(message: str) -> str:
    """Mark `message` for the catalogue and keep it as it is: it is said (translated) where it is shown.

    >>> N_("most cards in a group (same rank)")
    'most cards in a group (same rank)'
    """
    return message


def or_list(items: Iterable[str]) -> str:
    """Items as alternatives, said when shown: "9♦ or 9♣", "9♦, 9♣ or 9♥".

    >>> or_list(["9♦", "9♣"]), or_list(["A♠"]), or_list(["9♦", "9♣", "9♥"])
    ('9♦ or 9♣', 'A♠', '9♦, 9♣ or 9♥')
    """
    return _listed(list(items), lambda these, that: say("{these} or {that}", these=these, that=that))


def and_list(items: Iterable[str]) -> str:
    """Items taken together, said when shown: "9♦ and 9♣", "Ana, Ben and Eve".

    >>> and_list(["9♦", "9♣"]), and_list(["Ana", "Ben", "Eve"])
    ('9♦ and 9♣', 'Ana, Ben and Eve')
    """
    return _listed(list(items), lambda these, that: say("{these} and {that}", these=these, that=that))


def _listed(listed: list[str], last: Callable[[str, str], str]) -> str:
    """The items separated by commas, the last two joined by `last` ("and", "or")."""
    if not listed:
        return ""
    if len(listed) == 1:
        return listed[0]
    first = reduce(lambda these, that: say("{these}, {that}", these=these, that=that), listed[:-1])
    return last(first, listed[-1])


class Voice:
    """The language `speaking` switched to: `stop()` (or the end of a `with` block) switches back."""

    def __init__(self, speaker: Speaker) -> None:
        self._token: Token[Speaker] | None = _speaker.set(speaker)

    def stop(self) -> None:
        """Speak again as before `speaking` was called."""
        if self._token is None:
            return
        try:
            _speaker.reset(self._token)
        except ValueError:  # stopped in another context than it started in: that context had its own
            _speaker.set(ENGLISH)
        self._token = None

    def __enter__(self) -> Voice:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.stop()


def speaking(gettext: Gettext, ngettext: Ngettext, *, elides: bool = False, pgettext: Pgettext = _english_in) -> Voice:
    """Speak through `gettext`, `ngettext` and `pgettext` from now on, in this context (a thread, a request); `elides`
    for French.

    >>> french = {"the game is over": "la partie est finie"}
    >>> said = say("the game is over")
    >>> with speaking(lambda m: french.get(m, m), lambda s, p, n: s if n < 2 else p):
    ...     str(said)
    'la partie est finie'
    >>> str(said)
    'the game is over'
    """
    return Voice(Speaker(gettext, ngettext, elides, pgettext))


def in_english() -> Voice:
    """Speak English from now on, in this context: for a sentence written in English inside a page in French.

    >>> with speaking(lambda m: "la partie est finie", lambda s, p, n: s), in_english():
    ...     str(say("the game is over"))
    'the game is over'
    """
    return Voice(ENGLISH)


def shown(number: int) -> str:
    """A whole number as a page writes it: a true minus sign below 0 (an export keeps "-").

    >>> shown(18), shown(0), shown(-7)
    ('18', '0', '−7')
    """
    return f"−{-number}" if number < 0 else str(number)


def signed(points: int) -> str:
    """A score change as the sheet writes it: a plus for a gain, a true minus for a loss.

    >>> signed(18), signed(0), signed(-7)
    ('+18', '0', '−7')
    """
    return f"+{points}" if points > 0 else ("0" if points == 0 else f"−{-points}")
