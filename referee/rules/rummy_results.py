"""What a rummy game's events leave and do: each player's standing, what a round, a buy-back or a reshuffle did.

Each event's result has its own type, and `RummyResult` is their union: what `RummyGame.apply` returns beside the
next game (a round, or a void round: `RoundResult`; a buy-back: `BuybackResult`; a reshuffle: `ReshuffleResult`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from referee.rules.game import Status


@dataclass(frozen=True)
class Player:
    """One player's standing: total, status, buy-backs used and net chips for the game."""

    name: str
    score: int = 0
    status: Status = Status.IN
    buybacks: int = 0
    chips: int = 0

    def as_json(self) -> dict[str, Any]:
        """The player object of the `replay` JSON."""
        return {
            "name": self.name,
            "score": self.score,
            "status": str(self.status),
            "buybacks": self.buybacks,
            "chips": self.chips,
        }


@dataclass(frozen=True)
class RoundResult:
    """What one round did: each player's points, who it eliminated, the chips it moved, who dealt it."""

    winner: str | None  # None for a void round
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    eliminated: tuple[str, ...] = ()
    chips: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    dealer: str | None = None


@dataclass(frozen=True)
class BuybackResult:
    """What a buy-back did: who came back, at what total, for how many chips."""

    player: str
    restart: int
    cost: int


@dataclass(frozen=True)
class ReshuffleResult:
    """What a reshuffle did: nothing to the scores; the round in play (from 1) may now end void."""

    round: int


RummyResult = RoundResult | BuybackResult | ReshuffleResult  # what a rummy event did (a void round: a RoundResult)
