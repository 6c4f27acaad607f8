"""An evening's backup imported: paid debts stay paid, and an evening imported twice is recognised (no JS needed)."""

from __future__ import annotations

import html
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from referee import create_app
from referee.storage.db import connect
from tests.conftest import Runner
from tests.web.conftest import Table
from tests.web.test_settle import ALL, payments, play_rules_8_game

HIDDEN = re.compile(r'<input type="hidden" name="(\w+)" value="([^"]*)">')


def played(table: Table) -> tuple[str, str]:
    """An evening played and partly paid (a payment taken back): its scorer link and its export."""
    evening = table.evening(title="Friday")
    game = table.game(evening, ALL)
    play_rules_8_game(table, game)
    table.post(f"{evening}/settle/paid", {"payer": "A", "payee": "C", "chips": "16"})
    table.post(f"{evening}/settle/paid", {"payer": "B", "payee": "C", "chips": "4"})
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    taken = re.findall(r'name="payment" value="(\d+)"', page)[-1]  # B's payment, marked by mistake
    assert table.post(f"{evening}/settle/undo", {"payment": taken, "submission": "undo-1"}).status_code == 303
    return evening, table.get(f"{evening}/evening.json").get_data(as_text=True)


def evenings(table: Table) -> int:
    db = connect(table.client.application.config["DATABASE"], migrate=False)
    return int(db.execute("SELECT COUNT(*) FROM evenings").fetchone()[0])


def forms(page: str) -> list[dict[str, str]]:
    """Each form of the choice page as a browser would send it: its hidden fields (the record unescaped)."""
    return [{name: html.unescape(value) for name, value in HIDDEN.findall(form)} for form in page.split("<form")[1:]]


