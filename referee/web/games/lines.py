"""The parts of a score sheet, the same for every family: columns, cells, lines, footer rows, marks, and the
`Layout` each family gives to lay them out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from referee.rules.game import Kind, Replayed, Step
from referee.services.games import Entry


@dataclass(frozen=True)
class NewGame:
    """A game a start form asks for: its preset and house rules, its seats clockwise, who deals first (and whether
    drawn at random), and its teams where it has some."""

    preset: str
    options: dict[str, Any]
    seats: tuple[str, ...]
    first_dealer: int
    drawn: bool
    teams: dict[str, list[str]] | None = None


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
    kind: Kind
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


class Layout(Protocol):
    """How one family lays out its sheet."""

    unit: str
    noted: bool
    coloured: bool  # a column per player, each in the player's colour (sheet, chart, history)

    def marks(self, state: Any, steps: Sequence[Step[Any, Any]]) -> Marks:
        """The leader and the players close to elimination, after `steps`."""

    def columns(self, state: Any) -> tuple[Column, ...]:
        """The columns after the last entry."""

    def line(self, entry: Entry, step: Step[Any, Any], before: Any) -> Line | None:
        """The line of one entry, from its replay step and the game before it; None for an entry with no line."""

    def footers(self, state: Any) -> tuple[Footer, ...]:
        """The rows under the lines."""

    def verdict(self, state: Any) -> str:
        """The game's result, once it is over."""

    def status(self, state: Any) -> str:
        """What the table needs to know before the next round or hand."""

    def chips(self, state: Any) -> dict[str, int]:
        """Each player's net chips in the game so far (none where chips never move)."""

    def pot(self, state: Any) -> int:
        """The chips still in the pot."""

    def running_totals(self, replayed: Replayed[Any, Any]) -> Totals:
        """Each column's total after every round (or hand) it played, for the chart."""

    def rounds_of(self, name: str, replayed: Replayed[Any, Any], rules: Any) -> dict[str, int]:
        """`name`'s rounds, penalty, rounds won all in one and buy-backs, for their history (0 where none)."""

    def chart_mark(self, rules: Any) -> tuple[str, int] | None:
        """The dashed line of the game's chart: what it marks ("eliminated", "target") and at which total."""
