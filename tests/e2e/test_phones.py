"""Several phones on one game: a viewer sees a new round within 5 s of it being saved, without reloading."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Request, expect

from tests.e2e.kaiser_pages import KaiserGamePage, start_kaiser_game
from tests.e2e.pages import EveningPage, GamePage, HomePage
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_viewer_sees_a_new_round_without_reloading(
    home: HomePage, new_phone: Callable[..., Page], words: Words
) -> None:
    game = home.start_evening().create(["Ann", "Ben", "Cal"]).start_game()
    game_url = game.page.url
    game.page.get_by_role("link", name=words("Card night")).click()
    viewer_url = EveningPage(game.page, words).loaded().viewer_link()
    game.page.goto(game_url)
    scorer = GamePage(game.page, words).loaded()

    phone = new_phone()
    phone.goto(viewer_url + "/games/" + game_url.split("/games/")[1])
    viewer = GamePage(phone, words).loaded()
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


def test_a_viewer_sees_a_new_kaiser_hand_without_reloading(home: HomePage, new_phone: Callable[..., Page]) -> None:
    evening = home.start_evening().create(["Ana", "Ben", "Céline", "Driss"])
    viewer_url = evening.viewer_link()
    game = start_kaiser_game(evening, (("Ana", "Céline"), ("Ben", "Driss")), dealer="Driss")
    phone = new_phone()
    phone.goto(viewer_url + "/games/" + game.page.url.split("/games/")[1])
    viewer = KaiserGamePage(phone).loaded()
    assert viewer.hands() == []

    game.record_hand("Ana", 7, 6, "Ana & Céline", "Ben & Driss")
    expect(phone.locator("tbody tr.line-hand")).to_have_count(1, timeout=5000)
    assert [hand.changes for hand in viewer.hands()] == [("+18", "−1")]
