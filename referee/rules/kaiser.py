"""Kaiser scored: each hand's points and score changes with the rule applied, and the replay to 52 (docs/rules.md §7).

The deal passes clockwise (to the dealer's left) after every deal, passed or played; the record's first
dealer, or else the first event's dealer, sets where it starts. The table and the events are in
`kaiser_events`, the auction in `kaiser_bidding`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.game import Offer, Replayed, Step
from referee.rules.kaiser_bidding import MAX_BID, Bid, check_auction
from referee.rules.kaiser_events import (
    KaiserError,
    KaiserEvent,
    KaiserHand,
    KaiserKind,
    KaiserTeams,
    PassedDeal,
    parse_kaiser_event,
)
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.words import reason_of, say, say_plural


def trick_points(hand: KaiserHand, team: str) -> int:
    """A team's points in a hand: one a trick, +5 for the 5♥, −3 for the 3♠ (the two teams' add up to 10)."""
    return hand.tricks_of(team) + 5 * (hand.five_hearts == team) - 3 * (hand.three_spades == team)


def bidder_change(rules: KaiserRules, bid: int, no_trump: bool, points: int) -> tuple[int, str]:
    """The bidding team's score change, and how it came, in a player's words, when it took `points` against `bid`.

    >>> from referee.rules.families import rules_for
    >>> bidder_change(rules_for("kaiser"), 8, True, 12)
    (40, 'bid 8 no trump made with 12 points: scores 8 + 12 = 20, doubled in no trump: 40')
    >>> bidder_change(rules_for("kaiser-pagat"), 7, False, 1)
    (-7, 'bid 7 failed with 1 point: loses 7')
    """
    shown, made = str(Bid(bid, no_trump)), points >= bid
    if not made:
        change, how = -bid, say("loses {bid}", bid=bid)
    elif rules.made_bid == "points_taken":
        change, how = points, say("scores the {points} points taken", points=points)
    else:
        total = bid + points
        change, how = total, say("scores {bid} + {points} = {total}", bid=bid, points=points, total=total)
    if no_trump:
        change = 2 * change
        how = say("{how}, doubled in no trump: {total}", how=how, total=abs(change))
    if made:
        return change, say("bid {bid} made with {points} points: {how}", bid=shown, points=points, how=how)
    failed = say_plural(
        "bid {bid} failed with {points} point: {how}",
        "bid {bid} failed with {points} points: {how}",
        abs(points),
        bid=shown,
        points=points,
        how=how,
    )
    return change, failed


def defender_change(rules: KaiserRules, score: int, points: int) -> tuple[int, str]:
    """The other team's score change, and how it came, in a player's words, when it took `points` with `score`.

    >>> from referee.rules.families import rules_for
    >>> defender_change(rules_for("kaiser"), 30, 2)
    (2, 'not bidding, below 45: adds 2 points')
    >>> defender_change(rules_for("kaiser"), 46, -1)
    (-1, 'not bidding, at 46: loses 1 point (negative points still count at 45 or more)')
    """
    lost = -points
    if points == 0:
        return 0, say("not bidding: took no points")
    if score < rules.bid_out:
        if points < 0:
            return points, say_plural(
                "not bidding, below {bid_out}: loses {n} point",
                "not bidding, below {bid_out}: loses {n} points",
                lost,
                bid_out=rules.bid_out,
            )
        return points, say_plural(
            "not bidding, below {bid_out}: adds {n} point",
            "not bidding, below {bid_out}: adds {n} points",
            points,
            bid_out=rules.bid_out,
        )
    if points < 0:
        return points, say_plural(
            "not bidding, at {score}: loses {n} point (negative points still count at {bid_out} or more)",
            "not bidding, at {score}: loses {n} points (negative points still count at {bid_out} or more)",
            lost,
            score=score,
            bid_out=rules.bid_out,
        )
    return 0, say_plural(
        "not bidding, at {score}: adds nothing for its {n} point (at {bid_out} or more, only a bid scores)",
        "not bidding, at {score}: adds nothing for its {n} points (at {bid_out} or more, only a bid scores)",
        points,
        score=score,
        bid_out=rules.bid_out,
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
class PassedResult:
    """What a deal everybody passed did: nothing but move the deal on."""

    dealer: str


KaiserResult = HandResult | PassedResult  # what a Kaiser event did: a hand scored, or a deal passed out


@dataclass(frozen=True)
class KaiserGame:
    """A Kaiser game as its events leave it (the `Game` of `referee.rules.game`)."""

    rules: KaiserRules
    teams: KaiserTeams
    scores: tuple[int, int] = (0, 0)
    hands_played: int = 0  # not counting deals everybody passed
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

    def score(self, team: str) -> int:
        """The score of `team`."""
        return self.scores[self.teams.names.index(team)]

    def dealer(self) -> str | None:
        """Who deals next: None before a first deal the record does not name, and once the game is over."""
        return None if self.over else self.next_dealer

    def still_in(self) -> tuple[str, ...]:
        """Every player at the table plays every hand."""
        return self.teams.seats

    def offers(self) -> tuple[Offer, ...]:
        """The deal may be passed out (everybody passed), except under `all_pass = dealer_forced`."""
        if self.over or self.next_dealer is None or self.rules.all_pass == "dealer_forced":
            return ()
        return (Offer(KaiserKind.PASSED, self.next_dealer),)

    def side_of(self, player: str) -> str | None:
        """The team `player` plays for."""
        return self.teams.team_of(player)

    def score_of(self, player: str) -> int | None:
        """The score of `player`'s team."""
        team = self.teams.team_of(player)
        return None if team is None else self.score(team)

    def verify(self, event: KaiserEvent, position: int) -> EventError | None:
        """Why `event` cannot come next, or None when it can."""
        try:
            self._check(event, position)
        except EventError as error:
            return error
        return None

    def _check(self, event: KaiserEvent, position: int) -> None:
        try:  # an event built in code is read as its record would be: players, teams, tricks
            parse_kaiser_event(event.as_json(), position, self.teams)
        except UnreadableEvent as error:
            raise EventError(position, error.reason) from None
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
                    position,
                    say("a deal cannot be passed out: at this table, when everybody passes, the dealer must bid"),
                )
        elif not self.rules.min_bid <= event.bid <= MAX_BID:
            raise EventError(
                position,
                say(
                    "a bid is from {lowest} to {highest} at this table, not {bid}",
                    lowest=self.rules.min_bid,
                    highest=MAX_BID,
                    bid=event.bid,
                ),
            )
        elif event.calls:
            try:
                check_auction(
                    self.rules, self.teams, event.dealer, event.calls, (event.bidder, Bid(event.bid, event.no_trump))
                )
            except KaiserError as error:
                raise EventError(position, reason_of(error)) from None

    def apply(self, event: KaiserEvent, position: int) -> tuple[KaiserGame, KaiserResult]:
        """The game after `event` at `position` and what it did, or EventError with the reason."""
        self._check(event, position)
        moved = replace(self, next_dealer=self.teams.left_of(event.dealer))
        if isinstance(event, PassedDeal):
            return moved, PassedResult(event.dealer)
        result = score_hand(self.rules, self.teams, event, self.scores, position)
        scores = (result.results[0].score, result.results[1].score)
        reached = [team for team, score in zip(self.teams.names, scores, strict=True) if score >= self.rules.target]
        winner = result.bidding_team if len(reached) == 2 else next(iter(reached), None)
        return replace(moved, scores=scores, hands_played=self.hands_played + 1, winner=winner), result

    def as_json(self) -> dict[str, Any]:
        """The `replay` (kaiser) object of docs/formats.md."""
        return {
            "teams": [{"name": n, "score": s} for n, s in zip(self.teams.names, self.scores, strict=True)],
            "over": self.over,
            "winner": self.winner,
            "hands": self.hands_played,
            "next_dealer": self.next_dealer,
        }


KaiserReplay = Replayed[KaiserGame, KaiserEvent, KaiserResult]  # a Kaiser game replayed: each step's a KaiserResult
KaiserStep = Step[KaiserGame, KaiserEvent, KaiserResult]  # one Kaiser event applied


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
