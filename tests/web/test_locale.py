"""Money, numbers, dates and card letters in the reader's language, and amounts typed as the reader types them."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from babel import Locale

from referee.storage.db import connect
from referee.web.local import AmountError, parse_amount
from tests.web.conftest import Table
from tests.web.test_settle import ALL, play_rules_8_game


def french(table: Table) -> Table:
    table.client.set_cookie("lang", "fr")
    return table


def _chip_values(table: Table) -> list[Decimal]:
    db = connect(table.client.application.config["DATABASE"])
    try:
        return [Decimal(str(row[0])) for row in db.execute("SELECT chip_value FROM evenings ORDER BY id")]
    finally:
        db.close()


@pytest.mark.parametrize(
    ("language", "typed", "value"),
    [
        pytest.param("fr", "0,20", Decimal("0.20"), id="French comma"),
        pytest.param("fr", "0.20", Decimal("0.20"), id="French with a point"),
        pytest.param("fr", "1 000", Decimal("1000"), id="French thousand"),
        pytest.param("en", "0.20", Decimal("0.20"), id="English point"),
        pytest.param("en", "0,20", Decimal("0.20"), id="English with a comma"),
        pytest.param("en", "1,000.50", None, id="English thousand, too much"),
    ],
)
def test_a_chip_value_is_read_in_the_readers_language_never_a_hundred_times_too_much(
    table: Table, language: str, typed: str, value: Decimal | None
) -> None:
    table.client.set_cookie("lang", language)
    page = table.get("/new").get_data(as_text=True)
    field = re.search(r'<input[^>]*name="chip_value"[^>]*>', page)
    assert field and 'type="text"' in field.group(0) and 'inputmode="decimal"' in field.group(0)
    response = table.post("/new", {"players": "A\nB", "preset": "kaluki", "chip_value": typed, "currency": "EUR"})
    if value is None:
        assert response.status_code == 422 and _chip_values(table) == []
    else:
        assert response.status_code == 303, response.get_data(as_text=True)
        assert _chip_values(table) == [value]


def test_the_french_chip_value_0_20_gives_0_20_euro_a_chip(table: Table) -> None:
    french(table).get("/new")
    assert 'value="0,10"' in table.get("/new").get_data(as_text=True)  # the default, written the French way
    response = table.post("/new", {"players": "A\nB", "preset": "kaluki", "chip_value": "0,20", "currency": "EUR"})
    page = table.get(response.headers["Location"]).get_data(as_text=True)
    assert "un jeton vaut 0,20\u00a0€" in page


@pytest.mark.parametrize(
    ("language", "typed", "message"),
    [
        ("fr", "1.000", "«\u00a01.000\u00a0» se lit de deux façons\u00a0: tapez 1,00 ou 1000."),
        ("en", "1,000", "“1,000” reads two ways: type 1.00 or 1000."),
        ("fr", "abc", "Tapez un montant, comme 0,20."),
        ("en", "1e3", "Type an amount, like 0.20."),
        ("fr", ".", "Tapez un montant, comme 0,20."),  # a separator alone is no amount (it was read as 0)
        ("en", ",", "Type an amount, like 0.20."),
    ],
)
def test_an_amount_that_reads_two_ways_or_not_at_all_is_refused(
    table: Table, language: str, typed: str, message: str
) -> None:
    table.client.set_cookie("lang", language)
    table.get("/new")
    response = table.post("/new", {"players": "A\nB", "preset": "kaluki", "chip_value": typed, "currency": "EUR"})
    assert response.status_code == 422 and message in response.get_data(as_text=True)
    assert _chip_values(table) == []


def test_parse_amount_reads_each_languages_separators() -> None:
    fr, en = Locale("fr"), Locale("en")
    assert parse_amount("3,5", fr) == Decimal("3.5") and parse_amount("3.5", fr) == Decimal("3.5")
    assert parse_amount("0,200", en) == Decimal("0.200")  # a leading 0 is no thousand
    with pytest.raises(AmountError):
        parse_amount("NaN", fr)
    with pytest.raises(AmountError):
        parse_amount("-1", fr)  # a sign is not an amount of money


def test_the_settle_up_writes_money_and_dates_in_french(table: Table) -> None:
    evening = table.evening()
    play_rules_8_game(table, table.game(evening, ALL))
    english = table.get(f"{evening}/settle").get_data(as_text=True)
    assert "A pays C €3.20" in english and "a chip is worth €0.20" in english
    assert re.search(r'<time datetime="[^"]+">[A-Z][a-z]{2} \d{1,2}, \d{4}</time>', english)
    page = french(table).get(f"{evening}/settle").get_data(as_text=True)
    assert "A paie 3,20\u00a0€ à C" in page and "+6,60\u00a0€" in page
    assert re.search(r'<time datetime="[^"]+">\d{1,2} [a-zéû]+\.? \d{4}</time>', page)  # "23 nov. 2026"
    assert "EUR" not in page.split("<main>")[1]  # the money says €, once
    table.post(f"{evening}/settle/paid", {"payer": "A", "payee": "C", "chips": "16"})
    assert "A a payé 3,20\u00a0€ à C" in table.get(f"{evening}/settle").get_data(as_text=True)


def test_csv_exports_keep_the_machine_formats_in_french(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ALL)
    play_rules_8_game(table, game)
    sheet = french(table).get(f"{game}/sheet.csv").get_data(as_text=True)
    assert "€" not in sheet and "\u00a0" not in sheet


def test_the_french_picker_shows_r_d_v_and_types_cards_the_french_way(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    english = table.get(game).get_data(as_text=True)
    assert 'data-card="KH" data-typed="KH" aria-label="K♥">K<span>' in english
    assert "type them (7♥ JK Q♠)" in english and ">Undo tap</button>" in english
    page = french(table).get(game).get_data(as_text=True)
    assert 'data-card="KH" data-typed="R♥" aria-label="R♥">R<span>' in page
    assert 'data-card="QS" data-typed="D♠" aria-label="D♠">D<span>' in page
    assert 'data-card="JC" data-typed="V♣" aria-label="V♣">V<span>' in page
    assert 'data-card="7D" data-typed="7♦" aria-label="7♦">7<span>' in page
    assert "tapez-les (7♥ JK D♠)" in page and ">Retirer la carte</button>" in page
    assert "Annuler la dernière carte" not in page
    response = table.round(game, "A", {"B": "R♥ D♠ V♣", "C": "RD DD", "D": "7H QS"}, ALL)  # French and English
    assert response.status_code == 303, response.get_data(as_text=True)
    db = connect(table.client.application.config["DATABASE"])
    try:
        (event,) = db.execute("SELECT event FROM event_revisions").fetchall()
    finally:
        db.close()
    assert '"B": ["KH", "QS", "JC"]' in event[0] and '"C": ["KD", "QD"]' in event[0]  # the record stays English
