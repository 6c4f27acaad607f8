"""The app's own template helpers."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from jinja2 import Environment

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


def test_a_restart_loads_the_templates_the_last_start_compiled_and_a_changed_one_is_compiled_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """#36: `referee serve` keeps the compiled templates in the instance folder; the next start compiles none of them,
    unless its source changed."""
    compiled, compiling = tmp_path / "compiled-templates", []
    compile_ = Environment.compile

    def counted(self: Environment, source: Any, *args: Any, **kwargs: Any) -> Any:
        compiling.append(args[0] if args else kwargs.get("name"))
        return compile_(self, source, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counted)

    def start() -> Flask:
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})
        warm(app, compiled)
        return app

    start()
    assert "games/show.html" in compiling and any(compiled.iterdir())
    assert compiled.stat().st_mode & 0o777 == 0o700
    compiling.clear()
    app = start()
    assert compiling == []  # every first page loaded as compiled
    with app.test_request_context():  # a template whose source is not the one compiled is compiled again
        loader = app.jinja_env.loader
        assert loader is not None
        source, filename, _ = loader.get_source(app.jinja_env, "games/show.html")
        bucket = app.jinja_env.bytecode_cache.get_bucket(  # type: ignore[union-attr]
            app.jinja_env, "games/show.html", filename, source + "{# changed #}"
        )
        assert bucket.code is None
