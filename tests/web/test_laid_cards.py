"""Rami's laid cards kept in the record (#24): tapped on the round form, written to the export, shown again for a
correction, imported back and recounted by `referee replay`."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

from referee.rules.game_record import read_game
from referee.rules.rummy import RummyGame
from tests.conftest import Runner
from tests.web.conftest import Table
from tests.web.test_at_the_table import RAMI, events, rami_round

# docs/rules.md §6, laid cards: one meld at a time, `/` between two; 1 or 2 cards are added to a meld on the table.
TAPPED = {"laid:Alice": "AH 2H 3H / KS KH KD KC", "laid:Bob": "9C 9D 9H / AS / JK=8D", "laid:Cédric": "12"}
KEPT = {"Alice": [["AH", "2H", "3H"], ["KS", "KH", "KD", "KC"]], "Bob": [["9C", "9D", "9H"], ["AS"], ["JK=8D"]]}
LAID = {"Alice": 55, "Bob": 35, "Cédric": 12}  # salon: A 2 3 low 15, kings 40; 9s 15, an ace 15, the joker as 8♦ 5
SCORES = {"Alice": 55 + 55 + 70, "Bob": 35, "Cédric": 12}


def scores(record: dict[str, object]) -> dict[str, int]:
    game = read_game(record).standings()
    assert isinstance(game, RummyGame)
    return {player.name: player.score for player in game.players}


def test_the_cards_tapped_for_laid_points_are_kept_in_the_round(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    assert table.post(f"{game}/rounds", rami_round(**TAPPED)).status_code == 303
    event = events(table)[0]
    assert event["laid"] == LAID and event["laid_cards"] == KEPT  # the typed 12 has no cards


def test_a_correction_shows_the_cards_laid_and_keeps_them(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    table.post(f"{game}/rounds", rami_round(**TAPPED))
    page = html.unescape(table.get(f"{game}/events/1").get_data(as_text=True))
    assert re.search(r'name="laid:Alice"[^>]* value="A♥ 2♥ 3♥ / K♠ K♥ K♦ K♣"', page)  # as the picker writes them
    assert re.search(r'name="laid:Bob"[^>]* value="9♣ 9♦ 9♥ / A♠ / JK=8♦"', page)
    assert re.search(r'name="laid:Cédric"[^>]* value="12"', page)
    revision = re.search(r'name="based_on" type="hidden" value="(\d+)"', page)
    assert revision is not None
    fixed = rami_round(**TAPPED | {"laid:Bob": "9C 9D 9H / AS"}) | {"based_on": revision[1]}
    assert table.post(f"{game}/events/1", fixed).status_code == 303
    event = events(table)[0]
    assert event["laid_cards"]["Bob"] == [["9C", "9D", "9H"], ["AS"]] and event["laid"]["Bob"] == 30


def test_record_replay_export_round_trip(table: Table, referee: Runner, tmp_path: Path) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    table.post(f"{game}/rounds", rami_round(**TAPPED))
    exported = json.loads(table.get(f"{game}/game.json").get_data(as_text=True))
    assert exported["events"][0]["laid_cards"] == KEPT and scores(exported) == SCORES
    # The record with the cards alone (and Cédric's typed 12): replay counts the points again, and the app imports
    # it as it was played.
    alone = json.loads(json.dumps(exported))
    alone["events"][0]["laid"] = {"Cédric": 12}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(alone), encoding="utf-8")
    done = referee("replay", "--json", str(path))
    assert done.code == 0, done.err
    assert {p["name"]: p["score"] for p in json.loads(done.out)["players"]} == SCORES
    evening = table.post("/import", {"text": json.dumps(alone)}).headers["Location"]
    again = json.loads(table.get(f"{evening}/games/1/game.json").get_data(as_text=True))
    assert again["events"] == exported["events"]  # `laid` written back, counted from the cards


def test_an_import_whose_laid_points_disagree_with_its_cards_is_refused(table: Table) -> None:
    game = table.game(table.evening(players="\n".join(RAMI)), RAMI, preset="rami")
    table.post(f"{game}/rounds", rami_round(**TAPPED))
    record = json.loads(table.get(f"{game}/game.json").get_data(as_text=True))
    record["events"][0]["laid"]["Alice"] = 50
    response = table.post("/import", {"text": json.dumps(record)})
    assert response.status_code == 422
    assert "Alice’s laid cards count 55 points" in html.unescape(response.get_data(as_text=True)).replace("'", "’")