def test_an_imported_evening_keeps_its_paid_debts_paid(table: Table, tmp_path: Path) -> None:
    _, exported = played(table)
    data = json.loads(exported)
    assert data["format"] == "referee.evening/2"
    assert [(p["from"], p["to"], p["chips"]) for p in data["payments"]] == [
        ("A", "C", 16),
        ("B", "C", 4),
        ("B", "C", -4),
    ]
    other = Table(create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite")}).test_client())
    response = other.post("/import", {"file": (io.BytesIO(exported.encode()), "evening.json")})
    assert response.status_code == 303
    page = other.get(f"{response.headers['Location']}/settle").get_data(as_text=True)
    assert "A paid C €3.20" in page and "B paid C" not in page  # the one taken back stays taken back
    assert payments(page) == ["B>C:4", "D>C:13"]
    assert other.get(f"{response.headers['Location']}/evening.json").get_data(as_text=True) == exported


@pytest.mark.parametrize(
    ("lang", "here_already", "keep_both"),
    [("en", "This evening is here already", "Keep both"), ("fr", "Cette soirée est déjà ici", "Garder les deux")],
)
def test_an_evening_imported_twice_is_offered_to_keep_both(
    table: Table, lang: str, here_already: str, keep_both: str
) -> None:
    table.client.set_cookie("lang", lang)
    _, exported = played(table)
    response = table.post("/import", {"text": exported})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and here_already in page and keep_both in page
    assert evenings(table) == 1  # nothing imported before a choice is made
    assert 'action="/import/choice"' in page and "hx-" not in page.split("<main")[1]  # plain forms: no JS needed
    _, keep = forms(page)
    assert keep["choice"] == "keep" and json.loads(keep["text"]) == json.loads(exported)
    made = table.post("/import/choice", keep)
    assert made.status_code == 303 and evenings(table) == 2
    assert table.post("/import/choice", keep).headers["Location"] == made.headers["Location"]  # a resend: once
    assert table.post("/import", {"text": exported, "submission": keep["submission"]}).status_code == 303
    assert evenings(table) == 2
    copy = json.loads(table.get(f"{made.headers['Location']}/evening.json").get_data(as_text=True))
    assert copy["id"] != json.loads(exported)["id"] and copy["payments"] == json.loads(exported)["payments"]


@pytest.mark.parametrize(
    ("lang", "not_the_link", "replace_it"),
    [
        ("en", "This is not the scorer link of the evening here", "Replace it"),
        ("fr", "Ce n’est pas le lien du marqueur de la soirée ici", "La remplacer"),
    ],
)
def test_replacing_needs_the_scorer_link_and_keeps_the_links(
    table: Table, lang: str, not_the_link: str, replace_it: str
) -> None:
    table.client.set_cookie("lang", lang)
    evening, exported = played(table)
    db = connect(table.client.application.config["DATABASE"], migrate=False)
    (key,) = db.execute("SELECT viewer_key FROM evenings").fetchone()
    viewer = f"/e/{key}"
    page = table.post("/import", {"text": exported}).get_data(as_text=True)
    assert replace_it in page
    replace, _ = forms(page)
    for wrong in ("", f"http://localhost{viewer}", "/e/nope", "clé"):
        refused = table.post("/import/choice", replace | {"scorer_link": wrong})
        assert refused.status_code == 422 and not_the_link in refused.get_data(as_text=True)
    assert evenings(table) == 1
    table.post(f"{evening}/settle/paid", {"payer": "D", "payee": "C", "chips": "13"})  # after the backup
    done = table.post("/import/choice", replace | {"scorer_link": f"http://192.168.1.20:8111{evening}"})
    assert done.status_code == 303 and done.headers["Location"] == evening  # the same links
    assert evenings(table) == 1
    assert table.get(f"{evening}/evening.json").get_data(as_text=True) == exported  # the payment made since: gone
    assert payments(table.get(f"{viewer}/settle").get_data(as_text=True)) == ["B>C:4", "D>C:13"]
    again = table.post("/import/choice", replace | {"scorer_link": evening})  # a resend: nothing more
    assert again.headers["Location"] == evening and evenings(table) == 1


def test_a_bad_second_step_is_refused_and_makes_nothing(table: Table) -> None:
    _, exported = played(table)
    _, keep = forms(table.post("/import", {"text": exported}).get_data(as_text=True))
    assert table.post("/import/choice", keep | {"choice": "both"}).status_code == 400
    assert table.post("/import/choice", keep | {"text": "{"}).status_code == 400
    assert table.client.post("/import/choice", data=keep | {"csrf_token": "forged"}).status_code == 400
    assert evenings(table) == 1


def test_a_game_record_imported_twice_is_recognised_by_its_content(table: Table) -> None:
    evening, _ = played(table)
    record = table.get(f"{evening}/games/1/game.json").get_data(as_text=True)
    first = table.post("/import", {"text": record})
    assert first.status_code == 303  # an evening of one game: not the evening it came from
    again = table.post("/import", {"text": record})
    assert again.status_code == 200 and "This evening is here already" in again.get_data(as_text=True)
    assert evenings(table) == 2


def _cli_file(tmp_path: Path, table: Table) -> tuple[Path, dict[str, Any]]:
    _, exported = played(table)
    path = tmp_path / "evening.json"
    path.write_text(exported, encoding="utf-8")
    return path, json.loads(exported)


def test_referee_settle_reads_an_evening_record_2_with_its_payments(
    table: Table, tmp_path: Path, referee_inprocess: Runner
) -> None:
    path, data = _cli_file(tmp_path, table)
    done = referee_inprocess("settle", "--json", str(path))
    assert done.code == 0, done.err
    settled = json.loads(done.out)
    old = tmp_path / "old.json"
    old.write_text(
        json.dumps({key: data[key] for key in ("chip_value", "currency", "games")} | {"format": "referee.evening/1"})
    )
    before = json.loads(referee_inprocess("settle", "--json", str(old)).out)
    assert {key: settled[key] for key in ("balances", "payments")} == before  # the contract's keys, as for /1
    assert settled["paid"] == [{"from": "A", "to": "C", "chips": 16, "amount": "3.20"}]
    assert settled["left"] == {"A": 0, "B": -4, "C": 17, "D": -13}
    assert [(p["from"], p["to"], p["chips"]) for p in settled["to_pay"]] == [("B", "C", 4), ("D", "C", 13)]
    text = referee_inprocess("settle", str(path)).out
    assert "paid already:\n  A paid C 3.20 EUR (16 chips)" in text and "still to pay:\n  B pays C 0.80 EUR" in text


def test_referee_replay_reads_the_games_of_an_evening_record_2(
    table: Table, tmp_path: Path, referee_inprocess: Runner
) -> None:
    path, data = _cli_file(tmp_path, table)
    game = tmp_path / "game.json"
    game.write_text(json.dumps(data["games"][0]))
    done = referee_inprocess("replay", "--json", str(game))
    assert done.code == 0 and json.loads(done.out)["winner"] == "C"
    whole = referee_inprocess("replay", str(path))
    assert whole.code == 2 and "'referee.evening/2' is not a game record" in whole.err


def test_the_choice_page_writes_the_date_in_the_reader_s_words_and_offers_a_button_to_start_again(
    table: Table,
) -> None:
    _, exported = played(table)
    table.client.set_cookie("lang", "fr")
    page = table.post("/import", {"text": exported}).get_data(as_text=True)
    started = re.search(r"commencée le ([^·<]+)", page)
    assert started and not re.search(r"\d{4}-\d{2}-\d{2}", started.group(1))  # "28 nov. 2026", as every page writes it
    assert re.search(r'<a class="button" href="/import">Importer un autre fichier</a>', page)
