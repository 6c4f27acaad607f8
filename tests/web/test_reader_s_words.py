"""A French player never types an English code (#42, point 7): a house rule's word is typed in the reader's language
("aucun") or chosen from its list, and refused with the values it takes in French; the records keep the options' own
values (docs/formats.md). The form correcting a past round writes its cards as the reader types them (R D V and the
suits' symbols on a French page), and reads them back."""

from __future__ import annotations

import html
import json
import re

import pytest
from flask import Flask

from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_at_the_table import RAMI, events, rami_round
from tests.web.test_card_letters import ENGLISH_LETTER, in_language
from tests.web.test_groups import group_keys

NEW = {"players": "Ana\nBen\nCléo\nDriss", "preset": "kaluki", "chip_value": "0,20", "currency": "EUR"}


def options_of(table: Table, evening: str) -> dict[str, object]:
    db = connect(table.client.application.config["DATABASE"])
    row = db.execute("SELECT options FROM evenings WHERE scorer_key = ?", [evening.rsplit("/", 1)[1]]).fetchone()
    options: dict[str, object] = json.loads(row[0])
    return options


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        pytest.param(
            {"elimination_threshold": "aucun", "joker_meld_value": "représentée", "packs": "auto"},
            {"elimination_threshold": None, "joker_meld_value": "represented", "packs": "auto"},
            id="the reader's words",
        ),
        pytest.param(
            {"elimination_threshold": " SANS LIMITE ", "joker_meld_value": "representee", "packs": "Auto"},
            {"elimination_threshold": None, "joker_meld_value": "represented", "packs": "auto"},
            id="in capitals, without accents, or as the rules page says them",
        ),
        pytest.param(
            {"elimination_threshold": "none", "joker_meld_value": "represented", "opening_threshold": "51"},
            {"elimination_threshold": None, "joker_meld_value": "represented", "opening_threshold": 51},
            id="the options' own words, and a number",
        ),
    ],
)
def test_a_french_house_rule_is_typed_in_french_and_kept_as_the_option_s_value(
    table: Table, typed: dict[str, str], kept: dict[str, object]
) -> None:
    in_language(table, "fr").get("/new")
    response = table.post("/new", NEW | {f"house-{name}": value for name, value in typed.items()})
    assert response.status_code == 303, response.get_data(as_text=True)
    assert options_of(table, response.headers["Location"]) == kept


def test_a_french_house_rule_s_words_are_offered_in_french(table: Table) -> None:
    page = html.unescape(in_language(table, "fr").get("/new").get_data(as_text=True))
    field = page.split('id="house-elimination_threshold"')[1].split("</div>")[0]
    assert 'list="house-elimination_threshold-words"' in page
    assert '<option value="aucun" label="sans limite">' in field and "none" not in field
    joker = page.split('id="house-joker_meld_value"')[1].split("</div>")[0]
    assert '<option value="représentée" label="la carte qu’il remplace">' in joker
    hint = page.split('<label for="house-elimination_threshold">')[1].split("</div>")[0]
    assert f"un nombre entier de 1 à 100000 ou {quoted('aucun')}" in hint and "none" not in hint


def quoted(word: str) -> str:
    """A word quoted as French writes it: « aucun »."""
    return f"«\u00a0{word}\u00a0»"


@pytest.mark.parametrize(
    ("name", "typed", "refusal"),
    [
        ("elimination_threshold", "beaucoup", f"de 1 à 100000 ou {quoted('aucun')}, pas {quoted('beaucoup')}."),
        ("packs", "9", f"de 1 à 8 ou {quoted('auto')}, pas {quoted('9')}."),
        ("joker_meld_value", "carte", f"de 0 à 100000 ou {quoted('représentée')}, pas {quoted('carte')}."),
        ("run_max", "x" * 30, f"de 3 à 100000, pas {quoted('x' * 24 + '…')}."),
    ],
)
def test_an_unknown_french_house_rule_is_refused_with_the_values_it_takes_in_french(
    table: Table, name: str, typed: str, refusal: str
) -> None:
    in_language(table, "fr").get("/new")
    response = table.post("/new", NEW | {f"house-{name}": typed})
    assert response.status_code == 422
    page = html.unescape(response.get_data(as_text=True)).replace("&nbsp;", "\u00a0")
    field = page.split(f'<label for="house-{name}">')[1].split("</div>")[0]
    assert f'<p class="error" role="alert">Écrivez un nombre entier {refusal}</p>' in field


