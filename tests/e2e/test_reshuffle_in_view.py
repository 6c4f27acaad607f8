"""After "Talon rebattu" (the stock reshuffled, one tap under the round form) on a 360×740 phone in French, its
answer is where the eye is, as after every other write (tests/e2e/test_results_in_view.py): in view, focused and
announced (#42, point 8). Its answer is a line at the top of the round form, far above the button tapped."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

from tests.e2e.conftest import LiveApp
from tests.e2e.pages import GamePage
from tests.e2e.phone_checks import screenshot
from tests.e2e.played_evening import Scorer
from tests.e2e.test_results_in_view import seen
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

PHONE = ViewportSize(width=360, height=740)
PLAYERS = ("Marie-Françoise", "Anaïs", "Jean-Sébastien", "Zoë")


@pytest.fixture
def language() -> str:
    """French: the longer language, where the answer is likeliest to be off the screen."""
    return "fr"


def test_the_stock_reshuffled_says_so_in_view_focused_and_announced(
    live_app: LiveApp, new_context: Callable[..., BrowserContext], words: Words
) -> None:
    """Tapped from the bottom of the page, "Talon rebattu" answers with its line in view, focused and announced."""
    scorer = Scorer.on(live_app.database)
    game = scorer.game(scorer.evening(PLAYERS), "kaluki", PLAYERS)
    phone: Page = new_context(locale=words.locale).new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(game)
    answer = GamePage(phone, words).loaded().reshuffle()
    problems = seen(phone, answer, "reshuffle")
    screenshot(phone, "result-fr-360-reshuffle")
    assert not problems, "\n".join(problems)
