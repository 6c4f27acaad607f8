"""The events of a Kaluki or Rami game, as in the game record of docs/formats.md: rounds, void rounds, buy-backs,
and the stock reshuffled during a round."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from referee.rules.cards import Card, CardError, canonical, parse_cards
from referee.rules.events import EventError
from referee.rules.words import N_, reason_of, say

Hand = tuple[Card, ...] | int  # the cards left in hand, or their value already counted
LaidCards = tuple[tuple[Card, ...], ...]  # what a player laid in a round, one meld (or cards added to one) at a time


class RummyKind(StrEnum):
    """The types of a rummy game's entries (docs/formats.md), each declared to the registry in `rummy_family`."""

    ROUND = "round"
    VOID = "void"
    BUYBACK = "buyback"
    RESHUFFLE = "reshuffle"  # the stock ran out and was reshuffled (no score changes)


class Finish(StrEnum):
    """How a round's winner went out: normally, all in one (a kaluki, a hunt), or a Rami rami of either kind."""

    OUT = "out"
    ALL_IN_ONE = "all_in_one"
    WITH_TABLE = "with_table"  # a rami that used others' melds
    OWN_CARDS = "own_cards"  # a rami with own cards only

    @property
    def all_in_one(self) -> bool:
        """Whether the whole hand was laid in one turn (a kaluki, a hunt or a rami)."""
        return self is not Finish.OUT


RAMI_KINDS = (Finish.WITH_TABLE, Finish.OWN_CARDS)


def _empty() -> Mapping[str, int]:
    return MappingProxyType({})


def _nothing_laid() -> Mapping[str, LaidCards]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Round:
    """A round won by `winner`, with the hand of every other player still in."""

    winner: str
    hands: Mapping[str, Hand]
    all_in_one: bool = False  # a kaluki or a hunt
    rami: str | None = None  # Rami: "with_table" or "own_cards"
    laid: Mapping[str, int] | None = None  # Rami: points each player laid this round (None: not given)
    unreturned_jokers: Mapping[str, int] = field(default_factory=_empty)  # jokers taken back and not replayed
    laid_cards: Mapping[str, LaidCards] = field(default_factory=_nothing_laid)  # Rami: the cards behind `laid`
    kind = RummyKind.ROUND

    @classmethod
    def finished(
        cls,
        winner: str,
        hands: Mapping[str, Hand],
        finish: Finish = Finish.OUT,
        laid: Mapping[str, int] | None = None,
        unreturned_jokers: Mapping[str, int] | None = None,
        laid_cards: Mapping[str, LaidCards] | None = None,
    ) -> Round:
        """A round as a scorer enters it: the winner, how they went out, the hands, and Rami's laid points (with the
        cards they were counted from, where the scorer entered cards)."""
        rami = finish if finish in RAMI_KINDS else None
        return cls(
            winner,
            MappingProxyType(dict(hands)),
            finish is Finish.ALL_IN_ONE,
            rami,
            None if laid is None else MappingProxyType(dict(laid)),
            MappingProxyType(dict(unreturned_jokers or {})),
            MappingProxyType({name: tuple(map(tuple, groups)) for name, groups in (laid_cards or {}).items()}),
        )

    @property
    def finish(self) -> Finish:
        """How the winner went out."""
        if self.rami is not None:
            return Finish(self.rami)
        return Finish.ALL_IN_ONE if self.all_in_one else Finish.OUT

    def as_json(self) -> dict[str, Any]:
        """The round as a game-record event, cards in canonical notation (a joker in hand is `JK`, declared or not)."""
        data: dict[str, Any] = {
            "type": "round",
            "winner": self.winner,
            "hands": {name: hand if isinstance(hand, int) else canonical(hand) for name, hand in self.hands.items()},
        }
        if self.all_in_one:
            data["all_in_one"] = True
        if self.rami:
            data["rami"] = self.rami
        if self.laid is not None:
            data["laid"] = dict(self.laid)
        if self.laid_cards:  # a declared joker keeps its card: added to a meld on its own, it counts as that card
            data["laid_cards"] = {
                name: [[str(card) for card in group] for group in groups] for name, groups in self.laid_cards.items()
            }
        if self.unreturned_jokers:
            data["unreturned_jokers"] = dict(self.unreturned_jokers)
        return data


@dataclass(frozen=True)
class Void:
    """A round with no winner: the stock ran out a second time."""

    kind = RummyKind.VOID

    def as_json(self) -> dict[str, Any]:
        """The void round as a game-record event."""
        return {"type": "void"}


@dataclass(frozen=True)
class Buyback:
    """An eliminated player pays into the pot to come back in."""

    player: str
    kind = RummyKind.BUYBACK

    def as_json(self) -> dict[str, Any]:
        """The buy-back as a game-record event."""
        return {"type": "buyback", "player": self.player}


@dataclass(frozen=True)
class Reshuffle:
    """The stock ran out and was reshuffled: no score changes, but when it runs out again the round is void (000)."""

    kind = RummyKind.RESHUFFLE

    def as_json(self) -> dict[str, Any]:
        """The reshuffle as a game-record event."""
        return {"type": "reshuffle"}


