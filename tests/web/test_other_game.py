"""Any other game of the night (#43): its name, 2 to 12 seats, a score per seat each round (negative allowed), the
highest or the lowest total wins, a target ends it (or the scorer does), and its chips enter the evening's settle-up.
It has everything a family has: a sheet and chart, corrections, a second phone's clash refused, each player sending
their own score, the season and history, export and import, its rules page in words, in English and French."""

from __future__ import annotations

import html
import json
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Flask

from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_groups import group_keys
from tests.web.test_own_hands import own_links

PLAYERS = ["Ana", "Ben", "Cy"]


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def start(table: Table, evening: str, players: list[str] = PLAYERS, **options: str) -> str:
    """Start an other game of `players`; its page."""
    data = {"family": "other", "other-preset": "other", "other-players": players, "other-first_dealer": players[0],
            "other-game_name": "Belote", "other-wins": "highest", "other-chips": "none", "other-chips_rate": "1",
            **{f"other-{name}": value for name, value in options.items()}}  # fmt: skip
    started = table.post(f"{evening}/games", data)
    assert started.status_code == 303, text(started)[-3000:]
    return str(started.headers["Location"])


def round_of(table: Table, game: str, scores: dict[str, object], *, htmx: bool = False, seen: str = "") -> Any:
    """Post a round's scores."""
    page = text(table.get(game))
    seen = seen or re.findall(r'name="seen" type="hidden" value="(\d+)"', page)[0]
    data = {"seen": seen, **{f"score:{name}": str(score) for name, score in scores.items()}}
    return table.post(f"{game}/rounds", data, htmx=htmx)


def events(app: Flask) -> list[dict[str, Any]]:
    db = connect(app.config["DATABASE"])
    return [json.loads(row[0]) for row in db.execute("SELECT event FROM event_revisions ORDER BY id")]


