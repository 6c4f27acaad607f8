"""A game's replay as bytes and back: what the database keeps so that opening a game is a read and not a replay.

The bytes are a pickle the app itself made from its own frozen values (the game's record, its entries and their
replay), never anything a user sent: a snapshot is written only from a replay this process made, and read with an
unpickler that builds nothing but the app's own classes. Pickle does not know `types.MappingProxyType` (the
rules' frozen mappings), so this module's pickler says how to make one again; it shares each card between every
game it reads (a pack has 54 kinds of card), and keeps a refused entry's position and reason.

`FORMAT` names what wrote a snapshot: the snapshot layout (`SCHEMA`), the app's version, and a digest of the
source of the modules whose values it holds. A snapshot of any other format is ignored (the game is replayed, and
its snapshot written again): code that replays differently never reads a replay made by other code.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import logging
import pickle
from collections.abc import Callable, Iterable
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import MappingProxyType
from typing import Any

from referee.rules.cards import Card
from referee.rules.events import EntryError
from referee.rules.game import Replayed
from referee.rules.game_record import GameRecord
from referee.storage.games import StoredEvent
from referee.storage.snapshots import Snapshot

SCHEMA = 1  # the layout of a snapshot: (record, entries, replay); a new layout is a new number
PACKAGE = Path(__file__).resolve().parent.parent
# The modules whose values a snapshot holds: the rules (every family's games, events and results), the stored entry,
# and this module's own way of writing them.
SOURCES = ("rules/*.py", "storage/games.py", "services/snapshots.py")

Payload = tuple[GameRecord, tuple[StoredEvent, ...], Replayed[Any, Any]]


def _app_version() -> str:
    try:
        return version("referee")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "0"


def fingerprint(package: Path = PACKAGE, patterns: Iterable[str] = SOURCES) -> str:
    """A digest of the source of the modules whose values a snapshot holds: a change to any of them is a new format."""
    digest = hashlib.sha256()
    for pattern in patterns:
        for path in sorted(package.glob(pattern)):
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


FORMAT = f"{SCHEMA}/{_app_version()}/{fingerprint()}"


def _proxy(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(items)


@cache
def _card(rank: int, suit: str, declared: Card | None) -> Card:
    return Card(rank, suit, declared)


def _refusal(kind: type[EntryError], position: int, reason: str) -> EntryError:
    if not (isinstance(kind, type) and issubclass(kind, EntryError)):
        raise pickle.UnpicklingError(f"{kind!r} is not a refusal")
    return kind(position, reason)


def _refusals() -> list[type[EntryError]]:
    """Every kind of refused entry there is (a subclass's `__init__` takes the position and the reason too)."""
    found, queue = [], [EntryError]
    while queue:
        kind = queue.pop()
        found.append(kind)
        queue += kind.__subclasses__()
    return found


def _reducers() -> dict[type, Callable[[Any], Any]]:
    """How to write what pickle cannot write by itself, or writes too large: frozen mappings, cards, refusals."""
    table: dict[type, Callable[[Any], Any]] = dict(copyreg.dispatch_table)
    table[MappingProxyType] = lambda mapping: (_proxy, (dict(mapping),))
    table[Card] = lambda card: (_card, (card.rank, card.suit, card.declared))
    for kind in _refusals():
        table[kind] = lambda error: (_refusal, (type(error), error.position, error.reason))
    return table


_HELPERS = {"_proxy": _proxy, "_card": _card, "_refusal": _refusal}


class _Reader(pickle.Unpickler):
    """An unpickler that makes the app's own classes and this module's three helpers, and nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        """The class (or helper) `module.name`, if a snapshot may hold it."""
        if module == __name__ and name in _HELPERS:
            return _HELPERS[name]
        if module.startswith("referee."):
            found = super().find_class(module, name)
            if isinstance(found, type):
                return found
        raise pickle.UnpicklingError(f"a snapshot holds no {module}.{name}")


def dump(payload: Payload) -> bytes:
    """The payload (a game's record, entries and replay) as a snapshot's bytes."""
    out = io.BytesIO()
    writer = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    writer.dispatch_table = _dispatch()
    writer.dump(payload)
    return out.getvalue()


@cache
def _dispatch() -> dict[type, Callable[[Any], Any]]:
    return _reducers()


def snapshot_of(payload: Payload, version: int) -> Snapshot | None:
    """The snapshot of a game at `version`: its record, entries and replay, in this code's format; None (and the game
    replayed when it is next opened) for a value this pickler cannot write, which is a bug to fix, logged."""
    try:
        return Snapshot(version, FORMAT, dump(payload))
    except Exception:  # a snapshot is an optimisation: it never fails the write or the read that makes it
        logging.getLogger(__name__).exception("no snapshot of a game at version %s", version)
        return None


def load(snapshot: Snapshot) -> Payload | None:
    """A snapshot's record, entries and replay; None when another format wrote it, or it cannot be read."""
    if snapshot.format != FORMAT:
        return None
    try:
        payload = _Reader(io.BytesIO(snapshot.state)).load()
    except Exception:  # a snapshot that does not read is only a replay to do again
        return None
    if not (isinstance(payload, tuple) and len(payload) == 3 and isinstance(payload[2], Replayed)):
        return None
    return payload
