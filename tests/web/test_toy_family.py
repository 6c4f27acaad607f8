"""A family added as docs/architecture.md's walkthrough says, and nothing else (#33): Pips, a toy in
`tests/toy_family/`, registered in the engine's registry and the web's, with no change to the app's own code. It
plays a round, shows its sheet and its rules page, and imports; without its web part the app does not start."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.rules import families as engine
from referee.web.games import families as web
from tests.toy_family.engine import PIPS
from tests.toy_family.web import PIPS_WEB
from tests.web.conftest import Table
from tests.web.test_groups import group_keys


@pytest.fixture
def pips_engine() -> Iterator[None]:
    """Pips in the engine's registry (and its preset among the presets), for one test."""
    engine.register(PIPS)
    yield
    engine.unregister(PIPS.name)


@pytest.fixture
def pips(pips_engine: None) -> Iterator[None]:
    """Pips in both registries, for one test."""
    web.register(PIPS_WEB)
    yield
    web.unregister(PIPS_WEB.name)


@pytest.fixture
def pips_app(pips: None, tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})


@pytest.fixture
def pips_table(pips_app: Flask) -> Table:
    return Table(pips_app.test_client())


def _pips_game(table: Table) -> str:
    evening = table.evening("Ana\nBen\nCy")
    assert "Start a Pips game" in table.get(evening).get_data(as_text=True)
    started = table.post(f"{evening}/games", {"family": "pips", "pips-preset": "pips"})
    assert started.status_code == 303, started.get_data(as_text=True)
    return str(started.headers["Location"])


def test_a_toy_family_plays_a_round_and_shows_its_sheet(pips_table: Table) -> None:
    game = _pips_game(pips_table)
    sheet = pips_table.get(game).get_data(as_text=True)
    assert "Record a round" in sheet and "first to 50 pips wins" in sheet
    saved = pips_table.post(f"{game}/rounds", {"pips_0": "30", "pips_1": "12", "pips_2": "0", "seen": "0"})
    assert saved.status_code == 303, saved.get_data(as_text=True)
    refused = pips_table.post(f"{game}/rounds", {"pips_0": "-3", "pips_1": "1", "pips_2": "1", "seen": "1"})
    assert refused.status_code == 422
    pips_table.post(f"{game}/rounds", {"pips_0": "25", "pips_1": "3", "pips_2": "9", "seen": "1"})
    sheet = pips_table.get(game).get_data(as_text=True)
    assert "Ana wins with 55 pips." in sheet and "+25" in sheet
    exported = json.loads(pips_table.get(f"{game}/game.json").get_data(as_text=True))
    assert exported["preset"] == "pips" and exported["events"][1] == {
        "type": "round",
        "pips": {"Ana": 25, "Ben": 3, "Cy": 9},
    }


def test_a_toy_family_s_round_is_corrected_and_counted_in_the_season(pips_app: Flask, pips_table: Table) -> None:
    game = _pips_game(pips_table)
    pips_table.post(f"{game}/rounds", {"pips_0": "30", "pips_1": "12", "pips_2": "0", "seen": "0"})
    page = pips_table.get(f"{game}/events/1").get_data(as_text=True)
    revision = re.search(r'name="based_on" type="hidden" value="([^"]*)"', page)
    assert revision
    fields = {"pips_0": "30", "pips_1": "52", "pips_2": "0", "based_on": revision.group(1)}
    assert pips_table.post(f"{game}/events/1", fields).status_code == 303
    sheet = pips_table.get(game).get_data(as_text=True)
    assert "Ben&#39;s pips: 12 → 52." in sheet and "Ben wins with 52 pips." in sheet
    scorer, _ = group_keys(pips_app, game.split("/games/")[0])
    season = pips_table.get(f"/g/{scorer}/season").get_data(as_text=True)
    assert ">Pips per round<" in season and "Pips per round: a toy&#39;s." in season  # the family's own figure
    assert re.search(r'data-player="Ben">.*?data-figure="won">1<.*?data-figure="pips">52\.0<', season, re.S)
    assert "Eliminations" not in season and "Points per hand" not in season  # nobody played rummy or Kaiser
    history = pips_table.get(f"/g/{scorer}/players/Ben").get_data(as_text=True)
    assert re.search(r"Pips per round</th><td class=\"num\">52\.0<", history)


def test_a_toy_family_shows_its_rules_page(pips_table: Table) -> None:
    page = pips_table.get("/rules/pips")
    assert page.status_code == 200
    assert "Ana wins" in page.get_data(as_text=True)  # its worked example


def test_a_toy_family_s_evening_imports(pips_table: Table) -> None:
    game = {
        "format": "referee.game/1",
        "preset": "pips",
        "players": ["Ana", "Ben"],
        "events": [{"type": "round", "pips": {"Ana": 51, "Ben": 7}}],
    }
    record = {"format": "referee.evening/1", "chip_value": "0.20", "currency": "EUR", "games": [game]}
    imported = pips_table.post("/import", {"text": json.dumps(record)})
    assert imported.status_code == 303, imported.get_data(as_text=True)
    evening = pips_table.get(imported.headers["Location"])
    assert evening.status_code == 200
    sheet = pips_table.get(f"{imported.headers['Location']}/games/1").get_data(as_text=True)
    assert "Ana wins with 51 pips." in sheet


def test_a_toy_family_without_its_web_part_stops_the_app(pips_engine: None, tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="referee cannot start: the family pips has no web part"):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})


def test_a_toy_family_without_a_part_of_its_own_shows_on_the_table_s_screen_from_its_sheet(pips_table: Table) -> None:
    """The table's screen reads every family through the registry (#44): the toy family gives it no part of its own,
    and its standings show all the same, from its sheet, with its picture and its play for BG Stats."""
    game = _pips_game(pips_table)
    evening = game.split("/games/")[0]
    page = pips_table.get(evening).get_data(as_text=True)
    display = re.search(r'<details class="display-qr">.*?href="http://localhost(/e/[^"/]+/display)"', page, re.S)
    assert display
    pips_table.post(f"{game}/rounds", {"pips_0": "30", "pips_1": "12", "pips_2": "0", "seen": "0"})
    shown = pips_table.get(display.group(1)).get_data(as_text=True)
    assert re.findall(r'<th scope="row" class="name[^"]*">(\w+)', shown) == ["Ana", "Ben", "Cy"]
    assert "first to 50 pips wins" in shown  # the family's status, where its part would be
    pips_table.post(f"{game}/rounds", {"pips_0": "25", "pips_1": "3", "pips_2": "9", "seen": "1"})
    over = pips_table.get(display.group(1)).get_data(as_text=True)
    assert "Final standings" in over and "Ana wins with 55 pips." in over
    assert pips_table.client.get(f"{game}/picture.png").mimetype == "image/png"
    assert pips_table.get(f"{game}/bgstats").status_code == 303
