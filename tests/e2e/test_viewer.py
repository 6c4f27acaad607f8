"""The viewer's link, opened on another phone: the same sheet, and no way to change it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import EVENING_URL, EveningPage, HomePage

pytestmark = pytest.mark.e2e


def expect_read_only(page: Page) -> None:
    expect(page.locator("form")).to_have_count(0)
    expect(page.get_by_role("button")).to_have_count(0)
    expect(page.get_by_role("textbox")).to_have_count(0)


def test_the_viewer_sees_the_sheet_and_cannot_change_it(home: HomePage, new_phone: Callable[..., Page]) -> None:
    game = home.start_evening().create(["Ann", "Ben", "Cal"]).start_game()
    game.record_round("Ben", {"Ann": "QH KH", "Cal": 31})
    scorer_lines = game.lines()
    game.page.get_by_role("link", name="Card night").click()
    viewer_url = EveningPage(game.page).loaded().viewer_link()
    assert EVENING_URL.search(viewer_url) and viewer_url not in game.page.url

    phone = new_phone()
    phone.goto(viewer_url)
    evening = EveningPage(phone).loaded()
    expect(phone.get_by_text("You are following this evening")).to_be_visible()
    expect(phone.get_by_text("Links for the other phones")).to_have_count(0)
    expect(phone.get_by_role("heading", name="Start a game")).to_have_count(0)
    assert [(b.name, b.chips) for b in evening.balances()] == [("Ann", "−4"), ("Ben", "−1"), ("Cal", "−4")]
    expect_read_only(phone)

    viewer_game = evening.open_game(1)
    assert (
        viewer_game.lines()
        == [["1", "+20", "★ 0", "+31"]]
        == [[line[0].removesuffix(" ✎"), *line[1:]] for line in scorer_lines]
    )
    assert {name: s.total for name, s in viewer_game.standings().items()} == {"Ann": 20, "Ben": 0, "Cal": 31}
    expect(phone.get_by_title("Correct this round")).to_have_count(0)
    expect_read_only(phone)


def test_the_viewer_link_opens_no_correction_form(home: HomePage, new_phone: Callable[..., Page]) -> None:
    game = home.start_evening().create(["Ann", "Ben"]).start_game()
    game.record_round("Ann", {"Ben": 12})
    correction_path = game.correct_round(1).page.url.split("/games/")[1]
    game.page.go_back()
    game.page.get_by_role("link", name="Card night").click()
    viewer_url = EveningPage(game.page).loaded().viewer_link()

    phone = new_phone()
    response = phone.goto(f"{viewer_url}/games/{correction_path}")
    assert response is not None
    assert response.status in (403, 404), f"the viewer's link opens the correction page ({response.status})"
    expect_read_only(phone)
