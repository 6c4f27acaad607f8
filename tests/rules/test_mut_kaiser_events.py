"""Kaiser's table and its record's events (docs/rules.md §7, docs/formats.md): each refusal in the scorer's words,
the seats, and the events written back."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import UnreadableEvent
from referee.rules.kaiser_events import (
    Bid,
    KaiserError,
    KaiserHand,
    KaiserTeams,
    PassedDeal,
    call_json,
    parse_kaiser_event,
    parse_kaiser_events,
)

TEAMS = KaiserTeams.from_json({"NS": ["Ana", "Cel"], "EW": ["Ben", "Dri"]})
HAND = {
    "type": "hand", "dealer": "Ana", "bidder": "Ben", "bid": 7, "tricks": {"EW": 5},
    "five_hearts": "EW", "three_spades": "NS",
}  # fmt: skip
EXAMPLE = '[{"player": "Ana", "call": "pass"}, {"player": "Ben", "call": 7, "no_trump": true}, \u2026]'
TWO_TEAMS = 'Kaiser is played by two teams of two, like {"NS": ["Ana", "C\u00e9line"], "EW": [...]}'


@pytest.mark.parametrize(
    ("teams", "reason"),
    [
        pytest.param([], TWO_TEAMS, id="not an object"),
        pytest.param({"NS": ["Ana", "Cel"]}, TWO_TEAMS, id="one team"),
        pytest.param(
            {"NS": ["Ana", "Cel"], "EW": ["Ben", "Ana"]},
            "four different players are needed, not Ana, Ben, Cel, Ana",
            id="twice",
        ),
        pytest.param({" ": ["A", "B"], "EW": ["C", "D"]}, "a team needs a name, not ' '", id="no name"),
        pytest.param({1: ["A", "B"], "EW": ["C", "D"]}, "a team needs a name, not 1", id="number name"),
        pytest.param(
            {"NS": "AB", "EW": ["C", "D"]},
            'team NS is a list of its two players, like ["Ana", "C\u00e9line"]',
            id="text",
        ),
        pytest.param(
            {"NS": ["A"], "EW": ["C", "D"]},
            'team NS is a list of its two players, like ["Ana", "C\u00e9line"]',
            id="one",
        ),
        pytest.param(
            {"NS": 5, "EW": ["C", "D"]},
            'team NS is a list of its two players, like ["Ana", "C\u00e9line"]',
            id="number",
        ),
        pytest.param(
            {"NS": ["A", "B"], "EW": ["C", " "]},
            "team EW: a player's name is a non-empty text, not ['C', ' ']",
            id="blank",
        ),
        pytest.param(
            {"NS": ["A", 3], "EW": ["C", "D"]},
            "team NS: a player's name is a non-empty text, not ['A', 3]",
            id="number",
        ),
    ],
)
def test_teams_that_cannot_sit_at_a_kaiser_table_are_refused(teams: Any, reason: str) -> None:
    with pytest.raises(KaiserError) as refused:
        KaiserTeams.from_json(teams)
    assert str(refused.value) == reason


def test_the_seats_alternate_the_teams_clockwise() -> None:
    assert TEAMS.seats == ("Ana", "Ben", "Cel", "Dri") and TEAMS.as_json() == {
        "NS": ["Ana", "Cel"],
        "EW": ["Ben", "Dri"],
    }
    assert [TEAMS.left_of(player) for player in TEAMS.seats] == ["Ben", "Cel", "Dri", "Ana"]
    assert (TEAMS.team_of("Dri"), TEAMS.team_of("Cel"), TEAMS.team_of("Zed")) == ("EW", "NS", None)
    assert (TEAMS.other("NS"), TEAMS.other("EW")) == ("EW", "NS")


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param(5, "an event is a JSON object, not 5", id="not an object"),
        pytest.param({"type": "deal"}, "a Kaiser game records hand and passed events, not 'deal'", id="type"),
        pytest.param({"type": 3}, "a Kaiser game records hand and passed events, not 3", id="type number"),
        pytest.param({"dealer": "Ana"}, "a Kaiser game records hand and passed events, not None", id="no type"),
        pytest.param({k: v for k, v in HAND.items() if k != "bid"}, "a hand event needs 'bid'", id="no bid"),
        pytest.param(
            {k: v for k, v in HAND.items() if k != "three_spades"}, "a hand event needs 'three_spades'", id="no 3S"
        ),
        pytest.param(HAND | {"x": 1}, "a hand event has no 'x'", id="unknown key"),
        pytest.param({"type": "passed", "dealer": "Ana", "bid": 3}, "a passed event has no 'bid'", id="passed bid"),
        pytest.param({"type": "passed"}, "a passed event needs 'dealer'", id="passed no dealer"),
        pytest.param(HAND | {"no_trump": 1}, "no_trump is true or false, not 1", id="no trump"),
        pytest.param(HAND | {"trump": "X"}, "trump is one of S, H, D, C, not 'X'", id="trump"),
        pytest.param(HAND | {"trump": 3}, "trump is one of S, H, D, C, not 3", id="trump number"),
        pytest.param(
            HAND | {"trump": "H", "no_trump": True}, "a hand in no trump has no trump suit, not \u2665", id="nt trump"
        ),
        pytest.param(HAND | {"bid": "7"}, "the bid is a whole number, not '7'", id="bid text"),
        pytest.param(HAND | {"bid": True}, "the bid is a whole number, not True", id="bid true"),
        pytest.param(HAND | {"tricks": {"EW": "5"}}, "EW's tricks is a whole number, not '5'", id="tricks text"),
        pytest.param(HAND | {"tricks": {"EW": False}}, "EW's tricks is a whole number, not False", id="tricks false"),
        pytest.param(HAND | {"tricks": {"EW": 9}}, "EW cannot take 9 tricks: a hand has 8", id="nine"),
        pytest.param(HAND | {"tricks": {"EW": -1}}, "EW cannot take -1 tricks: a hand has 8", id="minus one"),
        pytest.param(
            HAND | {"tricks": {"EW": 5, "NS": 4}}, "the tricks add up to 9, but a hand has 8", id="add up to 9"
        ),
        pytest.param(
            HAND | {"tricks": {"EW": 3, "NS": 4}}, "the tricks add up to 7, but a hand has 8", id="add up to 7"
        ),
        pytest.param(HAND | {"tricks": {}}, 'tricks give the tricks of NS and/or EW, like {"NS": 5}', id="no tricks"),
        pytest.param(HAND | {"tricks": {"XX": 3}}, 'tricks give the tricks of NS and/or EW, like {"NS": 5}', id="team"),
        pytest.param(HAND | {"tricks": [5]}, 'tricks give the tricks of NS and/or EW, like {"NS": 5}', id="list"),
        pytest.param(
            HAND | {"tricks": {"EW": 8}}, "NS took no trick, so it cannot have taken the 3\u2660", id="three spades"
        ),
        pytest.param(
            HAND | {"tricks": {"EW": 0}}, "EW took no trick, so it cannot have taken the 5\u2665", id="five hearts"
        ),
        pytest.param(HAND | {"dealer": "Zed"}, "dealer is one of Ana, Ben, Cel, Dri, not 'Zed'", id="dealer"),
        pytest.param(HAND | {"bidder": 4}, "bidder is one of Ana, Ben, Cel, Dri, not 4", id="bidder"),
        pytest.param(HAND | {"five_hearts": "Ana"}, "five_hearts is one of NS, EW, not 'Ana'", id="5H a player"),
        pytest.param(HAND | {"three_spades": "Ben"}, "three_spades is one of NS, EW, not 'Ben'", id="3S a player"),
        pytest.param(HAND | {"calls": "x"}, f"calls is a list of calls, like {EXAMPLE}", id="calls"),
        pytest.param(
            HAND | {"calls": [{"player": "Ben"}]}, f"call 1 is a player and their call, like {EXAMPLE}", id="no call"
        ),
        pytest.param(
            HAND | {"calls": [{"player": "Ben", "call": "pass"}, {"player": "Cel", "call": "pass", "extra": 1}]},
            f"call 2 is a player and their call, like {EXAMPLE}",
            id="extra key",
        ),
        pytest.param(HAND | {"calls": [5]}, f"call 1 is a player and their call, like {EXAMPLE}", id="call number"),
        pytest.param(
            HAND | {"calls": [{"player": "Ben", "call": "7"}]},
            "call 1 (Ben) is \"pass\" or a whole-number bid, not '7'",
            id="call text",
        ),
        pytest.param(
            HAND | {"calls": [{"player": "Ben", "call": True}]},
            'call 1 (Ben) is "pass" or a whole-number bid, not True',
            id="call true",
        ),
        pytest.param(
            HAND | {"calls": [{"player": "Ben", "call": "pass", "no_trump": True}]},
            "call 1 (Ben) is \"pass\" or a whole-number bid, not 'pass'",
            id="pass no trump",
        ),
        pytest.param(
            HAND | {"calls": [{"player": "Ben", "call": 7, "no_trump": "yes"}]},
            "no_trump is true or false, not 'yes'",
            id="call no trump",
        ),
        pytest.param(
            HAND | {"calls": [{"player": "Zed", "call": "pass"}]},
            "player is one of Ana, Ben, Cel, Dri, not 'Zed'",
            id="call stranger",
        ),
    ],
)
def test_an_entry_that_is_no_kaiser_event_is_refused_with_why(data: Any, reason: str) -> None:
    with pytest.raises(UnreadableEvent) as refused:
        parse_kaiser_event(data, 6, TEAMS)
    assert (refused.value.position, str(refused.value.reason)) == (6, reason)


def test_a_hand_with_its_auction_and_trump_is_written_back_whole() -> None:
    calls = [
        {"player": "Ben", "call": "pass"},
        {"player": "Cel", "call": 7, "no_trump": True},
        {"player": "Dri", "call": 8},
    ]
    event = parse_kaiser_event(HAND | {"calls": calls, "trump": "S", "no_trump": False}, 1, TEAMS)
    assert isinstance(event, KaiserHand)
    assert event.calls == (("Ben", None), ("Cel", Bid(7, True)), ("Dri", Bid(8)))
    assert (event.trump, event.tricks_of("NS"), event.tricks_of("EW")) == ("S", 3, 5)
    assert event.as_json() == HAND | {"no_trump": False, "tricks": {"NS": 3, "EW": 5}, "calls": calls, "trump": "S"}


@pytest.mark.parametrize(
    ("tricks", "taken"),
    [
        pytest.param({"EW": 8}, {"NS": 0, "EW": 8}, id="EW all"),
        pytest.param({"NS": 1}, {"NS": 1, "EW": 7}, id="NS one"),
        pytest.param({"NS": 3, "EW": 5}, {"NS": 3, "EW": 5}, id="both"),
    ],
)
def test_one_teams_tricks_are_enough(tricks: dict[str, int], taken: dict[str, int]) -> None:
    special = "EW" if taken["NS"] == 0 else "NS"
    data = HAND | {"tricks": tricks, "five_hearts": special, "three_spades": special, "no_trump": True}
    event = parse_kaiser_event(data, 1, TEAMS)
    assert event.as_json() == data | {"tricks": taken}
    assert "calls" not in event.as_json() and "trump" not in event.as_json()


def test_a_passed_deal_is_read_and_written_back() -> None:
    assert parse_kaiser_event({"type": "passed", "dealer": "Dri"}, 1, TEAMS) == PassedDeal("Dri")
    assert PassedDeal("Dri").as_json() == {"type": "passed", "dealer": "Dri"}


def test_the_events_are_numbered_from_1_in_a_refusal() -> None:
    passed = {"type": "passed", "dealer": "Ana"}
    assert parse_kaiser_events([passed, passed], TEAMS) == (PassedDeal("Ana"), PassedDeal("Ana"))
    with pytest.raises(UnreadableEvent) as refused:
        parse_kaiser_events([passed, {"type": "passed", "dealer": "Zed"}], TEAMS)
    assert refused.value.position == 2


def test_a_call_and_a_bid_as_written_and_said() -> None:
    assert call_json(("Ana", None)) == {"player": "Ana", "call": "pass"}
    assert call_json(("Ana", Bid(7))) == {"player": "Ana", "call": 7}
    assert call_json(("Ana", Bid(7, True))) == {"player": "Ana", "call": 7, "no_trump": True}
    assert (str(Bid(7, True)), str(Bid(7)), f"{Bid(8, True):>12}|", f"{Bid(8):>3}|") == (
        "7 no trump",
        "7",
        "  8 no trump|",
        "  8|",
    )
