"""The database connection: one per request on `g`, WAL mode, migrated when the app starts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from flask import Flask, current_app, g
from sqlite_utils import Database

from referee.storage.migrations import migrations


def connect(path: str | Path) -> Database:
    """Open the database at `path`, in WAL mode with foreign keys on, every migration applied."""
    db = Database(path)
    db.enable_wal()
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    migrations.apply(db)
    return db


def get_db() -> Database:
    """This request's database connection."""
    if "db" not in g:
        g.db = connect(current_app.config["DATABASE"])
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
