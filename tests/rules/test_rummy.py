"""Rummy game replay: docs/rules.md §5-6 and the game examples of §8; the events a record holds, read and written
back, and each refusal word for word."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.rules.cards import parse_cards
from referee.rules.events import EventError
from referee.rules.game import Replayed, Status
from referee.rules.game import replay as replay_events
from referee.rules.game_record import read_game
from referee.rules.record_data import RecordError
from referee.rules.rummy import RummyGame, can_buyback, restart_score, verify_buyback
from referee.rules.rummy_events import Buyback, Finish, Reshuffle, Round, RummyEvent, Void, rummy_event_from_json
from referee.rules.rummy_family import rummy_rules
from referee.rules.rummy_results import BuybackResult, Player, ReshuffleResult, RoundResult
from referee.rules.table import RummyRules
from tests.conftest import Runner
from tests.events import rummy_round

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


# --- a game replayed event by event: the deal, buy-backs offered, what each event did, refusals word for word ---------


KALUKI = rummy_rules("kaluki")  # ante 3, 1 chip a win, buy-back 5 chips, eliminated at 150, two buy-backs


def started(preset: str = "kaluki", players: tuple[str, ...] = ("Ana", "Ben", "Eve"), **options: Any) -> RummyGame:
    return RummyGame.start(rummy_rules(preset, options), players)


def after(game: RummyGame, *events: Any) -> RummyGame:
    for position, event in enumerate(events, start=1):
        game, _ = game.apply(event, position)
    return game


BEN_OUT = Round.finished("Ana", {"Ben": 160, "Eve": 10})


def test_a_game_starts_with_every_ante_in_the_pot_and_the_first_dealer_seated() -> None:
    game = RummyGame.start(KALUKI, ["Ana", "Ben", "Eve"], 4)
    assert (game.pot, [p.chips for p in game.players], game.first_dealer, game.dealer()) == (9, [-3, -3, -3], 1, "Ben")


def test_a_round_says_what_it_did_and_moves_the_deal() -> None:
    game, result = started().apply(BEN_OUT, 1)
    assert result == RoundResult(
        "Ana", {"Ana": 0, "Ben": 160, "Eve": 10}, ("Ben",), {"Ben": -1, "Eve": -1, "Ana": 2}, "Ana"
    )
    assert (game.rounds, game.last_dealer, game.dealer()) == (1, 0, "Eve")
    assert game.as_json() == {
        "players": [
            {"name": "Ana", "score": 0, "status": "in", "buybacks": 0, "chips": -1},
            {"name": "Ben", "score": 160, "status": "eliminated", "buybacks": 0, "chips": -4},
            {"name": "Eve", "score": 10, "status": "in", "buybacks": 0, "chips": -4},
        ],
        "pot": 9,
        "over": False,
        "winner": None,
        "rounds": 1,
    }


def test_an_eliminated_player_is_offered_a_buy_back_and_the_next_round_waits() -> None:
    game = after(started(), BEN_OUT)
    [offer] = game.offers()
    assert (offer.kind, offer.player, offer.cost, offer.restart, offer.left) == ("buyback", "Ben", 5, 10, 1)
    assert game.waiting_for() == ("Ben",) and game.waiting_for(["Ben"]) == ()
    assert (
        str(game.verify_next())
        == "Ben: buy back or out for good? The next round waits for each eliminated player to decide"
    )
    assert game.verify_next() is not None and game.verify_next(["Ben"]) is None


def test_a_buy_back_pays_into_the_pot_and_restarts_at_the_highest_total() -> None:
    game, result = after(started(), BEN_OUT).apply(Buyback("Ben"), 2)
    assert result == BuybackResult("Ben", 10, 5)
    ben = game.player("Ben")
    assert (game.pot, ben.score, ben.status, ben.buybacks, ben.chips) == (14, 10, "in", 1, -9)
    assert game.offers() == ()


def test_a_void_round_closes_the_buy_backs_and_passes_the_deal() -> None:
    game, result = after(started(), BEN_OUT).apply(Void(), 2)
    assert result == RoundResult(None, dealer="Eve")
    assert (game.rounds, game.player("Ben").status, game.dealer()) == (2, "out", "Ana")


def test_a_reshuffle_is_counted_in_the_round_in_play_once() -> None:
    game, result = after(started(), BEN_OUT).apply(Reshuffle(), 2)
    assert (result, game.reshuffled, game.rounds) == (ReshuffleResult(2), True, 1)
    with pytest.raises(EventError) as refused:
        game.apply(Reshuffle(), 3)
    assert str(refused.value) == (
        "event 3: the stock was already reshuffled in this round: when it runs out again, the round is void"
    )


def test_something_that_is_no_rummy_event_is_refused() -> None:
    error = started().verify("a round", 3)  # type: ignore[arg-type]
    assert str(error) == "event 3: a rummy game has round, void, buyback and reshuffle events"
    assert started().verify(Void(), 1) is None


def test_a_players_standing_and_score() -> None:
    game = after(started(), BEN_OUT)
    assert (game.score_of("Eve"), game.score_of("Zed"), game.side_of("Ana")) == (10, None, None)
    assert game.still_in() == ("Ana", "Eve")
    with pytest.raises(KeyError, match="Zed"):
        game.player("Zed")
    assert game.verify_seen(["Ana", "Eve"]) is None
    assert str(game.verify_seen(["Ana", "Ben", "Eve"])) == (
        "the players changed since this round was filled in: Ben is no longer in the game"
    )


@pytest.mark.parametrize(
    ("options", "restart"),
    [pytest.param({"buyback_score": "zero"}, 0, id="zero"), pytest.param({}, 10, id="highest remaining")],
)
def test_a_buy_back_restarts_at_zero_or_the_highest_total_still_in(options: dict[str, Any], restart: int) -> None:
    game = after(started(**options), BEN_OUT)
    assert restart_score(game) == restart
    assert restart_score(started(**options)) == 0


@pytest.mark.parametrize(
    ("events", "name", "reason"),
    [
        pytest.param([], "Zed", "event 4: Zed is not a player in this game", id="stranger"),
        pytest.param(
            [], "Ben", "event 4: Ben is still in the game: only an eliminated player buys back", id="still in"
        ),
        pytest.param(
            [BEN_OUT, Void()],
            "Ben",
            "event 4: Ben is out for good: did not buy back right after being eliminated",
            id="too late",
        ),
    ],
)
def test_a_buy_back_that_cannot_be_is_refused_with_why(events: list[Any], name: str, reason: str) -> None:
    with pytest.raises(EventError) as refused:
        verify_buyback(after(started(), *events), name, 4)
    assert str(refused.value) == reason


def test_a_player_who_used_every_buy_back_is_out_for_good() -> None:
    game = after(started(max_buybacks=1), BEN_OUT, Buyback("Ben"), Round.finished("Ana", {"Ben": 160, "Eve": 10}))
    ben = game.player("Ben")
    assert (ben.status, ben.buybacks) == ("out", 1) and game.offers() == ()
    with pytest.raises(EventError) as refused:
        verify_buyback(game, "Ben")
    assert str(refused.value) == "event 0: Ben is out for good: has used every buy-back (1)"


def test_the_last_player_still_in_wins_the_pot() -> None:
    game = after(started(players=("Ana", "Ben")), Round.finished("Ana", {"Ben": 160}))
    assert (game.over, game.winner, game.pot, game.pot_won) == (True, "Ana", 0, 6)
    assert [(p.status, p.chips) for p in game.players] == [("in", 4), ("out", -4)]
    assert game.dealer() is None and game.offers() == ()
    assert str(game.verify_stock_ran_out()) == "the game is over: Ana won it"
    with pytest.raises(EventError) as refused:
        game.apply(Void(), 2)
    assert str(refused.value) == "event 2: the game is over: Ana won it"


def test_a_kaluki_pays_chips_per_kaluki() -> None:
    _, result = started(chips_per_kaluki=4).apply(Round.finished("Ana", {"Ben": 1, "Eve": 1}, Finish.ALL_IN_ONE), 1)
    assert dict(result.chips) == {"Ben": -4, "Eve": -4, "Ana": 8}


@pytest.mark.parametrize(
    ("inclusive", "status"), [pytest.param(True, "eliminated", id="at"), pytest.param(False, "in", id="above")]
)
def test_the_threshold_itself_eliminates_only_when_inclusive(inclusive: bool, status: str) -> None:
    game = after(started(elimination_inclusive=inclusive), Round.finished("Ana", {"Ben": 150, "Eve": 149}))
    assert [p.status for p in game.players] == ["in", status, "in"]


def test_rami_points_mode_ends_at_the_target_unless_tied() -> None:
    round_ = Round.finished("Ana", {"Ben": 0}, laid={"Ana": 500, "Ben": 10})
    game = after(started("rami", ("Ana", "Ben"), target=600), round_)
    assert not game.over and game.rounds == 1
    reached = after(game, round_)
    assert (reached.over, reached.winner, [p.status for p in reached.players]) == (True, "Ana", ["in", "out"])
    tied = Round.finished("Ana", {"Ben": 0}, laid={"Ana": 600, "Ben": 600})
    assert not after(started("rami", ("Ana", "Ben"), target=600), tied).over


def test_an_offer_after_a_buy_back_counts_the_buy_backs_left() -> None:
    game = after(started(), BEN_OUT, Buyback("Ben"), Round.finished("Eve", {"Ana": 10, "Ben": 160}))
    [offer] = game.offers()
    assert (offer.player, offer.cost, offer.restart, offer.left) == ("Ben", 5, 10, 0)


def test_a_round_that_leaves_nobody_in_is_won_by_its_winner() -> None:
    """docs/rules.md §5: possible only through the jokers kept (300 each in rami-elimination)."""
    kept = Round.finished("Ana", {"Ben": 200}, Finish.OWN_CARDS, None, {"Ana": 2})
    game = after(started("rami-elimination", ("Ana", "Ben")), kept)
    assert (game.over, game.winner, [p.status for p in game.players]) == (True, "Ana", ["in", "out"])


def test_when_the_winner_is_eliminated_by_the_jokers_kept_the_last_one_in_wins() -> None:
    kept = Round.finished("Ana", {"Ben": 200, "Eve": 5}, Finish.OWN_CARDS, None, {"Ana": 2})
    game = after(started("rami-elimination"), kept)
    assert (game.over, game.winner, [p.status for p in game.players]) == (True, "Eve", ["out", "out", "in"])


# --- a record's events: each refusal word for word, and the events written back ---------------------------------------


SHAPE = (
    '"laid_cards" gives each player a list of what they laid, each meld as cards, like '
    '{"Ana": [["9C", "9D", "9H"], "5H 6H 7H", ["AS"]]}'
)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param([], 'an event is an object with a type, like {"type": "void"}', id="not an object"),
        pytest.param(
            {"type": "deal"},
            "unknown event type 'deal': a rummy game has round, void, buyback and reshuffle events",
            id="unknown type",
        ),
        pytest.param(
            {"type": "void", "winner": "Ana", "hands": {}}, "a void event has no 'hands', 'winner'", id="keys"
        ),
        pytest.param({"type": "reshuffle", "player": "Ana"}, "a reshuffle event has no 'player'", id="reshuffle key"),
        pytest.param({"type": "buyback"}, "the player must be a player's name", id="buyback nobody"),
        pytest.param({"type": "buyback", "player": "  "}, "the player must be a player's name", id="buyback blank"),
        pytest.param({"type": "buyback", "player": 3}, "the player must be a player's name", id="buyback number"),
        pytest.param(rummy_round("", {"Ben": 12}), "the winner must be a player's name", id="no winner"),
        pytest.param(
            rummy_round("Ana", None), 'a round needs "hands": each other player\'s cards or points', id="no hands"
        ),
        pytest.param(rummy_round("Ana", {" ": 3}), "the player must be a player's name", id="blank hand name"),
        pytest.param(
            rummy_round("Ana", {"Ben": True}),
            'Ben\'s hand is cards ("JK 5C" or ["JK", "5C"]) or a number of points',
            id="bool",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 2.5}),
            'Ben\'s hand is cards ("JK 5C" or ["JK", "5C"]) or a number of points',
            id="float",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": -1}),
            "Ben's hand cannot be worth -1: points are never negative",
            id="negative hand",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": ["5C", 5]}),
            'Ben\'s hand lists cards as strings, like ["JK", "5C"]',
            id="card no string",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": "ZZ"}),
            "Ben's hand: 'ZZ' is not a card: write a rank then a suit, like 10H, QS or 7\u2663",
            id="no card",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}) | {"all_in_one": 1}, '"all_in_one" is true or false', id="all in one number"
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, rami="out"),
            '"rami" is "with_table" or "own_cards", not \'out\'',
            id="rami kind",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid={"Ana": -1}),
            '"laid" gives each player a whole number, like {"Ana": 90}',
            id="negative laid",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid={"Ana": True}),
            '"laid" gives each player a whole number, like {"Ana": 90}',
            id="bool",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid=[40]),
            '"laid" gives each player a whole number, like {"Ana": 90}',
            id="laid list",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid={"": 40}), "the player must be a player's name", id="laid nobody"
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, unreturned_jokers={"Ana": "1"}),
            '"unreturned_jokers" gives each player a whole number, like {"Ana": 90}',
            id="jokers text",
        ),
        pytest.param(rummy_round("Ana", {"Ben": 12}, laid_cards=[]), SHAPE, id="laid cards list"),
        pytest.param(rummy_round("Ana", {"Ben": 12}, laid_cards={"Ana": "9C 9D 9H"}), SHAPE, id="laid cards text"),
        pytest.param(rummy_round("Ana", {"Ben": 12}, laid_cards={"Ana": [5]}), SHAPE, id="meld number"),
        pytest.param(rummy_round("Ana", {"Ben": 12}, laid_cards={"Ana": [["9C", 9]]}), SHAPE, id="card number"),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid_cards={" ": ["9C 9D 9H"]}),
            "the player must be a player's name",
            id="laid by nobody",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid_cards={"Ana": ["ZZ"]}),
            "Ana's laid cards: 'ZZ' is not a card: write a rank then a suit, like 10H, QS or 7\u2663",
            id="laid no card",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid_cards={"Ana": [""]}),
            "Ana's laid cards list a meld with no card",
            id="empty text",
        ),
        pytest.param(
            rummy_round("Ana", {"Ben": 12}, laid_cards={"Ana": [[]]}),
            "Ana's laid cards list a meld with no card",
            id="empty list",
        ),
    ],
)
def test_an_unreadable_event_is_refused_with_its_position_and_why(data: Any, reason: str) -> None:
    with pytest.raises(EventError) as refused:
        rummy_event_from_json(data, 7)
    assert (refused.value.position, str(refused.value.reason)) == (7, reason)


def test_a_hand_of_zero_points_and_a_laid_zero_are_read() -> None:
    """Zero is a hand's smallest worth and a player who laid nothing laid 0."""
    event = rummy_event_from_json(rummy_round("Ana", {"Ben": 0}, laid={"Ben": 0}, rami="own_cards"), 1)
    assert isinstance(event, Round)
    assert dict(event.hands) == {"Ben": 0} and dict(event.laid or {}) == {"Ben": 0}


