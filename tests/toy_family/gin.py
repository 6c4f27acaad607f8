"""Gin in the engine (docs/architecture.md's steps 1 and 2), a toy of another shape than Pips (#43): two players, a deal
ended by a knock (`knock`, an entry type of its own) or dead (`dead_hand`, the sheet's one tap), an option of its own
(`undercut_bonus`), the first to `target` wins. Registered through the public registry only (`GIN`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.family import GameFamily, Seated, Seats, TallyOf
from referee.rules.game import AnyEvent, AnyGame, EntryKind, Offer, Replayed, Rules
from referee.rules.options import BUILT_IN_OPTIONS, Option, OptionError, Value
from referee.rules.presets import Preset, get_preset
from referee.rules.record_data import RecordError
from referee.rules.tallies import Figure, Figures, Tally, counted_by_name, frozen

FAMILY = "gin"
MOST_DEADWOOD = 10  # a player knocks with at most this much deadwood
LARGEST_DEADWOOD = 200  # the most a hand of ten cards can hold

UNDERCUT_BONUS = Option(
    "undercut_bonus",
    "the points a player scores besides the difference when they undercut the knocker",
    "the toy's own",
    "int",
    maximum=100,
    label="Undercut bonus",
    topic="scoring",
)


class GinKind(StrEnum):
    """What a Gin entry is."""

    KNOCK = "knock"  # a player knocked: the deal is scored
    DEAD = "dead_hand"  # the stock ran out before a knock: nobody scores, the deal passes


@dataclass(frozen=True)
class GinRules:
    """Gin's options: the total that wins, and the bonus for an undercut."""

    preset: str
    game: str
    target: int
    undercut_bonus: int
    family = FAMILY
    min_players = max_players = 2

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        defaults = get_preset(self.preset).defaults
        return {name: getattr(self, name) for name in defaults if getattr(self, name) != defaults[name]}


@dataclass(frozen=True)
class Knock:
    """A knock: who knocked, and each player's deadwood."""

    knocker: str
    deadwood: Mapping[str, int]
    kind = GinKind.KNOCK

    def as_json(self) -> dict[str, Any]:
        """The knock as the record writes it."""
        return {"type": GinKind.KNOCK.value, "knocker": self.knocker, "deadwood": dict(self.deadwood)}


@dataclass(frozen=True)
class DeadHand:
    """A deal that ran out of stock before anybody knocked."""

    kind = GinKind.DEAD

    def as_json(self) -> dict[str, Any]:
        """The dead deal as the record writes it."""
        return {"type": GinKind.DEAD.value}


GinEvent = Knock | DeadHand


@dataclass(frozen=True)
class KnockResult:
    """What a knock did: who scored how much, whether it was an undercut, and who won the game with it."""

    scorer: str
    points: int
    undercut: bool
    winner: str | None


@dataclass(frozen=True)
class DeadResult:
    """A dead deal scores nothing."""


GinResult = KnockResult | DeadResult


@dataclass(frozen=True)
class GinGame:
    """Each player's total after some deals, and who deals next."""

    rules: GinRules
    players: tuple[str, ...]
    totals: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    deals: int = 0
    first_dealer: int = 0

    @property
    def winner(self) -> str | None:
        """The player who reached the target (totals only grow, one player's at a time)."""
        return next((name for name in self.players if self.total(name) >= self.rules.target), None)

    @property
    def over(self) -> bool:
        """Whether a player reached the target."""
        return self.winner is not None

    def total(self, player: str) -> int:
        """A player's total."""
        return self.totals.get(player, 0)

    def verify(self, event: GinEvent, position: int) -> EventError | None:
        """Why the deal cannot come next: the game is over, a stranger knocked, a deadwood is missing or past bounds."""
        if self.over:
            return EventError(position, "the game is over")
        if isinstance(event, DeadHand):
            return None
        if event.knocker not in self.players or set(event.deadwood) != set(self.players):
            return EventError(position, "a knock names one of the two players and gives both deadwoods")
        if any(not 0 <= count <= LARGEST_DEADWOOD for count in event.deadwood.values()):
            return EventError(position, f"a deadwood is from 0 to {LARGEST_DEADWOOD}")
        if event.deadwood[event.knocker] > MOST_DEADWOOD:
            return EventError(position, f"{event.knocker} cannot knock with more than {MOST_DEADWOOD} deadwood")
        return None

    def apply(self, event: GinEvent, position: int) -> tuple[GinGame, GinResult]:
        """The game after the deal, and what it did."""
        refusal = self.verify(event, position)
        if refusal is not None:
            raise refusal
        if isinstance(event, DeadHand):
            return replace(self, deals=self.deals + 1), DeadResult()
        other = next(name for name in self.players if name != event.knocker)
        difference = event.deadwood[other] - event.deadwood[event.knocker]
        undercut = difference <= 0
        scorer = other if undercut else event.knocker
        points = -difference + self.rules.undercut_bonus if undercut else difference
        totals = MappingProxyType({**self.totals, scorer: self.total(scorer) + points})
        after = replace(self, totals=totals, deals=self.deals + 1)
        return after, KnockResult(scorer, points, undercut, after.winner)

    def dealer(self) -> str | None:
        """The deal alternates."""
        return None if self.over else self.players[(self.first_dealer + self.deals) % 2]

    def still_in(self) -> tuple[str, ...]:
        """Both players play every deal."""
        return self.players

    def offers(self) -> tuple[Offer, ...]:
        """Nothing but the next deal (a dead deal is the sheet's tap)."""
        return ()

    def side_of(self, player: str) -> str | None:
        """Each player plays for themselves."""
        return None

    def score_of(self, player: str) -> int | None:
        """A player's total; None for a stranger."""
        return self.total(player) if player in self.players else None

    def as_json(self) -> dict[str, Any]:
        """The `replay` JSON."""
        return {
            "preset": self.rules.preset,
            "deals": self.deals,
            "players": [{"name": name, "score": self.total(name)} for name in self.players],
            "over": self.over,
            "winner": self.winner,
        }


