"""An evening imported where it is already: the second step asks, and both answers work with JavaScript off."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import EVENING_URL, HomePage

pytestmark = pytest.mark.e2e


def send(page: Page, base_url: str, record: str) -> None:
    page.goto(f"{base_url}/import")
    page.get_by_label("Or paste its text").fill(record)
    page.get_by_role("button", name="Import", exact=True).click()
    expect(page.get_by_role("heading", name="This evening is here already")).to_be_visible()


def test_an_evening_imported_twice_is_kept_both_or_replaced_without_javascript(
    new_phone: Callable[..., Page], base_url: str
) -> None:
    page = new_phone(java_script_enabled=False)
    HomePage.open(page).start_evening().create(["Ann", "Ben", "Cal"])
    expect(page).to_have_url(EVENING_URL)
    scorer = page.url
    record = page.request.get(f"{scorer}/evening.json").text()

    send(page, base_url, record)
    page.get_by_role("button", name="Keep both").click()
    expect(page).to_have_url(EVENING_URL)
    assert page.url != scorer  # a new evening, with links of its own

    send(page, base_url, record)
    page.get_by_label("The scorer link of the evening here").fill("not its link")
    page.get_by_role("button", name="Replace it").click()
    expect(page.get_by_text("This is not the scorer link of the evening here")).to_be_visible()
    page.get_by_label("The scorer link of the evening here").fill(scorer)
    page.get_by_role("button", name="Replace it").click()
    expect(page).to_have_url(scorer)  # the same evening, under the same links
