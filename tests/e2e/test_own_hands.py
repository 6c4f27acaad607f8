"""Every player counts their own hand, on their own phone (#35): three phones in French at 360×740, the scorer and
two players. Both players send their hands at once; the scorer's form shows both within one look of its polling
(2 s), each marked as sent by its player; the scorer taps who went out and saves; the round recorded holds exactly
those hands."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from referee.storage.db import connect
from referee.storage.evenings import evening_by_key
from referee.storage.games import current_events, games_of
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import GamePage, HomePage
from tests.e2e.phone_checks import screenshot
from tests.e2e.words import Words

pytestmark = [pytest.mark.e2e, pytest.mark.parametrize("language", ["fr"])]

SMALL = {"width": 360, "height": 740}
LOOK = 2_000  # ms: static/js/sent.js looks this often while the round form is open
POLL = 2 * 4_000 + 4_000  # ms: two polls of a player's screen (templates/hands/_poll.html), and slack


def test_two_players_send_their_hands_and_the_scorer_saves_in_two_taps(
    page: Page, new_phone: Callable[..., Page], words: Words, live_app: LiveApp, base_url: str
) -> None:
    page.set_viewport_size(SMALL)
    home = HomePage.open(page, words)
    home.start_evening().create(["Ana", "Ben", "Cy"]).start_game(first_dealer="Ana")
    scorer_key = page.url.split("/e/")[1].split("/")[0]
    page.goto(f"{base_url}/e/{scorer_key}/players")
    expect(page.get_by_role("heading", name=words("Each player counts their own hand"))).to_be_visible()
    links = {}
    for name in ("Ben", "Cy"):
        page.get_by_text(name, exact=True).click()
        href = page.locator("details[open] figcaption a").last.get_attribute("href")
        assert href and href.endswith("/hand")
        links[name] = href
    assert scorer_key not in " ".join(links.values())
    page.goto(f"{base_url}/e/{scorer_key}/games/1")
    scorer = GamePage(page, words).loaded()

    phones = {name: new_phone() for name in links}
    for name, phone in phones.items():
        phone.set_viewport_size(SMALL)
        phone.goto(links[name])
        expect(phone.get_by_role("heading", name=re.compile(words("My hand")))).to_be_visible()
    # Ben taps three cards on the picker (French letters: D for the queen, R for the king); Cy types a total.
    ben = phones["Ben"]
    for card in ("7S", "QH", "KD"):
        ben.locator(f'[data-picker] button[data-card="{card}"]').click()
    expect(ben.locator("#own-hand-cards")).to_have_value("7♠ D♥ R♦")
    phones["Cy"].locator("#own-hand-cards").fill("12")
    # Both send at once: neither waits for the other's answer.
    for phone in phones.values():
        phone.get_by_role("button", name=words("Send"), exact=True).dispatch_event("click")
    expect(
        ben.get_by_role("status").filter(has_text=words("Sent: %(hand)s.", hand="3 cartes, 27 points"))
    ).to_be_visible()
    expect(
        phones["Cy"].get_by_role("status").filter(has_text=words("Sent: %(hand)s.", hand="12 points"))
    ).to_be_visible()
    screenshot(ben, "own-hand-fr-360")

    # The scorer's form shows both within one look, each marked as sent by its player.
    entry = scorer.entry
    expect(entry.hand("Ben")).to_have_value("7♠ D♥ R♦", timeout=LOOK + 1_000)
    expect(entry.hand("Cy")).to_have_value("12", timeout=LOOK + 1_000)
    for name, said in (("Ben", "3 cartes, 27 points"), ("Cy", "12 points")):
        expect(entry.row(name).locator("[data-sent-said]")).to_have_text(words("sent: %(hand)s", hand=said))
    screenshot(page, "own-hands-scorer-fr-360")

    # Two taps: who went out, and Save.
    entry.winner("Ana").click()
    scorer.save_button().click()
    expect(page.locator("#outcome")).to_be_visible()
    db = connect(live_app.database)
    evening, _ = evening_by_key(db, scorer_key) or (None, None)
    assert evening is not None
    recorded = [event.data for event in current_events(db, games_of(db, evening.id)[0].id)]
    assert recorded == [{"type": "round", "winner": "Ana", "hands": {"Ben": ["7S", "QH", "KD"], "Cy": 12}}]

    # Each player's screen follows: round 2's form, and what round 1 did to them (#42; a late send is in
    # tests/e2e/test_player_seats.py).
    for phone in phones.values():
        expect(phone.locator("input[name=number]")).to_have_value("2", timeout=POLL)
        expect(phone.locator("#own-recap")).to_contain_text(words("Round %(number)s: %(name)s went out.", number=1,
                                                                   name="Ana"))  # fmt: skip