RummyEvent = Round | Void | Buyback | Reshuffle
_KEYS = {
    "round": {"type", "winner", "hands", "all_in_one", "rami", "laid", "laid_cards", "unreturned_jokers"},
    "void": {"type"},
    "buyback": {"type", "player"},
    "reshuffle": {"type"},
}


def rummy_event_from_json(data: Any, position: int) -> RummyEvent:
    """One event of a Kaluki or Rami game record, checked for shape (not yet against the game)."""
    if not isinstance(data, Mapping):
        raise EventError(position, say("an event is an object with a type, like {example}", example='{"type": "void"}'))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:  # a list or an object is no type (and no key of _KEYS)
        raise EventError(
            position,
            say("unknown event type {kind!r}: a rummy game has round, void, buyback and reshuffle events", kind=kind),
        )
    unknown = sorted(set(data) - _KEYS[kind])
    if unknown:
        keys = ", ".join(repr(k) for k in unknown)
        raise EventError(position, say("a {kind} event has no {keys}", kind=kind, keys=keys))
    if kind == "void":
        return Void()
    if kind == "reshuffle":
        return Reshuffle()
    if kind == "buyback":
        return Buyback(_name(data.get("player"), "player", position))
    return _round_from_json(data, position)


def _round_from_json(data: Mapping[str, Any], position: int) -> Round:
    winner = _name(data.get("winner"), "winner", position)
    hands_data = data.get("hands")
    if not isinstance(hands_data, Mapping):
        raise EventError(position, say('a round needs "hands": each other player\'s cards or points'))
    hands = {_name(name, "player", position): _hand(hand, str(name), position) for name, hand in hands_data.items()}
    all_in_one = data.get("all_in_one", False)
    if not isinstance(all_in_one, bool):
        raise EventError(position, say('"all_in_one" is true or false'))
    rami = data.get("rami")
    if rami is not None and rami not in RAMI_KINDS:
        raise EventError(position, say('"rami" is "with_table" or "own_cards", not {rami!r}', rami=rami))
    laid = data.get("laid")
    return Round(
        winner,
        MappingProxyType(hands),
        all_in_one,
        None if rami is None else Finish(rami),
        None if laid is None else _points(laid, "laid", position),
        _points(data.get("unreturned_jokers", {}), "unreturned_jokers", position),
        _laid_cards(data.get("laid_cards", {}), position),
    )


_NOT_A_NAME = {
    "winner": N_("the winner must be a player's name"),
    "player": N_("the player must be a player's name"),
}


def _name(value: Any, what: str, position: int) -> str:
    if not isinstance(value, str) or not value.strip():
        raise EventError(position, say(_NOT_A_NAME[what]))
    return value


def _hand(value: Any, name: str, position: int) -> Hand:
    if isinstance(value, bool) or not isinstance(value, int | str | list):
        raise EventError(
            position, say('{name}\'s hand is cards ("JK 5C" or ["JK", "5C"]) or a number of points', name=name)
        )
    if isinstance(value, int):
        if value < 0:
            raise EventError(
                position,
                say("{name}'s hand cannot be worth {value}: points are never negative", name=name, value=value),
            )
        return value
    if isinstance(value, list) and not all(isinstance(card, str) for card in value):
        raise EventError(position, say('{name}\'s hand lists cards as strings, like ["JK", "5C"]', name=name))
    try:
        return parse_cards(value)
    except CardError as error:
        raise EventError(position, say("{name}'s hand: {error}", name=name, error=reason_of(error))) from None


def _points(value: Any, key: str, position: int) -> Mapping[str, int]:
    if not isinstance(value, Mapping) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value.values()
    ):
        raise EventError(
            position, say('"{key}" gives each player a whole number, like {example}', key=key, example='{"Ana": 90}')
        )
    return MappingProxyType({_name(name, "player", position): n for name, n in value.items()})


_LAID_CARDS_EXAMPLE = '{"Ana": [["9C", "9D", "9H"], "5H 6H 7H", ["AS"]]}'


def _laid_cards(value: Any, position: int) -> Mapping[str, LaidCards]:
    """`laid_cards`: for each player, what they laid, one meld (or the cards added to one) at a time."""
    shape = say(
        '"laid_cards" gives each player a list of what they laid, each meld as cards, like {example}',
        example=_LAID_CARDS_EXAMPLE,
    )
    if not isinstance(value, Mapping):
        raise EventError(position, shape)
    laid: dict[str, LaidCards] = {}
    for name, groups in value.items():
        player = _name(name, "player", position)
        if not isinstance(groups, list):
            raise EventError(position, shape)
        read = []
        for group in groups:
            if not (isinstance(group, str) or (isinstance(group, list) and all(isinstance(c, str) for c in group))):
                raise EventError(position, shape)
            try:
                cards = parse_cards(group)
            except CardError as error:
                raise EventError(
                    position, say("{name}'s laid cards: {error}", name=player, error=reason_of(error))
                ) from None
            if not cards:
                raise EventError(position, say("{name}'s laid cards list a meld with no card", name=player))
            read.append(cards)
        laid[player] = tuple(read)
    return MappingProxyType(laid)
