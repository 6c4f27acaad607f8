"""What this process has seen, kept per key in a bounded LRU cache: the replayed games, per (game, version).

A game's version changes with every write, so an entry never goes stale: a new version is a new key. The
values are frozen, so threads share them safely; a lock guards the dictionary itself. A cache is bounded by a
count of values, or by their weight (`weigh`): a game's book weighs its entries, so that a cache of long games
holds fewer of them and its memory stays bounded whatever the games.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock
from typing import Generic, TypeVar

Value = TypeVar("Value")

SIZE = 256  # values kept when each weighs one


def _one(value: object) -> int:
    return 1


class Cache(Generic[Value]):
    """A bounded least-recently-used mapping, safe to share between a server's threads.

    It keeps values until their weights (`weigh`, one each by default) add up to more than `size`, then forgets
    the least recently used; the value just kept stays, however heavy.
    """

    def __init__(self, size: int = SIZE, *, weigh: Callable[[Value], int] = _one) -> None:
        self.size = size
        self.weigh = weigh
        self.weight = 0
        self._items: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()
        self._lock = Lock()

    def get(self, key: Hashable) -> Value | None:
        """The value kept for `key`, now the most recently used, or None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                return None
            self._items.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: Value) -> None:
        """Keep `value` for `key`, forgetting the least recently used values while the cache weighs too much."""
        weight = self.weigh(value)
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self.weight -= old[1]
            self._items[key] = (value, weight)
            self.weight += weight
            while self.weight > self.size and len(self._items) > 1:
                _, (_, gone) = self._items.popitem(last=False)
                self.weight -= gone

    def clear(self) -> None:
        """Forget everything (a test's fresh database, or a restored backup)."""
        with self._lock:
            self._items.clear()
            self.weight = 0

    def __len__(self) -> int:
        return len(self._items)
