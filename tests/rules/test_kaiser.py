"""Kaiser (docs/rules.md §7 and §8): hand records, bidding, scoring and the replay.

Team A is Ana and Céline, team B Ben and Driss; they sit Ana, Ben, Céline, Driss clockwise. `deal` gives
hands their dealers in that order, Ana first. The tests that read a refusal or a score change word for word play
teams NS (Ana and Cel) and EW (Ben and Dri), whose names those words quote.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import event as note
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.answers import Stocked
from referee.rules.events import EntryError, EventError, UnreadableEvent
from referee.rules.families import rules_for
from referee.rules.game import Replayed, replay
from referee.rules.game_record import read_game
from referee.rules.kaiser import (
    HandResult,
    KaiserGame,
    PassedResult,
    bidder_change,
    defender_change,
    score_hand,
    trick_points,
)
from referee.rules.kaiser_bidding import Bid, bid_outranks, check_bidding
from referee.rules.kaiser_events import (
    KaiserError,
    KaiserHand,
    KaiserTeams,
    PassedDeal,
    call_json,
    parse_kaiser_event,
    parse_kaiser_events,
)
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.record_data import RecordError
from tests.events import kaiser_hand

TEAMS = {"A": ["Ana", "Céline"], "B": ["Ben", "Driss"]}
TABLE = KaiserTeams.from_json(TEAMS)
SEATS = ["Ana", "Ben", "Céline", "Driss"]
EXAMPLES = settings(max_examples=500, deadline=None)


class Played:
    """A replayed Kaiser game, read as its last state, with each hand's result and the events applied."""

    def __init__(self, replayed: Replayed) -> None:
        replayed.standing()  # the first refusal, if any
        self.replayed = replayed

    def __getattr__(self, name: str) -> Any:
        return getattr(self.replayed.state, name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Played) and other.replayed.state == self.replayed.state

    @property
    def hand_results(self) -> list[HandResult]:
        return [step.result for step in self.replayed.steps if isinstance(step.result, HandResult)]

    @property
    def events(self) -> tuple[Any, ...]:
        return self.replayed.events

    def corrected(self, position: int, event: Any) -> Played:
        return Played(self.replayed.corrected(position, event))


def replay_kaiser(rules: KaiserRules, teams: Any, events: list[Any], first_dealer: str | None = None) -> Played:
    """Replay events given as parsed events or as the record's JSON objects."""
    table = teams if isinstance(teams, KaiserTeams) else KaiserTeams.from_json(teams)
    parsed = [
        event if isinstance(event, KaiserHand | PassedDeal) else parse_kaiser_event(event, n, table)
        for n, event in enumerate(events, start=1)
    ]
    return Played(replay(KaiserGame.start(rules, table, first_dealer), parsed))


def rules(preset: str = "kaiser", **options: Any) -> KaiserRules:
    chosen = rules_for(preset, options)
    assert isinstance(chosen, KaiserRules)
    return chosen


def passed() -> dict[str, Any]:
    return {"type": "passed"}


def deal(*events: dict[str, Any], first: int = 0) -> list[dict[str, Any]]:
    """The events with their dealers, clockwise from SEATS[first]."""
    return [event | {"dealer": SEATS[(first + n) % 4]} for n, event in enumerate(events)]


def play(preset: str, *events: dict[str, Any], **options: Any) -> Played:
    return replay_kaiser(rules(preset, **options), TEAMS, deal(*events))


def refusal(preset: str, events: list[dict[str, Any]], **options: Any) -> EntryError:
    """The first entry refused: one that is no event (UnreadableEvent), or an event that cannot happen (EventError)."""
    with pytest.raises(EntryError) as caught:
        replay_kaiser(rules(preset, **options), TEAMS, events)
    return caught.value


# Scores before the last hand of an example, reached by replaying these hands (checked in the table).
TO_30_46 = [  # A 6 NT made with 10: (6 + 10) × 2 = 32, B 0; B 11 NT made with 12: 46, A −2
    kaiser_hand("Ana", 6, {"A": 5}, "A", "B", no_trump=True),
    kaiser_hand("Ben", 11, {"A": 1}, "B", "A", no_trump=True),
]
FINISHED = [
    kaiser_hand("Ana", 12, {"A": 7}, "A", "B", no_trump=True),
    kaiser_hand("Céline", 5, {"A": 4}, "A", "A"),
]  # 48 / −2, then 59 / 2
TO_44_40 = [  # A 11 NT made with 12: 46, B −2; B 9 NT made with 12: 42, A at 46 still counts its −2
    kaiser_hand("Ana", 11, {"A": 7}, "A", "B", no_trump=True),
    kaiser_hand("Ben", 9, {"A": 1}, "B", "A", no_trump=True),
]
TO_44_40_PAGAT = [  # made bids score the points taken: 6 / 4; 8 × 2 → 22 / 6; 12 × 2 → 46 / 4; 46 / 16; 44 / 40
    kaiser_hand("Ana", 6, {"A": 1}, "A", "B"),
    kaiser_hand("Ana", 6, {"A": 3}, "A", "B", no_trump=True),
    kaiser_hand("Ana", 6, {"A": 7}, "A", "B", no_trump=True),
    kaiser_hand("Ben", 6, {"A": 2}, "A", "A", no_trump=True),
    kaiser_hand("Ben", 6, {"A": 1}, "B", "A", no_trump=True),
]

