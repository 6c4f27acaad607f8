"""What one game's results say of each player over a season (docs/rules.md §10, *A group's season*).

Each family tallies its own game (`GameFamily.tally` in `referee.rules.families`): how each player finished, and
the family's own counts. Rummy: the rounds each player was still in, what they cost them, eliminations and
buy-backs. Kaiser: the hands played and what they added to each team's score, and the two partnerships.
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

Place = tuple[int, int, int]  # compared as a tuple: the larger finished ahead (see `rummy_tally`, `kaiser_tally`)

T = TypeVar("T")

NONE: Mapping[str, int] = MappingProxyType({})


def _frozen(counts: Mapping[str, T]) -> Mapping[str, T]:
    return MappingProxyType(dict(counts))


def _none() -> Mapping[str, int]:
    return NONE


@dataclass(frozen=True)
class Tally:
    """What a family's results say of each player in one game (a player left out counts 0)."""

    places: Mapping[str, Place]  # how each player finished: the larger finished ahead
    # Rummy: the rounds they were still in (a void round is none), what those rounds added to their total (in
    # points mode, the cards left they handed the winner), the times their total reached the elimination mark, and
    # their buy-backs.
    rounds: Mapping[str, int] = field(default_factory=_none)
    penalty: Mapping[str, int] = field(default_factory=_none)
    eliminations: Mapping[str, int] = field(default_factory=_none)
    buybacks: Mapping[str, int] = field(default_factory=_none)
    kalukis: Mapping[str, int] = field(default_factory=_none)  # the rounds they won all in one (a kaluki, a rami)
    # Kaiser: the hands played (a deal everybody passed is none), and what they added to the player's team's score.
    hands_played: Mapping[str, int] = field(default_factory=_none)
    points: Mapping[str, int] = field(default_factory=_none)
    teams: tuple[tuple[str, str], ...] = ()  # Kaiser: the two partnerships


COUNTED = ("eliminations", "buybacks", "rounds", "penalty", "hands_played", "points")  # the counts a season adds up


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
    return Tally(
        _frozen(places), _frozen(rounds), _frozen(penalty), _frozen(eliminations), _frozen(buybacks), _frozen(kalukis)
    )  # fmt: skip


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
    return Tally(_frozen(places), hands_played=_frozen(hands_played), points=_frozen(points), teams=pairs)
