"""A group's season: its players' standings over its evenings, head to head, Kaiser partnerships, and each evening's
chips, for the season page (docs/rules.md §10, *A group's season*).

Exact and never stale: each game's figures come from its replay (its book, `services.games`) and are cached per
(game, version), so a corrected round is a new version and counts at once; chips are the ones the settle-up
counts (`services.payments.chips_of`, the finished games only), so each evening's chips are its settle-up's result
and the season's add up to zero. An evening is counted once for its own id (docs/rules.md §10). A season of many
evenings reads three statements and replays only the games it has not seen at their version.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime

from sqlite_utils import Database

from referee.rules.families import FAMILIES
from referee.rules.settlement import name_key
from referee.services.books import book_key  # the replays' own key: (database, game, version)
from referee.services.cache import Cache
from referee.services.games import open_book
from referee.services.season_games import GameFigures, figures_of
from referee.services.season_standings import (
    EveningLine,
    EveningResult,
    Standing,
    evening_line,
    leaders_of,
    sorted_standings,
    sorts,
    standings_of,
)
from referee.storage.evenings import Evening
from referee.storage.groups import Group
from referee.storage.season import SeasonGame, season_evenings, season_games

__all__ = [
    "EveningLine", "EveningResult", "Filters", "HeadToHead", "Partnership", "Season", "Standing", "counted_games",
    "evening_day", "season_of", "sorted_standings", "sorts",
]  # fmt: skip


def counted_games() -> tuple[str, ...]:
    """The games a season counts, in the registry's order: kaluki, rami, kaiser (and any family's registered)."""
    return tuple(game for family in FAMILIES.values() for game in family.games)


FIGURES: Cache[GameFigures] = Cache(8192)  # a 100-evening season of 10 games a night, with room to spare


@dataclass(frozen=True)
class Filters:
    """Which games a season counts: one game (of `GAMES`) or all, and evenings from `start` to `end` (both in)."""

    game: str | None = None
    start: date | None = None
    end: date | None = None

    def game_asked(self, figures: GameFigures) -> bool:
        """Whether a game of these figures is one of the games asked for."""
        return self.game is None or figures.game == self.game

    def in_range(self, day: date) -> bool:
        """Whether an evening of `day` is in the date range (both ends included).

        >>> week = Filters(start=date(2026, 11, 20), end=date(2026, 11, 27))
        >>> week.in_range(date(2026, 11, 27)), week.in_range(date(2026, 11, 28)), Filters().in_range(date.min)
        (True, False, True)
        """
        return (self.start is None or day >= self.start) and (self.end is None or day <= self.end)


def evening_day(created_at: str) -> date:
    """The day an evening was played, in the server's time zone (as its page shows it)."""
    return datetime.fromisoformat(created_at).astimezone().date()


@dataclass(frozen=True)
class HeadToHead:
    """Two players who met: in how many games, and how often each finished ahead of the other (else level)."""

    first: str
    second: str
    games: int
    first_ahead: int
    second_ahead: int

    @property
    def level(self) -> int:
        """The games neither finished ahead."""
        return self.games - self.first_ahead - self.second_ahead


@dataclass(frozen=True)
class Partnership:
    """Two players who played Kaiser as a team: games and wins."""

    players: tuple[str, str]
    games: int
    won: int


@dataclass(frozen=True)
class Season:
    """What the season page shows, for the games its filters select."""

    group: Group
    filters: Filters
    players: tuple[str, ...]  # the newest evening's players in seat order, then the others by name: their colours
    standings: tuple[Standing, ...]  # most chips first (then most wins, then by name)
    leaders: frozenset[str]  # the most chips; when nobody's chips differ, the most wins; nobody when level
    evenings: tuple[EveningLine, ...]  # the evenings with a counted game, oldest first
    head_to_head: tuple[HeadToHead, ...]
    partnerships: tuple[Partnership, ...]
    by_game: Mapping[str, Mapping[str, tuple[int, int]]]  # game → player → (won, played)
    currencies: tuple[str, ...]
    moves_chips: bool  # whether a counted game was played for chips
    playing: int  # games still being played in the range: they count once over


def figures(db: Database, game: SeasonGame) -> GameFigures:
    """A game's figures at its version: cached, or read from its book (itself cached per version) once."""
    cached = FIGURES.get(book_key(db, game.game, game.version))
    if cached is not None:
        return cached
    book = open_book(db, game.game, game.version)
    made = figures_of(book)
    FIGURES.put(book_key(db, game.game, book.version), made)
    return made