# docs/rules.md §8, Kaiser: (example, preset, hands before, scores before, last hand, changes A and B, winner).
ASCII_IDS = str.maketrans({"♥": "H", "♠": "S", "♦": "D", "♣": "C", "−": "-"})
SECTION_8 = [
    ("A 7, 6 tricks with the 5♥: A +18, B −1", "kaiser", [], (0, 0),
     kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), (18, -1), None),
    ("A 7, 6 tricks, 5♥: A +11 (pagat)", "kaiser-pagat", [], (0, 0),
     kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), (11, -1), None),
    ("A 9, 5 tricks with the 3♠: A −9, B +8", "kaiser", [], (0, 0),
     kaiser_hand("Ana", 9, {"A": 5}, "B", "A"), (-9, 8), None),
    ("A 8 NT, 7 tricks with the 5♥: A +40, B −2", "kaiser", [], (0, 0),
     kaiser_hand("Ana", 8, {"A": 7}, "A", "B", no_trump=True), (40, -2), None),
    ("A 8 NT, 7 tricks with the 5♥ (pagat): A +24", "kaiser-pagat", [], (0, 0),
     kaiser_hand("Ana", 8, {"A": 7}, "A", "B", no_trump=True), (24, -2), None),
    ("A 30, B 46: A 7 fails with 6, B at 46 adds nothing", "kaiser", TO_30_46, (30, 46),
     kaiser_hand("Céline", 7, {"A": 4}, "A", "A"), (-7, 0), None),
    ("A 44, B 40: A 8 makes 8 points, reaches 60 and wins", "kaiser", TO_44_40, (44, 40),
     kaiser_hand("Céline", 8, {"A": 3}, "A", "B"), (16, 2), "A"),
    ("A 44, B 40: A 8 makes 8 points, reaches 52 and wins (pagat)", "kaiser-pagat", TO_44_40_PAGAT, (44, 40),
     kaiser_hand("Ana", 8, {"A": 3}, "A", "B"), (8, 2), "A"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("preset", "before", "scores", "last", "changes", "winner"),
    [row[1:] for row in SECTION_8],
    # ASCII ids: mutmut collects the tests twice in one process, and pytest escapes a non-ASCII id again the second
    # time ("5♥" → "5\\u2665"), so the recorded test is not found (docs/mutation.md).
    ids=[row[0].translate(ASCII_IDS) for row in SECTION_8],
)
def test_section_8_examples(
    preset: str,
    before: list[dict[str, Any]],
    scores: tuple[int, int],
    last: dict[str, Any],
    changes: tuple[int, int],
    winner: str | None,
) -> None:
    assert play(preset, *before).scores == scores
    game = play(preset, *before, last)
    result = game.hand_results[-1]
    assert tuple(team.change for team in result.results) == changes
    assert game.scores == (scores[0] + changes[0], scores[1] + changes[1])
    assert game.winner == winner and game.over is (winner is not None)
    assert sum(team.points for team in result.results) == 10


# Trick points (docs/rules.md §7).


@pytest.mark.parametrize(
    ("a_tricks", "five", "three", "points"),
    [
        (6, "A", "B", (11, -1)),
        (5, "B", "A", (2, 8)),
        (4, "A", "A", (6, 4)),
        (8, "A", "A", (10, 0)),
        (1, "B", "B", (1, 9)),
    ],
)
def test_trick_points_one_a_trick_five_hearts_plus_5_three_spades_minus_3(
    a_tricks: int, five: str, three: str, points: tuple[int, int]
) -> None:
    parsed = KaiserHand.from_json(kaiser_hand("Ana", 7, {"A": a_tricks}, five, three) | {"dealer": "Ana"}, 1, TABLE)
    assert (trick_points(parsed, "A"), trick_points(parsed, "B")) == points


# The bidding team's score (docs/rules.md §7: made_bid, no trump).


def test_made_bid_bid_plus_points_scores_bid_and_points() -> None:
    result = play("kaiser", kaiser_hand("Ana", 6, {"A": 6}, "B", "B")).hand_results[0].results[0]
    assert (result.points, result.change) == (6, 12)
    assert result.explanation == "bid 6 made with 6 points: scores 6 + 6 = 12"


def test_made_bid_points_taken_scores_the_points() -> None:
    result = (
        play("kaiser", kaiser_hand("Ana", 6, {"A": 6}, "B", "B"), made_bid="points_taken").hand_results[0].results[0]
    )
    assert result.change == 6 and result.explanation == "bid 6 made with 6 points: scores the 6 points taken"


def test_bid_made_exactly_counts_as_made() -> None:
    assert play("kaiser", kaiser_hand("Ben", 8, {"A": 5}, "B", "A")).scores == (2, 16)


def test_failed_bid_loses_the_bid_in_both_presets() -> None:
    for preset in ("kaiser", "kaiser-pagat"):
        result = play(preset, kaiser_hand("Ben", 10, {"A": 1}, "B", "B")).hand_results[0].results[1]
        assert (result.points, result.change) == (9, -10)
        assert result.explanation == "bid 10 failed with 9 points: loses 10"


def test_no_trump_doubles_a_failed_bid_a_failed_9_no_trump_loses_18() -> None:
    game = play("kaiser", kaiser_hand("Ana", 9, {"A": 5}, "B", "A", no_trump=True))
    assert game.scores == (-18, 8)
    assert game.hand_results[0].results[0].explanation == (
        "bid 9 no trump failed with 2 points: loses 9, doubled in no trump: 18"
    )


def test_no_trump_doubles_a_made_bid_in_both_presets() -> None:
    assert play("kaiser", kaiser_hand("Ana", 12, {"A": 7}, "A", "B", no_trump=True)).scores == (48, -2)
    assert play("kaiser-pagat", kaiser_hand("Ana", 10, {"A": 8}, "A", "A", no_trump=True)).scores == (20, 0)


# The other team's score (docs/rules.md §7: bid_out).


def test_other_team_adds_its_points_below_bid_out_never_doubled() -> None:
    game = play("kaiser", kaiser_hand("Ana", 9, {"A": 5}, "B", "A", no_trump=True))
    assert game.hand_results[0].results[1].change == 8
    assert "below 45" in game.hand_results[0].results[1].explanation


def test_other_team_at_bid_out_adds_nothing() -> None:
    game = play("kaiser", *TO_30_46, kaiser_hand("Céline", 7, {"A": 4}, "A", "A"))
    result = game.hand_results[-1].results[1]
    assert (result.points, result.change, result.score) == (4, 0, 46)
    assert result.explanation == "not bidding, at 46: adds nothing for its 4 points (at 45 or more, only a bid scores)"


