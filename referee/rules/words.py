"""The words players read, in their language: the engine speaks English until told otherwise.

Every message of the engine goes through `say` (or `say_plural`) with named `{placeholders}`, filled
after translation so a translation may move them; literal braces are doubled, as in `str.format`. Text
kept as data (an option's meaning, a preset's summary) is marked with `N_` and said where it is shown.
The web layer calls `speaking` with the request's translation functions; `pybabel extract` finds the
messages through these names (babel.cfg).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar, Token
from dataclasses import dataclass
from functools import reduce
from types import TracebackType

Gettext = Callable[[str], str]  # a message in, its translation out, placeholders untouched
Ngettext = Callable[[str, str, int], str]  # singular, plural and count in, the right translated form out


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


@dataclass(frozen=True)
class Speaker:
    """The translation functions the engine speaks through."""

    gettext: Gettext
    ngettext: Ngettext


ENGLISH = Speaker(_english, _english_plural)
_speaker: ContextVar[Speaker] = ContextVar("referee_speaker", default=ENGLISH)


def say(message: str, /, **values: object) -> str:
    """`message` in the language spoken now, its `{placeholders}` filled from `values`.

    >>> say("a group holds at most {n} cards", n=4)
    'a group holds at most 4 cards'
    """
    return _speaker.get().gettext(message).format(**values)


def say_plural(singular: str, plural: str, n: int, /, **values: object) -> str:
    """The form of `singular` / `plural` that `n` calls for, spoken now, with `{n}` and `values` filled in.

    >>> say_plural("{n} joker", "{n} jokers", 1), say_plural("{n} joker", "{n} jokers", 2)
    ('1 joker', '2 jokers')
    """
    return _speaker.get().ngettext(singular, plural, n).format(**{"n": n, **values})


def N_(message: str) -> str:
    """Mark `message` for the catalogue and keep it as it is: it is said (translated) where it is shown.

    >>> N_("most cards in a group (same rank)")
    'most cards in a group (same rank)'
    """
    return message


def or_list(items: Iterable[str]) -> str:
    """Items as alternatives, in the language spoken now.

    >>> or_list(["9♦", "9♣"]), or_list(["A♠"])
    ('9♦ or 9♣', 'A♠')
    """
    listed = list(items)
    return reduce(lambda these, that: say("{these} or {that}", these=these, that=that), listed) if listed else ""


def and_list(items: Iterable[str]) -> str:
    """Items taken together, in the language spoken now.

    >>> and_list(["9♦", "9♣"])
    '9♦ and 9♣'
    """
    listed = list(items)
    return reduce(lambda these, that: say("{these} and {that}", these=these, that=that), listed) if listed else ""


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


def speaking(gettext: Gettext, ngettext: Ngettext) -> Voice:
    """Speak through `gettext` and `ngettext` from now on, in this context (a thread, a request).

    >>> french = {"the game is over": "la partie est finie"}
    >>> with speaking(lambda m: french.get(m, m), lambda s, p, n: s if n < 2 else p):
    ...     say("the game is over")
    'la partie est finie'
    >>> say("the game is over")
    'the game is over'
    """
    return Voice(Speaker(gettext, ngettext))


def signed(points: int) -> str:
    """A score change as the sheet writes it: a plus for a gain, a true minus for a loss.

    >>> signed(18), signed(0), signed(-7)
    ('+18', '0', '−7')
    """
    return f"+{points}" if points > 0 else ("0" if points == 0 else f"−{-points}")
