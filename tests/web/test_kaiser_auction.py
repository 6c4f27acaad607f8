"""The Kaiser auction through the test client: folded away, optional, checked by the rules, shown on the sheet."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

from tests.web.conftest import Table
from tests.web.test_kaiser import EW, NS, events, hand, rows, start

# Driss deals the first hand, so Ana calls first, then Ben, Céline and Driss.
AUCTION = {"call_0": "6", "call_1": "pass", "call_2": "7", "nt_2": "y", "call_3": "pass"}


def test_the_auction_is_folded_away_and_a_hand_without_it_records_as_before(table: Table) -> None:
    game = start(table)
    page = table.get(game).get_data(as_text=True)
    assert '<details class="auction">' in page and "The auction (optional)" in page
    order = [re.search(rf"{name} calls", page).start() for name in ("Ana", "Ben", "Céline", "Driss")]  # type: ignore[union-attr]
    assert order == sorted(order)
    assert hand(table, game, "Ana", 7, 6, NS, EW).status_code == 303
    assert "calls" not in events(table)[0] and "trump" not in events(table)[0]
    assert "Auction:" not in table.get(game).get_data(as_text=True)


def test_a_hand_with_its_auction_and_trump_is_recorded_and_the_sheet_shows_who_bid_what(table: Table) -> None:
    game = start(table)
    response = hand(table, game, "Céline", 7, 6, NS, EW, no_trump=True, **AUCTION)
    assert response.status_code == 303, response.get_data(as_text=True)
    assert events(table)[0]["calls"] == [
        {"player": "Ana", "call": 6},
        {"player": "Ben", "call": "pass"},
        {"player": "Céline", "call": 7, "no_trump": True},
        {"player": "Driss", "call": "pass"},
    ]
    page = table.get(game).get_data(as_text=True)
    assert "Auction: Ana 6 · Ben pass · Céline 7 no trump · Driss pass" in page
    assert rows(page) == [["1", "Céline 7 no trump", "+36", "−1"]]
    assert hand(table, game, "Céline", 7, 6, NS, EW, trump="H").status_code == 303  # Ana deals: Ben calls first
    assert events(table)[1]["trump"] == "H" and rows(table.get(game).get_data(as_text=True))[1][1] == "Céline 7 ♥"


def test_a_complete_auction_fills_in_the_bidder_and_the_bid(table: Table) -> None:
    game = start(table)
    data = {"tricks": 6, "five_hearts": NS, "three_spades": EW, **AUCTION}
    assert table.post(f"{game}/hands", data).status_code == 303
    event = events(table)[0]
    assert (event["bidder"], event["bid"], event["no_trump"]) == ("Céline", 7, True)


def refusal(table: Table, **data: Any) -> str:
    game = start(table)
    response = hand(table, game, "Céline", 7, 6, NS, EW, no_trump=True, **data)
    assert response.status_code == 422
    assert events(table) == []
    page = unescape(response.get_data(as_text=True))
    assert '<details class="auction" open>' in page  # the refused auction stays open to be put right
    return page


def test_an_auction_the_hand_contradicts_is_refused_with_the_reason(table: Table) -> None:
    page = refusal(table, **(AUCTION | {"nt_2": ""}))
    assert "the auction was won by Céline with 7, but the hand says Céline bid 7 no trump" in page


def test_an_illegal_call_is_refused_with_the_reason(table: Table) -> None:
    assert "call 2 (Ben): 6 does not beat Ana's 6; only the dealer may equal it" in refusal(
        table, **(AUCTION | {"call_1": "6"})
    )


def test_an_unfinished_auction_names_who_has_not_called(table: Table) -> None:
    assert "The auction needs every player's call: Driss missing." in refusal(table, **(AUCTION | {"call_3": ""}))


def test_a_call_that_is_not_a_pass_or_a_bid_is_refused(table: Table) -> None:
    assert "Ana's call is a pass or a bid, not “lots”." in refusal(table, **(AUCTION | {"call_0": "lots"}))


def test_a_trump_suit_in_no_trump_is_refused(table: Table) -> None:
    assert "a hand in no trump has no trump suit" in refusal(table, trump="S")


def test_in_kaiser_pagat_the_dealer_cannot_pass_an_auction_everybody_passed(table: Table) -> None:
    game = start(table, "kaiser-pagat")
    passes = {f"call_{n}": "pass" for n in range(4)}
    response = hand(table, game, "Driss", 6, 6, NS, EW, **passes)
    assert response.status_code == 422 and "at this table the dealer must bid" in unescape(
        response.get_data(as_text=True)
    )


def test_correcting_a_hand_shows_its_auction_and_keeps_it(table: Table) -> None:
    game = start(table)
    hand(table, game, "Céline", 7, 6, NS, EW, no_trump=True, **AUCTION)
    slot = re.search(r"/events/(\d+)\"", table.get(game).get_data(as_text=True)).group(1)  # type: ignore[union-attr]
    form = table.get(f"{game}/hands/{slot}").get_data(as_text=True)
    assert '<details class="auction" open>' in form
    assert 'name="call_0" value="6" checked' in form and 'name="call_2" value="7" checked' in form
    assert re.search(r'<input checked id="nt_2" name="nt_2" type="checkbox" value="y">', form)
    corrected = {"bidder": "Céline", "bid": 7, "no_trump": "y", "tricks": 5, "five_hearts": NS, "three_spades": EW}
    response = table.post(f"{game}/hands/{slot}", corrected | AUCTION | {"based_on": "0"})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert events(table)[0]["calls"][2] == {"player": "Céline", "call": 7, "no_trump": True}
    assert events(table)[0]["tricks"] == {NS: 5, EW: 3}


def test_an_auction_left_at_not_given_is_no_auction(table: Table) -> None:
    game = start(table)
    page = table.get(game).get_data(as_text=True)
    assert re.search(r'name="call_0" value="" checked>', page) and re.search(r'name="trump" value="" checked>', page)
    blank = {f"call_{n}": "" for n in range(4)} | {"trump": ""}
    assert hand(table, game, "Ana", 7, 6, NS, EW, **blank).status_code == 303
    assert "calls" not in events(table)[0] and "trump" not in events(table)[0]


def test_the_change_log_says_what_a_correction_did_to_the_auction_and_the_trump(table: Table) -> None:
    game = start(table)
    hand(table, game, "Céline", 7, 6, NS, EW)  # recorded without its auction
    slot = re.search(r"/events/(\d+)\"", table.get(game).get_data(as_text=True)).group(1)  # type: ignore[union-attr]
    corrected = {"bidder": "Céline", "bid": 7, "tricks": 6, "five_hearts": NS, "three_spades": EW, "trump": "H"}
    auction = AUCTION | {"nt_2": ""}  # Céline bid 7 in hearts
    assert table.post(f"{game}/hands/{slot}", corrected | auction | {"based_on": "0"}).status_code == 303
    log = unescape(table.get(game).get_data(as_text=True))
    assert "<li>the auction: <del>—</del> → <ins>Ana 6 · Ben pass · Céline 7 · Driss pass</ins></li>" in log
    assert "<li>trump: <del>—</del> → <ins>♥</ins></li>" in log