def test_a_kaiser_target_takes_no_word_for_no_target(table: Table) -> None:
    """Kaiser is played to a score: its target's field offers no word, and refuses one naming the numbers it takes."""
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    page = in_language(table, "fr").get(evening).get_data(as_text=True)
    assert 'id="kaiser-house-target"' in page and "kaiser-house-target-words" not in page
    seats = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    kaiser = {f"kaiser-{name}": value for name, value in (seats | {"dealer": "Driss", "house-target": "aucun"}).items()}
    response = table.post(f"{evening}/games", {"family": "kaiser"} | kaiser)
    assert response.status_code == 422
    refusal = f"Écrivez un nombre entier de 1 à 100000, pas {quoted('aucun')}."
    assert refusal in html.unescape(response.get_data(as_text=True))


def test_the_group_s_next_evening_writes_its_house_rules_in_the_reader_s_words(app: Flask, table: Table) -> None:
    in_language(table, "fr").get("/new")
    evening = table.post("/new", NEW | {"house-elimination_threshold": "aucun"}).headers["Location"]
    group = f"/g/{group_keys(app, evening)[0]}"
    page = html.unescape(table.get(f"{group}/new").get_data(as_text=True))
    assert re.search(r'id="house-elimination_threshold"[^>]* value="aucun"', page)
    page = in_language(table, "en").get(f"{group}/new").get_data(as_text=True)
    assert re.search(r'id="house-elimination_threshold"[^>]* value="none"', page)


ALL = ["A", "B", "C", "D"]


def test_the_french_correction_form_writes_cards_r_d_v_with_suits_and_saves_them(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    assert table.round(game, "A", {"B": "JK KH AS 10D 8C", "C": "QS JD", "D": 5}, ALL).status_code == 303
    page = html.unescape(in_language(table, "fr").get(f"{game}/events/1").get_data(as_text=True))
    assert re.search(r'name="hand:B"[^>]* value="JK R♥ A♠ 10♦ 8♣"', page)
    assert re.search(r'name="hand:C"[^>]* value="D♠ V♦"', page)
    hands = re.findall(r'name="hand:\w"[^>]* value="([^"]*)"', page)
    assert len(hands) == 4 and not any(ENGLISH_LETTER.search(hand) or "KH" in hand for hand in hands)
    revision = re.search(r'name="based_on" type="hidden" value="(\d+)"', page)
    assert revision is not None
    # Sent back as shown, with one hand changed: the cards read back as they were written.
    sent = {"winner": "A", "finish": "out", "hand:B": "JK R♥ A♠ 10♦ 8♣", "hand:C": "D♠ V♦ R♣", "hand:D": "5"}
    assert table.post(f"{game}/events/1", sent | {"based_on": revision[1]}).status_code == 303
    assert events(table)[0]["hands"] == {"B": ["JK", "KH", "AS", "10D", "8C"], "C": ["QS", "JD", "KC"], "D": 5}


def test_a_rami_correction_writes_the_cards_laid_in_french_with_a_declared_joker(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    laid = {"laid:Alice": "QH KH AH / KS KD KC", "laid:Bob": "9C 9D 9H / JK=8D", "laid:Cédric": "12"}
    assert table.post(f"{game}/rounds", rami_round(**laid)).status_code == 303
    page = html.unescape(in_language(table, "fr").get(f"{game}/events/1").get_data(as_text=True))
    assert re.search(r'name="laid:Alice"[^>]* value="D♥ R♥ A♥ / R♠ R♦ R♣"', page)
    assert re.search(r'name="laid:Bob"[^>]* value="9♣ 9♦ 9♥ / JK=8♦"', page)
    revision = re.search(r'name="based_on" type="hidden" value="(\d+)"', page)
    assert revision is not None
    shown = {"laid:Alice": "D♥ R♥ A♥ / R♠ R♦ R♣", "laid:Bob": "9♣ 9♦ 9♥ / JK=8♦", "laid:Cédric": "12"}
    before = events(table)[0]
    assert table.post(f"{game}/events/1", rami_round(**shown) | {"based_on": revision[1]}).status_code == 303
    assert events(table)[0] == before  # read back as it was: nothing changed