def test_a_full_round_is_read_and_written_back_in_canonical_cards() -> None:
    data = rummy_round(
        "Ana",
        {"Ben": ["JK", "5C"], "Eve": "10H 2S", "Zoe": 40},
        rami="with_table",
        laid={"Ana": 30, "Ben": 0},
        laid_cards={"Ana": [["9C", "9D", "9H"], "5H 6H 7H"]},
        unreturned_jokers={"Ben": 1},
    )
    event = rummy_event_from_json(data, 1)
    assert isinstance(event, Round)
    assert event.finish is Finish.WITH_TABLE and event.finish.all_in_one and not event.all_in_one
    assert event.hands["Eve"] == parse_cards("10H 2S")
    assert event.as_json() == {
        "type": "round",
        "winner": "Ana",
        "hands": {"Ben": ["JK", "5C"], "Eve": ["10H", "2S"], "Zoe": 40},
        "rami": "with_table",
        "laid": {"Ana": 30, "Ben": 0},
        "laid_cards": {"Ana": [["9C", "9D", "9H"], ["5H", "6H", "7H"]]},
        "unreturned_jokers": {"Ben": 1},
    }


def test_a_kaluki_and_a_plain_round_are_written_with_only_what_they_hold() -> None:
    kaluki = rummy_event_from_json(rummy_round("Ana", {"Ben": 12}, all_in_one=True), 1)
    plain = rummy_event_from_json(
        rummy_round("Ana", {"Ben": 12}, laid_cards={}, unreturned_jokers={}) | {"all_in_one": False}, 1
    )
    assert isinstance(kaluki, Round) and isinstance(plain, Round)
    assert kaluki.finish is Finish.ALL_IN_ONE and kaluki.as_json() == rummy_round("Ana", {"Ben": 12}, all_in_one=True)
    assert (
        plain.finish is Finish.OUT
        and not plain.finish.all_in_one
        and plain.as_json() == rummy_round("Ana", {"Ben": 12})
    )
    assert plain.rami is None and plain.laid is None


