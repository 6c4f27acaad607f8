"""A message said lazily (`words.Said`) as JSON data, and said again from it: a ruling saved in the words of the phone
that asked it reads in the language of whoever opens the disputes log.

The data is the message and its values, each value a text, a number or another message:
`{"message": "not valid: {reason}", "values": {"reason": {"message": "a meld needs at least 3 cards", "values": {}}}}`,
with `plural` and `n` for a message that has a plural form, and `context` for one said in a context (a card's rank).
A text that is no message (a name, cards written out) is kept as the text it is.

What `said_again` reads is checked as a stranger's: a database may come from elsewhere (a backup somebody sends), so a
message whose placeholders are more than plain names (`{x.__class__}`), whose values are missing or of another type,
or that nests deeper than any the app writes, is not said at all (None), and the reader gets the text as it was given.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from string import Formatter

from referee.rules.words import Said

DEEPEST = 24  # messages within messages: a card within a row of cards within a reason within a verdict, and so on
# A placeholder's format, as the engine's messages write one ("{total:+d}"): never a width that could fill the memory.
_SPEC = re.compile(r"[<>=^]?[+\- ]?[0-9]{0,2}(?:\.[0-9]{1,2})?[a-zA-Z%]?")
_KEYS = frozenset({"message", "values", "plural", "n", "context"})


def said_data(text: str) -> object:
    """`text` as JSON data: a message said lazily as its message and values, any other text as it is (said now).

    >>> from referee.rules.words import say, say_plural
    >>> said_data(say("{cards}: not valid", cards="9♥ 9♠")), said_data("Ana")
    ({'message': '{cards}: not valid', 'values': {'cards': '9♥ 9♠'}}, 'Ana')
    >>> said_data(say_plural("{n} joker", "{n} jokers", 2))
    {'message': '{n} joker', 'values': {}, 'plural': '{n} jokers', 'n': 2}
    """
    if not isinstance(text, Said):
        return str(text)
    message, plural, n, values, context = text.parts()
    data: dict[str, object] = {"message": message, "values": {name: _value(value) for name, value in values.items()}}
    if plural is not None:
        data.update(plural=plural, n=n)
    if context is not None:
        data["context"] = context
    return data


def _value(value: object) -> object:
    """One value of a message as data: a message said lazily, a number, or the text it is said as now."""
    if isinstance(value, Said):
        return said_data(value)
    if isinstance(value, int | float):
        return value
    return str(value)


class _NotSaid(ValueError):
    """Data that `said_data` did not write."""


def said_again(data: object) -> str | None:
    """What `said_data` wrote, said again lazily: in the language spoken when it is shown; None for anything else.

    >>> from referee.rules.words import say, speaking
    >>> again = said_again(said_data(say("{cards}: not valid", cards="9♥ 9♠")))
    >>> with speaking(lambda m: {"{cards}: not valid": "{cards} : non valide"}.get(m, m), lambda s, p, n: s):
    ...     str(again)
    '9♥ 9♠ : non valide'
    >>> said_again({"message": "{x.__class__}", "values": {"x": "a"}}), said_again({"message": "{x}", "values": {}})
    (None, None)
    """
    try:
        return _said(data, DEEPEST)
    except (_NotSaid, ValueError):
        return None


def _said(data: object, depth: int) -> str:
    """A text as it is, or a message said again from its data (at most `depth` messages deep)."""
    if isinstance(data, str):
        return data
    if not isinstance(data, Mapping) or depth <= 0 or not _KEYS.issuperset(data):
        raise _NotSaid(data)
    message, values = data.get("message"), data.get("values")
    plural, n, context = data.get("plural"), data.get("n", 0), data.get("context")
    if not isinstance(message, str) or not isinstance(values, Mapping):
        raise _NotSaid(data)
    if not isinstance(plural, str | None) or not isinstance(context, str | None):
        raise _NotSaid(data)
    if isinstance(n, bool) or not isinstance(n, int):
        raise _NotSaid(data)
    said = {str(name): _value_again(value, depth - 1) for name, value in values.items()}
    named = _names(message) | (set() if plural is None else _names(plural))
    if not named <= set(said) | (set() if plural is None else {"n"}):
        raise _NotSaid(data)  # a placeholder without its value
    return Said(message, plural, n, said, context)


def _value_again(value: object, depth: int) -> object:
    """One value as `_value` wrote it: a number, a text, or a message."""
    if isinstance(value, int | float):
        return value
    return _said(value, depth)


def _names(template: str) -> set[str]:
    """The names of the placeholders of `template`; _NotSaid for one that is more than a name (an attribute, an index,
    a position) or whose format is more than the engine's messages write."""
    names = set()
    for _, name, spec, conversion in Formatter().parse(template):  # ValueError for unbalanced braces
        if name is None:
            continue
        if not name.isidentifier() or conversion not in (None, "r", "s") or not _SPEC.fullmatch(spec or ""):
            raise _NotSaid(template)
        names.add(name)
    return names
