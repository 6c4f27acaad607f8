"""The Kaiser auction on the scorer's phone: folded away, opened, tapped in call by call, shown on the sheet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.kaiser_pages import start_kaiser_game
from tests.e2e.pages import HomePage
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

NS, EW = "Ana & Céline", "Ben & Driss"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_hand_recorded_from_its_auction_alone_shows_who_bid_what(home: HomePage, words: Words) -> None:
    evening = home.start_evening().create(["Ana", "Ben", "Céline", "Driss"])
    game = start_kaiser_game(evening, (("Ana", "Céline"), ("Ben", "Driss")), dealer="Driss")
    page = game.page
    first_call = page.get_by_role("group", name=words("%(name)s calls", name="Ana"))
    expect(first_call).to_be_hidden()  # folded away until asked for
    page.get_by_text(words("The auction (optional)"), exact=True).click()
    for player, call in (("Ana", "6"), ("Ben", words("pass")), ("Céline", "7"), ("Driss", words("pass"))):
        group = page.get_by_role("group", name=words("%(name)s calls", name=player))
        group.get_by_role("radio", name=call, exact=True).check()
    page.get_by_role("group", name=words("Trump")).get_by_role("radio", name="♥", exact=True).check()
    # The bidder and the bid are left to the auction: only the tricks and the two cards are tapped.
    page.get_by_role("group", name=words("Tricks taken by the bidding team")).get_by_role(
        "radio", name="6", exact=True
    ).check()
    for question, team in (("Who took the 5♥?", NS), ("Who took the 3♠?", EW)):
        page.get_by_role("group", name=words(question)).get_by_role("radio", name=team, exact=True).check()
    page.get_by_role("button", name=words("Save the hand")).click()

    expect(game.sheet.locator("tbody tr.line-hand")).to_have_count(1)
    [hand] = game.hands()
    assert (hand.bid, hand.changes) == ("Céline 7 ♥", ("+18", "−1"))
    calls = " · ".join(f"{name} {call}" for name, call in (("Ana", "6"), ("Ben", words("pass")), ("Céline", "7"),
                                                            ("Driss", words("pass"))))  # fmt: skip
    assert " ".join(words("Auction: %(calls)s", calls=calls).split()) in hand.rules  # rows are read with plain spaces
    expect(page.get_by_role("group", name=words("%(name)s calls", name="Ben"))).to_be_hidden()  # folded again
