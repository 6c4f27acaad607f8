"""The Kaiser auction (docs/rules.md §7): the calls a hand may record, checked against every auction of 4 players,
and the auction call by call: who calls next, which bids stand, and each refusal word for word.

Team A is Ana and Céline, team B Ben and Driss; they sit Ana, Ben, Céline, Driss clockwise, and Driss deals,
so Ana calls first and Driss, the dealer, last.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from referee.rules.events import EntryError, EventError
from referee.rules.families import rules_for
from referee.rules.game import replay
from referee.rules.game_record import read_game
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_bidding import Bid, bid_outranks, check_auction, check_bidding
from referee.rules.kaiser_events import Call, KaiserError, KaiserHand, KaiserTeams, parse_kaiser_event
from referee.rules.kaiser_rules import KaiserRules
from tests.events import kaiser_hand

TABLE = KaiserTeams.from_json({"A": ["Ana", "Céline"], "B": ["Ben", "Driss"]})
ORDER = ("Ana", "Ben", "Céline", "Driss")  # from the dealer's left; Driss deals
# Every call a player could make, legal or not: a pass, or 4 to 13 (one outside 5-12 on each side), in no trump or not.
CALLS: tuple[Bid | None, ...] = (None, *(Bid(value, nt) for value in range(4, 14) for nt in (False, True)))


def kaiser(preset: str) -> KaiserRules:
    rules = rules_for(preset)
    assert isinstance(rules, KaiserRules)
    return rules


def rank(bid: Bid) -> int:
    """The bids in order, counted independently of `bid_outranks`: 5, 5 NT, 6, 6 NT, … 12 NT."""
    return 2 * bid.value + bid.no_trump


def legal_auctions(min_bid: int, dealer_forced: bool) -> set[tuple[Bid | None, ...]]:
    """Every legal auction, built call by call from docs/rules.md §7 rather than checked.

    The three players before the dealer each pass or bid above every bid so far; the dealer then passes
    (unless everybody passed and the dealer must bid), or bids at least the highest bid: only the dealer may
    equal it.
    """
    bids = [Bid(value, nt) for value in range(min_bid, 13) for nt in (False, True)]
    before: list[tuple[Bid | None, ...]] = [()]
    for _ in range(3):
        before = [
            (*calls, call)
            for calls in before
            for call in (None, *bids)
            if call is None or all(rank(call) > rank(bid) for bid in calls if bid is not None)
        ]
    auctions = set()
    for calls in before:
        highest = max((rank(bid) for bid in calls if bid is not None), default=None)
        if highest is not None or not dealer_forced:
            auctions.add((*calls, None))
        auctions.update((*calls, bid) for bid in bids if highest is None or rank(bid) >= highest)
    return auctions


def accepted(rules: KaiserRules, calls: tuple[Bid | None, ...]) -> bool:
    try:
        check_bidding(rules, TABLE, "Driss", list(zip(ORDER, calls, strict=True)))
    except KaiserError:
        return False
    return True


@pytest.mark.parametrize("preset", ["kaiser", "kaiser-pagat"])
def test_the_auction_check_accepts_exactly_the_legal_auctions_of_four_players(preset: str) -> None:
    rules = kaiser(preset)
    legal = legal_auctions(rules.min_bid, rules.all_pass == "dealer_forced")
    checked = {calls for calls in itertools.product(CALLS, repeat=4) if accepted(rules, calls)}
    assert checked == legal
    assert ((None,) * 4 in legal) is (preset == "kaiser")  # everybody passed: a redeal, or the dealer is forced
    assert (Bid(7), None, None, Bid(7)) in legal and (Bid(7), Bid(7), None, None) not in legal


# Every hand here: Driss dealt, team A took 6 tricks and the 5♥, team B the other 2 and the 3♠.
DEALT: dict[str, Any] = {"tricks": {"A": 6}, "five_hearts": "A", "three_spades": "B", "dealer": "Driss"}


def call(player: str, bid: int | None = None, *, no_trump: bool = False) -> dict[str, Any]:
    if bid is None:
        return {"player": player, "call": "pass"}
    return {"player": player, "call": bid} | ({"no_trump": True} if no_trump else {})


def play(event: dict[str, Any], preset: str = "kaiser") -> KaiserGame:
    parsed = parse_kaiser_event(event, 1, TABLE)
    state = replay(KaiserGame.start(kaiser(preset), TABLE), [parsed]).standing()
    assert isinstance(state, KaiserGame)
    return state


def refused(event: dict[str, Any], preset: str = "kaiser") -> str:
    with pytest.raises(EventError) as caught:
        play(event, preset)
    assert caught.value.position == 1
    return caught.value.reason


AUCTION = (call("Ana", 6), call("Ben"), call("Céline", 7, no_trump=True), call("Driss"))


def test_a_hand_with_its_auction_scores_as_without_and_keeps_the_calls() -> None:
    with_calls = play(kaiser_hand("Céline", 7, **DEALT, no_trump=True, calls=list(AUCTION), trump=None))
    assert with_calls.scores == play(kaiser_hand("Céline", 7, **DEALT, no_trump=True)).scores == ((7 + 11) * 2, -1)
    parsed = parse_kaiser_event(kaiser_hand("Céline", 7, **DEALT, no_trump=True, calls=list(AUCTION)), 1, TABLE)
    assert isinstance(parsed, KaiserHand)
    assert parsed.calls == (("Ana", Bid(6)), ("Ben", None), ("Céline", Bid(7, no_trump=True)), ("Driss", None))
    assert parsed.as_json()["calls"] == list(AUCTION)
    assert parse_kaiser_event(parsed.as_json(), 1, TABLE) == parsed


def test_a_hand_without_its_auction_writes_no_calls_so_old_records_replay_unchanged() -> None:
    parsed = parse_kaiser_event(kaiser_hand("Ana", 7, **DEALT), 1, TABLE)
    assert isinstance(parsed, KaiserHand) and parsed.calls == () and parsed.trump is None
    assert "calls" not in parsed.as_json() and "trump" not in parsed.as_json()


def test_the_dealer_may_equal_and_wins_the_bid() -> None:
    state = play(
        kaiser_hand("Driss", 7, **DEALT, calls=[call("Ana", 7), call("Ben"), call("Céline"), call("Driss", 7)])
    )
    assert state.scores == (11, -7)  # B took 2 tricks and the 3♠: −1, short of 7


def test_the_trump_suit_is_kept_and_written_back() -> None:
    parsed = parse_kaiser_event(kaiser_hand("Ana", 7, **DEALT, trump="H"), 1, TABLE)
    assert isinstance(parsed, KaiserHand) and parsed.trump == "H" and parsed.as_json()["trump"] == "H"


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[call("Ana", 7), call("Ben"), call("Céline")]),
            "the auction is not over: Driss has not called",
        ),
        (
            kaiser_hand("Ben", 7, **DEALT, calls=[call("Ana", 7), call("Ben"), call("Céline"), call("Driss")]),
            "won by Ana with 7, but the hand",
        ),
        (
            kaiser_hand("Ana", 8, **DEALT, calls=[call("Ana", 7), call("Ben"), call("Céline"), call("Driss")]),
            "the hand says Ana bid 8",
        ),
        (
            kaiser_hand(
                "Ana", 7, **DEALT, no_trump=True, calls=[call("Ana", 7), call("Ben"), call("Céline"), call("Driss")]
            ),
            "the hand says Ana bid 7 no trump",
        ),
        (
            kaiser_hand("Ben", 7, **DEALT, calls=[call("Ben", 7)]),
            "call 1: it is Ana's turn to call, not Ben's",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[call("Ana", 7), call("Ben", 7)]),
            "7 does not beat Ana's 7; only the dealer may equal it",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[call("Ana", 4)]),
            r"call 1 \(Ana\): a bid is from 5 to 12, not 4",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[call(p) for p in ORDER]),
            "everybody passed in this auction",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[*AUCTION, call("Ana", 9)]),
            "call 5: each player calls once",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[call("Zoé", 7)]),
            "player is one of Ana, Ben, Céline, Driss, not 'Zoé'",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[{"player": "Ana", "call": "seven"}]),
            r"call 1 \(Ana\) is \"pass\" or a whole-number bid",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[{"player": "Ana", "call": "pass", "no_trump": True}]),
            'is "pass" or a whole-number bid',
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, calls=[{"player": "Ana", "bid": 7}]),
            "call 1 is a player and their call",
        ),
        (kaiser_hand("Ana", 7, **DEALT) | {"calls": "Ana 7"}, "calls is a list of calls"),
        (
            kaiser_hand("Ana", 7, **DEALT, trump="hearts"),
            "trump is one of S, H, D, C, not 'hearts'",
        ),
        (
            kaiser_hand("Ana", 7, **DEALT, no_trump=True, trump="H"),
            "a hand in no trump has no trump suit",
        ),
    ],
)
def test_a_recorded_auction_that_cannot_be_is_refused_with_the_reason(event: dict[str, Any], words: str) -> None:
    with pytest.raises(EntryError, match=words):  # a call that is no call is unreadable; a call out of turn, illegal
        play(event)


def test_in_kaiser_pagat_the_dealer_may_not_pass_when_everybody_else_did() -> None:
    calls = (call("Ana"), call("Ben"), call("Céline"), call("Driss"))
    assert "and at this table the dealer must bid" in refused(
        kaiser_hand("Driss", 6, **DEALT, calls=list(calls)), "kaiser-pagat"
    )
    assert play(
        kaiser_hand("Driss", 6, **DEALT, calls=[*calls[:3], call("Driss", 6)]),
        "kaiser-pagat",
    ).scores == (11, -6)
    assert "a bid is from 6 to 12, not 5" in refused(
        kaiser_hand("Ana", 6, **DEALT, calls=[call("Ana", 5)]), "kaiser-pagat"
    )


def test_check_auction_needs_the_hands_bid() -> None:
    calls = [("Ana", Bid(7)), ("Ben", None), ("Céline", Bid(8)), ("Driss", None)]
    check_auction(kaiser("kaiser"), TABLE, "Driss", calls, ("Céline", Bid(8)))
    with pytest.raises(KaiserError, match="won by Céline with 8"):
        check_auction(kaiser("kaiser"), TABLE, "Driss", calls, ("Ana", Bid(7)))


def test_a_record_with_an_auction_replays_and_its_refusal_names_the_event() -> None:
    record = {
        "format": "referee.game/1",
        "preset": "kaiser",
        "teams": {"A": ["Ana", "Céline"], "B": ["Ben", "Driss"]},
        "events": [kaiser_hand("Céline", 7, **DEALT, no_trump=True, calls=list(AUCTION))],
    }
    game = read_game(record)
    assert game.as_json()["events"][0]["calls"] == list(AUCTION) and game.standings().scores == (36, -1)
    bad = record | {"events": [kaiser_hand("Ana", 7, **DEALT, calls=list(AUCTION))]}
    with pytest.raises(EventError, match="won by Céline with 7 no trump"):
        read_game(bad).standings()


# --- the auction call by call: who calls next, which bids stand, and each refusal word for word -----------------------


PASSES: list[Call] = [("Ana", None), ("Ben", None), ("Céline", None), ("Driss", None)]


def refusal(calls: list[Call], preset: str = "kaiser", dealer: str = "Driss") -> str:
    with pytest.raises(KaiserError) as caught:
        check_bidding(kaiser(preset), TABLE, dealer, calls)
    return str(caught.value)


def test_no_trump_sits_between_a_bid_and_the_next() -> None:
    """7 no trump beats 7 and loses to 8; a bid does not beat itself."""
    assert bid_outranks(Bid(7, no_trump=True), Bid(7))
    assert bid_outranks(Bid(8), Bid(7, no_trump=True))
    assert not bid_outranks(Bid(7), Bid(7, no_trump=True))
    assert not bid_outranks(Bid(7), Bid(7))


def test_the_auction_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    """The dealer's left calls first; after two calls the third seat calls; after four nobody does."""
    assert check_bidding(kaiser("kaiser"), TABLE, "Driss", []).next_player == "Ana"
    two = check_bidding(kaiser("kaiser"), TABLE, "Driss", [("Ana", Bid(5)), ("Ben", Bid(12))])
    assert (two.high, two.next_player) == (("Ben", Bid(12)), "Céline")
    four = check_bidding(
        kaiser("kaiser"), TABLE, "Ben", [("Céline", None), ("Driss", Bid(6)), ("Ana", None), ("Ben", None)]
    )
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
    assert check_bidding(kaiser("kaiser"), TABLE, "Driss", PASSES).high is None
    assert refusal(PASSES, "kaiser-pagat") == "call 4 (Driss): everybody passed, and at this table the dealer must bid"
    forced = check_bidding(kaiser("kaiser-pagat"), TABLE, "Driss", [("Ana", Bid(6)), *PASSES[1:]])
    assert forced.high == ("Ana", Bid(6))


