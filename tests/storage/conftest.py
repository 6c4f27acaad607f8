"""The snapshot tests' database: a file of their own, opened with a process's book cache emptied before and after."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlite_utils import Database

from referee.services.books import BOOKS
from referee.storage.db import connect


@pytest.fixture
def path(tmp_path: Path) -> Iterator[Path]:
    """The database file, with no book of any game remembered by this process."""
    BOOKS.clear()
    yield tmp_path / "db.sqlite"
    BOOKS.clear()


@pytest.fixture
def db(path: Path) -> Database:
    """The database, migrated."""
    return connect(path)
