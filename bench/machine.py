"""The machine a benchmark ran on: CPU model, cores, Python, operating system and the date."""

from __future__ import annotations

import os
import platform
import time
from datetime import UTC, datetime
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name as /proc/cpuinfo gives it (or what `platform` knows elsewhere)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def memory() -> str:
    """The machine's memory, from /proc/meminfo, in GiB."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal:"):
                return f"{int(line.split()[1]) / 2**20:.0f} GiB"
    except OSError:
        pass
    return "unknown"


def pace() -> float:
    """The machine's pace, so that runs on different days compare: ms for a million additions in a Python loop.

    The best of five, so that it measures the core rather than the other work on it (the load says that).
    """
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        total = 0
        for number in range(1_000_000):
            total += number
        best = min(best, time.perf_counter() - start)
    return best * 1000


def describe() -> str:
    """One line naming the machine, the Python and the date (UTC)."""
    cores = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cores
    cpu = f"{cpu_model()}, {cores} cores" + (f" ({usable} usable)" if usable != cores else "")
    python = f"{platform.python_implementation()} {platform.python_version()}"
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    line = f"machine: {cpu}, {memory()}, {platform.system()} {platform.release()}; {python}; {date}"
    line += f"; pace {pace():.0f} ms a million additions"
    if hasattr(os, "getloadavg"):
        load = os.getloadavg()[0]
        line += f"; load {load:.2f} at the start"
        if load > usable / 2:
            line += " (a busy machine: other work slows these figures down)"
    return line
