"""Melds: is this group or run valid, what is it worth, and what can each joker be."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.cards import SUIT_SYMBOLS, SUITS, Card, canonical, symbols
from referee.rules.table import RummyRules
from referee.rules.values import joker_meld_value, natural_value
from referee.rules.words import N_, say, say_plural

RANKS = 13


@dataclass(frozen=True)
class MeldCheck:
    """The referee's answer about one meld: valid or not, why, kind, value, and each joker's possible cards."""

    cards: tuple[Card, ...]
    valid: bool
    kind: str | None = None  # "group", "run", or "identity" (with the option `identities`)
    value: int = 0
    jokers: tuple[tuple[Card, ...], ...] = ()  # for each joker in the order given, the cards it may be
    reason: str | None = None
    rule: str | None = None  # the option a refusal rests on, when one does

    def as_json(self) -> dict[str, Any]:
        """The `check` object of docs/formats.md."""
        return {
            "valid": self.valid,
            "kind": self.kind,
            "value": self.value,
            "jokers": [canonical(options) for options in self.jokers],
            "reason": self.reason,
        }


@dataclass(frozen=True)
class _Reading:
    """One way to read the cards as a meld: its kind, value and each joker's possible cards."""

    kind: str
    value: int
    jokers: tuple[tuple[Card, ...], ...]


class _Refusal(Exception):
    def __init__(self, reason: str, rule: str | None = None) -> None:
        super().__init__(reason)
        self.reason, self.rule = reason, rule


def check_meld(cards: Sequence[Card], rules: RummyRules) -> MeldCheck:
    """Check one meld under `rules`: a group of one rank or a run of one suit, jokers standing in.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> check = check_meld(parse_cards("9H 9S JK"), rummy_rules("kaluki"))
    >>> check.kind, check.value, [[str(c) for c in j] for j in check.jokers]
    ('group', 33, [['9D', '9C']])
    >>> check_meld(parse_cards("5C 5D 5H 5S 5C"), rummy_rules("kaluki")).reason
    'a group holds at most 4 cards'
    """
    meld = tuple(cards)
    try:
        _check_shape(meld, rules)
        if rules.identities and _copies_of_one_card(meld) and not _has_joker(meld):
            return MeldCheck(meld, True, "identity", _identity_value(meld, rules))
        readings, refusals = [], []
        for reader in (_group_reading, _run_reading):
            try:
                readings.append(reader(meld, rules))
            except _Refusal as refusal:
                refusals.append(refusal)
        if not readings:
            if rules.identities and _copies_of_one_card(meld):  # copies and a joker: no identity, nor a group
                raise _Refusal(
                    say("an identity holds copies of one card only: a joker cannot stand in it"), "identities"
                )
            raise _closest_refusal(meld, rules, *refusals)
    except _Refusal as refusal:
        return MeldCheck(meld, False, reason=refusal.reason, rule=refusal.rule)
    best = max(readings, key=lambda r: (r.value, r.kind == "group"))
    return MeldCheck(meld, True, best.kind, best.value, best.jokers)


def _check_shape(meld: tuple[Card, ...], rules: RummyRules) -> None:
    jokers = sum(card.is_joker for card in meld)
    if len(meld) < 3:
        raise _Refusal(say("a meld needs at least 3 cards"))
    if jokers == len(meld):
        raise _Refusal(say("a meld needs at least one card that is not a joker"))
    limit = rules.max_jokers_per_meld
    if limit is not None and jokers > limit:
        raise _Refusal(
            say_plural("a meld may hold at most {n} joker", "a meld may hold at most {n} jokers", limit),
            "max_jokers_per_meld",
        )


