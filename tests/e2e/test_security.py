"""The app in the browser under its strict Content-Security-Policy: the scripts that replaced inline handlers work.

Every browser test also fails on a console message about the policy (tests/e2e/conftest.py); these check the
headers as the browser gets them, and the one button that used to be an inline `onclick`.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import HomePage
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e


def test_the_pages_come_with_the_strict_policy_and_send_no_referrer(page: Page, words: Words) -> None:
    response = page.goto("/")
    assert response is not None
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe" not in policy
    assert response.headers["referrer-policy"] == "no-referrer"
    with page.expect_request("**/new") as asked:
        page.get_by_role("link", name=words("Start an evening")).click()
    assert "referer" not in asked.value.all_headers()  # a link's key never leaves the page it is in
    assert page.evaluate("document.referrer") == ""


def test_the_settle_up_print_button_prints_without_an_inline_handler(page: Page, home: HomePage, words: Words) -> None:
    page.add_init_script("window.print = () => { window.printed = (window.printed || 0) + 1; };")
    evening = home.start_evening().create(["Ana", "Ben"], chip_value="0.20")
    evening.page.get_by_role("link", name=words("Settle up")).click()
    button = page.get_by_role("button", name=words("Print"))
    expect(button).to_be_visible()
    button.click()
    assert page.evaluate("window.printed") == 1
