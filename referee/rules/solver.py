"""The best arrangement of a hand: the melds that lay the most value (or leave the least penalty), exactly.

Every meld holds a natural card, so the search takes the lowest natural card left and tries each way it can
be used: laid in one of the melds it is the lowest natural card of (the richest first), or kept in hand. What
is left of the hand is one integer (a count per kind of card, and the jokers), so a meld is taken by one
subtraction and each state is solved once. A way is not tried when all the cards it leaves could not make it
better than the best found for that state (each card counted at its most in a meld): the answer is the same,
found sooner. Of arrangements equal on both criteria (docs/formats.md), the first found is kept.
A search that passes its time budget stops and says so: it never answers with a "best" it did not prove.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from referee.rules.cards import JOKER, Card, canonical
from referee.rules.option_words import preset_said
from referee.rules.solver_melds import (
    FIELD,
    Countdown,
    Kinds,
    Meld,
    OutOfTime,
    count_kinds,
    fields,
    hand_melds,
    joker_values,
    state_masks,
)
from referee.rules.solver_opening import opening_melds
from referee.rules.table import RummyRules
from referee.rules.values import most_cards_arranged, most_cards_held
from referee.rules.words import say

OBJECTIVES = ("value", "penalty")
BUDGET = 2.0  # seconds: what the desk and `referee best` give one hand before they say it is too long to work out
LONGEST_BUDGET = 10.0  # seconds: the most `--budget` or REFEREE_BEST_BUDGET may be (the slowest hand found: 20 ms)


class SolverError(ValueError):
    """A hand the solver does not answer for: too many cards, or a search that passed its time budget."""


class HandTooLarge(SolverError):
    """More cards than a player can hold, and the margin, under these rules."""


class SearchTooLong(SolverError):
    """The search passed its time budget before it could prove the best arrangement."""


@dataclass(frozen=True)
class Arrangement:
    """The melds to lay, their value, whether the hand can open, the cards left with their penalty, the whole hand's,
    and melds of the hand that open in one turn (None when none do)."""

    melds: tuple[tuple[Card, ...], ...]
    laid_value: int
    opens: bool  # some melds of the hand open: not always `melds`, which may lay twins or split a run
    left: tuple[Card, ...]
    penalty: int
    hand_penalty: int = 0  # what the whole hand costs if the round ends before these melds are laid
    opening: tuple[tuple[Card, ...], ...] | None = None  # melds that open in one turn; `melds` (a twin once) if they do

    def as_json(self) -> dict[str, Any]:
        """The `best` object of docs/formats.md, with `hand_penalty` (the whole hand's penalty today) and `opening`."""
        return {
            "melds": [canonical(meld) for meld in self.melds],
            "laid_value": self.laid_value,
            "opens": self.opens,
            "left": canonical(self.left),
            "penalty": self.penalty,
            "hand_penalty": self.hand_penalty,
            "opening": None if self.opening is None else [canonical(meld) for meld in self.opening],
        }


def best_arrangement(
    hand: Sequence[Card], rules: RummyRules, minimise: str = "value", *, budget: float | None = None
) -> Arrangement:
    """The melds laying the most value (`minimise="value"`: then the least penalty left), or leaving the least
    penalty (`minimise="penalty"`: then the most value), under `rules`.

    A hand of more than `most_cards_arranged` cards raises `HandTooLarge`; a search longer than `budget`
    seconds (None: no limit) raises `SearchTooLong`.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> best = best_arrangement(parse_cards("9C 9D 9H 9S 5H 6H 7H KC"), rummy_rules("kaluki"))
    >>> best.laid_value, best.opens, [str(c) for c in best.left], best.penalty, best.hand_penalty
    (54, True, ['KC'], 10, 64)
    >>> twins = best_arrangement(parse_cards("JK 10C 9C 9C JK 10C"), rummy_rules("kaluki"))  # distinct_melds
    >>> twins.laid_value, twins.opens, [[str(c) for c in meld] for meld in twins.opening or ()]
    (68, True, [['JK', 'JK', '9C', '10C']])
    """
    if minimise not in OBJECTIVES:
        raise ValueError(f"minimise takes {' or '.join(OBJECTIVES)}, not {minimise!r}")
    verify_hand_size(len(hand), rules)
    deadline = None if budget is None else time.perf_counter() + budget
    kinds, jokers = count_kinds(hand, rules)
    melds = hand_melds(kinds, jokers, rules)
    try:
        chosen = _Search(kinds, jokers, melds, rules, minimise == "value").run(deadline)
        opening = opening_melds(kinds, jokers, melds, chosen, rules, deadline)
    except OutOfTime:
        raise too_long(budget or 0) from None
    return _arrangement(kinds, jokers, chosen, opening, rules)


def verify_hand_size(cards: int, rules: RummyRules) -> None:
    """Refuse a hand of more cards than the solver takes under `rules`: a hand and a few cards more.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> verify_hand_size(17, rummy_rules("kaluki"))
    >>> verify_hand_size(18, rummy_rules("kaluki"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    referee.rules.solver.HandTooLarge: 18 cards: the best way to lay a hand is worked out for 17 cards at most in ...
    """
    most = most_cards_arranged(rules)
    if cards > most:
        raise HandTooLarge(
            say(
                "{count} cards: the best way to lay a hand is worked out for {most} cards at most in {preset} "
                "(a hand holds {held})",
                count=cards,
                most=most,
                preset=preset_said(rules.preset),
                held=most_cards_held(rules),
            )
        )


def too_long(budget: float) -> SearchTooLong:
    """The refusal of a search that passed `budget` seconds, in the player's words."""
    return SearchTooLong(
        say(
            "this hand has too many ways to lay it to work out in {seconds} seconds: no best arrangement is given",
            seconds=f"{budget:g}",
        )
    )


class _Search:
    """The memoised search over what is left of the hand, each state one integer (`FIELD` bits a kind)."""

    def __init__(self, kinds: Kinds, jokers: int, melds: list[Meld], rules: RummyRules, by_value: bool) -> None:
        size = len(kinds.cards)
        self.unit, self.guard, self.naturals = state_masks(size)
        joker_pen, joker_top = joker_values(rules)
        # One integer scores a meld: the objective, then the other criterion below it (`scale` exceeds its sum).
        scale = sum(max(p, t) * n for p, t, n in zip(kinds.penalty, kinds.top, kinds.counts, strict=True))
        scale += max(joker_pen, joker_top) * jokers + 1
        if by_value:
            self.weight = [top * scale + pen for top, pen in zip(kinds.top, kinds.penalty, strict=True)]
        else:
            self.weight = [pen * scale + top for top, pen in zip(kinds.top, kinds.penalty, strict=True)]
        joker_weight = joker_top * scale + joker_pen if by_value else joker_pen * scale + joker_top
        # Kinds no meld takes are always left in hand: the search starts without them.
        used = 0
        for meld in melds:
            used |= meld.takes
        self.start, self.bound = jokers << FIELD * size, joker_weight * jokers
        for kind, _ in fields(used, size):
            self.start += kinds.counts[kind] << FIELD * kind
            self.bound += self.weight[kind] * kinds.counts[kind]
        self.by_anchor: list[list[tuple[int, int, int, Meld]]] = [[] for _ in range(size)]
        for meld in melds:
            saved = meld.penalty + joker_pen * meld.jokers
            top = meld.top + joker_top * meld.jokers
            gain, cut = (
                (meld.value * scale + saved, top * scale + saved)
                if by_value
                else (saved * scale + meld.value, saved * scale + top)
            )
            self.by_anchor[meld.anchor].append((meld.takes, gain, cut, meld))
        for options in self.by_anchor:  # the richest melds first: the bound then cuts more of the others
            if len(options) > 1:
                options.sort(key=itemgetter(1), reverse=True)

    def run(self, deadline: float | None) -> list[Meld]:
        """The melds of the best arrangement, by their lowest card; `OutOfTime` past `deadline`."""
        memo: dict[int, int] = {}
        picks: dict[int, tuple[int, Meld]] = {}
        unit, guard, naturals, by_anchor, weight = self.unit, self.guard, self.naturals, self.by_anchor, self.weight
        countdown = Countdown(deadline)

        def solve(state: int, bound: int) -> int:
            if not state & naturals:
                return 0
            found = memo.get(state)
            if found is not None:
                return found
            countdown.tick()
            anchor = ((state & -state).bit_length() - 1) // FIELD
            best, pick = -1, None
            for delta, gain, cut, meld in by_anchor[anchor]:
                if ((state | guard) - delta) & guard != guard or gain + bound - cut <= best:
                    continue
                total = gain + solve(state - delta, bound - cut)
                if total > best:
                    best, pick = total, (delta, meld)
            if bound - weight[anchor] > best:  # keeping the card in hand can still do better
                kept = solve(state - unit[anchor], bound - weight[anchor])
                if kept > best:
                    best, pick = kept, None
            memo[state] = best
            if pick is not None:
                picks[state] = pick
            return best

        countdown.passed()  # listing the melds took the whole budget
        solve(self.start, self.bound)
        chosen, state = [], self.start
        while state & naturals:
            if state in picks:
                delta, meld = picks[state]
                chosen.append(meld)
                state -= delta
            else:
                state -= unit[((state & -state).bit_length() - 1) // FIELD]
        return chosen


def _arrangement(
    kinds: Kinds, jokers: int, chosen: Sequence[Meld], opening: Sequence[Meld] | None, rules: RummyRules
) -> Arrangement:
    left = list(kinds.counts)
    for kind, n in fields(sum(meld.takes for meld in chosen), len(left)):
        left[kind] -= n
    jokers_left = jokers - sum(meld.jokers for meld in chosen)
    remaining = tuple(card for card, n in zip(kinds.cards, left, strict=True) for _ in range(n))
    values = [meld.value for meld in chosen]
    melds = tuple(meld.cards(kinds.cards) for meld in chosen)
    opens = opening is not None
    joker_cost = joker_values(rules)[0]
    penalty = sum(c * n for c, n in zip(kinds.penalty, left, strict=True)) + joker_cost * jokers_left
    whole = sum(c * n for c, n in zip(kinds.penalty, kinds.counts, strict=True)) + joker_cost * jokers
    laid = None if opening is None else tuple(meld.cards(kinds.cards) for meld in opening)
    return Arrangement(melds, sum(values), opens, remaining + (JOKER,) * jokers_left, penalty, whole, laid)
