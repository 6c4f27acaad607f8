"""Kaiser's table and its game record's events: two teams of two, a played hand, a passed deal (docs/rules.md §7).

Seating: the teams' order is the record's; with `{"NS": [N, S], "EW": [E, W]}` the players sit N, E, S, W
clockwise, so partners sit opposite.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from referee.rules.events import UnreadableEvent
from referee.rules.words import say

TRICKS = 8
MAX_BID = 12
SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}  # the trump a hand may name, as recorded and as shown


class KaiserError(ValueError):
    """Teams, or a bidding sequence, that cannot be at a Kaiser table."""


class KaiserKind(StrEnum):
    """The types of a Kaiser game's entries (docs/formats.md), each declared to the registry in `kaiser_family`."""

    HAND = "hand"
    PASSED = "passed"  # everybody passed: the deal passes on


@dataclass(frozen=True)
class Bid:
    """A bid: the points a team undertakes to take, maybe in no trump."""

    value: int
    no_trump: bool = False

    def __str__(self) -> str:
        return say("{bid} no trump", bid=self.value) if self.no_trump else str(self.value)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)  # as a value of another message, said with it (object's would keep English)


Call = tuple[str, Bid | None]  # a player's call in the auction: a bid, or None for a pass


@dataclass(frozen=True)
class KaiserTeams:
    """Two teams of two, in the record's order; `seats` lists the players clockwise."""

    names: tuple[str, str]
    players: tuple[tuple[str, str], tuple[str, str]]

    @classmethod
    def from_json(cls, data: object) -> KaiserTeams:
        """The record's `{"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}`, checked."""
        if not isinstance(data, Mapping) or len(data) != 2:
            raise KaiserError(
                say(
                    "Kaiser is played by two teams of two, like {example}",
                    example='{"NS": ["Ana", "Céline"], "EW": [...]}',
                )
            )
        (first, one), (second, two) = data.items()
        teams = cls((first, second), (_pair(first, one), _pair(second, two)))
        if len(set(teams.seats)) != 4:
            raise KaiserError(say("four different players are needed, not {names}", names=", ".join(teams.seats)))
        return teams

    def as_json(self) -> dict[str, list[str]]:
        """The record's `teams` object."""
        return {name: list(team) for name, team in zip(self.names, self.players, strict=True)}

    @property
    def seats(self) -> tuple[str, str, str, str]:
        """The players clockwise: first team, second team, first team's partner, second team's partner."""
        (a, c), (b, d) = self.players
        return (a, b, c, d)

    def team_of(self, player: str) -> str | None:
        """The team `player` plays for, or None for a stranger."""
        return next((n for n, team in zip(self.names, self.players, strict=True) if player in team), None)

    def other(self, team: str) -> str:
        """The team that is not `team`."""
        return self.names[1] if team == self.names[0] else self.names[0]

    def left_of(self, player: str) -> str:
        """The player to the left of `player`: the next dealer, or the next to bid."""
        return self.seats[(self.seats.index(player) + 1) % 4]


def _pair(name: object, members: object) -> tuple[str, str]:
    if not isinstance(name, str) or not name.strip():
        raise KaiserError(say("a team needs a name, not {name!r}", name=name))
    if isinstance(members, str) or not isinstance(members, Sequence) or len(members) != 2:
        raise KaiserError(say('team {name} is a list of its two players, like ["Ana", "Céline"]', name=name))
    if not all(isinstance(player, str) and player.strip() for player in members):
        raise KaiserError(
            say("team {name}: a player's name is a non-empty text, not {members!r}", name=name, members=members)
        )
    return (members[0], members[1])


