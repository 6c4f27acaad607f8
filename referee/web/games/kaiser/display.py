"""Kaiser on the table's screen (#44): the two teams and their race to the target (52), the last hand's bid and what
it did to each team, and the next deal; the teams ordered by score."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeGuard

from referee.rules.deal import Deal, next_kaiser_deal
from referee.rules.kaiser import HandResult, KaiserGame
from referee.rules.words import shown
from referee.services.games import Book
from referee.web.games.display import Place, ranked
from referee.web.games.kaiser.screen import KaiserBook, last_hand
from referee.web.games.typed import NotOfFamily


@dataclass(frozen=True)
class Race:
    """A team on its way to the target: its name, players and score, and how far along it is (0 to the target)."""

    name: str
    players: tuple[str, str]
    score: int
    target: int
    bidding: bool  # it won the last hand's bid

    @property
    def reached(self) -> int:
        """How far along the way the score is, from 0 (or less) to the target (or more)."""
        return max(0, min(self.score, self.target))

    @property
    def shown_score(self) -> str:
        """The score as the pages write it: "−6" with a true minus sign."""
        return shown(self.score)


@dataclass(frozen=True)
class KaiserShown:
    """What a Kaiser game's part of the table's screen shows."""

    races: tuple[Race, Race]
    said: tuple[str, ...]  # the last hand: "Hand 3: Ana bid 7.", "Ana & Céline: +9, now 21."
    deal: Deal | None  # the next deal; None once the game is over
    target: int


def _is_kaiser(book: Book) -> TypeGuard[KaiserBook]:
    return isinstance(book.replayed.start, KaiserGame)


def _kaiser_book(book: Book) -> KaiserBook:
    """The book as a Kaiser game's, as the family's screen takes it."""
    if not _is_kaiser(book):
        raise NotOfFamily(f"not a KaiserGame: {type(book.replayed.start).__name__}")
    return book


def _game(book: Book) -> KaiserGame:
    return _kaiser_book(book).state


class KaiserDisplay:
    """A Kaiser game on the table's screen."""

    template = "games/kaiser/_display.html"

    def shown(self, book: Book) -> KaiserShown:
        """The teams' race to the target, the last hand said and the next deal."""
        state = _game(book)
        last = book.replayed.steps[-1].result if book.replayed.steps else None
        bidding = last.bidding_team if isinstance(last, HandResult) else None
        target = state.rules.target
        first, second = (
            Race(name, players, state.score(name), target, name == bidding)
            for name, players in zip(state.teams.names, state.teams.players, strict=True)
        )
        deal = None if state.over else next_kaiser_deal(state)
        return KaiserShown((first, second), last_hand(_kaiser_book(book)), deal, target)

    def places(self, book: Book) -> tuple[Place, ...]:
        """The winning team, then by score."""
        state = _game(book)
        teams = zip(state.teams.names, state.teams.players, strict=True)
        ordered = sorted(teams, key=lambda team: (team[0] != state.winner, -state.score(team[0])))
        return ranked([(name, players, state.score(name), name == state.winner) for name, players in ordered])

    def highest_wins(self, book: Book) -> bool:
        """The first team to the target wins."""
        return True