def _closest_refusal(meld: tuple[Card, ...], rules: RummyRules, group: _Refusal, run: _Refusal) -> _Refusal:
    """Of the two readings' refusals, the one about what the player was most likely laying."""
    naturals = [card for card in meld if not card.is_joker]
    one_rank = len({card.rank for card in naturals}) == 1
    one_suit = len({card.suit for card in naturals}) == 1
    if one_rank and (len(naturals) > 1 or len(meld) <= rules.group_max):
        return group
    if one_suit:
        return run
    shown = symbols(naturals)
    return _Refusal(
        say("{cards}: a group needs cards of one rank and a run cards of one suit, and these have neither", cards=shown)
    )


# --- groups ----------------------------------------------------------------------------------------------


def _group_reading(meld: tuple[Card, ...], rules: RummyRules) -> _Reading:
    naturals = [card for card in meld if not card.is_joker]
    rank = naturals[0].rank
    if any(card.rank != rank for card in naturals):
        raise _Refusal(say("the cards of a group must all be of one rank"))
    declared = [card.declared for card in meld if card.is_joker and card.declared]
    for card in declared:
        if card.rank != rank:
            raise _Refusal(
                say(
                    "the joker is declared as {card} but this group is of {rank}s",
                    card=card.symbol,
                    rank=naturals[0].rank_said,
                )
            )
    if len(meld) > rules.group_max:
        raise _Refusal(
            say_plural("a group holds at most {n} card", "a group holds at most {n} cards", rules.group_max),
            "group_max",
        )
    has_joker = len(naturals) < len(meld)
    distinct, rule = _group_suits_rule(has_joker, rules)
    placed = [card.suit for card in naturals] + [card.suit for card in declared]
    if distinct:
        repeated = [suit for suit, n in Counter(placed).items() if n > 1]
        if repeated:
            twice = Card(rank, repeated[0]).symbol
            reason = (
                say("a group with a joker cannot repeat a suit: {card} is there twice", card=twice)
                if has_joker and rule.endswith("joker_distinct_suits")
                else say("a group cannot repeat a suit: {card} is there twice", card=twice)
            )
            raise _Refusal(reason, rule)
        if len(meld) > len(SUITS):  # with `group_max` above 4, a joker would have no suit left to stand for
            reason = (
                say(
                    "a group with a joker cannot repeat a suit: with only {n} suits, it holds at most {n} cards",
                    n=len(SUITS),
                )
                if has_joker and rule.endswith("joker_distinct_suits")
                else say("a group cannot repeat a suit: with only {n} suits, it holds at most {n} cards", n=len(SUITS))
            )
            raise _Refusal(reason, rule)
        missing = tuple(Card(rank, suit) for suit in SUITS if suit not in placed)
    else:
        missing = tuple(Card(rank, suit) for suit in SUITS)
    joker_cards = tuple((card.declared,) if card.declared else missing for card in meld if card.is_joker)
    value = sum(natural_value(rank, rules.meld_values) for _ in naturals) + sum(
        joker_meld_value(rank, rules) for _ in joker_cards
    )
    return _Reading("group", value, joker_cards)


def _group_suits_rule(has_joker: bool, rules: RummyRules) -> tuple[bool, str]:
    """Whether a group's suits must all differ, and the option that says so."""
    if not rules.group_duplicate_suits:
        return True, "group_duplicate_suits"
    if has_joker and rules.group_joker_distinct_suits:
        return True, "group_joker_distinct_suits"
    return False, "group_duplicate_suits"


# --- identities (001's variant) ---------------------------------------------------------------------------


def _copies_of_one_card(meld: tuple[Card, ...]) -> bool:
    """Whether the meld's natural cards are all the same card (rank and suit), at least two of them."""
    naturals = {(card.rank, card.suit) for card in meld if not card.is_joker}
    return len(naturals) == 1 and sum(not card.is_joker for card in meld) >= 2


def _identity_value(meld: tuple[Card, ...], rules: RummyRules) -> int:
    """An identity, three or more copies of one card (001), counts as a group of its cards (docs/rules.md §2).

    A joker is no copy: an identity holds none, and the caller has made sure of it.
    """
    return sum(natural_value(card.rank, rules.meld_values) for card in meld)


