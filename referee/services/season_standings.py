"""A season's standings (docs/rules.md §10, *A group's season*): each evening's line, each player's figures added
up in one pass over the evenings and their games, their order by a column (best first), and who leads."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from operator import add
from types import MappingProxyType

from referee.rules.families import counted, figures_shown
from referee.rules.settlement import cents, name_key
from referee.rules.tallies import Figure
from referee.services.season_games import GameFigures
from referee.storage.evenings import Evening

SORTS = ("chips", "name", "evenings", "games", "won", "rate")  # and each family's season figure (`sorts`)


def sorts() -> tuple[str, ...]:
    """The columns the standings sort by: the season's own, then each family's figures."""
    return (*SORTS, *(figure.name for _, figure in figures_shown("season")))


@dataclass(frozen=True)
class EveningLine:
    """One evening of the season: its games counted, and each player's chips over them."""

    evening: Evening
    games: int
    chips: Mapping[str, int]  # every player who sat in one of its counted games; 0 for a game without chips
    chip_players: frozenset[str]  # those who sat in one of its counted games played for chips


@dataclass(frozen=True)
class EveningResult:
    """A player's chips at one evening: their best or worst."""

    evening: Evening
    chips: int


@dataclass(frozen=True)
class Standing:
    """One player's season: evenings, games, wins, each family's counts added up, chips, money, best and worst
    evening."""

    name: str
    evenings: int = 0
    games: int = 0
    won: int = 0
    counts: Mapping[str, int] = field(default_factory=dict)  # each count a family's figures add up (`counted`)
    chips: int = 0
    money: tuple[tuple[str, int], ...] = ()  # (currency, cents) for each currency played for, by currency
    best: EveningResult | None = None  # by chips, over the evenings they played a game for chips
    worst: EveningResult | None = None

    @property
    def win_rate(self) -> Fraction | None:
        """Games won over games played; None before a game."""
        return Fraction(self.won, self.games) if self.games else None

    @property
    def percent(self) -> int | None:
        """The win rate in whole percent, halves up."""
        if not self.games:
            return None
        return int((Decimal(self.won * 100) / self.games).to_integral_value(ROUND_HALF_UP))

    def figure(self, figure: Figure) -> int | Decimal | None:
        """The player's value of a family's `figure`: a count, or an average to one decimal (None before any)."""
        return figure.value(self.counts)


def evening_line(evening: Evening, games: Sequence[GameFigures]) -> EveningLine:
    """One evening's line: its games counted, each player's chips over them, who played a game for chips."""
    chips: Counter[str] = Counter({name: 0 for figures in games for name in figures.players})
    for figures in games:
        chips.update(figures.chips)
    paid = frozenset(name for figures in games if figures.moves_chips for name in figures.players)
    return EveningLine(evening, len(games), dict(chips), paid)


def standings_of(
    names: Sequence[str], lines: Sequence[EveningLine], games: Mapping[int, Sequence[GameFigures]]
) -> tuple[Standing, ...]:
    """Every player's standing, in one pass over the evenings and their games."""
    names_counted = counted()
    width = 2 + len(names_counted)  # a game's row: 1, won, then its counts (`GameFigures.rows`)
    played = {name: [0] * width for name in names}
    evenings = dict.fromkeys(names, 0)
    chips = dict.fromkeys(names, 0)
    money: dict[str, Counter[str]] = {name: Counter() for name in names}
    results: dict[str, list[EveningResult]] = {name: [] for name in names}
    for line in lines:
        value = cents(line.evening.chip_value)
        for name, won in line.chips.items():
            evenings[name] += 1
            chips[name] += won
            if name in line.chip_players:
                money[name][line.evening.currency] += won * value
                results[name].append(EveningResult(line.evening, won))
        for game in games[line.evening.id]:
            for name, row in game.rows.items():
                played[name] = list(map(add, played[name], row))
    return tuple(
        Standing(
            name,
            evenings[name],
            played[name][0],
            played[name][1],
            MappingProxyType(dict(zip(names_counted, played[name][2:], strict=True))),
            chips=chips[name],
            money=tuple(sorted(money[name].items())),
            best=max(results[name], key=lambda result: result.chips, default=None),  # the first of equals: the oldest
            worst=min(results[name], key=lambda result: result.chips, default=None),
        )
        for name in names
    )


def _sort_key(standing: Standing, by: str) -> tuple[object, ...]:
    """Best first: most of a count, the lowest penalty, the highest points; no figure last; then by name."""
    name = name_key(standing.name)
    if by == "name":
        return (name,)
    if by == "rate":
        rate = standing.win_rate
        return (rate is None, -(rate or 0), -standing.games, name)
    if by == "chips":
        return (-standing.chips, -standing.won, name)
    figure = next((figure for _, figure in figures_shown("season") if figure.name == by), None)
    if figure is None:
        return (-int(getattr(standing, by)), -standing.chips, name)
    value = standing.figure(figure)
    if figure.per is None:
        return (-(value or 0), -standing.chips, name)
    return (value is None, (value or 0) if figure.lowest_first else -(value or 0), name)


def sorted_standings(standings: Iterable[Standing], by: str) -> tuple[Standing, ...]:
    """The standings sorted by the column `by` (one of `sorts()`, else by chips), best first; then by name.

    >>> ana = Standing("Ana", games=2, won=1, chips=-4, counts={"rounds": 4, "penalty": 60})
    >>> ben = Standing("Ben", games=2, chips=4)
    >>> [s.name for s in sorted_standings([ana, ben], "chips")], [s.name for s in sorted_standings([ana, ben], "won")]
    (['Ben', 'Ana'], ['Ana', 'Ben'])
    >>> [s.name for s in sorted_standings([ben, ana], "penalty")]  # the lowest first; no round played last
    ['Ana', 'Ben']
    """
    column = by if by in sorts() else "chips"
    return tuple(sorted(standings, key=lambda standing: _sort_key(standing, column)))


def leaders_of(standings: Sequence[Standing]) -> frozenset[str]:
    """The leaders: the most chips; when nobody's chips differ, the most games won; nobody when those are level too.

    >>> sorted(leaders_of([Standing("Ana", won=2), Standing("Ben", won=1), Standing("Cy", won=2)]))
    ['Ana', 'Cy']
    >>> leaders_of([Standing("Ana", won=1, chips=3), Standing("Ben", won=2, chips=-3)])
    frozenset({'Ana'})
    """
    for figure in ("chips", "won"):
        values = {getattr(standing, figure) for standing in standings}
        if len(values) > 1:
            top = max(values)
            return frozenset(standing.name for standing in standings if getattr(standing, figure) == top)
    return frozenset()
