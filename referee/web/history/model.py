"""A player's history at an evening or in a group, as its page shows it: their numbers, and a line a game.

The numbers come from each game's replay (its book, `referee.services.games`), never from anything stored:

- games played: every game they sat in, finished or not; games won: the rummy games they won, and the Kaiser
  games their team won;
- then each family's own figures, as the family declares them (`Figure` in `referee.rules.tallies`: rummy's rounds
  played, penalty per round, kalukis and buy-backs), for each family they sat in a game of.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from types import MappingProxyType

from referee.rules.families import family_of, figures_shown, game_said
from referee.rules.tallies import Figure
from referee.services.games import Book
from referee.services.history import PlayedGame
from referee.web.games.charts import Chart, chart_for_book

GAMES_LISTED = 20  # the games listed, newest first; the numbers count every game


@dataclass(frozen=True)
class Numbers:
    """A player's numbers over some games: played, won, each count of their families' tallies, and those families."""

    games: int = 0
    won: int = 0
    counts: Mapping[str, int] = field(default_factory=dict)
    families: frozenset[str] = frozenset()  # the families of the games they sat in

    def __add__(self, other: Numbers) -> Numbers:
        names = dict.fromkeys((*self.counts, *other.counts))
        added = {name: self.counts.get(name, 0) + other.counts.get(name, 0) for name in names}
        return Numbers(
            self.games + other.games, self.won + other.won, MappingProxyType(added), self.families | other.families
        )

    def figure(self, figure: Figure) -> int | Decimal | None:
        """The value of a family's `figure`: a count, or an average to one decimal (None before any)."""
        return figure.value(self.counts)

    def rows(self) -> list[Figure]:
        """The history figures of each family the player sat in a game of."""
        return [figure for family, figure in figures_shown("history") if family.name in self.families]


@dataclass(frozen=True)
class GameLine:
    """One game of the history: when, where, the result, and its chart."""

    date: str  # when the game started, as stored (UTC); the page shows its local date
    evening_title: str
    number: int
    preset: str
    name: str  # what the pages call the game (`families.game_said`): its preset's name, or its own
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
    family = family_of(book.rules)
    tally = family.tally(book.replayed)
    counts = MappingProxyType({count: tally.count(count).get(name, 0) for count in tally.counts})
    return Numbers(1, won, counts, frozenset((family.name,)))


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
        game_said(book.rules),
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
