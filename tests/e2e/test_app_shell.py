"""Joining by QR code, installing the app and keeping the last sheet (#15), on phones in headless Chromium.

The QR code is read as a phone's camera reads it: a screenshot of the code, decoded (zxing-cpp). The live test
server is on 127.0.0.1, a secure context, so Chromium offers the service worker and the wake lock there; on a
plain-HTTP LAN address it would offer neither (README: Install on the home screen).
"""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Page, expect

from tests.e2e.pages import EVENING_URL, EveningPage, GamePage, HomePage

pytestmark = pytest.mark.e2e

# How many lines of the sheet the copy of this page the service worker keeps shows (static/js/sw.js: the cache
# "referee-pages-1"), or -1 while it keeps none.
KEPT_LINES = """async () => {
    const kept = await (await caches.open("referee-pages-1")).match(location.href);
    return kept ? (await kept.text()).split('<tr id="line-').length - 1 : -1;
}"""


def wait_until_kept(page: Page, lines: int) -> None:
    """Wait until the kept copy of the page shows `lines` lines of the sheet (10 s at most)."""
    for _ in range(50):
        if page.evaluate(KEPT_LINES) == lines:
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"the kept copy of {page.url} shows {page.evaluate(KEPT_LINES)} lines, not {lines}")


def read_qr(page: Page, name: str) -> str:
    """The text the QR code named `name` holds, read off a screenshot of it."""
    shot = page.get_by_role("img", name=name).screenshot()
    codes = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    assert len(codes) == 1, f"the QR code {name!r} cannot be read"
    return str(codes[0].text)


def evening_with_a_round(home: HomePage) -> tuple[GamePage, EveningPage]:
    """An evening of Ann, Ben and Cal with one game and one round; its evening page open."""
    game = home.start_evening().create(["Ann", "Ben", "Cal"]).start_game()
    game.record_round("Ben", {"Ann": "QH KH", "Cal": 31})
    game.page.get_by_role("link", name="Card night").click()
    return game, EveningPage(game.page).loaded()


def test_a_second_phone_joins_by_the_qr_code_sees_the_sheet_and_cannot_write(
    home: HomePage, new_phone: Callable[..., Page], base_url: str
) -> None:
    _, evening = evening_with_a_round(home)
    scanned = read_qr(evening.page, "QR code of the viewer link")
    assert scanned == evening.viewer_link() and scanned.startswith(f"{base_url}/e/") and EVENING_URL.search(scanned)
    expect(evening.page.get_by_role("img", name="QR code of the scorer link")).to_be_hidden()  # behind a tap
    evening.page.get_by_text("Show the scorer's QR code").click()
    assert read_qr(evening.page, "QR code of the scorer link") == evening.page.url

    phone = new_phone()
    phone.goto(scanned)
    joined = EveningPage(phone).loaded()
    expect(phone.get_by_text("You are following this evening")).to_be_visible()
    expect(phone.get_by_text("Show the scorer's QR code")).to_have_count(0)
    sheet = joined.open_game(1)
    assert sheet.lines() == [["1", "+20", "★ 0", "+31"]]  # no ✎: a viewer corrects nothing
    expect(phone.locator("form")).to_have_count(0)
    expect(phone.get_by_title("Correct this round")).to_have_count(0)
    # A write sent anyway, with the viewer's own session and token, is refused and changes nothing.
    token = phone.evaluate("JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    refused = phone.request.post(f"{phone.url}/rounds", form={"csrf_token": token}, max_redirects=0)
    assert refused.status == 403
    assert evening.open_game(1).lines() == [["1 ✎", "+20", "★ 0", "+31"]]


def test_the_share_button_hands_the_viewer_link_to_the_phone_s_share_sheet(home: HomePage, page: Page) -> None:
    assert page.evaluate("typeof navigator.share") == "undefined"  # headless Chromium on Linux has none
    evening_with_a_round(home)
    expect(page.get_by_role("button", name="Share the viewer link")).to_be_hidden()

    # A phone that has one: the button shows, and hands the link over.
    page.context.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    page.reload()
    page.get_by_role("button", name="Share the viewer link").click()
    shared = page.evaluate("window.shared")
    assert shared == {"title": "Card night", "url": EveningPage(page).viewer_link()}


def test_the_app_installs_and_the_last_sheet_shows_when_the_network_drops(home: HomePage, page: Page) -> None:
    _, evening = evening_with_a_round(home)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/manifest.webmanifest") and manifest["errors"] == []
    assert '"display": "standalone"' in manifest["data"].replace('":"', '": "')
    evening.open_game(1)
    worker = page.evaluate("navigator.serviceWorker.ready.then(r => r.active.scriptURL)")
    assert worker.endswith("/sw.js")
    wait_until_kept(page, 1)  # the first visit, fetched again by the worker
    # A round recorded in place (htmx, no new page): the kept copy follows the sheet.
    sheet = GamePage(page).loaded()
    sheet.record_round("Ann", {"Ben": 12, "Cal": "5C 6C"})
    wait_until_kept(page, 2)
    seen = sheet.lines()
    expect(page.locator("[data-offline-note]")).to_be_hidden()

    page.context.set_offline(True)
    try:
        page.reload()
        offline = GamePage(page).loaded()
        assert offline.lines() == seen and len(seen) == 2
        expect(page.get_by_text("No connection to the server: this page is as this phone last saw it.")).to_be_visible()
        page.goto(page.url.split("/e/")[0] + "/e/never-seen-here")
        expect(page.get_by_role("heading", name="No connection")).to_be_visible()
    finally:
        page.context.set_offline(False)
    page.go_back()
    page.reload()
    expect(page.locator("[data-offline-note]")).to_be_hidden()


def test_the_scorer_s_game_page_keeps_the_screen_on_until_told_not_to(home: HomePage, page: Page) -> None:
    evening_with_a_round(home)[1].open_game(1)
    toggle = page.get_by_label("Keep the screen on")
    box = page.locator("[data-wake-lock]")
    expect(toggle).to_be_checked()
    expect(box).to_have_attribute("data-held", "true")
    toggle.uncheck()
    expect(box).to_have_attribute("data-held", "false")
    page.reload()  # the choice is kept on the phone
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    expect(box).not_to_have_attribute("data-held", "true")
    page.get_by_label("Keep the screen on").check()
    expect(box).to_have_attribute("data-held", "true")


# A page over plain HTTP on the LAN is no secure context: Chromium gives it no Screen Wake Lock API. The live server
# is on loopback, a secure context, so the API is taken away before the page's scripts run, as on the LAN.
WITHOUT_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"


def test_over_plain_http_the_screen_is_kept_on_by_a_video_started_by_a_tap(home: HomePage, page: Page) -> None:
    page.add_init_script(WITHOUT_WAKE_LOCK)
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    evening_with_a_round(home)[1].open_game(1)
    assert page.evaluate("'wakeLock' in navigator") is False
    toggle = page.get_by_label("Keep the screen on")
    box = page.locator("[data-wake-lock]")
    expect(toggle).to_be_visible()
    expect(toggle).to_be_checked()
    expect(box).to_have_attribute("data-way", "video")
    page.locator("h1").first.click()  # the first tap on the page starts it (no video plays before a tap)
    expect(box).to_have_attribute("data-held", "true")
    assert page.evaluate("!document.querySelector('.wake-video').paused")
    toggle.uncheck()
    expect(box).to_have_attribute("data-held", "false")
    assert page.evaluate("document.querySelector('.wake-video').paused")
    toggle.check()
    expect(box).to_have_attribute("data-held", "true")
    assert errors == []
