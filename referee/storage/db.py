"""Opening the database (foreign keys, a busy timeout; WAL and migrations when asked), reads, and the check that a
write runs inside its caller's transaction (`inside`: storage never opens or commits one itself)."""

from __future__ import annotations

import os
import sqlite3
import stat
from contextlib import suppress
from pathlib import Path
from urllib.parse import quote

from sqlite_utils import Database

from referee.storage.migrations import migrations


def connect(path: str | Path, *, migrate: bool = True) -> Database:
    """Open the database at `path` with foreign keys on; with `migrate`, also WAL mode and every migration applied.

    A request's connection skips both (`migrate=False`): the app did them once when it started, and the WAL
    mode stays with the file. That is most of what opening a connection costs. With `migrate`, the file (made if
    need be) and its -wal and -shm are first made readable by their owner alone (`owner_only`).
    """
    if migrate:
        owner_only(path)
    db = Database(path)
    db.execute("PRAGMA foreign_keys = ON")
    db.execute("PRAGMA busy_timeout = 5000")
    if migrate:
        db.enable_wal()
        migrations.apply(db)
    return db


def connect_to_read(path: str | Path) -> Database:
    """Open the database at `path` to read it only, without writing a byte anywhere: what a disk that cannot be written
    (full, or read-only) still lets be read.

    In WAL mode a reader needs the `-shm` index, which SQLite makes and sizes, so writes, on the first read. Opened
    read-only it uses an index that is there already; with none that it can use, the file is read as it stands
    (`immutable`), but only when no `-wal` file holds anything the file lacks (a server stopped cleanly leaves none):
    otherwise the read raises, as the first one did.
    """
    file = Path(path).resolve()
    uri = f"file:{quote(str(file))}"
    try:
        conn = _reading(f"{uri}?mode=ro")
    except sqlite3.OperationalError:
        wal = file.with_name(f"{file.name}-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
        conn = _reading(f"{uri}?immutable=1")
    db = Database(conn)
    db.execute("PRAGMA foreign_keys = ON")
    return db


def _reading(uri: str) -> sqlite3.Connection:
    """A connection to `uri` that has read the database's header (so that a reader it cannot be is said now)."""
    conn = sqlite3.connect(uri, uri=True)
    try:
        conn.execute("PRAGMA schema_version").fetchone()
    except sqlite3.OperationalError:
        conn.close()
        raise
    return conn


def pending_migrations(db: Database) -> list[str]:
    """The names of the migrations the database at `db` lacks (a read: it writes nothing)."""
    return [migration.name for migration in migrations.pending(db)]


def owner_only(path: str | Path) -> None:
    """Make the database file at `path` readable by its owner alone (0600), and its -wal and -shm: it holds every
    link's key. A new file is made so; an existing one loses what others could read or write. SQLite makes its
    -wal and -shm with the database file's permissions.
    """
    if str(path) in ("", ":memory:"):
        return
    file = Path(path)
    with suppress(OSError):  # no folder to make it in, or a read-only disk: SQLite says so when it opens the file
        os.close(os.open(file, os.O_WRONLY | os.O_CREAT, 0o600))
    for each in (file, file.with_name(f"{file.name}-wal"), file.with_name(f"{file.name}-shm")):
        with suppress(OSError):  # not there, another user's file, or a disk that cannot be written
            mode = stat.S_IMODE(each.stat().st_mode)
            if mode & 0o077:
                each.chmod(mode & 0o700)


def rows(db: Database, sql: str, params: list[object]) -> list[dict[str, object]]:
    """The rows of a read, as dicts: one statement, without the savepoint sqlite-utils' `query` wraps it in."""
    cursor = db.execute(sql, params)
    names = [column[0] for column in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


class OutsideWrite(RuntimeError):
    """A statement meant for its caller's transaction was run outside any: it would not be one write with the rest."""


def inside(db: Database) -> None:
    """Go on only inside a transaction the caller holds open on `db` (OutsideWrite if none): the statements that
    follow commit or roll back with the caller's others. Outside one, the sqlite3 module would open a transaction of
    its own at the first write and leave it open, after the reads that decided it."""
    if not db.conn.in_transaction:
        raise OutsideWrite("this statement belongs inside the caller's write transaction")
