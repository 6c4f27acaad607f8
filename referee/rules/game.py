"""One interface for every game family, and one replay: a game is its start plus its events, applied in order.

A game family (rummy in `rummy`, Kaiser in `kaiser`) gives a frozen state that implements `Game`: it checks
an event (`verify` answers the refusal, or None), applies it (`apply` gives the next state and what the event
did), and says who deals next, who is still in and what else may happen now (`offers`: a buy-back, a deal
passed out). `replay` applies a record's events one by one, goes as far as it can, and keeps each step, so a
caller can add one event to a replayed game (`Replayed.then`) or correct one (`Replayed.corrected`) without
replaying what came before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Protocol, Self

from referee.rules.events import EventError
from referee.rules.words import say


class Status(StrEnum):
    """A rummy player's status (RULES.md §5): in, eliminated (may still buy back), or out for good."""

    IN = "in"
    ELIMINATED = "eliminated"
    OUT = "out"


class Kind(StrEnum):
    """What an event is, in every family: the game record's `type`."""

    ROUND = "round"
    VOID = "void"
    BUYBACK = "buyback"
    HAND = "hand"
    PASSED = "passed"


class Event(Protocol):
    """An event of a game record: it knows its kind and writes itself back as the record's JSON."""

    @property
    def kind(self) -> Kind:
        """The event's `type`."""

    def as_json(self) -> dict[str, Any]:
        """The event as the game record writes it."""


@dataclass(frozen=True)
class Offer:
    """Something besides the next round or hand that may happen now: a buy-back, or passing a deal out."""

    kind: Kind  # BUYBACK or PASSED
    player: str  # who buys back, or whose deal is passed
    cost: int = 0  # chips into the pot
    restart: int = 0  # the total a player buying back restarts at
    left: int = 0  # buy-backs left after this one


class Game(Protocol):
    """A game's standing after some events, the same questions answered for every family."""

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def winner(self) -> str | None:
        """Who won (a player, or a Kaiser team), once the game is over."""

    def verify(self, event: Any, position: int) -> EventError | None:
        """Why `event` cannot come next (at `position`), or None when it can."""

    def apply(self, event: Any, position: int) -> tuple[Self, Any]:
        """The game after `event`, and what the event did; EventError when it cannot come next."""

    def dealer(self) -> str | None:
        """Who deals next; None once the game is over."""

    def still_in(self) -> tuple[str, ...]:
        """The players who take part in the next round or hand, in seat order."""

    def offers(self) -> tuple[Offer, ...]:
        """What else may happen now: buy-backs, a deal passed out."""

    def side_of(self, player: str) -> str | None:
        """The team `player` plays for, or None where everybody plays for themselves (or for a stranger)."""

    def score_of(self, player: str) -> int | None:
        """The score that counts for `player`: their own total, or their team's; None for a stranger."""

    def as_json(self) -> dict[str, Any]:
        """The `replay` JSON of FORMATS.md."""


@dataclass(frozen=True)
class Unreadable:
    """A stored event that no longer reads: the replay stops at it, and it can still be corrected or deleted."""

    data: Any
    error: EventError
    kind = None

    def as_json(self) -> Any:
        """The event as it was stored."""
        return self.data


@dataclass(frozen=True)
class Step:
    """One event applied: its position (from 1), the event, what it did, and the game after it."""

    position: int
    event: Any
    result: Any
    state: Any


@dataclass(frozen=True)
class Replayed:
    """A game replayed as far as its events go: the start, a step per event applied, and the first refusal."""

    start: Any
    steps: tuple[Step, ...] = ()
    refusal: EventError | None = None  # the first event that cannot happen; the ones after it are not applied
    waiting: tuple[Any, ...] = ()  # the refused event and every event after it, as given

    @property
    def state(self) -> Any:
        """The game after the last event applied."""
        return self.steps[-1].state if self.steps else self.start

    @property
    def events(self) -> tuple[Any, ...]:
        """The events applied, in order."""
        return tuple(step.event for step in self.steps)

    def before(self, position: int) -> Any:
        """The game just before the event at `position` (from 1)."""
        return self.steps[position - 2].state if position > 1 else self.start

    def extended(self, events: Iterable[Any]) -> Replayed:
        """This replay with more events applied, stopping at the first that cannot happen."""
        if self.refusal is not None:
            return replace(self, waiting=(*self.waiting, *events))
        steps = list(self.steps)
        state = self.state
        pending = list(events)
        for index, event in enumerate(pending):
            position = len(steps) + 1
            if isinstance(event, Unreadable):
                return Replayed(self.start, tuple(steps), event.error, tuple(pending[index:]))
            try:
                state, result = state.apply(event, position)
            except EventError as refusal:
                return Replayed(self.start, tuple(steps), refusal, tuple(pending[index:]))
            steps.append(Step(position, event, result, state))
        return Replayed(self.start, tuple(steps))

    def then(self, event: Any) -> Replayed:
        """This replay with one more event; EventError says why it cannot come next."""
        if self.refusal is not None:
            raise self.refusal
        if isinstance(event, Unreadable):
            raise event.error
        position = len(self.steps) + 1
        state, result = self.state.apply(event, position)
        return Replayed(self.start, (*self.steps, Step(position, event, result, state)))

    def corrected(self, position: int, event: Any | None) -> Replayed:
        """The replay with the event at `position` replaced by `event` (deleted when None), the rest replayed.

        Only the events from `position` on are applied again: the steps before it are kept as they are.
        """
        events = (*self.events, *self.waiting)
        if not 1 <= position <= len(events):
            raise IndexError(say("there is no event {position}", position=position))
        kept = Replayed(self.start, self.steps[: position - 1])
        return kept.extended((*(() if event is None else (event,)), *events[position:]))

    def standing(self) -> Any:
        """The game after every event; EventError for the first that cannot happen."""
        if self.refusal is not None:
            raise self.refusal
        return self.state


def replay(start: Game, events: Sequence[Any]) -> Replayed:
    """Apply `events` to the game `start`, one by one, as far as they go."""
    return Replayed(start).extended(events)
