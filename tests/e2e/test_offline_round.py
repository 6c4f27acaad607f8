"""A round saved while the connection is down is kept on the phone and recorded once when the server answers (#15).

The connection is cut with Playwright's offline mode (the whole browser context, as a phone's Wi-Fi drops); what
the server recorded is read in its database. static/js/queue.js keeps the form under its one-time key, and the
server records a key once: a resend from two tabs, or of a round that did arrive, is one round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, Route, expect

from referee.storage.db import connect
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import GamePage, HomePage
from tests.e2e.test_app_shell import wait_until_kept
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

ROUNDS = "**/games/*/rounds"  # where the round form is sent


def recorded(live_app: LiveApp, submission: str) -> int:
    """How many of the sheet's entries the form with this one-time key wrote, as the server's database says."""
    db = connect(live_app.database, migrate=False)
    try:
        row = db.execute("SELECT count(*) FROM event_revisions WHERE submission = ?", [submission]).fetchone()
        return int(row[0])
    finally:
        db.conn.close()


def game_with_a_round(home: HomePage) -> GamePage:
    """A game of Ann, Ben and Cal with one round on the sheet, kept by the service worker as the sheet shows it."""
    game = home.start_evening().create(["Ann", "Ben", "Cal"]).start_game()
    game.record_round("Ben", {"Ann": "QH KH", "Cal": 31})
    wait_until_kept(game.page, 1)
    return game


def submission_of(page: Page) -> str:
    """The one-time key of the round form the page shows."""
    return page.locator("form.round input[name=submission]").input_value()


def waiting(page: Page, words: Words, number: int, name: str) -> Locator:
    """The notice that round `number`, won by `name`, waits to be sent."""
    entry = words("round %(number)s (%(name)s went out)", number=number, name=name)
    return page.get_by_role("status").filter(has_text=words("Waiting to send: %(entry)s", entry=entry))


def cut(route: Route) -> None:
    route.abort("internetdisconnected")


@contextmanager
def offline(context: BrowserContext) -> Iterator[None]:
    """The phone's connection cut for the time of the block.

    Besides Playwright's offline mode, a round's form is refused before it leaves the browser: Chromium's offline
    mode now and then lets a request of a page its service worker controls reach the server (failing it on the page
    all the same), and this test is about the round that never arrived.
    """
    context.route(ROUNDS, cut)
    context.set_offline(True)
    try:
        yield
    finally:
        context.set_offline(False)
        context.unroute(ROUNDS, cut)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_round_saved_offline_waits_on_the_phone_and_is_recorded_once_back_online(
    home: HomePage, live_app: LiveApp, words: Words
) -> None:
    game = game_with_a_round(home)
    page = game.page
    key = submission_of(page)
    with offline(page.context):
        game.entry.fill("Ann", {"Ben": 12, "Cal": "5C 6C"})
        game.save_button().click()
        expect(waiting(page, words, 2, "Ann")).to_be_visible()
        expect(game.save_button()).to_be_disabled()  # the next round is not typed over the one that waits
        assert len(game.lines()) == 1
        page.wait_for_timeout(1000)
        assert recorded(live_app, key) == 0
        # Reopened while the connection is still down: the kept sheet, and the round still waiting.
        page.reload()
        GamePage(page, words).loaded()
        expect(page.locator("[data-offline-note]")).to_be_visible()
        expect(waiting(page, words, 2, "Ann")).to_be_visible()
        page.wait_for_timeout(1000)
        assert recorded(live_app, key) == 0
    # Back online: sent at once, and the sheet shows it in place.
    expect(GamePage(page, words).rows()).to_have_count(2)
    expect(page.locator("[data-outbox]")).to_be_hidden()
    assert game.lines()[1][0].startswith("2")
    assert recorded(live_app, key) == 1
    assert page.evaluate("localStorage.getItem('referee.outbox')") is None
    page.reload()
    expect(GamePage(page, words).rows()).to_have_count(2)
    expect(page.locator("[data-outbox]")).to_be_hidden()
    assert recorded(live_app, key) == 1


def test_two_tabs_that_both_resend_the_kept_round_record_it_once(home: HomePage, live_app: LiveApp) -> None:
    first = game_with_a_round(home)
    other = first.page.context.new_page()
    other.goto(first.page.url)
    second = GamePage(other).loaded()
    key = submission_of(first.page)
    with offline(first.page.context):
        first.entry.fill("Cal", {"Ann": 7, "Ben": "JK"})
        first.save_button().click()
        # The other tab of the same phone sees the kept round too (the same storage), and will send it as well.
        expect(waiting(first.page, first.words, 2, "Cal")).to_be_visible()
        expect(waiting(other, first.words, 2, "Cal")).to_be_visible()
        held: list[Route] = []

        def hold(route: Route) -> None:
            held.append(route)

        first.page.context.route(ROUNDS, hold)
    # Both tabs send the round at once; the server answers neither until both have arrived.
    for _ in range(50):
        if len(held) >= 2:
            break
        first.page.wait_for_timeout(200)
    assert len(held) >= 2, f"the kept round was sent {len(held)} times, not by both tabs"
    assert {parse_qs(route.request.post_data or "")["submission"][0] for route in held} == {key}
    first.page.context.unroute(ROUNDS)
    for route in held:
        route.fallback()
    for tab in (first, second):
        expect(tab.rows()).to_have_count(2)
        expect(tab.page.locator("[data-outbox]")).to_be_hidden()
    assert recorded(live_app, key) == 1


def test_a_kept_round_the_server_refuses_stays_on_the_phone_with_the_reason(
    home: HomePage, live_app: LiveApp, page: Page
) -> None:
    game = game_with_a_round(home)
    key = submission_of(page)
    with offline(page.context):
        game.entry.fill("Ann", {"Ben": "ZZ", "Cal": 4})  # no such card: the server will refuse it
        game.save_button().click()
        expect(waiting(page, game.words, 2, "Ann")).to_be_visible()
    # Back online: the form comes back with the server's reason, and the notice says it was not recorded, and why.
    reason = page.locator("#entry .error").first
    expect(reason).to_be_visible()
    said = reason.inner_text().strip()
    refused = page.get_by_role("status").filter(has_text=f"Not recorded: round 2 (Ann went out). {said}")
    expect(refused).to_be_visible()
    expect(game.entry.hand("Ben")).to_have_value("ZZ")  # the scorer's entry, to correct and send again
    page.reload()  # kept until the scorer sees to it
    expect(refused).to_be_visible()
    assert recorded(live_app, key) == 0 and len(game.lines()) == 1
    refused.get_by_role("button", name="Forget it").click()
    expect(page.locator("[data-outbox]")).to_be_hidden()
    page.reload()
    expect(page.locator("[data-outbox]")).to_be_hidden()


def test_a_kept_round_that_clashes_with_another_phone_s_round_asks_the_scorer(
    home: HomePage, live_app: LiveApp, new_phone: Callable[..., Page]
) -> None:
    game = game_with_a_round(home)
    page = game.page
    key = submission_of(page)
    with offline(page.context):
        game.entry.fill("Ann", {"Ben": 12, "Cal": "5C 6C"})
        game.save_button().click()
        expect(waiting(page, game.words, 2, "Ann")).to_be_visible()
        # Meanwhile another scorer's phone records a different round 2.
        phone = new_phone()
        phone.goto(page.url)
        GamePage(phone).loaded().record_round("Cal", {"Ann": 5, "Ben": 9})
    expect(page.get_by_role("heading", name="Round 2 was recorded from another phone")).to_be_visible()
    expect(page.get_by_role("status").filter(has_text="Not recorded: round 2 (Ann went out).")).to_be_visible()
    assert recorded(live_app, key) == 0
    page.get_by_role("button", name="Replace it with mine").click()
    expect(GamePage(page).rows()).to_have_count(2)
    expect(page.locator("[data-outbox]")).to_be_hidden()  # the scorer chose: nothing is kept any more
    assert recorded(live_app, key) == 0  # the correction is a new form, with a key of its own
