"""The disputes log reads in the language of whoever opens it (#42, point 7): a ruling keeps what it was said from,
and is said again on each reader's page; a ruling saved before that, or imported from a record (text only), shows
as it was written; the evening's record keeps the text as it was given, so its export, import and export again are
the same file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee import create_app
from referee.rules.said_data import said_again, said_data
from referee.rules.words import say, speaking
from referee.services.database import unit_of_work
from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_card_letters import ENGLISH_LETTER, FRENCH_LETTER, in_language
from tests.web.test_security import viewer_key

# A question, and its ruling as the log reads it in English and in French.
ASKED = [
    pytest.param(
        "meld", {"cards": "QH KH AH 2H"}, "Q♥ K♥ A♥ 2♥ → <strong>valid run, 33 points</strong>",
        "D♥ R♥ A♥ 2♥ → <strong>suite valide, 33 points</strong>", id="a valid run",
    ),
    pytest.param(
        "meld", {"cards": "QH KS JD"}, "Q♥ K♠ J♦ → <strong>not valid: Q♥ K♠ J♦: a group needs",
        "D♥ R♠ V♦ → <strong>non valide\u00a0: D♥ R♠ V♦\u00a0: un groupe", id="a refusal within a refusal",
    ),
    pytest.param(
        "joker", {"meld": "JH QH JK", "hand": "KH"}, "J♥ Q♥ JK with K♥ → <strong>yes: the joker stands for K♥",
        "V♥ D♥ JK avec R♥ → <strong>oui\u00a0: le joker tient lieu de R♥\u00a0: votre R♥", id="a joker released",
    ),
]  # fmt: skip


def log_of(page: str) -> str:
    """The disputes log of a page (the evening's, or the desk's list of the evening's rulings)."""
    return page.split('<ul class="rulings">')[1].split("</ul>")[0].replace("&nbsp;", "\u00a0")


@pytest.mark.parametrize(("kind", "question", "english", "french"), ASKED)
@pytest.mark.parametrize(("asked_in", "read_in"), [("fr", "en"), ("en", "fr")])
def test_a_ruling_reads_in_the_language_of_whoever_opens_the_log(
    table: Table, kind: str, question: dict[str, str], english: str, french: str, asked_in: str, read_in: str
) -> None:
    evening = table.evening()
    viewer = f"/e/{viewer_key(table, evening)}"
    in_language(table, asked_in).get(f"{evening}/desk")
    assert table.post(f"{evening}/desk/{kind}", {"rules": "evening", **question}).status_code == 200
    expected, letters = (english, FRENCH_LETTER) if read_in == "en" else (french, ENGLISH_LETTER)
    reader = in_language(table, read_in)
    for page in (reader.get(viewer), reader.get(f"{viewer}/desk"), reader.get(evening), reader.get(f"{evening}/desk")):
        log = log_of(page.get_data(as_text=True))
        assert expected in log and not letters.search(log), log


def test_a_ruling_saved_with_its_text_only_shows_as_it_was_written(table: Table) -> None:
    evening = table.evening()
    db = connect(table.client.application.config["DATABASE"])
    evening_id = db.execute("SELECT id FROM evenings").fetchone()[0]
    with unit_of_work(db):  # as every ruling saved before they kept what they were said from
        row = {"evening_id": evening_id, "kind": "meld", "rules": "kaluki", "created_at": "2026-11-20T21:05:00+00:00"}
        db.table("rulings").insert(row | {"question": "D♥ R♥ A♥ 2♥", "answer": "suite valide, 33 points"})
    for language in ("en", "fr"):
        assert "D♥ R♥ A♥ 2♥ → <strong>suite valide, 33 points</strong>" in log_of(
            in_language(table, language).get(evening).get_data(as_text=True)
        )


def test_a_ruling_that_did_not_keep_what_it_was_said_from_shows_its_text(table: Table) -> None:
    """A `said` column that is not what the app writes (a database from elsewhere) is never said: the text is."""
    evening = table.evening()
    in_language(table, "fr").get(f"{evening}/desk")
    table.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "QH KH AH 2H"})
    db = connect(table.client.application.config["DATABASE"])
    crafted = {"question": {"message": "{x.__class__}", "values": {"x": "a"}}, "answer": {"message": "{y}"}}
    for said in ("{", "[]", json.dumps(crafted)):
        with unit_of_work(db):
            db.execute("UPDATE rulings SET said = ?", [said])
        log = log_of(in_language(table, "en").get(evening).get_data(as_text=True))
        assert "D♥ R♥ A♥ 2♥ → <strong>suite valide, 33 points</strong>" in log, said


