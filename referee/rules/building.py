"""Building on the table: adding cards to a meld already laid (docs/rules.md §2, Adding to the table).

Only a player who has opened builds: `extend_meld` is told when the player has not (`opened=False`) and refuses.
The meld after the cards are added is checked by `check_meld`, so whatever this module accepts, `check` accepts too.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.cards import SUIT_SYMBOLS, Card, canonical, check_pack_limits, symbols
from referee.rules.melds import RANKS, MeldCheck, Window, check_meld
from referee.rules.table import RummyRules
from referee.rules.words import N_, or_list, say, say_plural


@dataclass(frozen=True)
class Extension:
    """The referee's answer about adding cards to a meld on the table: valid or not, the meld after, and why."""

    valid: bool
    meld: tuple[Card, ...]  # the meld after the cards are added, in its order on the table
    kind: str | None = None  # "group" or "run"
    value: int = 0
    jokers: tuple[tuple[Card, ...], ...] = ()  # for each joker of the meld after, the cards it may be
    reason: str | None = None
    rule: str | None = None  # the option a refusal rests on, when one does

    def as_json(self) -> dict[str, Any]:
        """The `extend` object of docs/formats.md (and each joker's cards, as `check` gives them)."""
        return {
            "valid": self.valid,
            "meld": canonical(self.meld),
            "kind": self.kind,
            "value": self.value,
            "jokers": [canonical(options) for options in self.jokers],
            "reason": self.reason,
        }


Placement = tuple[tuple[Card, ...], str | None]  # the meld after, and the ace option that forbids it, if one does
Route = tuple[list[Placement], str]  # the ways the cards go on the meld, or why they cannot


@dataclass(frozen=True)
class _Layout:
    """One way the meld on the table reads as a run: its first place, its direction, its cards going up."""

    start: int
    ascending: bool
    rising: tuple[Card, ...]
    suit: str


def extend_meld(meld: Sequence[Card], added: Sequence[Card], rules: RummyRules, *, opened: bool = True) -> Extension:
    """Whether `added` (cards or a joker from the hand) may be added to `meld`, already on the table.

    A group takes cards of its rank; a run takes cards at either end; the meld after must pass `check`. A player
    who has not `opened` adds nothing (docs/rules.md §2, Adding to the table). Cards that cannot all be in play
    raise `CardError`, as in `check_opening`.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> after = extend_meld(parse_cards("5H 6H 7H"), parse_cards("8H 4H"), rummy_rules("kaluki"))
    >>> after.valid, " ".join(str(card) for card in after.meld), after.value
    (True, '4H 5H 6H 7H 8H', 30)
    >>> extend_meld(parse_cards("5H 6H 7H"), parse_cards("JK"), rummy_rules("rami")).rule
    'joker_can_extend'
    >>> extend_meld(parse_cards("5H 6H 7H"), parse_cards("8H"), rummy_rules("rami"), opened=False).rule
    'opening_threshold'
    """
    table, extra = tuple(meld), tuple(added)
    proposed = table + extra
    check_pack_limits(proposed, rules.pack_count(), rules.joker_count())

    def refuse(reason: str, rule: str | None = None) -> Extension:
        return Extension(False, proposed, reason=reason, rule=rule)

    if not extra:
        return refuse(say("name the cards to add to the meld"))
    if not opened:
        return refuse(not_opened(), "opening_threshold")
    on_table = check_meld(table, rules)
    if not on_table.valid:
        return refuse(say("the meld on the table is not valid: {reason}", reason=on_table.reason), on_table.rule)
    if any(card.is_joker for card in extra) and not rules.joker_can_extend:
        return refuse(say("a joker cannot be added to a meld already on the table"), "joker_can_extend")
    routes = [_onto_group, _onto_run]
    if on_table.kind == "run":
        routes.reverse()
    tried: list[Placement] = []
    misfits: list[str] = []
    for route in routes:
        placed, misfit = route(table, extra, rules)
        tried += placed
        if misfit:
            misfits.append(misfit)
    checks = [check_meld(after, rules) if barred is None else _barred(after, barred) for after, barred in tried]
    valid = [check for check in checks if check.valid]
    if valid:
        best = max(valid, key=lambda check: check.value)  # the first, at the same value: the high end of a run
        return Extension(True, best.cards, best.kind, best.value, best.jokers)
    if checks:
        first = next((check for check in checks if check.rule), checks[0])
        return Extension(False, first.cards, reason=first.reason, rule=first.rule)
    return refuse(misfits[0] if misfits else say("these cards cannot be added to this meld"))


def not_opened() -> str:
    """Why a player who has not opened yet may not touch the melds on the table (000, 001), in a player's words."""
    return say(
        "only a player who has opened may add to the melds on the table or rearrange them: "
        "first lay melds worth the points needed to open"
    )


def _barred(after: tuple[Card, ...], rule: str) -> MeldCheck:
    """The run the cards would make, refused: its ace sits where `rule` does not allow it."""
    return MeldCheck(after, False, reason=say(_ACE_REASONS[rule]), rule=rule)


# The same words as `check` says them (docs/rules.md §2, the ace).
_ACE_REASONS = {
    "ace_high": N_("the ace cannot follow the king in a run here (Q K A)"),
    "ace_low": N_("the ace cannot come before the 2 in a run here (A 2 3)"),
    "ace_wraps": N_("the ace cannot sit in the middle of a run (K A 2): it goes at one end"),
}


