"""What a game family is, as the engine asks it: one `GameFamily`, declared by the family's own module and registered
in `referee.rules.families`.

Shared code never names a family, a game or a type of entry: it asks the family these questions. A family's module
imports this one (and the engine's shared modules), never the registry or the records, so a family is added without
an import cycle: the registry reads its list of families, and the records ask the registry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeGuard

from referee.rules.game import (
    AnyEvent,
    AnyGame,
    AnyReplayed,
    Chips,
    EntryKind,
    EventT,
    Replayed,
    ResultT,
    Rules,
    Sides,
    StateT,
)
from referee.rules.options import Option, Value
from referee.rules.presets import Preset
from referee.rules.record_data import RecordError
from referee.rules.tallies import Figures, Tally
from referee.rules.words import say

Seats = tuple[tuple[str, ...], Sides | None]  # a record's players in seat order, and their sides if it has some


class Seated(Protocol):
    """What a family reads of a game record: its rules and seats (`referee.rules.game_record.GameRecord`)."""

    @property
    def preset(self) -> str:
        """The preset's name."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players, in seat order, clockwise."""

    @property
    def first_dealer(self) -> str | None:
        """Who dealt first, when the record says so."""

    @property
    def sides(self) -> Sides | None:
        """The partnerships, where the family plays in sides."""

    @property
    def rules(self) -> Rules:
        """The rules in force."""


def players_listed(data: Mapping[str, Any], preset: str, fewest: int, most: int) -> Seats:
    """A game record's `players` for a family that seats players one by one: names, none twice, `fewest` to `most` of
    them (RecordError says why not)."""
    value = data.get("players")
    if not isinstance(value, list) or not all(isinstance(name, str) and name.strip() for name in value):
        raise RecordError(say('"players" is a list of the players\' names'))
    if len(set(value)) != len(value):
        twice = next(name for name in value if value.count(name) > 1)
        raise RecordError(say("{name} is listed twice among the players", name=twice))
    if not fewest <= len(value) <= most:
        raise RecordError(say("{preset} is played by {fewest} to {most} players, not {count}", preset=preset,
                              fewest=fewest, most=most, count=len(value)))  # fmt: skip
    return tuple(value), None


def players_json(record: Seated) -> dict[str, Any]:
    """The record's seats as it writes them, for a family that seats players one by one: `players`, in seat order."""
    return {"players": list(record.players)}


def no_dealer(event: AnyEvent) -> str | None:
    """None: the family's events do not say who dealt (the deal passes to the left)."""
    return None


@dataclass(frozen=True)
class TallyOf(Generic[StateT, EventT, ResultT]):
    """One family's tally, for a replay of any family's game: checked once, here, to be a game of the family's (`game`),
    and the tally, typed against the family's replay (`RummyReplay`, `KaiserReplay`), reads its results as typed."""

    game: type[StateT]
    tally: Callable[[Replayed[StateT, EventT, ResultT]], Tally]

    def plays(self, replayed: AnyReplayed) -> TypeGuard[Replayed[StateT, EventT, ResultT]]:
        """Whether `replayed` is a game of this family: its start is the family's game (and so is every step's game,
        each an `apply` of the one before), its events and results the family's."""
        return isinstance(replayed.start, self.game)

    def __call__(self, replayed: AnyReplayed) -> Tally:
        """What the family's game `replayed` says of each player; TypeError for another family's game."""
        if not self.plays(replayed):
            raise TypeError(f"not a game of {self.game.__name__}: {type(replayed.start).__name__}")
        return self.tally(replayed)


@dataclass(frozen=True)
class GameFamily:
    """One game family as the engine asks it: an entry of the registry (`families.FAMILIES`)."""

    name: str  # what the registry, the rules (`Rules.family`) and the web call it
    games: tuple[str, ...]  # the presets' `game` it plays
    evening_rules: bool  # whether its rules can be an evening's own (a new game's default): Kaluki or Rami's
    rules: Callable[[Preset, Mapping[str, Value]], Rules]  # its rules from a preset's values; OptionError
    read_seats: Callable[[Mapping[str, Any], Rules], Seats]  # a record's players or teams; RecordError
    seats_json: Callable[[Seated], dict[str, Any]]  # the record's seats as it writes them
    start: Callable[[Seated], AnyGame]  # the game before its first event
    read_event: Callable[[object, int, Seated], AnyEvent]  # an entry at a position; UnreadableEvent
    dealer_of: Callable[[AnyEvent], str | None]  # who dealt, when its events say so
    standings_text: Callable[[AnyGame], str]  # `referee replay` without --json
    tally: Callable[[AnyReplayed], Tally]  # what a game's results say of each player over a season (`TallyOf`)
    figures: Figures  # the numbers the season and a player's history show of its tallies' counts
    kinds: tuple[EntryKind, ...]  # every type of entry its games have, each saying what it is
    options: tuple[Option, ...] = ()  # the options its presets set (each once in the registry, by name)
    chips: Callable[[AnyGame], Chips] | None = None  # None: played for points, not chips
    presets: tuple[Preset, ...] = ()  # the presets it brings besides those of `presets.py` (`register` adds them)
    named: Callable[[Rules], str] | None = None  # a game's own name from its rules ("Belote"); None: its preset's

    def kind_of(self, entry_type: object) -> EntryKind | None:
        """What an entry of this family's games is, by its `type`; None for a type it has not."""
        return next((kind for kind in self.kinds if kind.type == entry_type), None)

    def played(self, entry_type: object) -> bool:
        """Whether an entry of this `type` takes a round's (or a deal's) place: two phones' are a clash."""
        kind = self.kind_of(entry_type)
        return kind is not None and kind.played

    def counted(self, entry_type: object) -> bool:
        """Whether an entry of this `type` is a round or a hand played, as a game's summary counts them."""
        kind = self.kind_of(entry_type)
        return kind is not None and kind.counted

    def kind_said(self, entry_type: str) -> str:
        """What the sheet and the change log call an entry of this `type`, said when shown; the type itself for one
        the family has not (an entry that no longer reads)."""
        kind = self.kind_of(entry_type)
        return kind.label_said() if kind is not None else entry_type

    def correctable(self, entry_type: object) -> bool:
        """Whether an entry of this `type` is corrected from its line on the sheet."""
        kind = self.kind_of(entry_type)
        return kind is not None and kind.correctable
