"""A season of three evenings on a phone (the route walk's group has one): it fits, it reads, it takes a thumb.

The evenings are the ones tests/web/test_season.py plays (a Kaluki game with a buy-back and a correction, a Kaiser
game, a Rami game, a last Kaluki game, and an evening imported again and kept as a copy), posted with a test client
of a second app on the live app's database. The checks are the route walk's; the pictures go to `screenshots/` as
`season-<language>-<width>-<scheme>.png` (docs/screenshots/season-fr-360.png is the French 360 px one).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

import tests.e2e.test_route_walk as route_walk
from referee import create_app
from tests.e2e.conftest import LiveApp
from tests.web.conftest import Table
from tests.web.test_season import play

pytestmark = pytest.mark.e2e
phone = route_walk.phone  # the walk's phone: its language, width and colour scheme, axe-core served


@pytest.fixture(scope="module")
def season(live_app: LiveApp) -> str:
    """The path of the season page of a group of three evenings, for its scorer."""
    app = create_app({"TESTING": True, "DATABASE": str(live_app.database), "SECRET_KEY": "test"})
    return f"{play(app, Table(app.test_client())).group}/season"


@pytest.mark.parametrize(
    ("language", "width", "scheme"), [("fr", 360, "light"), ("en", 360, "light"), ("fr", 390, "dark")]
)
def test_a_season_of_three_evenings_fits_reads_and_takes_a_thumb(
    phone: Page, season: str, language: str, width: int, scheme: str
) -> None:
    problems = route_walk.walk(phone, "season", season, f"season-{language}-{width}-{scheme}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("language", "width", "scheme"), [("fr", 360, "light")])
def test_a_filtered_sorted_season_fits_too(phone: Page, season: str, language: str, width: int, scheme: str) -> None:
    problems = route_walk.walk(phone, "season", f"{season}?game=kaiser&sort=points", "season-fr-360-kaiser")
    assert not problems, "\n".join(problems)
