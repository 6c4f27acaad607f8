"""Several phones on one game: a viewer sees a new round within 5 s of it being saved, without reloading."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, expect

from tests.e2e.pages import EveningPage, GamePage, HomePage

pytestmark = pytest.mark.e2e


def test_a_viewer_sees_a_new_round_without_reloading(home: HomePage, new_phone: Callable[..., Page]) -> None:
    game = home.start_evening().create(["Ann", "Ben", "Cal"]).start_game()
    game_url = game.page.url
    game.page.get_by_role("link", name="Card night").click()
    viewer_url = EveningPage(game.page).loaded().viewer_link()
    game.page.goto(game_url)
    scorer = GamePage(game.page).loaded()

    phone = new_phone()
    phone.goto(viewer_url + "/games/" + game_url.split("/games/")[1])
    viewer = GamePage(phone).loaded()
    polls: list[Request] = []
    phone.on("request", lambda request: polls.append(request) if "/live" in request.url else None)
    assert viewer.lines() == []

    scorer.record_round("Ben", {"Ann": 20, "Cal": 31})
    expect(phone.locator("tbody tr")).to_have_count(1, timeout=5000)
    assert viewer.lines() == [["1", "+20", "★ 0", "+31"]]
    assert polls, "the viewer polls the game"
    statuses = [request.response().status for request in polls if request.response()]  # type: ignore[union-attr]
    assert 200 in statuses

    phone.wait_for_timeout(4500)  # one more poll: nothing changed, so the answer is 304 and nothing is swapped
    later = [request.response().status for request in polls if request.response()]  # type: ignore[union-attr]
    assert 304 in later
    assert viewer.lines() == [["1", "+20", "★ 0", "+31"]]
