"""Figures from timings: percentiles by nearest rank, the clock, and tables printed as Markdown."""

from __future__ import annotations

import gc
import math
import re
import time
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")


def percentile(values: Sequence[float], p: float) -> float:
    """The nearest-rank `p`th percentile: the smallest value with at least `p`% of the values at or below it.

    >>> percentile([5, 1, 4, 2, 3], 50), percentile(range(1, 201), 99), percentile([7], 95)
    (3, 198, 7)
    """
    ordered = sorted(values)
    return ordered[max(math.ceil(p / 100 * len(ordered)), 1) - 1]


def timed(action: Callable[[], T]) -> tuple[T, float]:
    """What one call of `action` returns, and how long it took in milliseconds."""
    start = time.perf_counter_ns()
    result = action()
    return result, (time.perf_counter_ns() - start) / 1e6


def clock(action: Callable[[], object]) -> float:
    """How long one call of `action` takes, in milliseconds."""
    return timed(action)[1]


def runs(action: Callable[[], object], times: int, warm_up: int) -> list[float]:
    """`times` timings of `action` in milliseconds, after `warm_up` untimed calls and a garbage collection."""
    for _ in range(warm_up):
        action()
    gc.collect()
    return [clock(action) for _ in range(times)]


def verdict(measured: float, target: float, *, at_least: bool = False) -> str:
    """`met`, or by how much a ceiling (or, `at_least`, a floor) was missed.

    >>> verdict(0.2, 0.25), verdict(0.26, 0.25), verdict(1.0, 0.25), verdict(10, 40, at_least=True)
    ('met', 'missed by 4%', 'missed by 4.0×', 'missed: 4.0× short')
    """
    if (measured >= target) if at_least else (measured <= target):
        return "met"
    if at_least:
        return f"missed: {target / measured:.1f}× short"
    over = measured / target
    return f"missed by {(over - 1) * 100:.0f}%" if over < 1.5 else f"missed by {over:.1f}×"


def ms(value: float) -> str:
    """A time in milliseconds, with three significant figures below 100."""
    return f"{value:.3g}" if value < 100 else f"{value:.0f}"


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A Markdown table, columns padded, numbers (and figures like `1.2×`) aligned right."""
    cells = [[str(c) for c in headers], *([str(c) for c in row] for row in rows)]
    widths = [max(3, *(len(row[i]) for row in cells)) for i in range(len(headers))]  # a rule needs 3
    right = [i > 0 and all(_numeric(row[i]) for row in cells[1:]) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        padded = (c.rjust(w) if r else c.ljust(w) for c, w, r in zip(row, widths, right, strict=True))
        return "| " + " | ".join(padded) + " |"

    rule = "| " + " | ".join(("-" * (w - 1) + ":") if r else "-" * w for w, r in zip(widths, right, strict=True)) + " |"
    return "\n".join([line(cells[0]), rule, *(line(row) for row in cells[1:])])


_NUMBER = re.compile(r"[-+]?[\d.,]+(e[-+]?\d+)?( ?[%×]| ms| KB| B)?|—|n/a")


def _numeric(text: str) -> bool:
    return _NUMBER.fullmatch(text) is not None
