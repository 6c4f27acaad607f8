"""A game's replay as bytes and back: what the database keeps so that opening a game is a read and not a replay.

The bytes are a pickle the app itself made from its own frozen values (the game's record, its entries and their
replay), never anything a user sent: a snapshot is written only from a replay this process made. A database may
still come from elsewhere (a backup somebody sends, a copy restored on another machine), so a snapshot is trusted
twice over, and never beyond what this instance wrote itself (docs/architecture.md, *Snapshots*):

- its bytes are signed: an HMAC-SHA256 under a key drawn from the instance's secret key (`sign_with`), over the
  game, the version, the format and the pickle. A snapshot signed under another key (another instance's database)
  or changed since is not read at all: the game is replayed from its entries, and its snapshot written again;
- the unpickler builds nothing but the engine's own values (`ALLOWED`: each dataclass, enumeration and refusal
  defined in `referee.rules`, the engine's words kept unsaid (`Said`: a refusal's reason, a card's letters), and the
  stored entry), found by their exact module and name: no dotted name, no function, nothing of the standard library
  (containers are pickle's own opcodes).

Pickle does not know `types.MappingProxyType` (the rules' frozen mappings), so this module's pickler says how to
make one again; it shares each card between every game it reads (a pack has 54 kinds of card), and keeps a refused
entry's position and reason.

`FORMAT` names what wrote a snapshot: the snapshot layout (`SCHEMA`), the app's version, and a digest of the
source of the modules whose values it holds. A snapshot of any other format is ignored (the game is replayed, and
its snapshot written again): code that replays differently never reads a replay made by other code.
"""

from __future__ import annotations

import copyreg
import dataclasses
import enum
import hashlib
import hmac
import importlib
import io
import logging
import pickle
import pkgutil
import secrets
from collections.abc import Callable, Iterable
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from types import MappingProxyType
from typing import Any

import referee.rules
from referee.rules.cards import Card
from referee.rules.events import EntryError
from referee.rules.game import AnyReplayed, Replayed
from referee.rules.game_record import GameRecord
from referee.rules.words import Said
from referee.storage import games as stored_games
from referee.storage.games import StoredEvent
from referee.storage.snapshots import Snapshot

SCHEMA = (
    2  # the layout of a snapshot: its signature, then the pickle of (record, entries, replay); a new one, a new number
)
PACKAGE = Path(__file__).resolve().parent.parent
# The modules whose values a snapshot holds: the rules (every family's games, events and results), the stored entry,
# and this module's own way of writing them.
SOURCES = ("rules/*.py", "storage/games.py", "services/snapshots.py")

Payload = tuple[GameRecord, tuple[StoredEvent, ...], AnyReplayed]


_log = logging.getLogger(__name__)


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


def _proxy(items: dict[object, object]) -> MappingProxyType[object, object]:
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


def _is_value(kind: object, module: str) -> bool:
    """Whether `kind` is a value type defined in `module`: a dataclass, an enumeration or a refused entry."""
    if not isinstance(kind, type) or kind.__module__ != module:
        return False
    return dataclasses.is_dataclass(kind) or issubclass(kind, enum.Enum | EntryError)


def _allowed() -> dict[tuple[str, str], object]:
    """What a snapshot may build, by exact (module, name): the engine's values, the stored entry and the helpers."""
    found: dict[tuple[str, str], object] = {(__name__, name): helper for name, helper in _HELPERS.items()}
    modules = [
        importlib.import_module(f"referee.rules.{info.name}") for info in pkgutil.iter_modules(referee.rules.__path__)
    ]
    for module in modules:
        for name, kind in vars(module).items():
            if _is_value(kind, module.__name__) and kind.__qualname__ == name:
                found[(module.__name__, name)] = kind
    found[(Said.__module__, Said.__name__)] = Said  # said again in the reader's language each time it is shown
    found[(stored_games.__name__, "StoredEvent")] = StoredEvent
    return found


ALLOWED = _allowed()


class _Reader(pickle.Unpickler):
    """An unpickler that makes the engine's own values (`ALLOWED`) and this module's three helpers, and nothing else."""

    def find_class(self, module: str, name: str) -> object:
        """The value type (or helper) `module.name`, if a snapshot may hold it: an exact pair of `ALLOWED`."""
        found = ALLOWED.get((module, name))
        if found is None:
            raise pickle.UnpicklingError(f"a snapshot holds no {module}.{name}")
        return found


# The key a snapshot is signed with: drawn from the instance's secret key by `sign_with` (the app does it when it is
# made); until then a key of this process alone, so that it trusts no snapshot but its own.
_key = secrets.token_bytes(32)
SIGNATURE = hashlib.sha256().digest_size  # the signature's bytes, before the pickle's


def sign_with(secret: str | bytes) -> None:
    """Sign and check snapshots with a key drawn from the instance's secret key (every process of it the same)."""
    global _key
    raw = secret.encode() if isinstance(secret, str) else secret
    _key = hmac.new(raw, b"referee: a game's snapshot", hashlib.sha256).digest()


def signature(game_id: int, version: int, format_: str, body: bytes) -> bytes:
    """The snapshot's signature: its game, version, format and pickle, under the instance's key."""
    mac = hmac.new(_key, f"{game_id}/{version}/{format_}/".encode(), hashlib.sha256)
    mac.update(body)
    return mac.digest()


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


def snapshot_of(payload: Payload, game_id: int, version: int) -> Snapshot | None:
    """The snapshot of game `game_id` at `version`: its record, entries and replay, in this code's format, signed; None
    (and the game replayed when it is next opened) for a value this pickler cannot write, which is a bug to fix,
    logged."""
    try:
        body = dump(payload)
        return Snapshot(version, FORMAT, signature(game_id, version, FORMAT, body) + body)
    except Exception:  # a snapshot is an optimisation: it never fails the write or the read that makes it
        _log.exception("no snapshot of a game at version %s", version)
        return None


def load(snapshot: Snapshot, game_id: int) -> Payload | None:
    """The record, entries and replay of game `game_id`'s snapshot; None when another format wrote it, its signature is
    not this instance's for this game and version, or it cannot be read."""
    if snapshot.format != FORMAT:
        return None
    signed, body = snapshot.state[:SIGNATURE], snapshot.state[SIGNATURE:]
    if not hmac.compare_digest(signed, signature(game_id, snapshot.version, snapshot.format, body)):
        _log.warning(
            "the snapshot of game %s at version %s is not this instance's: the game is replayed",
            game_id,
            snapshot.version,
        )
        return None
    try:
        payload = _Reader(io.BytesIO(body)).load()
    except Exception:  # a snapshot that does not read is only a replay to do again
        return None
    if not (isinstance(payload, tuple) and len(payload) == 3 and isinstance(payload[2], Replayed)):
        return None
    return payload
