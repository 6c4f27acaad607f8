"""The solver at scale: time against hand size and jokers, hands per second through `referee best -`, and start-up.

Run by `python -m bench.solver` after its own figures; `python -m bench.solver_scale` runs these alone.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from statistics import median

from bench.figures import clock, ms, table
from bench.machine import describe
from referee.rules.cards import JOKER, Card, full_deck
from referee.rules.rummy_family import rummy_rules
from referee.rules.solver import best_arrangement

SIZES = (8, 11, 14, 17, 20)
JOKERS = range(5)
PER_CELL = 20
# kaluki takes hands of up to hand_size + 4 cards: hand_size 16 lets the growth table reach 20 cards.
GROWTH_RULES = rummy_rules("kaluki", {"hand_size": 16})
BATCH_HANDS = 2000
STARTS = 10
REFEREE = Path(sys.executable).parent / "referee"


def hands_of(size: int, jokers: int, count: int, rng: random.Random) -> list[tuple[Card, ...]]:
    """`count` hands of `size` cards from two packs, `jokers` of them jokers."""
    naturals = list(full_deck(2, 0))
    return [(*rng.sample(naturals, size - jokers), *(JOKER,) * jokers) for _ in range(count)]


def growth(rng: random.Random) -> str:
    """Median and worst time (ms) by hand size and jokers, each hand the fastest of 3 solves."""
    rows = []
    for size in SIZES:
        row: list[object] = [size]
        for jokers in JOKERS:
            times = [
                min(clock(lambda hand=hand: best_arrangement(hand, GROWTH_RULES)) for _ in range(3))
                for hand in hands_of(size, jokers, PER_CELL, rng)
            ]
            row.append(f"{ms(median(times))} / {ms(max(times))}")
        rows.append(row)
    return table(["cards", *(f"{j} jokers" for j in JOKERS)], rows)


def batch_input(rng: random.Random) -> str:
    """`BATCH_HANDS` 14-card kaluki hands with 0-4 jokers, one a line, as `referee best -` reads them."""
    hands = [hand for n in range(BATCH_HANDS) for hand in hands_of(14, n % 5, 1, rng)]
    return "".join(" ".join(str(card) for card in hand) + "\n" for hand in hands)


def through_the_command(given: str, jobs: int) -> float:
    """Wall time (s) of one `referee best -` over the lines of `given`, start-up included."""
    start = time.perf_counter()
    done = subprocess.run(
        [str(REFEREE), "best", "--preset", "kaluki", "--jobs", str(jobs), "-"],
        input=given,
        capture_output=True,
        text=True,
        check=True,
    )
    elapsed = time.perf_counter() - start
    assert len(done.stdout.splitlines()) == BATCH_HANDS, done.stderr  # noqa: S101 — every hand answered
    return elapsed


def start_up() -> tuple[float, float]:
    """Median wall time (ms) of one `referee best` call on a small hand, and of a bare Python start."""
    command = [str(REFEREE), "best", "9H", "9S", "9D"]
    bare = [sys.executable, "-c", "pass"]
    ours = [clock(lambda: subprocess.run(command, capture_output=True, check=True)) for _ in range(STARTS)]
    python = [clock(lambda: subprocess.run(bare, capture_output=True, check=True)) for _ in range(STARTS)]
    return median(ours), median(python)


def report(seed: int) -> str:
    """The growth table, the batch rates and the start-up, as Markdown."""
    rng = random.Random(seed)
    parts = [
        f"### Growth: time by hand size and jokers\n\n{PER_CELL} random hands a cell from two packs (seed {seed}), "
        "kaluki with the house rule hand_size=16 (so that 20 cards are taken); each hand the fastest of 3 solves. "
        f"Median / worst, in ms.\n\n{growth(rng)}"
    ]
    given = batch_input(rng)
    rates = []
    for jobs in (1, 2):
        elapsed = min(through_the_command(given, jobs) for _ in range(2))
        rates.append([f"`referee best -`{' --jobs 2' if jobs == 2 else ''}", f"{BATCH_HANDS / elapsed:,.0f}"])
    ours, python = start_up()
    rates.append(["one `referee best` call, start to end (ms)", ms(ours)])
    rates.append(["a bare `python -c pass`, for comparison (ms)", ms(python)])
    parts.append(
        f"### Batch and start-up\n\n{BATCH_HANDS} random 14-card kaluki hands with 0-4 jokers through one "
        "command (start-up included; the better of 2 runs), hands per second; then the start-up of one call "
        f"(median of {STARTS}).\n\n{table(['measure', 'figure'], rates)}"
    )
    return "\n\n".join(parts)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the growth table, the batch rates and the start-up."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=20250601)
    seed = parser.parse_args(argv).seed
    print(f"## Solver at scale\n\n{describe()}\n\n{report(seed)}")


if __name__ == "__main__":
    main()
