"""The solver as it was before #17, kept as an independent oracle for the tests of the faster one.

It lists every meld as `Card` tuples (every run window with every choice of the cards its jokers stand in
for) and searches tuples of counts: slow, simple, and exact (it matched a brute-force search on every hand
tried). Every meld holds a natural card, so the search takes the lowest natural card left and tries each way
it can be used: kept in hand, or laid in one of the melds it is the lowest natural card of.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, product
from typing import Any

from referee.rules.cards import JOKER, SUITS, Card, canonical
from referee.rules.melds import RANKS, Window
from referee.rules.table import RummyRules
from referee.rules.values import hand_card_value, joker_meld_value, natural_value

OBJECTIVES = ("value", "penalty")


@dataclass(frozen=True)
class Arrangement:
    """The melds to lay, their value, whether they open, and the cards left with their penalty."""

    melds: tuple[tuple[Card, ...], ...]
    laid_value: int
    opens: bool
    left: tuple[Card, ...]
    penalty: int

    def as_json(self) -> dict[str, Any]:
        """The `best` object of docs/formats.md."""
        return {
            "melds": [canonical(meld) for meld in self.melds],
            "laid_value": self.laid_value,
            "opens": self.opens,
            "left": canonical(self.left),
            "penalty": self.penalty,
        }


@dataclass(frozen=True)
class _Candidate:
    """One meld the hand can make: how many of each natural card it takes, its jokers, value, cards in order."""

    takes: tuple[tuple[int, int], ...]  # (index of a natural card, how many)
    jokers: int
    value: int
    cards: tuple[Card, ...]


def reference_arrangement(hand: Sequence[Card], rules: RummyRules, minimise: str = "value") -> Arrangement:
    """The melds laying the most value (`minimise="value"`: then the least penalty left), or leaving the least
    penalty (`minimise="penalty"`: then the most value), under `rules`.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> best = reference_arrangement(parse_cards("9C 9D 9H 9S 5H 6H 7H KC"), rummy_rules("kaluki"))
    >>> best.laid_value, best.opens, [str(c) for c in best.left], best.penalty
    (54, True, ['KC'], 10)
    """
    if minimise not in OBJECTIVES:
        raise ValueError(f"minimise takes {' or '.join(OBJECTIVES)}, not {minimise!r}")
    naturals = sorted(
        Counter(Card(c.rank, c.suit) for c in hand if not c.is_joker).items(), key=lambda i: i[0].sort_key
    )
    kinds = tuple(card for card, _ in naturals)
    counts = tuple(count for _, count in naturals)
    jokers = sum(card.is_joker for card in hand)
    by_anchor = _candidates(kinds, counts, jokers, rules)
    penalty_of = tuple(hand_card_value(card, rules.hand_values) for card in kinds)
    joker_penalty = hand_card_value(JOKER, rules.hand_values)

    def laid_penalty(candidate: _Candidate) -> int:
        return sum(penalty_of[i] * n for i, n in candidate.takes) + joker_penalty * candidate.jokers

    def score(candidate: _Candidate) -> tuple[int, int]:
        value, saved = candidate.value, laid_penalty(candidate)
        return (value, saved) if minimise == "value" else (saved, value)

    @cache
    def solve(state: tuple[int, ...], free_jokers: int) -> tuple[tuple[int, int], tuple[_Candidate, ...]]:
        anchor = next((i for i, n in enumerate(state) if n), None)
        if anchor is None:
            return (0, 0), ()
        kept = list(state)
        kept[anchor] -= 1
        best_score, best_melds = solve(tuple(kept), free_jokers)
        for candidate in by_anchor.get(anchor, ()):
            if candidate.jokers > free_jokers or any(state[i] < n for i, n in candidate.takes):
                continue
            rest = list(state)
            for i, n in candidate.takes:
                rest[i] -= n
            sub_score, sub_melds = solve(tuple(rest), free_jokers - candidate.jokers)
            gained = score(candidate)
            total = (sub_score[0] + gained[0], sub_score[1] + gained[1])
            if total > best_score:
                best_score, best_melds = total, (candidate, *sub_melds)
        return best_score, best_melds

    _, chosen = solve(counts, jokers)
    return _arrangement(hand, chosen, rules)


def _arrangement(hand: Sequence[Card], chosen: Sequence[_Candidate], rules: RummyRules) -> Arrangement:
    left = Counter(Card(c.rank, c.suit) if not c.is_joker else JOKER for c in hand)
    for candidate in chosen:
        left.subtract(Counter(candidate.cards))
    remaining = tuple(card for card in sorted(left.elements(), key=lambda c: c.sort_key))
    melds = tuple(candidate.cards for candidate in chosen)
    values = [candidate.value for candidate in chosen]
    reached = max(values, default=0) if rules.opening_scope == "single_meld" else sum(values)
    opens = bool(melds) and reached >= rules.opening_threshold  # as `check_opening` says of these melds
    penalty = sum(hand_card_value(card, rules.hand_values) for card in remaining)
    return Arrangement(melds, sum(c.value for c in chosen), opens, remaining, penalty)


def _candidates(
    kinds: tuple[Card, ...], counts: tuple[int, ...], jokers: int, rules: RummyRules
) -> dict[int, list[_Candidate]]:
    """Every meld the hand can make, the best reading of each set of cards, listed by its lowest natural card."""
    best: dict[tuple[tuple[tuple[int, int], ...], int], _Candidate] = {}
    found = (
        *_groups(kinds, counts, jokers, rules),
        *_identities(kinds, counts, rules),
        *_runs(kinds, counts, jokers, rules),
    )
    for candidate in found:
        key = (candidate.takes, candidate.jokers)
        if key not in best or candidate.value > best[key].value:
            best[key] = candidate
    by_anchor: dict[int, list[_Candidate]] = {}
    for candidate in best.values():
        by_anchor.setdefault(candidate.takes[0][0], []).append(candidate)
    return by_anchor


def _joker_limit(jokers: int, rules: RummyRules) -> int:
    limit = rules.max_jokers_per_meld
    return jokers if limit is None else min(jokers, limit)


def _groups(kinds: tuple[Card, ...], counts: tuple[int, ...], jokers: int, rules: RummyRules) -> Iterator[_Candidate]:
    for rank in {card.rank for card in kinds}:
        members = [(i, card) for i, card in enumerate(kinds) if card.rank == rank]
        for chosen in product(*(range(counts[i] + 1) for i, _ in members)):
            naturals = sum(chosen)
            if naturals == 0:
                continue
            suits = sum(1 for n in chosen if n)
            repeats = naturals > suits
            for joker_count in range(_joker_limit(jokers, rules) + 1):
                size = naturals + joker_count
                if not 3 <= size <= rules.group_max:
                    continue
                distinct = not rules.group_duplicate_suits or (joker_count and rules.group_joker_distinct_suits)
                if distinct and (repeats or suits + joker_count > len(SUITS)):
                    continue
                takes = tuple((i, n) for (i, _), n in zip(members, chosen, strict=True) if n)
                cards = tuple(kinds[i] for i, n in takes for _ in range(n)) + (JOKER,) * joker_count
                value = naturals * natural_value(rank, rules.meld_values) + joker_count * joker_meld_value(rank, rules)
                yield _Candidate(takes, joker_count, value, cards)


def _identities(kinds: tuple[Card, ...], counts: tuple[int, ...], rules: RummyRules) -> Iterator[_Candidate]:
    """001's identities: three copies or more of one card, no joker, each card at its value in a meld."""
    if not rules.identities:
        return
    for i, card in enumerate(kinds):
        for copies in range(3, counts[i] + 1):
            value = copies * natural_value(card.rank, rules.meld_values)
            yield _Candidate(((i, copies),), 0, value, (card,) * copies)


