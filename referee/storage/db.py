"""Opening the database (foreign keys, a busy timeout; WAL and migrations when asked), reads and write transactions."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

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


def rows(db: Database, sql: str, params: list[object]) -> list[dict[str, object]]:
    """The rows of a read, as dicts: one statement, without the savepoint sqlite-utils' `query` wraps it in."""
    cursor = db.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


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
