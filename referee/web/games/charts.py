"""A game's running totals as a small SVG line chart, laid out here and drawn by `components/chart.html`.

A view builds it with `chart_for_book(book)` and passes it to the template, which
draws it with `{% with chart=chart %}{% include "components/chart.html" %}{% endwith %}`. A game with no round
yet gives a chart with no lines, and the partial draws nothing for it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.rules.game import Rules
from referee.services.games import Book
from referee.web.games.families import layout_of
from referee.web.games.lines import Totals, Unit
from referee.web.games.sheets import colours, evening_seats

WIDTH, HEIGHT = 320, 160  # the viewBox; the SVG scales to its box's width
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 8, 18  # room for the y-axis numbers and the x-axis's first and last round
LABEL = 10  # the height a label of the chart's 9px text takes, descent and a gap included
STYLES = 8  # series-0 … series-7 in referee.css: a colour and a dash pattern each, a player's colour on the sheet


@dataclass(frozen=True)
class Series:
    """One player's (or team's) line: its label, its last total, its points in the viewBox and its style."""

    label: str
    last: int
    points: str  # "x,y x,y …": the SVG polyline's points, one per round
    style: int  # the CSS class `series-{style}`


@dataclass(frozen=True)
class Tick:
    """A value on the y axis and its height in the viewBox."""

    value: int
    y: float


@dataclass(frozen=True)
class Mark:
    """The dashed line across the chart: where players are eliminated, or the score that wins."""

    kind: str  # "elimination" or "target"
    value: int
    y: float
    label_y: float  # the baseline of its label: just above the line, or just below it when the top has no room


def label_baseline(y: float) -> float:
    """Where the label of a line at height `y` sits: above it, or below it when it would leave the drawing.

    >>> label_baseline(80), label_baseline(8)
    (77, 18)
    """
    return y - 3 if y - 3 >= LABEL else y + LABEL


@dataclass(frozen=True)
class Chart:
    """A running-totals chart: the viewBox, the plot's edges, the lines, the y ticks and the dashed mark."""

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    unit: Unit  # what x counts: rounds, or hands
    rounds: int  # the last x (x = 0 is the start, every total 0)
    series: tuple[Series, ...]
    ticks: tuple[Tick, ...]
    mark: Mark | None = None


def nice_step(span: int, most: int = 4) -> int:
    """The smallest step of 1, 2 or 5 times a power of ten that splits `span` in at most `most` parts.

    >>> nice_step(150), nice_step(47), nice_step(0), nice_step(1000)
    (50, 20, 1, 250)
    """
    step = 1
    while True:
        for factor in (1, 2, 2.5, 5):
            size = int(step * factor)
            if size == step * factor and math.ceil(span / size) <= most:
                return size
        step *= 10


def running_totals_chart(
    totals: Sequence[tuple[str, Sequence[int]]],
    unit: Unit = Unit.ROUNDS,
    mark: tuple[str, int] | None = None,
    styles: Mapping[str, int] | None = None,
) -> Chart:
    """Lay out each (label, totals after round 0, 1, …) as a line; no line at all before the first round.

    A label's style is `styles[label]` (a player's colour) when given, else its place among the lines.
    """
    rounds = max((len(values) - 1 for _, values in totals), default=0)
    drawn = [(label, values) for label, values in totals if len(values) >= 2] if rounds else []
    numbers = [0, *(v for _, values in drawn for v in values), *([mark[1]] if mark and drawn else [])]
    step = nice_step(max(numbers) - min(numbers))
    low = math.floor(min(numbers) / step) * step
    high = max(math.ceil(max(numbers) / step) * step, low + step)

    def y(value: int) -> float:
        return round(TOP + (high - value) * (HEIGHT - TOP - BOTTOM) / (high - low), 1)

    def x(number: int) -> float:
        return round(LEFT + number * (WIDTH - LEFT - RIGHT) / max(rounds, 1), 1)

    series = tuple(
        Series(
            label,
            values[-1],
            " ".join(f"{x(n):g},{y(v):g}" for n, v in enumerate(values)),
            (styles or {}).get(label, n) % STYLES,
        )
        for n, (label, values) in enumerate(drawn)
    )
    ticks = tuple(Tick(value, y(value)) for value in range(low, high + 1, step))
    return Chart(
        WIDTH,
        HEIGHT,
        LEFT,
        WIDTH - RIGHT,
        TOP,
        HEIGHT - BOTTOM,
        unit,
        rounds,
        series,
        ticks,
        Mark(mark[0], mark[1], y(mark[1]), label_baseline(y(mark[1]))) if mark and drawn else None,
    )


def chart_mark(rules: Rules | None) -> tuple[str, int] | None:
    """The dashed line a game's rules call for: the elimination threshold, else the target (Rami points, Kaiser)."""
    return None if rules is None else layout_of(rules.family).chart_mark(rules)


def running_totals(book: Book) -> Totals:
    """Each player's (or Kaiser team's) total after every round (or hand) they played, from the book's replay.

    A buy-back restarts a player's total, so their line drops at the next round; a player out stops there.
    """
    return layout_of(book.family).running_totals(book.replayed)


def chart_for_book(book: Book) -> Chart:
    """The running-totals chart of a game (Kaluki, Rami or Kaiser), up to its first entry that no longer replays."""
    layout = layout_of(book.family)
    styles = colours(book.game.players, evening_seats()) if layout.coloured else None
    return running_totals_chart(running_totals(book), layout.unit, chart_mark(book.rules), styles)