@dataclass(frozen=True)
class _RunShape:
    """A window of consecutive places a run may fill under the options: its places, as a bit mask too."""

    places: tuple[int, ...]
    mask: int
    low_ace: bool


@cache
def _run_shapes(run_min: int, run_max: int, ace_low: bool, ace_high: bool, ace_wraps: bool) -> tuple[_RunShape, ...]:
    allowed = {"ace_low": ace_low, "ace_high": ace_high, "ace_wraps": ace_wraps}
    shapes = []
    for length in range(run_min, min(run_max, RANKS) + 1):
        for start in range(RANKS):
            window = Window(start, length)
            rule = window.ace_rule()
            if rule is None or allowed[rule]:
                places = tuple(window.places())
                shapes.append(_RunShape(places, sum(1 << p for p in places), window.low_ace()))
    return tuple(shapes)


def _runs(kinds: tuple[Card, ...], counts: tuple[int, ...], jokers: int, rules: RummyRules) -> Iterator[_Candidate]:
    limit = _joker_limit(jokers, rules)
    shapes = _run_shapes(rules.run_min, rules.run_max, rules.ace_low, rules.ace_high, rules.ace_wraps)
    for suit in {card.suit for card in kinds}:
        index = {card.rank - 1: i for i, card in enumerate(kinds) if card.suit == suit}
        held_mask = sum(1 << place for place in index)
        for shape in shapes:
            held = shape.mask & held_mask
            if not held:
                continue
            forced = len(shape.places) - held.bit_count()
            if forced > limit:
                continue
            held_at = [k for k, place in enumerate(shape.places) if held >> place & 1]
            for extra in range(min(limit - forced, len(held_at) - 1) + 1):
                for swapped in combinations(held_at, extra):
                    yield _run(shape, held_at, swapped, suit, index, rules)


