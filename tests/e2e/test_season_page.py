"""A season of three evenings on a phone (the route walk's group has one): it fits, it reads, it takes a thumb.

The evenings are the ones tests/web/test_season.py plays (a Kaluki game with a buy-back and a correction, a Kaiser
game, a Rami game, a last Kaluki game, and an evening imported again and kept as a copy), posted with a test client
of a second app on the live app's database. The checks are the route walk's; the pictures go to `screenshots/` as
`season-<language>-<width>-<scheme>.png` (docs/screenshots/season-fr-360.png is the French 360 px one). The
standings' head and first rows are on a 360×740 phone's first screen, even under the notice of a game being played
(`season-fr-360-first-screen.png`, the screen itself).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

import tests.e2e.test_route_walk as route_walk
from referee import create_app
from tests.e2e.conftest import LiveApp
from tests.e2e.phone_checks import SCREENSHOTS
from tests.web.conftest import Table
from tests.web.test_season import ok, play

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


@pytest.fixture(scope="module")
def season_at_play(live_app: LiveApp) -> str:
    """The path of the season page of another group of the three evenings, a game of the last still being played."""
    app = create_app({"TESTING": True, "DATABASE": str(live_app.database), "SECRET_KEY": "test"})
    table = Table(app.test_client())
    played = play(app, table)
    game = table.game(played.evenings[2], ["Ben", "Driss"])
    ok(table.round(game, "Ben", {"Driss": 40}, ["Ben", "Driss"]))
    return f"{played.group}/season"


@pytest.mark.parametrize("language", ["fr"])
def test_the_standings_head_and_first_rows_are_on_the_first_screen(
    new_context: Callable[..., BrowserContext], season_at_play: str, language: str
) -> None:
    screen = ViewportSize(width=360, height=740)
    phone = new_context(locale="fr-FR").new_page()
    phone.set_viewport_size(screen)
    phone.goto(season_at_play)
    phone.wait_for_load_state("load")
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "season-fr-360-first-screen.png"))
    assert phone.locator("main > .notice").is_visible()  # a game still being played, said above the standings
    table = phone.locator(".season-table")
    head, second = table.locator("thead").bounding_box(), table.locator("tbody tr").nth(1).bounding_box()
    assert head and second
    assert head["y"] + head["height"] <= screen["height"], f"the standings' head ends at {head['y'] + head['height']}"
    assert second["y"] + second["height"] <= screen["height"], "the first two players' rows show too"