# --- runs ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Window:
    """A stretch of consecutive ranks: `start` is the first card's place (0 = ace … 12 = king), ranks wrap."""

    start: int
    length: int

    @property
    def end(self) -> int:
        """The last card's place, counted on past the king (13 is the ace after it)."""
        return self.start + self.length - 1

    def place(self, offset: int) -> int:
        """The place of the card `offset` steps into the run."""
        return (self.start + offset) % RANKS

    def places(self) -> list[int]:
        """Every place of the run, in order."""
        return [self.place(k) for k in range(self.length)]

    def ace_rule(self) -> str | None:
        """The option this window needs for its ace, if it holds one."""
        if self.end < RANKS:
            return "ace_low" if self.start == 0 else None
        return "ace_high" if self.end == RANKS else "ace_wraps"

    def low_ace(self) -> bool:
        """Whether the run starts with a low ace (A 2 3), which counts low in some tables."""
        return self.ace_rule() == "ace_low"

    def height(self, place: int) -> int:
        """The card's height in this run, the ace above the king when it follows it."""
        return place + 1 if place >= self.start else place + 1 + RANKS


def _run_reading(meld: tuple[Card, ...], rules: RummyRules) -> _Reading:
    naturals = [card for card in meld if not card.is_joker]
    suit = naturals[0].suit
    if any(card.suit != suit for card in naturals):
        raise _Refusal(say("the cards of a run must all be of one suit"))
    fixed = naturals + [card.declared for card in meld if card.is_joker and card.declared]
    for card in fixed:
        if card.suit != suit:
            raise _Refusal(
                say(
                    "the joker is declared as {card} but this run is in {suit}",
                    card=card.symbol,
                    suit=SUIT_SYMBOLS[suit],
                )
            )
    twice = [card for card, n in Counter(fixed).items() if n > 1]
    if twice:
        raise _Refusal(say("a run cannot hold the same rank twice: {card} is there twice", card=twice[0].symbol))
    length = len(meld)
    if length > RANKS:
        raise _Refusal(say("a run holds at most 13 cards, one of each rank"))
    if length > rules.run_max:
        raise _Refusal(
            say_plural("a run holds at most {n} card", "a run holds at most {n} cards", rules.run_max), "run_max"
        )
    if length < rules.run_min:
        raise _Refusal(
            say_plural("a run needs at least {n} card", "a run needs at least {n} cards", rules.run_min), "run_min"
        )
    fixed_places = {card.rank - 1 for card in fixed}
    windows = [w for w in _covering_windows(fixed_places, length) if _ace_allowed(w, rules)]
    if not windows:
        raise _run_gap_or_ace(fixed_places, meld, suit, rules)
    # A joker takes the place where it lies when the cards read as a run in the order laid; without
    # jokers the order changes nothing, and the meld is worth its best reading.
    readings = [r for r in (_as_laid(meld, w) for w in windows) if r is not None] if _has_joker(meld) else []
    if not readings:
        readings = [_any_order(meld, w) for w in windows]
    read_windows = [window for window, _ in readings]
    # Every window of a run of all 13 ranks holds the same cards, whatever the order and the jokers: the
    # meld is worth its best reading, its ace high when it may be.
    valued = windows if length == RANKS else read_windows
    value = max(_window_value(meld, window, rules) for window in valued)
    joker_cards = tuple(
        tuple(_sorted_run_cards(set().union(*(places[i] for _, places in readings)), read_windows, suit))
        for i in range(len(readings[0][1]))
    )
    return _Reading("run", value, joker_cards)


def _has_joker(meld: tuple[Card, ...]) -> bool:
    return any(card.is_joker for card in meld)


def _covering_windows(places: set[int], length: int) -> Iterator[Window]:
    for start in range(RANKS):
        window = Window(start, length)
        if places <= set(window.places()):
            yield window


