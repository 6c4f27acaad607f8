"""A snapshot from a database someone hands you (#32): it runs nothing, and the game opens from its replay.

Each attack is written twice: unsigned, as a stranger can write it in a `snapshots` row, and signed under this
instance's own key, so that the unpickler's allow-list is tried on its own too. Each attack is first shown to work on
a plain `pickle.loads`, so that a test here fails if the attack stops being one.
"""

from __future__ import annotations

import pickle
import struct
from pathlib import Path

import pytest
from sqlite_utils import Database

from referee.services import snapshots
from referee.services.books import BOOKS, open_book, read_book
from referee.storage.db import connect
from referee.storage.games import StoredGame, current_events, game_version
from referee.storage.snapshots import Snapshot, version_and_snapshot
from tests.storage.test_snapshots import _game


def _text(text: str) -> bytes:
    encoded = text.encode()
    return b"X" + struct.pack("<I", len(encoded)) + encoded  # BINUNICODE


def _global(module: str, name: str) -> bytes:
    return b"c" + module.encode() + b"\n" + name.encode() + b"\n"  # GLOBAL, dotted names allowed from protocol 4


def _call(function: bytes, *arguments: bytes) -> bytes:
    return function + b"(" + b"".join(arguments) + b"tR"  # MARK, the arguments, TUPLE, REDUCE


def _pickle(body: bytes) -> bytes:
    return b"\x80\x04" + body + b"."


def chain(marker: Path) -> bytes:
    """The attack of #32: attrgetter and itemgetter, imported by engine modules, reach `os.system` through a
    function's `__globals__`."""
    os_module = _call(
        _call(_global("referee.rules.solver", "itemgetter"), _text("os")),
        _global("referee.cli", "RefereeGroup.main.__globals__"),
    )
    system = _call(_call(_global("referee.rules.solver_opening", "attrgetter"), _text("system")), os_module)
    return _pickle(_call(system, _text(f"touch {marker}")))


def file_io(marker: Path) -> bytes:
    """`io.FileIO` reached through a module that imports `io`: it creates (or truncates) any file."""
    return _pickle(_call(_global("referee.bridge", "io.FileIO"), _text(str(marker)), _text("w")))


def standard(marker: Path) -> bytes:
    """A standard-library class by its own name."""
    return _pickle(_call(_global("io", "FileIO"), _text(str(marker)), _text("w")))


ATTACKS = [chain, file_io, standard]


def _planted(db: Database, game: StoredGame, state: bytes, format_: str = snapshots.FORMAT) -> None:
    """A row written into the database by somebody else, at the game's current version."""
    with db.conn:
        db.execute(
            "INSERT OR REPLACE INTO snapshots (game_id, version, format, state) VALUES (?, ?, ?, ?)",
            [game.id, game_version(db, game.id), format_, state],
        )


def _opens_from_its_replay(path: Path, db: Database, game: StoredGame) -> None:
    """A fresh process opens the game as its entries replay, and writes its own snapshot over the planted one."""
    BOOKS.clear()
    opened = open_book(connect(path, migrate=False), game)
    replayed = read_book(game, current_events(db, game.id))
    assert opened.replayed == replayed.replayed and opened.record == replayed.record
    snapshot = version_and_snapshot(db, game.id).snapshot
    assert snapshot is not None and snapshots.load(snapshot, game.id) is not None


@pytest.mark.parametrize("attack", ATTACKS, ids=lambda attack: attack.__name__)
def test_each_attack_is_real_on_a_plain_unpickler(tmp_path: Path, attack: object) -> None:
    marker = tmp_path / "ran"
    made = pickle.loads(attack(marker))  # type: ignore[operator]  # noqa: S301 — the attack, shown to be one
    if hasattr(made, "close"):  # the FileIO it opened
        made.close()
    assert marker.exists()


@pytest.mark.parametrize("signed", [False, True], ids=["unsigned", "signed"])
@pytest.mark.parametrize("attack", ATTACKS, ids=lambda attack: attack.__name__)
def test_a_tampered_snapshot_runs_nothing_and_the_game_opens_from_its_replay(
    path: Path, db: Database, tmp_path: Path, attack: object, signed: bool
) -> None:
    game = _game(db, 10)
    marker = tmp_path / "ran"
    body = attack(marker)  # type: ignore[operator]
    version = game_version(db, game.id)
    state = snapshots.signature(game.id, version, snapshots.FORMAT, body) + body if signed else body
    _planted(db, game, state)
    assert snapshots.load(version_and_snapshot(db, game.id).snapshot, game.id) is None  # type: ignore[arg-type]
    _opens_from_its_replay(path, db, game)
    assert not marker.exists()


@pytest.mark.parametrize(
    "state",
    [b"", b"garbage", b"\x00" * 32 + b"\x80\x05garbage", pickle.dumps(("an older layout", 1))],
    ids=["empty", "garbage", "zero signature", "unsigned pickle"],
)
def test_garbage_is_a_replay(path: Path, db: Database, state: bytes) -> None:
    game = _game(db, 10)
    _planted(db, game, state)
    _opens_from_its_replay(path, db, game)


def test_an_old_format_is_a_replay(path: Path, db: Database) -> None:
    game = _game(db, 10)
    _planted(db, game, pickle.dumps(("an older layout", 1)), "1/0.9.0/0123456789abcdef")
    _opens_from_its_replay(path, db, game)


def test_a_snapshot_from_another_instance_is_replayed_not_trusted(path: Path, db: Database) -> None:
    game = _game(db, 10)
    snapshots.sign_with("another instance's secret")
    try:
        open_book(db, game)  # that instance writes its snapshot
        theirs = version_and_snapshot(db, game.id).snapshot
        assert theirs is not None and snapshots.load(theirs, game.id) is not None
    finally:
        snapshots.sign_with("dev")
    assert snapshots.load(theirs, game.id) is None
    _opens_from_its_replay(path, db, game)
    assert version_and_snapshot(db, game.id).snapshot != theirs


def test_a_snapshot_moved_to_another_game_or_version_is_refused(db: Database) -> None:
    game, other = _game(db, 10), _game(db, 10)
    open_book(db, game)
    mine = version_and_snapshot(db, game.id).snapshot
    assert mine is not None and snapshots.load(mine, game.id) is not None
    assert snapshots.load(mine, other.id) is None
    assert snapshots.load(Snapshot(mine.version + 1, mine.format, mine.state), game.id) is None


def test_the_allowed_names_are_the_engine_s_values_and_nothing_of_the_standard_library() -> None:
    modules = {module for module, _ in snapshots.ALLOWED} - {snapshots.__name__, "referee.storage.games"}
    assert all(module.startswith("referee.rules.") for module in modules)
    assert not any("." in name for _, name in snapshots.ALLOWED)
    assert ("referee.rules.rummy", "RummyGame") in snapshots.ALLOWED
    assert ("referee.rules.solver_opening", "attrgetter") not in snapshots.ALLOWED
    assert ("builtins", "print") not in snapshots.ALLOWED
