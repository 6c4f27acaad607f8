"""Every game family of the engine has its web part (#33): a family without one, or a part without a method or a
partial, stops the app at start with what is missing, never a 500 on its first page."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from referee import create_app
from referee.rules.families import FAMILIES as ENGINE
from referee.web.games import families
from referee.web.games.families import FAMILIES, missing_parts

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_every_family_of_the_engine_has_its_whole_web_part() -> None:
    assert set(FAMILIES) == set(ENGINE)
    assert missing_parts(ENGINE, FAMILIES, TEMPLATES) == []


def test_a_family_of_the_engine_without_its_web_part_is_named() -> None:
    gin = "gin"
    assert missing_parts([*ENGINE, gin], FAMILIES, TEMPLATES) == [
        "the family gin has no web part (referee/web/games/families.py, BUILT_IN)"
    ]


def test_a_web_part_without_a_partial_is_named(tmp_path: Path) -> None:
    rummy = FAMILIES["rummy"]
    broken = {**FAMILIES, "rummy": replace(rummy, templates="games/nowhere")}
    missing = missing_parts(ENGINE, broken, TEMPLATES)
    assert "rummy: games/nowhere/_entry.html is missing" in missing
    assert not any(line.startswith("kaiser") for line in missing)


def test_a_web_part_that_does_not_draw_stops_the_app_saying_which_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#43: the start check draws what the web asks of each family (its rules page, its game page with its taps, a
    correction form, its start form, a player's own form), rather than looking for method names."""

    class Broken:
        def __getattr__(self, name: str) -> object:
            return getattr(FAMILIES["rummy"].screen.screen, name) if name != "edit_form" else None

    registered = list(FAMILIES.values())
    rummy = FAMILIES["rummy"]
    families.unregister("rummy")  # through the public registry, as a family is added or taken out
    families.register(replace(rummy, screen=replace(rummy.screen, screen=Broken())))
    try:
        with pytest.raises(RuntimeError, match="rummy: its correction form does not draw"):
            create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite")})
    finally:  # every part as it was, in its order
        for web in registered:
            if web.name in FAMILIES:
                families.unregister(web.name)
        for web in registered:
            families.register(web)


def test_the_app_refuses_to_start_without_a_family_s_web_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(families, "FAMILIES", {"rummy": FAMILIES["rummy"]})
    with pytest.raises(RuntimeError, match="referee cannot start: the family kaiser has no web part"):
        create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite")})
