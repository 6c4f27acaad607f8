"""The solver's speed: `best_arrangement` on seeded random and dense hands, and rummikub-solver on the same hands.

Each hand's time is the median of its solves in three passes over all the hands (after a warm-up on other
hands): one solve can land on a garbage collection or a busy moment of the machine, and the worst hand is a target.
Run it with `python -m bench.solver`.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import median

from bench.figures import clock, ms, percentile, table, timed, verdict
from bench.machine import describe
from bench.solver_scale import report
from referee.rules.cards import JOKER, SUITS, Card, full_deck
from referee.rules.rummy_family import rummy_rules
from referee.rules.solver import best_arrangement
from referee.rules.table import RummyRules

SEED = 20250601
HAND_SIZE = 14
RANDOM_HANDS = 200
MAX_JOKERS = 4
DENSE_HANDS = 100
WARM_UP = 30
PASSES = 3
PRESETS = {
    "kaluki": rummy_rules("kaluki"),
    # kaluki-club plays with two jokers: the house rule jokers=4 makes the same hands legal under both presets.
    "kaluki-club": rummy_rules("kaluki-club", {"jokers": MAX_JOKERS}),
}
TARGET_MEDIAN, TARGET_P99, TARGET_DENSE, TARGET_RATIO = 0.25, 3.0, 10.0, 40.0

Hand = tuple[Card, ...]


def random_hands(count: int, rng: random.Random) -> list[Hand]:
    """`count` 14-card hands dealt from two packs, as many with each number of jokers from 0 to 4."""
    naturals = list(full_deck(2, 0))
    jokers = [n % (MAX_JOKERS + 1) for n in range(count)]
    rng.shuffle(jokers)
    return [(*rng.sample(naturals, HAND_SIZE - j), *(JOKER,) * j) for j in jokers]


def dense_hands(count: int, rng: random.Random) -> list[Hand]:
    """Hands that are hard to solve: 10 cards of 2-6 neighbouring ranks in 1-4 suits (two packs), and 4 jokers.

    The ranks and suits make 5 to 12 different cards, so each card is there once or twice.
    """
    shapes = [(ranks, suits) for ranks in range(2, 7) for suits in range(1, 5) if 5 <= ranks * suits <= 12]
    hands = []
    for _ in range(count):
        ranks, suits = rng.choice(shapes)
        low, chosen = rng.randint(1, 14 - ranks), rng.sample(SUITS, suits)
        pool = [Card(rank, suit) for rank in range(low, low + ranks) for suit in chosen] * 2
        hands.append((*rng.sample(pool, HAND_SIZE - MAX_JOKERS), *(JOKER,) * MAX_JOKERS))
    return hands


def show(hand: Hand) -> str:
    """A hand in the notation players type."""
    return " ".join(str(card) for card in hand)


def solve_each(hands: Sequence[Hand], rules: RummyRules) -> list[list[float]]:
    """Each pass's time of one solve of each hand, in milliseconds."""
    return [[clock(lambda hand=hand: best_arrangement(hand, rules)) for hand in hands] for _ in range(PASSES)]


def per_hand(passes: Sequence[Sequence[float]]) -> list[float]:
    """Each hand's median time over the passes."""
    return [median(times) for times in zip(*passes, strict=True)]


def caching(passes: Sequence[Sequence[float]]) -> str | None:
    """A warning when later passes are much faster than the first: the solver remembers hands across calls."""
    first, later = median(passes[0]), median(t for times in passes[1:] for t in times)
    if first > 2 * later:
        return f"warning: the first pass (median {ms(first)} ms) is much slower than the next ({ms(later)} ms)"
    return None


def summary(label: str, rules: str, times: Sequence[float]) -> list[object]:
    """A row: count, median, p95, p99 and worst."""
    return [label, rules, len(times), *(ms(f) for f in spread(times))]


def spread(times: Sequence[float]) -> tuple[float, float, float, float]:
    """Median, p95, p99 and worst."""
    return median(times), percentile(times, 95), percentile(times, 99), max(times)


@dataclass(frozen=True)
class Rival:
    """rummikub-solver set up for our cards: numbers 1-13 in 4 colours, 2 copies of each, no jokers."""

    solve: Callable[[Hand], tuple[float, int]]  # one solve of the hand: its time in ms, and the numbers placed
    name: str


# rummikub-solver's runs stop at 13 (no Q K A): kaluki-club without the high ace has the same melds.
SAME_MELDS = rummy_rules("kaluki-club", {"ace_high": False})


