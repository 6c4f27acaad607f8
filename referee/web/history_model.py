"""A player's history across evenings, as its page shows it: their numbers over every game, and a line a game.

The numbers come from replaying each game (`referee.web.replay`), never from anything stored:

- games played: every game they sat in, finished or not; games won: the rummy games they won, and the Kaiser
  games their team won;
- rounds played: the Kaluki and Rami rounds they were still in, won or lost (a void round is not counted);
- penalty: what the cards left in their hand cost them in those rounds, as the round added it to their total
  (multiplied for a kaluki or a rami, with any joker penalty); a round they won counts 0. In Rami's points
  mode, where the cards left go to the winner instead, it is those cards' value;
- kalukis: the rounds they won all in one (a kaluki or a hunt), or with a rami in Rami;
- buy-backs: the times they bought back in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from referee.rules.kaiser import KaiserGame
from referee.rules.rummy import RummyGame, hand_value
from referee.rules.rummy_events import Buyback, Round
from referee.rules.table import RummyRules
from referee.storage.history import PlayedGame
from referee.web.charts import Chart, chart_of
from referee.web.replay import Replayed, replay_game

SHOWN = 20  # the games listed, newest first; the numbers count every game


@dataclass(frozen=True)
class Tally:
    """A player's numbers over some games (see the module's docstring for each one's definition)."""

    games: int = 0
    won: int = 0
    rounds: int = 0
    penalty: int = 0
    kalukis: int = 0
    buybacks: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def counts(self) -> tuple[int, ...]:
        """Every number, in the order of the fields."""
        return (self.games, self.won, self.rounds, self.penalty, self.kalukis, self.buybacks)

    @property
    def average_penalty(self) -> Decimal | None:
        """The penalty per round played, to one decimal (halves up); None before any round."""
        if not self.rounds:
            return None
        return (Decimal(self.penalty) / self.rounds).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class GameLine:
    """One game of the history: when, where, the result, and its chart."""

    date: str  # when the game started, as stored (UTC); the page shows its local date
    evening_title: str
    number: int
    preset: str
    here: bool  # played at the evening whose link opened the page: only then is the game linked
    outcome: str  # "won", "lost" or "playing"
    score: int | None  # the player's total, or their team's score; None when the game's rules no longer read
    team: str | None  # Kaiser: the player's team
    stopped_at: int | None  # the first entry that no longer replays: it and the ones after are not counted
    chart: Chart


@dataclass(frozen=True)
class History:
    """Everything the player's page shows: their numbers over every game, and the newest games' lines."""

    name: str
    tally: Tally
    lines: tuple[GameLine, ...]
    more: int  # games counted but not listed


def rummy_tally(name: str, replayed: Replayed) -> Tally:
    """`name`'s numbers in one replayed Kaluki or Rami game."""
    state, rules = replayed.state, replayed.rules
    if not isinstance(state, RummyGame) or not isinstance(rules, RummyRules):
        return Tally(games=1)
    rounds = penalty = kalukis = 0
    played = [event for event in replayed.events if not isinstance(event, Buyback)]
    for event, result in zip(played, state.results, strict=True):
        if not isinstance(event, Round) or name not in result.points:
            continue  # a void round, or one played after they went out
        rounds += 1
        if event.winner == name:
            kalukis += event.all_in_one or event.rami is not None
        elif rules.scoring == "points":
            penalty += hand_value(event.hands[name], rules)
        else:
            penalty += result.points[name]
    player = state.player(name)
    won = int(state.winner == name)
    return Tally(games=1, won=won, rounds=rounds, penalty=penalty, kalukis=kalukis, buybacks=player.buybacks)


def kaiser_team(name: str, replayed: Replayed) -> str | None:
    """The team `name` played for in a replayed Kaiser game."""
    return replayed.state.teams.team_of(name) if isinstance(replayed.state, KaiserGame) else None


def game_tally(name: str, replayed: Replayed) -> Tally:
    """`name`'s numbers in one replayed game; a Kaiser game counts as played, and won when their team won."""
    if isinstance(replayed.state, KaiserGame):
        team = kaiser_team(name, replayed)
        return Tally(games=1, won=int(team is not None and replayed.state.winner == team))
    return rummy_tally(name, replayed)


def game_line(name: str, played: PlayedGame, replayed: Replayed, evening_id: int) -> GameLine:
    """The line of one game: its date, evening, preset, `name`'s result and score, and its chart."""
    state, team = replayed.state, kaiser_team(name, replayed)
    score: int | None = None
    winner = None
    if isinstance(state, KaiserGame) and team is not None:
        score, winner = state.score(team), state.winner
    elif isinstance(state, RummyGame):
        score, winner = state.player(name).score, state.winner
    over = state is not None and state.over
    won = over and winner == (name if team is None else team)
    outcome = "won" if won else ("lost" if over else "playing")
    return GameLine(
        played.game.created_at,
        played.evening.title,
        played.game.number,
        played.game.preset,
        played.evening.id == evening_id,
        outcome,
        score,
        team,
        replayed.stopped_at,
        chart_of(replayed),
    )


def build_history(name: str, games: Sequence[PlayedGame], evening_id: int, shown: int = SHOWN) -> History:
    """`name`'s history from their games (newest first), seen from the evening `evening_id`."""
    replays = [replay_game(played.game, played.events) for played in games]
    tally = sum((game_tally(name, replayed) for replayed in replays), Tally())
    lines = tuple(
        game_line(name, played, replayed, evening_id)
        for played, replayed in zip(games[:shown], replays[:shown], strict=True)
    )
    return History(name, tally, lines, max(len(games) - shown, 0))
