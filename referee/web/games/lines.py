"""The parts of a score sheet, the same for every family: columns, cells, lines, footer rows, marks, and the
`Layout` each family gives to lay them out, typed against its game, events and rules; the sheet, the chart and the
history use it through `LayoutOf`, which checks once that what they give it is the family's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol, TypeGuard

from referee.rules.game import AnyGame, AnyReplayed, Replayed, Rules, Step
from referee.rules.options import Value
from referee.rules.words import shown
from referee.services.games import Entry
from referee.web.games.typed import EventT, GameT, NotOfFamily, ResultT, RulesT, RulesT_contra


class Unit(StrEnum):
    """What a sheet's lines count, as its layout says and its words name them: rounds played, or hands (deals)."""

    ROUNDS = "rounds"
    HANDS = "hands"
    EVENINGS = "evenings"  # a group's season, evening by evening


@dataclass(frozen=True)
class NewGame:
    """A game a start form asks for: its preset and house rules, its seats as the record writes them (`seating`:
    `{"players": […]}`, or Kaiser's `{"teams": {…}}`) and clockwise (`seats`), who deals first (a place in `seats`)
    and whether drawn at random."""

    preset: str
    options: Mapping[str, Value]
    seating: Mapping[str, object]
    seats: tuple[str, ...]
    first_dealer: int
    drawn: bool


Totals = tuple[tuple[str, tuple[int, ...]], ...]  # (player or team, its total after round 0, 1, 2, …)


@dataclass(frozen=True)
class Column:
    """A player's (or a Kaiser team's) column: the name, the total, and whether they deal next."""

    name: str
    total: int
    deals: bool = False
    css: str = ""  # "status-eliminated", "status-out"
    short: str = ""  # the name as a narrow column's header shows it ("Bern.", "M-H"); "" when the whole name fits
    colour: int | None = None  # the player's colour, `player-N` in referee.css: the same on the sheet, chart, history

    @property
    def shown_total(self) -> str:
        """The total as the page writes it: "−6" with a true minus sign."""
        return shown(self.total)

    standing: str = ""  # "leader", or "danger": within a round's reach of elimination


@dataclass(frozen=True)
class Cell:
    """One column's part of a line: the running total after it and the line's change ("+40", "↺")."""

    total: str
    change: str
    mark: str = ""  # "winner" (went out) or "bidder" (the bidding team)


@dataclass(frozen=True)
class Line:
    """One entry on the sheet: its number, a badge ("all in one", "void", "buy-back"), a note and its cells."""

    slot: int
    revision: int
    kind: str  # its family's type of entry
    number: int | None  # the round's (or hand's) number; None for a buy-back or a passed deal
    badge: str
    note: str  # Kaiser: who bid what; a passed deal: whose deal
    cells: tuple[Cell, ...]
    explanations: tuple[str, ...] = ()  # Kaiser: the rule each team's change rests on
    correctable: bool = False


@dataclass(frozen=True)
class Footer:
    """A row under the lines: its label and a text per column (with a word for screen readers)."""

    label: str
    cells: tuple[str, ...]
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Marks:
    """The sheet's marks: each column's standing ("leader", "danger"), a round's reach, the elimination threshold."""

    standing: Mapping[str, str] = field(default_factory=dict)
    reach: int = 0
    threshold: int | None = None


class Layout(Protocol[GameT, EventT, ResultT, RulesT_contra]):
    """How one family lays out its sheet: `GameT` its game, `EventT` its events, `ResultT` what they did,
    `RulesT_contra` its rules."""

    unit: Unit
    noted: bool
    coloured: bool  # a column per player, each in the player's colour (sheet, chart, history)

    def marks(self, state: GameT, steps: Sequence[Step[GameT, EventT, ResultT]]) -> Marks:
        """The leader and the players close to elimination, after `steps`."""

    def columns(self, state: GameT) -> tuple[Column, ...]:
        """The columns after the last entry."""

    def line(self, entry: Entry, step: Step[GameT, EventT, ResultT], before: GameT) -> Line | None:
        """The line of one entry, from its replay step and the game before it; None for an entry with no line."""

    def footers(self, state: GameT) -> tuple[Footer, ...]:
        """The rows under the lines."""

    def verdict(self, state: GameT) -> str:
        """The game's result, once it is over."""

    def status(self, state: GameT) -> str:
        """What the table needs to know before the next round or hand."""

    def chips(self, state: GameT) -> dict[str, int]:
        """Each player's net chips in the game so far (none where chips never move)."""

    def pot(self, state: GameT) -> int:
        """The chips still in the pot."""

    def running_totals(self, replayed: Replayed[GameT, EventT, ResultT]) -> Totals:
        """Each column's total after every round (or hand) it played, for the chart."""

    def chart_mark(self, rules: RulesT_contra) -> tuple[str, int] | None:
        """The dashed line of the game's chart: what it marks ("eliminated", "target") and at which total."""


