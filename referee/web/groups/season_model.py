"""What the season page shows, in the reader's language: the filters read from the URL, the name of each evening,
the standings' cells, the two charts (net chips evening by evening, win rate by game) and the standings as CSV."""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import TypedDict

from babel.numbers import format_decimal
from flask_babel import gettext as _

from referee.rules.families import figures_shown
from referee.rules.option_words import PRESET_NAMES, preset_said
from referee.rules.settlement import format_cents
from referee.rules.tallies import Figure
from referee.rules.words import signed as said_signed
from referee.services.season import (
    EveningLine,
    EveningResult,
    Filters,
    Season,
    Standing,
    counted_games,
    evening_day,
    sorts,
)
from referee.web.games.charts import STYLES, Chart, running_totals_chart
from referee.web.games.lines import Unit
from referee.web.games.sheets import colours
from referee.web.local import MINUS, day, format_amount, local_time, number, reader_locale
from referee.web.transfer.model import formula_safe

WIDTH = 320  # the win-rate chart's viewBox width, the game chart's
NAME_END, BAR_START, BAR_END = 112, 118, 282  # a bar's name ends left of it; its percentage follows it
ROW, HEADING = 14, 16  # the height of a bar's row, and of a game's name above its bars
NAME_CHARS = 20  # a longer name is shortened in the drawing (the legend and the label have it whole)


def read_filters(args: Mapping[str, str]) -> tuple[Filters, str]:
    """The filters and the sort asked in the URL's query; anything unknown or unreadable is left out."""
    game = args.get("game", "")
    return Filters(game if game in counted_games() else None, _day(args.get("from")), _day(args.get("to"))), (
        args.get("sort", "") if args.get("sort", "") in sorts() else "chips"
    )


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text or "")
    except ValueError:
        return None


# The season page's URL query: the game, the first and last day, the sort (each only when asked).
Query = TypedDict("Query", {"game": str, "from": str, "to": str, "sort": str}, total=False)


def query(filters: Filters, sort: str = "chips") -> Query:
    """The URL query that asks for `filters` and `sort` (only what differs from the whole season by chips)."""
    asked: Query = {}
    if filters.game:
        asked["game"] = filters.game
    if filters.start:
        asked["from"] = filters.start.isoformat()
    if filters.end:
        asked["to"] = filters.end.isoformat()
    if sort != "chips" and sort:
        asked["sort"] = sort
    return asked


def game_name(game: str) -> str:
    """A game's name as players say it, in the reader's language: "Kaluki", "Autre jeu" (its preset's name; a game
    without a preset of its name is its own name, capitalised)."""
    return str(preset_said(game)) if game in PRESET_NAMES else game.capitalize()


def decimal(value: Decimal | None) -> str:
    """A one-decimal figure in the reader's language ("37,6" in French, "−2,5" with a true minus); a dash for none."""
    return "–" if value is None else format_decimal(value, "0.0", locale=reader_locale()).replace("-", MINUS)


def evening_times(season: Season) -> dict[int, str]:
    """Each of the season's evenings by id: its day in the reader's language ("28 nov. 2026"), with its time when
    another evening of the season of the same title (or as untitled) falls on the same day ("28 nov. 2026 21:05"): an
    evening's day and title never read as another's."""
    days = Counter((day(line.evening.created_at), line.evening.title) for line in season.evenings)
    said = {}
    for line in season.evenings:
        moment, title = line.evening.created_at, line.evening.title
        said[line.evening.id] = day(moment) if days[day(moment), title] == 1 else local_time(moment, date=True)
    return _apart(season, said, titled=True)


def evening_names(season: Season) -> dict[int, str]:
    """Each of the season's evenings by id, as the page names it, never two alike: its title when no other evening of
    the season has it, else its title and `evening_times` ("Friday · 28 nov. 2026"); untitled, `evening_times`."""
    times = evening_times(season)
    titles = Counter(line.evening.title for line in season.evenings if line.evening.title)
    said = {}
    for line in season.evenings:
        title, uid = line.evening.title, line.evening.id
        said[uid] = (title if titles[title] == 1 else f"{title} · {times[uid]}") if title else times[uid]
    return _apart(season, said)


def _apart(season: Season, said: dict[int, str], *, titled: bool = False) -> dict[int, str]:
    """`said` with a name two evenings share (with their title too, when `titled`: evenings started within one minute)
    followed by its place among them, oldest first: "28 nov. 2026 21:05 (2)"."""

    def read(line: EveningLine) -> tuple[str, str]:
        return said[line.evening.id], line.evening.title if titled else ""

    repeated = Counter(map(read, season.evenings))
    seen: Counter[tuple[str, str]] = Counter()
    named = dict(said)
    for line in season.evenings:
        if repeated[read(line)] > 1:
            seen[read(line)] += 1
            named[line.evening.id] = f"{said[line.evening.id]} ({seen[read(line)]})"
    return named


def chart_days(season: Season) -> tuple[str, str]:
    """The chips chart's two x labels: the first evening's day (at x = 1) and the last's (at the right end); the first
    is "" when it would read as the last (a season of one evening, or of one day)."""
    if not season.evenings:
        return "", ""
    first, last = (day(line.evening.created_at) for line in (season.evenings[0], season.evenings[-1]))
    return ("" if first == last else first), last


def percent(value: int | None) -> str:
    """A whole percentage in the reader's language ("67 %" in French); a dash for none."""
    return "–" if value is None else _("%(percent)s %%", percent=value)


