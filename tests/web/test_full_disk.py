"""A full disk and a read-only database said plainly (#32): 503 with the cause and what the host must do, one line in
the log and no traceback, nothing half-stored, reads still working, and writes working again once space is back.

The database lives on a small filesystem of its own (a tmpfs mounted for the test, as root: CI runs as root), which
a filler file then fills.
"""

from __future__ import annotations

import contextlib
import logging
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask

from referee import create_app
from referee.services import database
from referee.services.books import BOOKS
from referee.storage.db import connect
from tests.web.conftest import Table

PLAYERS = ["A", "B", "C"]
MOUNT, UMOUNT = shutil.which("mount") or "/usr/bin/mount", shutil.which("umount") or "/usr/bin/umount"


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB filesystem of its own."""
    folder = tmp_path / "small"
    folder.mkdir()
    mounted = subprocess.run([MOUNT, "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"a filesystem cannot be mounted here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run([UMOUNT, "-l", str(folder)], check=True)


@pytest.fixture
def app(small: Path) -> Iterator[Flask]:
    BOOKS.clear()
    yield create_app({"TESTING": True, "DATABASE": str(small / "referee.sqlite"), "SECRET_KEY": "test"})
    BOOKS.clear()


def _fill(folder: Path) -> Path:
    """Fill the filesystem of `folder` to its last byte; the filler's path."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as out:
        for size in (65536, 512, 1):
            with contextlib.suppress(OSError):
                while out.write(b"\0" * size):
                    pass
    return filler


def _entries(app: Flask) -> int:
    return int(
        connect(app.config["DATABASE"], migrate=False).execute("SELECT COUNT(*) FROM event_revisions").fetchone()[0]
    )


def _a_game(table: Table) -> str:
    game = table.game(table.evening("\n".join(PLAYERS)), PLAYERS)
    for number in range(3):
        assert table.round(game, "A", {"B": 10 + number, "C": 20}, PLAYERS).status_code == 303
    return game


def test_a_full_disk_answers_503_names_the_cause_saves_nothing_and_reads_go_on(
    app: Flask, small: Path, caplog: pytest.LogCaptureFixture
) -> None:
    table = Table(app.test_client())
    game = _a_game(table)
    before = _entries(app)
    filler = _fill(small)
    caplog.clear()
    with caplog.at_level(logging.ERROR):
        refused = table.round(game, "A", {"B": 40, "C": "JK 5C 9H"}, PLAYERS)
    assert refused.status_code == 503 and refused.headers["Retry-After"]
    page = refused.get_data(as_text=True)
    assert "disk of the machine it runs on is full" in page and "Nothing of this request was saved" in page
    lines = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(lines) == 1 and "database or disk is full" in lines[0].getMessage(), caplog.text
    assert lines[0].exc_info is None and "Traceback" not in caplog.text
    assert table.get(game).status_code == 200  # reads go on
    filler.unlink()
    assert _entries(app) == before  # nothing half-stored
    assert table.round(game, "A", {"B": 40, "C": 7}, PLAYERS).status_code == 303  # space is back: so are writes
    assert _entries(app) == before + 1


def test_an_htmx_write_on_a_full_disk_is_an_alert_above_the_page(app: Flask, small: Path) -> None:
    table = Table(app.test_client())
    game = _a_game(table)
    _fill(small)
    refused = table.post(f"{game}/rounds", {"winner": "A", "finish": "out", "hand:B": "9", "hand:C": "8"}, htmx=True)
    assert refused.status_code == 503 and refused.headers["HX-Retarget"] == "#alerts"
    assert 'role="alert"' in refused.get_data(as_text=True) and "disk" in refused.get_data(as_text=True)


def test_a_read_only_database_answers_503_and_says_so_in_french(app: Flask) -> None:
    table = Table(app.test_client())
    game = _a_game(table)
    before = _entries(app)
    # The file made read-only under the app: root writes any file whatever its mode, so SQLite is told instead,
    # on the very connection the app's requests use (its error is the one a read-only file gives: SQLITE_READONLY).
    database.connection(app.config["DATABASE"]).execute("PRAGMA query_only = 1")
    try:
        table.client.set_cookie("lang", "fr")
        refused = table.round(game, "A", {"B": 40, "C": 7}, PLAYERS)
        assert refused.status_code == 503
        assert "lecture seule" in refused.get_data(as_text=True)
        assert table.get(game).status_code == 200
    finally:
        database.connection(app.config["DATABASE"]).execute("PRAGMA query_only = 0")
    assert _entries(app) == before
