"""One card alphabet per language: French pages write the cards R D V, as the picker does, English pages K Q J; the
records, the exports and the command line keep the canonical notation (docs/formats.md)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from referee.services import snapshots
from referee.services.books import BOOKS, EVERY
from referee.services.database import unit_of_work
from referee.storage.db import connect
from referee.storage.games import append_event, game_version
from referee.storage.snapshots import version_and_snapshot
from tests.events import rummy_round
from tests.web.conftest import Table

ENGLISH_LETTER = re.compile(r"(?<![A-Za-z])[KQJ][♠♥♦♣]")  # K♥ Q♠ J♦: never on a French page ("JK" is a joker)
FRENCH_LETTER = re.compile(r"(?<![A-Za-z])[RDV][♠♥♦♣]")


def answer_of(page: str) -> str:
    """The desk's answer, its words only."""
    answer = page.split('<section id="answer"')[1].split("</section>")[0]
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", answer)).strip()  # French's no-break spaces kept


def in_language(table: Table, language: str) -> Table:
    table.client.set_cookie("lang", language)
    return table


QUESTIONS = [
    pytest.param("meld", {"cards": "QH KH AH 2H"}, "D♥ R♥ A♥ 2♥", "Q♥ K♥ A♥ 2♥", id="a valid run"),
    pytest.param("meld", {"cards": "QH KS JD"}, "D♥ R♠ V♦\u00a0: un groupe", "Q♥ K♠ J♦: a group", id="a refusal"),
    pytest.param("meld", {"cards": "JH QH JK"}, "V♥ D♥ JK", "J♥ Q♥ JK", id="a joker's options"),
    pytest.param(
        "best", {"hand": "QH KH AH 2H KS 5C JD", "minimise": "value"}, "posées\u00a0: R♠ V♦ 5♣", ": K♠ J♦ 5♣", id="best"
    ),
    pytest.param("joker", {"meld": "JH QH JK", "hand": "KH"}, "votre R♥", "your K♥", id="a joker released"),
    pytest.param("extend", {"meld": "JH QH KH", "cards": "AH"}, "V♥ D♥ R♥ A♥", "J♥ Q♥ K♥ A♥", id="a meld extended"),
    pytest.param(
        "opening", {"meld_0": "QH KH AH", "meld_1": "KS KD KC"}, "R♠ R♦ R♣", "K♠ K♦ K♣", id="an opening's melds"
    ),
]


@pytest.mark.parametrize(("kind", "question", "french", "english"), QUESTIONS)
def test_the_desk_answers_in_each_language_s_card_letters(
    table: Table, kind: str, question: dict[str, str], french: str, english: str
) -> None:
    asked = {"rules": "kaluki", **question}
    answer = answer_of(in_language(table, "fr").post(f"/desk/{kind}", asked, htmx=True).get_data(as_text=True))
    assert french in answer and not ENGLISH_LETTER.search(answer), answer
    answer = answer_of(in_language(table, "en").post(f"/desk/{kind}", asked, htmx=True).get_data(as_text=True))
    assert english in answer and not FRENCH_LETTER.search(answer), answer


def test_a_french_fix_names_the_card_to_add_in_french(table: Table) -> None:
    answer = answer_of(
        in_language(table, "fr").post("/desk/meld", {"rules": "kaluki", "cards": "JH KH"}).get_data(as_text=True)
    )
    assert "D♥" in answer and not ENGLISH_LETTER.search(answer), answer


def test_the_evening_s_disputes_log_keeps_a_french_ruling_in_french_letters(table: Table) -> None:
    evening = table.evening()
    french = in_language(table, "fr")
    french.get(f"{evening}/desk")
    assert french.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "QH KH AH 2H"}).status_code == 200
    rulings = french.get(evening).get_data(as_text=True).split('<ul class="rulings">')[1].split("</ul>")[0]
    assert "D♥ R♥ A♥ 2♥ → <strong>suite valide, 33 points</strong>" in rulings
    assert not ENGLISH_LETTER.search(rulings)
    desk = french.get(f"{evening}/desk").get_data(as_text=True).split('<section id="rulings"')[1].split("</section>")[0]
    assert "D♥ R♥ A♥ 2♥" in desk and not ENGLISH_LETTER.search(desk)


def _kaluki_game(table: Table) -> str:
    return table.game(table.evening(), ["A", "B", "C", "D"])