def test_other_team_at_bid_out_still_counts_negative_points() -> None:
    result = play("kaiser", *TO_44_40).hand_results[-1].results[0]
    assert (result.points, result.change, result.score) == (-2, -2, 44)
    assert result.explanation == "not bidding, at 46: loses 2 points (negative points still count at 45 or more)"


def test_bid_out_is_an_option() -> None:
    # B is at 46: at 45 or more it adds nothing for its 4 points; with bid_out = 50 it adds them.
    assert play("kaiser", *TO_30_46, kaiser_hand("Céline", 7, {"A": 4}, "A", "A")).scores == (23, 46)
    assert play("kaiser", *TO_30_46, kaiser_hand("Céline", 7, {"A": 4}, "A", "A"), bid_out=50).scores == (23, 50)


# The end of the game (docs/rules.md §7: target).


def test_first_team_to_reach_target_wins() -> None:
    game = play("kaiser", *FINISHED)
    assert game.scores == (59, 2) and game.winner == "A" and game.over
    assert game.as_json()["winner"] == "A"


def test_the_other_team_can_reach_target_and_win() -> None:
    game = play("kaiser", *TO_44_40, kaiser_hand("Ben", 12, {"A": 7}, "A", "B"))
    assert game.scores == (56, 28) and game.winner == "A"


def test_both_reach_target_on_the_same_hand_the_bidding_team_wins() -> None:
    # From A 44, B 40, with target 47: B bids 7 and makes it with 7 (54), A adds its 3 (47): B, the bidder, wins.
    game = play("kaiser", *TO_44_40, kaiser_hand("Driss", 7, {"A": 6}, "B", "A"), target=47)
    assert game.scores == (47, 54) and game.winner == "B"
    # From A 30, B 46, with target 47 and bid_out 100: A bids 5 no trump and makes it with 6 (52), B adds its 4
    # (50): A, the bidder, wins.
    game = play(
        "kaiser", *TO_30_46, kaiser_hand("Céline", 5, {"A": 4}, "A", "A", no_trump=True), target=47, bid_out=100
    )
    assert game.scores == (52, 50) and game.winner == "A"


def test_target_is_an_option() -> None:
    assert play("kaiser", kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), target=18).winner == "A"
    assert play("kaiser", kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), target=19).winner is None


# Dealing and passed deals (docs/rules.md §7: all_pass).


def test_passed_deal_is_not_a_hand_and_passes_the_deal_on() -> None:
    game = play("kaiser", passed(), kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), passed())
    assert game.hands_played == 1 and game.as_json()["hands"] == 1
    assert game.scores == (18, -1)
    assert game.next_dealer == "Driss"


def test_first_event_sets_the_dealer_and_the_deal_goes_clockwise() -> None:
    game = replay_kaiser(rules(), TEAMS, deal(passed(), passed(), passed(), first=2))
    assert [event.dealer for event in game.events] == ["Céline", "Driss", "Ana"]
    assert game.next_dealer == "Ben"
    assert TABLE.seats == ("Ana", "Ben", "Céline", "Driss")
    assert [TABLE.left_of(player) for player in TABLE.seats] == ["Ben", "Céline", "Driss", "Ana"]


def test_a_first_dealer_is_the_next_dealer_before_any_deal_and_must_deal_first() -> None:
    assert replay_kaiser(rules(), TEAMS, [], first_dealer="Céline").next_dealer == "Céline"
    game = replay_kaiser(rules(), TEAMS, deal(passed(), first=2), first_dealer="Céline")
    assert game.next_dealer == "Driss"
    with pytest.raises(EventError, match="Céline deals now, not Ana"):
        replay_kaiser(rules(), TEAMS, deal(passed()), first_dealer="Céline")


def test_a_first_dealer_must_sit_at_the_table() -> None:
    with pytest.raises(KaiserError, match="not at this table"):
        replay_kaiser(rules(), TEAMS, [], first_dealer="Zoé")


def test_a_correction_keeps_the_first_dealer() -> None:
    game = replay_kaiser(
        rules(), TEAMS, deal(passed(), kaiser_hand("Ben", 7, {"A": 2}, "B", "A"), first=1), first_dealer="Ben"
    )
    eight = deal(passed(), kaiser_hand("Ben", 8, {"A": 2}, "B", "A"), first=1)[1]
    corrected = game.corrected(2, KaiserHand.from_json(eight, 2, TABLE))
    assert corrected.first_dealer == "Ben" and corrected.hand_results[0].hand.bid == 8


def test_all_pass_dealer_forced_refuses_a_passed_deal() -> None:
    error = refusal("kaiser-pagat", deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), passed()))
    assert error.position == 2 and "when everybody passes, the dealer must bid" in error.reason
    assert play("kaiser-pagat", passed(), all_pass="next_dealer_redeal").hands_played == 0


# Refusals: every one names the event and says why.