def rival() -> Rival | str:
    """rummikub-solver's solver for a hand, or the reason it cannot be had here."""
    try:
        import rummikub_solver
        from rummikub_solver import RuleSet, SolverMode
    except ImportError as error:
        return f"rummikub-solver is not installed ({error}); `pip install -e '.[bench]'` adds it"
    rules = RuleSet(numbers=13, repeats=2, colours=4, jokers=0, min_len=3, min_initial_value=1)

    def solve(hand: Hand) -> tuple[float, int]:
        state = rules.new_game()
        # Tiles are numbered colour by colour: suit s, rank r is tile 13 * s + r.
        state.add_rack(*(13 * SUITS.index(card.suit) + card.rank for card in hand))
        found, elapsed = timed(lambda: rules.solve(state, SolverMode.TOTAL_VALUE))
        return elapsed, sum((int(tile) - 1) % 13 + 1 for tile in found.tiles) if found else 0  # tile 13s + r

    return Rival(solve, f"rummikub-solver {rummikub_solver.__version__} ({rules.backend})")


def numbers_placed(hand: Hand) -> int:
    """The sum of the ranks (ace 1) our solver lays under rummikub-solver's melds: its objective, on our answer.

    Our tables count an ace 11 in a group, so the two optima may differ on a hand with aces: such hands are counted
    and left out of the ratios.
    """
    return sum(card.rank for meld in best_arrangement(hand, SAME_MELDS).melds for card in meld)


def compare(hands: Sequence[Hand]) -> tuple[str, float | None]:
    """Time rummikub-solver and ours hand by hand on the joker-free hands; the tables and the lower ratio of medians.

    The ratios count the hands on which both find the same optimum. Without rummikub-solver, our times alone.
    """
    found = rival()
    presets = {**PRESETS, "kaluki-club, ace_high=no": SAME_MELDS}
    for hand in hands[:WARM_UP]:
        if not isinstance(found, str):
            found.solve(hand)
        best_arrangement(hand, PRESETS["kaluki-club"])
    their_passes: list[list[float]] = [[] for _ in range(PASSES)]
    placed: list[int] = []
    our_passes: dict[str, list[list[float]]] = {name: [[] for _ in range(PASSES)] for name in presets}
    # Each pass times every hand with one solver, then with the next: a call of rummikub-solver (cvxpy, HiGHS) leaves
    # the caches cold for the next call, which made ours about 1.8× slower when the two took turns hand by hand.
    for run in range(PASSES):
        if not isinstance(found, str):
            for hand in hands:
                elapsed, value = found.solve(hand)
                their_passes[run].append(elapsed)
                if run == 0:
                    placed.append(value)
        for name, rules in presets.items():
            for hand in hands:
                our_passes[name][run].append(clock(lambda hand=hand, rules=rules: best_arrangement(hand, rules)))
    ours = {f"referee {name}": per_hand(passes) for name, passes in our_passes.items()}
    if isinstance(found, str):
        rows = [[name, len(t), *(ms(f) for f in spread(t))] for name, t in ours.items()]
        return f"{table(['solver', 'n', 'median', 'p95', 'p99', 'worst'], rows)}\n\n{found}: our figures alone.", None
    same = [n for n, hand in enumerate(hands) if numbers_placed(hand) == placed[n]]
    differ = [show(hands[n]) for n in range(len(hands)) if n not in same]
    theirs = [per_hand(their_passes)[n] for n in same]
    ours = {name: [t[n] for n in same] for name, t in ours.items()}
    timed_here = {found.name: theirs, **ours}
    rows = [[name, len(t), *(ms(f) for f in spread(t))] for name, t in timed_here.items()]
    ratios = []
    for name, t in ours.items():
        per = [a / b for a, b in zip(theirs, t, strict=True)]
        ratios.append([name, f"{median(theirs) / median(t):.0f}×", f"{median(per):.0f}×", f"{min(per):.0f}×"])
    headers = ["rummikub-solver ÷", "ratio of medians", "median of per-hand ratios", "lowest per-hand ratio"]
    agreed = f"The same optimum (the numbers placed) on {len(same)} of {len(hands)} hands" + (
        f"; not on: {'; '.join(differ)}" if differ else ""
    )
    text = f"{agreed}.\n\n{table(['solver', 'n', 'median', 'p95', 'p99', 'worst'], rows)}\n\n{table(headers, ratios)}"
    return text, min(median(theirs) / median(t) for t in ours.values())


