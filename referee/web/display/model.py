"""What the table's screen shows (#44), as a frozen view model: the game shown, its standings best first with what
the last entry changed, the family's own part (the last round said, the pot, the deal; Kaiser's race to 52), who has
sent their hand (names only), and at a game's end the final standings with the evening's settle-up.

Nothing of a hand sent is shown but its player's name: a hand's cards reach the screen only with its round recorded,
as penalties on the sheet. The screen's poll sends what it showed (`at`: the game and its version): an answer for a
game that moved on since marks what the last entry changed (`fresh`), which the stylesheet highlights once, calmly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask_babel import gettext as _

from referee.services.displays import Display
from referee.services.evenings import Evening
from referee.services.games import Book
from referee.services.own_hands import hands_sent
from referee.web.database import get_db
from referee.web.games.display import Place
from referee.web.games.families import web_family_of
from referee.web.games.lines import Column, Footer, Line, Unit
from referee.web.games.sheets import Sheet, build_sheet
from referee.web.games.standings import display_part, places_of
from referee.web.settle.model import SettlePage


@dataclass(frozen=True)
class Row:
    """A place in the standings as the screen shows it: the sheet's column (name, total, colour, marks), the place,
    the last entry's change to its total, and its cells under the sheet (status, buy-backs left, chips; a team's
    players)."""

    column: Column
    place: Place
    change: str
    cells: tuple[tuple[str, str], ...]  # (what the sheet writes, its word for a screen reader) per footer


@dataclass(frozen=True)
class DisplayView:
    """The table's screen at one version of the evening."""

    evening: Evening
    version: str  # the evening as the screen's poll compares it (`display_version`)
    at: str  # the game shown and its version ("" before the first game): what tells a moved game from a hand sent
    fresh: bool  # the game shown moved on since the screen the poll came from: what the last entry changed is marked
    book: Book | None
    sheet: Sheet | None
    rows: tuple[Row, ...]
    labels: tuple[str, ...]  # the footers' labels, one a cell of each row
    last: str  # the last line's name ("Round 4", "Buy-back"), whose changes the rows show; "" before the first
    next: str  # the entry being played ("Round 5"); "" once the game is over
    part: str | None  # the family's partial for its part of the screen
    shown: object  # what that partial shows
    sent: tuple[str, ...]  # the players who sent their hand for the entry being played, in the order received
    waiting: str  # whose hand the entry still waits for, in a sentence
    finished: Sheet | None  # the game finished just before the one shown, while the new one has no entry yet
    settle: SettlePage | None  # the evening's settle-up, once the game shown is over

    @property
    def over(self) -> bool:
        """Whether the game shown is over: its final standings, and the settle-up."""
        return self.sheet is not None and self.sheet.over


def entry_title(unit: Unit, number: int) -> str:
    """An entry by its number, as the sheet counts it: "Round 5", Kaiser's "Hand 5"."""
    return str(_("Round %(number)s", number=number) if unit == Unit.ROUNDS else _("Hand %(number)s", number=number))


def _line_named(line: Line, unit: Unit) -> str:
    """The last line as the screen names it: its round (and its badge, "all in one"), or its badge (a buy-back)."""
    if line.number is None:
        return line.badge
    title = entry_title(unit, line.number)
    return f"{title} · {line.badge}" if line.badge else title


def _footers(sheet: Sheet) -> tuple[Footer, ...]:
    """The rows under the sheet's totals that say more than the column's name (a Kaiser team's players, named after
    them, say nothing more)."""
    return tuple(
        footer
        for footer in sheet.footers
        if any(cell != column.name for cell, column in zip(footer.cells, sheet.columns, strict=False))
    )


def _rows(book: Book, sheet: Sheet) -> tuple[Row, ...]:
    """The standings in the family's order, each with the last line's change and its footer cells."""
    at = {column.name: n for n, column in enumerate(sheet.columns)}
    line = sheet.lines[-1] if sheet.lines else None
    rows = []
    for place in places_of(book):
        n = at.get(place.name)
        if n is None:
            continue
        change = line.cells[n].change if line is not None and n < len(line.cells) else ""
        rows.append(Row(sheet.columns[n], place, change, tuple(_cell(footer, n) for footer in _footers(sheet))))
    return tuple(rows)


def _cell(footer: Footer, n: int) -> tuple[str, str]:
    return (footer.cells[n], footer.words[n] if footer.words else "")


def display_view(shown: Display, version: str, asked: str | None = None) -> DisplayView:
    """The screen of `shown` at the evening's `version`; `asked` is what the screen the poll came from showed."""
    book = shown.book
    finished = build_sheet(shown.finished, lines=False) if shown.finished is not None else None
    settle = SettlePage.of(shown.settled) if shown.settled is not None else None
    if book is None:
        nothing = (None, None, (), (), "", "", None, None, (), "", None, None)
        return DisplayView(shown.evening, version, "", False, *nothing)
    at = f"{book.game.number}.{book.version}"
    sheet = build_sheet(book)
    part = display_part(book)
    own = web_family_of(book.family).own
    sent: Sequence[str] = ()
    waiting = next_title = ""
    if not sheet.over:
        number = own.number(book) if own is not None else sheet.played + 1
        next_title = own.title(number) if own is not None else entry_title(sheet.unit, number)
        if own is not None:
            hands = hands_sent(get_db(), book, number)  # who sent: their names, never what they hold
            sent, waiting = tuple(hands), own.waiting(book, hands)
    return DisplayView(
        evening=shown.evening,
        version=version,
        at=at,
        fresh=asked is not None and asked != at and bool(sheet.lines),
        book=book,
        sheet=sheet,
        rows=_rows(book, sheet),
        labels=tuple(footer.label for footer in _footers(sheet)),
        last=_line_named(sheet.lines[-1], sheet.unit) if sheet.lines else "",
        next=next_title,
        part=part.template if part is not None else None,
        shown=part.shown(book) if part is not None else None,
        sent=tuple(sent),
        waiting=waiting,
        finished=finished,
        settle=settle,
    )
