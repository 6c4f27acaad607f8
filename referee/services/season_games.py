"""One game's part in a season (docs/rules.md §10, *A group's season*): who sat in it, who won, the chips it moved
as the settle-up counts them, and each family's own numbers, read once from the game's replay.

Each family tallies its own results (`tally` in the engine's family registry, `referee.rules.tallies`); nothing
here asks which family a game is. A game's figures are kept per (game, version), like its replay: a
corrected entry is a new version, so a figure is never stale.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations
from types import MappingProxyType
from typing import Any

from referee.rules.families import counted, family_of
from referee.rules.presets import get_preset
from referee.rules.settlement import name_key
from referee.rules.tallies import NONE, Tally
from referee.services.games import Book
from referee.services.payments import chips_of


@dataclass(frozen=True)
class GameFigures:
    """One game as the season counts it."""

    game: str  # the preset's game: "kaluki", "rami" or "kaiser"
    over: bool  # only a finished game counts, as on the settle-up
    players: tuple[str, ...]
    sides: Mapping[str, str]  # each player's side: their own name, or their Kaiser team's
    winners: frozenset[str]  # the winner, or the winning team's two players
    moves_chips: bool  # whether the game is played for chips (Kaiser is not)
    chips: Mapping[str, int]  # each player's net chips once the game is over, as the settle-up counts them
    counts: Tally = field(default_factory=lambda: Tally(MappingProxyType({})))

    @cached_property
    def rows(self) -> Mapping[str, tuple[int, ...]]:
        """Each player's line for the standings: 1 (a game), won, then each count of `counted()`, in that order."""
        counts = [self.counts.count(name) for name in counted()]
        return {
            name: (1, int(name in self.winners), *(count.get(name, 0) for count in counts)) for name in self.players
        }

    @cached_property
    def pairs(self) -> tuple[tuple[str, str, int], ...]:
        """Each two players on different sides, by name: 1 when the first finished ahead, -1 the second, 0 level."""
        places = self.counts.places
        ordered = sorted(self.players, key=name_key)
        return tuple(
            (a, b, (places[a] > places[b]) - (places[b] > places[a]))
            for a, b in combinations(ordered, 2)
            if self.sides[a] != self.sides[b]  # partners finish together
        )


def figures_of(book: Book) -> GameFigures:
    """The game of `book` as the season counts it: its game, result, chips and its family's counts."""
    state: Any = book.state
    players = tuple(book.record.players)
    sides = {name: state.side_of(name) or name for name in players}
    winners = frozenset(name for name in players if state.over and state.winner == sides[name])
    moves_chips = family_of(book.rules).chips is not None
    chips = MappingProxyType(dict(chips_of(book))) if state.over else NONE
    return GameFigures(
        get_preset(book.game.preset).game,
        bool(state.over),
        players,
        MappingProxyType(sides),
        winners,
        moves_chips,
        chips,
        family_of(book.rules).tally(book.replayed),
    )