def test_an_other_game_is_started_played_and_ended_by_its_target(app: Flask, table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy")
    assert "Start another game" in text(table.get(evening))
    game = start(table, evening, target="100", wins="lowest", chips="per_place", chips_rate="2")
    page = text(table.get(game))
    assert "Belote" in page and "Record a round" in page
    assert round_of(table, game, {"Ana": 40, "Ben": "−5", "Cy": 60}).status_code == 303  # a true minus is read
    assert round_of(table, game, {"Ana": 0, "Ben": 106, "Cy": 10}).status_code == 303
    assert [event["scores"] for event in events(app)] == [
        {"Ana": 40, "Ben": -5, "Cy": 60},
        {"Ana": 0, "Ben": 106, "Cy": 10},
    ]
    over = text(table.get(game))
    assert "Ana wins the game with 40." in over  # Ben reached 101: the game ends, the lowest total wins
    assert re.search(r"Chips.*\+4.*−4.*0", over, re.S)
    assert round_of(table, game, {"Ana": 1, "Ben": 1, "Cy": 1}, seen="2").status_code == 422  # the game is over
    settle = text(table.get(f"{evening}/settle"))
    assert "Ben" in settle and "Ana" in settle and "€0.80" in settle  # 4 chips at 0.20


def test_a_score_is_required_and_a_refusal_changes_nothing(app: Flask, table: Table) -> None:
    game = start(table, table.evening("Ana\nBen\nCy"))
    refused = round_of(table, game, {"Ana": 12, "Ben": "", "Cy": "x"})
    assert refused.status_code == 422
    said = text(refused)
    assert "Type Ben's score (0 when none)." in said
    assert events(app) == []


def test_the_scorer_ends_a_game_without_a_target(app: Flask, table: Table) -> None:
    game = start(table, table.evening("Ana\nBen\nCy"))
    assert "End the game" not in text(table.get(game))  # not before a round
    round_of(table, game, {"Ana": 12, "Ben": 30, "Cy": 7})
    page = text(table.get(game))
    token = re.findall(r'name="submission"[^>]*value="([^"]+)"', page)
    ended = table.post(f"{game}/end", {"submission": token[-1], "seen": "0"})
    assert ended.status_code == 303
    assert "Ben wins the game with 30." in text(table.get(game))
    assert [event["type"] for event in events(app)] == ["round", "end"]


def test_a_round_is_corrected_with_its_change_log_line(app: Flask, table: Table) -> None:
    game = start(table, table.evening("Ana\nBen\nCy"))
    round_of(table, game, {"Ana": 12, "Ben": 30, "Cy": 7})
    edit = text(table.get(f"{game}/events/1"))
    assert 'value="30"' in edit
    revision = re.findall(r'name="based_on" type="hidden" value="(\d+)"', edit)[0]
    fixed = table.post(
        f"{game}/events/1", {"based_on": revision, "score:Ana": "12", "score:Ben": "-3", "score:Cy": "7"}
    )
    assert fixed.status_code == 303
    page = text(table.get(game))
    assert "Correction saved, round 1: Ben's score: 30 → −3." in page  # a true minus sign, as on the sheet
    assert re.search(r"Ben's score.*<del>30</del> → <ins>−3</ins>", page, re.S)  # the change log's line


def test_a_second_phone_s_round_is_a_clash_not_a_second_round(app: Flask, table: Table) -> None:
    game = start(table, table.evening("Ana\nBen\nCy"))
    seen = re.findall(r'name="seen" type="hidden" value="(\d+)"', text(table.get(game)))[0]
    assert round_of(table, game, {"Ana": 1, "Ben": 2, "Cy": 3}, seen=seen).status_code == 303
    clash = round_of(table, game, {"Ana": 9, "Ben": 9, "Cy": 9}, seen=seen, htmx=True)
    assert clash.status_code == 409
    assert len(events(app)) == 1


def test_each_player_sends_their_own_score_for_the_scorer_to_save(app: Flask, table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy")
    game = start(table, evening)
    keys = own_links(table, evening)
    screen = text(table.get(f"/e/{keys['Ben']}/hand"))
    assert "My score this round" in screen
    sent = table.post(f"/e/{keys['Ben']}/games/1/hand", {"number": "1", "score": "−12"})
    assert sent.status_code == 200 and "Sent: a score of −12." in text(sent)
    assert table.get(f"{game}/sent").get_json()["fields"] == {"score:Ben": "-12"}
    assert 'name="score:Ben" type="text" inputmode="numeric"' in text(table.get(game))


def test_its_rules_page_says_its_settings_in_words_in_french(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy")
    game = start(table, evening, target="500", chips="per_point", chips_rate="1")
    table.client.set_cookie("lang", "fr")
    rules = text(table.get(f"{game}/rules"))
    assert "Belote" in rules and "500" in rules
    assert "Les règles\u00a0: Belote" in rules and "Tout autre jeu" in rules  # its own name, its preset said
    shown = re.sub(r"<[^>]+>", " ", rules.split("Pour la ligne de commande")[0])  # what a player reads
    assert "game_name" not in shown and "per_point" not in shown  # the code words only in their fold
    assert "tant par point d’écart" in shown and "La table nomme le jeu" in shown


def test_an_other_game_exports_and_imports_as_it_was(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy")
    game = start(table, evening, target="100", wins="lowest", chips="per_place", chips_rate="2")
    round_of(table, game, {"Ana": 40, "Ben": 106, "Cy": 10})
    exported = table.get(f"{evening}/evening.json").get_data(as_text=True)
    record = json.loads(exported)
    assert record["games"][0]["preset"] == "other"
    imported = table.post("/import", {"text": exported})
    assert imported.status_code in (200, 303)
    if imported.status_code == 200:  # the same evening is here: keep both
        choice = text(imported)
        token = re.findall(r'name="submission"[^>]*value="([^"]+)"', choice)[0]
        imported = table.post("/import/choice", {"text": exported, "choice": "keep", "submission": token})
    assert imported.status_code == 303
    again = table.get(imported.headers["Location"] + "/evening.json").get_data(as_text=True)
    assert json.loads(again)["games"] == record["games"]


def test_a_finished_other_game_reaches_the_table_s_screen_its_picture_and_bg_stats(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy")
    game = start(table, evening, target="100", wins="lowest", chips="per_place", chips_rate="2")
    round_of(table, game, {"Ana": 40, "Ben": 106, "Cy": 10})
    page = text(table.get(evening))
    display = re.search(r'<details class="display-qr">.*?href="http://localhost(/e/[^"/]+/display)"', page, re.S)
    assert display
    screen = text(table.get(display.group(1)))
    assert "Belote" in screen and "Ana" in screen and "106" in screen and "Cy wins" in screen
    picture = table.client.get(f"{game}/picture.png")
    assert picture.status_code == 200 and picture.mimetype == "image/png"
    sent = table.get(f"{game}/bgstats")
    assert sent.status_code == 303
    data = json.loads(parse_qs(urlsplit(sent.headers["Location"]).query)["data"][0])
    assert data["game"]["name"] == "Belote" and data["game"]["highestWins"] is False
    assert {player["name"]: player["rank"] for player in data["players"]} == {"Cy": 1, "Ana": 2, "Ben": 3}


def test_the_season_names_the_other_games_in_the_reader_s_language(app: Flask, table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy")
    game = start(table, evening, target="100", wins="lowest", chips="per_place", chips_rate="2")
    round_of(table, game, {"Ana": 40, "Ben": 106, "Cy": 10})
    season = f"/g/{group_keys(app, evening)[0]}/season"
    english = text(table.get(season))
    assert '<option value="other">Other game</option>' in english
    assert re.search(r'<text class="chart-game"[^>]*>Other game</text>', english)  # the win rate chart's heading
    table.client.set_cookie("lang", "fr")
    french = text(table.get(season))
    assert '<option value="other">Autre jeu</option>' in french and ">Other<" not in french
    assert "Taux de victoire par jeu\u00a0: Autre jeu\u00a0:" in french  # the chart's words for a screen reader
    assert "Autre jeu · 1 soirée" in text(table.get(f"{season}?game=other"))