@dataclass(frozen=True)
class KaiserHand:
    """One played hand: who dealt, the winning bid, and the tricks and the two special cards each team took."""

    dealer: str
    bidder: str
    bid: int
    no_trump: bool
    tricks: tuple[tuple[str, int], tuple[str, int]]  # (team, tricks) in the teams' order
    five_hearts: str
    three_spades: str
    calls: tuple[Call, ...] = ()  # the auction, from the dealer's left, when the scorer recorded it
    trump: str | None = None  # "S", "H", "D" or "C", when the scorer recorded it
    kind = KaiserKind.HAND

    @classmethod
    def from_json(cls, data: Mapping[str, Any], position: int, teams: KaiserTeams) -> KaiserHand:
        """A `hand` event of the game record; one team's tricks are enough (the other took the rest)."""
        required = ("dealer", "bidder", "bid", "tricks", "five_hearts", "three_spades")
        _keys(data, position, required, ("no_trump", "calls", "trump"))
        no_trump = _flag(data, position)
        trump = _trump(data.get("trump"), no_trump, position)
        bid = _whole(data["bid"], position)
        raw = data["tricks"]
        if not isinstance(raw, Mapping) or not raw or any(team not in teams.names for team in raw):
            first, second = teams.names
            example = f'{{"{first}": 5}}'
            raise UnreadableEvent(
                position,
                say(
                    "tricks give the tricks of {first} and/or {second}, like {example}",
                    first=first,
                    second=second,
                    example=example,
                ),
            )
        taken = {team: _whole(n, position, team) for team, n in raw.items()}
        for team, n in taken.items():
            if not 0 <= n <= TRICKS:
                raise UnreadableEvent(
                    position, say("{team} cannot take {n} tricks: a hand has {tricks}", team=team, n=n, tricks=TRICKS)
                )
        if len(taken) == 2 and sum(taken.values()) != TRICKS:
            raise UnreadableEvent(
                position,
                say("the tricks add up to {sum}, but a hand has {tricks}", sum=sum(taken.values()), tricks=TRICKS),
            )
        given = next(iter(taken))
        taken[teams.other(given)] = TRICKS - taken[given]
        hand = cls(
            _name(data, "dealer", position, teams.seats),
            _name(data, "bidder", position, teams.seats),
            bid,
            no_trump,
            ((teams.names[0], taken[teams.names[0]]), (teams.names[1], taken[teams.names[1]])),
            _name(data, "five_hearts", position, teams.names),
            _name(data, "three_spades", position, teams.names),
            _calls(data.get("calls", []), position, teams),
            trump,
        )
        for team, card in ((hand.five_hearts, "5♥"), (hand.three_spades, "3♠")):
            if taken[team] == 0:
                raise UnreadableEvent(
                    position, say("{team} took no trick, so it cannot have taken the {card}", team=team, card=card)
                )
        return hand

    def as_json(self) -> dict[str, Any]:
        """The canonical `hand` event: both teams' tricks, `no_trump` always given, the auction and trump if known."""
        data: dict[str, Any] = {
            "type": "hand", "dealer": self.dealer, "bidder": self.bidder, "bid": self.bid,
            "no_trump": self.no_trump, "tricks": dict(self.tricks),
            "five_hearts": self.five_hearts, "three_spades": self.three_spades,
        }  # fmt: skip
        if self.calls:
            data["calls"] = [call_json(call) for call in self.calls]
        if self.trump is not None:
            data["trump"] = self.trump
        return data

    def tricks_of(self, team: str) -> int:
        """The tricks `team` took."""
        return dict(self.tricks)[team]


@dataclass(frozen=True)
class PassedDeal:
    """A deal where everybody passed: not a hand, but the deal moves on."""

    dealer: str
    kind = KaiserKind.PASSED

    @classmethod
    def from_json(cls, data: Mapping[str, Any], position: int, teams: KaiserTeams) -> PassedDeal:
        """A `passed` event of the game record."""
        _keys(data, position, ("dealer",), ())
        return cls(_name(data, "dealer", position, teams.seats))

    def as_json(self) -> dict[str, Any]:
        """The canonical `passed` event."""
        return {"type": "passed", "dealer": self.dealer}


KaiserEvent = KaiserHand | PassedDeal
_EVENT_TYPES: dict[str, type[KaiserHand] | type[PassedDeal]] = {"hand": KaiserHand, "passed": PassedDeal}


