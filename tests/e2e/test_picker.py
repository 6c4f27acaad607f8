"""The card picker: taps go into the active hand, with the running penalty and the pack limits."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.e2e.pages import HomePage

pytestmark = pytest.mark.e2e


def test_tapping_the_cards_left_in_each_hand(home: HomePage) -> None:
    game = home.start_evening().create(["A", "B", "C"], game="kaluki").start_game()
    entry, picker = game.entry, game.entry.picker
    entry.winner("A").check()
    expect.soft(entry.hand("A")).to_be_hidden()  # the winner has no cards left to enter
    expect(picker.active()).to_have_text("B")

    entry.hand("B").click()
    picker.tap("JK", "K♠", "A♥", "10♦", "8♣")
    expect(entry.hand("B")).to_have_value("JK KS AH 10D 8C")
    expect(entry.penalty("B")).to_have_text("54")  # docs/rules.md §8: 15 + 10 + 11 + 10 + 8, not the source's 44

    picker.undo()
    expect(entry.hand("B")).to_have_value("JK KS AH 10D")
    expect(entry.penalty("B")).to_have_text("46")

    # Two packs: a third 7♠ cannot be tapped, whichever hands the first two went into.
    picker.tap("7♠")
    entry.hand("C").click()
    expect(picker.active()).to_have_text("C")
    expect(picker.card("7♠")).to_be_enabled()
    picker.tap("7♠")
    expect(picker.card("7♠")).to_be_disabled()
    expect(picker.card("7♥")).to_be_enabled()
    picker.undo()
    expect(picker.card("7♠")).to_be_enabled()

    # Four jokers: one in B's hand, three more in C's.
    picker.tap("JK", "JK", "JK")
    expect(picker.card("JK")).to_be_disabled()
    picker.clear()
    expect(entry.hand("C")).to_have_value("")
    expect(entry.penalty("C")).to_have_text("")
    expect(picker.card("JK")).to_be_enabled()

    picker.tap("7♠", "Q♥", "3♣")
    expect(entry.hand("C")).to_have_value("7S QH 3C")
    expect(entry.penalty("C")).to_have_text("20")
    expect(entry.hand("B")).to_have_value("JK KS AH 10D 7S")
    expect(entry.penalty("B")).to_have_text("53")
    expect(picker.card("7♠")).to_be_disabled()

    game.save_round()
    assert game.lines() == [["1 ✎", "★ 0", "+53", "+20"]]
    assert {name: s.total for name, s in game.standings().items()} == {"A": 0, "B": 53, "C": 20}
    expect(entry.hand("B")).to_have_value("")  # a fresh form for the next round

    # The round's answer keeps the picker the page shows (#45): the next round taps into the fresh form at once.
    expect(picker.active()).to_have_text("A")  # nobody went out yet: the first hand is chosen
    entry.winner("A").check()
    expect(picker.active()).to_have_text("B")
    picker.tap("K♠", "K♠")
    expect(entry.hand("B")).to_have_value("KS KS")
    expect(picker.card("K♠")).to_be_disabled()  # two packs: the kept picker counts the new form's hands
    expect(entry.penalty("B")).to_have_text("20")


def test_a_page_without_the_picker_fetches_it_once_an_answer_keeps_it(home: HomePage) -> None:
    """An answer whose picker is the one the page shows, on a page that has none (the game had ended there, say): the
    phone fetches the whole picker from the game's page and taps into it."""
    game = home.start_evening().create(["A", "B", "C"], game="kaluki").start_game()
    entry, picker = game.entry, game.entry.picker
    entry.winner("A").check()
    picker.tap("5♥")
    entry.hand("C").click()
    picker.tap("6♥")
    game.page.evaluate("document.querySelector('[data-picker]').remove()")  # as a page whose entry had no picker
    game.save_round()
    expect(picker.card("K♠")).to_be_visible()
    expect(game.page.locator("[data-picker] [data-card]")).to_have_count(53)
    entry.winner("A").check()
    picker.tap("K♠")
    expect(entry.hand("B")).to_have_value("KS")
