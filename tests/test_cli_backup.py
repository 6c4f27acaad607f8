"""`referee backup FILE`: a consistent copy of the live database, made with SQLite's backup API while it is written."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from flask import Flask
from sqlite_utils import Database

from referee import create_app
from referee.cli import cli
from referee.cli.backup import live_database
from referee.services.evenings import NewEvening, start_evening
from referee.storage.db import connect


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    (tmp_path / "live").mkdir()
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "live" / "referee.sqlite"), "SECRET_KEY": "test"})
    monkeypatch.setattr("referee.cli.backup.live_database", lambda: Path(app.config["DATABASE"]))
    return app


@pytest.fixture
def live(app: Flask, tmp_path: Path) -> Path:
    """The app's database, with a few evenings in it."""
    path = Path(app.config["DATABASE"])
    db = connect(path)
    for number in range(5):
        add_evening(db, number)
    db.close()
    return path


def add_evening(db: Database, number: int) -> None:
    start_evening(db, NewEvening(f"Friday {number}", ("Ann", "Bob"), "kaluki", {}, Decimal("0.20"), "EUR"))


def table(path: Path, name: str = "evenings") -> list[tuple[object, ...]]:
    with closing(sqlite3.connect(path)) as db:
        return db.execute(f"SELECT * FROM {name} ORDER BY id").fetchall()  # noqa: S608 — the test's own names


def backup(*args: str) -> Result:
    return CliRunner().invoke(cli, ["backup", *args])


@pytest.fixture
def writer(live: Path) -> Iterator[threading.Event]:
    """Another connection adding an evening after another to the live database until the test ends."""
    stop = threading.Event()
    written = threading.Event()

    def write() -> None:
        db = connect(live, migrate=False)
        number = 100
        while not stop.is_set():
            add_evening(db, number)
            number += 1
            written.set()
        db.close()

    thread = threading.Thread(target=write, name="writer")
    thread.start()
    written.wait(10)
    yield written
    stop.set()
    thread.join(10)


def test_the_copy_opens_and_holds_the_same_rows_while_another_connection_writes(
    live: Path, writer: threading.Event, tmp_path: Path
) -> None:
    copy = tmp_path / "friday.sqlite"
    result = backup(str(copy))
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"copied the database {live} to {copy} (")
    with closing(sqlite3.connect(copy)) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("PRAGMA journal_mode").fetchone() == ("delete",)  # one file, no -wal beside it
    copied, now = table(copy), table(live)
    assert len(copied) >= 6  # the five evenings, and at least one the writer had added
    assert now[: len(copied)] == copied  # every row as the live database has it: a moment's snapshot, none half-made
    assert table(copy, "_sqlite_migrations") == table(live, "_sqlite_migrations")
    assert copy.stat().st_mode & 0o777 == 0o600  # the links' keys are in it
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []  # no part file left


def test_a_write_not_yet_committed_is_not_in_the_copy(live: Path, tmp_path: Path) -> None:
    db = sqlite3.connect(live, isolation_level=None)
    db.execute("BEGIN IMMEDIATE")
    db.execute("UPDATE evenings SET title = 'half done' WHERE title = 'Friday 0'")
    result = backup(str(tmp_path / "copy.sqlite"))
    db.execute("COMMIT")
    db.close()
    assert result.exit_code == 0, result.output
    titles = [row[0] for row in sqlite3.connect(tmp_path / "copy.sqlite").execute("SELECT title FROM evenings")]
    assert "Friday 0" in titles and "half done" not in titles


def test_an_existing_file_is_replaced_with_force_only(live: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy.sqlite"
    copy.write_text("last week's")
    refused = backup(str(copy))
    assert refused.exit_code == 2
    assert refused.output == f"referee: {copy} exists: pass --force to replace it\n"
    assert copy.read_text() == "last week's"
    forced = backup("--force", str(copy))
    assert forced.exit_code == 0, forced.output
    assert table(copy) == table(live)


@pytest.mark.parametrize(
    ("target", "message"),
    [
        pytest.param("{tmp}", "{tmp} is a folder: name the file to write", id="a folder"),
        pytest.param(
            "{tmp}/nowhere/copy.sqlite", "there is no folder {tmp}/nowhere to write copy.sqlite in", id="no folder"
        ),
        pytest.param("{live}", "{live} is the live database itself", id="the live database"),
    ],
)
def test_bad_input_exits_2_with_one_line_and_writes_nothing(
    live: Path, tmp_path: Path, target: str, message: str
) -> None:
    before = sorted(tmp_path.rglob("*"))
    where = {"tmp": tmp_path, "live": live}
    result = backup("--force", target.format(**where))
    assert result.exit_code == 2
    assert result.output == f"referee: {message.format(**where)}\n"
    assert sorted(tmp_path.rglob("*")) == before


def test_a_file_that_is_not_a_database_is_refused(app: Flask, tmp_path: Path) -> None:
    from referee.storage.backup import BackupError, backup_database

    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"not a database, just words " * 100)
    with pytest.raises(BackupError, match=r"cannot copy .*junk\.sqlite: file is not a database"):
        backup_database(junk, tmp_path / "copy.sqlite")
    assert not (tmp_path / "copy.sqlite").exists()
    with pytest.raises(BackupError, match="there is no database at"):
        backup_database(tmp_path / "missing.sqlite", tmp_path / "copy.sqlite")


def test_a_server_without_a_database_yet_is_refused_and_none_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    missing = tmp_path / "instance" / "referee.sqlite"
    monkeypatch.setattr("referee.cli.backup.live_database", lambda: missing)
    result = backup(str(tmp_path / "copy.sqlite"))
    assert result.exit_code == 2 and "there is no database at" in result.output
    assert not missing.exists() and not (tmp_path / "copy.sqlite").exists()


def test_the_live_database_is_found_without_making_one() -> None:
    existed = live_database().exists()
    assert live_database().exists() == existed  # reading the configuration creates nothing