def signed(chips: int) -> str:
    """Chips won or lost as the page writes them: "+6", "−3", "0" (a true minus sign, as on the sheet)."""
    return said_signed(chips)


def money(standing: Standing) -> str:
    """The season's money of a player, in each currency played for: "+3,20 €"."""
    if not standing.money:
        return "–"
    return " · ".join(format_amount(Decimal(cents) / 100, currency, signed=True) for currency, cents in standing.money)


def chips_chart(season: Season) -> Chart:
    """Each player's net chips after every evening of the season, from 0 before the first, in their colour."""
    totals: list[tuple[str, list[int]]] = []
    for name in season.players:
        running = [0]
        for line in season.evenings:
            running.append(running[-1] + line.chips.get(name, 0))
        totals.append((name, running))
    return running_totals_chart(totals, Unit.EVENINGS, None, colours(season.players))


@dataclass(frozen=True)
class Bar:
    """One player's win rate at one game: where it is drawn, and its words."""

    name: str
    shown: str  # the name as drawn (shortened when long)
    y: float
    width: float
    percent: int
    won: int
    played: int
    style: int


@dataclass(frozen=True)
class GameBars:
    """One game's bars, under its name."""

    game: str
    y: float
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class RateChart:
    """The win rate by game, a bar a player for each game they played."""

    width: int
    height: int
    name_end: int
    bar_start: int
    bar_end: int
    games: tuple[GameBars, ...]


def rate_chart(season: Season) -> RateChart:
    """Each player's win rate at each game, their bars in their colour, grouped by game."""
    styles = colours(season.players)
    y = 0.0
    games = []
    for game, players in season.by_game.items():
        top = y + HEADING - 4
        y += HEADING
        bars = []
        for name in season.players:
            if name not in players:
                continue
            won, played = players[name]
            share = Decimal(won * 100) / played
            shown = name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"
            width = round((BAR_END - BAR_START) * won / played, 1)
            rounded = int(share.to_integral_value(rounding="ROUND_HALF_UP"))
            bars.append(Bar(name, shown, y, width, rounded, won, played, styles[name] % STYLES))
            y += ROW
        games.append(GameBars(game_name(game), top, tuple(bars)))
        y += 4
    return RateChart(WIDTH, int(y) + 2, NAME_END, BAR_START, BAR_END, tuple(games))


def standings_csv(season: Season, standings: tuple[Standing, ...]) -> str:
    """The standings as CSV, a line a player, numbers as numbers and names made safe from spreadsheet formulas: each
    family's counts after the win rate, its averages after the money."""
    out = io.StringIO()
    writer = csv.writer(out)
    currencies = season.currencies
    shown = [figure for _, figure in figures_shown("season")]
    counts, averages = [f for f in shown if f.per is None], [f for f in shown if f.per is not None]
    writer.writerow(
        [
            _("Player"), _("Evenings"), _("Games played"), _("Games won"), _("Win rate (%)"),
            *(str(figure.title_said()) for figure in counts), _("Net chips"),
            *(formula_safe(_("Money (%(currency)s)", currency=c)) for c in currencies),
            *(str(figure.title_said()) for figure in averages), _("Best evening"), _("Chips at the best"),
            _("Worst evening"), _("Chips at the worst"),
        ]
    )  # fmt: skip
    for standing in standings:
        money = dict(standing.money)
        best, worst = standing.best, standing.worst
        writer.writerow(
            [
                formula_safe(standing.name), standing.evenings, standing.games, standing.won,
                "" if standing.percent is None else standing.percent, *(standing.figure(f) for f in counts),
                standing.chips, *(format_cents(money[c]) if c in money else "" for c in currencies),
                *(_plain(standing.figure(f)) for f in averages),
                _evening_day(best), "" if best is None else best.chips,
                _evening_day(worst), "" if worst is None else worst.chips,
            ]
        )  # fmt: skip
    return out.getvalue()


def season_figures(standings: Sequence[Standing]) -> list[Figure]:
    """The families' figures the standings show: those of each family somebody played a round or hand of."""
    return [
        figure
        for family, figure in figures_shown("season")
        if any(s.counts.get(family.figures.played) for s in standings)
    ]


def figure_value(standing: Standing, figure: Figure) -> str:
    """A standing's cell for a family's figure, in the reader's language: a count, an average to one decimal ("–"
    before any), a negative one with a true minus."""
    value = standing.figure(figure)
    return number(value) if isinstance(value, int) else decimal(value)


def season_notes(standings: Sequence[Standing]) -> list[str]:
    """What the figures shown count, in the reader's language."""
    return [str(figure.note_said()) for figure in season_figures(standings) if figure.note]


def _plain(value: int | Decimal | None) -> str:
    return "" if value is None else str(value)


def _evening_day(result: EveningResult | None) -> str:
    return "" if result is None else evening_day(result.evening.created_at).isoformat()


def player_colours(season: Season) -> dict[str, int]:
    """Each player's colour on the season page: their place among the season's players, as on a sheet."""
    return colours(season.players)


def sort_order(column: str) -> str:
    """How a column sorts, for `aria-sort`: names and the figures whose lowest is best (penalties) up, every other
    count down (best first)."""
    lowest = {figure.name for _, figure in figures_shown("season") if figure.lowest_first}
    return "ascending" if column == "name" or column in lowest else "descending"
