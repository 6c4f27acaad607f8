"""Building on the table at the desk, on the phone: add cards to a meld, rearrange the table's melds."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import DeskPage

pytestmark = pytest.mark.e2e


def test_adding_cards_to_a_run_at_both_ends_and_a_joker_in_rami(page: Page) -> None:
    desk = DeskPage.open(page).tab("Add to a meld")
    desk.tap_into("The meld on the table", "5♥", "6♥", "7♥")
    desk.tap_into("The cards to add", "8♥", "4♥")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict).to_have_attribute("data-meld", "4H 5H 6H 7H 8H")
    expect(verdict).to_contain_text("The meld after: 4♥ 5♥ 6♥ 7♥ 8♥ — run, 30 points")

    desk.rules().select_option("rami")
    desk.cards("The cards to add").fill("JK")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "false")
    expect(verdict).to_contain_text("a joker cannot be added to a meld already on the table")
    expect(desk.cite()).to_have_text(
        re.compile(r"^The rule: A joker may be added to a meld on the table — no, from the Rami rulebook")
    )


def test_rearranging_the_table_keeps_three_cards_of_each_meld(page: Page) -> None:
    desk = DeskPage.open(page, "rearrange")
    desk.cards("On the table, meld 1").fill("4D 5D 6D 7D")
    desk.cards("After, meld 1").fill("5D 6D 7D")
    desk.cards("After, meld 2").fill("4D 4H 4C")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict.get_by_role("listitem")).to_have_count(2)
    expect(verdict).to_contain_text("From the hand: 4♥ 4♣")
    expect(desk.cite()).to_have_text(
        re.compile(
            r"^The rule: Rearranging the melds on the table — each meld keeps three of its cards, from the Kaluki "
        )
    )


def test_the_melds_after_a_rearrangement_are_tapped_from_the_same_cards(page: Page) -> None:
    # Two packs: two 5♦ on the table grey the 5♦ for the table's melds, but the melds after hold those very cards.
    desk = DeskPage.open(page, "rearrange")
    desk.tap_into("On the table, meld 1", "5♦", "6♦", "7♦", "8♦")
    desk.tap_into("On the table, meld 2", "5♦", "5♥", "5♣")
    expect(desk.picker.card("5♦")).to_be_disabled()
    desk.tap_into("After, meld 1", "6♦", "7♦", "8♦")
    expect(desk.picker.card("5♦")).to_be_enabled()
    desk.picker.tap("5♦")
    expect(desk.cards("After, meld 1")).to_have_value("6D 7D 8D 5D")
