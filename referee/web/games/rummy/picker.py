"""The card picker, drawn once: the same 57 buttons on every round's form, for a language and a pack."""

from __future__ import annotations

from typing import TypedDict

from flask import current_app, render_template
from flask_babel import get_locale
from markupsafe import Markup

PICKERS_CACHED = 64  # drawn pickers a process caches: languages × value tables × pack sizes × laying or not


class Picker(TypedDict):
    """What the card picker counts with: each rank's value ("A", "2", … "K", "JK") and the pack limits."""

    values: dict[str, int]
    packs: int
    jokers: int


def card_picker(picker: Picker, laying: bool = False) -> Markup:
    """The card picker's HTML for these card values and pack limits, in the reader's language, drawn once."""
    key = (str(get_locale()), tuple(picker["values"].items()), picker["packs"], picker["jokers"], bool(laying))
    drawn: dict[tuple[object, ...], Markup] = current_app.extensions.setdefault("card_pickers", {})
    found = drawn.get(key)
    if found is None:
        if len(drawn) >= PICKERS_CACHED:
            drawn.clear()
        found = drawn[key] = Markup(render_template("games/rummy/_picker.html", picker=picker, laying=laying))  # noqa: S704 — the app's own template, escaped as it rendered
    return found
