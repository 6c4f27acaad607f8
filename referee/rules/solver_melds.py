"""The melds a hand can make, for the best-hand solver: cards as counts per kind, runs found per suit from its ranks.

A kind is one distinct natural card (rank and suit); what a meld takes is one integer, `FIELD` bits per kind
(how many of that kind) and the jokers in the field after the last kind, so taking it from a hand is one
subtraction. Each meld is listed once per set of cards it takes, at the best value those cards can be laid
for: a run is found as a set of cards of one suit and a number of jokers, and its best window (where the
jokers go) is looked up in a table made once per set of options, so the windows that would only move a joker
are never listed.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import NamedTuple

from referee.rules.cards import JOKER, SUITS, Card
from referee.rules.melds import RANKS, Window
from referee.rules.table import RummyRules
from referee.rules.values import hand_card_value, natural_value

FIELD = 6  # bits per kind: a count up to 31 (a card in up to 8 packs, up to 16 jokers) and a guard bit
COUNT = (1 << (FIELD - 1)) - 1  # the count bits of one field


class Meld(NamedTuple):
    """One meld the hand can make: the cards it takes (as one integer), its jokers, its value, and how it is laid.

    `penalty` and `top` are the sums over its natural cards of their penalty in hand and of their most in a meld;
    `anchor` is its lowest kind; `window` is a run's first place and length (None for a group).
    """

    takes: int
    jokers: int
    value: int
    penalty: int
    top: int
    anchor: int
    window: tuple[int, int] | None

    def layout(self, kinds: Sequence[Card]) -> tuple[int, ...]:
        """Each card as laid: a kind, or -1 for a joker (a group's natural cards in order, then its jokers)."""
        taken = list(fields(self.takes, len(kinds)))
        if self.window is None:
            return tuple(kind for kind, n in taken for _ in range(n)) + (-1,) * self.jokers
        at = {kinds[kind].rank - 1: kind for kind, _ in taken}  # a run takes one card of each place, of one suit
        start, length = self.window
        return tuple(at.get((start + k) % RANKS, -1) for k in range(length))

    def cards(self, kinds: Sequence[Card]) -> tuple[Card, ...]:
        """The meld's cards in the order laid."""
        return tuple(JOKER if kind < 0 else kinds[kind] for kind in self.layout(kinds))


class OutOfTime(Exception):
    """Raised deep in a search when the clock passes the deadline; the solver turns it into `SearchTooLong`."""


CHECK_EVERY = 512  # states solved between two looks at the clock


class Countdown:
    """A search's deadline (None: no deadline), looked at once every `CHECK_EVERY` states solved."""

    def __init__(self, deadline: float | None) -> None:
        self.deadline = deadline
        self.left = CHECK_EVERY

    def passed(self) -> None:
        """`OutOfTime` when the deadline has passed (now)."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise OutOfTime

    def tick(self) -> None:
        """One more state solved: every `CHECK_EVERY` of them, `OutOfTime` when the deadline has passed."""
        if self.deadline is None:
            return
        self.left -= 1
        if not self.left:
            self.left = CHECK_EVERY
            self.passed()


@cache
def state_masks(size: int) -> tuple[tuple[int, ...], int, int]:
    """For a hand of `size` kinds: one card of each kind as a state, every field's guard bit, the kinds' fields."""
    unit = tuple(1 << (FIELD * n) for n in range(size))
    return unit, sum(1 << (FIELD * n + FIELD - 1) for n in range(size + 1)), (1 << (FIELD * size)) - 1


def fields(takes: int, kinds: int) -> Iterator[tuple[int, int]]:
    """Each kind `takes` holds some of, and how many, in order (the jokers' field, after the `kinds`, left out).

    >>> list(fields(2 << FIELD * 3 | 1 << FIELD * 1 | 4 << FIELD * 5, kinds=5))
    [(1, 1), (3, 2)]
    """
    rest = takes & ((1 << FIELD * kinds) - 1)
    while rest:
        kind = ((rest & -rest).bit_length() - 1) // FIELD
        n = rest >> FIELD * kind & COUNT
        yield kind, n
        rest -= n << FIELD * kind


@dataclass(frozen=True)
class Kinds:
    """The natural cards of a hand, one kind each in the order listed (suit, then rank), with their counts."""

    cards: tuple[Card, ...]
    counts: tuple[int, ...]
    penalty: tuple[int, ...]  # each kind's penalty in hand
    top: tuple[int, ...]  # each kind's most in a meld
    ranks: dict[int, list[int]]  # the kinds of each rank held, in order
    of_rank: dict[int, int]  # how many cards of each rank are held
    suits: dict[str, dict[int, int]]  # for each suit held, its kinds by place (0 = ace), in order


def count_kinds(hand: Iterable[Card], rules: RummyRules) -> tuple[Kinds, int]:
    """The hand's natural cards as kinds with their counts, and its number of jokers (a declared joker is a joker)."""
    counted: dict[tuple[int, int], int] = {}
    seen: dict[tuple[int, int], Card] = {}
    jokers = 0
    for card in hand:
        if card.is_joker:
            jokers += 1
        else:
            key = (_SUIT_ORDER[card.suit], card.rank)
            counted[key] = counted.get(key, 0) + 1
            seen[key] = card if card.declared is None else Card(card.rank, card.suit)
    order = sorted(counted)
    penalty, top = _in_hand(rules.hand_values), _in_meld(rules.meld_values)
    ranks: dict[int, list[int]] = {}
    of_rank: dict[int, int] = {}
    suits: dict[str, dict[int, int]] = {}
    for kind, key in enumerate(order):
        suit, rank = key
        ranks.setdefault(rank, []).append(kind)
        of_rank[rank] = of_rank.get(rank, 0) + counted[key]
        suits.setdefault(SUITS[suit], {})[rank - 1] = kind
    return Kinds(
        tuple(seen[key] for key in order),
        tuple(counted[key] for key in order),
        tuple(penalty[rank] for _, rank in order),
        tuple(top[rank] for _, rank in order),
        ranks,
        of_rank,
        suits,
    ), jokers


_SUIT_ORDER = {suit: n for n, suit in enumerate(SUITS)}


@cache
def _in_hand(table: str) -> tuple[int, ...]:
    """What a card of each rank (1-13; 0 unused) costs left in hand under `table`."""
    return (0, *(hand_card_value(Card(rank, SUITS[0]), table) for rank in range(1, RANKS + 1)))


@cache
def _in_meld(table: str) -> tuple[int, ...]:
    """The most a card of each rank (1-13; 0 unused) is worth in a meld under `table`: the ace high."""
    return (0, *(natural_value(rank, table) for rank in range(1, RANKS + 1)))


def joker_values(rules: RummyRules) -> tuple[int, int]:
    """A joker's penalty in hand, and the most it is worth in a meld."""
    return _joker_values(rules.hand_values, rules.meld_values, rules.joker_meld_value)


@cache
def _joker_values(hand_table: str, meld_table: str, joker_value: int | str) -> tuple[int, int]:
    in_meld = _values_by_place(meld_table, joker_value, low_ace=False)[0]
    return hand_card_value(JOKER, hand_table), max(in_meld)


def hand_melds(kinds: Kinds, jokers: int, rules: RummyRules) -> list[Meld]:
    """Every meld the hand can make, each set of cards once at its best value (groups, identities, then runs)."""
    best: dict[int, Meld] = {}
    joker_unit = 1 << (FIELD * len(kinds.cards))
    _groups(kinds, jokers, joker_unit, rules, best)
    if rules.identities:
        _identities(kinds, best)
    _runs(kinds, jokers, joker_unit, rules, best)
    return list(best.values())


def _joker_limit(jokers: int, rules: RummyRules) -> int:
    limit = rules.max_jokers_per_meld
    return jokers if limit is None else min(jokers, limit)


def _groups(kinds: Kinds, jokers: int, joker_unit: int, rules: RummyRules, best: dict[int, Meld]) -> None:
    limit = _joker_limit(jokers, rules)
    counts, penalty, top = kinds.counts, kinds.penalty, kinds.top
    most, duplicates, joker_distinct = rules.group_max, rules.group_duplicate_suits, rules.group_joker_distinct_suits
    joker_at = _values_by_place(rules.meld_values, rules.joker_meld_value, low_ace=False)[0]
    of_rank = kinds.of_rank
    for rank, members in kinds.ranks.items():
        if of_rank[rank] + limit < 3:  # too few for a group, even with every joker
            continue
        natural, joker = top[members[0]], joker_at[rank - 1]
        # Each choice of this rank's cards: how many, of how many suits, its key, penalty and most, its first kind.
        if len(members) == 1:  # one suit of this rank: once, or twice from two packs
            i = members[0]
            choices = [(n, 1, n << FIELD * i, penalty[i] * n, top[i] * n, i) for n in range(1, counts[i] + 1)]
        else:
            choices = []
            for chosen in product(*(range(counts[i] + 1) for i in members)):
                takes = [(i, n) for i, n in zip(members, chosen, strict=True) if n]
                if takes:
                    choices.append(
                        (
                            sum(chosen), len(takes), sum(n << FIELD * i for i, n in takes),
                            sum(penalty[i] * n for i, n in takes), sum(top[i] * n for i, n in takes), takes[0][0],
                        )
                    )  # fmt: skip
        for naturals, suits, key, laid_penalty, laid_top, first in choices:
            repeats = naturals > suits
            fewest, most_jokers = max(0, 3 - naturals), min(limit, most - naturals)
            if (repeats and not duplicates) or fewest > most_jokers:
                continue
            for joker_count in range(fewest, most_jokers + 1):
                distinct = not duplicates or (joker_count and joker_distinct)
                if distinct and (repeats or suits + joker_count > len(SUITS)):
                    continue
                whole = key + joker_count * joker_unit  # groups come first: each set of cards is listed once
                value = naturals * natural + joker_count * joker
                best[whole] = Meld(whole, joker_count, value, laid_penalty, laid_top, first, None)


def _identities(kinds: Kinds, best: dict[int, Meld]) -> None:
    """Identities (001's variant): three or more copies of one card, no joker, no limit but the copies held.

    Each card counts as in a group (docs/rules.md §2, Identities), so copies a group may already hold (where a group
    repeats a suit) are the same meld at the same value, listed once.
    """
    for kind, held in enumerate(kinds.counts):
        for copies in range(3, held + 1):
            takes = copies << FIELD * kind
            worth = kinds.top[kind] * copies
            best.setdefault(takes, Meld(takes, 0, worth, kinds.penalty[kind] * copies, worth, kind, None))


Shift = tuple[int, int, int | None]  # the best window's value and start away from a low ace; a low ace's value


class _Windows:
    """The runs the options allow, and for a run's cards the best window to lay them in, found once and kept."""

    def __init__(self, run_min: int, run_max: int, aces: dict[str | None, bool], worth: dict[bool, tuple[int, ...]]):
        self.longest = min(run_max, RANKS)
        self.allowed = [
            [run_min <= length <= self.longest and aces[Window(start, length).ace_rule()] for length in range(14)]
            for start in range(RANKS)
        ]
        self.worth = worth
        self.found: dict[int, Shift | None] = {}

    def shift(self, a: int, length: int, room: int) -> Shift | None:
        """For run cards from place `a` on, `length` cards with `room` jokers outside them: the best window.

        The windows start from `a - room` to `a` (places wrap), those the options allow; the most the jokers are
        worth in one not starting at the ace (and its start, the lowest of equals), and in the one starting at the
        ace, where a low ace may count less. None when the options allow none.
        """
        key = (a * 14 + length) * 14 + room
        if key in self.found:
            return self.found[key]
        starts = sorted({(a - e) % RANKS for e in range(room + 1)})
        starts = [start for start in starts if self.allowed[start][length]]
        high = [(self._jokers(start, length), -start) for start in starts if start]
        value, start = max(high) if high else (0, 1)
        found = (value, -start, self._jokers(0, length) if 0 in starts else None) if starts else None
        self.found[key] = found
        return found

    def _jokers(self, start: int, length: int) -> int:
        worth = self.worth[start == 0]
        return sum(worth[(start + k) % RANKS] for k in range(length))


def _windows(rules: RummyRules) -> _Windows:
    """The windows of runs under these options (one table for all the hands solved under them)."""
    return _windows_for(
        rules.run_min, rules.run_max, rules.ace_low, rules.ace_high, rules.ace_wraps, rules.meld_values,
        rules.joker_meld_value,
    )  # fmt: skip


@cache
def _windows_for(
    run_min: int, run_max: int, ace_low: bool, ace_high: bool, ace_wraps: bool, table: str, joker_value: int | str
) -> _Windows:
    aces = {None: True, "ace_low": ace_low, "ace_high": ace_high, "ace_wraps": ace_wraps}
    return _Windows(
        run_min, run_max, aces, {low: _values_by_place(table, joker_value, low)[0] for low in (False, True)}
    )


def _place_values(rules: RummyRules, low_ace: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What a joker is worth at each place (0 = ace) of a run, and what a natural card there adds over a joker."""
    return _values_by_place(rules.meld_values, rules.joker_meld_value, low_ace)


@cache
def _values_by_place(table: str, joker_value: int | str, low_ace: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    # `joker_meld_value` and `natural_value` as a table per option values (a test holds them equal), read per card.
    naturals = tuple(natural_value(p + 1, table, low_ace=low_ace) for p in range(RANKS))
    jokers = naturals if joker_value == "represented" else (int(joker_value),) * RANKS
    return jokers, tuple(n - j for n, j in zip(naturals, jokers, strict=True))


def _runs(kinds: Kinds, jokers: int, joker_unit: int, rules: RummyRules, best: dict[int, Meld]) -> None:
    """Every run, found per suit as the sets of its cards that fit one: each card in turn the first, then the cards
    after it (places wrap) while the gaps fit the jokers; each set with each number of jokers, at its best window."""
    limit = _joker_limit(jokers, rules)
    longest = min(rules.run_max, RANKS)
    windows, run_min = _windows(rules), rules.run_min
    found_shift, shift_of = windows.found, windows.shift
    gain, low_gain = _place_values(rules, False)[1], _place_values(rules, True)[1]
    get = best.get
    for suit_kinds in kinds.suits.values():
        if len(suit_kinds) + limit < run_min:
            continue
        held = [(p, kind, 1 << FIELD * kind, kinds.penalty[kind], kinds.top[kind]) for p, kind in suit_kinds.items()]
        for i, (a, kind, unit, pen, most) in enumerate(held):  # held is in order of place: the cards after a wrap
            after = held[i + 1 :] + held[:i]
            # Each set: its last card's distance from a, cards, key, penalty, most, gains (not at / at a low ace),
            # lowest kind, and where in `after` its next card may come from.
            sets = [(0, 1, unit, pen, most, gain[a], low_gain[a], kind, 0)]
            while sets:
                last, count, key, penalty, top, worth, low_worth, anchor, next_at = sets.pop()
                gaps = last + 1 - count
                for j in range(max(gaps, run_min - count, 0), min(limit, longest - count) + 1):
                    place = (a * 14 + count + j) * 14 + count + j - last - 1  # `_Windows.shift`'s key
                    shift = found_shift[place] if place in found_shift else shift_of(a, count + j, count + j - last - 1)
                    if shift is None:
                        continue
                    high, start, low = shift
                    if low is not None and (start < 0 or low + low_worth >= high + worth):
                        value, start = low + low_worth, 0
                    else:
                        value = high + worth
                    whole = key + j * joker_unit
                    found = get(whole)
                    if found is None or value > found.value:
                        best[whole] = Meld(whole, j, value, penalty, top, anchor, (start, count + j))
                for n in range(next_at, len(after)):
                    q, other, other_unit, other_pen, other_most = after[n]
                    distance = (q - a) % RANKS
                    if distance - count > limit or distance >= longest:  # later cards are further still
                        break
                    sets.append(
                        (
                            distance, count + 1, key + other_unit, penalty + other_pen, top + other_most,
                            worth + gain[q], low_worth + low_gain[q], min(anchor, other), n + 1,
                        )
                    )  # fmt: skip
