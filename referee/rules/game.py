"""One interface for every game family, and one replay: a game is its start plus its events, applied in order.

A game family (rummy in `rummy`, Kaiser in `kaiser`) gives a frozen state that implements `Game`: it checks
an event (`verify` answers the refusal, or None), applies it (`apply` gives the next state and what the event
did), and says who deals next, who is still in and what else may happen now (`offers`: a buy-back, a deal
passed out). `replay` applies a record's events one by one, goes as far as it can, and keeps each step, so a
caller can add one event to a replayed game (`Replayed.then`) or correct one (`Replayed.corrected`) without
replaying what came before it.

A family's game is a `Game` of its events and its results (`RummyGame` a `Game[RummyEvent, RummyResult]`: what
each event did has its own type, and the family's engine names their union), and a replay is typed by its game,
events and results (`Replayed[RummyGame, RummyEvent, RummyResult]`, which the family names `RummyReplay`). The rest
of what makes a family (its rules, its seats, how an entry is read as one of its events, what each type of entry is:
`EntryKind`) is registered in `families`.

Nothing here names a family: the types are open. A game of any family is an `AnyGame` (a `Game` of any events and
results), its rules `Rules` (a protocol every family's rules answer), an event's kind a plain word its family
declares. A family's own code narrows to its own types where it needs them (`TallyOf`, the web's `ScreenOf`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar

from referee.rules.events import EntryError, EventError, UnreadableEvent
from referee.rules.words import say

if TYPE_CHECKING:
    from referee.rules.options import Value


class Status(StrEnum):
    """A rummy player's status (docs/rules.md §5): in, eliminated (may still buy back), or out for good."""

    IN = "in"
    ELIMINATED = "eliminated"
    OUT = "out"


@dataclass(frozen=True)
class EntryKind:
    """What one type of entry is, as its family declares it (`GameFamily.kinds`): shared code asks this, never the type
    itself.

    >>> EntryKind("round", "round", played=True, counted=True, correctable=True).played
    True
    """

    type: str  # the game record's `type` of the entry (an event's `kind`)
    label: str  # what the sheet and the change log call it, in English (marked with N_, said in the reader's language)
    played: bool = False  # it takes a round's (or a deal's) place: two phones adding one each is a clash
    counted: bool = False  # a round or a hand played, as the evening page counts a game's ("12 rounds")
    correctable: bool = False  # corrected from its line on the sheet (`…/events/<slot>`)

    def label_said(self) -> str:
        """The label in the reader's language, said when shown."""
        return say(self.label)


class Event(Protocol):
    """An event of a game record: it knows its kind and writes itself back as the record's JSON."""

    @property
    def kind(self) -> str:
        """The event's `type`, one of its family's `EntryKind`s."""

    def as_json(self) -> dict[str, Any]:
        """The event as the game record writes it."""


class Sides(Protocol):
    """Partnerships a family seats its players in (Kaiser's two teams): each side's name and players, in the record's
    order. A family without them seats everybody for themselves."""

    @property
    def names(self) -> tuple[str, ...]:
        """Each side's name."""

    @property
    def players(self) -> tuple[tuple[str, ...], ...]:
        """Each side's players."""

    def as_json(self) -> dict[str, list[str]]:
        """The sides as the record writes them: each name with its players."""


@dataclass(frozen=True)
class Offer:
    """Something besides the next round or hand that may happen now: a buy-back, or passing a deal out."""

    kind: str  # the entry it would add: rummy's buy-back, or Kaiser's passed deal
    player: str  # who buys back, or whose deal is passed
    cost: int = 0  # chips into the pot
    restart: int = 0  # the total a player buying back restarts at
    left: int = 0  # buy-backs left after this one


EventT = TypeVar("EventT", bound=Event)  # a family's events: RummyEvent, KaiserEvent
EventT_contra = TypeVar("EventT_contra", bound=Event, contravariant=True)
ResultT = TypeVar("ResultT")  # what a family's events did: RummyResult, KaiserResult
ResultT_co = TypeVar("ResultT_co", covariant=True)


class Game(Protocol[EventT_contra, ResultT_co]):
    """A game's standing after some events, the same questions answered for every family.

    `Game[RummyEvent, RummyResult]` is a game that takes rummy events and says what each did: `RummyGame`;
    `Game[KaiserEvent, KaiserResult]` is `KaiserGame`.
    """

    @property
    def over(self) -> bool:
        """Whether the game has ended."""

    @property
    def winner(self) -> str | None:
        """Who won (a player, or a Kaiser team), once the game is over."""

    @property
    def rules(self) -> Rules:
        """The rules it is played under."""

    def verify(self, event: EventT_contra, position: int) -> EventError | None:
        """Why `event` cannot come next (at `position`), or None when it can."""

    def apply(self, event: EventT_contra, position: int) -> tuple[Self, ResultT_co]:
        """The game after `event`, and what the event did (the family's result); EventError when it cannot come next."""

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
        """The `replay` JSON of docs/formats.md."""


# A family's game: `Replayed[RummyGame, RummyEvent, RummyResult]`, or a game of any family. (Python cannot say "a game
# of the events EventT and the results ResultT": the family pairs them, and names its replay: `RummyReplay`.)
StateT = TypeVar("StateT", bound="Game[Any, Any]")