def test_a_correction_s_change_log_names_the_cards_in_the_reader_s_letters(table: Table) -> None:
    game = _kaluki_game(table)
    assert table.round(game, "A", {"B": "KS QH 5C", "C": 5, "D": 5}, ["A", "B", "C", "D"]).status_code == 303
    corrected = {"winner": "A", "finish": "out", "hand:B": "JD 5C", "hand:C": "5", "hand:D": "5", "based_on": "0"}
    assert table.post(f"{game}/events/1", corrected).status_code == 303
    log = in_language(table, "fr").get(game).get_data(as_text=True).split('<div id="log"')[1].split("</div>")[0]
    assert "<del>R♠ D♥ 5♣</del> → <ins>V♦ 5♣</ins>" in log and not ENGLISH_LETTER.search(log)
    log = in_language(table, "en").get(game).get_data(as_text=True).split('<div id="log"')[1].split("</div>")[0]
    assert "<del>K♠ Q♥ 5♣</del> → <ins>J♦ 5♣</ins>" in log


def _rami_game(table: Table) -> str:
    return table.game(table.evening(players="A\nB", preset="rami"), ["A", "B"], preset="rami")


def test_rami_s_laid_cards_hint_and_refusal_read_in_french_letters(table: Table) -> None:
    game = _rami_game(table)
    french = in_language(table, "fr")
    page = french.get(game).get_data(as_text=True)
    assert "tapez-les (7♥ JK D♠)" in page
    laid = {"laid:A": "KH QH 5C", "laid:B": "0"}
    response = french.round(game, "A", {"B": "QS 5C"}, ["A", "B"], **laid)
    refused = response.get_data(as_text=True).split('<form class="round"')[1].split("</form>")[0]
    assert response.status_code == 422
    assert "R♥ D♥ 5♣ n’est pas une combinaison" in refused and not ENGLISH_LETTER.search(refused)


def test_exports_and_records_keep_the_canonical_notation_on_a_french_page(table: Table) -> None:
    game = _rami_game(table)
    french = in_language(table, "fr")
    laid = {"laid:A": "KH QH JH", "laid:B": "0"}
    assert french.round(game, "A", {"B": "QS 5C JK"}, ["A", "B"], **laid).status_code == 303
    record = french.get(f"{game}/game.json").get_data(as_text=True)
    event = json.loads(record)["events"][0]
    assert event["hands"] == {"B": ["QS", "5C", "JK"]} and event["laid_cards"] == {"A": [["KH", "QH", "JH"]]}
    sheet = french.get(f"{game}/sheet.csv").get_data(as_text=True)
    evening = french.get(game.split("/games/")[0] + "/evening.json").get_data(as_text=True)
    for text in (record, sheet, evening):
        assert not FRENCH_LETTER.search(text) and not ENGLISH_LETTER.search(text)


def test_the_command_line_keeps_the_canonical_notation_and_the_english_letters(referee: Any) -> None:
    data = json.loads(referee("best", "--preset", "kaluki", "--json", "QH", "KH", "AH", "5C").out)
    assert ["QH", "KH", "AH"] in data["melds"] and data["left"] == ["5C"]
    said = referee("check", "--preset", "kaluki", "QH", "KS", "JD").out
    assert "Q♥ K♠ J♦" in said and not FRENCH_LETTER.search(said)


def test_a_game_replayed_once_reads_in_each_reader_s_letters_cached_or_from_its_snapshot(table: Table) -> None:
    game = _rami_game(table)
    db = connect(table.client.application.config["DATABASE"], migrate=False)
    game_id = db.execute("SELECT id FROM games").fetchone()[0]

    def append(event: dict[str, Any]) -> None:
        with unit_of_work(db):
            append_event(db, game_id, game_version(db, game_id), event)

    for _ in range(EVERY):  # written as another process (an import) writes them: the page replays them once
        append(rummy_round("A", {"B": 2}, laid={"A": 0, "B": 0}))
    append(rummy_round("A", {"B": 5}, laid={"A": 25}, laid_cards={"A": [["KH", "QH", "5C"]]}))
    said = "K♥ Q♥ 5♣ is not a meld"
    assert said in in_language(table, "en").get(game).get_data(as_text=True)
    assert "R♥ D♥ 5♣ n’est pas une combinaison" in in_language(table, "fr").get(game).get_data(as_text=True)
    assert said in in_language(table, "en").get(game).get_data(as_text=True)
    BOOKS.clear()  # a process that never saw the game: it reads the snapshot the first page wrote
    found = version_and_snapshot(db, game_id)
    assert found.snapshot is not None and snapshots.load(found.snapshot, game_id) is not None
    page = in_language(table, "fr").get(game).get_data(as_text=True)
    assert "R♥ D♥ 5♣ n’est pas une combinaison" in page and said not in page
