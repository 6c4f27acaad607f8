"""A second toy family of another shape, added by docs/architecture.md's steps through the public registry alone (#43):
Gin (`tests/toy_family/gin.py`, `gin_web.py`), two players, its own entry type (`knock`), its own option
(`undercut_bonus`) and its own tap (a dead deal). Shared code asks the family: a second phone's deal is a clash, its
knocks are corrected, its rules page says its option, its tap is routed, the evening page counts its deals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.rules import families as engine
from referee.rules.options import OPTIONS, OptionError
from referee.rules.presets import PRESETS
from referee.web.games import families as web
from tests.toy_family.gin import GIN
from tests.toy_family.gin_web import GIN_WEB
from tests.web.conftest import Table


@pytest.fixture
def gin_app(tmp_path: Path) -> Iterator[Flask]:
    """An app with Gin in both registries, for one test; nothing of Gin left after it."""
    engine.register(GIN)
    web.register(GIN_WEB)
    try:
        yield create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})
    finally:
        web.unregister(GIN_WEB.name)
        engine.unregister(GIN.name)


@pytest.fixture
def gin_table(gin_app: Flask) -> Table:
    return Table(gin_app.test_client())


def text(response: object) -> str:
    return str(response.get_data(as_text=True))  # type: ignore[attr-defined]


def _gin_game(table: Table) -> tuple[str, str]:
    evening = table.evening("Ana\nBen\nCy")
    page = text(table.get(evening))
    assert "Start a Gin game" in page and "Gin seats two of you." in page
    started = table.post(f"{evening}/games", {"family": "gin", "gin-preset": "gin", "gin-first": "Ana",
                                              "gin-second": "Ben"})  # fmt: skip
    assert started.status_code == 303, text(started)
    return evening, str(started.headers["Location"])


def _knock(knocker: str, ana: int, ben: int, seen: int) -> dict[str, str]:
    return {"knocker": knocker, "deadwood_0": str(ana), "deadwood_1": str(ben), "seen": str(seen)}


def test_a_second_phone_s_deal_is_a_clash(gin_table: Table) -> None:
    _evening, game = _gin_game(gin_table)
    assert gin_table.post(f"{game}/rounds", _knock("Ana", 3, 20, 0)).status_code == 303
    clash = gin_table.post(f"{game}/rounds", _knock("Ben", 2, 30, 0))  # the other phone saw the sheet before it
    assert clash.status_code == 409
    assert "Ana wins" not in text(gin_table.get(game)) and ">17<" in text(gin_table.get(game))


def test_a_knock_is_corrected_and_an_undercut_scores_the_bonus(gin_table: Table) -> None:
    _evening, game = _gin_game(gin_table)
    gin_table.post(f"{game}/rounds", _knock("Ana", 3, 20, 0))
    edit = text(gin_table.get(f"{game}/events/1"))
    revision = re.search(r'name="based_on" type="hidden" value="(\d+)"', edit)
    assert revision and 'value="20"' in edit
    fixed = gin_table.post(f"{game}/events/1", {**_knock("Ana", 8, 5, 1), "based_on": revision.group(1)})
    assert fixed.status_code == 303, text(fixed)
    sheet = text(gin_table.get(game))
    assert "undercut" in sheet and "+28" in sheet  # Ben scores 3 + the bonus of 25
    assert "Ben&#39;s deadwood: 20 → 5." in sheet  # the change log's line, in the family's own words


def test_its_rules_page_says_its_own_option(gin_table: Table) -> None:
    _evening, game = _gin_game(gin_table)
    rules = text(gin_table.get(f"{game}/rules"))
    assert "Undercut bonus" in rules and "25" in rules
    assert "A player who undercuts the knocker scores the difference and this bonus." in rules
    assert gin_table.get("/rules/gin").status_code == 200


def test_its_tap_is_routed_and_the_evening_counts_its_deals(gin_table: Table) -> None:
    evening, game = _gin_game(gin_table)
    tapped = gin_table.post(f"{game}/dead", {"seen": "0"})
    assert tapped.status_code == 303, text(tapped)
    gin_table.post(f"{game}/rounds", _knock("Ana", 3, 20, 1))
    assert "dead deal" in text(gin_table.get(game))
    assert "2 hands" in text(gin_table.get(evening))
    exported = gin_table.get(f"{game}/game.json").get_json()
    assert [entry["type"] for entry in exported["events"]] == ["dead_hand", "knock"]


def test_a_house_rule_on_its_option_is_checked_and_its_registration_undone(gin_app: Flask) -> None:
    assert OPTIONS["undercut_bonus"].label == "Undercut bonus" and "gin" in PRESETS
    with pytest.raises(OptionError, match="undercut_bonus"):
        engine.rules_for("gin", {"undercut_bonus": 1000})
    with pytest.raises(OptionError, match="target, undercut_bonus"):  # the family's own options named
        engine.rules_for("gin", {"jokers": 2})


def test_nothing_of_gin_is_left_once_unregistered() -> None:
    assert "undercut_bonus" not in OPTIONS and "gin" not in PRESETS and "gin" not in engine.FAMILIES
