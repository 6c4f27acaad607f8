"""The evening in one picture (#44): a PNG of a game's standings, or of the evening's result and who pays whom, drawn
on the server in the reader's language; every text it draws read back from its view model, the PNG decoded."""

from __future__ import annotations

import io
import math
import re
from typing import Any

import pytest
from flask import Flask, g
from PIL import Image

from referee.services.evenings import Evening
from referee.services.links import evening_behind
from referee.services.payments import settle_up
from referee.web.database import get_db
from referee.web.picture import MARGIN, WIDTH, Picture, Row, Section, _font, draw, laid_out, wrapped
from referee.web.share.model import evening_picture, game_picture
from tests.web.conftest import Table
from tests.web.test_kaiser import kaiser_fields

PLAYERS = ["Marie-Françoise", "Jérôme", "Noé", "Anaïs", "Éloïse"]
KAISER = {"first": "Marie-Françoise", "partner": "Noé", "second": "Jérôme", "second_partner": "Anaïs"}


def french_evening(table: Table) -> str:
    """A French evening of five: two Kaluki games that Marie-Françoise wins in one round (nobody buys back), then a
    Kaiser game being played; the settle-up's first payment marked as made. Its scorer's path."""
    evening = table.evening("\n".join(PLAYERS), **{"house-max_buybacks": "0"})
    for _ in range(2):
        game = table.game(evening, PLAYERS)
        hands = {f"hand:{name}": "150" for name in PLAYERS[1:]}
        assert table.post(f"{game}/rounds", {"winner": PLAYERS[0], "finish": "out", **hands}).status_code == 303
    seats = {"preset": "kaiser", **KAISER, "dealer": "Anaïs"}
    assert table.post(f"{evening}/games", kaiser_fields(seats)).status_code == 303
    settle = table.get(f"{evening}/settle").get_data(as_text=True)
    plan = re.findall(r'data-payment="([^"&>]+)(?:>|&gt;)([^"&>]+):(\d+)"', settle)
    assert len(plan) == 4, plan  # four players each pay Marie-Françoise
    payer, payee, chips = plan[0]
    table.post(f"{evening}/settle/paid", {"payer": payer, "payee": payee, "chips": chips})
    return evening


def in_french(app: Flask, table: Table, key: str) -> tuple[Picture, Evening]:
    """The evening's picture as a French reader's request draws it."""
    with app.test_request_context(headers={"Accept-Language": "fr"}):
        app.preprocess_request()  # the request's language, as every page has it
        found = evening_behind(get_db(), key)
        assert found is not None
        g.evening = found[0]
        return evening_picture(found[0], settle_up(get_db(), found[0])), found[0]


def decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def glyphless(text: str) -> set[str]:
    """The letters of `text` the picture's font has no glyph for (drawn as its empty box)."""
    missing = bytes(_font("row").getmask("\u4e00"))  # a CJK letter: surely not in a Latin font

    def lacks(letter: str) -> bool:
        return not letter.isspace() and bytes(_font("row").getmask(letter)) == missing

    return {letter for letter in text if lacks(letter)}


def test_the_picture_of_a_french_evening_reads_its_games_result_and_payments(app: Flask, table: Table) -> None:
    evening = french_evening(table)
    picture, opened = in_french(app, table, evening.split("/")[2])
    texts = picture.texts
    assert texts[0] == "Soirée cartes" and texts[-1] == "referee"
    assert re.fullmatch(r"\d{1,2} \w+\.? 20\d\d · 3 parties", texts[1]), texts[1]  # the date, the games
    games = [text for text in texts if text.startswith("Partie ")]
    assert games == [
        "Partie 1 · Kaluki · 1 manche — Marie-Françoise gagne la partie et remporte la cagnotte de 15 jetons.",
        "Partie 2 · Kaluki · 1 manche — Marie-Françoise gagne la partie et remporte la cagnotte de 15 jetons.",
        "Partie 3 · Kaiser · 0 donne — encore en cours",
    ]
    assert {"Faire les comptes", "Jetons", "Argent", "Paiements"} <= set(texts)
    balances = picture.sections[1].rows
    assert [row.name for row in balances] == PLAYERS  # the best result first, then the seats' order
    assert balances[0].figures == ("+32", "+6,40\u00a0€") and balances[1].figures == ("−8", "−1,60\u00a0€")
    payments = picture.sections[2].lines
    assert len(payments) == 4 and "a payé" in payments[0]  # the payment marked as made, said so
    assert all(re.fullmatch(r"\S+ (paie|a payé) 1,60\u00a0€ à Marie-Françoise", line) for line in payments)
    assert not glyphless("".join(texts)), "a letter the font cannot draw"
    # The PNG as a French phone downloads it: decoded, under 300 KB, the width of a phone's chat.
    response = table.client.get(f"{evening}/picture.png", headers={"Accept-Language": "fr"})
    assert response.status_code == 200 and response.mimetype == "image/png"
    assert len(response.data) < 300_000
    image = decoded(response.data)
    assert image.format == "PNG" and image.size == laid_out(picture)[0] and image.width == WIDTH
    assert response.data == draw(picture)  # the very picture whose texts are read above
    assert opened.players == tuple(PLAYERS)


