"""The opening: do the melds of a first laying reach the threshold (docs/rules.md §2, Opening)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.cards import Card, canonical, check_pack_limits, symbols
from referee.rules.melds import MeldCheck, check_meld
from referee.rules.table import RummyRules
from referee.rules.words import say


@dataclass(frozen=True)
class OpeningCheck:
    """The referee's answer about an opening claim: each meld, their total, and whether it opens."""

    melds: tuple[MeldCheck, ...]
    total: int
    threshold: int
    opens: bool
    reason: str | None = None
    rule: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The `opening` object of docs/formats.md."""
        return {
            "melds": [meld.as_json() for meld in self.melds],
            "total": self.total,
            "threshold": self.threshold,
            "opens": self.opens,
            "reason": self.reason,
        }


def check_opening(melds: Sequence[Sequence[Card]], rules: RummyRules, *, all_in_one: bool = False) -> OpeningCheck:
    """Check a first laying: every meld valid, and their total (or one meld) reaching the threshold.

    `all_in_one` is a player laying the whole hand in one turn, exempt under `all_in_one_exempt`.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> claim = [parse_cards("9C 9D 9H 9S"), parse_cards("5H 6H 7H")]
    >>> check_opening(claim, rummy_rules("kaluki")).total, check_opening(claim[:1], rummy_rules("kaluki")).reason
    (54, 'the melds total 36 points and an opening needs at least 40')
    """
    check_pack_limits([card for meld in melds for card in meld], rules.pack_count(), rules.joker_count())
    checks = tuple(check_meld(meld, rules) for meld in melds)
    total = sum(check.value for check in checks)
    threshold = rules.opening_threshold

    def answer(opens: bool, reason: str | None = None, rule: str | None = None) -> OpeningCheck:
        return OpeningCheck(checks, total, threshold, opens, reason, rule)

    if not checks:
        return answer(False, say("an opening lays at least one meld"))
    for number, check in enumerate(checks, start=1):
        if not check.valid:
            shown = symbols(check.cards)
            reason = say(
                "meld {number} ({cards}) is not valid: {reason}", number=number, cards=shown, reason=check.reason
            )
            return answer(False, reason, check.rule)
    if rules.distinct_melds:
        twins = _same_cards(checks)
        if twins is not None:
            first, second = twins
            reason = say(
                "melds {first} and {second} hold the same cards: two melds laid in one turn must differ",
                first=first,
                second=second,
            )
            return answer(False, reason, "distinct_melds")
    if all_in_one and rules.all_in_one_exempt:
        return answer(True)
    if rules.opening_scope == "single_meld":
        best = max(check.value for check in checks)
        if best < threshold:
            reason = say("no single meld reaches {threshold} (the best is {best})", threshold=threshold, best=best)
            return answer(False, reason, "opening_scope")
        return answer(True)
    if total < threshold:
        reason = say(
            "the melds total {total} points and an opening needs at least {threshold}", total=total, threshold=threshold
        )
        return answer(False, reason, "opening_threshold")
    return answer(True)


def _same_cards(checks: Sequence[MeldCheck]) -> tuple[int, int] | None:
    """The numbers of the first two melds holding exactly the same cards (a joker is a joker), if two do."""
    seen: dict[tuple[str, ...], int] = {}
    for number, check in enumerate(checks, start=1):
        cards = tuple(sorted(canonical(check.cards)))
        if cards in seen:
            return seen[cards], number
        seen[cards] = number
    return None
