"""Rearranging the melds on the table (docs/rules.md §2, Adding to the table; option `table_rearrange`).

`keep_three` (000): each meld keeps at least three of its cards and every meld stays valid. `manipulation`
(001): melds may be split, merged or trimmed, but the melds left at the end of the turn must all be valid,
else the player pays the same penalty as for a joker taken back (`joker_retrieval_penalty`). Only a player
who has opened rearranges; this module assumes the player has.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.cards import Card, canonical, check_pack_limits
from referee.rules.melds import MeldCheck, check_meld
from referee.rules.table import RummyRules
from referee.rules.words import say

KEPT = 3  # 000: "à condition qu'il conserve au moins trois cartes de ce groupe"


@dataclass(frozen=True)
class Rearrangement:
    """The referee's answer about rearranging melds: valid or not, each meld after, the hand's cards, and why."""

    valid: bool
    melds: tuple[MeldCheck, ...]  # each meld after the rearrangement, checked
    from_hand: tuple[Card, ...] = ()  # the cards the melds after hold beyond those on the table
    reason: str | None = None
    rule: str | None = None
    penalty: int = 0  # manipulation: the points a player leaving the table so pays

    def as_json(self) -> dict[str, Any]:
        """The answer as JSON: `valid`, `melds` (each a `check` object), `from_hand`, `reason`, `penalty`."""
        return {
            "valid": self.valid,
            "melds": [check.as_json() for check in self.melds],
            "from_hand": canonical(self.from_hand),
            "reason": self.reason,
            "penalty": self.penalty,
        }


def rearrange_melds(
    before: Sequence[Sequence[Card]], after: Sequence[Sequence[Card]], rules: RummyRules
) -> Rearrangement:
    """Whether the melds `before` on the table may become the melds `after` (cards from the hand may join them).

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.table import rummy_rules
    >>> table = [parse_cards("6S 7S 8S 9S 10S")]
    >>> split = [parse_cards("6S 7S 8S"), parse_cards("8S 9S 10S")]
    >>> answer = rearrange_melds(table, split, rummy_rules("kaluki"))
    >>> answer.valid, [str(card) for card in answer.from_hand]
    (True, ['8S'])
    >>> rearrange_melds(table, split, rummy_rules("kaluki-club")).rule
    'table_rearrange'
    """
    old, new = [tuple(meld) for meld in before], [tuple(meld) for meld in after]
    check_pack_limits([card for meld in old for card in meld], rules.pack_count(), rules.joker_count())
    check_pack_limits([card for meld in new for card in meld], rules.pack_count(), rules.joker_count())
    checks = tuple(check_meld(meld, rules) for meld in new)
    hand = _from_hand(old, new)

    def refuse(reason: str, rule: str | None = None, penalty: int = 0) -> Rearrangement:
        return Rearrangement(False, checks, hand, reason, rule, penalty)

    if rules.table_rearrange == "no":
        return refuse(say("the melds on the table cannot be rearranged under these rules"), "table_rearrange")
    if not old or not new:
        return refuse(say("name the melds on the table and the melds they would become"))
    for number, meld in enumerate(old, start=1):
        check = check_meld(meld, rules)
        if not check.valid:
            reason = say(
                "meld {number} on the table ({cards}) is not valid: {reason}",
                number=number,
                cards=_shown(meld),
                reason=check.reason,
            )
            return refuse(reason, check.rule)
    cost = rules.joker_retrieval_penalty if rules.table_rearrange == "manipulation" else 0
    left = _physical(card for meld in old for card in meld) - _physical(card for meld in new for card in meld)
    if left:
        reason = say(
            "{cards} would leave the table: a card taken from a meld is laid again in the same turn",
            cards=_shown(sorted((Card.parse(key) for key in left.elements()), key=lambda card: card.sort_key)),
        )
        return refuse(_costing(reason, cost), "table_rearrange", cost)
    if any(card.is_joker for card in hand) and not rules.joker_can_extend:
        return refuse(say("a joker from the hand cannot join the melds already on the table"), "joker_can_extend")
    for number, check in enumerate(checks, start=1):
        if not check.valid:
            reason = say(
                "meld {number} after ({cards}) is not valid: {reason}",
                number=number,
                cards=_shown(check.cards),
                reason=check.reason,
            )
            return refuse(_costing(reason, cost), check.rule or "table_rearrange", cost)
    if rules.table_rearrange == "keep_three":
        broken = _unkept(old, new)
        if broken is not None:
            reason = say(
                "meld {number} on the table ({cards}) would not keep three of its cards together in one meld",
                number=broken + 1,
                cards=_shown(old[broken]),
            )
            return refuse(reason, "table_rearrange")
    return Rearrangement(True, checks, hand)


def _shown(cards: Sequence[Card]) -> str:
    return " ".join(card.symbol for card in cards)


def _physical(cards: Iterable[Card]) -> Counter[str]:
    """The cards as they lie on the table: a joker is a joker, whatever it stands for."""
    return Counter(canonical(cards))


def _from_hand(old: list[tuple[Card, ...]], new: list[tuple[Card, ...]]) -> tuple[Card, ...]:
    """The cards of the melds after that were not on the table, in the order given."""
    spare = _physical(card for meld in old for card in meld)
    hand = []
    for card in (card for meld in new for card in meld):
        key = canonical([card])[0]
        if spare[key] > 0:
            spare[key] -= 1
        else:
            hand.append(card)
    return tuple(hand)


def _costing(reason: str, cost: int) -> str:
    if not cost:
        return reason
    return say("{reason}; left so at the end of the turn, it costs {points} points", reason=reason, points=cost)


def _unkept(old: list[tuple[Card, ...]], new: list[tuple[Card, ...]]) -> int | None:
    """The first meld on the table that cannot keep three of its cards in a meld of its own after, if one cannot.

    Each meld on the table needs a meld after (a different one for each) sharing at least three of its cards:
    a matching found by augmenting paths.
    """
    shares = [
        [j for j, later in enumerate(new) if sum((_physical(meld) & _physical(later)).values()) >= KEPT] for meld in old
    ]
    owner: dict[int, int] = {}

    def claim(i: int, seen: set[int]) -> bool:
        for j in shares[i]:
            if j not in seen:
                seen.add(j)
                if j not in owner or claim(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    for i in range(len(old)):
        if not claim(i, set()):
            return i
    return None