GinReplay = Replayed[GinGame, GinEvent, GinResult]


def rules_from(preset: Preset, values: Mapping[str, Value]) -> GinRules:
    """Gin's rules from a preset's values; OptionError for a game without a target."""
    target, bonus = values["target"], values["undercut_bonus"]
    if not isinstance(target, int) or not isinstance(bonus, int):
        raise OptionError("Gin is played to a target")
    return GinRules(preset.name, preset.game, target, bonus)


def read_seats(data: Mapping[str, Any], rules: Rules) -> Seats:
    """A record's `players`: two different names."""
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) and name for name in players):
        raise RecordError('"players" is a list of names')
    if len(players) != 2 or players[0] == players[1]:
        raise RecordError("Gin is played by two different players")
    return (players[0], players[1]), None


def read_event(data: object, position: int, record: Seated) -> GinEvent:
    """A record's entry as a deal: `{"type": "knock", "knocker": name, "deadwood": {name: count}}` or
    `{"type": "dead_hand"}`."""
    if isinstance(data, Mapping) and data.get("type") == GinKind.DEAD:
        return DeadHand()
    knocker = data.get("knocker") if isinstance(data, Mapping) and data.get("type") == GinKind.KNOCK else None
    deadwood = data.get("deadwood") if isinstance(data, Mapping) else None
    if not isinstance(knocker, str) or not isinstance(deadwood, Mapping):
        raise UnreadableEvent(position, 'a Gin entry is {"type": "knock", "knocker": …, "deadwood": {…}}')
    if not all(isinstance(count, int) and not isinstance(count, bool) for count in deadwood.values()):
        raise UnreadableEvent(position, "a deadwood is a whole number")
    return Knock(knocker, MappingProxyType(dict(deadwood)))


def start(record: Seated) -> GinGame:
    """The game before its first deal."""
    if not isinstance(record.rules, GinRules):
        raise TypeError("not Gin's rules")
    dealer = record.players.index(record.first_dealer) if record.first_dealer in record.players else 0
    return GinGame(record.rules, record.players, MappingProxyType({}), 0, dealer)


def _gin(game: AnyGame) -> GinGame:
    if not isinstance(game, GinGame):
        raise TypeError(f"not a Gin game: {game!r}")
    return game


def standings(game: AnyGame) -> str:
    """`referee replay`'s standings: each player's total."""
    gin = _gin(game)
    return ", ".join(f"{name} {gin.total(name)}" for name in gin.players)


def tally(replayed: GinReplay) -> Tally:
    """The winner first, then by total; each player's deals and knocks."""
    state = replayed.state
    places = {name: (int(state.winner == name), 0, state.total(name)) for name in state.players}
    knocks = {name: 0 for name in state.players}
    for step in replayed.steps:
        if isinstance(step.event, Knock):
            knocks[step.event.knocker] += 1
    counts = {"gin_deals": dict.fromkeys(state.players, state.deals), "gin_knocks": knocks}
    return Tally(frozen(places), counted_by_name(counts))


def no_dealer(event: AnyEvent) -> str | None:
    """An entry does not say who dealt: the deal alternates."""
    return None


FIGURES = Figures("gin_deals", (Figure("gin_knocks", "Knocks", "gin_knocks", note="Knocks: a toy's."),))
PRESET = Preset(
    "gin",
    "gin",
    "the toy's own",
    "Gin: two players, a knock scores the difference in deadwood; 100 wins",
    MappingProxyType({"target": 100, "undercut_bonus": 25}),
    title="Gin",
    readings=(
        ("target", "The first player whose total reaches the target wins."),
        ("undercut_bonus", "A player who undercuts the knocker scores the difference and this bonus."),
    ),
)
GIN = GameFamily(
    name=FAMILY,
    games=("gin",),
    evening_rules=False,
    rules=rules_from,
    read_seats=read_seats,
    seats_json=lambda record: {"players": list(record.players)},
    start=start,
    read_event=read_event,
    dealer_of=no_dealer,
    standings_text=standings,
    tally=TallyOf(GinGame, tally),
    figures=FIGURES,
    kinds=(
        EntryKind(GinKind.KNOCK, "deal", played=True, counted=True, correctable=True),
        EntryKind(GinKind.DEAD, "dead deal", played=True, counted=True),
    ),
    options=(BUILT_IN_OPTIONS["target"], UNDERCUT_BONUS),
    presets=(PRESET,),
)
