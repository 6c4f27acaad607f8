"""A Kaiser auction as the table calls it (docs/rules.md §7): who calls next, which bids stand, and each refusal with
the call it stops at and its reason (docs/mutation.md)."""

from __future__ import annotations

import pytest

from referee.rules.kaiser_bidding import Bid, bid_outranks, check_auction, check_bidding
from referee.rules.kaiser_events import Call, KaiserError, KaiserTeams
from referee.rules.table import KaiserRules, rules_for

TEAMS = KaiserTeams.from_json({"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]})  # clockwise Ana, Ben, Céline, Driss
PASSES: list[Call] = [("Ana", None), ("Ben", None), ("Céline", None), ("Driss", None)]


def rules(preset: str = "kaiser") -> KaiserRules:
    chosen = rules_for(preset)
    assert isinstance(chosen, KaiserRules)
    return chosen


def refusal(calls: list[Call], preset: str = "kaiser", dealer: str = "Driss") -> str:
    with pytest.raises(KaiserError) as refused:
        check_bidding(rules(preset), TEAMS, dealer, calls)
    return str(refused.value)


def test_no_trump_sits_between_a_bid_and_the_next() -> None:
    """7 no trump beats 7 and loses to 8; a bid does not beat itself."""
    assert bid_outranks(Bid(7, no_trump=True), Bid(7))
    assert bid_outranks(Bid(8), Bid(7, no_trump=True))
    assert not bid_outranks(Bid(7), Bid(7, no_trump=True))
    assert not bid_outranks(Bid(7), Bid(7))


def test_the_auction_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    """The dealer's left calls first; after two calls the third seat calls; after four nobody does."""
    assert check_bidding(rules(), TEAMS, "Driss", []).next_player == "Ana"
    two = check_bidding(rules(), TEAMS, "Driss", [("Ana", Bid(5)), ("Ben", Bid(12))])
    assert (two.high, two.next_player) == (("Ben", Bid(12)), "Céline")
    four = check_bidding(rules(), TEAMS, "Ben", [("Céline", None), ("Driss", Bid(6)), ("Ana", None), ("Ben", None)])
    assert (four.calls[1], four.high, four.next_player) == (("Driss", Bid(6)), ("Driss", Bid(6)), None)


def test_a_dealer_not_at_the_table_is_refused() -> None:
    """A dealer who is not one of the four is refused, naming the seats."""
    assert refusal([], dealer="Zoé") == "the dealer 'Zoé' is not at this table (Ana, Ben, Céline, Driss)"


def test_each_player_calls_once_in_turn() -> None:
    """A fifth call, or a call out of turn, is refused with its number."""
    assert refusal([*PASSES, ("Ana", None)]) == "call 5: each player calls once, and all four have called"
    assert refusal([("Ben", Bid(7))]) == "call 1: it is Ana's turn to call, not Ben's"


def test_everybody_may_pass_unless_the_dealer_is_forced() -> None:
    """Four passes end the auction with no bid; where the dealer is forced, the dealer's pass is refused."""
    assert check_bidding(rules(), TEAMS, "Driss", PASSES).high is None
    assert refusal(PASSES, "kaiser-pagat") == "call 4 (Driss): everybody passed, and at this table the dealer must bid"
    forced = check_bidding(rules("kaiser-pagat"), TEAMS, "Driss", [("Ana", Bid(6)), *PASSES[1:]])
    assert forced.high == ("Ana", Bid(6))


@pytest.mark.parametrize(
    ("preset", "bid", "refused"),
    [
        ("kaiser", 4, "call 1 (Ana): a bid is from 5 to 12, not 4"),
        ("kaiser", 13, "call 1 (Ana): a bid is from 5 to 12, not 13"),
        ("kaiser-pagat", 5, "call 1 (Ana): a bid is from 6 to 12, not 5"),
    ],
)
def test_a_bid_outside_the_tables_range_is_refused(preset: str, bid: int, refused: str) -> None:
    """A bid below the table's minimum or above 12 is refused with the range."""
    assert refusal([("Ana", Bid(bid))], preset) == refused


def test_only_the_dealer_may_equal_the_highest_bid() -> None:
    """Another player must beat the highest bid; the dealer may equal it and takes the contract, but not go under."""
    assert refusal([("Ana", Bid(7)), ("Ben", Bid(7))]) == (
        "call 2 (Ben): 7 does not beat Ana's 7; only the dealer may equal it"
    )
    assert refusal([("Ana", Bid(7, no_trump=True)), ("Ben", Bid(7))]) == (
        "call 2 (Ben): 7 does not beat Ana's 7 no trump; only the dealer may equal it"
    )
    equalled = check_bidding(
        rules(), TEAMS, "Driss", [("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", Bid(7))]
    )
    assert equalled.high == ("Driss", Bid(7))
    assert refusal([("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", Bid(6, no_trump=True))]) == (
        "call 4 (Driss): 6 no trump does not beat Ana's 7"
    )


def test_a_recorded_auction_must_be_over_and_won_by_the_hands_bidder() -> None:
    """A hand's auction needs all four calls and a bid, and its winner and bid must be the hand's."""
    won = [("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", None)]
    check_auction(rules(), TEAMS, "Driss", won, ("Ana", Bid(7)))
    not_over = "the auction is not over: Céline has not called (each of the four players calls once)"
    not_won = "the auction was won by Ana with 7, but the hand says {} bid {}"
    cases: list[tuple[list[Call], tuple[str, Bid], str]] = [
        (won[:2], ("Ana", Bid(7)), not_over),
        (PASSES, ("Ana", Bid(7)), "everybody passed in this auction: the deal is passed, not played"),
        (won, ("Ana", Bid(7, no_trump=True)), not_won.format("Ana", "7 no trump")),
        (won, ("Céline", Bid(7)), not_won.format("Céline", "7")),
    ]
    for calls, hand, refused in cases:
        with pytest.raises(KaiserError) as caught:
            check_auction(rules(), TEAMS, "Driss", calls, hand)
        assert str(caught.value) == refused
