"""Card values: the penalty table, face values and the salon table (docs/rules.md §4)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from referee.rules.cards import Card, canonical
from referee.rules.table import RummyRules

ACE, TEN = 1, 10
JOKER_PENALTY = 15  # 000's table
SALON_JOKER_IN_HAND = 20  # 001: a joker left in hand
SALON_ACE_IN_HAND = 15  # 001: an ace left in hand "always" 15


def natural_value(rank: int, table: str, *, low_ace: bool = False) -> int:
    """What a card of `rank` (1-13) counts under `table` (`penalty`, `face` or `salon`).

    The ace is 11 (salon 15), except in a low run (A 2 3) in the face (1) and salon (5) tables.

    >>> natural_value(1, "penalty", low_ace=True), natural_value(1, "face", low_ace=True), natural_value(7, "salon")
    (11, 1, 5)
    """
    if rank == ACE:
        if table == "salon":
            return 5 if low_ace else 15
        return 1 if low_ace and table == "face" else 11
    if rank >= TEN:
        return 10
    return 5 if table == "salon" else rank


def hand_card_value(card: Card, table: str) -> int:
    """What one card left in hand costs under `hand_values` (`penalty`: joker 15; `salon`: joker 20, ace 15)."""
    if card.is_joker:
        return SALON_JOKER_IN_HAND if table == "salon" else JOKER_PENALTY
    if table == "salon" and card.rank == ACE:
        return SALON_ACE_IN_HAND
    return natural_value(card.rank, table)


def penalty(cards: Iterable[Card], rules: RummyRules) -> int:
    """The penalty of the cards left in a hand: the sum of their `hand_values`.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> penalty(parse_cards("JK KS AH 10D 8C"), rummy_rules("kaluki"))
    54
    """
    return sum(hand_card_value(card, rules.hand_values) for card in cards)


def penalty_json(cards: Sequence[Card], rules: RummyRules) -> dict[str, Any]:
    """The `penalty` object of docs/formats.md: the cards, every joker written `JK`, and their penalty.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> penalty_json(parse_cards("JK=8D 5C"), rummy_rules("kaluki"))
    {'cards': ['JK', '5C'], 'penalty': 20}
    """
    return {"cards": canonical(cards), "penalty": penalty(cards, rules)}


def joker_meld_value(stands_for: int, rules: RummyRules, *, low_ace: bool = False) -> int:
    """What a joker standing for a card of rank `stands_for` counts in a meld (`joker_meld_value`)."""
    if isinstance(rules.joker_meld_value, int):
        return rules.joker_meld_value
    return natural_value(stands_for, rules.meld_values, low_ace=low_ace)


DRAWN = 1  # the card a player draws before discarding: a hand holds `hand_size` + 1 cards at most
ARRANGE_MARGIN = 3  # the desk and `referee best` take a few cards more than a hand holds: hand_size + 4


def most_cards_held(rules: RummyRules) -> int:
    """The most cards a player can hold: the cards dealt (`hand_size`) and the card drawn (docs/rules.md §3).

    >>> from referee.rules.rummy_family import rummy_rules
    >>> most_cards_held(rummy_rules("kaluki")), most_cards_held(rummy_rules("rami"))
    (14, 15)
    """
    return rules.hand_size + DRAWN


def most_cards_arranged(rules: RummyRules) -> int:
    """The most cards the best arrangement is sought for: a hand and a few cards more (`hand_size` + 4).

    >>> from referee.rules.rummy_family import rummy_rules
    >>> most_cards_arranged(rummy_rules("kaluki"))
    17
    """
    return most_cards_held(rules) + ARRANGE_MARGIN


def costliest_hand(rules: RummyRules, players: int | None = None) -> int:
    """The most a hand can cost: the dearest `most_cards_held` cards in play under `hand_values`.

    Each card counts at most `packs` times and jokers at most `jokers` times (Rami's `auto` packs by the
    number of `players`): a typed total above it is a typo.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> costliest_hand(rummy_rules("kaluki"))  # 4 jokers (15), 8 aces (11) and two tens
    168
    >>> costliest_hand(rummy_rules("rami")), costliest_hand(rummy_rules("rami"), players=8)
    (230, 265)
    """
    packs, jokers = rules.pack_count(players), rules.joker_count(players)
    naturals = [hand_card_value(Card(rank, "S"), rules.hand_values) for rank in range(1, 14)]  # sorted below
    dearest = [hand_card_value(Card.joker(), rules.hand_values)] * jokers
    dearest += [value for value in naturals for _ in range(packs * 4)]  # 4 suits of each rank in each pack
    dearest.sort(reverse=True)
    return sum(dearest[: most_cards_held(rules)])


def most_laid(rules: RummyRules, players: int | None = None) -> int:
    """The most a player can lay in one round: every card in play at its highest meld value (`meld_values`).

    A typed laid total above it is a typo.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> most_laid(rummy_rules("rami"))  # 2 packs: 8 aces at 15, 32 tens to kings at 10, 64 others at 5; 4 jokers at 15
    820
    """
    packs, jokers = rules.pack_count(players), rules.joker_count(players)
    naturals = sum(natural_value(rank, rules.meld_values) for rank in range(1, 14)) * 4 * packs
    dearest_joker = max(joker_meld_value(rank, rules) for rank in range(1, 14))
    return naturals + dearest_joker * jokers