def test_an_own_cards_rami_is_read_as_such() -> None:
    event = rummy_event_from_json(rummy_round("Ana", {"Ben": 12}, rami="own_cards"), 1)
    assert isinstance(event, Round) and event.finish is Finish.OWN_CARDS and event.rami == "own_cards"


@pytest.mark.parametrize(
    ("finish", "all_in_one", "rami"),
    [
        pytest.param(Finish.OUT, False, None, id="out"),
        pytest.param(Finish.ALL_IN_ONE, True, None, id="all in one"),
        pytest.param(Finish.WITH_TABLE, False, "with_table", id="with table"),
        pytest.param(Finish.OWN_CARDS, False, "own_cards", id="own cards"),
    ],
)
def test_a_round_as_a_scorer_enters_it_keeps_how_the_winner_went_out(
    finish: Finish, all_in_one: bool, rami: str | None
) -> None:
    event = Round.finished("Ana", {"Ben": 5}, finish)
    assert (event.all_in_one, event.rami, event.finish) == (all_in_one, rami, finish)
    assert event.laid is None and dict(event.unreturned_jokers) == {} and dict(event.laid_cards) == {}


def test_a_round_entered_with_laid_cards_and_jokers_keeps_them() -> None:
    cards = parse_cards("9C 9D 9H")
    event = Round.finished("Ana", {"Ben": 5}, Finish.OUT, {"Ana": 27}, {"Ben": 1}, {"Ana": [list(cards)]})
    assert dict(event.laid or {}) == {"Ana": 27} and dict(event.unreturned_jokers) == {"Ben": 1}
    assert dict(event.laid_cards) == {"Ana": (cards,)}