@pytest.mark.parametrize(
    ("preset", "bid", "words"),
    [
        ("kaiser", 4, "call 1 (Ana): a bid is from 5 to 12, not 4"),
        ("kaiser", 13, "call 1 (Ana): a bid is from 5 to 12, not 13"),
        ("kaiser-pagat", 5, "call 1 (Ana): a bid is from 6 to 12, not 5"),
    ],
)
def test_a_bid_outside_the_tables_range_is_refused(preset: str, bid: int, words: str) -> None:
    """A bid below the table's minimum or above 12 is refused with the range."""
    assert refusal([("Ana", Bid(bid))], preset) == words


def test_only_the_dealer_may_equal_the_highest_bid() -> None:
    """Another player must beat the highest bid; the dealer may equal it and takes the contract, but not go under."""
    assert refusal([("Ana", Bid(7)), ("Ben", Bid(7))]) == (
        "call 2 (Ben): 7 does not beat Ana's 7; only the dealer may equal it"
    )
    assert refusal([("Ana", Bid(7, no_trump=True)), ("Ben", Bid(7))]) == (
        "call 2 (Ben): 7 does not beat Ana's 7 no trump; only the dealer may equal it"
    )
    equalled = check_bidding(
        kaiser("kaiser"), TABLE, "Driss", [("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", Bid(7))]
    )
    assert equalled.high == ("Driss", Bid(7))
    assert refusal([("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", Bid(6, no_trump=True))]) == (
        "call 4 (Driss): 6 no trump does not beat Ana's 7"
    )


def test_a_recorded_auction_must_be_over_and_won_by_the_hands_bidder() -> None:
    """A hand's auction needs all four calls and a bid, and its winner and bid must be the hand's."""
    won = [("Ana", Bid(7)), ("Ben", None), ("Céline", None), ("Driss", None)]
    check_auction(kaiser("kaiser"), TABLE, "Driss", won, ("Ana", Bid(7)))
    not_over = "the auction is not over: Céline has not called (each of the four players calls once)"
    not_won = "the auction was won by Ana with 7, but the hand says {} bid {}"
    cases: list[tuple[list[Call], tuple[str, Bid], str]] = [
        (won[:2], ("Ana", Bid(7)), not_over),
        (PASSES, ("Ana", Bid(7)), "everybody passed in this auction: the deal is passed, not played"),
        (won, ("Ana", Bid(7, no_trump=True)), not_won.format("Ana", "7 no trump")),
        (won, ("Céline", Bid(7)), not_won.format("Céline", "7")),
    ]
    for calls, contract, words in cases:
        with pytest.raises(KaiserError) as caught:
            check_auction(kaiser("kaiser"), TABLE, "Driss", calls, contract)
        assert str(caught.value) == words
