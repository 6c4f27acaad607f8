"""The card picker, drawn once: the same 57 buttons on every round's form, for a language and a pack.

A round's answer does not send them again (#45): its form holds an empty picker of the same `id`, which htmx fills with
the picker the phone already shows (`hx-preserve`). A phone without it (its form was not on the page) fetches it from
`data-picker-from` (static/js/picker.js).
"""

from __future__ import annotations

import hashlib
from typing import TypedDict

from flask import render_template
from flask_babel import get_locale
from markupsafe import Markup

from referee.web.drawn import drawn_once


class Picker(TypedDict):
    """What the card picker counts with: each rank's value ("A", "2", … "K", "JK") and the pack limits."""

    values: dict[str, int]
    packs: int
    jokers: int


def card_picker(picker: Picker, laying: bool = False, *, kept_from: str | None = None) -> Markup:
    """The card picker's HTML for these card values and pack limits, in the reader's language, drawn once; with
    `kept_from` (the page that draws it whole), an empty one the phone fills with the picker it already shows."""
    key = ("card picker", tuple(picker["values"].items()), picker["packs"], picker["jokers"], bool(laying))
    named = picker_id(key)
    if kept_from is not None:
        return Markup(
            '<div class="picker" hidden data-picker id="{}" hx-preserve="true" data-picker-from="{}"></div>'
        ).format(named, kept_from)
    return drawn_once(key, lambda: render_template("games/rummy/_picker.html", picker=picker, laying=laying, id=named))


def picker_id(key: tuple[object, ...]) -> str:
    """The picker's `id`: one per set of card values, pack limits and language, so that a phone keeps only the same."""
    digest = hashlib.blake2s(repr((str(get_locale()), key)).encode(), digest_size=5).hexdigest()
    return f"picker-{digest}"
