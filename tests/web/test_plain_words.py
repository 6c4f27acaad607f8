"""Issue #23: plain words everywhere, and the result of every action where the eye is.

French sentences about a player never need their gender and elide before a vowel (d'Anaïs); every write answers
with its result marked for the phone to bring into view (`data-result`, static/js/phone.js); an evening says at
once which games its players can sit down to; rules are named in words, their sources by name.
"""

from __future__ import annotations

import re
from html import unescape

from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_kaiser import EW, NS, hand, kaiser_fields
from tests.web.test_kaiser import start as start_kaiser

FRENCH = ["Anaïs", "Bob", "Éloïse", "Marie-Françoise"]


def text(html: str) -> str:
    """What the reader sees: the tags dropped, the entities read."""
    return unescape(re.sub(r"<[^>]+>", " ", html))


def post_round(table: Table, game: str, winner: str, hands: dict[str, object]) -> str:
    """A round posted from a phone with JavaScript (htmx): the fragment it answers."""
    data = {"winner": winner, "finish": "out", **{f"hand:{name}": str(value) for name, value in hands.items()}}
    return table.post(f"{game}/rounds", data, htmx=True).get_data(as_text=True)


def post_hand(table: Table, game: str, bidder: str, bid: int, tricks: int, five: str, three: str) -> str:
    """A Kaiser hand posted from a phone with JavaScript (htmx): the fragment it answers."""
    data = {"bidder": bidder, "bid": bid, "tricks": tricks, "five_hearts": five, "three_spades": three}
    return table.post(f"{game}/hands", data, htmx=True).get_data(as_text=True)


def french_game(table: Table) -> str:
    table.client.set_cookie("lang", "fr")
    evening = table.evening(players="\n".join(FRENCH))
    return table.game(evening, FRENCH, dealer="Anaïs")


def test_french_elides_de_before_a_vowel_and_not_before_a_consonant(table: Table) -> None:
    game = french_game(table)
    refused = post_round(table, game, "Bob", {"Anaïs": "", "Éloïse": "5", "Marie-Françoise": "5"})
    assert "Touchez les cartes d’Anaïs ou tapez le total." in text(refused)
    refused = post_round(table, game, "Anaïs", {"Bob": "", "Éloïse": "5", "Marie-Françoise": "5"})
    assert "Touchez les cartes de Bob ou tapez le total." in text(refused)


def test_french_sentences_about_a_player_never_need_their_gender(table: Table) -> None:
    game = french_game(table)
    said = text(post_round(table, game, "Bob", {"Anaïs": "5", "Éloïse": "5", "Marie-Françoise": "160"}))
    assert "Élimination\u00a0: Marie-Françoise, à 160." in said
    assert "Élimination\u00a0: Marie-Françoise" in said  # the buy-back to decide
    response = table.post(f"{game}/buyback", {"player": "Marie-Françoise"}, htmx=True)
    said = text(response.get_data(as_text=True))
    assert "Rachat de Marie-Françoise pour 5 jetons\u00a0: son total repart à" in said
    assert not re.search(r"est éliminée?\b|s’est rachetée?\b|est écartée?\b|a été tirée? au sort", said)


