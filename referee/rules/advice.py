"""Simple fixes for a meld the referee refused: one card to add, or one to take away."""

from __future__ import annotations

from collections.abc import Sequence

from referee.rules.cards import JOKER, SUITS, Card, CardError, check_pack_limits
from referee.rules.melds import check_meld
from referee.rules.table import RummyRules
from referee.rules.words import or_list, say

ALL_CARDS = (*(Card(rank, suit) for suit in SUITS for rank in range(1, 14)), JOKER)


def fixes(cards: Sequence[Card], rules: RummyRules, most: int = 3) -> list[str]:
    """Up to `most` one-card changes that make the meld valid: natural cards to add first, then one to remove.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> fixes(parse_cards("3S 5S"), rummy_rules("kaluki"))
    ['add 4♠ or add JK']
    """
    meld = tuple(cards)
    if len(meld) >= 2 and check_meld(meld, rules).valid:
        return []
    found: list[str] = []
    for card in ALL_CARDS:
        if len(found) >= most:
            break
        if _allowed([*meld, card], rules) and any(
            check_meld(order, rules).valid for order in ((*meld, card), (card, *meld))
        ):
            found.append(say("add {card}", card=card.symbol))
    for position, card in enumerate(meld):
        if len(found) >= most:
            break
        rest = meld[:position] + meld[position + 1 :]
        if len(rest) >= 3 and check_meld(rest, rules).valid:
            found.append(say("remove {card}", card=card.symbol))
    return [or_list(found)] if found else []


def _allowed(cards: list[Card], rules: RummyRules) -> bool:
    try:
        check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    except CardError:
        return False
    return True
