"""A Kaiser auction: bids, which bid beats which, and a sequence of calls checked (docs/rules.md §7)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.kaiser_events import MAX_BID, Bid, Call, KaiserError, KaiserTeams
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.words import say

__all__ = ["MAX_BID", "Bid", "Bidding", "bid_outranks", "check_auction", "check_bidding"]


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


def check_bidding(rules: KaiserRules, teams: KaiserTeams, dealer: str, calls: Sequence[Call]) -> Bidding:
    """Check an auction (a call is a bid, or None for a pass): each player once, from the dealer's left.

    Only the dealer may equal the highest bid; under `all_pass = dealer_forced` the dealer may not pass
    when everybody else did.

    >>> from referee.rules.families import rules_for
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
                        "call {number} ({caller}): everybody passed, and at this table the dealer must bid",
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


def check_auction(
    rules: KaiserRules, teams: KaiserTeams, dealer: str, calls: Sequence[Call], won: tuple[str, Bid]
) -> None:
    """Check a hand's recorded auction: all four calls legal, and won by the hand's bidder with the hand's bid.

    >>> from referee.rules.families import rules_for
    >>> teams = KaiserTeams.from_json({"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]})
    >>> calls = [("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", None)]
    >>> check_auction(rules_for("kaiser"), teams, "Driss", calls, ("Ben", Bid(7)))
    Traceback (most recent call last):
    ...
    referee.rules.kaiser_events.KaiserError: the auction was won by Ana with 7, but the hand says Ben bid 7
    """
    bidding = check_bidding(rules, teams, dealer, calls)
    if bidding.next_player is not None:
        raise KaiserError(
            say(
                "the auction is not over: {player} has not called (each of the four players calls once)",
                player=bidding.next_player,
            )
        )
    if bidding.high is None:
        raise KaiserError(say("everybody passed in this auction: the deal is passed, not played"))
    (winner, bid), (bidder, said) = bidding.high, won
    if (winner, bid) != (bidder, said):
        raise KaiserError(
            say(
                "the auction was won by {winner} with {bid}, but the hand says {bidder} bid {said}",
                winner=winner,
                bid=bid,
                bidder=bidder,
                said=said,
            )
        )
