"""The rules page read at a card table on a 360×740 phone: the rules at this table within two screens, the whole
page within six while every topic stays folded, and a topic opened with a tap (README, "At the table")."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.e2e.conftest import LiveApp
from tests.e2e.phone_checks import screenshot
from tests.e2e.played_evening import Scorer
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

SCREEN = ViewportSize(width=360, height=740)
RULES_SCREENS = 2  # the rules at this table, read without scrolling more than once
PAGE_SCREENS = 6  # the whole page, every topic folded


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], words: Words) -> Page:
    """A 360×740 touch phone in the test's language."""
    phone = new_context(locale=words.locale).new_page()
    phone.set_viewport_size(SCREEN)
    return phone


@pytest.fixture(scope="module")
def house_rules_evening(live_app: LiveApp) -> str:
    """The rules page of an evening with four house rules and a Kaiser game, whose rules the page shows too."""
    scorer = Scorer.on(live_app.database)
    players = ["Marie-Hélène", "Jean-Baptiste", "Stéphanie", "Maximilien Morel"]
    house = {"opening_threshold": "51", "ace_wraps": "no", "elimination_threshold": "200", "ante": "5"}
    evening = scorer.evening(players, **house)
    scorer.kaiser(evening, players)
    return f"{evening}/rules"


def heights(phone: Page) -> tuple[float, float]:
    """The page's height and the bottom of its rules at this table, in CSS px."""
    page, rules = phone.evaluate(
        "[document.documentElement.scrollHeight,"
        " document.querySelector('.at-this-table').getBoundingClientRect().bottom + window.scrollY]"
    )
    return page, rules


@pytest.mark.parametrize("language", ["fr"])
@pytest.mark.parametrize("which", ["kaluki", "evening"])
def test_the_rules_fit_two_screens_and_the_folded_page_six(
    phone: Page, words: Words, house_rules_evening: str, which: str
) -> None:
    phone.goto("/rules/kaluki" if which == "kaluki" else house_rules_evening)
    expect(phone.get_by_role("heading", name=words("The rules at this table")).first).to_be_visible()
    assert phone.locator("details[open]").count() == 0
    page, rules = heights(phone)
    screenshot(phone, f"{words.language}-rules-{which}-360")
    assert rules <= RULES_SCREENS * SCREEN["height"], f"the rules at this table end at {rules} px"
    assert page <= PAGE_SCREENS * SCREEN["height"], f"the folded page is {page} px tall"
    if which == "evening":
        house = phone.locator(".at-this-table li.changed")
        expect(house).to_have_count(4)
        expect(house.first).to_contain_text(words("house rule"))


@pytest.mark.parametrize("language", ["fr"])
def test_a_topic_opens_with_a_tap_and_the_command_line_only_on_purpose(phone: Page, words: Words) -> None:
    phone.goto("/rules/kaluki")
    jokers = phone.locator("#kaluki-topic-jokers")
    expect(jokers.locator("#kaluki-joker_meld_value")).to_be_hidden()
    jokers.get_by_text(words("Jokers"), exact=True).tap()
    expect(jokers.locator("#kaluki-joker_meld_value")).to_be_visible()
    command_line = phone.locator("#kaluki-command-line")
    expect(command_line.get_by_text("--preset kaluki")).to_be_hidden()
    command_line.get_by_text(words("For the command line"), exact=True).tap()
    expect(command_line.get_by_text("--preset kaluki")).to_be_visible()
