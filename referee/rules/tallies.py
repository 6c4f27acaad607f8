"""What one game's results say of each player over a season (docs/rules.md §10, *A group's season*).

Each family tallies its own game (`GameFamily.tally` in `referee.rules.families`, made in the family's own module:
`rummy_family.rummy_tally`, `kaiser_family.kaiser_tally`) into a `Tally`: how each player finished, and the family's
own counts. Each family also declares the figures the season's standings and a player's history show of its counts
(`Figures`, registered as `GameFamily.figures`): nothing here, nor outside the family, names its counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from types import MappingProxyType
from typing import TypeVar

from referee.rules.words import say

Place = tuple[int, int, int]  # compared as a tuple: the larger finished ahead (`rummy_family.rummy_tally`…)

T = TypeVar("T")

NONE: Mapping[str, int] = MappingProxyType({})


def frozen(counts: Mapping[str, T]) -> Mapping[str, T]:
    """`counts` as a frozen mapping."""
    return MappingProxyType(dict(counts))


def _none_counted() -> Mapping[str, Mapping[str, int]]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Tally:
    """What a family's results say of each player in one game (a player left out counts 0): how each finished, the
    family's own counts (each a player's number, named as the family's `Figure`s read them), and its partnerships."""

    places: Mapping[str, Place]  # how each player finished: the larger finished ahead
    counts: Mapping[str, Mapping[str, int]] = field(default_factory=_none_counted)  # count name -> player -> number
    teams: tuple[tuple[str, str], ...] = ()  # the partnerships, where players play as a team (Kaiser's two)

    def count(self, name: str) -> Mapping[str, int]:
        """Each player's number of the count `name` (none when the family has no such count)."""
        return self.counts.get(name, NONE)


@dataclass(frozen=True)
class Figure:
    """One of a family's numbers over games, as the season's standings and a player's history show it: a count the
    family's tally adds up (`count`), or, with `per`, that count over another, to one decimal (`one_decimal`)."""

    name: str  # its column, its sort and its `data-figure`: "eliminations", "penalty"
    label: str  # marked with N_: the standings' column, "Penalty per round"
    count: str  # the tally's count it adds up
    per: str | None = None  # the count it is divided by, for an average: "rounds"
    lowest_first: bool = False  # the lowest is the best (a penalty)
    title: str = ""  # marked with N_: its name in a history's row and the CSV's header, when not `label`
    meaning: str = ""  # marked with N_: what it counts, under a history's numbers
    note: str = ""  # marked with N_: what it counts, under the standings
    season: bool = True  # a column of the season's standings (and its CSV)
    history: bool = True  # a row of a player's history

    def label_said(self) -> str:
        """Its column's name, in the language spoken when shown."""
        return say(self.label)

    def title_said(self) -> str:
        """Its name in a history's row and the CSV's header, in the language spoken when shown."""
        return say(self.title or self.label)

    def meaning_said(self) -> str:
        """What it counts, under a history's numbers."""
        return say(self.meaning)

    def note_said(self) -> str:
        """What it counts, under the standings."""
        return say(self.note)

    def value(self, counts: Mapping[str, int]) -> int | Decimal | None:
        """Its value from a player's added-up `counts`: the count, or the average (None before any)."""
        total = counts.get(self.count, 0)
        return total if self.per is None else one_decimal(total, counts.get(self.per, 0))


@dataclass(frozen=True)
class Figures:
    """A family's figures: the count that says a player played one of its games' rounds (`played`: the columns show
    once somebody has), and its figures in the order they are shown."""

    played: str
    figures: tuple[Figure, ...]

    @property
    def counted(self) -> tuple[str, ...]:
        """The counts its figures add up, each once."""
        return tuple(dict.fromkeys((self.played, *(name for f in self.figures for name in (f.count, f.per) if name))))


def one_decimal(total: int, count: int) -> Decimal | None:
    """`total` / `count` to one decimal, halves up, as every average a player reads is written; None for no count.

    >>> one_decimal(7, 2), one_decimal(1, 3), one_decimal(5, 0)
    (Decimal('3.5'), Decimal('0.3'), None)
    """
    if not count:
        return None
    return (Decimal(total) / count).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def counted_by_name(counts: Mapping[str, Mapping[str, int]]) -> Mapping[str, Mapping[str, int]]:
    """A family's counts (name -> player -> number), frozen, for its `Tally`."""
    return MappingProxyType({name: frozen(count) for name, count in counts.items()})
