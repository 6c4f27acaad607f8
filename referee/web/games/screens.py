"""What every family's entry screen answers: the form for its next entry, the event a sent form describes, and
corrections. Each family gives its own `Screen` (`rummy/screen.py`, `kaiser/screen.py`), typed against its game and
events and registered in `families.py`: the views never ask which kind of game they serve, and reach it through
`ScreenOf`, which checks once that a book is of the family's game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, Protocol, TypeGuard

from flask.typing import ResponseReturnValue

from referee.rules.events import EntryError
from referee.rules.game import AnyEvent
from referee.services.games import Book, Evening
from referee.web.forms import FormData, KeyedForm, SheetForm
from referee.web.games.lines import NewGame
from referee.web.games.typed import BookOf, EventT, GameT, NotOfFamily, ResultT


class Screen(Protocol[GameT, EventT, ResultT]):
    """How one family's entries are made on the phone: `GameT` its game, `EventT` its events, `ResultT` what they did.

    Each method is given the game's book as a book of the family's game (`BookOf`), and a form it made.
    """

    def entry_form(self, book: BookOf[GameT, EventT, ResultT], formdata: FormData | None = None) -> SheetForm:
        """The form for the next entry, fresh or as sent."""

    def event(self, book: BookOf[GameT, EventT, ResultT], form: SheetForm, formdata: FormData) -> EventT | None:
        """The event a valid form describes, or None with the reason on the form."""

    def edit_form(
        self, book: BookOf[GameT, EventT, ResultT], position: int, formdata: FormData | None = None
    ) -> SheetForm:
        """The form correcting the entry at `position`, filled from it (or as sent)."""

    def edited(self, book: BookOf[GameT, EventT, ResultT], position: int, form: SheetForm) -> EventT | None:
        """The corrected event a valid correction form describes, or None with the reason on the form."""

    def context(self, book: BookOf[GameT, EventT, ResultT]) -> dict[str, object]:
        """What the family's partials need besides the form (the card picker's values)."""

    def resent(self, book: BookOf[GameT, EventT, ResultT], form: SheetForm) -> None:
        """Set the form's hidden fields to the sheet shown now, so that a refused entry can be sent again."""

    def waiting(self, book: BookOf[GameT, EventT, ResultT], formdata: FormData) -> str:
        """Why the next entry (or a void round) cannot be recorded yet, given the choices `formdata` made; "" if not."""


class AnyScreen(Protocol):
    """A family's `Screen` as the views use it, for a book of any family (`ScreenOf`)."""

    def entry_form(self, book: Book, formdata: FormData | None = None) -> SheetForm:
        """The form for the next entry, fresh or as sent."""

    def event(self, book: Book, form: SheetForm, formdata: FormData) -> AnyEvent | None:
        """The event a valid form describes, or None with the reason on the form."""

    def edit_form(self, book: Book, position: int, formdata: FormData | None = None) -> SheetForm:
        """The form correcting the entry at `position`, filled from it (or as sent)."""

    def edited(self, book: Book, position: int, form: SheetForm) -> AnyEvent | None:
        """The corrected event a valid correction form describes, or None with the reason on the form."""

    def context(self, book: Book) -> dict[str, object]:
        """What the family's partials need besides the form."""

    def resent(self, book: Book, form: SheetForm) -> None:
        """Set the form's hidden fields to the sheet shown now."""

    def waiting(self, book: Book, formdata: FormData) -> str:
        """Why the next entry cannot be recorded yet; "" if it can."""


@dataclass(frozen=True)
class ScreenOf(Generic[GameT, EventT, ResultT]):
    """One family's `Screen`, for a book of any family: the book is checked to be of the family's game (`game`)
    once, here, and the screen, typed against that game and its events, is given it as a `BookOf` them."""

    game: type[GameT]
    screen: Screen[GameT, EventT, ResultT]

    def holds(self, book: Book) -> TypeGuard[BookOf[GameT, EventT, ResultT]]:
        """Whether `book` is a game of this family: its replay starts from the family's game (and so every step's
        game, each an `apply` of the one before), and its events are the family's (the game record reads them)."""
        return isinstance(book.replayed.start, self.game)

    def _book(self, book: Book) -> BookOf[GameT, EventT, ResultT]:
        if not self.holds(book):
            raise NotOfFamily(f"not a {self.game.__name__}: {type(book.replayed.start).__name__}")
        return book

    def entry_form(self, book: Book, formdata: FormData | None = None) -> SheetForm:
        """The family's form for the next entry."""
        return self.screen.entry_form(self._book(book), formdata)

    def event(self, book: Book, form: SheetForm, formdata: FormData) -> AnyEvent | None:
        """The family's event the form describes."""
        return self.screen.event(self._book(book), form, formdata)

    def edit_form(self, book: Book, position: int, formdata: FormData | None = None) -> SheetForm:
        """The family's form correcting the entry at `position`."""
        return self.screen.edit_form(self._book(book), position, formdata)

    def edited(self, book: Book, position: int, form: SheetForm) -> AnyEvent | None:
        """The family's corrected event."""
        return self.screen.edited(self._book(book), position, form)

    def context(self, book: Book) -> dict[str, object]:
        """What the family's partials need."""
        return self.screen.context(self._book(book))

    def resent(self, book: Book, form: SheetForm) -> None:
        """The family's hidden fields, set to the sheet shown now."""
        self.screen.resent(self._book(book), form)

    def waiting(self, book: Book, formdata: FormData) -> str:
        """What the family's next entry waits for."""
        return self.screen.waiting(self._book(book), formdata)


def event_at(book: BookOf[GameT, EventT, ResultT], position: int) -> AnyEvent | None:
    """The event of the entry at `position`, or None when it no longer reads."""
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

    def form(self, evening: Evening, formdata: FormData | None = None) -> KeyedForm | None:
        """The start form for the evening (as sent), or None when the evening cannot seat this game."""

    def new_game(self, evening: Evening, form: KeyedForm) -> NewGame:
        """The game a valid start form (one `form` made) asks for."""

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
