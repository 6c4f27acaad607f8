"""What every family's entry screen answers: the form for its next entry, the event a sent form describes, and
corrections. Each family gives its own `Screen` (`rummy/screen.py`, `kaiser/screen.py`), registered in
`families.py`: the views never ask which kind of game they serve.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from flask.typing import ResponseReturnValue
from flask_wtf import FlaskForm

from referee.rules.events import EntryError
from referee.rules.families import AnyEvent
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

    def some_of(self, count: int) -> str | None:
        """What the evening's page says when this family's game seats only some of `count` players, else None."""


Entered = Callable[[Book, Mapping[str, str]], AnyEvent]  # the event a tap records, from the game and the form sent


class Sheet(Protocol):
    """What a family's one-tap entries may answer with on the sheet (given by `web/games/views.py`)."""

    def offered(self, book: Book, event: Entered, *, decided: bool = False) -> ResponseReturnValue:
        """Record the entry `event(book, form)` describes; with `decided`, once every buy-back open is decided."""

    def refused(self, book: Book, reason: str) -> ResponseReturnValue:
        """The entry form with `reason` (422), nothing recorded."""

    def entry_again(self, book: Book) -> ResponseReturnValue:
        """The next entry as it stands now (a write that is no entry of its own, such as a reshuffle marked)."""


@dataclass(frozen=True)
class Tap:
    """A button of a family's sheet that records an entry in one tap (a void round, a buy-back, a passed deal): its
    address under the game (`/void`), its endpoint (`games.void_round`) and its answer."""

    name: str
    endpoint: str
    answer: Callable[[Book, Sheet], ResponseReturnValue]


def one_tap(name: str, endpoint: str, event: Entered, *, decided: bool = False) -> Tap:
    """A tap that records the event `event(book, form)` describes (`decided`: once every buy-back open is decided)."""
    return Tap(name, endpoint, lambda book, sheet: sheet.offered(book, event, decided=decided))