@dataclass(frozen=True)
class Unreadable:
    """A stored entry that no longer reads: the replay stops at it, and it can still be corrected or deleted."""

    data: object  # the entry's JSON, as stored
    error: UnreadableEvent
    kind = None

    def as_json(self) -> object:
        """The entry as it was stored."""
        return self.data


@dataclass(frozen=True)
class Step(Generic[StateT, EventT, ResultT]):
    """One event applied: its position (from 1), the event, what it did (the family's result), and the game after it."""

    position: int
    event: EventT
    result: ResultT  # RummyResult (RoundResult, BuybackResult, ReshuffleResult); KaiserResult (HandResult…)
    state: StateT


@dataclass(frozen=True)
class Replayed(Generic[StateT, EventT, ResultT]):
    """A game replayed as far as its events go: the start, a step per event applied, and the first refusal."""

    start: StateT
    steps: tuple[Step[StateT, EventT, ResultT], ...] = ()
    # The first entry that cannot be applied (an illegal event, or an unreadable entry); the ones after it are not.
    refusal: EntryError | None = None
    waiting: tuple[EventT | Unreadable, ...] = ()  # the refused entry and every entry after it, as given

    @property
    def state(self) -> StateT:
        """The game after the last event applied."""
        return self.steps[-1].state if self.steps else self.start

    @property
    def events(self) -> tuple[EventT, ...]:
        """The events applied, in order."""
        return tuple(step.event for step in self.steps)

    def before(self, position: int) -> StateT:
        """The game just before the event at `position` (from 1)."""
        return self.steps[position - 2].state if position > 1 else self.start

    def extended(self, events: Iterable[EventT | Unreadable]) -> Replayed[StateT, EventT, ResultT]:
        """This replay with more events applied, stopping at the first that cannot happen."""
        if self.refusal is not None:
            return replace(self, waiting=(*self.waiting, *events))
        steps = list(self.steps)
        state = self.state
        pending: list[EventT | Unreadable] = list(events)
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

    def then(self, event: EventT | Unreadable) -> Replayed[StateT, EventT, ResultT]:
        """This replay with one more event; EventError says why it cannot come next (UnreadableEvent: not an event)."""
        if self.refusal is not None:
            raise self.refusal
        if isinstance(event, Unreadable):
            raise event.error
        position = len(self.steps) + 1
        state, result = self.state.apply(event, position)
        return Replayed(self.start, (*self.steps, Step(position, event, result, state)))

    def corrected(self, position: int, event: EventT | Unreadable | None) -> Replayed[StateT, EventT, ResultT]:
        """The replay with the event at `position` replaced by `event` (deleted when None), the rest replayed.

        Only the events from `position` on are applied again: the steps before it are kept as they are.
        """
        events = (*self.events, *self.waiting)
        if not 1 <= position <= len(events):
            raise IndexError(say("there is no event {position}", position=position))
        kept = Replayed(self.start, self.steps[: position - 1])
        between = events[len(kept.steps) : position - 1]  # past a refused entry: it and those after it, up to here
        return kept.extended((*between, *(() if event is None else (event,)), *events[position:]))

    def standing(self) -> StateT:
        """The game after every event; EventError for the first that cannot happen (UnreadableEvent: not an event)."""
        if self.refusal is not None:
            raise self.refusal
        return self.state


def replay(start: StateT, events: Sequence[EventT | Unreadable]) -> Replayed[StateT, EventT, ResultT]:
    """Apply `events` to the game `start`, one by one, as far as they go (its results typed as the caller says)."""
    return Replayed[StateT, EventT, ResultT](start).extended(events)


AnyGame = Game[Any, Any]  # a game of any family, as a record starts and replays it
AnyEvent = Event  # an event of any family's game
AnyResult = object  # what an event of any family's game did (each family names its own union)
AnyReplayed = Replayed[AnyGame, AnyEvent, AnyResult]  # a replay of any family's game, as a record replays it


class Rules(Protocol):
    """The rules in force at one table, as every family's rules answer: the preset they come from, its game, the
    family that plays it, who may sit, and what the house changed. A family's own rules say the rest."""

    @property
    def preset(self) -> str:
        """The preset's name (`kaluki`, `kaiser`)."""

    @property
    def game(self) -> str:
        """The preset's game."""

    @property
    def family(self) -> str:
        """The name of the family that plays it (its entry in `families`)."""

    @property
    def min_players(self) -> int:
        """The fewest players (or teams' players) a game seats."""

    @property
    def max_players(self) -> int:
        """The most players a game seats."""

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""


@dataclass(frozen=True)
class Chips:
    """What a game played for chips leaves: each player's net chips, and the pot while nobody has won it."""

    net: Mapping[str, int]
    pot: int


def counted(count: int, word: str) -> str:
    """`count` and `word`, plural unless one, in the command line's English (`referee replay` is not translated).

    >>> counted(1, "round"), counted(3, "hand")
    ('1 round', '3 hands')
    """
    return f"{count} {word}" if count == 1 else f"{count} {word}s"
