"""A player's history at an evening or in a group, as its page shows it: their numbers, and a line a game.

The numbers come from each game's replay (its book, `referee.services.games`), never from anything stored:

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
from decimal import Decimal

from referee.rules.families import family_of
from referee.rules.tallies import one_decimal
from referee.services.games import Book
from referee.services.history import PlayedGame
from referee.web.games.charts import Chart, chart_for_book

GAMES_LISTED = 20  # the games listed, newest first; the numbers count every game


@dataclass(frozen=True)
class Numbers:
    """A player's numbers over some games (see the module's docstring for each one's definition)."""

    games: int = 0
    won: int = 0
    rounds: int = 0
    penalty: int = 0
    kalukis: int = 0
    buybacks: int = 0

    def __add__(self, other: Numbers) -> Numbers:
        return Numbers(*(a + b for a, b in zip(self.counts(), other.counts(), strict=True)))

    def counts(self) -> tuple[int, ...]:
        """Every number, in the order of the fields."""
        return (self.games, self.won, self.rounds, self.penalty, self.kalukis, self.buybacks)

    @property
    def average_penalty(self) -> Decimal | None:
        """The penalty per round played, to one decimal (halves up); None before any round."""
        return one_decimal(self.penalty, self.rounds)


@dataclass(frozen=True)
class GameLine:
    """One game of the history: when, where, the result, and its chart."""

    date: str  # when the game started, as stored (UTC); the page shows its local date
    evening_title: str
    number: int
    preset: str
    evening_id: int  # the evening it was played at: the page links the game when it has that evening's key
    outcome: str  # "won", "lost" or "playing"
    score: int | None  # the player's total, or their team's score; None when the game's rules no longer read
    team: str | None  # Kaiser: the player's team
    stopped_at: int | None  # the first entry that no longer replays: it and the ones after are not counted
    chart: Chart


@dataclass(frozen=True)
class History:
    """Everything the player's page shows: their numbers over every game, and the newest games' lines."""

    name: str
    tally: Numbers
    lines: tuple[GameLine, ...]
    more: int  # games counted but not listed


def game_tally(name: str, book: Book) -> Numbers:
    """`name`'s numbers in one game: played, won (by them or their team), and their rounds as the game's family
    tallies them (`rules/tallies.py`: the same figures the group's season adds up)."""
    state = book.state
    won = int(state.over and state.winner == (state.side_of(name) or name))
    counted = family_of(book.rules).tally(book.replayed)
    rounds, penalty, kalukis, buybacks = (counted.rounds, counted.penalty, counted.kalukis, counted.buybacks)
    return Numbers(1, won, rounds.get(name, 0), penalty.get(name, 0), kalukis.get(name, 0), buybacks.get(name, 0))


def game_line(name: str, played: PlayedGame, book: Book) -> GameLine:
    """The line of one game: its date, evening, preset, `name`'s result and score, and its chart."""
    state = book.state
    team = state.side_of(name)
    won = state.over and state.winner == (team or name)
    outcome = "won" if won else ("lost" if state.over else "playing")
    refusal = book.replayed.refusal
    return GameLine(
        played.game.created_at,
        played.evening.title,
        played.game.number,
        played.game.preset,
        played.evening.id,
        outcome,
        state.score_of(name),
        team,
        None if refusal is None else refusal.position,
        chart_for_book(book),
    )


def build_history(name: str, games: Sequence[PlayedGame], books: Sequence[Book], shown: int = GAMES_LISTED) -> History:
    """`name`'s history from their games (newest first) and their books."""
    tally = sum((game_tally(name, book) for book in books), Numbers())
    lines = tuple(game_line(name, played, book) for played, book in zip(games[:shown], books[:shown], strict=True))
    return History(name, tally, lines, max(len(games) - shown, 0))
