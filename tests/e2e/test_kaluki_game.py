"""The four-player Kaluki game of docs/rules.md §8, played on the scorer's phone from start to finish, in each
language."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal

import pytest
from babel.numbers import format_currency
from playwright.sync_api import expect

from referee.storage.db import connect
from referee.storage.evenings import evening_by_key
from referee.storage.games import change_log, current_events, games_of, record_of
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import EVENING_URL, GamePage, HomePage, Standing, assert_fits_phone
from tests.e2e.words import Words

pytestmark = [pytest.mark.e2e, pytest.mark.parametrize("language", ["en", "fr"])]


def totals(game: GamePage) -> dict[str, int]:
    return {name: standing.total for name, standing in game.standings().items()}


def statuses(game: GamePage) -> dict[str, str]:
    return {name: standing.status for name, standing in game.standings().items()}


def test_starting_an_evening_opens_its_scorer_page(home: HomePage, words: Words) -> None:
    home.start_evening().create(["A", "B", "C", "D"], chip_value="0.20")

    expect(home.page).to_have_url(EVENING_URL)
    expect(home.page.get_by_role("heading", level=1)).to_have_text(words("Card night"))
    expect(home.page.get_by_text(words("Links for the other phones"))).to_be_visible()
    # Money is written in the phone's language: "€0.20" in English, "0,20 €" in French.
    chip = words("a chip is worth %(amount)s", amount=format_currency(Decimal("0.20"), "EUR", locale=words.language))
    expect(home.page.get_by_text(chip)).to_be_visible()


def test_the_kaluki_game_of_the_rules_with_a_correction(home: HomePage, words: Words, live_app: LiveApp) -> None:
    evening = home.start_evening().create(["A", "B", "C", "D"], game="kaluki", chip_value="0.20")
    game = evening.start_game(first_dealer="A")
    expect(game.page.get_by_text(words("Pot: %(pot)s chips", pot=12))).to_be_visible()

    # Round 1 goes in wrong: B's 40 typed as 4. It is corrected after round 3.
    game.record_round("A", {"B": 4, "C": 62, "D": "JK KH QD 9C 8S 3H"})
    assert totals(game) == {"A": 0, "B": 4, "C": 62, "D": 55}

    game.record_round("B", {"A": 48, "C": 88, "D": 101}, all_in_one=True)
    assert totals(game) == {"A": 48, "B": 4, "C": 150, "D": 156}
    assert statuses(game) == {"A": "in", "B": "in", "C": "eliminated", "D": "eliminated"}
    assert game.lines()[1][0] == f"2 ✎ {words('all in one')}"
    expect(game.offers()).to_have_count(2)
    game.buy_back("C")
    game.buy_back("D")
    assert totals(game) == {"A": 48, "B": 4, "C": 48, "D": 48}
    expect(game.offers()).to_have_count(0)

    game.record_round("D", {"A": 30, "B": 75, "C": 20})
    assert totals(game) == {"A": 78, "B": 79, "C": 68, "D": 48}

    correction = game.correct_round(1)
    expect(correction.entry.winner("A")).to_be_checked()
    expect(correction.entry.hand("B")).to_have_value("4")
    correction.entry.hand("B").fill("KS QS JS 10H")
    game = correction.save()
    assert totals(game) == {"A": 78, "B": 115, "C": 68, "D": 48}
    log = game.change_log()
    expect(log).to_contain_text(f"{words('the round won by %(name)s', name='A')} {words('corrected')}")
    b_hand = log.get_by_role("listitem").filter(has_text=words("%(name)s's hand", name="B"))
    expect(b_hand.get_by_role("deletion")).to_have_text("4")
    expect(b_hand.get_by_role("insertion")).to_have_text(words.cards("K♠ Q♠ J♠ 10♥"))

    game.record_round("C", {"A": 77, "B": 20, "D": 110})
    assert totals(game) == {"A": 155, "B": 135, "C": 68, "D": 158}
    game.buy_back("A")
    game.buy_back("D")
    assert totals(game) == {"A": 135, "B": 135, "C": 68, "D": 135}

    game.record_round("B", {"A": 20, "C": 90, "D": 10})
    assert totals(game) == {"A": 155, "B": 135, "C": 158, "D": 145}
    game.buy_back("A")
    game.buy_back("C")
    assert totals(game) == {"A": 145, "B": 135, "C": 145, "D": 145}

    game.record_round("D", {"A": 10, "B": 30, "C": 3})
    assert statuses(game) == {"A": "out", "B": "eliminated", "C": "in", "D": "in"}
    expect(game.offers()).to_have_count(1)  # A has used both buy-backs
    expect(game.offer("B")).to_be_visible()
    game.buy_back("B")
    assert totals(game) == {"A": 155, "B": 148, "C": 148, "D": 145}
    expect(game.page.get_by_text(words("Pot: %(pot)s chips", pot=47))).to_be_visible()
    expect(game.entry.hand("A")).to_have_count(0)  # A is out: no hand to enter

    game.record_round("C", {"B": 5, "D": 40})
    expect(game.verdict()).to_have_text(
        words("%(name)s wins the game and takes the pot of %(pot)s chips.", name="C", pot=47)
    )
    assert game.standings() == {
        "A": Standing(155, "out", 0, "−16"),
        "B": Standing(153, "out", 1, "−4"),
        "C": Standing(148, "in", 0, "+33"),
        "D": Standing(185, "out", 0, "−13"),
    }
    expect(game.save_button()).to_have_count(0)
    assert len(game.lines()) == 14  # 7 rounds and 7 buy-backs
    assert_fits_phone(game.page)  # the whole sheet still fits the phone

    key = game.key
    game.page.get_by_role("link", name=words("Card night")).click()
    evening.loaded()
    expect(game.page.get_by_text(words("won by %(name)s", name="C"))).to_be_visible()
    assert [(b.name, b.chips) for b in evening.balances()] == [("A", "−16"), ("B", "−4"), ("C", "+33"), ("D", "−13")]

    # What was saved: the options and the events, the correction a revision of round 1.
    db = connect(live_app.database)
    try:
        found = evening_by_key(db, key)
        assert found is not None and found[1], "the game page's link is not the evening's scorer link"
        (stored,) = games_of(db, found[0].id)
        events = current_events(db, stored.id)
        assert Counter(event.data["type"] for event in events) == {"round": 7, "buyback": 7}
        assert [e.data["player"] for e in events if e.data["type"] == "buyback"] == ["C", "D", "A", "D", "A", "C", "B"]
        first = events[0]
        assert first.revision == 1
        assert first.data["hands"]["B"] == ["KS", "QS", "JS", "10H"]
        assert events[1].data.get("all_in_one") is True
        (change,) = change_log(db, stored.id)
        assert change.before is not None and change.before["hands"]["B"] == 4
        final = record_of(stored, events).standings()
        assert {p.name: p.chips for p in final.players} == {"A": -16, "B": -4, "C": 33, "D": -13}
        assert final.winner == "C"
    finally:
        db.close()


def test_a_void_round_and_its_undo(home: HomePage, words: Words) -> None:
    game = home.start_evening().create(["Ann", "Ben"]).start_game(first_dealer="Ann")

    game.void_round()
    assert game.lines() == [[f"1 {words('void')}", "", ""]]
    expect(game.page.locator("#status")).to_contain_text(words("%(name)s deals", name="Ben"))

    game.undo_last()
    assert game.lines() == []
    expect(game.change_log()).to_contain_text(f"{words('a void round')} {words('deleted')}")
    expect(game.page.locator("#status")).to_contain_text(words("%(name)s deals", name="Ann"))
