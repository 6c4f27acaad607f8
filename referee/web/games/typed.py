"""What a family's web part is typed against: its engine's game, events, results and rules, and a book of its game.

A family's `Screen` and `Layout` are generic over these (`screens.py`, `lines.py`), so that mypy checks the rummy
screen against `RummyGame`, `RummyEvent` and `RummyResult`, and Kaiser's against `KaiserGame`, `KaiserEvent` and
`KaiserResult`. The views hold a
`Book` of any family; the registry (`families.py`) checks once which family's game it is, and hands the family's
part the same book as a `BookOf` its game.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from referee.rules.game import AnyEvent, AnyGame, AnyResult, Replayed, Rules
from referee.rules.game_record import GameRecord
from referee.services.games import Entry, StoredGame

GameT = TypeVar("GameT", bound=AnyGame)  # a family's game: RummyGame, KaiserGame
EventT = TypeVar("EventT", bound=AnyEvent)  # its events: RummyEvent, KaiserEvent
ResultT = TypeVar("ResultT", bound=AnyResult)  # what its events did: RummyResult, KaiserResult
RulesT = TypeVar("RulesT", bound=Rules)  # its rules: RummyRules, KaiserRules
RulesT_contra = TypeVar("RulesT_contra", bound=Rules, contravariant=True)


class BookOf(Protocol[GameT, EventT, ResultT]):
    """A `Book` whose game is known to be one family's: its replay's games are `GameT`, its events `EventT`, their
    results `ResultT`."""

    @property
    def game(self) -> StoredGame:
        """The stored game: its number, players and preset."""

    @property
    def record(self) -> GameRecord:
        """The game's rules and seats."""

    @property
    def version(self) -> int:
        """The game's version the book is at."""

    @property
    def entries(self) -> tuple[Entry, ...]:
        """The current entries, in order."""

    @property
    def replayed(self) -> Replayed[GameT, EventT, ResultT]:
        """The entries' replay."""

    @property
    def state(self) -> GameT:
        """The game after every entry that replays."""


class NotOfFamily(TypeError):
    """A family's part given a game, or rules, of another family: the registry's mistake, never a player's."""