def test_a_player_drawn_at_random_is_said_without_their_gender(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    evening = table.evening(players="\n".join(FRENCH))
    response = table.post(f"{evening}/games", {"preset": "kaluki", "players": FRENCH, "first_dealer": "*"})
    page = text(table.get(response.headers["Location"]).get_data(as_text=True))
    assert re.search(r"Tirage au sort\u00a0: (Anaïs|Bob|Éloïse|Marie-Françoise) donne en premier\.", page)


def test_a_saved_round_answers_with_its_result_marked_to_be_shown(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"], dealer="A")
    page = post_round(table, game, "A", {"B": 5, "C": 10, "D": 20})
    assert '<section id="outcome" class="outcome" aria-labelledby="outcome-title" data-result>' in page
    assert "Round 1: A went out." in page and 'role="status"' in page
    assert "data-result" not in table.get(game).get_data(as_text=True)  # opening the page shows no result


def test_a_saved_kaiser_hand_shows_its_result_and_the_next_dealer(table: Table) -> None:
    game = start_kaiser(table)
    table.get(game)
    page = post_hand(table, game, "Ana", 7, 6, NS, EW)
    outcome = text(page.split('<section id="outcome"')[1].split("</section>")[0])
    assert "data-result" in page.split('<section id="outcome"')[1].split(">")[0]
    assert "Hand 1: Ana bid 7." in outcome
    assert f"{NS}: +18, now 18." in outcome and f"{EW}: −1, now −1." in outcome
    assert "Ana deals next." in outcome


def test_the_end_of_a_kaiser_game_names_the_winning_team_and_its_score(table: Table) -> None:
    game = start_kaiser(table)
    table.get(game)
    page = ""
    for _hand in range(8):  # Ana & Céline bid 7 and take 7 tricks with the 5♥ (+19) until they win
        hand(table, game, "Ana", 7, 7, NS, EW)
        page = table.get(game).get_data(as_text=True)
        if '<section class="game-end"' in page:
            break
    end = text(page.split('<section class="game-end"')[1].split("</section>")[0])
    assert re.search(r"(Ana & Céline|Ben & Driss) win the game, \d+ to −?\d+\.", end)


def test_a_refused_round_keeps_what_was_typed_and_says_why_in_an_alert(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"], dealer="A")
    response = table.round(game, "A", {"B": "3S 3S 3S", "C": 10, "D": 20}, ["A", "B", "C", "D"], htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert re.search(r'<p class="error" role="alert">[^<]*3♠', page)  # static/js/phone.js shows the first error
    assert 'value="3S 3S 3S"' in page  # what was typed is still there


def test_a_desk_answer_is_marked_to_be_shown(table: Table) -> None:
    page = table.post("/desk/meld", {"rules": "kaluki", "cards": "9H 9S JK"}, htmx=True).get_data(as_text=True)
    assert page.strip().startswith('<section id="answer" class="answer" aria-live="polite" data-result>')
    assert "data-result" not in table.get("/desk").get_data(as_text=True).split('id="answer"')[1].split(">")[0]


def test_the_safe_choice_of_a_clash_is_the_emphasised_one(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"], dealer="A")
    page = table.get(game).get_data(as_text=True)
    seen = re.search(r'name="seen" value="(\d+)"', page).group(1)  # type: ignore[union-attr]
    table.round(game, "A", {"B": 5, "C": 10, "D": 20}, ["A", "B", "C", "D"], seen=seen)
    clash = table.round(game, "B", {"A": 5, "C": 10, "D": 20}, ["A", "B", "C", "D"], seen=seen, htmx=True)
    page = clash.get_data(as_text=True)
    assert clash.status_code == 409
    assert re.search(r'<a class="button primary" href="[^"]+">Keep the recorded one</a>', page)
    assert '<button type="submit">Replace it with mine</button>' in page


def test_a_correction_says_what_changed_and_a_refused_one_names_the_sheet_s_line(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"], dealer="A")
    table.round(game, "A", {"B": 5, "C": 10, "D": 20}, ["A", "B", "C", "D"])
    table.get(game)
    data = {"winner": "A", "finish": "out", "hand:B": "15", "hand:C": "10", "hand:D": "20", "based_on": "0"}
    response = table.post(f"{game}/events/1", data)
    assert response.status_code == 303 and response.headers["Location"].endswith("#entry")
    page = text(table.get(game).get_data(as_text=True))
    assert "Correction saved, round 1: B's hand: 5 → 15." in page


def test_deleting_an_entry_says_which_one(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"], dealer="A")
    table.round(game, "A", {"B": 5, "C": 10, "D": 20}, ["A", "B", "C", "D"])
    page = table.get(game).get_data(as_text=True)
    action = re.search(r'action="([^"]+/delete)"', page).group(1)  # type: ignore[union-attr]
    response = table.post(action, {"based_on": "0"}, htmx=True)
    assert "Deleted: round 1. The change log keeps it." in response.get_data(as_text=True)


def test_an_evening_of_eight_says_which_games_seat_them_and_offers_rami_or_two_tables(table: Table) -> None:
    players = [f"P{n}" for n in range(1, 9)]
    evening = table.evening(players="\n".join(players))
    page = text(table.get(evening).get_data(as_text=True))
    assert "8 players at one table: Rami · Other game." in page
    assert "Kaiser takes four of them." in page
    assert "Kaluki is played by 2 to 5 players, not 8." in page
    assert "Rami with all 8 players" in page
    assert "Kaluki, table 1: P1, P2, P3, P4" in page and "Kaluki, table 2: P5, P6, P7, P8" in page
    refused = table.post(f"{evening}/games", {"preset": "kaluki", "players": players, "first_dealer": "*"})
    assert refused.status_code == 422
    said = text(refused.get_data(as_text=True))
    assert "Kaluki is played by 2 to 5 players, not 8." in said
    started = table.post(f"{evening}/games", {"preset": "rami", "players": players, "first_dealer": "*"})
    assert started.status_code == 303
    table.post(f"{evening}/games", {"preset": "kaluki", "players": players[4:], "first_dealer": "*"})
    db = connect(table.client.application.config["DATABASE"])
    assert [row[0] for row in db.execute("SELECT preset FROM games ORDER BY number")] == ["rami", "kaluki"]


def test_an_evening_its_game_seats_says_so_in_one_line(table: Table) -> None:
    page = text(table.get(table.evening()).get_data(as_text=True))
    seats_four = re.search(r"4 players at one table: ([^.]+)\.", page)  # the games four can play, in one line
    assert seats_four is not None and {"Kaluki", "Rami", "Kaiser"} <= set(seats_four[1].split(" · "))
    assert "is played by" not in page


def test_rami_without_chips_never_mentions_a_pot_of_nothing(table: Table) -> None:
    players = ["Alice", "Bob", "Cédric"]
    evening = table.evening(players="\n".join(players), preset="rami")
    game = table.game(evening, players, preset="rami", dealer="Alice")
    data = {"winner": "Alice", "finish": "out", "hand:Bob": "20", "hand:Cédric": "30"}
    data |= {"laid:Alice": "60", "laid:Bob": "10", "laid:Cédric": "0"}
    page = table.post(f"{game}/rounds", data, htmx=True).get_data(as_text=True)
    assert "Bob deals next." in page
    assert "pot holds 0" not in page and "Pot: 0" not in page
    settle = table.get(f"{evening}/settle").get_data(as_text=True)
    assert "its pot of 0" not in settle and "still being played: its chips" not in settle


def test_a_french_rummy_round_is_a_manche_and_a_kaiser_hand_a_donne(table: Table) -> None:
    game = french_game(table)
    table.round(game, "Bob", {"Anaïs": "5", "Éloïse": "5", "Marie-Françoise": "5"}, FRENCH)
    page = text(table.get(game).get_data(as_text=True))
    assert "Manche nulle" in page and "Donne nulle" not in page
    assert "Retirer la carte" in page and "Annuler la dernière saisie" in page
    assert "Corriger la manche 1" in text(table.get(f"{game}/events/1").get_data(as_text=True))


def test_the_rules_page_names_options_values_and_sources_in_words(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    html = table.get("/rules/kaluki").get_data(as_text=True)
    assert "Pas de couleur répétée dans un groupe avec joker\u00a0: <strong>oui</strong>" in html
    page = text(html)
    assert "Le livret du Kaluki" in page and "source 000" not in page
    assert not re.search(r"Source\u00a0: 00[0-3]", page)
    assert "`" not in page and "§" not in page
    cited = table.post("/desk/meld", {"rules": "kaluki", "cards": "3S 4S 5S 6S 7S 8S 9S 10S JS"}).get_data(as_text=True)
    assert "Cartes au plus dans une suite — 8, d’après le livret du Kaluki" in text(cited)


def test_the_kaiser_start_form_and_the_game_select_name_presets_in_words(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    page = table.get(evening).get_data(as_text=True)
    assert '<option value="kaluki-club">Kaluki, club rules</option>' in page
    assert '<option value="kaiser-pagat">Kaiser, pagat.com scoring</option>' in page
    seats = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    assert table.post(f"{evening}/games", kaiser_fields({**seats, "dealer": "Ana"})).status_code == 303


def test_a_refused_deletion_names_the_entry_it_would_break_as_the_sheet_does(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"], dealer="A")
    table.round(game, "A", {"B": 1, "C": 2, "D": 160}, ["A", "B", "C", "D"])
    table.post(f"{game}/buyback", {"player": "D"})
    table.get(game)
    response = table.post(f"{game}/events/1/delete", {"based_on": "0"}, htmx=True)
    said = text(response.get_data(as_text=True))
    assert response.status_code == 422
    assert "This correction makes the buy-back of D impossible: D is still in the game" in said
