"""Rummy game replay: docs/rules.md §5-6 and the game examples of §8."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.rules.events import EventError
from referee.rules.game import Replayed
from referee.rules.game import replay as replay_events
from referee.rules.game_record import read_game
from referee.rules.record_data import RecordError
from referee.rules.rummy import RummyGame, can_buyback
from referee.rules.rummy_events import Buyback, Round, RummyEvent, Void, rummy_event_from_json
from referee.rules.table import RummyRules, rummy_rules

GAMES = Path(__file__).parent / "games"


def replay(rules: Any, players: Any, events: Any) -> RummyGame:
    """The standings after `events`, every one checked (EventError for the first that cannot happen)."""
    standing: RummyGame = replay_events(RummyGame.start(rules, players), list(events)).standing()
    return standing


def play(preset: str, players: list[str], events: list[dict[str, Any]], **options: Any) -> RummyGame:
    """Replay JSON events under a preset, as a game record would."""
    record = {"preset": preset, "options": options, "players": players, "events": events}
    return read_game(record).standings()


def scores(game: RummyGame) -> dict[str, int]:
    return {p.name: p.score for p in game.players}


def chips(game: RummyGame) -> dict[str, int]:
    return {p.name: p.chips for p in game.players}


def test_rules_8_four_player_kaluki_game_ends_with_c_taking_the_pot_of_47() -> None:
    record = read_game(json.loads((GAMES / "kaluki_four_players.json").read_text()))
    before_last = replay(record.rules, record.players, record.events[:-1])
    assert before_last.pot == 47
    game = record.standings()
    assert game.over and game.winner == "C"
    assert chips(game) == {"A": -16, "B": -4, "C": 33, "D": -13}
    assert {p.name: p.status for p in game.players} == {"A": "out", "B": "out", "C": "in", "D": "out"}
    assert game.pot == 0 and game.rounds == 7


@pytest.mark.parametrize(
    ("events", "expected"),
    [
        pytest.param(2, {"A": 48, "B": 40, "C": 150, "D": 156}, id="C 150 and D 156 eliminated"),
        pytest.param(4, {"A": 48, "B": 40, "C": 48, "D": 48}, id="both buy back at 48"),
        pytest.param(8, {"A": 135, "B": 135, "C": 68, "D": 135}, id="A and D buy back at 135"),
        pytest.param(11, {"A": 145, "B": 135, "C": 145, "D": 145}, id="A and C buy back at 145"),
        pytest.param(13, {"A": 155, "B": 148, "C": 148, "D": 145}, id="B buys back at 148"),
    ],
)
def test_rules_8_four_player_kaluki_game_step_by_step(events: int, expected: dict[str, int]) -> None:
    record = read_game(json.loads((GAMES / "kaluki_four_players.json").read_text()))
    assert scores(replay(record.rules, record.players, record.events[:events])) == expected


def test_rules_8_third_elimination_is_out_for_good() -> None:
    record = read_game(json.loads((GAMES / "kaluki_four_players.json").read_text()))
    game = replay(record.rules, record.players, record.events[:12])
    assert game.player("A").status == "out" and game.player("B").status == "eliminated"
    with pytest.raises(EventError, match="event 13: A is out for good: has used every buy-back"):
        replay(record.rules, record.players, (*record.events[:12], Buyback("A")))


def test_rules_8_rami_elimination_own_cards_triples_the_penalties() -> None:
    game = play(
        "rami-elimination",
        ["Win", "X", "Y"],
        [
            {
                "type": "round",
                "winner": "Win",
                "rami": "own_cards",
                "laid": {"X": 30},
                "hands": {"X": "JK AC 4D", "Y": "KS 9H"},
            }
        ],
    )
    assert scores(game) == {"Win": 0, "X": 120, "Y": 45}


def test_rules_8_rami_points_mode_alice_scores_520() -> None:
    event = {
        "type": "round",
        "winner": "Alice",
        "rami": "own_cards",
        "laid": {"Alice": 95, "Bob": 30},
        "hands": {"Bob": 55, "Cédric": 70},
    }
    game = play("rami", ["Alice", "Bob", "Cédric"], [event])
    assert scores(game) == {"Alice": 520, "Bob": 30, "Cédric": 0}


def test_rami_points_mode_hands_count_joker_20_and_ace_15() -> None:
    event = {"type": "round", "winner": "A", "laid": {"A": 60, "B": 20}, "hands": {"B": "JK AS 7H"}}
    assert scores(play("rami", ["A", "B"], [event])) == {"A": 60 + 20 + 15 + 5, "B": 20}


@pytest.mark.parametrize(
    ("rami", "laid", "bonus"),
    [
        pytest.param(None, {"A": 50}, 100, id="+100 when nobody else laid"),
        pytest.param("with_table", {"A": 50, "B": 10}, 200, id="+200 rami using others' melds"),
        pytest.param("own_cards", {"A": 50, "B": 10}, 300, id="+300 rami with own cards"),
        pytest.param("own_cards", {"A": 50}, 400, id="+400 rami with own cards while nobody laid"),
    ],
)
def test_rami_points_mode_bonuses_are_cumulative(rami: str | None, laid: dict[str, int], bonus: int) -> None:
    event: dict[str, Any] = {"type": "round", "winner": "A", "laid": laid, "hands": {"B": 0}}
    if rami:
        event["rami"] = rami
    assert play("rami", ["A", "B"], [event]).player("A").score == 50 + bonus


def test_rami_points_mode_unreturned_joker_costs_300() -> None:
    event = {
        "type": "round",
        "winner": "A",
        "laid": {"A": 50, "B": 40},
        "hands": {"B": 0},
        "unreturned_jokers": {"B": 1},
    }
    assert scores(play("rami", ["A", "B"], [event])) == {"A": 50, "B": 40 - 300}


def test_rami_points_mode_ends_at_the_target_and_a_tie_plays_on() -> None:
    tie = {"type": "round", "winner": "A", "laid": {"A": 500, "B": 600}, "hands": {"B": 100}}
    game = play("rami", ["A", "B"], [tie], target=500)
    assert scores(game) == {"A": 600, "B": 600} and not game.over
    more = {"type": "round", "winner": "B", "laid": {"B": 10, "A": 5}, "hands": {"A": 0}}
    game = play("rami", ["A", "B"], [tie, more], target=500)
    assert game.over and game.winner == "B"


@pytest.mark.parametrize(
    ("rami", "laid", "factor"),
    [
        pytest.param("with_table", {"B": 10}, 2, id="x2 rami using others' melds"),
        pytest.param("own_cards", {"B": 10}, 3, id="x3 rami with own cards"),
        pytest.param("own_cards", {}, 4, id="x4 when nobody else had laid"),
        pytest.param("own_cards", None, 3, id="x3 without laid points, never x4"),
    ],
)
def test_rami_elimination_multipliers(rami: str, laid: dict[str, int] | None, factor: int) -> None:
    event: dict[str, Any] = {"type": "round", "winner": "A", "rami": rami, "hands": {"B": 10}}
    if laid is not None:
        event["laid"] = laid
    assert play("rami-elimination", ["A", "B"], [event]).player("B").score == 10 * factor


def test_rami_elimination_is_above_500_with_no_buy_back() -> None:
    # A typed hand is at most what 15 cards can cost (230 in Rami): three rounds bring B to 500 and C to 501.
    rounds = [{"type": "round", "winner": "A", "hands": {"B": 230, "C": 230}}] * 2
    rounds.append({"type": "round", "winner": "A", "hands": {"B": 40, "C": 41}})
    at = play("rami-elimination", ["A", "B", "C"], rounds)
    assert at.player("B").status == "in" and at.player("C").status == "out"


def test_kaluki_hunt_doubles_penalties_and_takes_40_off_the_winner() -> None:
    game = play(
        "kaluki-hunt", ["A", "B"], [{"type": "round", "winner": "A", "all_in_one": True, "hands": {"B": "KS 5H"}}]
    )
    assert scores(game) == {"A": -40, "B": 30}


def test_kaluki_hunt_going_out_takes_20_off_the_winner() -> None:
    game = play("kaluki-hunt", ["A", "B"], [{"type": "round", "winner": "A", "hands": {"B": 12}}])
    assert scores(game) == {"A": -20, "B": 12}


def test_a_hand_given_as_a_number_is_multiplied_too() -> None:
    game = play("kaluki-hunt", ["A", "B"], [{"type": "round", "winner": "A", "all_in_one": True, "hands": {"B": 25}}])
    assert game.player("B").score == 50


def test_kaluki_pays_chips_per_kaluki_for_an_all_in_one() -> None:
    game = play(
        "kaluki", ["A", "B", "C"], [{"type": "round", "winner": "A", "all_in_one": True, "hands": {"B": 1, "C": 2}}]
    )
    assert chips(game) == {"A": -3 + 4, "B": -3 - 2, "C": -3 - 2} and game.pot == 9


def test_void_round_scores_nothing_and_moves_no_chips() -> None:
    game = play("kaluki", ["A", "B"], [{"type": "void"}])
    assert scores(game) == {"A": 0, "B": 0} and chips(game) == {"A": -3, "B": -3} and game.rounds == 1


def test_a_player_who_does_not_buy_back_before_the_next_round_is_out() -> None:
    events = [{"type": "round", "winner": "A", "hands": {"B": 10, "C": 150}}, {"type": "void"}]
    game = play("kaluki", ["A", "B", "C"], events)
    assert game.player("C").status == "out"
    assert not can_buyback(game, "C")


def test_buyback_error_names_the_event_and_the_reason() -> None:
    events = [
        {"type": "round", "winner": "A", "hands": {"B": 10, "C": 150}},
        {"type": "void"},
        {"type": "buyback", "player": "C"},
    ]
    record = read_game({"players": ["A", "B", "C"], "events": events})
    with pytest.raises(EventError, match="event 3: C is out for good: did not buy back right after being eliminated"):
        record.standings()


def test_buyback_for_a_player_still_in_is_refused() -> None:
    record = read_game({"players": ["A", "B"], "events": [{"type": "buyback", "player": "A"}]})
    with pytest.raises(EventError, match="event 1: A is still in the game"):
        record.standings()


@pytest.mark.parametrize(
    ("inclusive", "status"),
    [
        pytest.param(True, "eliminated", id="at 150 is out with >="),
        pytest.param(False, "in", id="at 150 stays in with >"),
    ],
)
def test_elimination_threshold_inclusive_or_not(inclusive: bool, status: str) -> None:
    events = [{"type": "round", "winner": "A", "hands": {"B": 150, "C": 0}}]
    game = play("kaluki", ["A", "B", "C"], events, elimination_inclusive=inclusive)
    assert game.player("B").status == status


def test_buyback_score_zero_restarts_at_zero() -> None:
    events = [{"type": "round", "winner": "A", "hands": {"B": 160, "C": 30}}, {"type": "buyback", "player": "B"}]
    assert play("kaluki", ["A", "B", "C"], events, buyback_score="zero").player("B").score == 0
    assert play("kaluki", ["A", "B", "C"], events).player("B").score == 30


def test_no_buyback_when_fewer_than_two_remain_the_game_is_over() -> None:
    game = play("kaluki", ["A", "B"], [{"type": "round", "winner": "A", "hands": {"B": 160}}])
    assert game.over and game.winner == "A" and game.player("B").status == "out"
    assert chips(game) == {"A": -3 + 1 + 6, "B": -3 - 1} and game.pot == 0


def test_an_event_after_the_game_is_over_is_refused() -> None:
    events = [{"type": "round", "winner": "A", "hands": {"B": 160}}, {"type": "void"}]
    with pytest.raises(EventError, match="event 2: the game is over: A won it"):
        play("kaluki", ["A", "B"], events)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        pytest.param({"type": "round", "winner": "Z", "hands": {"B": 1}}, "Z is not a player", id="unknown winner"),
        pytest.param({"type": "round", "winner": "A", "hands": {}}, "no hand for B", id="hand missing"),
        pytest.param(
            {"type": "round", "winner": "A", "hands": {"A": 1, "B": 1}}, "A won the round", id="winner's hand"
        ),
        pytest.param(
            {"type": "round", "winner": "A", "hands": {"B": "7S 7S 7S"}}, "7♠ appears 3 times", id="third 7 of spades"
        ),
        pytest.param(
            {"type": "round", "winner": "A", "hands": {"B": "JK JK JK", "C": "JK JK"}}, "5 jokers", id="fifth joker"
        ),
        pytest.param(
            {"type": "round", "winner": "A", "rami": "own_cards", "hands": {"B": 1}},
            "Kaluki round",
            id="rami in kaluki",
        ),
        pytest.param(
            {"type": "round", "winner": "A", "laid": {"A": 1}, "hands": {"B": 1}}, "laid points", id="laid in kaluki"
        ),
    ],
)
def test_invalid_rounds_are_refused_with_position_and_reason(event: dict[str, Any], message: str) -> None:
    players = ["A", "B", "C"] if "C" in event["hands"] else ["A", "B"]
    with pytest.raises(EventError, match=f"event 2: .*{message}"):
        play("kaluki", players, [{"type": "void"}, event])


@pytest.mark.parametrize(
    ("event", "message"),
    [
        pytest.param(
            {"type": "round", "winner": "A", "all_in_one": True, "hands": {"B": 1}},
            'not "all_in_one"',
            id="all_in_one in rami",
        ),
        pytest.param(
            {"type": "round", "winner": "A", "hands": {"B": 1}}, 'points mode needs "laid"', id="laid missing"
        ),
    ],
)
def test_invalid_rami_rounds_are_refused(event: dict[str, Any], message: str) -> None:
    with pytest.raises(EventError, match=message):
        play("rami", ["A", "B"], [event])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        pytest.param({"type": "deal"}, "unknown event type", id="unknown type"),
        pytest.param({"type": "round", "winner": "A", "hands": {"B": -1}}, "never negative", id="negative hand"),
        pytest.param({"type": "round", "winner": "A", "hands": {"B": "7X"}}, "'7X' is not a card", id="bad card"),
        pytest.param({"type": "round", "winner": "A", "hands": {"B": 1}, "rami": "yes"}, "with_table", id="bad rami"),
        pytest.param({"type": "void", "winner": "A"}, "has no 'winner'", id="unknown key"),
        pytest.param("void", "an event is an object", id="not an object"),
    ],
)
def test_event_shape_errors(data: Any, message: str) -> None:
    with pytest.raises(EventError, match=message):
        rummy_event_from_json(data, 1)


def test_events_round_trip_through_json() -> None:
    data = {
        "type": "round",
        "winner": "A",
        "rami": "own_cards",
        "laid": {"A": 90},
        "hands": {"B": ["JK", "5C"], "C": 14},
    }
    event = rummy_event_from_json(data, 1)
    assert event.as_json() == data
    assert rummy_event_from_json(event.as_json(), 1) == event


def test_a_corrected_round_equals_the_replay_of_the_corrected_list() -> None:
    rules: RummyRules = rummy_rules("kaluki")
    events: list[RummyEvent] = [Round("A", {"B": 10}), Round("B", {"A": 20}), Void()]
    replayed: Replayed = replay_events(RummyGame.start(rules, ["A", "B"]), events)
    assert replayed.corrected(1, Round("A", {"B": 30})).state.player("B").score == 30
    assert replayed.corrected(2, None).state.rounds == 2
    with pytest.raises(IndexError):
        replayed.corrected(4, None)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        pytest.param({"players": ["A"]}, "2 to 5 players", id="too few players"),
        pytest.param({"players": ["A", "A"]}, "listed twice", id="same name twice"),
        pytest.param({"players": ["A", "B"], "options": {"nope": 1}}, "unknown option", id="unknown option"),
        pytest.param({"players": ["A", "B"], "preset": "bridge"}, "unknown preset", id="unknown preset"),
        pytest.param({"players": ["A", "B"], "format": "other/1"}, "not a game record", id="wrong format"),
        pytest.param({"players": ["A", "B"], "events": {}}, "a list of events", id="events not a list"),
    ],
)
def test_record_errors(record: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        read_game(record)


def test_record_export_import_export_is_the_same() -> None:
    data = json.loads((GAMES / "kaluki_four_players.json").read_text())
    exported = read_game(data).as_json()
    assert read_game(exported).as_json() == exported
    assert exported["events"] == data["events"]


def test_the_deal_passes_left_skipping_players_who_are_out() -> None:
    record = {
        "players": ["A", "B", "C"],
        "first_dealer": "B",
        "events": [{"type": "round", "winner": "A", "hands": {"B": 10, "C": 160}}],
    }
    assert read_game({**record, "events": []}).standings().dealer() == "B"
    assert read_game(record).standings().dealer() == "A"  # C, eliminated, deals only once back in
    bought_back = read_game({**record, "events": [*record["events"], {"type": "buyback", "player": "C"}]})
    assert bought_back.standings().dealer() == "C"
    skipped = read_game({**record, "events": [*record["events"], {"type": "void"}]}).standings()
    assert skipped.player("C").status == "out" and skipped.dealer() == "B"


def test_first_dealer_must_be_a_player() -> None:
    with pytest.raises(RecordError, match="first_dealer 'Z' is not one of the players"):
        read_game({"players": ["A", "B"], "first_dealer": "Z"})
