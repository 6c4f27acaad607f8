"""On a 390×844 phone, in English and French: after a round the phone shows its outcome and the buy-back to decide,
a round past an undecided buy-back is refused, the chip value is read as typed, and the game's end shows the pot."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

import pytest
from babel.numbers import format_currency
from playwright.sync_api import BrowserContext, Page, expect

from tests.e2e.pages import GAME_URL, GamePage, HomePage, alerts
from tests.e2e.test_accessibility import AXE, AXE_URL, said, violations
from tests.e2e.words import Words

pytestmark = [pytest.mark.e2e, pytest.mark.parametrize("language", ["en", "fr"])]
PLAYERS = ["Bernadette", "Guillaume", "Stéphanie", "Christophe"]


def euros(amount: str, words: Words) -> str:
    """An amount of euros as the phone's language writes it: "€0.20", "0,20 €"."""
    return format_currency(Decimal(amount), "EUR", locale=words.language)


def refused(words: Words) -> str:
    """What the phone says to a round recorded while Guillaume's buy-back is not decided."""
    return words(
        "%(names)s: buy back or out for good? Tap one of the two for each eliminated player before recording "
        "the next round. Nothing was saved.",
        names="Guillaume",
    )


def test_a_round_that_eliminates_a_player_shows_the_buy_back_in_view(home: HomePage, words: Words) -> None:
    game = home.start_evening().create(PLAYERS).start_game(first_dealer="Bernadette")
    game.record_round("Bernadette", {"Guillaume": 150, "Stéphanie": 12, "Christophe": 7})

    outcome = game.page.locator("#outcome")
    expect(
        outcome.get_by_text(words("Round %(number)s: %(name)s went out.", number=1, name="Bernadette"))
    ).to_be_visible()
    expect(
        outcome.get_by_text(words("%(name)s is eliminated at %(score)s.", name="Guillaume", score=150))
    ).to_be_in_viewport()
    offer = game.offer("Guillaume")
    buy = offer.get_by_role("button", name=words("Buy back for %(cost)s chips", cost=5))
    out = offer.get_by_role("button", name=words("Out for good"), exact=True)
    for control in (offer, buy, out):
        expect(control).to_be_in_viewport()
    expect(game.entry.hand("Guillaume")).to_have_count(0)  # no hand for the eliminated player meanwhile

    game.buy_back("Guillaume")
    expect(game.offers()).to_have_count(0)
    said = words(
        "%(name)s bought back for %(cost)s chips and restarts at %(score)s.", name="Guillaume", cost=5, score=12
    )
    expect(outcome.get_by_text(said)).to_be_in_viewport()
    expect(game.entry.hand("Guillaume")).to_be_visible()


def test_a_round_past_an_undecided_buy_back_is_refused_then_out_for_good_records_it(
    home: HomePage, words: Words
) -> None:
    game = home.start_evening().create(PLAYERS).start_game(first_dealer="Bernadette")
    game.record_round("Bernadette", {"Guillaume": 150, "Stéphanie": 12, "Christophe": 7})

    game.entry.fill("Stéphanie", {"Bernadette": 20, "Christophe": 30})
    game.save_button().click()
    expect(game.page.get_by_role("alert").filter(has_text=refused(words))).to_be_in_viewport()
    assert len(game.lines()) == 1, alerts(game.page)
    expect(game.offer("Guillaume")).to_be_in_viewport()

    game.out_for_good("Guillaume")
    expect(game.entry.hand("Bernadette")).to_have_value("20")  # the hands typed stay on the form
    game.save_round()
    said = words("Round %(number)s: %(name)s went out.", number=2, name="Stéphanie")
    expect(game.page.locator("#outcome").get_by_text(said)).to_be_in_viewport()
    expect(game.offers()).to_have_count(0)
    expect(game.entry.hand("Guillaume")).to_have_count(0)  # out for good: never on the form again


def test_a_french_chip_value_with_a_comma_is_worth_what_was_typed(home: HomePage, words: Words) -> None:
    typed = "0,20" if words.language == "fr" else "0.20"
    evening = home.start_evening().create(["Ana", "Ben"], chip_value=typed)
    worth = words("a chip is worth %(amount)s", amount=euros("0.20", words))
    expect(evening.page.get_by_text(worth)).to_be_visible()


def test_the_end_of_the_game_shows_the_pot_and_offers_a_rematch(home: HomePage, words: Words) -> None:
    evening = home.start_evening().create(["Ana", "Ben"], chip_value="0.20" if words.language == "en" else "0,20")
    game = evening.start_game(first_dealer="Ana")
    game.record_round("Ana", {"Ben": 150})  # Ben out at 150: Ana is left and takes the pot of two antes

    end = game.page.locator(".game-end")
    pot = words.plural("%(name)s takes the pot: %(num)s chip.", "%(name)s takes the pot: %(num)s chips.", 6, name="Ana")
    expect(end.get_by_text(pot)).to_be_in_viewport()
    expect(end).to_contain_text(words("That is %(amount)s.", amount=euros("1.20", words)))
    game.page.get_by_role("button", name=words("Rematch: the same players and rules")).click()
    game.page.wait_for_url(GAME_URL)
    rematch = GamePage(game.page, words).loaded()
    assert rematch.page.url.endswith("/games/2")
    assert rematch.names() == ["Ana", "Ben"]
    expect(rematch.save_button()).to_be_visible()


def test_without_javascript_the_choice_works_too(new_phone: Callable[..., Page], words: Words) -> None:
    page = new_phone(java_script_enabled=False)
    # Short names: this test is about the choice, not about long names fitting a phone without JavaScript.
    evening = HomePage.open(page, words).start_evening().create(["Bernadette", "Guillaume", "Stéphanie", "Chris"])
    game = evening.start_game(first_dealer="Bernadette")
    game.record_round("Bernadette", {"Guillaume": 150, "Stéphanie": 12, "Chris": 7})
    expect(game.offer("Guillaume")).to_be_in_viewport()  # the redirect lands on the entry

    game.entry.fill("Stéphanie", {"Bernadette": 20, "Chris": 30})
    game.save_button().click()
    expect(page.get_by_role("alert").filter(has_text=refused(words))).to_be_visible()
    assert len(game.lines()) == 1
    game.out_for_good("Guillaume")
    game.record_round("Stéphanie", {"Bernadette": 20, "Chris": 30})
    expect(game.offers()).to_have_count(0)
    expect(game.entry.hand("Guillaume")).to_have_count(0)


def test_the_outcome_the_choice_and_the_end_have_no_serious_accessibility_violation(
    new_context: Callable[..., BrowserContext], words: Words
) -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed: run `npm ci --prefix tests/e2e` (no {AXE})")
    context = new_context(locale=words.locale)
    context.route(re.compile(re.escape(AXE_URL) + "$"), lambda route: route.fulfill(path=str(AXE)))
    page = context.new_page()
    evening = HomePage.open(page, words).start_evening().create(["Ana", "Ben", "Cal"])
    game = evening.start_game(first_dealer="Ana")
    game.record_round("Ana", {"Ben": 150, "Cal": 3})
    problems = said("the buy-back to decide", page, violations(page))
    game.out_for_good("Ben")
    problems += said("out for good chosen", page, violations(page))
    game.record_round("Ana", {"Cal": 160})  # Cal eliminated, Ben out: Ana is left
    expect(page.locator(".game-end")).to_be_visible()
    problems += said("the end of the game", page, violations(page))
    assert not problems, "\n".join(problems)
