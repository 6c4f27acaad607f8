"""A copy of the live database for the host's own backups (`referee backup FILE`).

Copying the file itself while the app serves can catch a write half done, and leaves out what the WAL file holds
yet. SQLite's online backup API copies the database as one reader sees it, between two writes: the copy holds
every committed write up to that moment and nothing after, while the app goes on serving. The copy is written
beside FILE first and put in its place once checked, so a failed backup never leaves half a file, nor touches
what FILE held before. It is one self-contained file (rollback journal, not WAL), readable by the owner only:
the links' keys are in it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from pathlib import Path


class BackupError(ValueError):
    """A backup that cannot be made, and why."""


def _target_problem(source: Path, target: Path, replace: bool) -> str | None:
    if target.is_dir():
        return f"{target} is a folder: name the file to write"
    if not target.parent.is_dir():
        return f"there is no folder {target.parent} to write {target.name} in"
    if target.exists() and target.resolve() == source.resolve():
        return f"{target} is the live database itself"
    if target.exists() and not replace:
        return f"{target} exists: pass --force to replace it"
    return None


def backup_database(source: Path, target: Path, *, replace: bool = False) -> int:
    """Copy the live SQLite database `source` to `target` with SQLite's backup API; the copy's size in bytes."""
    if not source.is_file():
        raise BackupError(f"there is no database at {source} yet (referee serve makes it when it first starts)")
    problem = _target_problem(source, target, replace)
    if problem:
        raise BackupError(problem)
    handle, part = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)  # mode 0600
    os.close(handle)
    try:
        reading = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        with contextlib.closing(reading) as live, contextlib.closing(sqlite3.connect(part)) as copy:
            live.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one file: no -wal beside the copy
            (verdict,) = copy.execute("PRAGMA quick_check").fetchone()
        if verdict != "ok":
            raise BackupError(f"the copy of {source} fails SQLite's check ({verdict}): {target} was not written")
        os.replace(part, target)
    except sqlite3.Error as error:
        raise BackupError(f"cannot copy {source}: {error}") from None
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(part)
    return target.stat().st_size
