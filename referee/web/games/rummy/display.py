"""Kaluki and Rami on the table's screen (#44): what the last entry did (who went out, who is eliminated, who bought
back), the buy-backs waiting, the pot, and the next deal; the standings ordered by the game's own count."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from referee.rules.deal import Deal, next_deal
from referee.rules.game import Offer
from referee.rules.rummy import RummyGame
from referee.rules.table import Scoring
from referee.services.games import Book
from referee.web.games.display import Place, ranked
from referee.web.games.rummy.screen import RummyBook, buybacks_open, last_entry
from referee.web.games.typed import NotOfFamily


@dataclass(frozen=True)
class RummyShown:
    """What a rummy game's part of the table's screen shows."""

    said: tuple[str, ...]  # what the last entry did: "Round 4: Jérôme went out.", "Anaïs is eliminated at 151."
    offers: tuple[Offer, ...]  # the buy-backs the scorer is to decide before the next round
    pot: int  # the chips in the pot
    pot_won: int  # the chips the winner took, once the game is over
    winner: str | None
    deal: Deal | None  # the next round's deal; None once the game is over


def _is_rummy(book: Book) -> TypeGuard[RummyBook]:
    return isinstance(book.replayed.start, RummyGame)


def _rummy_book(book: Book) -> RummyBook:
    """The book as a rummy game's, as the family's screen takes it."""
    if not _is_rummy(book):
        raise NotOfFamily(f"not a RummyGame: {type(book.replayed.start).__name__}")
    return book


def _game(book: Book) -> RummyGame:
    return _rummy_book(book).state


class RummyDisplay:
    """A rummy game on the table's screen."""

    template = "games/rummy/_display.html"

    def shown(self, book: Book) -> RummyShown:
        """The last entry said, the buy-backs waiting, the pot and the next deal."""
        state = _game(book)
        rummy = _rummy_book(book)
        last = last_entry(rummy)
        return RummyShown(
            last.said if last is not None else (),
            buybacks_open(rummy),
            state.pot,
            state.pot_won,
            state.winner,
            None if state.over else next_deal(state),
        )

    def places(self, book: Book) -> tuple[Place, ...]:
        """The winner, then the lowest penalty (Rami's points mode: the most points) first."""
        state = _game(book)
        sign = -1 if self.highest_wins(book) else 1
        ordered = sorted(state.players, key=lambda p: (p.name != state.winner, sign * p.score))
        return ranked([(p.name, (p.name,), p.score, p.name == state.winner) for p in ordered])

    def highest_wins(self, book: Book) -> bool:
        """Only in Rami's points mode: a penalty total is best low."""
        return _game(book).rules.scoring == Scoring.POINTS
