"""How the season page names its evenings (#34): two evenings of one day never read alike, in the standings' best and
worst evening, the list of evenings and the chips chart's days; every negative number has a true minus sign; the
CSV keeps its dates machine-readable."""

from __future__ import annotations

import csv
import io
import re
from datetime import date

import pytest
from flask import Flask

from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_groups import group_keys, next_evening
from tests.web.test_minus_sign import HYPHEN_MINUS, shown_text
from tests.web.test_season import ok, play

TWO = ["Ana", "Ben"]


def a_night(table: Table, evening: str, winner: str, hand: int) -> None:
    """A Kaluki game of the evening that `winner` wins in one round, the other left at 150 (put out)."""
    game = table.game(evening, TWO)
    loser = next(name for name in TWO if name != winner)
    ok(table.round(game, winner, {loser: 150 + hand}, TWO))


def started(table: Table, evening: str, moment: str) -> None:
    """Move the evening's start to `moment` (an ISO time in UTC), as an import of an older evening would."""
    db = connect(table.client.application.config["DATABASE"])
    db.execute("UPDATE evenings SET created_at = ? WHERE scorer_key = ?", [moment, evening.rsplit("/", 1)[1]])
    db.conn.commit()


def two_evenings(app: Flask, table: Table, titles: tuple[str, str], moments: tuple[str, str]) -> str:
    """A group of two evenings of Ana and Ben, Ana winning the first and Ben the second: its season's path."""
    first = table.evening(players="\n".join(TWO), title=titles[0])
    group = f"/g/{group_keys(app, first)[0]}"
    a_night(table, first, "Ana", 0)
    second = next_evening(table, group, players="\n".join(TWO), title=titles[1])
    a_night(table, second, "Ben", 10)
    for evening, moment in zip((first, second), moments, strict=True):
        started(table, evening, moment)
    return f"{group}/season"


def evenings_named(html: str) -> dict[str, tuple[str, str]]:
    """Each player's best and worst evening as the standings name them (without the chips)."""
    cells = {}
    for name, row in re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', html, re.S):
        found = dict(re.findall(r'data-figure="(best|worst)"><time datetime="[^"]+">([^<]+)</time>', row))
        cells[name] = (found["best"], found["worst"])
    return cells


def listed(html: str) -> list[str]:
    """The evenings of the list *Evening by evening*, as it names them."""
    return re.findall(r'<li data-evening="[^"]+"><time datetime="[^"]+">([^<]+)</time>', html)


def axis_days(html: str) -> list[str]:
    """The chips chart's labels under its x axis."""
    chart = html[html.index('class="chart season-chips"') :]
    axis = chart[: chart.index("</g>")]
    return re.findall(r'<text x="[\d.]+" y="[\d.]+"(?: text-anchor="end")?>([^<]+)</text>', axis)


def test_two_untitled_evenings_of_one_day_are_named_apart_by_their_time(app: Flask, table: Table) -> None:
    season = two_evenings(app, table, ("", ""), ("2026-11-28T18:05:00+00:00", "2026-11-28T22:40:00+00:00"))
    html = table.get(season).get_data(as_text=True)
    best, worst = evenings_named(html)["Ana"]
    assert best != worst, "Ana's best and worst evening read alike"
    for named in (best, worst):
        assert "Nov 28, 2026" in named and re.search(r"\d{1,2}:\d\d", named), named  # the day, and the time
    assert evenings_named(html)["Ben"] == (worst, best)
    assert sorted(listed(html)) == sorted((best, worst))  # the list names them the same way


def test_a_title_names_an_evening_and_a_shared_title_takes_the_day(app: Flask, table: Table) -> None:
    one_day = ("2026-11-28T18:05:00+00:00", "2026-11-28T22:40:00+00:00")
    season = two_evenings(app, table, ("Friday", "At Zoë's"), one_day)
    html = table.get(season).get_data(as_text=True)
    assert evenings_named(html)["Ana"] == ("Friday", "At Zoë&#39;s")
    assert listed(html) == ["Nov 28, 2026", "Nov 28, 2026"]  # beside their titles: the day is enough
    season = two_evenings(app, table, ("Friday", "Friday"), ("2026-11-20T18:05:00+00:00", "2026-11-27T18:05:00+00:00"))
    assert evenings_named(table.get(season).get_data(as_text=True))["Ana"] == (
        "Friday · Nov 20, 2026",
        "Friday · Nov 27, 2026",
    )


def test_two_evenings_started_the_same_minute_still_read_apart(app: Flask, table: Table) -> None:
    season = two_evenings(app, table, ("", ""), ("2026-11-28T18:05:00+00:00", "2026-11-28T18:05:30+00:00"))
    html = table.get(season).get_data(as_text=True)
    best, worst = evenings_named(html)["Ana"]
    assert best.endswith("(1)") and worst.endswith("(2)") and best[:-3] == worst[:-3]


def test_the_chips_chart_never_shows_two_identical_days(app: Flask, table: Table) -> None:
    one_day = two_evenings(app, table, ("", ""), ("2026-11-28T18:05:00+00:00", "2026-11-28T22:40:00+00:00"))
    assert axis_days(table.get(one_day).get_data(as_text=True)) == ["Nov 28, 2026"]  # one day: one label
    two_days = two_evenings(app, table, ("", ""), ("2026-11-27T18:05:00+00:00", "2026-11-28T22:40:00+00:00"))
    assert axis_days(table.get(two_days).get_data(as_text=True)) == ["Nov 27, 2026", "Nov 28, 2026"]


def test_the_csv_names_the_best_and_worst_evening_by_its_iso_date(app: Flask, table: Table) -> None:
    season = two_evenings(app, table, ("Friday", ""), ("2026-11-28T18:05:00+00:00", "2026-11-28T22:40:00+00:00"))
    rows = list(csv.DictReader(io.StringIO(table.get(f"{season}.csv").get_data(as_text=True))))
    for row in rows:
        for column in ("Best evening", "Worst evening"):
            assert date.fromisoformat(row[column]) == date(2026, 11, 28), row
        assert re.fullmatch(r"-?\d+", row["Chips at the worst"]), row  # an ASCII minus: a spreadsheet's number


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_season_writes_negative_numbers_with_a_minus_sign(app: Flask, table: Table, language: str) -> None:
    group = play(app, table).group
    table.client.set_cookie("lang", language)
    html = table.get(f"{group}/season").get_data(as_text=True)
    text = shown_text(html)
    assert "−" in text and not HYPHEN_MINUS.findall(text), HYPHEN_MINUS.findall(text)
    chart = html[html.index('class="chart season-chips"') :]
    assert re.search(r">−\d+</text>", chart), "the chart's axis has a negative value, with a minus sign"
    ben = re.search(r'data-player="Ben">.*?data-figure="points">([^<]+)<', html, re.S)
    assert ben and ben.group(1) in ("−1.0", "−1,0")  # an average: Kaiser's points per hand