@pytest.mark.parametrize(
    ("data", "event"),
    [
        pytest.param({"type": "void"}, Void(), id="void"),
        pytest.param({"type": "reshuffle"}, Reshuffle(), id="reshuffle"),
        pytest.param({"type": "buyback", "player": "Ben"}, Buyback("Ben"), id="buyback"),
    ],
)
def test_the_other_events_are_read_and_written_back(data: dict[str, Any], event: Any) -> None:
    assert rummy_event_from_json(data, 1) == event
    assert event.as_json() == data


# --- a player's standing as `replay` writes it ------------------------------------------------------------------------


def test_a_player_is_written_with_every_field() -> None:
    """The player object of the `replay` JSON: name, score, status, buy-backs and chips."""
    player = Player("Ana", score=120, status=Status.ELIMINATED, buybacks=2, chips=-4)
    assert player.as_json() == {"name": "Ana", "score": 120, "status": "eliminated", "buybacks": 2, "chips": -4}


def test_a_new_player_is_in_at_nothing() -> None:
    """A player starts in, at 0, with no buy-back and no chips."""
    assert Player("Ben").as_json() == {"name": "Ben", "score": 0, "status": "in", "buybacks": 0, "chips": 0}


def test_a_void_round_moves_no_points_and_no_chips() -> None:
    """A round result without points or chips has empty ones, not missing ones."""
    void = RoundResult(None)
    assert dict(void.points) == {} and dict(void.chips) == {}
    assert void.eliminated == () and void.dealer is None


