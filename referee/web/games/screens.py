"""What every family's entry screen answers: the form for its next entry, the event a sent form describes, and
corrections. Each family gives its own `Screen` (`rummy/screen.py`, `kaiser/screen.py`), registered in
`families.py`: the views never ask which kind of game they serve.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from flask_wtf import FlaskForm

from referee.rules.events import EntryError
from referee.services.games import Book, Evening
from referee.web.forms import SheetForm
from referee.web.games.lines import NewGame


class Screen(Protocol):
    """How one family's entries are made on the phone."""

    def entry_form(self, book: Book, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """The form for the next entry, fresh or as sent."""

    def entry(self, book: Book, form: Any, formdata: Mapping[str, Any]) -> Any | None:
        """The event a valid form describes, or None with the reason on the form."""

    def edit_form(self, book: Book, position: int, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """The form correcting the entry at `position`, filled from it (or as sent)."""

    def edited(self, book: Book, position: int, form: Any) -> Any | None:
        """The corrected event a valid correction form describes, or None with the reason on the form."""

    def context(self, book: Book) -> dict[str, Any]:
        """What the family's partials need besides the form (the card picker's values)."""

    def resent(self, book: Book, form: Any) -> None:
        """Set the form's hidden fields to the sheet shown now, so that a refused entry can be sent again."""

    def waiting(self, book: Book, formdata: Any) -> str:
        """Why the next entry (or a void round) cannot be recorded yet, given the choices `formdata` made; "" if not."""


def recorded_event(book: Book, position: int) -> Any | None:
    """The event at `position` as recorded, or None when it no longer reads."""
    if position <= len(book.replayed.steps):
        return book.replayed.steps[position - 1].event
    try:
        return book.record.parse_event(book.entries[position - 1].data, position)
    except EntryError:
        return None


class Starter(Protocol):
    """How one family's game is started from the evening's page."""

    family: str  # the start form's `family` field
    template: str  # its partial on the evening's page

    def form(self, evening: Evening, formdata: Any = None) -> FlaskForm | None:
        """The start form for the evening (as sent), or None when the evening cannot seat this game."""

    def new_game(self, evening: Evening, form: Any) -> NewGame:
        """The game a valid start form asks for."""
