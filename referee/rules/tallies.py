"""What one game's results say of each player over a season (docs/rules.md §10, *A group's season*).

Each family tallies its own game (`GameFamily.tally` in `referee.rules.families`): how each player finished, and
the family's own counts. Rummy: the rounds each player was still in, what they cost them, eliminations, kalukis and
buy-backs. Kaiser: the hands played and what they added to each team's score, and the two partnerships. Each family
also declares the figures the season's standings and a player's history show of its counts (`Figures`, registered as
`GameFamily.figures`): nothing outside the family names its counts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from types import MappingProxyType
from typing import TypeVar, assert_never

from referee.rules.kaiser import HandResult, KaiserReplay, PassedResult
from referee.rules.rummy import RummyReplay
from referee.rules.rummy_events import Round
from referee.rules.rummy_results import BuybackResult, ReshuffleResult, RoundResult
from referee.rules.rummy_rounds import hand_value
from referee.rules.table import Scoring
from referee.rules.words import N_, say

Place = tuple[int, int, int]  # compared as a tuple: the larger finished ahead (see `rummy_tally`, `kaiser_tally`)

T = TypeVar("T")

NONE: Mapping[str, int] = MappingProxyType({})


def _frozen(counts: Mapping[str, T]) -> Mapping[str, T]:
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


RUMMY_FIGURES = Figures(
    "rounds",
    (
        Figure("rounds", N_("Rummy rounds played"), "rounds", season=False,
               meaning=N_("The Kaluki and Rami rounds the player was still in, won or lost; a round nobody won is not "
                          "counted.")),
        Figure("eliminations", N_("Eliminations"), "eliminations", history=False),
        Figure("penalty", N_("Penalty per round"), "penalty", per="rounds", lowest_first=True,
               title=N_("Average penalty per round"),
               meaning=N_("The points the cards left in hand added to the player's total (multiplied for a kaluki or a "
                          "rami, with any joker penalty), divided by the rounds played; a round the player won counts "
                          "0. In Rami's points mode, the cards left count at their value."),
               note=N_("Penalty per round: what the cards left in hand cost, in the Kaluki and Rami rounds played.")),
        Figure("kalukis", N_("Kalukis"), "kalukis", season=False,
               meaning=N_("Rounds won all in one: a kaluki or a hunt, or a rami in Rami.")),
        Figure("buybacks", N_("Buy-backs"), "buybacks"),
    ),
)  # fmt: skip
KAISER_FIGURES = Figures(
    "hands_played",
    (
        Figure("points", N_("Points per hand"), "points", per="hands_played", title=N_("Average points per hand"),
               note=N_("Points per hand: what each Kaiser hand added to the team's score."), history=False),
    ),
)  # fmt: skip


def one_decimal(total: int, count: int) -> Decimal | None:
    """`total` / `count` to one decimal, halves up, as every average a player reads is written; None for no count.

    >>> one_decimal(7, 2), one_decimal(1, 3), one_decimal(5, 0)
    (Decimal('3.5'), Decimal('0.3'), None)
    """
    if not count:
        return None
    return (Decimal(total) / count).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def rummy_tally(replayed: RummyReplay) -> Tally:
    """Rounds, penalty, eliminations and buy-backs; the winner finished first, then who stayed in longest.

    Between two players put out by the same round, the lower total (in points mode, the higher) finished ahead.
    """
    state = replayed.state
    rules = state.rules
    rounds: Counter[str] = Counter()
    penalty: Counter[str] = Counter()
    eliminations: Counter[str] = Counter()
    buybacks: Counter[str] = Counter()
    kalukis: Counter[str] = Counter()
    out_at: dict[str, int] = {}
    for step in replayed.steps:
        event, result = step.event, step.result
        match result:
            case BuybackResult():
                buybacks[result.player] += 1
                continue
            case RoundResult() if isinstance(event, Round):
                pass  # a round played: counted below
            case RoundResult() | ReshuffleResult():
                continue  # a void round, or a reshuffle
            case _:
                assert_never(result)
        for name in result.eliminated:
            eliminations[name] += 1
            out_at[name] = step.position
        for name, added in result.points.items():
            rounds[name] += 1
            if name == event.winner:
                kalukis[name] += event.finish.all_in_one
                continue  # a round they won costs them nothing
            penalty[name] += hand_value(event.hands[name], rules) if rules.scoring == Scoring.POINTS else added
    stayed = len(replayed.steps) + 1  # never put out: in to the end
    places: dict[str, Place] = {}
    for player in state.players:
        won = int(state.winner == player.name)
        if rules.scoring == Scoring.POINTS:
            places[player.name] = (won, 0, player.score)
        else:
            places[player.name] = (won, out_at.get(player.name, stayed), -player.score)
    counts = {"rounds": rounds, "penalty": penalty, "eliminations": eliminations, "buybacks": buybacks,
              "kalukis": kalukis}  # fmt: skip
    return Tally(_frozen(places), _counted(counts))


def kaiser_tally(replayed: KaiserReplay) -> Tally:
    """Hands and the points they added to each team's score; the winning team's two players finished ahead."""
    state = replayed.state
    teams = state.teams
    hands_played: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for step in replayed.steps:
        result = step.result
        match result:
            case HandResult():
                pass  # a hand played: counted below
            case PassedResult():
                continue  # a deal everybody passed
            case _:
                assert_never(result)
        for team in result.results:
            for name in teams.players[teams.names.index(team.team)]:
                hands_played[name] += 1
                points[name] += team.change
    places = {name: (int(state.winner == teams.team_of(name)), 0, 0) for name in teams.seats}
    pairs = tuple((a, b) for a, b in teams.players)
    return Tally(_frozen(places), _counted({"hands_played": hands_played, "points": points}), pairs)


def _counted(counts: Mapping[str, Mapping[str, int]]) -> Mapping[str, Mapping[str, int]]:
    return MappingProxyType({name: _frozen(count) for name, count in counts.items()})
