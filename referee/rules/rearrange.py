"""Rearranging the melds on the table (docs/rules.md §2, Adding to the table; option `table_rearrange`).

`keep_three` (000): each meld keeps at least three of its cards together in a meld after (several may keep theirs in
the same one, a merge; the search is in `keep_three`) and every meld stays valid. `manipulation` (001): melds may be
split, merged or trimmed, but the melds left at the end of the turn must all be valid, else the player pays the same
penalty as for a joker taken back (`joker_retrieval_penalty`). Where a joker cannot complete a meld
(`joker_can_extend = no`), a joker taken from one meld forms a new one, never one already on the table made bigger
(001); a group's joker leaves it only as a release lets it, a run's only for a card that takes its place
(`rearrange_jokers`). Only a player who has opened rearranges: `rearrange_melds` is told when the player has not
(`opened=False`) and refuses.

The answer is the same whatever the order of the melds, before and after: where cards repeat, the referee takes a
reading that allows the move if there is one, and a refusal names the first meld wrong in the order of the melds'
cards (`cards.in_cards_order`), by its place in the order given.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.building import not_opened
from referee.rules.cards import Card, canonical, check_pack_limits, counted, in_cards_order, symbols
from referee.rules.keep_three import unkept
from referee.rules.melds import MeldCheck, check_meld
from referee.rules.rearrange_jokers import (
    completed_with_a_joker,
    group_joker_refusal,
    run_joker_refusal,
    run_joker_takers,
)
from referee.rules.table import RummyRules
from referee.rules.words import say


@dataclass(frozen=True)
class Rearrangement:
    """The referee's answer about rearranging melds: valid or not, each meld after, the hand's cards, and why."""

    valid: bool
    melds: tuple[MeldCheck, ...]  # each meld after the rearrangement, checked
    from_hand: tuple[Card, ...] = ()  # the cards the melds after hold beyond those on the table
    reason: str | None = None
    rule: str | None = None
    penalty: int = 0  # manipulation: the points a player leaving the table so pays
    laid_points: int = 0  # what the move lays (001): the melds' value after less their value before; 0 when refused

    def as_json(self) -> dict[str, Any]:
        """The `rearrange` object of docs/formats.md: `valid`, `melds` (each a `check`), `from_hand`, `reason`, …"""
        return {
            "valid": self.valid,
            "melds": [check.as_json() for check in self.melds],
            "from_hand": canonical(self.from_hand),
            "reason": self.reason,
            "penalty": self.penalty,
            "laid_points": self.laid_points,
        }


def rearrange_melds(
    before: Sequence[Sequence[Card]], after: Sequence[Sequence[Card]], rules: RummyRules, *, opened: bool = True
) -> Rearrangement:
    """Whether the melds `before` on the table may become the melds `after` (cards from the hand may join them).

    What the move lays (`laid_points`, 001) is the cards from the hand, each at its value where it is laid, and the
    cards moved on the table, each at the difference between its value after and before: the value of the melds
    after less that of the melds before.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> table = [parse_cards("6S 7S 8S 9S 10S")]
    >>> split = [parse_cards("6S 7S 8S"), parse_cards("8S 9S 10S")]
    >>> answer = rearrange_melds(table, split, rummy_rules("kaluki"))
    >>> answer.valid, [str(card) for card in answer.from_hand], answer.laid_points
    (True, ['8S'], 8)
    >>> rearrange_melds(table, split, rummy_rules("kaluki-club")).rule
    'table_rearrange'
    >>> rami = rummy_rules("rami", {"table_rearrange": "manipulation"})
    >>> table = [parse_cards("JK 7H 8H"), parse_cards("7H 8H 9H")]
    >>> rearrange_melds(table, [parse_cards("7H 8H 9H"), parse_cards("JK 7H 8H 9H")], rami).laid_points
    5
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
    if not opened:
        return refuse(not_opened(), "opening_threshold")
    on_table = [check_meld(meld, rules) for meld in old]
    wrong = _first_invalid(on_table)
    if wrong is not None:
        check = on_table[wrong]
        reason = say(
            "meld {number} on the table ({cards}) is not valid: {reason}",
            number=wrong + 1,
            cards=symbols(check.cards),
            reason=check.reason,
        )
        return refuse(reason, check.rule)
    cost = rules.joker_retrieval_penalty if rules.table_rearrange == "manipulation" else 0
    left = counted(card for meld in old for card in meld) - counted(card for meld in new for card in meld)
    if left:
        reason = say(
            "{cards} would leave the table: a card taken from a meld is laid again in the same turn",
            cards=symbols(sorted((Card.parse(key) for key in left.elements()), key=lambda card: card.sort_key)),
        )
        return refuse(_costing(reason, cost), "table_rearrange", cost)
    if any(card.is_joker for card in hand) and not rules.joker_can_extend:
        return refuse(say("a joker from the hand cannot join the melds already on the table"), "joker_can_extend")
    wrong = _first_invalid(checks)
    if wrong is not None:
        check = checks[wrong]
        reason = say(
            "meld {number} after ({cards}) is not valid: {reason}",
            number=wrong + 1,
            cards=symbols(check.cards),
            reason=check.reason,
        )
        return refuse(_costing(reason, cost), check.rule or "table_rearrange", cost)
    completed = None if rules.joker_can_extend else completed_with_a_joker(old, new)
    if completed is not None:
        reason = say(
            "meld {number} after ({cards}) completes a meld already on the table with a joker taken from "
            "another: a joker taken back forms a new meld",
            number=completed + 1,
            cards=symbols(new[completed]),
        )
        return refuse(_costing(reason, cost), "joker_can_extend", cost)
    for refusal in (group_joker_refusal(on_table, new, rules), run_joker_refusal(on_table, checks, rules)):
        if refusal is not None:
            number, why, rule = refusal
            reason = say(
                "meld {number} on the table ({cards}) cannot give up its joker: {reason}",
                number=number + 1,
                cards=symbols(old[number]),
                reason=why,
            )
            return refuse(reason, rule)
    if rules.table_rearrange == "keep_three":
        broken = _unkept_in_any_order(on_table, new, rules)
        if broken is not None:
            reason = say(
                "meld {number} on the table ({cards}) would not keep three of its cards together in one meld",
                number=broken + 1,
                cards=symbols(old[broken]),
            )
            return refuse(reason, "table_rearrange")
    laid = sum(check.value for check in checks) - sum(check.value for check in on_table)
    return Rearrangement(True, checks, hand, laid_points=laid)


