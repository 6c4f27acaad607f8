"""The live sheet every phone of a table polls: rendered once per version, link and language, never stale."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from referee.storage.db import connect
from referee.web.games import live, sheets
from tests.web.conftest import Table

ALL = ["A", "B", "C", "D"]


@pytest.fixture
def renders(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """How many live sheets were built (each one rendered), the cache emptied first."""
    live.LIVE_SHEETS.clear()
    built: list[int] = []
    build = sheets.build_sheet

    def counting(book: Any, **kwargs: Any) -> Any:
        built.append(book.version)
        return build(book, **kwargs)

    monkeypatch.setattr(live, "build_sheet", counting)
    yield built
    live.LIVE_SHEETS.clear()


@pytest.fixture
def game(table: Table) -> str:
    return table.game(table.evening(), ALL)


def _live(table: Table, page: str) -> str:
    html = table.get(page).get_data(as_text=True)
    return re.search(r'hx-get="([^"]+/live\?v=\d+)"', html).group(1).replace("&amp;", "&")  # type: ignore[union-attr]


def _viewer(table: Table, url: str) -> str:
    """The same URL through the evening's viewer link."""
    db = connect(table.client.application.config["DATABASE"], migrate=False)
    scorer, viewer = db.execute("SELECT scorer_key, viewer_key FROM evenings").fetchone()
    return url.replace(scorer, viewer)


def test_five_phones_polling_after_a_round_get_one_sheet_rendered_once(
    table: Table, game: str, renders: list[int]
) -> None:
    live = _live(table, game)
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    renders.clear()  # the page read after the round (a redirect) built its own sheet
    sheets = [table.get(live) for _ in range(5)]
    assert {sheet.status_code for sheet in sheets} == {200}
    assert len({sheet.get_data(as_text=True) for sheet in sheets}) == 1
    assert len(renders) == 1


def test_a_new_round_is_a_new_sheet_never_the_one_kept(table: Table, game: str, renders: list[int]) -> None:
    live = _live(table, game)
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    first = table.get(live).get_data(as_text=True)
    table.round(game, "B", {"A": 4, "C": 5, "D": 6}, ALL)
    second = table.get(live).get_data(as_text=True)
    assert second != first and "/live?v=" in second
    assert re.findall(r"live\?v=(\d+)", second) != re.findall(r"live\?v=(\d+)", first)


def test_each_link_and_each_language_gets_its_own_sheet(table: Table, game: str, renders: list[int]) -> None:
    live = _live(table, game)
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    renders.clear()
    scorer = table.get(live).get_data(as_text=True)
    french = table.get(live, headers={"Accept-Language": "fr"}).get_data(as_text=True)
    viewer = table.get(_viewer(table, live)).get_data(as_text=True)
    assert len(renders) == 3
    assert "Total" in scorer and "✎" in scorer
    assert "A leads with 0" in scorer and "A mène avec 0" in french
    assert "✎" not in viewer and viewer != scorer
