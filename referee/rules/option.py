"""One table option as a value: its name, meaning and source, the values it takes and how a typed one is read
(`Option`); the refusal of a value (`OptionError`). The options themselves are the table of `options`."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.words import or_list, say

Value = bool | int | str | None
MOST = 100_000  # the largest whole number any option takes, unless it says less: scores, chips and points
MOST_PLAYERS = 8  # the most a rummy preset seats (Rami, 2-8)
MOST_AT_TABLE = 12  # the most one evening seats: a rummy game splits it into two tables, an other game seats them all
QUOTED_LENGTH = 24  # a refused value longer than this is cut when it is quoted back


class OptionError(ValueError):
    """An unknown preset or option, or a value of the wrong kind."""


@dataclass(frozen=True)
class Option:
    """One table option: its name, what it means, where it comes from and which values it takes."""

    name: str
    meaning: str  # English, marked with N_; shown with meaning_said()
    source: str  # the same, shown with source_said()
    kind: str  # "bool", "int", "choice" or "text"
    choices: tuple[str, ...] = ()  # the words it takes ("choice"), or besides a whole number ("int")
    minimum: int = 0
    none_allowed: bool = False  # `none` means "no limit"
    maximum: int = MOST
    label: str = ""  # a few plain words naming it on a form (from LABELS, marked with N_); shown with label_said()
    topic: str = ""  # what the rules page folds it under (a key of `TOPICS`)
    said: tuple[tuple[str, str], ...] = ()  # a family's own choice: each value in players' words (English, N_); the
    # app's own options' values are said in `option_words.CHOICE_WORDS`

    def parse(self, text: str) -> Value:
        """The value a player typed (`yes`, `8`, `none`, `represented`), checked against this option's kind."""
        if self.kind == "text":
            return self._text(text)
        word = text.strip().lower()
        if self.none_allowed and word == "none":
            return None
        if self.kind == "bool":
            if word in ("true", "yes"):
                return True
            if word in ("false", "no"):
                return False
            raise OptionError(say("{name} takes true or false (yes or no), not {text!r}", name=self.name, text=text))
        if word in self.choices:
            return word
        if self.kind == "int":
            if not word.isascii() or not word.isdigit() or len(word) > len(str(self.maximum)) + 1:
                raise self._refused(quoted(text))  # int() would read "٣" or "1_0", and a 5,000-digit string
            number = int(word)
            if not self.minimum <= number <= self.maximum:
                raise self._refused(str(number))
            return number
        raise self._refused(repr(text))

    def check(self, value: Value) -> Value:
        """A value given as data (from a game record), checked against this option's kind."""
        if value is None and self.none_allowed:
            return None
        if isinstance(value, bool):
            if self.kind == "bool":
                return value
        elif isinstance(value, int):
            if self.kind == "int" and self.minimum <= value <= self.maximum:
                return value
        elif isinstance(value, str):
            return self.parse(value)
        raise self._refused(quoted(value))

    def _text(self, text: str) -> str:
        """A text as typed: its spaces trimmed, at most `maximum` characters, nothing but printable characters."""
        value = " ".join(text.split())
        if len(value) > self.maximum or not value.isprintable():
            raise self._refused(quoted(text))
        return value

    def _refused(self, given: str) -> OptionError:
        return OptionError(
            say("{name} takes {values}, not {given}", name=self.name, values=self.describe_values(), given=given)
        )

    def describe_values(self) -> str:
        """The values this option takes, in words; the values themselves (`true`, `auto`, `none`) are typed as is."""
        if self.kind == "text":
            return say("a text of at most {most} characters", most=self.maximum)
        if self.kind == "bool":
            words = ["true", "false"]
        elif self.kind == "int":
            whole = say("a whole number from {minimum} to {maximum}", minimum=self.minimum, maximum=self.maximum)
            words = [whole, *self.choices]
        else:
            words = list(self.choices)
        if self.none_allowed:
            words.append("none")
        return or_list(words)

    def label_said(self) -> str:
        """The option's name in a player's words ("Points to open"), in the language spoken now."""
        return say(self.label or self.name)

    def meaning_said(self) -> str:
        """What the option means, in the language spoken now."""
        return say(self.meaning)

    def source_said(self) -> str:
        """Where the option comes from, in the language spoken now."""
        return say(self.source)


def quoted(value: object) -> str:
    """A refused value as quoted back to the player: its repr, cut short when it is long (a 5,000-digit typo).

    >>> quoted("abc"), quoted("9" * 5000), quoted(10**5000)
    ("'abc'", "'999999999999999999999999…' (5000 characters)", 'a number of more than 24 digits')
    """
    if isinstance(value, str) and len(value) > QUOTED_LENGTH:
        return say("{start} ({count} characters)", start=repr(value[:QUOTED_LENGTH])[:-1] + "…'", count=len(value))
    if isinstance(value, int) and abs(value) >= 10**QUOTED_LENGTH:
        return say("a number of more than {count} digits", count=QUOTED_LENGTH)
    text = repr(value)
    return text if len(text) <= 2 * QUOTED_LENGTH else text[: 2 * QUOTED_LENGTH] + "…"


def show_value(value: Value) -> str:
    """An option value as a player reads it: `yes`, `no`, `none`, `40`."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)
