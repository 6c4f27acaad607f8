"""Rami at the table through the test client (#16): laid cards counted by the referee, a joker kept back."""

from __future__ import annotations

import re
from typing import Any

from referee.storage.db import connect
from referee.storage.games import current_events
from tests.web.conftest import Table

RAMI = ["Alice", "Bob", "Cédric"]


def events(table: Table) -> list[dict[str, Any]]:
    db = connect(table.client.application.config["DATABASE"])
    game_id = db.execute("SELECT id FROM games ORDER BY id DESC").fetchone()[0]
    return [event.data for event in current_events(db, game_id)]


def rami_round(**fields: str) -> dict[str, str]:
    data = {"winner": "Alice", "finish": "out", "hand:Alice": "", "hand:Bob": "55", "hand:Cédric": "70"}
    return data | fields


def test_the_cards_each_player_laid_are_counted_at_salon_values(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    # Alice: a run A 2 3 (5 + 5 + 5) and a group of kings (40); Bob: 9♣ 9♦ 9♥ (15) and an ace added to a meld (15).
    fields = {"laid:Alice": "AH 2H 3H / KS KH KD KC", "laid:Bob": "9C 9D 9H / AS", "laid:Cédric": "12"}
    assert table.post(f"{game}/rounds", rami_round(**fields)).status_code == 303
    assert events(table)[0]["laid"] == {"Alice": 55, "Bob": 30, "Cédric": 12}


def test_laid_cards_that_are_not_a_meld_are_refused_on_the_field_and_nothing_is_saved(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    response = table.post(f"{game}/rounds", rami_round(**{"laid:Bob": "9H 10H QH"}), htmx=True)
    assert response.status_code == 422
    assert "9♥ 10♥ Q♥ is not a meld" in response.get_data(as_text=True)
    response = table.post(f"{game}/rounds", rami_round(**{"laid:Bob": "821"}), htmx=True)
    assert response.status_code == 422
    assert "At most 820: every card in play counts that much." in response.get_data(as_text=True)
    assert events(table) == []


def test_a_joker_taken_back_and_not_laid_again_costs_300_on_the_round_form(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami-elimination")
    page = table.get(game).get_data(as_text=True)
    assert 'name="jokers:Bob"' in page and "Jokers taken back and not laid again (300 points each)" in page
    assert table.post(f"{game}/rounds", rami_round(**{"jokers:Bob": "1"})).status_code == 303
    assert events(table)[0]["unreturned_jokers"] == {"Bob": 1}
    correction = table.get(f"{game}/events/1").get_data(as_text=True)  # the correction form shows it again
    assert re.search(r'<input id="jokers-1"[^>]* name="jokers:Bob"[^>]* value="1">', correction)


def test_too_many_kept_jokers_are_refused(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami-elimination")
    response = table.post(f"{game}/rounds", rami_round(**{"jokers:Bob": "5"}), htmx=True)
    assert response.status_code == 422 and events(table) == []


def test_kaluki_has_no_kept_joker_field(table: Table) -> None:
    game = table.game(table.evening(), ["A", "B", "C", "D"])
    assert "jokers:" not in table.get(game).get_data(as_text=True)


def test_laid_cards_in_french_use_french_letters(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    table.client.set_cookie("lang", "fr")
    assert table.post(f"{game}/rounds", rami_round(**{"laid:Alice": "RC DC VC"})).status_code == 303
    assert events(table)[0]["laid"] == {"Alice": 30}


def test_a_first_dealer_drawn_at_random_is_said_with_the_deal(table: Table) -> None:
    players = ["Ana", "Ben", "Céline", "Driss"]
    evening = table.evening(players="\n".join(players))
    assert '<option selected value="*">Drawn at random</option>' in table.get(evening).get_data(as_text=True)
    response = table.post(f"{evening}/games", {"preset": "kaluki", "players": players, "first_dealer": "*"})
    assert response.status_code == 303
    page = table.get(response.headers["Location"]).get_data(as_text=True)
    drawn = re.search(r'<p class="notice" role="status" data-result>(\w+) was drawn at random to deal first.</p>', page)
    assert drawn is not None
    dealer = drawn[1]
    seat = players.index(dealer)
    cuts, starts = players[seat - 1], players[(seat + 1) % 4]
    assert f"{dealer} deals 13 cards each from 2 packs and 4 jokers; {cuts} cuts, {starts} plays first." in page
    db = connect(table.client.application.config["DATABASE"])
    assert db.execute("SELECT first_dealer FROM games").fetchone()[0] == seat  # recorded as the game's first dealer
    assert "was drawn at random" not in table.get(response.headers["Location"]).get_data(as_text=True)  # said once


def test_the_deal_line_follows_the_deal_round_after_round(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami", dealer="Bob")
    assert "Bob deals 14 cards each from 2 packs and 4 jokers; Alice cuts, Cédric plays first." in table.get(
        game
    ).get_data(as_text=True)
    response = table.post(f"{game}/rounds", rami_round(), htmx=True)
    assert "Cédric deals 14 cards each from 2 packs and 4 jokers; Bob cuts, Alice plays first." in response.get_data(
        as_text=True
    )
    table.client.set_cookie("lang", "fr")
    french = table.get(game).get_data(as_text=True)
    assert "Cédric donne 14 cartes à chacun avec 2 jeux et 4 jokers\u00a0; Bob coupe, Alice joue en premier." in french


RESHUFFLED = "The stock was reshuffled once in this round: if it runs out again with no winner, the round is void."


def test_a_second_reshuffle_in_the_same_round_records_the_void_round(table: Table) -> None:
    game = table.game(table.evening(), ["A", "B", "C", "D"])
    assert RESHUFFLED not in table.get(game).get_data(as_text=True)
    first = table.post(f"{game}/reshuffle", htmx=True)
    assert first.status_code == 200 and RESHUFFLED in first.get_data(as_text=True)
    # The reshuffle is an entry of the game's log (it scores nothing), so every phone's sheet moves on and sees it.
    assert 'name="again" value="1"' in first.get_data(as_text=True) and events(table) == [{"type": "reshuffle"}]
    assert RESHUFFLED in table.get(game).get_data(as_text=True)  # every phone opening the game sees it
    second = table.post(f"{game}/reshuffle", {"again": "1"}, htmx=True)
    assert second.status_code == 200 and events(table) == [{"type": "reshuffle"}, {"type": "void"}]
    assert RESHUFFLED not in table.get(game).get_data(as_text=True)  # the next round starts with a fresh stock


def test_a_phone_that_did_not_see_the_first_reshuffle_never_voids_the_round(table: Table) -> None:
    game = table.game(table.evening(), ["A", "B", "C", "D"])
    table.post(f"{game}/reshuffle")
    other = table.post(f"{game}/reshuffle", htmx=True)  # sent from a sheet that showed no reshuffle
    assert "Another phone had already marked the stock reshuffled in this round." in other.get_data(as_text=True)
    assert events(table) == [{"type": "reshuffle"}]


def test_a_reshuffle_belongs_to_its_round(table: Table) -> None:
    game = table.game(table.evening(), ["A", "B", "C", "D"])
    assert table.post(f"{game}/reshuffle").status_code == 303  # without JavaScript: back to the game
    assert table.round(game, "A", {"B": 5, "C": 5, "D": 5}, ["A", "B", "C", "D"]).status_code == 303
    assert RESHUFFLED not in table.get(game).get_data(as_text=True)
    # A phone still showing last round's reshuffle changes nothing: neither a void round nor a mark on this one.
    late = table.post(f"{game}/reshuffle", {"again": "1"}, htmx=True)
    assert "The round this phone showed as reshuffled is already on the sheet." in late.get_data(as_text=True)
    assert [event["type"] for event in events(table)] == ["reshuffle", "round"]
    assert RESHUFFLED not in table.get(game).get_data(as_text=True)


def test_two_phones_tapping_the_stock_ran_out_again_record_one_void_round_and_mark_nothing(table: Table) -> None:
    game = table.game(table.evening(), ["A", "B", "C", "D"])
    table.post(f"{game}/reshuffle")
    for _ in range(2):  # two phones, each with its own one-time key, from the same sheet
        table.post(f"{game}/reshuffle", {"again": "1"}, htmx=True)
    assert events(table) == [{"type": "reshuffle"}, {"type": "void"}]
    assert RESHUFFLED not in table.get(game).get_data(as_text=True)  # the next round has no reshuffle yet


def test_a_kaiser_game_has_no_stock_to_reshuffle(table: Table) -> None:
    evening = table.evening(players="Ana\nBen\nCéline\nDriss")
    teams = {"kaiser-preset": "kaiser", "kaiser-first": "Ana", "kaiser-partner": "Céline"}
    teams |= {"kaiser-second": "Ben", "kaiser-second_partner": "Driss", "kaiser-dealer": "Ana"}
    kaiser = table.post(f"{evening}/games", {"family": "kaiser"} | teams).headers["Location"]
    assert table.post(f"{kaiser}/reshuffle", htmx=True).status_code == 422
    assert "Stock reshuffled" not in table.get(kaiser).get_data(as_text=True)


def test_a_kaiser_game_s_first_dealer_may_be_drawn_and_the_deal_says_who_calls_first(table: Table) -> None:
    evening = table.evening(players="Ana\nBen\nCéline\nDriss")
    page = table.get(evening).get_data(as_text=True)
    assert '<option selected value="*">Drawn at random</option>' in page.split('name="kaiser-dealer"')[1][:80]
    teams = {"kaiser-preset": "kaiser", "kaiser-first": "Ana", "kaiser-partner": "Céline"}
    teams |= {"kaiser-second": "Ben", "kaiser-second_partner": "Driss", "kaiser-dealer": "*"}
    response = table.post(f"{evening}/games", {"family": "kaiser"} | teams)
    assert response.status_code == 303
    game = table.get(response.headers["Location"]).get_data(as_text=True)
    drawn = re.search(r'<p class="notice" role="status" data-result>(\w+) was drawn at random to deal first.</p>', game)
    assert drawn is not None
    seats = ["Ana", "Ben", "Céline", "Driss"]  # clockwise: Team 1, Team 2, Team 1's partner, Team 2's partner
    left = seats[(seats.index(drawn[1]) + 1) % 4]
    assert f"{drawn[1]} deals 8 cards each from the 32-card pack; {left} calls first." in game


def test_the_change_log_names_the_jokers_a_correction_changed(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami-elimination")
    assert table.post(f"{game}/rounds", rami_round()).status_code == 303
    corrected = rami_round(**{"jokers:Bob": "1", "based_on": "0"})
    assert table.post(f"{game}/events/1", corrected).status_code == 303
    assert "<li>jokers Bob kept: <del>—</del> → <ins>1</ins></li>" in table.get(game).get_data(as_text=True)
