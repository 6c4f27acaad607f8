"""A game's standings in order, as its family orders them (`DisplayPart.places`), for the table's screen, the picture
of a game and the play handed to BG Stats; a family without a part of its own is ordered from its sheet."""

from __future__ import annotations

from referee.services.games import Book
from referee.web.games.display import DisplayPart, Place, ranked
from referee.web.games.families import layout_of, web_family_of


def display_part(book: Book) -> DisplayPart | None:
    """The family's part of the table's screen; None for a family that has none."""
    return web_family_of(book.family).display


def places_of(book: Book) -> tuple[Place, ...]:
    """The game's standings, best first, as its family orders them; a family without a part of its own: its sheet's
    columns in seat order, the winner first."""
    part = display_part(book)
    if part is not None:
        return part.places(book)
    state = book.state
    columns = layout_of(book.family).columns(state)
    ordered = sorted(columns, key=lambda column: column.name != state.winner)
    return ranked([(column.name, (column.name,), column.total, column.name == state.winner) for column in ordered])


def highest_wins(book: Book) -> bool:
    """Whether the game's highest total is the best; a family without a part of its own: yes."""
    part = display_part(book)
    return True if part is None else part.highest_wins(book)
