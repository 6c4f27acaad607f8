"""The app's own template helpers."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from referee import create_app
from referee.web.local import local_time
from referee.web.setup import warm


@pytest.fixture
def in_paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_stored_utc_times_show_in_the_time_zone_of_the_machine_at_the_table(in_paris: None) -> None:
    assert local_time("2026-11-22T20:05:00+00:00") == "9:05\u202fPM"  # English, outside a request
    assert local_time("2026-07-01T23:30:00+00:00", date=True) == "Jul 2, 2026 1:30\u202fAM"


def test_a_server_compiles_the_first_pages_templates_before_its_workers_fork(tmp_path: Path) -> None:
    """`referee serve` warms the app it forks: a game's page, with each family's partials, is compiled once."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})
    cached = app.jinja_env.cache
    assert cached is not None and not any(name == "games/show.html" for _, name in cached)
    warm(app)
    names = {name for _, name in cached}
    assert {"games/show.html", "base.html", "components/sheet.html", "games/_entry.html"} <= names
    assert {"games/rummy/_entry.html", "games/kaiser/_entry.html", "evenings/show.html"} <= names
