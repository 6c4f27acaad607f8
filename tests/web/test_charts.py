"""The running-totals chart, laid out without a page: points in the viewBox, the dashed mark, empty games."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask, render_template_string
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.families import rules_for
from referee.services.games import read_book
from referee.storage.games import StoredEvent, StoredGame
from referee.web.games.charts import (
    BOTTOM,
    HEIGHT,
    LEFT,
    RIGHT,
    TOP,
    WIDTH,
    chart_for_book,
    chart_mark,
    running_totals,
    running_totals_chart,
)
from referee.web.games.lines import Unit

GAMES = Path(__file__).parent.parent / "rules" / "games"


def stored(path: Path) -> tuple[StoredGame, list[StoredEvent]]:
    """A game record as if it had been stored: a StoredGame and its events."""
    data = json.loads(path.read_text())
    teams = data.get("teams")
    players = [name for pair in zip(*teams.values(), strict=True) for name in pair] if teams else data["players"]
    dealer = players.index(data["events"][0]["dealer"]) if teams else 0  # as the import does
    seating = {"teams": teams} if teams else {"players": players}
    game = StoredGame(1, 1, 1, data["preset"], {}, tuple(players), dealer, "2025-01-01T20:00:00+00:00", seating)
    return game, [StoredEvent(slot, 0, event) for slot, event in enumerate(data["events"], start=1)]


def xy(points: str) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in (point.split(",") for point in points.split())]


def test_totals_scale_into_the_plot_and_the_mark_sits_at_its_value() -> None:
    chart = running_totals_chart([("A", [0, 50, 100]), ("B", [0, 20])], mark=("elimination", 150))
    assert (chart.width, chart.height, chart.rounds) == (WIDTH, HEIGHT, 2)
    # 0 to 150 in steps of 50: 0 at the plot's bottom (142), 150 at its top (8), 134 units for 150 points
    assert [(tick.value, tick.y) for tick in chart.ticks] == [(0, 142), (50, 97.3), (100, 52.7), (150, 8)]
    a, b = chart.series
    assert xy(a.points) == [(34, 142), (172, 97.3), (310, 52.7)]
    assert xy(b.points) == [(34, 142), (172, 124.1)]  # B's line ends where B went out
    assert (a.label, a.last, a.style, b.style) == ("A", 100, 0, 1)
    assert chart.mark is not None and (chart.mark.kind, chart.mark.value, chart.mark.y) == ("elimination", 150, 8)


def test_negative_totals_and_a_target_inside_the_range() -> None:
    chart = running_totals_chart([("NS", [0, 18, 60]), ("EW", [0, -7, -3])], unit=Unit.HANDS, mark=("target", 52))
    assert [tick.value for tick in chart.ticks] == [-20, 0, 20, 40, 60]
    assert chart.mark is not None and chart.mark.y == pytest.approx(8 + (60 - 52) * 134 / 80, abs=0.05)
    x, y = xy(chart.series[1].points)[1]
    assert x == 172 and y == pytest.approx(8 + 67 * 134 / 80, abs=0.05)


@given(
    st.lists(st.lists(st.integers(-500, 2000), min_size=1, max_size=30), min_size=1, max_size=8),
    st.one_of(st.none(), st.integers(0, 1500)),
)
def test_every_point_and_the_mark_are_inside_the_plot(totals: list[list[int]], mark: int | None) -> None:
    chart = running_totals_chart(
        [(f"P{n}", [0, *values]) for n, values in enumerate(totals)], mark=None if mark is None else ("target", mark)
    )
    assert len(chart.series) == len(totals)
    for series in chart.series:
        for x, y in xy(series.points):
            assert LEFT <= x <= WIDTH - RIGHT and TOP <= y <= HEIGHT - BOTTOM
    if mark is not None:
        assert chart.mark is not None and TOP <= chart.mark.y <= HEIGHT - BOTTOM
        # its label's 9px text (its top about 7 above the baseline) stays inside the drawing, off the line
        assert 7 <= chart.mark.label_y <= HEIGHT - BOTTOM and abs(chart.mark.label_y - chart.mark.y) >= 3
    assert 2 <= len(chart.ticks) <= 6


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_mark_label_at_the_top_of_the_chart_goes_below_its_line(app: Flask, lang: str) -> None:
    chart = running_totals_chart([("A", [0, 50, 150]), ("B", [0, 20])], mark=("elimination", 150))
    assert chart.mark is not None and chart.mark.y == TOP  # 150 is the top of the plot: no room above the line
    with app.test_request_context(headers={"Cookie": f"lang={lang}"}):
        drawn = render_template_string('{% include "components/chart.html" %}', chart=chart)
    label = re.search(r'<text class="chart-mark-label" x="[\d.]+" y="([\d.]+)">([^<]+)</text>', drawn)
    assert label is not None
    assert label[2] == {"en": "eliminated at 150", "fr": "élimination à 150"}[lang]
    assert float(label[1]) == TOP + 10  # below the line, inside the drawing


def test_the_mark_label_sits_above_its_line_where_there_is_room() -> None:
    chart = running_totals_chart([("NS", [0, 18, 60])], unit=Unit.HANDS, mark=("target", 52))
    assert chart.mark is not None and chart.mark.label_y == pytest.approx(chart.mark.y - 3)


def test_a_game_without_a_round_has_no_line_and_draws_nothing(app: Flask) -> None:
    chart = running_totals_chart([("A", [0]), ("B", [0])], mark=("elimination", 150))
    assert chart.series == () and chart.mark is None and chart.rounds == 0
    with app.test_request_context():
        drawn = render_template_string('{% include "components/chart.html" %}', chart=chart)
    assert "<svg" not in drawn


def test_the_rules_8_game_s_chart_drops_at_a_buy_back_and_stops_when_a_player_is_out(app: Flask) -> None:
    game, events = stored(GAMES / "kaluki_four_players.json")
    totals = dict(running_totals(read_book(game, events)))
    assert totals["C"][:4] == (0, 62, 150, 68)  # eliminated at 150, bought back at A's 48, then +20
    assert len(totals["A"]) == 7  # A went out for good after round 6
    chart = chart_for_book(read_book(game, events))
    assert [series.label for series in chart.series] == ["A", "B", "C", "D"]
    assert [len(xy(series.points)) for series in chart.series] == [7, 8, 8, 8]
    assert chart.mark is not None and chart.mark.value == 150
    with app.test_request_context():
        drawn = render_template_string('{% include "components/chart.html" %}', chart=chart)
    assert drawn.count("<polyline") == 4 and 'role="img"' in drawn and "<title>Running totals over 7 rounds" in drawn


def test_a_kaiser_chart_counts_hands_not_passed_deals() -> None:
    game, events = stored(GAMES / "kaiser_three_deals.json")
    chart = chart_for_book(read_book(game, events))
    assert chart.unit == Unit.HANDS and chart.rounds == 2
    assert [(series.label, series.last) for series in chart.series] == [
        ("NS (Ana, Céline)", 16),
        ("EW (Ben, Driss)", 39),
    ]


@pytest.mark.parametrize(
    ("preset", "options", "mark"),
    [
        ("kaluki", {}, ("elimination", 150)),
        ("rami-elimination", {}, ("elimination", 500)),
        ("rami", {}, ("target", 1000)),
        ("rami", {"target": None}, None),
        ("kaiser", {"target": 64}, ("target", 64)),
    ],
)
def test_the_mark_comes_from_the_rules(preset: str, options: dict[str, Any], mark: tuple[str, int] | None) -> None:
    assert chart_mark(rules_for(preset, options)) == mark