def test_an_evening_s_rulings_export_as_given_and_import_and_export_the_same(table: Table, tmp_path: Path) -> None:
    evening = table.evening(title="Friday")
    in_language(table, "fr").get(f"{evening}/desk")
    table.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "QH KH AH 2H"})
    in_language(table, "en").get(f"{evening}/desk")
    table.post(f"{evening}/desk/joker", {"rules": "evening", "meld": "JH QH JK", "hand": "KH"})
    exported = table.get(f"{evening}/evening.json").get_data(as_text=True)
    rulings = json.loads(exported)["rulings"]
    assert [(r["question"], r["answer"]) for r in rulings] == [
        ("D♥ R♥ A♥ 2♥", "suite valide, 33 points"),  # in the language it was given (docs/formats.md)
        ("J♥ Q♥ JK with K♥", "yes: the joker stands for K♥: your K♥ takes its place"),
    ]
    assert all(set(ruling) == {"kind", "rules", "question", "answer", "at"} for ruling in rulings)
    other = Table(create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite")}).test_client())
    imported = other.post("/import", {"text": exported}).headers["Location"]
    assert other.get(f"{imported}/evening.json").get_data(as_text=True) == exported
    # Imported, a ruling is its text only: it shows as it was given, to every reader.
    log = log_of(in_language(other, "en").get(imported).get_data(as_text=True))
    assert "D♥ R♥ A♥ 2♥ → <strong>suite valide, 33 points</strong>" in log


def test_a_message_said_again_from_its_data_is_the_message() -> None:
    french = {"not valid: {reason}": "non valide : {reason}", "a meld needs at least 3 cards": "il faut 3 cartes"}
    said = say("not valid: {reason}", reason=say("a meld needs at least 3 cards"))
    again = said_again(json.loads(json.dumps(said_data(said))))
    assert again == said == "not valid: a meld needs at least 3 cards"
    with speaking(lambda message: french.get(message, message), lambda one, many, n: one):
        assert str(again) == "non valide : il faut 3 cartes"


@pytest.mark.parametrize(
    "data",
    [
        {"message": "{x.__class__}", "values": {"x": "a"}},
        {"message": "{x[0]}", "values": {"x": "a"}},
        {"message": "{0}", "values": {}},
        {"message": "{x:>999999999}", "values": {"x": "a"}},
        {"message": "{x}", "values": {}},
        {"message": "{x}", "values": {"x": ["a"]}},
        {"message": "{x", "values": {"x": "a"}},
        {"message": "x", "values": {}, "code": "os.system"},
        {"message": "{n} card", "values": {}, "plural": "{n} cards", "n": "2"},
        3,
    ],
    ids=repr,
)
def test_data_the_app_did_not_write_is_not_said(data: object) -> None:
    assert said_again(data) is None


def test_a_long_ruling_is_kept_within_what_a_record_holds() -> None:
    from referee.services.desk import _within

    long = say("not valid: {reason}", reason="x" * 3000)
    kept = _within(long)
    assert len(kept) == 2000 and kept.endswith("…") and re.fullmatch(r"not valid: x+…", kept)
    assert _within(say("opens")) == "opens"
