"""With JavaScript off every form still works: POST, redirect, GET; the hands are typed, not tapped."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import EVENING_URL, HomePage

pytestmark = pytest.mark.e2e


def test_a_round_and_a_buy_back_without_javascript(new_phone: Callable[..., Page]) -> None:
    page = new_phone(java_script_enabled=False)
    evening = HomePage.open(page).start_evening().create(["Ann", "Ben", "Cal"])
    expect(page).to_have_url(EVENING_URL)
    game = evening.start_game()
    expect(page.get_by_role("button", name="Joker")).to_be_hidden()  # no picker without JavaScript

    game.record_round("Ann", {"Ben": 150, "Cal": "10S 10H"})
    assert {name: s.status for name, s in game.standings().items()} == {"Ann": "in", "Ben": "eliminated", "Cal": "in"}
    game.buy_back("Ben")
    assert {name: s.total for name, s in game.standings().items()} == {"Ann": 0, "Ben": 20, "Cal": 20}
    expect(game.offers()).to_have_count(0)
