"""Any other game on the table's screen (#44): what the last round did, who deals next, and the standings ordered by
the total that wins (the lowest first where the lowest wins)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.other_game import Wins, ranked
from referee.services.games import Book
from referee.web.games.display import Place
from referee.web.games.display import ranked as placed
from referee.web.games.other.screen import last_entry, other_book


@dataclass(frozen=True)
class OtherShown:
    """What an other game's part of the table's screen shows."""

    said: tuple[str, ...]  # the last round's scores and the winner, or the end
    dealer: str | None  # who deals next; None once the game is over


class OtherDisplay:
    """An other game on the table's screen."""

    template = "games/other/_display.html"

    def shown(self, book: Book) -> OtherShown:
        """The last round said, and the next dealer."""
        other = other_book(book)
        return OtherShown(last_entry(other), other.state.dealer())

    def places(self, book: Book) -> tuple[Place, ...]:
        """The winner, then by the total that wins (equal totals share a rank)."""
        state = other_book(book).state
        ordered = sorted(ranked(state), key=lambda name: name != state.winner)
        return placed([(name, (name,), state.total(name), name == state.winner) for name in ordered])

    def highest_wins(self, book: Book) -> bool:
        """Whether the highest total wins, as the table chose."""
        return other_book(book).state.rules.wins == Wins.HIGHEST
