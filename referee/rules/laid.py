"""Rami's laid points counted from the cards a player laid in the round (docs/rules.md §4, 001's salon table).

The scorer lists what the player put on the table, one group at a time: a meld the player laid (three cards
or more, a valid meld on its own) counts its value under `meld_values` (salon: an ace 15, or 5 at the low end
of a run; a joker as the card it stands for); one or two cards added to a meld already on the table count
card by card, an ace at its full value, a joker as the card it is written to stand for (`JK=8D`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType

from referee.rules.cards import Card, CardError, parse_cards, symbols
from referee.rules.melds import check_meld
from referee.rules.rummy_events import Round
from referee.rules.table import RummyRules
from referee.rules.values import joker_meld_value, natural_value
from referee.rules.words import reason_of, say

SMALLEST_MELD = 3  # fewer cards are cards added to a meld already on the table
GROUPS = re.compile(r"[/;|\n]")  # what separates one laid group from the next (a comma separates cards)


class LaidError(ValueError):
    """What the scorer wrote is not cards a player can have laid: the reason, in a player's words."""


@dataclass(frozen=True)
class Laid:
    """One group a player laid, and what it counts: a meld of its own (`kind`) or cards added to one (None)."""

    cards: tuple[Card, ...]
    value: int
    kind: str | None


def laid_groups(text: str) -> tuple[tuple[Card, ...], ...]:
    """The groups of cards written in `text`, separated by `/` or `;` (a comma separates cards, as in a hand).

    >>> [[str(card) for card in group] for group in laid_groups("9C, 9D, 9H / 5H 6H 7H; AS")]
    [['9C', '9D', '9H'], ['5H', '6H', '7H'], ['AS']]
    """
    groups = []
    for part in GROUPS.split(text):
        if not part.strip():
            continue
        try:
            groups.append(parse_cards(part))
        except CardError as error:
            raise LaidError(reason_of(error)) from None
    return tuple(groups)


def count_laid(groups: Sequence[Sequence[Card]], rules: RummyRules) -> tuple[Laid, ...]:
    """What each laid group counts under `rules`; LaidError when one cannot have been laid.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> rami = rummy_rules("rami")
    >>> [laid.value for laid in count_laid(laid_groups("AH 2H 3H / QS QD JK / KC"), rami)]
    [15, 30, 10]
    """
    return tuple(_count(tuple(group), rules) for group in groups)


def laid_total(text: str, rules: RummyRules) -> int:
    """The laid points of everything written in `text`.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> laid_total("9C 9D 9H / 5H 6H 7H JK=8H", rummy_rules("rami"))
    35
    """
    return laid_value(laid_groups(text), rules)


def laid_value(groups: Sequence[Sequence[Card]], rules: RummyRules) -> int:
    """The laid points of the groups one player laid; LaidError when one cannot have been laid."""
    return sum(laid.value for laid in count_laid(groups, rules))


def laid_text(groups: Sequence[Sequence[Card]]) -> str:
    """The groups as the scorer writes them, `/` between two (a declared joker keeps its card: `JK=8D`).

    >>> laid_text(laid_groups("9c 9d 9h / jk=8d"))
    '9C 9D 9H / JK=8D'
    """
    return " / ".join(" ".join(str(card) for card in group) for group in groups)


def with_laid_counted(event: Round, rules: RummyRules) -> Round:
    """A Rami round whose `laid` gives the points of every player whose `laid_cards` it lacks, counted from them.

    Cards that cannot have been laid are left uncounted: checking the round says why (`rummy_rounds.verify_round`).

    >>> from referee.rules.rummy_family import rummy_rules
    >>> event = Round.finished("Ana", {"Ben": 5}, laid_cards={"Ana": laid_groups("9C 9D 9H / 5H 6H 7H")})
    >>> dict(with_laid_counted(event, rummy_rules("rami")).laid or {})
    {'Ana': 30}
    """
    if rules.game != "rami" or not event.laid_cards:
        return event
    laid = dict(event.laid or {})
    for name, groups in event.laid_cards.items():
        if name not in laid:
            try:
                laid[name] = laid_value(groups, rules)
            except LaidError:
                continue
    return replace(event, laid=MappingProxyType(laid))


def laid_cards_refusal(
    name: str, groups: Sequence[Sequence[Card]], laid: Mapping[str, int], rules: RummyRules
) -> str | None:
    """Why `name` cannot have laid `groups` as the round says: cards no player lays, or not the points `laid` gives."""
    try:
        counted = laid_value(groups, rules)
    except LaidError as error:
        return say("{name}'s laid cards: {reason}", name=name, reason=reason_of(error))
    given = laid.get(name, 0)
    if counted == given:
        return None
    return say(
        '{name}\'s laid cards count {counted} points, but "laid" gives {given}',
        name=name,
        counted=counted,
        given=given,
    )


def _count(cards: tuple[Card, ...], rules: RummyRules) -> Laid:
    if len(cards) >= SMALLEST_MELD:
        check = check_meld(cards, rules)
        if not check.valid:
            meld = symbols(cards)
            raise LaidError(say("{meld} is not a meld: {reason}", meld=meld, reason=check.reason))
        return Laid(cards, check.value, check.kind)
    return Laid(cards, sum(_added_value(card, rules) for card in cards), None)


def _added_value(card: Card, rules: RummyRules) -> int:
    if not card.is_joker:
        return natural_value(card.rank, rules.meld_values)
    if card.declared is None:
        raise LaidError(
            say(
                "a joker added to a meld on the table counts as the card it stands for: write it like {example}",
                example="JK=8D",
            )
        )
    return joker_meld_value(card.declared.rank, rules)