def parse_kaiser_event(data: object, position: int, teams: KaiserTeams) -> KaiserEvent:
    """One entry of a Kaiser record read as its event; UnreadableEvent says why it is none."""
    if not isinstance(data, Mapping):
        raise UnreadableEvent(position, say("an event is a JSON object, not {data!r}", data=data))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _EVENT_TYPES:
        raise UnreadableEvent(position, say("a Kaiser game records hand and passed events, not {kind!r}", kind=kind))
    return _EVENT_TYPES[kind].from_json(data, position, teams)


def parse_kaiser_events(data: Sequence[object], teams: KaiserTeams) -> tuple[KaiserEvent, ...]:
    """Every entry of a Kaiser record read as its events, numbered from 1 in refusals."""
    return tuple(parse_kaiser_event(item, position, teams) for position, item in enumerate(data, start=1))


def _keys(data: Mapping[str, Any], position: int, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    for key in required:
        if key not in data:
            raise UnreadableEvent(position, say("a {kind} event needs {key!r}", kind=data["type"], key=key))
    for key in data:
        if key not in (*required, *optional, "type"):
            raise UnreadableEvent(position, say("a {kind} event has no {keys}", kind=data["type"], keys=repr(key)))


def call_json(call: Call) -> dict[str, Any]:
    """One call as the record writes it: `{"player": "Ana", "call": "pass"}`, or a bid with `no_trump` if so."""
    player, bid = call
    if bid is None:
        return {"player": player, "call": "pass"}
    return {"player": player, "call": bid.value} | ({"no_trump": True} if bid.no_trump else {})


def _calls(raw: object, position: int, teams: KaiserTeams) -> tuple[Call, ...]:
    """The auction as recorded: a list of calls, each a player and "pass" or a whole-number bid."""
    example = '[{"player": "Ana", "call": "pass"}, {"player": "Ben", "call": 7, "no_trump": true}, …]'
    if not isinstance(raw, list):
        raise UnreadableEvent(position, say("calls is a list of calls, like {example}", example=example))
    calls: list[Call] = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or set(item) - {"player", "call", "no_trump"} or "call" not in item:
            raise UnreadableEvent(
                position,
                say("call {number} is a player and their call, like {example}", number=number, example=example),
            )
        player = _name(item, "player", position, teams.seats)
        no_trump = _flag(item, position)
        call = item["call"]
        if call == "pass" and not no_trump:
            calls.append((player, None))
        elif isinstance(call, int) and not isinstance(call, bool):
            calls.append((player, Bid(call, no_trump)))
        else:
            raise UnreadableEvent(
                position,
                say(
                    'call {number} ({player}) is "pass" or a whole-number bid, not {call!r}',
                    number=number,
                    player=player,
                    call=call,
                ),
            )
    return tuple(calls)


def _flag(data: Mapping[str, Any], position: int) -> bool:
    value = data.get("no_trump", False)
    if not isinstance(value, bool):
        raise UnreadableEvent(position, say("no_trump is true or false, not {value!r}", value=value))
    return value


def _trump(trump: object, no_trump: bool, position: int) -> str | None:
    if trump is None:
        return None
    if not isinstance(trump, str) or trump not in SUITS:
        raise UnreadableEvent(position, say("trump is one of S, H, D, C, not {trump!r}", trump=trump))
    if no_trump:
        raise UnreadableEvent(position, say("a hand in no trump has no trump suit, not {trump}", trump=SUITS[trump]))
    return trump


def _whole(value: object, position: int, team: str | None = None) -> int:
    """A whole number: the bid, or `team`'s tricks."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise UnreadableEvent(
            position,
            say("the bid is a whole number, not {value!r}", value=value)
            if team is None
            else say("{team}'s tricks is a whole number, not {value!r}", team=team, value=value),
        )
    return value


def _name(data: Mapping[str, Any], key: str, position: int, allowed: tuple[str, ...]) -> str:
    name = data[key]
    if not isinstance(name, str) or name not in allowed:
        raise UnreadableEvent(
            position, say("{key} is one of {allowed}, not {name!r}", key=key, allowed=", ".join(allowed), name=name)
        )
    return name
