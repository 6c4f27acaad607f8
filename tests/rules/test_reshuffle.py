"""The stock reshuffled: an event of the game's own log that changes no score, and what a "stock ran out" tap means.

000: when the stock runs out a second time in a round, the round is void.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.answers import Refused, StockAnswer, Stocked
from referee.rules.events import EventError
from referee.rules.families import rules_for
from referee.rules.game import replay
from referee.rules.game_record import read_game
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import KaiserTeams
from referee.rules.rummy import ReshuffleResult, RoundResult, RummyGame
from referee.rules.rummy_events import Buyback, Reshuffle, Round, RummyEvent, RummyKind, Void, rummy_event_from_json
from referee.rules.rummy_family import rummy_rules

PLAYERS = ["Ana", "Ben", "Céline"]


def start(preset: str = "kaluki", **options: Any) -> RummyGame:
    return RummyGame.start(rummy_rules(preset, options), PLAYERS)


def after(game: RummyGame, *events: RummyEvent) -> RummyGame:
    for position, event in enumerate(events, start=1):
        game, _ = game.apply(event, position)
    return game


def won_by_ana(ben: int = 10, celine: int = 10) -> Round:
    return Round.finished("Ana", {"Ben": ben, "Céline": celine})


def test_a_reshuffle_reads_and_writes_as_a_record_event() -> None:
    event = rummy_event_from_json({"type": "reshuffle"}, 1)
    assert event == Reshuffle() and event.kind is RummyKind.RESHUFFLE == "reshuffle"
    assert event.as_json() == {"type": "reshuffle"}
    with pytest.raises(EventError, match="a reshuffle event has no 'round'"):
        rummy_event_from_json({"type": "reshuffle", "round": 2}, 1)


def test_a_reshuffle_changes_no_score_and_marks_the_round_in_play() -> None:
    game = after(start(), won_by_ana())
    reshuffled, result = game.apply(Reshuffle(), 2)
    assert result == ReshuffleResult(round=2)
    assert reshuffled.reshuffled and not game.reshuffled
    assert replace(reshuffled, reshuffled=False) == game
    assert reshuffled.as_json() == game.as_json()


def test_the_stock_is_reshuffled_once_a_round() -> None:
    game = after(start(), Reshuffle())
    refusal = game.verify(Reshuffle(), 2)
    assert refusal is not None and refusal.position == 2
    assert refusal.reason == "the stock was already reshuffled in this round: when it runs out again, the round is void"


@pytest.mark.parametrize("ends", [won_by_ana(), Void()], ids=["a round", "a void round"])
def test_the_next_round_starts_with_a_fresh_stock(ends: RummyEvent) -> None:
    game = after(start(), Reshuffle(), ends)
    assert not game.reshuffled and game.verify(Reshuffle(), 3) is None


def test_a_buy_back_keeps_the_reshuffle_of_the_round_in_play() -> None:
    game = after(start(elimination_threshold=50), won_by_ana(ben=60), Reshuffle(), Buyback("Ben"))
    assert game.reshuffled and game.player("Ben").status == "in"


def test_a_reshuffle_does_not_close_the_buy_backs() -> None:
    game = after(start(elimination_threshold=50), won_by_ana(ben=60), Reshuffle())
    assert game.waiting_for() == ("Ben",) and game.verify(Buyback("Ben"), 3) is None


def test_no_reshuffle_once_the_game_is_over() -> None:
    game = after(start(elimination_threshold=50), won_by_ana(ben=60, celine=60))
    assert game.over
    refusal = game.verify(Reshuffle(), 2)
    assert refusal is not None and refusal.reason == "the game is over: Ana won it"


def test_kaiser_refuses_a_reshuffle_and_has_no_stock() -> None:
    teams = KaiserTeams.from_json({"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]})
    game = KaiserGame.start(rules_for("kaiser"), teams, "Ana")  # type: ignore[arg-type]
    with pytest.raises(EventError, match="a Kaiser game records hand and passed events, not 'reshuffle'"):
        game.apply(Reshuffle(), 1)  # type: ignore[arg-type]
    assert not isinstance(game, Stocked) and issubclass(RummyGame, Stocked)  # no stock, no question about one


@pytest.mark.parametrize(
    ("events", "seen", "answer", "event"),
    [
        pytest.param([], False, StockAnswer.RESHUFFLE, Reshuffle(), id="first time: record the reshuffle"),
        pytest.param([Reshuffle()], True, StockAnswer.VOID, Void(), id="ran out again: the round is void"),
        pytest.param([Reshuffle()], False, StockAnswer.MARKED_ELSEWHERE, None, id="another phone marked it"),
        pytest.param([Reshuffle(), won_by_ana()], True, StockAnswer.PAST, None, id="shown for a round recorded"),
        pytest.param([Reshuffle(), Void()], True, StockAnswer.PAST, None, id="shown for a void round recorded"),
    ],
)
def test_what_the_stock_running_out_means(
    events: list[RummyEvent], seen: bool, answer: StockAnswer, event: RummyEvent | None
) -> None:
    call = after(start(), *events).stock_ran_out(seen_reshuffled=seen)
    assert (call.answer, call.event) == (answer, event)
    assert bool(call.message) == (event is None)


def test_the_stock_does_not_run_out_once_the_game_is_over() -> None:
    game = after(start(elimination_threshold=50), won_by_ana(ben=60, celine=60))
    assert game.verify_stock_ran_out() is not None
    with pytest.raises(Refused, match="the game is over: Ana won it"):
        game.stock_ran_out(seen_reshuffled=True)


def test_a_record_with_reshuffles_replays_with_what_each_event_did() -> None:
    events = [{"type": "reshuffle"}, {"type": "void"}, {"type": "reshuffle"}]
    events += [{"type": "round", "winner": "Ana", "hands": {"Ben": 5, "Céline": 7}}]
    record = read_game({"preset": "kaluki", "players": PLAYERS, "events": events})
    results = [step.result for step in record.replay().steps]
    assert [type(result) for result in results] == [ReshuffleResult, RoundResult, ReshuffleResult, RoundResult]
    assert [result.round for result in results if isinstance(result, ReshuffleResult)] == [1, 2]
    assert record.as_json()["events"] == events
    assert record.standings().rounds == 2


BASE_EVENTS = st.lists(st.tuples(st.integers(0, 2), st.integers(0, 60), st.integers(0, 60)), max_size=12)


def played(moves: list[tuple[int, int, int]], rules: Any) -> list[RummyEvent]:
    """A legal game from random moves: rounds won by someone still in, void rounds, buy-backs when open."""
    game, events = RummyGame.start(rules, PLAYERS), []
    for move, one, other in moves:
        if game.over:
            break
        waiting = game.waiting_for()
        if move == 2 and waiting:
            event: RummyEvent = Buyback(waiting[0])
        elif move == 1:
            event = Void()
        else:
            still_in = game.still_in()
            winner = still_in[one % len(still_in)]
            losers = [name for name in still_in if name != winner]
            event = Round.finished(winner, dict(zip(losers, (one, other), strict=False)))
        game, _ = game.apply(event, len(events) + 1)
        events.append(event)
    return events


@settings(max_examples=300, deadline=None)
@given(moves=BASE_EVENTS, data=st.data(), preset=st.sampled_from(["kaluki", "rami-elimination", "kaluki-hunt"]))
def test_reshuffles_change_no_standing(moves: list[tuple[int, int, int]], data: st.DataObject, preset: str) -> None:
    rules = rummy_rules(preset, {"elimination_threshold": 80, "max_buybacks": 1})
    events = played(moves, rules)
    without = replay(RummyGame.start(rules, PLAYERS), events)
    assert without.refusal is None
    shuffled: list[RummyEvent] = []
    open_round = True  # no reshuffle yet in the round in play
    for index, event in enumerate([*events, None]):
        over = without.before(index + 1).over
        if open_round and not over and data.draw(st.booleans()):
            shuffled.append(Reshuffle())
            open_round = False
        if event is not None:
            shuffled.append(event)
            open_round = open_round or isinstance(event, Round | Void)
    with_them = replay(RummyGame.start(rules, PLAYERS), shuffled)
    assert with_them.refusal is None
    assert replace(with_them.state, reshuffled=False) == without.state
    assert with_them.state.as_json() == without.state.as_json()
    kept = [step.result for step in with_them.steps if not isinstance(step.result, ReshuffleResult)]
    assert kept == [step.result for step in without.steps]