def _onto_group(table: tuple[Card, ...], extra: tuple[Card, ...], rules: RummyRules) -> Route:
    """The group with the cards added (at its end: a group has no order), or why they are not of its rank."""
    naturals = [card for card in table if not card.is_joker]
    rank = naturals[0].rank
    if any(card.rank != rank for card in naturals):
        return [], ""  # not a group: the run says why the cards do not fit
    for card in extra:
        shown = card.declared or card
        if not shown.is_joker and shown.rank != rank:
            reason = say(
                "{card} cannot join a group of {rank}s: a group holds cards of one rank",
                card=card.symbol,
                rank=naturals[0].rank_said,
            )
            return [], reason
    return [(table + extra, None)], ""


def _onto_run(table: tuple[Card, ...], extra: tuple[Card, ...], rules: RummyRules) -> Route:
    """Every way to put the cards at the ends of the run, or why they fit at neither end."""
    layouts = list(_layouts(table, rules))
    if not layouts:
        return [], ""  # not a run: the group says why the cards do not fit
    suit = next(card.suit for card in table if not card.is_joker)
    for card in extra:
        shown = card.declared or card
        if not shown.is_joker and shown.suit != suit:
            reason = say(
                "{card} cannot join a run in {suit}: a run holds cards of one suit",
                card=card.symbol,
                suit=SUIT_SYMBOLS[suit],
            )
            return [], reason
    length = len(table) + len(extra)
    if length > RANKS:
        return [], say("a run holds at most 13 cards, one of each rank")
    found: list[Placement] = []
    for layout in layouts:
        for low in range(len(extra) + 1):  # the high end first: at the same value, cards go on top
            placement = _placed(layout, extra, low, rules)
            if placement is not None and placement not in found:
                found.append(placement)
    if found:
        return found, ""
    ends = [card for layout in layouts for card in _ends(layout, len(table), rules)]
    named = symbols(extra)
    if not ends:
        return [], say_plural(
            "{cards} does not fit: this run cannot grow at either end",
            "{cards} do not fit: this run cannot grow at either end",
            len(extra),
            cards=named,
        )
    takes = or_list(card.symbol for card in dict.fromkeys(ends))
    return [], say_plural(
        "{cards} does not fit at either end of this run: it takes {ends}",
        "{cards} do not fit at either end of this run: it takes {ends}",
        len(extra),
        cards=named,
        ends=takes,
    )


def _layouts(table: tuple[Card, ...], rules: RummyRules) -> Iterator[_Layout]:
    """Each way the meld reads as a run where it lies (a joker keeps its place); else in any order."""
    naturals = [card for card in table if not card.is_joker]
    suit = naturals[0].suit
    if any(card.suit != suit for card in naturals) or len(table) > RANKS:
        return
    count = len(table)
    windows = [Window(start, count) for start in range(RANKS) if _ace_allowed(Window(start, count), rules)]
    laid = [
        _Layout(window.start, ascending, table if ascending else table[::-1], suit)
        for window in windows
        for ascending in (True, False)
        if _lies_in(table, window.places() if ascending else window.places()[::-1], suit)
    ]
    if laid:
        yield from laid
        return
    for window in windows:  # laid out of order (`J♠ JK 10♠`): put in order, jokers in the open places
        rising = _fill(window.places(), table, suit)
        if rising is not None:
            yield _Layout(window.start, True, rising, suit)


def _lies_in(cards: Sequence[Card], places: Sequence[int], suit: str) -> bool:
    """Whether each natural or declared card sits at its place, in `suit`."""
    for card, place in zip(cards, places, strict=True):
        shown = card.declared or card
        if not shown.is_joker and (shown.suit != suit or shown.rank - 1 != place):
            return False
    return True


def _placed(layout: _Layout, extra: tuple[Card, ...], low: int, rules: RummyRules) -> Placement | None:
    """The run with `low` of the cards below it and the rest above, going the way it was laid, if they fit.

    A placement whose ace the options forbid there comes with the option that forbids it.
    """
    count = len(layout.rising)
    window = Window((layout.start - low) % RANKS, count + len(extra))
    barred = None if _ace_allowed(window, rules) else window.ace_rule()
    below = [(layout.start - low + k) % RANKS for k in range(low)]
    above = [(layout.start + count + k) % RANKS for k in range(len(extra) - low)]
    filled = _fill(below + above, extra, layout.suit)
    if filled is None:
        return None
    rising = filled[:low] + layout.rising + filled[low:]
    return (rising if layout.ascending else rising[::-1]), barred


def _fill(places: Sequence[int], cards: Sequence[Card], suit: str) -> tuple[Card, ...] | None:
    """`cards` put at `places` (distinct), each natural or declared card at its own, plain jokers in the rest."""
    slots: dict[int, Card | None] = dict.fromkeys(places)
    plain = [card for card in cards if card.is_joker and card.declared is None]
    for card in cards:
        shown = card.declared or card
        if shown.is_joker:
            continue
        place = shown.rank - 1
        if shown.suit != suit or place not in slots or slots[place] is not None:
            return None
        slots[place] = card
    open_places = [place for place, card in slots.items() if card is None]
    if len(open_places) != len(plain):
        return None
    slots.update(zip(open_places, plain, strict=True))
    return tuple(card for card in slots.values() if card is not None)


def _ace_allowed(window: Window, rules: RummyRules) -> bool:
    needed = window.ace_rule()
    return needed is None or bool(getattr(rules, needed))


def _ends(layout: _Layout, count: int, rules: RummyRules) -> list[Card]:
    """The cards that could go next at either end of the run, where the ace options allow them."""
    ends = []
    if _ace_allowed(Window((layout.start - 1) % RANKS, count + 1), rules):
        ends.append(Card((layout.start - 1) % RANKS + 1, layout.suit))
    if _ace_allowed(Window(layout.start, count + 1), rules):
        ends.append(Card((layout.start + count) % RANKS + 1, layout.suit))
    return list(dict.fromkeys(ends))