def _run(
    shape: _RunShape, held_at: list[int], swapped: tuple[int, ...], suit: str, index: dict[int, int], rules: RummyRules
) -> _Candidate:
    natural_at = set(held_at).difference(swapped)
    value = 0
    cards = []
    for k, place in enumerate(shape.places):
        if k in natural_at:
            value += natural_value(place + 1, rules.meld_values, low_ace=shape.low_ace)
            cards.append(Card(place + 1, suit))
        else:
            value += joker_meld_value(place + 1, rules, low_ace=shape.low_ace)
            cards.append(JOKER)
    takes = tuple(sorted((index[shape.places[k]], 1) for k in natural_at))
    return _Candidate(takes, len(shape.places) - len(natural_at), value, tuple(cards))


def reference_opening(hand: Sequence[Card], rules: RummyRules) -> int:
    """The most the melds of one turn count towards the opening, by brute force: every way to lay melds from the hand
    is listed, and each is counted as `check_opening` counts a claim (docs/rules.md §2, Opening): a twin (the same
    cards as another meld, under `distinct_melds`) once, one meld alone under `opening_scope = single_meld`.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> reference_opening(parse_cards("JK 10C 9C 9C JK 10C"), rummy_rules("kaluki"))  # 9C 10C JK JK, not the twins
    49
    """
    naturals = sorted(
        Counter(Card(c.rank, c.suit) for c in hand if not c.is_joker).items(), key=lambda i: i[0].sort_key
    )
    kinds = tuple(card for card, _ in naturals)
    by_anchor = _candidates(kinds, tuple(count for _, count in naturals), sum(c.is_joker for c in hand), rules)

    def layings(state: tuple[int, ...], jokers: int) -> Iterator[tuple[_Candidate, ...]]:
        anchor = next((i for i, n in enumerate(state) if n), None)
        if anchor is None:
            yield ()
            return
        kept = list(state)
        kept[anchor] -= 1
        yield from layings(tuple(kept), jokers)
        for candidate in by_anchor.get(anchor, ()):
            if candidate.jokers > jokers or any(state[i] < n for i, n in candidate.takes):
                continue
            rest = list(state)
            for i, n in candidate.takes:
                rest[i] -= n
            for others in layings(tuple(rest), jokers - candidate.jokers):
                yield (candidate, *others)

    def counted(laid: tuple[_Candidate, ...]) -> int:
        values = {tuple(sorted(canonical(c.cards))): c.value for c in laid} if rules.distinct_melds else None
        worth = list(values.values()) if values is not None else [c.value for c in laid]
        return max(worth, default=0) if rules.opening_scope == "single_meld" else sum(worth)

    return max(counted(laid) for laid in layings(tuple(count for _, count in naturals), sum(c.is_joker for c in hand)))
