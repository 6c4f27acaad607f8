"""The card picker, drawn once: the same 57 buttons on every round's form, for a language and a pack."""

from __future__ import annotations

from typing import TypedDict

from flask import render_template
from markupsafe import Markup

from referee.web.drawn import drawn_once


class Picker(TypedDict):
    """What the card picker counts with: each rank's value ("A", "2", … "K", "JK") and the pack limits."""

    values: dict[str, int]
    packs: int
    jokers: int


def card_picker(picker: Picker, laying: bool = False) -> Markup:
    """The card picker's HTML for these card values and pack limits, in the reader's language, drawn once."""
    key = ("card picker", tuple(picker["values"].items()), picker["packs"], picker["jokers"], bool(laying))
    return drawn_once(key, lambda: render_template("games/rummy/_picker.html", picker=picker, laying=laying))