# --- Rami elimination: a joker taken back and not replayed (docs/rules.md §2 Joker release, rulings) ---------------


@pytest.mark.parametrize(
    ("round_", "expected"),
    [
        pytest.param(
            {"winner": "A", "hands": {"B": 15, "C": 10}, "unreturned_jokers": {"B": 1}},
            {"A": 0, "B": 15 + 300, "C": 10},
            id="§2 joker_retrieval_penalty (rami-elimination): one joker not replayed costs 300",
        ),
        pytest.param(
            {"winner": "A", "hands": {"B": 15, "C": 10}, "unreturned_jokers": {"A": 1}},
            {"A": 300, "B": 15, "C": 10},
            id="§2 joker_retrieval_penalty (rami-elimination): the round's winner pays it too",
        ),
        pytest.param(
            {
                "winner": "A",
                "rami": "own_cards",
                "laid": {"A": 60, "B": 30},
                "hands": {"B": 15, "C": 10},
                "unreturned_jokers": {"B": 1},
            },
            {"A": 0, "B": 15 * 3 + 300, "C": 10 * 3},
            id="§2 joker_retrieval_penalty (rami-elimination): added after the rami's x3, never multiplied",
        ),
    ],
)
def test_rami_elimination_unreturned_joker_costs_300(round_: dict[str, Any], expected: dict[str, int]) -> None:
    assert scores(play("rami-elimination", ["A", "B", "C"], [{"type": "round", **round_}])) == expected


