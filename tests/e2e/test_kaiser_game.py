"""A Kaiser game to 52 on the scorer's phone, in English and in French: a no-trump hand, the 45 rule,
a passed deal, a refused hand, a correction, and the winner."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.kaiser_pages import start_kaiser_game
from tests.e2e.pages import HomePage
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

NS, EW = "Ana & Céline", "Ben & Driss"


def engine(words: Words, message: str, **values: object) -> str:
    """A rules-engine message (its placeholders are `{name}`) as the phone shows it."""
    return words.catalog.gettext(message).format(**values)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_kaiser_game_to_52_with_no_trump_and_the_45_rule(home: HomePage, words: Words) -> None:
    evening = home.start_evening().create(["Ana", "Ben", "Céline", "Driss"])
    game = start_kaiser_game(evening, (("Ana", "Céline"), ("Ben", "Driss")), dealer="Driss")
    expect(game.status()).to_contain_text(words("%(name)s deals", name="Driss"))

    game.record_hand("Ana", 7, 6, NS, EW)  # docs/rules.md §8: 6 tricks and the 5♥ make 11: 7 + 11
    first = game.hands()[0]
    assert (first.number, first.bid, first.changes) == ("1", "Ana 7", ("+18", "−1"))

    refused = game.refused_hand("Ben", 9, 8, EW, NS)  # Ana & Céline took no trick: no 3♠ for them
    assert any(engine(words, "{team} took no trick, so it cannot have taken the {card}", team=NS, card="3♠") in a
               for a in refused)  # fmt: skip

    game.record_hand("Ben", 11, 7, EW, NS, no_trump=True)  # 7 + 5 = 12 made: (11 + 12) × 2
    second = game.hands()[1]
    assert second.bid == "Ben " + engine(words, "{bid} no trump", bid=11)
    assert second.changes == ("−2", "+46")
    assert game.totals() == [16, 45]

    game.record_hand("Céline", 7, 4, NS, NS)  # §8: 4 + 5 − 3 = 6, the bid of 7 fails; Ben & Driss at 45
    third = game.hands()[2]
    assert third.changes == ("−7", "0")
    forty_five = words.catalog.ngettext(
        "not bidding, at {score}: adds nothing for its {n} point (at {bid_out} or more, only a bid scores)",
        "not bidding, at {score}: adds nothing for its {n} points (at {bid_out} or more, only a bid scores)",
        4,
    ).format(n=4, score=45, bid_out=45)
    forty_five = " ".join(forty_five.split())  # the rows are read with their spaces (no-break ones too) made plain
    assert forty_five in third.rules and "bid_out" not in third.rules  # the 45 rule, in a player's words

    game.everybody_passed()  # Céline's deal is not played: Driss deals next
    expect(game.passed_deals()).to_have_count(1)
    expect(game.status()).to_contain_text(words("%(name)s deals", name="Driss"))

    game.record_hand("Driss", 6, 5, EW, NS)  # 5 + 5 = 10 made: 6 + 10 = 16, Ben & Driss reach 61
    assert game.totals() == [9, 61]
    expect(game.verdict()).to_have_text(
        words("%(team)s win the game, %(score)s to %(other)s.", team=EW, score=61, other=9)
    )
    expect(game.entry_form()).to_have_count(0)

    game.page.get_by_text(words("Chart of the running totals")).click()  # drawn when opened
    label = words.plural_pattern("Running totals over %(num)s hand", "Running totals over %(num)s hands", whole=False)
    chart = game.page.get_by_role("img", name=label)
    expect(chart.locator("polyline")).to_have_count(2)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_correcting_a_kaiser_hand_scores_the_later_hands_again(home: HomePage, words: Words) -> None:
    evening = home.start_evening().create(["Ana", "Ben", "Céline", "Driss"])
    game = start_kaiser_game(evening, (("Ana", "Céline"), ("Ben", "Driss")), dealer="Ana")
    game.record_hand("Ana", 7, 6, NS, EW)
    game.record_hand("Ben", 7, 5, EW, NS)
    assert game.totals() == [18, 16]

    game.correct_hand(1).fill_hand("Ana", 9, 6, NS, EW)  # the bid was 9: still made, 9 + 11
    game.save_correction()
    assert [hand.changes for hand in game.hands()] == [("+20", "−1"), ("0", "+17")]
    assert game.totals() == [20, 16]