@pytest.mark.parametrize(
    ("events", "position", "words"),
    [
        (
            deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), kaiser_hand("Zoé", 7, {"A": 6}, "A", "B")),
            2,
            "bidder is one of Ana, Ben, Céline, Driss, not 'Zoé'",
        ),
        (
            [kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"dealer": "Zoé"}],
            1,
            "dealer is one of Ana, Ben, Céline, Driss",
        ),
        (
            [kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"dealer": "Ana"}, passed() | {"dealer": "Ana"}],
            2,
            "Ben deals now, not Ana: the deal passes to the left (Ana, Ben, Céline, Driss)",
        ),
        ([*deal(passed(), passed()), passed() | {"dealer": "Driss"}], 3, "Céline deals now, not Driss"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "C", "B")), 1, "five_hearts is one of A, B, not 'C'"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "NS")), 1, "three_spades is one of A, B"),
        (deal(kaiser_hand("Ana", 4, {"A": 6}, "A", "B")), 1, "a bid is from 5 to 12 at this table, not 4"),
        (deal(kaiser_hand("Ana", 13, {"A": 6}, "A", "B")), 1, "not 13"),
        (deal(kaiser_hand("Ana", 7, {"A": 9}, "A", "B")), 1, "A cannot take 9 tricks"),
        (deal(kaiser_hand("Ana", 7, {"A": -1}, "A", "B")), 1, "A cannot take -1 tricks"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"tricks": {"A": 6, "B": 3}}), 1, "the tricks add up to 9"),
        (
            deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"tricks": {"NS": 6}}),
            1,
            "tricks give the tricks of A and/or B",
        ),
        (deal(kaiser_hand("Ana", 7, {"A": 8}, "A", "B")), 1, "B took no trick, so it cannot have taken the 3♠"),
        (deal(kaiser_hand("Ana", 7, {"A": 0}, "A", "B")), 1, "A took no trick, so it cannot have taken the 5♥"),
        (deal(*FINISHED, passed()), 3, "the game is over: A won, 59 to 2"),
        (deal(*FINISHED, kaiser_hand("Ben", 5, {"A": 4}, "A", "A")), 3, "the game is over"),
        (deal({"type": "round"}), 1, "hand and passed events, not 'round'"),
        ([["hand"]], 1, "an event is a JSON object"),
        (
            deal({k: v for k, v in kaiser_hand("Ana", 7, {"A": 6}, "A", "B").items() if k != "bidder"}),
            1,
            "needs 'bidder'",
        ),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"bid": "7"}), 1, "the bid is a whole number, not '7'"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"bid": True}), 1, "the bid is a whole number"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"no_trump": "yes"}), 1, "no_trump is true or false"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"tricks": {"A": 6.0}}), 1, "A's tricks is a whole number"),
        (deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"trumps": "H"}), 1, "a hand event has no 'trumps'"),
        (deal(passed() | {"bidder": "Ana"}), 1, "a passed event has no 'bidder'"),
    ],
)
def test_refusals_name_the_event_and_the_reason(events: list[Any], position: int, words: str) -> None:
    error = refusal("kaiser", events)
    assert error.position == position
    assert words in error.reason, error.reason
    assert str(error).startswith(f"event {position}: ")


def test_an_entry_that_is_no_event_is_unreadable_and_an_event_that_cannot_happen_is_illegal() -> None:
    unreadable = refusal("kaiser", deal(passed() | {"bidder": "Ana"}))
    illegal = refusal("kaiser", [*deal(passed()), passed() | {"dealer": "Ana"}])
    assert isinstance(unreadable, UnreadableEvent) and not isinstance(unreadable, EventError)
    assert isinstance(illegal, EventError) and not isinstance(illegal, UnreadableEvent)


def test_min_bid_6_in_kaiser_pagat_refuses_a_bid_of_5() -> None:
    error = refusal("kaiser-pagat", deal(kaiser_hand("Ana", 5, {"A": 6}, "A", "B")))
    assert "a bid is from 6 to 12" in error.reason
    assert play("kaiser", kaiser_hand("Ana", 5, {"A": 6}, "A", "B")).hands_played == 1


@pytest.mark.parametrize(
    ("teams", "words"),
    [
        ({"A": ["Ana", "Céline"]}, "two teams of two"),
        ({"A": ["Ana", "Céline"], "B": ["Ben"]}, "team B is a list of its two players"),
        ({"A": ["Ana", "Céline"], "B": "Ben Driss"}, "team B is a list"),
        ({"A": ["Ana", "Céline"], "B": ["Ben", "Ana"]}, "four different players"),
        ({"A": ["Ana", "Céline"], "": ["Ben", "Driss"]}, "a team needs a name"),
        ({"A": ["Ana", ""], "B": ["Ben", "Driss"]}, "a player's name is a non-empty text"),
        (["Ana", "Ben", "Céline", "Driss"], "two teams of two"),
    ],
)
def test_teams_are_two_teams_of_two_different_players(teams: Any, words: str) -> None:
    with pytest.raises(KaiserError, match=words):
        KaiserTeams.from_json(teams)


# Records: parsing and the canonical form.


def test_a_hand_may_give_one_teams_tricks_the_other_took_the_rest() -> None:
    one = KaiserHand.from_json(kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"dealer": "Ana"}, 1, TABLE)
    other = KaiserHand.from_json(
        kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"dealer": "Ana", "tricks": {"B": 2}}, 1, TABLE
    )
    both = KaiserHand.from_json(
        kaiser_hand("Ana", 7, {"A": 6}, "A", "B") | {"dealer": "Ana", "tricks": {"B": 2, "A": 6}}, 1, TABLE
    )
    assert one == other == both
    assert one.tricks == (("A", 6), ("B", 2))


