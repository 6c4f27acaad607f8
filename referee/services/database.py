"""Connections: one per thread and database file, opened once with its pragmas, migrated once per process; and the
unit of work, the one write transaction a service opens and commits around storage's statements."""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path

from sqlite_utils import Database

from referee.storage.backup import BackupError, backup_database
from referee.storage.db import connect

__all__ = ["BackupError", "Database", "StorageError", "backup_database", "cannot_write"]

# Any error of the database (the web names it through here: it imports no database library).
StorageError = sqlite3.Error


class CannotWrite(Enum):
    """Why the database cannot be written: SQLite's primary result code for each."""

    FULL = 13  # the disk is full
    READ_ONLY = 8  # the file, or its folder, is read-only
    DISK_ERROR = 10  # the disk answered with an error
    CANNOT_OPEN = 14  # the file (or its journal) cannot be opened for writing


def cannot_write(error: BaseException) -> CannotWrite | None:
    """Why `error` says the database cannot be written, or None for any other error."""
    code = getattr(error, "sqlite_errorcode", None)
    if not isinstance(error, sqlite3.OperationalError) or not isinstance(code, int):
        return None
    try:
        return CannotWrite(code & 0xFF)
    except ValueError:
        return None


_local = threading.local()
_quick = threading.local()  # each thread's connection for the reads that must not wait (`quick_connection`)
# How long a quick read waits for a locked database (a request's connection waits 5 s: storage.db).
QUICK_MS = 50
_prepared: set[str] = set()  # the files this process has migrated (and put in WAL mode)
_lock = threading.Lock()
# The file each connection is to, as it was opened: what a game's book is cached under (`path_of`).
_paths: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()


def prepare(path: str | Path) -> None:
    """Migrate the database at `path` (and switch it to WAL), once per process: before any request uses it."""
    key = str(path)
    with _lock:
        if key in _prepared:
            return
        connect(key).close()
        _prepared.add(key)


def connection(path: str | Path) -> Database:
    """This thread's connection to the database at `path`: opened (and its pragmas set) on first use, then reused.

    A thread keeps one connection: asked for another file, it closes the one it had. A connection is never
    left inside a transaction between two uses (`release`).
    """
    return _held(_local, path)


def quick_connection(path: str | Path) -> Database:
    """This thread's connection for reads that must not wait: one that finds the database locked gives up after
    `QUICK_MS` with `sqlite3.OperationalError`, where a request's waits 5 s.

    The server's event loop reads the polls' versions with it: the loop answers every phone of its process, and
    while it waited, none would be answered. A read it gives up goes to a thread, which waits as any request does.
    Only autocommit reads use it, so it is never left inside a transaction.
    """
    return _held(_quick, path, busy_ms=QUICK_MS)


def _held(holder: threading.local, path: str | Path, *, busy_ms: int | None = None) -> Database:
    """The connection `holder` holds for this thread, if it is to `path`; else a new one, held in its place."""
    key = str(path)
    db: Database | None = getattr(holder, "db", None)
    if db is not None and holder.path == key:
        return db
    if db is not None:
        db.close()
    prepare(key)
    db = connect(key, migrate=False)
    if busy_ms is not None:
        db.execute(f"PRAGMA busy_timeout = {busy_ms}")
    _paths[db] = key
    holder.db, holder.path = db, key
    return db


def path_of(db: Database) -> str:
    """The database file `db` is a connection to: as it was opened here, else as SQLite names it (read once)."""
    path = _paths.get(db)
    if path is None:  # a connection this module did not open (a test's, a command's)
        path = str(db.execute("PRAGMA database_list").fetchone()[2])
        _paths[db] = path
    return path


@contextmanager
def unit_of_work(db: Database) -> Iterator[Database]:
    """One write of a service: storage's statements inside it commit together when it ends, or roll back together
    when it raises. The write lock is taken at once (`BEGIN IMMEDIATE`), so two scorers' writes never interleave; a
    service keeps what it does inside short, and never replays a game there.

    The only transaction of a write: storage's statements open and commit none (`storage.db.inside` refuses to run
    outside one)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


def release() -> None:
    """End a request's use of this thread's connection: a transaction left open (an error midway) is rolled back."""
    db: Database | None = getattr(_local, "db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def forget() -> None:
    """Close this thread's connections (a test's database is gone, or a backup is restored)."""
    for holder in (_local, _quick):
        db: Database | None = getattr(holder, "db", None)
        if db is not None:
            db.close()
        holder.db, holder.path = None, None
