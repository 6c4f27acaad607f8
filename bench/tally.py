"""What a kind of request met in a load run: the answers' times and statuses, the errors, and a table row."""

from __future__ import annotations

import socket
from collections import Counter
from dataclasses import dataclass, field

from bench.figures import ms, percentile


@dataclass
class Tally:
    """What one kind of request met: the times of the answers (ms), their statuses, and the errors by kind."""

    times: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    errors: Counter[str] = field(default_factory=Counter)
    lags: list[float] = field(default_factory=list)  # how late each request left against its schedule (ms)
    by_status: dict[int, list[float]] = field(default_factory=dict)  # the answers' times (ms), per status
    connections: int = 0  # connections opened

    def add(self, other: Tally) -> None:
        """Fold another thread's tally into this one."""
        self.times += other.times
        self.statuses.update(other.statuses)
        self.errors.update(other.errors)
        self.lags += other.lags
        for status, times in other.by_status.items():
            self.by_status.setdefault(status, []).extend(times)
        self.connections += other.connections

    @property
    def error_count(self) -> int:
        """Every request that ended without an expected answer."""
        return sum(self.errors.values())


def kind_of(error: BaseException) -> str:
    """A short name for why a request got no answer."""
    if isinstance(error, socket.timeout | TimeoutError):
        return "timeout"
    if isinstance(error, ConnectionRefusedError):
        return "refused"
    if isinstance(error, ConnectionResetError | BrokenPipeError):
        return "reset"
    return type(error).__name__


def of_status(tally: Tally, status: int) -> Tally:
    """The answers of one status alone, as a tally of their own (for a row of their own)."""
    times = tally.by_status.get(status, [])
    return Tally(times=list(times), statuses=Counter({status: len(times)}) if times else Counter())


def summary(name: str, tally: Tally, duration: float) -> list[object]:
    """A row: count, rate, statuses, p50/p95/p99/max, errors."""
    times = tally.times
    statuses = ", ".join(f"{count} × {status}" for status, count in sorted(tally.statuses.items())) or "—"
    errors = ", ".join(f"{count} {kind}" for kind, count in tally.errors.most_common()) or "0"
    count = len(tally.times) + sum(v for k, v in tally.errors.items() if not k.startswith("status"))
    return [
        name, count, f"{len(tally.times) / duration:.1f}", statuses,
        *((ms(percentile(times, p)) for p in (50, 95, 99)) if times else ["—"] * 3), ms(max(times)) if times else "—",
        errors,
    ]  # fmt: skip


HEADERS = ["requests", "sent", "answered / s", "statuses", "p50", "p95", "p99", "max", "errors"]