def test_rami_elimination_two_unreturned_jokers_cost_600_and_can_eliminate() -> None:
    event = {"type": "round", "winner": "A", "hands": {"B": 15, "C": 10}, "unreturned_jokers": {"B": 2}}
    game = play("rami-elimination", ["A", "B", "C"], [event])
    assert {p.name: (p.score, p.status) for p in game.players} == {
        "A": (0, "in"),
        "B": (15 + 600, "out"),  # above 500 with no buy-back in Rami
        "C": (10, "in"),
    }


# --- Rami points mode: the game ends when someone reaches the target (docs/rules.md §6) ---------------------------


@pytest.mark.parametrize(
    ("laid", "over", "winner"),
    [
        pytest.param(1000, True, "A", id="§6 target=1000: exactly 1000 reaches it, the game is over"),
        pytest.param(999, False, None, id="§6 target=1000: 999 plays on"),
        pytest.param(1001, True, "A", id="§6 target=1000: 1001 is over"),
    ],
)
def test_rami_points_mode_ends_at_the_target_inclusive(laid: int, over: bool, winner: str | None) -> None:
    # B laid 5 each round, so no +100; B's and C's hands are worth nothing: A scores exactly what A laid. A round
    # lays at most every card in play (820 in `rami`), so A reaches `laid` in two rounds.
    events = [
        {"type": "round", "winner": "A", "laid": {"A": 500, "B": 5}, "hands": {"B": 0, "C": 0}},
        {"type": "round", "winner": "A", "laid": {"A": laid - 500, "B": 5}, "hands": {"B": 0, "C": 0}},
    ]
    game = play("rami", ["A", "B", "C"], events)
    assert scores(game) == {"A": laid, "B": 10, "C": 0}
    assert (game.over, game.winner) == (over, winner)
    assert {p.name: p.status for p in game.players} == (
        {"A": "in", "B": "out", "C": "out"} if over else {"A": "in", "B": "in", "C": "in"}
    )


