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
