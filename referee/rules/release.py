"""Joker release: can the cards in a player's hand take the joker from a meld on the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.cards import SUITS, Card, canonical, check_pack_limits
from referee.rules.melds import check_meld
from referee.rules.option_words import choice_said
from referee.rules.table import RummyRules
from referee.rules.words import and_list, or_list, say


@dataclass(frozen=True)
class Release:
    """The referee's answer: whether the joker comes free, what it stood for, which cards go in, and why."""

    released: bool
    reason: str
    joker: Card | None = None  # the card the joker stood for, once known
    uses: tuple[Card, ...] = ()  # the cards from the hand that go into the meld
    must: str | None = None  # what the player must then do with the joker
    rule: str | None = None

    def as_json(self) -> dict[str, Any]:
        """The answer as JSON, cards in canonical notation."""
        return {
            "released": self.released,
            "joker": canonical([self.joker])[0] if self.joker else None,
            "uses": canonical(self.uses),
            "reason": self.reason,
            "must": self.must,
        }


def release_joker(meld: Sequence[Card], hand: Sequence[Card], rules: RummyRules) -> Release:
    """Whether the `hand` cards release a joker of `meld` on the table, under `set_joker_release` for groups.

    The meld's cards and the hand's are of the same packs: CardError when together they hold a card more often than
    the packs in play do. A joker declared as a card (`JK=9D`), in a group as in a run, stands for that card alone,
    which alone takes its place (docs/rules.md §2, Joker release).

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> release_joker(parse_cards("9H 9S JK"), parse_cards("9D"), rummy_rules("kaluki")).released
    True
    >>> release_joker(parse_cards("9H 9S JK"), parse_cards("9D"), rummy_rules("kaluki-hunt")).released
    False
    >>> release_joker(parse_cards("9H 9S JK"), parse_cards("9D 9C"), rummy_rules("kaluki-hunt")).released
    True
    >>> release_joker(parse_cards("JK=9D 9C 9S"), parse_cards("9H"), rummy_rules("kaluki")).released
    False
    """
    check_pack_limits([*meld, *hand], rules.pack_count(), rules.joker_count())
    check = check_meld(meld, rules)
    if not check.valid:
        return Release(False, say("the meld on the table is not valid: {reason}", reason=check.reason), rule=check.rule)
    if not check.jokers:
        return Release(False, say("there is no joker in this meld"))
    offered = [card for card in hand if not card.is_joker]
    if not offered:
        return Release(False, say("a joker is taken with a card from the hand, not with a joker"))
    must = _what_next(rules)
    if check.kind == "run" or all(card.declared for card in meld if card.is_joker):  # every joker's card is known
        return _release_from_run(check.jokers, offered, must)
    return _release_from_group(tuple(meld), offered, rules, must)


def group_release_refusal(group: Sequence[Card], freed: int, after: Sequence[Card], rules: RummyRules) -> str | None:
    """Why `freed` jokers may not leave `group` on the table when it becomes `after`, under `set_joker_release`.

    A rearrangement frees a group's joker as a release does: the cards put into the group must take it (docs/rules.md
    §2, Joker release); the group's own cards stay where they are and take nothing. None when they do.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> group_release_refusal(parse_cards("9H 9S JK"), 1, parse_cards("9D"), rummy_rules("kaluki")) is None
    True
    >>> group_release_refusal(parse_cards("9H 9S JK"), 1, parse_cards("9D"), rummy_rules("kaluki-hunt"))
    'at this table a joker is taken from a group only by adding both missing suits, and only both missing suits \
together (9♦ and 9♣) take this joker; adding one closes the group and the joker stays for good'
    """
    how = choice_said("set_joker_release", rules.set_joker_release)
    own = Counter(canonical(group))
    offered = []  # the cards that joined the group: those of `after` beyond the group's own
    for card in after:
        key = canonical([card])[0]
        if own[key] > 0:
            own[key] -= 1
        elif not card.is_joker:
            offered.append(card)
    could = list(dict.fromkeys(card for options in check_meld(group, rules).jokers for card in options))
    reason: str
    if not any(card in could for card in offered):
        reason = say("no card it could stand for ({cards}) takes its place", cards=or_list(c.symbol for c in could))
    else:
        release = release_joker(group, offered, rules)
        if release.released and freed <= len(release.uses):  # a card put in takes one joker at most
            return None
        reason = release.reason  # refused, or it takes fewer jokers than leave the group
    return say("at this table a joker is taken from a group {how}, and {reason}", how=how, reason=reason)