def by_jokers(hands: Sequence[Hand], timed: dict[str, list[float]]) -> str:
    """The random hands' times by number of jokers."""
    rows = []
    for name, times in timed.items():
        for jokers in range(MAX_JOKERS + 1):
            some = [t for hand, t in zip(hands, times, strict=True) if hand.count(JOKER) == jokers]
            rows.append([name, jokers, len(some), ms(median(some)), ms(percentile(some, 95)), ms(max(some))])
    return table(["rules", "jokers", "n", "median", "p95", "worst"], rows)


def slowest(groups: dict[str, tuple[Sequence[Hand], dict[str, list[float]]]]) -> str:
    """The slowest hand of each kind under each preset, with its cards."""
    rows = []
    for label, (hands, by_rules) in groups.items():
        for name, times in by_rules.items():
            worst = max(range(len(times)), key=times.__getitem__)
            rows.append([label, name, ms(times[worst]), show(hands[worst])])
    return table(["hands", "rules", "ms", "hand"], rows)


def targets(random_times: dict[str, list[float]], dense_times: dict[str, list[float]], ratio: float | None) -> str:
    """Each target of the issue, under each preset: what was measured, met or missed."""
    rows = []
    for name in PRESETS:
        mid, p99 = median(random_times[name]), percentile(random_times[name], 99)
        worst = max(dense_times[name])
        rows.append([f"{name}: median ≤ 0.25 ms", ms(mid), verdict(mid, TARGET_MEDIAN)])
        rows.append([f"{name}: p99 ≤ 3 ms", ms(p99), verdict(p99, TARGET_P99)])
        rows.append([f"{name}: worst dense hand ≤ 10 ms", ms(worst), verdict(worst, TARGET_DENSE)])
    if ratio is None:
        rows.append(["≥ 40× faster than rummikub-solver", "n/a", "not measured: rummikub-solver is missing"])
    else:
        rows.append(["≥ 40× faster than rummikub-solver", f"{ratio:.0f}×", verdict(ratio, TARGET_RATIO, at_least=True)])
    return table(["target", "measured", "verdict"], rows)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the solver's figures, the comparison with rummikub-solver, and each target met or missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seed", type=int, default=SEED)
    seed = parser.parse_args(argv).seed
    rng = random.Random(seed)
    warm = random_hands(WARM_UP, random.Random(seed - 1))
    hands = random_hands(RANDOM_HANDS, rng)
    dense = dense_hands(DENSE_HANDS, rng)
    print(f"## Solver: best_arrangement\n\n{describe()}\n")
    print(
        f"{RANDOM_HANDS} random {HAND_SIZE}-card hands from two packs (seed {seed}, {RANDOM_HANDS // 5} each with 0-4\n"
        f"jokers) and {DENSE_HANDS} dense hands (10 cards of 2-6 neighbouring ranks in 1-4 suits, and 4 jokers).\n"
        f"Each hand's time is the median of {PASSES} passes after a warm-up; kaluki-club with the house rule jokers=4\n"
        "(it plays with two). Times in ms.\n"
    )
    for rules in PRESETS.values():
        solve_each(warm, rules)
    passes = {
        (kind, name): solve_each(group, rules)
        for kind, group in (("random", hands), ("dense", dense))
        for name, rules in PRESETS.items()
    }
    times = {key: per_hand(p) for key, p in passes.items()}
    random_times = {name: times["random", name] for name in PRESETS}
    dense_times = {name: times["dense", name] for name in PRESETS}
    label = {"random": "random, 0-4 jokers", "dense": "dense, 4 jokers"}
    print(
        table(
            ["hands", "rules", "n", "median", "p95", "p99", "worst"],
            [summary(label[k], n, t) for (k, n), t in times.items()],
        )
    )
    for warning in filter(None, map(caching, passes.values())):
        print(warning)
    print(f"\nBy number of jokers:\n\n{by_jokers(hands, random_times)}")
    print(f"\nSlowest hands:\n\n{slowest({'random': (hands, random_times), 'dense': (dense, dense_times)})}")

    joker_free = [hand for hand in hands if JOKER not in hand]
    print(f"\n### Against rummikub-solver on the {len(joker_free)} joker-free hands\n")
    print(
        "rummikub-solver maximises the value placed (SolverMode.TOTAL_VALUE, an empty table): numbers 1-13 in\n"
        "4 colours, 2 copies, groups of distinct colours, runs without wrapping; ours under kaluki-club without the\n"
        "high ace lays the same melds.\n"
        f"The same hands in the same run, each pass one solver over all the hands, then the next; each time the\n"
        f"median of {PASSES} passes. Times in ms.\n"
    )
    text, ratio = compare(joker_free)
    print(text)
    print(f"\nTargets:\n\n{targets(random_times, dense_times, ratio)}")
    print(f"\n{report(seed)}")


if __name__ == "__main__":
    main()