# --- Rami: a rami using others' melds while nobody else laid (docs/rules.md §5, §6) ------------------------------


@pytest.mark.parametrize(
    ("laid", "expected"),
    [
        pytest.param({"A": 60, "B": 0, "C": 0}, {"A": 0, "B": 20, "C": 40}, id="§5 rami with_table, laid all 0: x2"),
        pytest.param({"A": 60}, {"A": 0, "B": 20, "C": 40}, id="§5 rami with_table, others missing from laid: x2"),
        pytest.param({"A": 60, "B": 5}, {"A": 0, "B": 20, "C": 40}, id="§5 rami with_table, B laid: x2"),
    ],
)
def test_rami_elimination_with_table_is_doubled_even_when_nobody_else_laid(
    laid: dict[str, int], expected: dict[str, int]
) -> None:
    event = {"type": "round", "winner": "A", "rami": "with_table", "laid": laid, "hands": {"B": 10, "C": 20}}
    assert scores(play("rami-elimination", ["A", "B", "C"], [event])) == expected


def test_rami_elimination_own_cards_when_nobody_else_laid_is_quadrupled() -> None:
    event = {
        "type": "round",
        "winner": "A",
        "rami": "own_cards",
        "laid": {"A": 60, "B": 0},
        "hands": {"B": 10, "C": 20},
    }
    assert scores(play("rami-elimination", ["A", "B", "C"], [event])) == {"A": 0, "B": 40, "C": 80}


@pytest.mark.parametrize(
    ("kind", "laid", "bonus"),
    [
        pytest.param(
            "with_table", {"A": 60, "B": 0, "C": 0}, 200 + 100, id="§6 rami with_table, nobody laid: +200+100"
        ),
        pytest.param("with_table", {"A": 60}, 200 + 100, id="§6 rami with_table, others missing from laid: +200+100"),
        pytest.param("with_table", {"A": 60, "C": 5}, 200, id="§6 rami with_table, C laid: +200"),
        pytest.param("own_cards", {"A": 60}, 300 + 100, id="§6 rami own_cards, nobody laid: +300+100"),
    ],
)
def test_rami_points_mode_with_table_bonus(kind: str, laid: dict[str, int], bonus: int) -> None:
    event = {"type": "round", "winner": "A", "rami": kind, "laid": laid, "hands": {"B": 10, "C": 20}}
    assert scores(play("rami", ["A", "B", "C"], [event])) == {
        "A": 60 + 10 + 20 + bonus,
        "B": laid.get("B", 0),
        "C": laid.get("C", 0),
    }


# --- A player who is out plays no part in a round (docs/formats.md, game record) ----------------------------------


def test_a_player_out_of_the_game_given_laid_points_is_refused(referee: Runner, tmp_path: Path) -> None:
    first = {"type": "round", "winner": "A", "rami": "own_cards", "hands": {"B": 200, "C": 10}}  # B 600: out
    second = {"type": "round", "winner": "A", "laid": {"A": 40, "B": 10}, "hands": {"C": 5}}
    players = ["A", "B", "C"]
    before = play("rami-elimination", players, [first])
    assert {p.name: p.status for p in before.players} == {"A": "in", "B": "out", "C": "in"}
    assert scores(play("rami-elimination", players, [first, {**second, "laid": {"A": 40, "C": 10}}])) == {
        "A": 0,
        "B": 600,
        "C": 35,
    }
    record = {"format": "referee.game/1", "preset": "rami-elimination", "players": players, "events": [first, second]}
    with pytest.raises(ValueError, match="event 2: B is out of the game"):
        read_game(record).standings()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = referee("replay", "--json", str(path))
    assert done.code == 2 and done.out == ""
    assert "event 2: B is out of the game" in done.err and len(done.err.strip().splitlines()) == 1
