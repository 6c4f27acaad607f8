"""The Kaiser worked examples' verdicts when both teams reach the target on one hand: the bidding team wins
(docs/rules.md §7, docs/mutation.md)."""

from __future__ import annotations

from referee.rules.kaiser_events import KaiserHand
from referee.rules.kaiser_examples import KaiserExample
from referee.rules.table import KaiserRules, rules_for


def test_when_both_teams_reach_the_target_the_bidders_win() -> None:
    """A at 44 bids 7 and makes 8 points (59); B at 50 takes 2 (52): both pass 52, and A, the bidders, win."""
    hand = KaiserHand("Driss", "Ana", 7, False, (("A", 6), ("B", 2)), "A", "A")
    example = KaiserExample("both reach the target", (44, 50), hand)
    rules = rules_for("kaiser", {"bid_out": 100})  # B at 50 still scores its points
    assert isinstance(rules, KaiserRules)
    assert example.verdict(rules) == "A +15, B +2; A reaches 59 and wins"
