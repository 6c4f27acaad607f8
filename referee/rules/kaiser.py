"""Kaiser: teams, hand records, bidding and the replay that scores them (RULES.md §7).

Seating: the teams' order is the record's; with `{"NS": [N, S], "EW": [E, W]}` the players sit N, E, S, W
clockwise, so partners sit opposite. The deal passes clockwise (to the dealer's left) after every deal,
passed or played; the first event's dealer sets where it starts.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.rules.events import EventError
from referee.rules.table import KaiserRules
from referee.rules.words import say

MAX_BID = 12
TRICKS = 8


class KaiserError(ValueError):
    """Teams, or a bidding sequence, that cannot be at a Kaiser table."""


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

    @classmethod
    def from_json(cls, data: Mapping[str, Any], position: int, teams: KaiserTeams) -> KaiserHand:
        """A `hand` event of the game record; one team's tricks are enough (the other took the rest)."""
        _keys(data, position, ("dealer", "bidder", "bid", "tricks", "five_hearts", "three_spades"), ("no_trump",))
        no_trump = data.get("no_trump", False)
        if not isinstance(no_trump, bool):
            raise EventError(position, say("no_trump is true or false, not {value!r}", value=no_trump))
        bid = _whole(data["bid"], position)
        raw = data["tricks"]
        if not isinstance(raw, Mapping) or not raw or any(team not in teams.names for team in raw):
            first, second = teams.names
            example = f'{{"{first}": 5}}'
            raise EventError(
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
                raise EventError(
                    position, say("{team} cannot take {n} tricks: a hand has {tricks}", team=team, n=n, tricks=TRICKS)
                )
        if len(taken) == 2 and sum(taken.values()) != TRICKS:
            raise EventError(
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
        )
        for team, card in ((hand.five_hearts, "5♥"), (hand.three_spades, "3♠")):
            if taken[team] == 0:
                raise EventError(
                    position, say("{team} took no trick, so it cannot have taken the {card}", team=team, card=card)
                )
        return hand

    def as_json(self) -> dict[str, Any]:
        """The canonical `hand` event: both teams' tricks, `no_trump` always given."""
        return {
            "type": "hand", "dealer": self.dealer, "bidder": self.bidder, "bid": self.bid,
            "no_trump": self.no_trump, "tricks": dict(self.tricks),
            "five_hearts": self.five_hearts, "three_spades": self.three_spades,
        }  # fmt: skip

    def tricks_of(self, team: str) -> int:
        """The tricks `team` took."""
        return dict(self.tricks)[team]


@dataclass(frozen=True)
class PassedDeal:
    """A deal where everybody passed: not a hand, but the deal moves on."""

    dealer: str

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
    """One event of a Kaiser record, from its JSON object."""
    if not isinstance(data, Mapping):
        raise EventError(position, say("an event is a JSON object, not {data!r}", data=data))
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _EVENT_TYPES:
        raise EventError(position, say("a Kaiser game records hand and passed events, not {kind!r}", kind=kind))
    return _EVENT_TYPES[kind].from_json(data, position, teams)


def parse_kaiser_events(data: Sequence[object], teams: KaiserTeams) -> tuple[KaiserEvent, ...]:
    """Every event of a Kaiser record, numbered from 1 in refusals."""
    return tuple(parse_kaiser_event(item, position, teams) for position, item in enumerate(data, start=1))


def _keys(data: Mapping[str, Any], position: int, required: tuple[str, ...], optional: tuple[str, ...]) -> None:
    for key in required:
        if key not in data:
            raise EventError(position, say("a {kind} event needs {key!r}", kind=data["type"], key=key))
    for key in data:
        if key not in (*required, *optional, "type"):
            raise EventError(position, say("a {kind} event has no {keys}", kind=data["type"], keys=repr(key)))


def _whole(value: object, position: int, team: str | None = None) -> int:
    """A whole number: the bid, or `team`'s tricks."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventError(
            position,
            say("the bid is a whole number, not {value!r}", value=value)
            if team is None
            else say("{team}'s tricks is a whole number, not {value!r}", team=team, value=value),
        )
    return value


def _name(data: Mapping[str, Any], key: str, position: int, allowed: tuple[str, ...]) -> str:
    name = data[key]
    if not isinstance(name, str) or name not in allowed:
        raise EventError(
            position, say("{key} is one of {allowed}, not {name!r}", key=key, allowed=", ".join(allowed), name=name)
        )
    return name


@dataclass(frozen=True)
class Bid:
    """A bid: the points a team undertakes to take, maybe in no trump."""

    value: int
    no_trump: bool = False

    def __str__(self) -> str:
        return say("{bid} no trump", bid=self.value) if self.no_trump else str(self.value)


def bid_outranks(a: Bid, b: Bid) -> bool:
    """Whether bid `a` beats bid `b`: "n no trump" beats "n" and is beaten by "n+1".

    >>> bid_outranks(Bid(7, no_trump=True), Bid(7)), bid_outranks(Bid(8), Bid(7, no_trump=True))
    (True, True)
    >>> bid_outranks(Bid(7), Bid(7))
    False
    """
    return (a.value, a.no_trump) > (b.value, b.no_trump)


@dataclass(frozen=True)
class Bidding:
    """An auction so far: the calls, the highest bid and its bidder, and who calls next."""

    calls: tuple[tuple[str, Bid | None], ...]
    high: tuple[str, Bid] | None
    next_player: str | None  # None once all four have called


def check_bidding(
    rules: KaiserRules, teams: KaiserTeams, dealer: str, calls: Sequence[tuple[str, Bid | None]]
) -> Bidding:
    """Check an auction (a call is a bid, or None for a pass): each player once, from the dealer's left.

    Only the dealer may equal the highest bid; under `all_pass = dealer_forced` the dealer may not pass
    when everybody else did.

    >>> from referee.rules.table import rules_for
    >>> teams = KaiserTeams.from_json({"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]})
    >>> check_bidding(rules_for("kaiser"), teams, "Driss", [("Ana", Bid(7)), ("Ben", None)]).next_player
    'Céline'
    """
    if teams.team_of(dealer) is None:
        raise KaiserError(
            say("the dealer {dealer!r} is not at this table ({seats})", dealer=dealer, seats=", ".join(teams.seats))
        )
    high: tuple[str, Bid] | None = None
    player = dealer
    for number, (caller, bid) in enumerate(calls, start=1):
        if number > 4:
            raise KaiserError(say("call {number}: each player calls once, and all four have called", number=number))
        player = teams.left_of(player)
        if caller != player:
            raise KaiserError(
                say(
                    "call {number}: it is {player}'s turn to call, not {caller}'s",
                    number=number,
                    player=player,
                    caller=caller,
                )
            )
        if bid is None:
            if player == dealer and high is None and rules.all_pass == "dealer_forced":
                raise KaiserError(
                    say(
                        "call {number} ({caller}): everybody passed, "
                        "and the dealer must bid (all_pass = dealer_forced)",
                        number=number,
                        caller=caller,
                    )
                )
            continue
        if not rules.min_bid <= bid.value <= MAX_BID:
            raise KaiserError(
                say(
                    "call {number} ({caller}): a bid is from {lowest} to {highest}, not {bid}",
                    number=number,
                    caller=caller,
                    lowest=rules.min_bid,
                    highest=MAX_BID,
                    bid=bid.value,
                )
            )
        if high is not None and not bid_outranks(bid, high[1]) and not (player == dealer and bid == high[1]):
            beaten = {"number": number, "caller": caller, "bid": bid, "high": high[0], "high_bid": high[1]}
            raise KaiserError(
                say("call {number} ({caller}): {bid} does not beat {high}'s {high_bid}", **beaten)
                if player == dealer
                else say(
                    "call {number} ({caller}): {bid} does not beat {high}'s {high_bid}; only the dealer may equal it",
                    **beaten,
                )
            )
        high = (caller, bid)
    return Bidding(tuple(calls), high, None if len(calls) >= 4 else teams.left_of(player))


def trick_points(hand: KaiserHand, team: str) -> int:
    """A team's points in a hand: one a trick, +5 for the 5♥, −3 for the 3♠ (the two teams' add up to 10)."""
    return hand.tricks_of(team) + 5 * (hand.five_hearts == team) - 3 * (hand.three_spades == team)


def bidder_change(rules: KaiserRules, bid: int, no_trump: bool, points: int) -> tuple[int, str]:
    """The bidding team's score change, and the rule it rests on, when it took `points` against `bid`.

    >>> from referee.rules.table import rules_for
    >>> bidder_change(rules_for("kaiser"), 8, True, 12)
    (40, 'bid 8 no trump made with 12 points: scores 8 + 12 = 20, doubled in no trump: 40 (made_bid = bid_plus_points)')
    """
    shown, made = str(Bid(bid, no_trump)), points >= bid
    if not made:
        change, how, rule = -bid, say("loses {bid}", bid=bid), ""
    elif rules.made_bid == "points_taken":
        change, how, rule = points, say("scores the {points} points taken", points=points), " (made_bid = points_taken)"
    else:
        total = bid + points
        change, how, rule = (
            total,
            say("scores {bid} + {points} = {total}", bid=bid, points=points, total=total),
            " (made_bid = bid_plus_points)",
        )
    if no_trump:
        change = 2 * change
        how = say("{how}, doubled in no trump: {total}", how=how, total=abs(change))
    said = {"bid": shown, "points": points, "how": how, "rule": rule}
    if made:
        return change, say("bid {bid} made with {points} points: {how}{rule}", **said)
    return change, say("bid {bid} failed with {points} points: {how}{rule}", **said)


def defender_change(rules: KaiserRules, score: int, points: int) -> tuple[int, str]:
    """The other team's score change, and the rule it rests on, when it took `points` with `score` before."""
    if score < rules.bid_out:
        return points, say(
            "not bidding, below {bid_out}: adds its {points} points", bid_out=rules.bid_out, points=points
        )
    if points < 0:
        return points, say("not bidding, at {score}: its {points} points still count", score=score, points=points)
    return 0, say(
        "not bidding, at {score} ({bid_out} or more, bid_out): adds nothing for its {points} points",
        score=score,
        bid_out=rules.bid_out,
        points=points,
    )


@dataclass(frozen=True)
class TeamResult:
    """One team's part of a hand: the points it took, its score change and new score, and why."""

    team: str
    points: int
    change: int
    score: int
    explanation: str


@dataclass(frozen=True)
class HandResult:
    """A scored hand: the event's position, the hand, the bidding team and each team's result."""

    position: int
    hand: KaiserHand
    bidding_team: str
    results: tuple[TeamResult, TeamResult]


@dataclass(frozen=True)
class KaiserGame:
    """A Kaiser game as its events leave it; `replay_kaiser` builds it, `apply` adds one event."""

    rules: KaiserRules
    teams: KaiserTeams
    scores: tuple[int, int] = (0, 0)
    hand_results: tuple[HandResult, ...] = ()
    events: tuple[KaiserEvent, ...] = ()
    next_dealer: str | None = None  # None until the first deal (or the record's first dealer) sets it
    winner: str | None = None
    first_dealer: str | None = None  # who deals the first hand, when the record says so

    @classmethod
    def start(cls, rules: KaiserRules, teams: KaiserTeams, first_dealer: str | None = None) -> KaiserGame:
        """A game before its first deal; with `first_dealer`, that player must deal it."""
        if first_dealer is not None and first_dealer not in teams.seats:
            raise KaiserError(
                say(
                    "the first dealer {dealer!r} is not at this table ({seats})",
                    dealer=first_dealer,
                    seats=", ".join(teams.seats),
                )
            )
        return cls(rules, teams, next_dealer=first_dealer, first_dealer=first_dealer)

    @property
    def over(self) -> bool:
        """Whether a team has won."""
        return self.winner is not None

    @property
    def hands(self) -> int:
        """The hands played, not counting deals everybody passed."""
        return len(self.hand_results)

    def score(self, team: str) -> int:
        """The score of `team`."""
        return self.scores[self.teams.names.index(team)]

    def verify(self, event: KaiserEvent, position: int) -> None:
        """Refuse, with the reason, an event that cannot come next."""
        parse_kaiser_event(event.as_json(), position, self.teams)  # an event built in code: players, teams, tricks
        if self.winner is not None:
            a, b = self.scores
            raise EventError(
                position,
                say("the game is over: {winner} won, {a} to {b}; no deal comes after", winner=self.winner, a=a, b=b),
            )
        if self.next_dealer is not None and event.dealer != self.next_dealer:
            raise EventError(
                position,
                say(
                    "{dealer} deals now, not {given}: the deal passes to the left ({seats})",
                    dealer=self.next_dealer,
                    given=event.dealer,
                    seats=", ".join(self.teams.seats),
                ),
            )
        if isinstance(event, PassedDeal):
            if self.rules.all_pass == "dealer_forced":
                raise EventError(
                    position, say("a deal cannot be passed out: the dealer must bid (all_pass = dealer_forced)")
                )
        elif not self.rules.min_bid <= event.bid <= MAX_BID:
            raise EventError(
                position,
                say(
                    "a bid is from {lowest} to {highest} (min_bid), not {bid}",
                    lowest=self.rules.min_bid,
                    highest=MAX_BID,
                    bid=event.bid,
                ),
            )

    def can_apply(self, event: KaiserEvent) -> bool:
        """Whether `event` can come next."""
        try:
            self.verify(event, len(self.events) + 1)
        except EventError:
            return False
        return True

    def apply(self, event: KaiserEvent, position: int | None = None) -> KaiserGame:
        """The game after `event` (at `position`, by default the next one), or EventError with the reason."""
        position = len(self.events) + 1 if position is None else position
        self.verify(event, position)
        moved = replace(self, events=(*self.events, event), next_dealer=self.teams.left_of(event.dealer))
        if isinstance(event, PassedDeal):
            return moved
        result = score_hand(self.rules, self.teams, event, self.scores, position)
        scores = (result.results[0].score, result.results[1].score)
        reached = [team for team, score in zip(self.teams.names, scores, strict=True) if score >= self.rules.target]
        winner = result.bidding_team if len(reached) == 2 else next(iter(reached), None)
        return replace(moved, scores=scores, hand_results=(*self.hand_results, result), winner=winner)

    def corrected(self, position: int, event: KaiserEvent) -> KaiserGame:
        """The game with the event at `position` replaced by `event`, every later event replayed."""
        game = KaiserGame.start(self.rules, self.teams, self.first_dealer)
        for number, old in enumerate(self.events, start=1):
            game = game.apply(event if number == position else old, number)
        return game

    def as_json(self) -> dict[str, Any]:
        """The `replay` (kaiser) object of FORMATS.md."""
        return {
            "teams": [{"name": n, "score": s} for n, s in zip(self.teams.names, self.scores, strict=True)],
            "over": self.over,
            "winner": self.winner,
            "hands": self.hands,
            "next_dealer": self.next_dealer,
        }


def score_hand(
    rules: KaiserRules, teams: KaiserTeams, hand: KaiserHand, scores: tuple[int, int], position: int = 0
) -> HandResult:
    """Score one hand from the scores before it (in the teams' order)."""
    bidding = teams.team_of(hand.bidder)
    assert bidding is not None, "a parsed hand's bidder is at the table"
    results = []
    for team, before in zip(teams.names, scores, strict=True):
        points = trick_points(hand, team)
        if team == bidding:
            change, why = bidder_change(rules, hand.bid, hand.no_trump, points)
        else:
            change, why = defender_change(rules, before, points)
        results.append(TeamResult(team, points, change, before + change, why))
    return HandResult(position, hand, bidding, (results[0], results[1]))


def replay_kaiser(
    rules: KaiserRules,
    teams: KaiserTeams | Mapping[str, Sequence[str]],
    events: Sequence[KaiserEvent | Mapping[str, Any]],
    first_dealer: str | None = None,
) -> KaiserGame:
    """Replay a Kaiser game's events (parsed, or as the record's JSON objects) one by one.

    Without `first_dealer`, the first event's dealer sets where the deal starts.

    >>> from referee.rules.table import rules_for
    >>> teams = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}
    >>> hand = {"type": "hand", "dealer": "Driss", "bidder": "Ana", "bid": 7, "tricks": {"NS": 6},
    ...         "five_hearts": "NS", "three_spades": "EW"}
    >>> replay_kaiser(rules_for("kaiser"), teams, [hand]).as_json()["teams"]
    [{'name': 'NS', 'score': 18}, {'name': 'EW', 'score': -1}]
    """
    table = teams if isinstance(teams, KaiserTeams) else KaiserTeams.from_json(teams)
    game = KaiserGame.start(rules, table, first_dealer)
    for position, event in enumerate(events, start=1):
        parsed = event if isinstance(event, KaiserHand | PassedDeal) else parse_kaiser_event(event, position, table)
        game = game.apply(parsed, position)
    return game
