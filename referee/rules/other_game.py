"""Any other game of the night (docs/rules.md §11): a score per player (or team) each round, typed as the table counts
it, negative allowed; the highest or the lowest total wins, and a target, when there is one, ends the game; else the
scorer ends it. What a result is worth in chips (per place, or per point of difference) enters the evening's settle-up.

A frozen game, its two events (a round's scores, the end) and what each did, as every family's (`referee.rules.game`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from referee.rules.events import EventError
from referee.rules.game import Offer, Replayed, Step
from referee.rules.options import MOST, MOST_AT_TABLE, Value
from referee.rules.presets import get_preset
from referee.rules.words import say

MOST_SEATS = MOST_AT_TABLE  # players or teams (a team is one seat, named as the table names it: "Ana & Ben")


class OtherKind(StrEnum):
    """The types of an other game's entries (docs/formats.md)."""

    ROUND = "round"  # each seat's score of one round
    END = "end"  # the scorer ends a game without a target (or before it)


class Wins(StrEnum):
    """Which total wins."""

    HIGHEST = "highest"
    LOWEST = "lowest"


class Chipped(StrEnum):
    """What a result is worth in chips."""

    NONE = "none"  # played for points only
    PER_PLACE = "per_place"  # each place ahead of another is worth the rate
    PER_POINT = "per_point"  # each point of difference between two seats is worth the rate


@dataclass(frozen=True)
class OtherRules:
    """An other game's options (docs/rules.md §11)."""

    preset: str
    game: str
    game_name: str  # as the table calls it ("Belote"); "" for none
    wins: str  # `Wins`
    target: int | None  # the total that ends the game; None: the scorer ends it
    chips: str  # `Chipped`
    chips_rate: int  # chips per place, or per point of difference
    family = "other"  # its family, in the registry (`other_family.OTHER`)
    min_players = 2
    max_players = MOST_SEATS

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        defaults = get_preset(self.preset).defaults
        return {name: getattr(self, name) for name in defaults if getattr(self, name) != defaults[name]}


@dataclass(frozen=True)
class Scores:
    """One round: each seat's score, as the table counted it."""

    scores: Mapping[str, int]
    kind = OtherKind.ROUND

    def as_json(self) -> dict[str, Any]:
        """The round as the record writes it."""
        return {"type": self.kind.value, "scores": dict(self.scores)}


@dataclass(frozen=True)
class End:
    """The scorer ends the game: the totals as they stand decide it."""

    kind = OtherKind.END

    def as_json(self) -> dict[str, Any]:
        """The end as the record writes it."""
        return {"type": self.kind.value}


OtherEvent = Scores | End


@dataclass(frozen=True)
class ScoresResult:
    """What a round did: each seat's score, and the winner when it ended the game."""

    scores: Mapping[str, int]
    winner: str | None


@dataclass(frozen=True)
class EndResult:
    """What the end did: the winner."""

    winner: str | None


OtherResult = ScoresResult | EndResult


