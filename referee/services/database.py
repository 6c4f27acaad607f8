"""Connections: one per thread and database file, opened once with its pragmas, migrated once per process; and the
unit of work, the one write transaction a service opens and commits around storage's statements.

A disk that cannot be written (full, or read-only) still lets the database be read: where SQLite cannot open it to
write (in WAL mode a reader needs the `-shm` index, which SQLite makes on the first read), a thread reads through a
connection that writes nothing (`storage.db.connect_to_read`), and asks for a writing one again at its next use, so
writes work again as soon as the disk has room. A write through it is refused, and `cannot_write` says why from the
disk itself: full, or read-only.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from enum import Enum
from pathlib import Path

from sqlite_utils import Database

from referee.storage.backup import BackupError, backup_database
from referee.storage.db import connect, connect_to_read, pending_migrations

__all__ = ["BackupError", "Database", "StorageError", "backup_database", "cannot_write", "disk_refuses"]

# Any error of the database (the web names it through here: it imports no database library).
StorageError = sqlite3.Error


class CannotWrite(Enum):
    """Why the database cannot be written: SQLite's primary result code for each."""

    FULL = 13  # the disk is full
    READ_ONLY = 8  # the file, or its folder, is read-only
    DISK_ERROR = 10  # the disk answered with an error
    CANNOT_OPEN = 14  # the file (or its journal) cannot be opened for writing


# Bytes a disk must have free for a write to have room: a round is a few pages of 4 KB, with its WAL frames.
WRITE_ROOM = 64 * 1024


def cannot_write(error: BaseException, path: str | Path | None = None) -> CannotWrite | None:
    """Why `error` says the database cannot be written, or None for any other error; with `path`, the database's file,
    the disk it is on says it better when it is full or read-only (SQLite may say a disk error, or a read-only file,
    of a disk that is only full)."""
    code = getattr(error, "sqlite_errorcode", None)
    if not isinstance(error, sqlite3.OperationalError) or not isinstance(code, int):
        return None
    try:
        why = CannotWrite(code & 0xFF)
    except ValueError:
        return None
    disk = disk_refuses(path) if path is not None and why is not CannotWrite.FULL else None
    return disk or why


def disk_refuses(path: str | Path) -> CannotWrite | None:
    """Whether the disk the database at `path` is on refuses every write: it is read-only, or full; None when it has
    room (or cannot be asked)."""
    try:
        disk = os.statvfs(Path(path).resolve().parent)
    except OSError:
        return None
    if disk.f_flag & os.ST_RDONLY:
        return CannotWrite.READ_ONLY
    if disk.f_bavail * disk.f_frsize < WRITE_ROOM:
        return CannotWrite.FULL
    return None


class CannotPrepare(RuntimeError):
    """The database lacks migrations, and its disk cannot be written to apply them: the app cannot start on it."""


_local = threading.local()
_quick = threading.local()  # each thread's connection for the reads that must not wait (`quick_connection`)
# How long a quick read waits for a locked database (a request's connection waits 5 s: storage.db).
QUICK_MS = 50
_prepared: set[str] = set()  # the files this process has migrated (and put in WAL mode)
_lock = threading.Lock()
# The file each connection is to, as it was opened: what a game's book is cached under (`path_of`).
_paths: weakref.WeakKeyDictionary[Database, str] = weakref.WeakKeyDictionary()


def prepare(path: str | Path) -> None:
    """Migrate the database at `path` (and switch it to WAL), once per process: before any request uses it. On a disk
    that cannot be written, a database that lacks no migration is only read (CannotPrepare for one that does)."""
    key = str(path)
    with _lock:
        if key in _prepared:
            return
        try:
            connect(key).close()
        except sqlite3.OperationalError as error:
            why = cannot_write(error, key)
            if why is None:
                raise
            reader = connect_to_read(key)
            try:
                missing = pending_migrations(reader)
            finally:
                reader.close()
            if missing:
                raise CannotPrepare(
                    f"cannot bring the database {key} up to date ({len(missing)} migrations): it cannot be written "
                    f"({error}). Free space on its disk, or let referee write it, and start again."
                ) from None
        _prepared.add(key)


def connection(path: str | Path) -> Database:
    """This thread's connection to the database at `path`: opened (and its pragmas set) on first use, then reused.

    A thread keeps one connection: asked for another file, it closes the one it had. A connection is never
    left inside a transaction between two uses (`release`). Where the database cannot be opened to write (a full or
    read-only disk), the connection only reads, and a writing one is tried again at each use.
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
    """The connection `holder` holds for this thread, if it is to `path` and can write; else a new one, held in its
    place: one that can write, or else one that reads (kept until one that can write opens)."""
    key = str(path)
    db: Database | None = getattr(holder, "db", None)
    held = db if db is not None and holder.path == key else None
    if held is not None and not holder.reading_only:
        return held
    prepare(key)
    try:
        fresh, reading_only = _writing(key, busy_ms), False
    except sqlite3.OperationalError as error:
        if cannot_write(error, key) is None:
            raise
        if held is not None:  # the reading connection it holds already
            return held
        fresh, reading_only = connect_to_read(key), True
    if db is not None:
        db.close()
    _paths[fresh] = key
    holder.db, holder.path, holder.reading_only = fresh, key, reading_only
    return fresh


IN_MEMORY = ":memory:"  # SQLite's name for a database of one connection, kept in memory


def _writing(path: str, busy_ms: int | None) -> Database:
    """A connection to the database at `path` that can write, once it has read the header (which in WAL mode makes or
    sizes the `-shm` index: on a full or read-only disk, the error is raised here). A database in memory is one
    connection's own, empty when it opens: it is migrated then (a test's app, and the pages it draws as it is made)."""
    db = connect(path, migrate=path == IN_MEMORY)
    try:
        if busy_ms is not None:
            db.execute(f"PRAGMA busy_timeout = {busy_ms}")
        db.execute("PRAGMA schema_version").fetchone()
    except sqlite3.OperationalError:
        db.close()
        raise
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
        holder.db, holder.path, holder.reading_only = None, None, False
