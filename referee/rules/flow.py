"""The most that flows through a network: how the referee matches cards to the melds that may hold them.

Keeping three cards of each meld in the melds after (`keep_three`), and a run's jokers with their run or the cards that
take their places, are each a matching of many to many: a flow from a source, through the cards, to a sink.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Hashable, Mapping
from typing import TypeVar

Node = TypeVar("Node", bound=Hashable)


def max_flow(capacity: Mapping[tuple[Node, Node], int], source: Node, sink: Node) -> int:
    """The most that flows from `source` to `sink` through edges of the given `capacity` (shortest paths first).

    >>> max_flow({("s", "a"): 2, ("a", "t"): 1, ("s", "b"): 1, ("b", "t"): 3}, "s", "t")
    2
    >>> max_flow({("s", "a"): 2}, "s", "t")
    0
    """
    residual = Counter(capacity)
    links: dict[Node, set[Node]] = {source: set(), sink: set()}
    for start, end in capacity:
        links.setdefault(start, set()).add(end)
        links.setdefault(end, set()).add(start)
    flow = 0
    while True:
        came_from: dict[Node, Node | None] = {source: None}
        queue = deque([source])
        while queue and sink not in came_from:
            here = queue.popleft()
            for there in links[here]:  # every node reached is an end of some edge
                if there not in came_from and residual[here, there] > 0:
                    came_from[there] = here
                    queue.append(there)
        if sink not in came_from:
            return flow
        path, node = [], sink
        while (before := came_from[node]) is not None:
            path.append((before, node))
            node = before
        push = min(residual[edge] for edge in path)
        for start, end in path:
            residual[start, end] -= push
            residual[end, start] += push
        flow += push
