"""The replayed games this process has seen, kept per (game, version) in a bounded LRU cache.

A game's version changes with every write, so an entry never goes stale: a new version is a new key. The
values are frozen, so threads share them safely; a lock guards the dictionary itself.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from threading import Lock
from typing import Generic, TypeVar

Value = TypeVar("Value")

SIZE = 256  # about one game per table at a busy club night, with room for the games of the history pages


class Cache(Generic[Value]):
    """A bounded least-recently-used mapping, safe to share between a server's threads."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Value] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable) -> Value | None:
        """The value kept for `key`, now the most recently used, or None."""
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Value) -> None:
        """Keep `value` for `key`, forgetting the least recently used value when full."""
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        """Forget everything (a test's fresh database, or a restored backup)."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)
