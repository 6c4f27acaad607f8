"""Can a hand open? The melds of one turn that meet the opening rules (docs/rules.md §2, Opening; §2, The best hand).

The best arrangement lays the most value over as many turns as it takes; an opening is one turn. With
`distinct_melds` two melds holding the same cards may not both be laid in it, so a hand whose best arrangement
lays twins may still open with other melds (`JK 10♣ 9♣ 9♣ JK 10♣`: the twin runs do not open, `9♣ 10♣ JK JK`
does); with `opening_scope = single_meld` one meld must reach the threshold alone, and the arrangement laying the
most may split it (`A♥ … 9♥` under `run_max` 8). So the question has its own search: the melds of one turn that
count the most towards the opening, twins never twice. It searches the hand as the best arrangement does (the
lowest natural card left: laid in a meld, or kept), and takes the melds of one card in a fixed order, each once
where twins are refused, so that no set of melds is tried twice. The hand is never counted as laid all in one:
`best` cannot know the cards are the player's whole hand (docs/rules.md §2, The best hand).
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from referee.rules.solver_melds import COUNT, FIELD, Countdown, Kinds, Meld, joker_values, state_masks
from referee.rules.table import RummyRules


def opening_melds(
    kinds: Kinds,
    jokers: int,
    melds: Sequence[Meld],
    chosen: Sequence[Meld],
    rules: RummyRules,
    deadline: float | None,
) -> tuple[Meld, ...] | None:
    """Melds of the hand that open when laid in one turn, or None when no melds of it do.

    `melds` are every meld the hand makes, `chosen` the best arrangement's: when those, laid in one turn (a twin
    once), open, they are the answer; else the melds of one turn counting the most towards the opening. Raises
    `OutOfTime` past `deadline`.
    """
    turn = one_turn(chosen, rules)
    if turn and reaches(turn, rules):
        return turn
    threshold = rules.opening_threshold
    if rules.opening_scope == "single_meld":
        richest = max(melds, key=attrgetter("value"), default=None)
        return None if richest is None or richest.value < threshold else (richest,)
    found = _Towards(kinds, jokers, melds, rules).run(deadline)
    return found if found and sum(meld.value for meld in found) >= threshold else None


def one_turn(melds: Sequence[Meld], rules: RummyRules) -> tuple[Meld, ...]:
    """The melds as laid in one turn: with `distinct_melds`, a meld holding the same cards as an earlier one waits."""
    if not rules.distinct_melds:
        return tuple(melds)
    seen: dict[int, Meld] = {}
    for meld in melds:
        seen.setdefault(meld.takes, meld)  # the same cards, jokers included, are the same integer
    return tuple(seen.values())


def reaches(melds: Sequence[Meld], rules: RummyRules) -> bool:
    """Whether melds laid in one turn reach the threshold: their total, or one of them under `single_meld`."""
    values = [meld.value for meld in melds]
    reached = max(values, default=0) if rules.opening_scope == "single_meld" else sum(values)
    return bool(melds) and reached >= rules.opening_threshold


class _Towards:
    """The memoised search for the melds of one turn worth the most towards the opening (`turn_total`).

    A state is what is left of the hand (one integer, as in the best arrangement's search) and where, among the melds
    of its lowest card, the next may be taken from: they are taken in the order listed, and with `distinct_melds`
    each at most once; once that card is kept, no meld of it follows.
    """

    def __init__(self, kinds: Kinds, jokers: int, melds: Sequence[Meld], rules: RummyRules) -> None:
        size = len(kinds.cards)
        self.unit, self.guard, self.naturals = state_masks(size)
        self.top = kinds.top
        joker_top = joker_values(rules)[1]
        used = 0
        for meld in melds:
            used |= meld.takes
        self.start, self.bound = jokers << FIELD * size, joker_top * jokers
        for kind in range(size):
            if used >> FIELD * kind & COUNT:  # a kind no meld takes stays in hand: the search starts without it
                self.start += kinds.counts[kind] << FIELD * kind
                self.bound += kinds.top[kind] * kinds.counts[kind]
        self.by_anchor: list[list[tuple[int, int, int, Meld]]] = [[] for _ in range(size)]
        for meld in sorted(melds, key=attrgetter("value"), reverse=True):  # the richest first: the bound cuts more
            self.by_anchor[meld.anchor].append((meld.takes, meld.value, meld.top + joker_top * meld.jokers, meld))
        self.step = 1 if rules.distinct_melds else 0  # twins: the next meld of the same card comes after this one

    def run(self, deadline: float | None) -> tuple[Meld, ...]:
        """The melds of one turn worth the most towards the opening; `OutOfTime` past `deadline`."""
        memo: dict[tuple[int, int], int] = {}
        picks: dict[tuple[int, int], tuple[int, int, Meld | None]] = {}
        unit, guard, naturals, by_anchor, top, step = (
            self.unit, self.guard, self.naturals, self.by_anchor, self.top, self.step,
        )  # fmt: skip
        countdown = Countdown(deadline)

        def after(rest: int, anchor: int, at: int) -> int:
            """Where the next meld is taken from: `at` while the same card is the lowest left, else the first."""
            return at if rest >> FIELD * anchor & COUNT else 0

        def solve(state: int, at: int, bound: int) -> int:
            if not state & naturals:
                return 0
            key = (state, at)
            found = memo.get(key)
            if found is not None:
                return found
            countdown.tick()
            anchor = ((state & -state).bit_length() - 1) // FIELD
            options = by_anchor[anchor]
            best = -1
            pick: tuple[int, int, Meld | None] | None = None
            for index in range(at, len(options)):
                delta, value, cut, meld = options[index]
                if ((state | guard) - delta) & guard != guard or value + bound - cut <= best:
                    continue
                rest, next_at = state - delta, after(state - delta, anchor, index + step)
                total = value + solve(rest, next_at, bound - cut)
                if total > best:
                    best, pick = total, (rest, next_at, meld)
            if bound - top[anchor] > best:  # keeping the card can still do better; no meld of it follows
                rest = state - unit[anchor]
                next_at = after(rest, anchor, len(options))
                kept = solve(rest, next_at, bound - top[anchor])
                if kept > best:
                    best, pick = kept, (rest, next_at, None)
            memo[key] = best
            if pick is not None:
                picks[key] = pick
            return best

        countdown.passed()
        solve(self.start, 0, self.bound)
        chosen: list[Meld] = []
        key = (self.start, 0)
        while key in picks:
            rest, next_at, meld = picks[key]
            if meld is not None:
                chosen.append(meld)
            key = (rest, next_at)
        return tuple(chosen)