def _ace_allowed(window: Window, rules: RummyRules) -> bool:
    needed = window.ace_rule()
    return needed is None or bool(getattr(rules, needed))


def _as_laid(meld: tuple[Card, ...], window: Window) -> tuple[Window, list[set[int]]] | None:
    """The jokers' places when the cards lie in order in `window`, ascending or descending, if they do.

    A run that reads the same both ways (`JK 5♥ JK`) fits both orders: each joker takes its place in either.
    """
    places = window.places()
    orders = [
        order
        for order in (places, places[::-1])
        if all(
            (card.is_joker and card.declared is None) or (card.declared or card).rank - 1 == order[i]
            for i, card in enumerate(meld)
        )
    ]
    if not orders:
        return None
    return window, [{order[i] for order in orders} for i, card in enumerate(meld) if card.is_joker]


def _any_order(meld: tuple[Card, ...], window: Window) -> tuple[Window, list[set[int]]]:
    """In any order, each joker may be any card the window still lacks (a declared joker is its card)."""
    taken = {(card.declared or card).rank - 1 for card in meld if not card.is_joker or card.declared}
    open_places = set(window.places()) - taken
    return window, [{card.declared.rank - 1} if card.declared else open_places for card in meld if card.is_joker]


def _window_value(meld: tuple[Card, ...], window: Window, rules: RummyRules) -> int:
    low = window.low_ace()
    natural_places = {card.rank - 1 for card in meld if not card.is_joker}
    return sum(
        natural_value(place + 1, rules.meld_values, low_ace=low)
        if place in natural_places
        else joker_meld_value(place + 1, rules, low_ace=low)
        for place in window.places()
    )


def _sorted_run_cards(places: set[int], windows: list[Window], suit: str) -> list[Card]:
    """A joker's possible cards, highest first (the ace counted high where some reading has it high)."""
    height = {place: max(w.height(place) for w in windows if place in w.places()) for place in places}
    return [Card(place + 1, suit) for place in sorted(places, key=lambda p: -height[p])]


def _run_gap_or_ace(places: set[int], meld: tuple[Card, ...], suit: str, rules: RummyRules) -> _Refusal:
    """Why no window fits: an ace the options forbid there, or gaps the jokers cannot fill."""
    length = len(meld)
    ace_rules = {w.ace_rule() for w in _covering_windows(places, length)}
    for rule, reason in _ACE_REASONS.items():
        if rule in ace_rules:
            return _Refusal(say(reason), rule)
    jokers = sum(card.is_joker and card.declared is None for card in meld)
    missing = _fewest_missing(places, rules)
    shown = symbols(Card(place + 1, suit) for place in missing)
    # Two counts, two plurals: each half of the sentence is said on its own.
    gap = say_plural("{cards} is missing", "{cards} are missing", len(missing), cards=shown)
    fill = (
        say("there is no joker to fill in")
        if jokers == 0
        else say_plural("there is only {n} joker to fill in", "there are only {n} jokers to fill in", jokers)
    )
    return _Refusal(say("the cards are not consecutive: {gap} and {fill}", gap=gap, fill=fill))


_ACE_REASONS = {
    "ace_high": N_("the ace cannot follow the king in a run here (Q K A)"),
    "ace_low": N_("the ace cannot come before the 2 in a run here (A 2 3)"),
    "ace_wraps": N_("the ace cannot sit in the middle of a run (K A 2): it goes at one end"),
}


def _fewest_missing(places: set[int], rules: RummyRules) -> list[int]:
    """The places missing from the shortest allowed stretch holding every given card."""
    spans = [
        Window(start, length)
        for length in range(len(places), RANKS + 1)
        for start in range(RANKS)
        if places <= set(Window(start, length).places())
    ]
    allowed = [w for w in spans if _ace_allowed(w, rules)] or spans
    shortest = min(allowed, key=lambda w: w.length)
    return [place for place in shortest.places() if place not in places]