@dataclass(frozen=True)
class OtherGame:
    """Each seat's total after some rounds, whether the game ended, and who deals next."""

    rules: OtherRules
    players: tuple[str, ...]
    totals: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    rounds: int = 0
    ended: bool = False
    first_dealer: int = 0

    @property
    def over(self) -> bool:
        """Whether the game has ended: the scorer ended it, or a total reached the target."""
        target = self.rules.target
        return self.ended or (target is not None and any(total >= target for total in self.totals.values()))

    @property
    def winner(self) -> str | None:
        """Once the game is over, the seat with the best total (the first seated of equals)."""
        return best(self) if self.over else None

    def total(self, player: str) -> int:
        """A seat's total."""
        return self.totals.get(player, 0)

    def verify(self, event: OtherEvent, position: int) -> EventError | None:
        """Why the event cannot come next, or None."""
        if self.over:
            return EventError(position, say("the game is over"))
        if isinstance(event, End):
            return None if self.rounds else EventError(position, say("a game ends once a round is played"))
        if set(event.scores) != set(self.players):
            return EventError(position, say("a round gives every player's score, and only theirs"))
        large = next((name for name, score in event.scores.items() if abs(score) > MOST), None)
        if large is not None:
            return EventError(position, say("{name}'s score is past {most}", name=large, most=MOST))
        return None

    def apply(self, event: OtherEvent, position: int) -> tuple[OtherGame, OtherResult]:
        """The game after the event, and what it did."""
        refusal = self.verify(event, position)
        if refusal is not None:
            raise refusal
        if isinstance(event, End):
            after = replace(self, ended=True)
            return after, EndResult(after.winner)
        totals = MappingProxyType({name: self.total(name) + event.scores[name] for name in self.players})
        after = replace(self, totals=totals, rounds=self.rounds + 1)
        return after, ScoresResult(MappingProxyType(dict(event.scores)), after.winner)

    def dealer(self) -> str | None:
        """The deal passes to the left each round."""
        return None if self.over else self.players[(self.first_dealer + self.rounds) % len(self.players)]

    def still_in(self) -> tuple[str, ...]:
        """Every seat plays every round."""
        return () if self.over else self.players

    def offers(self) -> tuple[Offer, ...]:
        """Nothing but the next round (the end is the scorer's own tap)."""
        return ()

    def side_of(self, player: str) -> str | None:
        """Every seat plays for itself."""
        return None

    def score_of(self, player: str) -> int | None:
        """A seat's total; None for a stranger."""
        return self.total(player) if player in self.players else None

    def as_json(self) -> dict[str, Any]:
        """The `replay` JSON (docs/formats.md)."""
        return {
            "preset": self.rules.preset,
            "name": self.rules.game_name,
            "rounds": self.rounds,
            "players": [{"name": name, "score": self.total(name)} for name in self.players],
            "over": self.over,
            "winner": self.winner,
            "chips": dict(chips_won(self)) if self.over else {},
        }


OtherReplay = Replayed[OtherGame, OtherEvent, OtherResult]
OtherStep = Step[OtherGame, OtherEvent, OtherResult]


def ranked(game: OtherGame) -> list[str]:
    """The seats from the best total to the worst (seat order between equals)."""
    sign = -1 if game.rules.wins == Wins.HIGHEST else 1
    return sorted(game.players, key=lambda name: (sign * game.total(name), game.players.index(name)))


def best(game: OtherGame) -> str | None:
    """The seat with the best total; None for a game without seats."""
    order = ranked(game)
    return order[0] if order else None


def places(game: OtherGame) -> dict[str, float]:
    """Each seat's place from 1 (the best), seats of equal totals sharing the average of their places.

    >>> game = OtherGame(OtherRules("other", "other", "", "highest", None, "none", 1), ("A", "B", "C"),
    ...                  MappingProxyType({"A": 10, "B": 10, "C": 3}))
    >>> places(game)
    {'A': 1.5, 'B': 1.5, 'C': 3.0}
    """
    order = ranked(game)
    found: dict[str, float] = {}
    for name in order:
        tied = [n for n, other in enumerate(order, 1) if game.total(other) == game.total(name)]
        found[name] = sum(tied) / len(tied)
    return found


def chips_won(game: OtherGame) -> Mapping[str, int]:
    """What each seat wins (or pays) in chips once the game is over, summing to zero: per place, each place ahead is
    worth the rate against the seat behind; per point, every point of difference with each other seat is.

    >>> rules = OtherRules("other", "other", "", "lowest", 100, "per_place", 2)
    >>> game = OtherGame(rules, ("A", "B", "C"), MappingProxyType({"A": 40, "B": 101, "C": 70}), ended=True)
    >>> dict(chips_won(game))
    {'A': 4, 'B': -4, 'C': 0}
    """
    rules, seats = game.rules, len(game.players)
    if rules.chips == Chipped.PER_PLACE:
        placed = places(game)  # a seat's place p wins (n + 1 - 2p) times the rate: n + 1 - 2p sums to 0
        won = {name: round(rules.chips_rate * (seats + 1 - 2 * placed[name])) for name in game.players}
    elif rules.chips == Chipped.PER_POINT:
        sign = 1 if rules.wins == Wins.HIGHEST else -1
        everyone = sum(game.total(name) for name in game.players)
        won = {name: sign * rules.chips_rate * (seats * game.total(name) - everyone) for name in game.players}
    else:
        won = dict.fromkeys(game.players, 0)
    return MappingProxyType(won)