def _first_invalid(checks: Sequence[MeldCheck]) -> int | None:
    """The place of the first meld that is not valid, in the order of the melds' cards, if one is not."""
    return next((n for n in in_cards_order([check.cards for check in checks]) if not checks[n].valid), None)


def _unkept_in_any_order(on_table: Sequence[MeldCheck], new: Sequence[Sequence[Card]], rules: RummyRules) -> int | None:
    """The place of the first meld on the table, in the order of the melds' cards, that does not keep three (`unkept`).

    A group's joker is kept by a card of any suit it could stand for (the release follows `set_joker_release`); a
    run's, by a card that may take its place (`run_joker_takers`).
    """
    order = in_cards_order([check.cards for check in on_table])
    stand_ins = [
        check.jokers if check.kind != "run" else tuple(run_joker_takers(options, rules) for options in check.jokers)
        for check in (on_table[n] for n in order)
    ]
    broken = unkept([on_table[n].cards for n in order], [new[n] for n in in_cards_order(new)], stand_ins)
    return None if broken is None else order[broken]


def _from_hand(old: list[tuple[Card, ...]], new: list[tuple[Card, ...]]) -> tuple[Card, ...]:
    """The cards of the melds after that were not on the table, in the order given."""
    spare = counted(card for meld in old for card in meld)
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
