"""The database connection: one per request on `g`, WAL mode, migrated when the app starts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from referee.storage.migrations import migrations


def connect(path: str | Path, *, migrate: bool = True) -> Database:
    """Open the database at `path` with foreign keys on; with `migrate`, also WAL mode and every migration applied.

    A request's connection skips both (`migrate=False`): the app did them once when it started, and the WAL
    mode stays with the file. That is most of what opening a connection costs.
    """
    db = Database(path)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    if migrate:
        db.enable_wal()
        migrations.apply(db)
    return db


_MIGRATED: set[str] = set()  # the database files this process has migrated (and put in WAL mode)


def rows(db: Database, sql: str, params: list[object]) -> list[dict[str, object]]:
    """The rows of a read, as dicts: one statement, without the savepoint sqlite-utils' `query` wraps it in."""
    cursor = db.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def get_db() -> Database:
    """This request's database connection."""
    if "db" not in g:
        path = current_app.config["DATABASE"]
        g.db = connect(path, migrate=path not in _MIGRATED)  # migrated once per file, then a light connection
        _MIGRATED.add(path)
        g.db.referee_path = current_app.config["DATABASE"]  # where the game books of this database are cached
    db: Database = g.db
    return db


def close_db(error: BaseException | None = None) -> None:
    """Close this request's connection, if it opened one."""
    db = g.pop("db", None)
    if db is not None:
        db.close()


@contextmanager
def writing(db: Database) -> Iterator[Database]:
    """One write transaction, taken at once so that two scorers' writes never interleave."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


def init_app(app: Flask) -> None:
    """Migrate the database now and close each request's connection after it."""
    app.teardown_appcontext(close_db)
    connect(app.config["DATABASE"]).close()
    _MIGRATED.add(app.config["DATABASE"])