def _what_next(rules: RummyRules) -> str:
    if rules.joker_retrieval_penalty:
        return say(
            "meld the joker again this turn: it cannot go into the hand; "
            "a joker not melded this turn costs {points} points",
            points=rules.joker_retrieval_penalty,
        )
    return say("meld the joker again this turn: it cannot go into the hand")


def _release_from_run(jokers: tuple[tuple[Card, ...], ...], offered: list[Card], must: str) -> Release:
    for options in jokers:
        if len(options) == 1 and options[0] in offered:
            card = options[0]
            reason = say("the joker stands for {card}: your {card} takes its place", card=card.symbol)
            return Release(True, reason, card, (card,), must)
    for options in jokers:
        matching = [card for card in offered if card in options]
        if matching:
            could = or_list(card.symbol for card in options)
            return Release(
                False, say("the joker could be {cards}: it is taken only when its card is known", cards=could)
            )
    known = or_list(card.symbol for options in jokers for card in options)
    return Release(False, say("the joker stands for {cards}, and that card is not among yours", cards=known))


def _release_from_group(meld: tuple[Card, ...], offered: list[Card], rules: RummyRules, must: str) -> Release:
    naturals = [card for card in meld if not card.is_joker]
    rank, jokers = naturals[0].rank, len(meld) - len(naturals)
    missing = [Card(rank, suit) for suit in SUITS if suit not in {card.suit for card in naturals}]
    mine = [card for card in missing if card in offered]
    shown = and_list(card.symbol for card in missing)
    could = or_list(card.symbol for card in missing)
    rule = "set_joker_release"
    if not mine:
        return Release(False, say("the joker here is {cards}, and you hold none of them", cards=could))
    if rules.set_joker_release == "any_missing":
        return _release_any_missing(mine, missing, jokers, must)
    if rules.set_joker_release == "both_missing":
        if jokers == 1 and len(meld) >= 4:
            return Release(False, say("this group is closed (four cards): its joker can never be taken"), rule=rule)
        if jokers == 2 and len(naturals) == 1:
            card = mine[0]
            reason = say("your {card} takes one of the two jokers; the other stays for good", card=card.symbol)
            return Release(True, reason, card, (card,), must, rule)
        if jokers == 1 and mine == missing:
            reason = say("you add both missing suits ({cards}): the joker comes free", cards=shown)
            return Release(True, reason, None, tuple(mine), must, rule)
        reason = say(
            "only both missing suits together ({cards}) take this joker; "
            "adding one closes the group and the joker stays for good",
            cards=shown,
        )
        return Release(False, reason, rule=rule)
    if jokers > 1:
        return Release(False, say("with two jokers in a group, neither joker's card is known"), rule=rule)
    if len(missing) == 1:
        card = missing[0]
        reason = say("the joker can only be {card}: your {card} takes its place", card=card.symbol)
        return Release(True, reason, card, (card,), must, rule)
    if mine == missing and len(missing) == 2:
        first, second = missing
        reason = say(
            "your {first} completes the group, so the joker is {second}, which your {second} takes",
            first=first.symbol,
            second=second.symbol,
        )
        return Release(True, reason, second, tuple(missing), must, rule)
    other = or_list(card.symbol for card in missing if card not in mine)
    reason = say(
        "the joker could still be {cards}: add your {card} to the group, and then only {other} takes the joker",
        cards=could,
        card=mine[0].symbol,
        other=other,
    )
    return Release(False, reason, rule=rule)


def _release_any_missing(mine: list[Card], missing: list[Card], jokers: int, must: str) -> Release:
    """000: "lorsque la bonne carte arrive", a card of any suit the joker could stand for takes its place."""
    rule, could = "set_joker_release", or_list(card.symbol for card in missing)
    if jokers > 1 and len(mine) > 1:
        taking = mine[:jokers]
        reason = say(
            "your {cards} take the places of the jokers, which could each be {could}",
            cards=and_list(card.symbol for card in taking),
            could=could,
        )
        return Release(True, reason, None, tuple(taking), must, rule)
    card = mine[0]
    if len(missing) == 1:
        reason = say("the joker can only be {card}: your {card} takes its place", card=card.symbol)
    else:
        reason = say("the joker could be {could}: your {card} takes its place", could=could, card=card.symbol)
    return Release(True, reason, card, (card,), must, rule)
