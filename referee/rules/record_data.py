"""What every record is read from: JSON data, checked against bounds no record passes, and the one error of reading.

A game, evening or group record that cannot be read raises `RecordError`, whose message says where and why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from referee.rules.options import quoted
from referee.rules.words import say

DEEPEST = 20  # levels of nesting: a record needs 7 (evening, games, a game, events, an event, hands, a hand)
LARGEST = 1_000_000  # no number in a record is larger: options stop at 100,000, hands at a few hundred points
LARGEST_RECORD = 2 * 1024 * 1024  # bytes read at most: the import, `referee replay` and `settle` (1,000 rounds: 150 KB)


class RecordError(ValueError):
    """A game or evening record that cannot be read: the message says where and why."""


def load_json(text: str, what: str = "file") -> Any:
    """JSON from text, checked as data (`check_data`), or a RecordError that says where it is broken.

    >>> load_json('{"a": [1, NaN]}')
    Traceback (most recent call last):
    referee.rules.record_data.RecordError: the file is not valid JSON: NaN is not a number JSON allows
    """
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        # json's own words (error.msg) stay English: the standard library has no catalogue.
        broken = (
            say("the file is not valid JSON: {error} at line {line}", error=error.msg, line=error.lineno)
            if what == "file"
            else say(
                "the {what} is not valid JSON: {error} at line {line}", what=what, error=error.msg, line=error.lineno
            )
        )
        raise RecordError(broken) from None
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(nests_too_deeply()) from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise RecordError(too_large()) from None
    check_data(data)
    return data


def _no_constant(name: str) -> Any:
    raise RecordError(say("the file is not valid JSON: {name} is not a number JSON allows", name=name))


def nests_too_deeply() -> str:
    """Why data nested deeper than any record is refused."""
    return say("the record nests too deeply: a record has at most {most} levels", most=DEEPEST)


def too_large() -> str:
    """Why a number is refused: more than any record holds."""
    return say("a number is too large: a record's numbers are at most {most}", most=f"{LARGEST:,}")


def check_data(data: Any) -> None:
    """Refuse JSON data no record can be: nested too deeply, a number too large, text that is not Unicode.

    A lone surrogate ("\\ud800" in the file) is not a character: it could not be stored nor shown.

    >>> check_data({"players": ["Ana", "\\ud800"]})
    Traceback (most recent call last):
    referee.rules.record_data.RecordError: the text '\\ud800' holds a character that is not Unicode (a lone surrogate)
    """
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > DEEPEST:
            raise RecordError(nests_too_deeply())
        if isinstance(value, Mapping):
            pending.extend((key, depth) for key in value)
            pending.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(
                    say(
                        "the text {text} holds a character that is not Unicode (a lone surrogate)",
                        text=quoted(value),
                    )
                ) from None
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST:
            raise RecordError(too_large())


def iso_time(value: Any, refusal: str) -> str:
    """A time as the app writes it: ISO 8601 text; RecordError with `refusal` otherwise."""
    try:
        if isinstance(value, str):
            datetime.fromisoformat(value)
            return value
    except ValueError:
        pass
    raise RecordError(refusal)