class AnyLayout(Protocol):
    """A family's `Layout` as the sheet, the chart and the history use it, for a game of any family (`LayoutOf`)."""

    @property
    def unit(self) -> Unit:
        """What a line counts: rounds, or hands."""

    @property
    def noted(self) -> bool:
        """Whether the lines carry a note column (Kaiser's bids)."""

    @property
    def coloured(self) -> bool:
        """Whether the columns are players, each in their colour."""

    def marks(self, replayed: AnyReplayed) -> Marks:
        """The leader and the players close to elimination, after the replay's last step."""

    def columns(self, state: AnyGame) -> tuple[Column, ...]:
        """The columns of the game `state`."""

    def line(self, entry: Entry, replayed: AnyReplayed, position: int) -> Line | None:
        """The line of `entry`, at `position` (from 1) of `replayed`; None for an entry with no line."""

    def footers(self, state: AnyGame) -> tuple[Footer, ...]:
        """The rows under the lines."""

    def verdict(self, state: AnyGame) -> str:
        """The game's result, once it is over."""

    def status(self, state: AnyGame) -> str:
        """What the table needs to know before the next round or hand."""

    def chips(self, state: AnyGame) -> dict[str, int]:
        """Each player's net chips in the game so far."""

    def pot(self, state: AnyGame) -> int:
        """The chips still in the pot."""

    def running_totals(self, replayed: AnyReplayed) -> Totals:
        """Each column's total after every round (or hand) it played, for the chart."""

    def chart_mark(self, rules: Rules) -> tuple[str, int] | None:
        """The dashed line of the game's chart."""


@dataclass(frozen=True)
class LayoutOf(Generic[GameT, EventT, ResultT, RulesT]):
    """One family's `Layout`, for a game of any family: what it is given is checked to be the family's game (`game`)
    and rules (`rules`) once, here, and the layout, typed against them, lays it out."""

    game: type[GameT]
    rules: type[RulesT]
    layout: Layout[GameT, EventT, ResultT, RulesT]

    @property
    def unit(self) -> Unit:
        """What a line counts."""
        return self.layout.unit

    @property
    def noted(self) -> bool:
        """Whether the lines carry a note column."""
        return self.layout.noted

    @property
    def coloured(self) -> bool:
        """Whether the columns are players, each in their colour."""
        return self.layout.coloured

    def plays(self, replayed: AnyReplayed) -> TypeGuard[Replayed[GameT, EventT, ResultT]]:
        """Whether `replayed` is a game of this family: its start is the family's game (and so is every step's
        game, each an `apply` of the one before), its events the family's (the game record reads them for it)."""
        return isinstance(replayed.start, self.game)

    def _replayed(self, replayed: AnyReplayed) -> Replayed[GameT, EventT, ResultT]:
        if not self.plays(replayed):
            raise NotOfFamily(f"not a game of {self.game.__name__}: {type(replayed.start).__name__}")
        return replayed

    def _state(self, state: AnyGame) -> GameT:
        if not isinstance(state, self.game):
            raise NotOfFamily(f"not a {self.game.__name__}: {type(state).__name__}")
        return state

    def _rules(self, rules: Rules) -> RulesT:
        if not isinstance(rules, self.rules):
            raise NotOfFamily(f"not {self.rules.__name__}: {type(rules).__name__}")
        return rules

    def marks(self, replayed: AnyReplayed) -> Marks:
        """The family's marks after the replay's last step."""
        mine = self._replayed(replayed)
        return self.layout.marks(mine.state, mine.steps)

    def columns(self, state: AnyGame) -> tuple[Column, ...]:
        """The family's columns."""
        return self.layout.columns(self._state(state))

    def line(self, entry: Entry, replayed: AnyReplayed, position: int) -> Line | None:
        """The family's line of `entry`, from its step and the game before it."""
        mine = self._replayed(replayed)
        return self.layout.line(entry, mine.steps[position - 1], mine.before(position))

    def footers(self, state: AnyGame) -> tuple[Footer, ...]:
        """The family's footer rows."""
        return self.layout.footers(self._state(state))

    def verdict(self, state: AnyGame) -> str:
        """The family's result."""
        return self.layout.verdict(self._state(state))

    def status(self, state: AnyGame) -> str:
        """The family's status."""
        return self.layout.status(self._state(state))

    def chips(self, state: AnyGame) -> dict[str, int]:
        """The family's chips."""
        return self.layout.chips(self._state(state))

    def pot(self, state: AnyGame) -> int:
        """The family's pot."""
        return self.layout.pot(self._state(state))

    def running_totals(self, replayed: AnyReplayed) -> Totals:
        """The family's running totals."""
        return self.layout.running_totals(self._replayed(replayed))

    def chart_mark(self, rules: Rules) -> tuple[str, int] | None:
        """The family's chart mark."""
        return self.layout.chart_mark(self._rules(rules))