def test_every_text_is_drawn_whole_inside_the_picture_a_long_name_wrapped(table: Table) -> None:
    long = "Maximilien-Alexandre de la Tour d’Auvergne-Lauraguais"
    endless = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegt"
    picture = Picture(
        "Soirée du vendredi chez Marie-Françoise, Jérôme et Noé",
        "28 nov. 2026 · 3 parties",
        (Section("Classement final", ("Total",), (Row(long, ("−12",), "1", True), Row(endless, ("160",), "2"))),),
    )
    (width, height), placed = laid_out(picture)
    assert "".join(piece.text for piece in placed) == "".join(picture.texts)  # nothing left out, nothing cut
    for piece in placed:
        assert piece.x >= MARGIN and piece.x + piece.width <= width - MARGIN + 1, piece
        assert piece.y >= 0 and piece.y + piece.height <= height, piece
    names = [piece.text for piece in placed if piece.style == "row" and piece.text not in ("1", "2", "−12", "160")]
    assert len(names) > 3  # both names wrapped over several lines
    assert decoded(draw(picture)).size == (width, height)


MF = "Marie-Françoise"


@pytest.mark.parametrize(
    ("text", "room", "lines"),
    [
        (MF, MF, [MF]),
        (f"{MF} {MF} {MF}", f"{MF} ", [f"{MF} ", f"{MF} ", MF]),
        ("Jean-Baptiste-Marie", "Baptiste-", ["Jean-", "Baptiste-", "Marie"]),
        ("Wolfeschlegelstein", "Wolfe", ["Wolfe", "schle", "gelst", "ein"]),
    ],
)
def test_a_text_wraps_at_its_spaces_and_hyphens_a_word_too_long_at_its_letters(
    text: str, room: str, lines: list[str]
) -> None:
    assert wrapped(text, "row", math.ceil(_font("row").getlength(room))) == lines


def test_a_game_s_picture_gives_its_final_standings_in_the_reader_s_language(app: Flask, table: Table) -> None:
    evening = table.evening("Jérôme\nNoé\nAnaïs", **{"house-max_buybacks": "0"})
    game = table.game(evening, ["Jérôme", "Noé", "Anaïs"])
    table.post(f"{game}/rounds", {"winner": "Noé", "finish": "out", "hand:Jérôme": "150", "hand:Anaïs": "160"})
    response: Any = table.client.get(f"{game}/picture.png")
    assert response.status_code == 200 and len(response.data) < 300_000 and decoded(response.data).format == "PNG"
    with app.test_request_context(headers={"Accept-Language": "en"}):
        app.preprocess_request()
        found = evening_behind(get_db(), evening.split("/")[2])
        assert found is not None
        g.evening = found[0]
        from referee.services.games import books_of

        picture = game_picture(found[0], books_of(get_db(), found[0].id)[0])
    standings = picture.sections[0]
    assert standings.heading == "Final standings" and standings.columns == ("Total",)
    assert [(row.rank, row.name, row.figures, row.strong) for row in standings.rows] == [
        ("1", "Noé", ("0",), True),
        ("2", "Jérôme", ("150",), False),
        ("3", "Anaïs", ("160",), False),
    ]
    assert standings.lines == ("Noé wins the game and takes the pot of 9 chips.",)
    assert picture.subtitle.endswith("· Game 1 · Kaluki · 1 round")


def test_a_finished_game_s_page_offers_its_picture_and_the_evening_s_to_share(table: Table) -> None:
    evening = table.evening("Jérôme\nNoé", **{"house-max_buybacks": "0"})
    game = table.game(evening, ["Jérôme", "Noé"])
    assert "data-share-file" not in table.get(game).get_data(as_text=True)  # a game being played: nothing yet
    table.post(f"{game}/rounds", {"winner": "Noé", "finish": "out", "hand:Jérôme": "150"})
    page = table.get(game).get_data(as_text=True)
    assert re.search(rf'href="{game}/picture.png" download="referee-[\d-]+-1.png" data-share-file', page)
    assert re.search(rf'href="{evening}/picture.png" download="referee-[\d-]+.png" data-share-file', page)
    assert f'href="{evening}/picture.png"' in table.get(f"{evening}/settle").get_data(as_text=True)
