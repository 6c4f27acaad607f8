"""The language switch in the header: French or English, kept for the next pages, back to the same page."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.pages import HomePage
from tests.e2e.words import words_in

pytestmark = pytest.mark.e2e

START = "Start an evening"


def french(message: str) -> str:
    """`message` in the French catalog, or the message itself while it is not translated yet."""
    return words_in("fr")(message)


def expect_language(page: Page, code: str, current: str, other: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(page.get_by_text(current, exact=True)).to_have_attribute("aria-current", "true")
    expect(page.get_by_role("link", name=current, exact=True)).to_have_count(0)
    expect(page.get_by_role("link", name=other, exact=True)).to_have_attribute("lang", "en" if code == "fr" else "fr")


def test_switching_to_french_and_back(home: HomePage) -> None:
    page = home.page
    expect_language(page, "en", "English", "Français")

    home.start_evening()
    page.get_by_role("link", name="Français").click()
    page.wait_for_url(re.compile(r"/new\??$"))  # back to the page it was asked from
    expect_language(page, "fr", "Français", "English")

    page.goto("/")  # the choice is kept
    expect_language(page, "fr", "Français", "English")
    if french(START) != START:  # the French catalog is being written: check one string once it is there
        expect(page.get_by_role("link", name=french(START))).to_be_visible()

    page.get_by_role("link", name="English").click()
    expect_language(page, "en", "English", "Français")
    HomePage(page).start_evening()  # in English words again


def test_a_phone_set_to_french_starts_in_french(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(locale="fr-FR").new_page()
    page.goto("/")
    expect_language(page, "fr", "Français", "English")
