"""Connections: one per thread and database file, opened once with its pragmas, migrated once per process."""

from __future__ import annotations

import threading
from pathlib import Path

from sqlite_utils import Database

from referee.storage.db import connect

_local = threading.local()
_quick = threading.local()  # each thread's connection for the reads that must not wait (`quick_connection`)
# How long a quick read waits for a locked database (a request's connection waits 5 s: storage.db).
QUICK_MS = 50
_prepared: set[str] = set()  # the files this process has migrated (and put in WAL mode)
_lock = threading.Lock()


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
    return _kept(_local, path)


def quick_connection(path: str | Path) -> Database:
    """This thread's connection for reads that must not wait: one that finds the database locked gives up after
    `QUICK_MS` with `sqlite3.OperationalError`, where a request's waits 5 s.

    The server's event loop reads the polls' versions with it: the loop answers every phone of its process, and
    while it waited, none would be answered. A read it gives up goes to a thread, which waits as any request does.
    Only autocommit reads use it, so it is never left inside a transaction.
    """
    return _kept(_quick, path, busy_ms=QUICK_MS)


def _kept(kept: threading.local, path: str | Path, *, busy_ms: int | None = None) -> Database:
    """The connection `kept` holds for this thread, if it is to `path`; else a new one, kept in its place."""
    key = str(path)
    db: Database | None = getattr(kept, "db", None)
    if db is not None and kept.path == key:
        return db
    if db is not None:
        db.close()
    prepare(key)
    db = connect(key, migrate=False)
    if busy_ms is not None:
        db.execute(f"PRAGMA busy_timeout = {busy_ms}")
    db.referee_path = key  # type: ignore[attr-defined]  # where this database's books are cached
    kept.db, kept.path = db, key
    return db


def release() -> None:
    """End a request's use of this thread's connection: a transaction left open (an error midway) is rolled back."""
    db: Database | None = getattr(_local, "db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def forget() -> None:
    """Close this thread's connections (a test's database is gone, or a backup is restored)."""
    for kept in (_local, _quick):
        db: Database | None = getattr(kept, "db", None)
        if db is not None:
            db.close()
        kept.db, kept.path = None, None