def season_of(db: Database, group: Group, filters: Filters = Filters()) -> Season:
    """The group's season for the games `filters` select."""
    seen: set[str] = set()
    evenings: list[Evening] = []
    for found in season_evenings(db, group.id):
        # Each evening once for its own id. The database's unique index on the id holds that already (a copy kept
        # beside an evening gets an id of its own, in a group of its own); the season does not lean on it.
        if found.uid in seen:
            continue
        seen.add(found.uid)
        if filters.in_range(evening_day(found.evening.created_at)):
            evenings.append(found.evening)
    by_evening: dict[int, list[GameFigures]] = defaultdict(list)
    ids = {evening.id for evening in evenings}
    playing = 0
    for game in season_games(db, group.id):
        if game.game.evening_id not in ids:
            continue
        counted = figures(db, game)
        if not filters.game_asked(counted):
            continue
        if counted.over:
            by_evening[game.game.evening_id].append(counted)
        else:
            playing += 1
    return build_season(group, filters, evenings[::-1], by_evening, playing)


def build_season(
    group: Group,
    filters: Filters,
    evenings: Sequence[Evening],
    games: Mapping[int, Sequence[GameFigures]],
    playing: int = 0,
) -> Season:
    """The season of `evenings` (newest first) and their finished `games` (by evening id)."""
    lines = tuple(evening_line(evening, games[evening.id]) for evening in reversed(evenings) if games.get(evening.id))
    played = [figures for line in lines for figures in games[line.evening.id]]
    names = _players(evenings, played)
    standings = standings_of(names, lines, games)
    currencies = tuple(sorted({line.evening.currency for line in lines if line.chip_players}))
    return Season(
        group,
        filters,
        names,
        sorted_standings(standings, "chips"),
        leaders_of(standings),
        lines,
        _head_to_head(played),
        _partnerships(played),
        _by_game(played),
        currencies,
        any(figures.moves_chips for figures in played),
        playing,
    )


def _players(evenings: Sequence[Evening], played: Iterable[GameFigures]) -> tuple[str, ...]:
    """Who sat in a counted game: the newest evening's players in seat order first, then the others by name."""
    sat = {name for figures in played for name in figures.players}
    newest = next((evening for evening in evenings if sat & set(evening.players)), None)
    first = [name for name in (newest.players if newest else ()) if name in sat]
    return (*first, *sorted(sat - set(first), key=name_key))


def _head_to_head(played: Iterable[GameFigures]) -> tuple[HeadToHead, ...]:
    """For each two players on different sides of a finished game: games together, and who finished ahead."""
    tally: dict[tuple[str, str], list[int]] = {}
    for figures in played:
        for a, b, ahead in figures.pairs:
            counts = tally.setdefault((a, b), [0, 0, 0])
            counts[0] += 1
            counts[1] += ahead > 0
            counts[2] += ahead < 0
    ordered = sorted(tally.items(), key=lambda item: (name_key(item[0][0]), name_key(item[0][1])))
    return tuple(HeadToHead(a, b, *counts) for (a, b), counts in ordered)


def _partnerships(played: Iterable[GameFigures]) -> tuple[Partnership, ...]:
    """Each two players who played as a team: games and wins, most games first."""
    tally: dict[tuple[str, str], list[int]] = {}
    for figures in played:
        for pair in figures.counts.teams:
            a, b = sorted(pair, key=name_key)
            counts = tally.setdefault((a, b), [0, 0])
            counts[0] += 1
            counts[1] += a in figures.winners
    ordered = sorted(tally.items(), key=lambda item: (-item[1][0], -item[1][1], *map(name_key, item[0])))
    return tuple(Partnership(pair, games, won) for pair, (games, won) in ordered)


def _by_game(played: Iterable[GameFigures]) -> Mapping[str, Mapping[str, tuple[int, int]]]:
    """For each game played: each player's games won and played."""
    tally: dict[str, dict[str, tuple[int, int]]] = {}
    for figures in played:
        players = tally.setdefault(figures.game, {})
        for name in figures.players:
            won, games = players.get(name, (0, 0))
            players[name] = (won + (name in figures.winners), games + 1)
    return {game: tally[game] for game in counted_games() if game in tally}