def test_events_round_trip_through_their_canonical_form() -> None:
    record = [
        {"type": "hand", "dealer": "Driss", "bidder": "Ana", "bid": 7, "tricks": {"NS": 6},
         "five_hearts": "NS", "three_spades": "EW"},
        {"type": "passed", "dealer": "Driss"},
    ]  # fmt: skip
    teams = KaiserTeams.from_json({"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]})
    events = parse_kaiser_events(record, teams)
    assert events[1] == PassedDeal("Driss")
    canonical = [event.as_json() for event in events]
    assert canonical[0] == record[0] | {"no_trump": False, "tricks": {"NS": 6, "EW": 2}}
    assert parse_kaiser_events(canonical, teams) == events
    assert KaiserTeams.from_json(teams.as_json()) == teams


def test_replay_takes_parsed_events_too() -> None:
    events = deal(kaiser_hand("Ana", 7, {"A": 6}, "A", "B"), passed())
    parsed = [parse_kaiser_event(event, n, TABLE) for n, event in enumerate(events, start=1)]
    assert replay_kaiser(rules(), TABLE, parsed) == replay_kaiser(rules(), TEAMS, events)


def test_replay_json_has_the_formats_keys() -> None:
    data = play("kaiser", kaiser_hand("Ana", 7, {"A": 6}, "A", "B")).as_json()
    assert {"teams", "over", "winner", "hands"} <= set(data)
    assert data["teams"] == [{"name": "A", "score": 18}, {"name": "B", "score": -1}]
    assert (data["over"], data["winner"], data["hands"]) == (False, None, 1)


def test_each_hand_result_carries_points_change_score_and_explanation() -> None:
    result = play("kaiser", kaiser_hand("Ana", 7, {"A": 6}, "A", "B")).hand_results[0]
    assert result.position == 1 and result.bidding_team == "A"
    a, b = result.results
    assert (a.team, a.points, a.change, a.score) == ("A", 11, 18, 18)
    assert (b.team, b.points, b.change, b.score) == ("B", -1, -1, -1)
    assert a.explanation == "bid 7 made with 11 points: scores 7 + 11 = 18"
    assert b.explanation == "not bidding, below 45: loses 1 point"


def test_events_built_in_code_are_checked_like_records() -> None:
    game = KaiserGame(rules(), TABLE)
    with pytest.raises(EventError, match="event 1: bidder is one of Ana, Ben, Céline, Driss, not 'Zoé'"):
        game.apply(KaiserHand("Ana", "Zoé", 7, False, (("A", 6), ("B", 2)), "A", "B"), 1)
    with pytest.raises(EventError, match="the tricks add up to 9"):
        game.apply(KaiserHand("Ana", "Ana", 7, False, (("A", 6), ("B", 3)), "A", "B"), 1)


def test_verify_answers_the_refusal_or_none() -> None:
    game = play("kaiser", kaiser_hand("Ana", 7, {"A": 6}, "A", "B")).replayed.state
    assert game.verify(PassedDeal("Ben"), 2) is None
    refusal = game.verify(PassedDeal("Céline"), 2)
    assert refusal is not None and "Ben deals now, not Céline" in refusal.reason


def test_offers_a_passed_deal_to_the_dealer_except_under_dealer_forced() -> None:
    game = play("kaiser", kaiser_hand("Ana", 7, {"A": 6}, "A", "B")).replayed.state
    assert [(offer.kind, offer.player) for offer in game.offers()] == [("passed", "Ben")]
    assert play("kaiser-pagat", kaiser_hand("Ana", 7, {"A": 6}, "A", "B")).replayed.state.offers() == ()


# Bidding (docs/rules.md §7).


@pytest.mark.parametrize(
    ("a", "b", "outranks"),
    [
        (Bid(7, no_trump=True), Bid(7), True),
        (Bid(7), Bid(7, no_trump=True), False),
        (Bid(8), Bid(7, no_trump=True), True),
        (Bid(7, no_trump=True), Bid(8), False),
        (Bid(7), Bid(7), False),
        (Bid(12, no_trump=True), Bid(12), True),
        (Bid(6), Bid(5), True),
    ],
)
def test_bid_outranks_n_no_trump_beats_n_and_loses_to_n_plus_1(a: Bid, b: Bid, outranks: bool) -> None:
    assert bid_outranks(a, b) is outranks


def test_bidding_each_player_once_from_the_dealers_left() -> None:
    calls = [("Ana", Bid(6)), ("Ben", None), ("Céline", Bid(7, no_trump=True)), ("Driss", Bid(8))]
    bidding = check_bidding(rules(), TABLE, "Driss", [])
    assert bidding.next_player == "Ana" and bidding.high is None
    bidding = check_bidding(rules(), TABLE, "Driss", calls)
    assert bidding.high == ("Driss", Bid(8)) and bidding.next_player is None


def test_bidding_only_the_dealer_may_equal_the_highest_bid() -> None:
    calls = [("Céline", Bid(7)), ("Driss", None), ("Ana", None), ("Ben", Bid(7))]
    assert check_bidding(rules(), TABLE, "Ben", calls).high == ("Ben", Bid(7))
    with pytest.raises(KaiserError, match=r"call 3 \(Ana\): 7 does not beat Céline's 7; only the dealer"):
        check_bidding(rules(), TABLE, "Ben", [("Céline", Bid(7)), ("Driss", None), ("Ana", Bid(7))])


def test_bidding_all_pass() -> None:
    calls = [(player, None) for player in ("Ana", "Ben", "Céline", "Driss")]
    assert check_bidding(rules(), TABLE, "Driss", calls).high is None
    with pytest.raises(KaiserError, match="the dealer must bid"):
        check_bidding(rules("kaiser-pagat"), TABLE, "Driss", calls)


@pytest.mark.parametrize(
    ("calls", "words"),
    [
        ([("Ben", Bid(7))], "call 1: it is Ana's turn to call, not Ben's"),
        ([("Ana", Bid(7)), ("Ana", Bid(8))], "call 2: it is Ben's turn"),
        ([("Ana", Bid(4))], r"call 1 \(Ana\): a bid is from 5 to 12, not 4"),
        ([("Ana", Bid(13))], "not 13"),
        ([("Ana", Bid(8)), ("Ben", Bid(7, no_trump=True))], "7 no trump does not beat Ana's 8"),
        ([("Ana", Bid(8)), ("Ben", None), ("Céline", None), ("Driss", Bid(7))], "7 does not beat Ana's 8$"),
        ([("Ana", None), ("Ben", None), ("Céline", None), ("Driss", None), ("Ana", Bid(5))], "call 5: each player"),
    ],
)
def test_bidding_refusals(calls: list[tuple[str, Bid | None]], words: str) -> None:
    with pytest.raises(KaiserError, match=words):
        check_bidding(rules(), TABLE, "Driss", calls)


def test_bidding_needs_a_dealer_at_the_table() -> None:
    with pytest.raises(KaiserError, match="'Zoé' is not at this table"):
        check_bidding(rules(), TABLE, "Zoé", [])


def test_bidding_min_bid_pagat() -> None:
    with pytest.raises(KaiserError, match="from 6 to 12"):
        check_bidding(rules("kaiser-pagat"), TABLE, "Driss", [("Ana", Bid(5))])


# Properties.


@st.composite
def hands(draw: st.DrawFn, min_bid: int = 5) -> dict[str, Any]:
    """Any hand a table could record (without its dealer): a team with no trick took neither card."""
    a_tricks = draw(st.integers(0, 8))
    holders = [team for team, n in (("A", a_tricks), ("B", 8 - a_tricks)) if n]
    return kaiser_hand(
        draw(st.sampled_from(SEATS)),
        draw(st.integers(min_bid, 12)),
        {"A": a_tricks},
        draw(st.sampled_from(holders)),
        draw(st.sampled_from(holders)),
        no_trump=draw(st.booleans()),
    )


def deals(preset: str) -> st.SearchStrategy[dict[str, Any]]:
    """Events valid under `preset` (as far as one event goes): no passed deal where the dealer must bid."""
    valid = hands(rules(preset).min_bid)
    return valid if preset == "kaiser-pagat" else st.one_of(valid, st.just(passed()))


@EXAMPLES
@given(hands())
def test_property_points_of_the_two_teams_sum_to_10(event: dict[str, Any]) -> None:
    parsed = KaiserHand.from_json(event | {"dealer": "Ana"}, 1, TABLE)
    assert trick_points(parsed, "A") + trick_points(parsed, "B") == 10


def outcome(run: Any) -> tuple[str, Any]:
    try:
        return ("game", run())
    except EventError as error:
        return ("refused", (error.position, error.reason))


@EXAMPLES
@given(st.data())
def test_property_replay_with_an_event_replaced_equals_replay_of_the_corrected_list(data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from(["kaiser", "kaiser-pagat"]))
    table_rules = rules(preset)
    original = deal(*data.draw(st.lists(deals(preset), min_size=1, max_size=10)))
    index = data.draw(st.integers(0, len(original) - 1))
    # The correction may be refused: a passed deal in kaiser-pagat, a bid of 5 there, another dealer.
    new = data.draw(st.one_of(hands(), st.just(passed())))
    new = new | {"dealer": data.draw(st.one_of(st.just(original[index]["dealer"]), st.sampled_from(SEATS)))}
    fixed = [*original[:index], new, *original[index + 1 :]]
    expected = outcome(lambda: replay_kaiser(table_rules, TEAMS, fixed))
    note(expected[0])

    def step_by_step() -> Played:
        game = replay_kaiser(table_rules, TEAMS, original[:index]).replayed
        for position, event in enumerate(fixed[index:], start=index + 1):
            game = game.then(parse_kaiser_event(event, position, TABLE))
        return Played(game)

    assert outcome(step_by_step) == expected
    before = outcome(lambda: replay_kaiser(table_rules, TEAMS, original))
    if before[0] == "game":
        corrected = outcome(lambda: before[1].corrected(index + 1, parse_kaiser_event(new, index + 1, TABLE)))
        assert corrected == expected
    if expected[0] == "game":
        game = expected[1]
        assert all(sum(team.points for team in result.results) == 10 for result in game.hand_results)
        assert game.hands_played == sum(event["type"] == "hand" for event in fixed)


def test_a_kaiser_record_may_name_its_first_dealer_and_writes_it_back() -> None:
    data = {"preset": "kaiser", "teams": TEAMS, "first_dealer": "Driss", "events": []}
    record = read_game(data)
    assert record.as_json()["first_dealer"] == "Driss"
    standings = record.standings()
    assert isinstance(standings, KaiserGame) and standings.next_dealer == "Driss"
    with pytest.raises(RecordError, match="first_dealer 'Zoé' is not one of the players"):
        read_game(data | {"first_dealer": "Zoé"})


# Each score change with the rule a player reads, and the game's refusals word for word (teams NS and EW).


NS_EW = {"NS": ["Ana", "Cel"], "EW": ["Ben", "Dri"]}  # seats: Ana, Ben, Cel, Dri
NS_EW_TABLE = KaiserTeams.from_json(NS_EW)
KAISER, PAGAT = rules_for("kaiser"), rules_for("kaiser-pagat")


def standings_after(events: list[dict[str, Any]], preset: str = "kaiser") -> Any:
    """The standings of a game of teams NS and EW after `events`."""
    return read_game({"format": "referee.game/1", "preset": preset, "teams": NS_EW, "events": events}).standings()


@pytest.mark.parametrize(
    ("kaiser_rules", "bid", "no_trump", "points", "change", "why"),
    [
        pytest.param(KAISER, 8, False, 8, 16, "bid 8 made with 8 points: scores 8 + 8 = 16", id="made exactly"),
        pytest.param(KAISER, 8, False, 7, -8, "bid 8 failed with 7 points: loses 8", id="failed by one"),
        pytest.param(
            KAISER, 8, True, 7, -16, "bid 8 no trump failed with 7 points: loses 8, doubled in no trump: 16", id="nt"
        ),
        pytest.param(KAISER, 7, False, 1, -7, "bid 7 failed with 1 point: loses 7", id="one point"),
        pytest.param(KAISER, 7, False, -1, -7, "bid 7 failed with -1 point: loses 7", id="minus one point"),
        pytest.param(KAISER, 7, False, 0, -7, "bid 7 failed with 0 points: loses 7", id="no point"),
        pytest.param(PAGAT, 7, False, 9, 9, "bid 7 made with 9 points: scores the 9 points taken", id="pagat made"),
        pytest.param(
            PAGAT,
            7,
            True,
            9,
            18,
            "bid 7 no trump made with 9 points: scores the 9 points taken, doubled in no trump: 18",
            id="pagat nt",
        ),
        pytest.param(
            KAISER,
            10,
            True,
            10,
            40,
            "bid 10 no trump made with 10 points: scores 10 + 10 = 20, doubled in no trump: 40",
            id="made nt",
        ),
    ],
)
def test_the_bidders_change_and_why(
    kaiser_rules: KaiserRules, bid: int, no_trump: bool, points: int, change: int, why: str
) -> None:
    assert bidder_change(kaiser_rules, bid, no_trump, points) == (change, why)


@pytest.mark.parametrize(
    ("score", "points", "change", "why"),
    [
        pytest.param(30, 0, 0, "not bidding: took no points", id="nothing"),
        pytest.param(45, 0, 0, "not bidding: took no points", id="nothing at 45"),
        pytest.param(30, 1, 1, "not bidding, below 45: adds 1 point", id="adds one"),
        pytest.param(44, 2, 2, "not bidding, below 45: adds 2 points", id="adds two at 44"),
        pytest.param(30, -1, -1, "not bidding, below 45: loses 1 point", id="loses one"),
        pytest.param(30, -3, -3, "not bidding, below 45: loses 3 points", id="loses three"),
        pytest.param(
            45, 2, 0, "not bidding, at 45: adds nothing for its 2 points (at 45 or more, only a bid scores)", id="at 45"
        ),
        pytest.param(
            45, 1, 0, "not bidding, at 45: adds nothing for its 1 point (at 45 or more, only a bid scores)", id="one"
        ),
        pytest.param(
            45, -1, -1, "not bidding, at 45: loses 1 point (negative points still count at 45 or more)", id="neg one"
        ),
        pytest.param(
            46, -2, -2, "not bidding, at 46: loses 2 points (negative points still count at 45 or more)", id="neg two"
        ),
    ],
)
def test_the_other_teams_change_and_why(score: int, points: int, change: int, why: str) -> None:
    assert defender_change(KAISER, score, points) == (change, why)


def ew_at_40_plus(points: int) -> list[dict[str, Any]]:
    """EW bids 10 no trump and takes every trick (40); then NS bids 5 and makes it, and EW takes `points` (4 or 5)."""
    return [
        kaiser_hand("Ben", 10, {"NS": 0}, "EW", "EW", dealer="Ana", no_trump=True),
        kaiser_hand("Ana", 5, {"NS": 8 - points}, "NS", "NS", dealer="Ben"),  # NS 8 - points + 5 - 3, made
    ]


@pytest.mark.parametrize(
    ("ew_second_hand", "third", "expected"),
    [
        pytest.param(
            5,
            kaiser_hand("Ana", 5, {"NS": 3}, "NS", "NS", dealer="Cel"),
            {"NS": 20, "EW": 45},
            id="§7 bid_out=45: EW at exactly 45 adds nothing for its 5 points",
        ),
        pytest.param(
            4,
            kaiser_hand("Ana", 5, {"NS": 3}, "NS", "NS", dealer="Cel"),
            {"NS": 21, "EW": 49},
            id="§7 bid_out=45: EW at 44 adds its 5 points",
        ),
        pytest.param(
            5,
            kaiser_hand("Ana", 5, {"NS": 7}, "NS", "EW", dealer="Cel"),
            {"NS": 10 + 17, "EW": 43},
            id="§7 bid_out=45: EW at 45 still counts its -2 points",
        ),
    ],
)
def test_the_other_team_at_bid_out_before_the_hand(
    ew_second_hand: int, third: dict[str, Any], expected: dict[str, int]
) -> None:
    before = standings_after(ew_at_40_plus(ew_second_hand)).as_json()
    assert {t["name"]: t["score"] for t in before["teams"]}["EW"] == 40 + ew_second_hand
    data = standings_after([*ew_at_40_plus(ew_second_hand), third]).as_json()
    assert {t["name"]: t["score"] for t in data["teams"]} == expected
    assert (data["over"], data["hands"]) == (False, 3)


def test_a_scored_hand_carries_each_teams_points_change_score_and_why() -> None:
    event = KaiserHand.from_json(kaiser_hand("Ben", 7, {"NS": 6}, "EW", "NS", dealer="Ana"), 3, NS_EW_TABLE)
    result = score_hand(KAISER, NS_EW_TABLE, event, (40, 10), 3)
    assert (result.position, result.bidding_team, result.hand) == (3, "EW", event)
    ns, ew = result.results
    assert (ns.team, ns.points, ns.change, ns.score) == ("NS", 3, 3, 43)
    assert ns.explanation == "not bidding, below 45: adds 3 points"
    assert (ew.team, ew.points, ew.change, ew.score) == ("EW", 7, 14, 24)
    assert ew.explanation == "bid 7 made with 7 points: scores 7 + 7 = 14"


def test_a_game_is_won_at_the_target_and_no_deal_comes_after() -> None:
    events = [
        kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Ana", no_trump=True),
        kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Ben", no_trump=True),
    ]
    won = standings_after(events)
    assert won.as_json() == {
        "teams": [{"name": "NS", "score": 80}, {"name": "EW", "score": 0}],
        "over": True,
        "winner": "NS",
        "hands": 2,
        "next_dealer": "Cel",
    }
    assert won.dealer() is None and won.offers() == ()
    with pytest.raises(EventError) as refused:
        standings_after([*events, kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Cel")])
    assert str(refused.value) == "event 3: the game is over: NS won, 80 to 0; no deal comes after"


def test_a_game_short_of_the_target_plays_on() -> None:
    first = kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Ana", no_trump=True)
    short = standings_after(
        [first, kaiser_hand("Ana", 5, {"NS": 4}, "NS", "NS", dealer="Ben")]
    )  # 40 + 5 + 6; EW adds its 4 tricks
    assert short.scores == (51, 4) and short.winner is None and not short.over
    reached = standings_after([first, kaiser_hand("Ana", 6, {"NS": 4}, "NS", "NS", dealer="Ben")])  # 40 + 6 + 6
    assert reached.scores == (52, 4) and reached.winner == "NS" and reached.over


@pytest.mark.parametrize(
    ("preset", "event", "reason"),
    [
        pytest.param(
            "kaiser",
            kaiser_hand("Ana", 4, {"NS": 8}, "NS", "NS", dealer="Ana"),
            "event 1: a bid is from 5 to 12 at this table, not 4",
            id="4",
        ),
        pytest.param(
            "kaiser",
            kaiser_hand("Ana", 13, {"NS": 8}, "NS", "NS", dealer="Ana"),
            "event 1: a bid is from 5 to 12 at this table, not 13",
            id="13",
        ),
        pytest.param(
            "kaiser-pagat",
            kaiser_hand("Ana", 5, {"NS": 8}, "NS", "NS", dealer="Ana"),
            "event 1: a bid is from 6 to 12 at this table, not 5",
            id="pagat",
        ),
        pytest.param(
            "kaiser-pagat",
            {"type": "passed", "dealer": "Ana"},
            "event 1: a deal cannot be passed out: at this table, when everybody passes, the dealer must bid",
            id="passed out",
        ),
    ],
)
def test_a_hand_the_table_does_not_allow_is_refused(preset: str, event: dict[str, Any], reason: str) -> None:
    with pytest.raises(EventError) as refused:
        standings_after([event], preset)
    assert str(refused.value) == reason


@pytest.mark.parametrize(
    ("preset", "bid"),
    [pytest.param("kaiser", 5, id="5"), pytest.param("kaiser", 12, id="12"), pytest.param("kaiser-pagat", 6, id="6")],
)
def test_a_bid_at_the_tables_bounds_is_taken(preset: str, bid: int) -> None:
    assert standings_after([kaiser_hand("Ana", bid, {"NS": 8}, "NS", "NS", dealer="Ana")], preset).hands_played == 1


def test_the_deal_passes_to_the_left_and_a_wrong_dealer_is_refused() -> None:
    with pytest.raises(EventError) as refused:
        standings_after(
            [
                kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Ana"),
                kaiser_hand("Ana", 7, {"NS": 8}, "NS", "NS", dealer="Ana"),
            ]
        )
    assert str(refused.value) == "event 2: Ben deals now, not Ana: the deal passes to the left (Ana, Ben, Cel, Dri)"
    assert standings_after([{"type": "passed", "dealer": "Dri"}]).next_dealer == "Ana"


def test_a_recorded_auction_that_cannot_be_is_refused_in_the_scorers_words() -> None:
    calls = [{"player": "Ben", "call": 7}, {"player": "Cel", "call": "pass"}, {"player": "Dri", "call": "pass"}]
    with pytest.raises(EventError) as refused:
        standings_after([kaiser_hand("Ben", 7, {"NS": 3}, "NS", "NS", dealer="Ana", calls=calls)])
    assert refused.value.position == 1 and "Ana" in str(refused.value.reason)


def test_a_first_dealer_not_at_the_table_is_refused() -> None:
    with pytest.raises(KaiserError) as refused:
        KaiserGame.start(KAISER, NS_EW_TABLE, "Zed")
    assert str(refused.value) == "the first dealer 'Zed' is not at this table (Ana, Ben, Cel, Dri)"
    assert KaiserGame.start(KAISER, NS_EW_TABLE, "Cel").dealer() == "Cel"


def test_a_kaiser_game_has_no_stock_and_waits_for_nobody() -> None:
    game = standings_after([kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Ana", no_trump=True)])
    assert not isinstance(game, Stocked)  # no stock to run out, no buy-back to wait for: no such question


def test_verify_answers_the_refusal_with_its_position() -> None:
    game = standings_after([kaiser_hand("Ana", 10, {"NS": 8}, "NS", "NS", dealer="Ana")])
    error = game.verify(
        KaiserHand.from_json(kaiser_hand("Ana", 7, {"NS": 8}, "NS", "NS", dealer="Ana"), 1, game.teams), 5
    )
    assert error is not None and error.position == 5
    assert str(error) == "event 5: Ben deals now, not Ana: the deal passes to the left (Ana, Ben, Cel, Dri)"


def test_a_passed_deal_says_who_dealt_it_and_moves_the_deal() -> None:
    game, result = KaiserGame.start(KAISER, NS_EW_TABLE, "Dri").apply(PassedDeal("Dri"), 1)
    assert result == PassedResult("Dri") and game.dealer() == "Ana" and game.hands_played == 0


# The record's teams and events: each refusal word for word, the seats, and the events written back.


HAND = kaiser_hand("Ben", 7, {"EW": 5}, "EW", "NS", dealer="Ana")
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
    assert NS_EW_TABLE.seats == ("Ana", "Ben", "Cel", "Dri") and NS_EW_TABLE.as_json() == {
        "NS": ["Ana", "Cel"],
        "EW": ["Ben", "Dri"],
    }
    assert [NS_EW_TABLE.left_of(player) for player in NS_EW_TABLE.seats] == ["Ben", "Cel", "Dri", "Ana"]
    assert (NS_EW_TABLE.team_of("Dri"), NS_EW_TABLE.team_of("Cel"), NS_EW_TABLE.team_of("Zed")) == ("EW", "NS", None)
    assert (NS_EW_TABLE.other("NS"), NS_EW_TABLE.other("EW")) == ("EW", "NS")


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
        parse_kaiser_event(data, 6, NS_EW_TABLE)
    assert (refused.value.position, str(refused.value.reason)) == (6, reason)


def test_a_hand_with_its_auction_and_trump_is_written_back_whole() -> None:
    calls = [
        {"player": "Ben", "call": "pass"},
        {"player": "Cel", "call": 7, "no_trump": True},
        {"player": "Dri", "call": 8},
    ]
    event = parse_kaiser_event(HAND | {"calls": calls, "trump": "S", "no_trump": False}, 1, NS_EW_TABLE)
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
    event = parse_kaiser_event(data, 1, NS_EW_TABLE)
    assert event.as_json() == data | {"tricks": taken}
    assert "calls" not in event.as_json() and "trump" not in event.as_json()


def test_a_passed_deal_is_read_and_written_back() -> None:
    assert parse_kaiser_event({"type": "passed", "dealer": "Dri"}, 1, NS_EW_TABLE) == PassedDeal("Dri")
    assert PassedDeal("Dri").as_json() == {"type": "passed", "dealer": "Dri"}


def test_the_events_are_numbered_from_1_in_a_refusal() -> None:
    by_ana = passed() | {"dealer": "Ana"}
    assert parse_kaiser_events([by_ana, by_ana], NS_EW_TABLE) == (PassedDeal("Ana"), PassedDeal("Ana"))
    with pytest.raises(UnreadableEvent) as refused:
        parse_kaiser_events([by_ana, passed() | {"dealer": "Zed"}], NS_EW_TABLE)
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
