"""A Rami round in points mode (docs/rules.md §6 and §8): laid points, hands collected, a rami with own cards."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from referee.storage.db import connect
from referee.storage.evenings import evening_by_key
from referee.storage.games import current_events, games_of
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import HomePage, Standing

pytestmark = pytest.mark.e2e


def test_alice_rami_with_own_cards(home: HomePage, live_app: LiveApp) -> None:
    evening = home.start_evening().create(["Alice", "Bob", "Cédric"], game="rami")
    game = evening.start_game(first_dealer="Cédric")
    entry = game.entry
    expect(entry.finish("own_cards")).to_be_visible()
    expect(game.page.get_by_role("radio", name="Kaluki (all in one)")).to_have_count(0)

    # Bob laid K♠ K♥ K♦ (typed as cards: the referee counts 30); Alice laid 14 of her 15 cards in one turn, her own
    # cards only (typed as points).
    entry.fill(
        "Alice",
        {"Bob": "KC QD JS 10D 5C 6H 7S", "Cédric": 70},
        finish="own_cards",
        laid={"Alice": 95, "Bob": "KS KH KD"},
    )
    expect(entry.penalty("Bob")).to_have_text("55")  # salon hand values: honours 10, 2-9 five
    expect(entry.laid("Cédric")).to_have_value("")
    game.save_round()

    assert game.lines() == [["1 ✎ rami, own cards", "★ +520", "+30", "0"]]
    assert game.standings() == {
        "Alice": Standing(520, "in", None, "0"),
        "Bob": Standing(30, "in", None, "0"),
        "Cédric": Standing(0, "in", None, "0"),
    }
    expect(game.verdict()).to_have_count(0)  # the game goes on to 1000
    expect(game.page.get_by_role("button", name=" buys back")).to_have_count(0)

    db = connect(live_app.database)
    try:
        found = evening_by_key(db, game.key)
        assert found is not None
        (stored,) = games_of(db, found[0].id)
        assert stored.preset == "rami"
        (event,) = current_events(db, stored.id)
        assert event.data == {
            "type": "round",
            "winner": "Alice",
            "hands": {"Bob": ["KC", "QD", "JS", "10D", "5C", "6H", "7S"], "Cédric": 70},
            "rami": "own_cards",
            "laid": {"Alice": 95, "Bob": 30},
            "laid_cards": {"Bob": [["KS", "KH", "KD"]]},  # the cards tapped, kept with their count
        }
    finally:
        db.close()


def test_the_cards_each_player_laid_are_tapped_meld_by_meld_and_counted(home: HomePage, live_app: LiveApp) -> None:
    evening = home.start_evening().create(["Alice", "Bob", "Cédric"], game="rami")
    game = evening.start_game(first_dealer="Alice")
    entry = game.entry
    entry.winner("Alice").check()
    # The winner's laid cards are a row of the picker too: Alice laid A♥ 2♥ 3♥ (5 + 5 + 5) then Q♠ Q♦ Q♣ (30).
    entry.laid("Alice").click()
    expect(entry.picker.active()).to_have_text("the melds Alice laid")
    entry.picker.tap("A♥", "2♥", "3♥")
    game.page.get_by_role("button", name="Next meld").click()
    entry.picker.tap("Q♠", "Q♦", "Q♣")
    expect(entry.laid("Alice")).to_have_value("AH 2H 3H / QS QD QC")
    # Switching to a hand hides "Next meld": it belongs to laid cards only.
    entry.hand("Bob").click()
    expect(game.page.get_by_role("button", name="Next meld")).to_be_hidden()
    entry.picker.tap("K♣", "5♣")
    entry.hand("Cédric").fill("12")
    game.save_round()
    db = connect(live_app.database)
    try:
        found = evening_by_key(db, game.key)
        assert found is not None
        (stored,) = games_of(db, found[0].id)
        (event,) = current_events(db, stored.id)
        assert event.data["laid"] == {"Alice": 45}
        assert event.data["hands"] == {"Bob": ["KC", "5C"], "Cédric": 12}
    finally:
        db.close()
