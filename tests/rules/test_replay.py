"""One replay for every family (referee/rules/game.py): steps, the first refusal, what waits, and corrections."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.game import Replayed, Unreadable, counted, replay
from referee.rules.game_record import read_game
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import Buyback, Reshuffle, Round, RummyEvent, Void
from referee.rules.rummy_results import RoundResult, RummyResult

RECORD = read_game({"preset": "kaluki", "players": ["Ana", "Ben"], "events": []})


def started() -> RummyGame:
    """The kaluki game before its first event."""
    game = RECORD.start()
    assert isinstance(game, RummyGame)
    return game


START = started()


def event(data: dict[str, Any]) -> RummyEvent:
    """A kaluki event read from its JSON."""
    read = RECORD.parse_event(data, 1)
    assert isinstance(read, Round | Void | Buyback | Reshuffle)
    return read


ANA = event({"type": "round", "winner": "Ana", "hands": {"Ben": 20}})
BEN = event({"type": "round", "winner": "Ben", "hands": {"Ana": 30}})
ANA_AGAIN = event({"type": "round", "winner": "Ana", "hands": {"Ben": 5}})
ILLEGAL = event({"type": "buyback", "player": "Ben"})  # Ben is still in: nobody buys back yet
UNREADABLE = Unreadable({"type": "zzz"}, UnreadableEvent(2, "unknown event type 'zzz'"))


def played(*entries: RummyEvent | Unreadable) -> Replayed[RummyGame, RummyEvent, RummyResult]:
    """The entries replayed from the start."""
    return replay(START, entries)


def scores(replayed: Replayed[Any, Any, Any]) -> dict[str, int]:
    """Each player's total after the events applied."""
    return {player.name: player.score for player in replayed.state.players}


def test_a_replay_of_no_events_is_the_start() -> None:
    """Nothing applied, nothing refused, nothing waiting."""
    replayed = played()
    assert replayed.state is START and replayed.standing() is START
    assert replayed.steps == () and replayed.events == ()
    assert replayed.refusal is None and replayed.waiting == ()


def test_each_step_has_its_position_event_and_state() -> None:
    """Positions count from 1, and each step's state is the game after its event."""
    replayed = played(ANA, BEN, ANA_AGAIN)
    assert [step.position for step in replayed.steps] == [1, 2, 3]
    assert replayed.events == (ANA, BEN, ANA_AGAIN)
    assert replayed.state is replayed.steps[-1].state
    assert scores(replayed) == {"Ana": 30, "Ben": 25}
    assert replayed.before(1) is START
    assert replayed.before(2) is replayed.steps[0].state
    assert replayed.before(3) is replayed.steps[1].state
    first = replayed.steps[0].result
    assert isinstance(first, RoundResult) and first.points == {"Ana": 0, "Ben": 20}


def test_an_illegal_event_stops_the_replay_and_waits_with_the_rest() -> None:
    """The refusal names the event's position; it and every event after it wait, as given."""
    replayed = played(ANA, ILLEGAL, BEN)
    assert replayed.events == (ANA,)
    assert replayed.start is START and replayed.before(1) is START
    assert isinstance(replayed.refusal, EventError) and replayed.refusal.position == 2
    assert replayed.waiting == (ILLEGAL, BEN)
    with pytest.raises(EventError, match="event 2: Ben is still in the game"):
        replayed.standing()


def test_an_unreadable_entry_stops_the_replay_with_its_own_error() -> None:
    """A stored entry that no longer reads is the refusal, and waits with the entries after it."""
    replayed = played(ANA, UNREADABLE, BEN)
    assert replayed.events == (ANA,)
    assert replayed.start is START and replayed.before(1) is START
    assert replayed.refusal is UNREADABLE.error
    assert replayed.waiting == (UNREADABLE, BEN)
    assert UNREADABLE.as_json() == {"type": "zzz"} and UNREADABLE.kind is None


def test_a_refused_replay_extended_only_adds_to_what_waits() -> None:
    """After a refusal nothing more is applied, even an event that could come next."""
    refused = played(ILLEGAL)
    more = refused.extended([ANA, BEN])
    assert more.steps == () and more.refusal is refused.refusal
    assert more.waiting == (ILLEGAL, ANA, BEN)


def test_then_applies_one_event_at_the_next_position() -> None:
    """`then` adds one step; a refused replay, an unreadable entry or an illegal event raise instead."""
    replayed = played(ANA).then(BEN)
    assert [step.position for step in replayed.steps] == [1, 2]
    last = replayed.steps[-1]
    assert isinstance(last.result, RoundResult) and last.result.points == {"Ana": 30, "Ben": 0}
    assert last.event is BEN and scores(replayed) == {"Ana": 30, "Ben": 20}
    assert replayed.events == (ANA, BEN) and replayed.refusal is None
    with pytest.raises(EventError, match="event 2: Ben is still in the game"):
        played(ANA).then(ILLEGAL)
    with pytest.raises(UnreadableEvent) as caught:
        played(ANA).then(UNREADABLE)
    assert caught.value is UNREADABLE.error
    refused = played(ILLEGAL)
    with pytest.raises(EventError) as again:
        refused.then(ANA)
    assert again.value is refused.refusal


def test_a_correction_keeps_the_steps_before_it_and_replays_the_rest() -> None:
    """The event at `position` is replaced; the steps before it are the same objects."""
    replayed = played(ANA, BEN, ANA_AGAIN)
    corrected = replayed.corrected(2, ANA)
    assert corrected.events == (ANA, ANA, ANA_AGAIN)
    assert corrected.steps[0] is replayed.steps[0]
    assert [step.position for step in corrected.steps] == [1, 2, 3]
    assert scores(corrected) == {"Ana": 0, "Ben": 45}


def test_a_correction_of_none_deletes_the_event() -> None:
    """Deleting the first event replays the others from position 1."""
    corrected = played(ANA, BEN, ANA_AGAIN).corrected(1, None)
    assert corrected.events == (BEN, ANA_AGAIN)
    assert [step.position for step in corrected.steps] == [1, 2]
    last = played(ANA, BEN, ANA_AGAIN).corrected(3, None)
    assert last.events == (ANA, BEN)


def test_a_correction_reaches_the_events_that_wait() -> None:
    """Correcting the refused event applies it and the events that waited after it."""
    refused = played(ANA, ILLEGAL, ANA_AGAIN)
    fixed = refused.corrected(2, BEN)
    assert fixed.refusal is None and fixed.waiting == ()
    assert fixed.events == (ANA, BEN, ANA_AGAIN)


@pytest.mark.parametrize("position", [0, 4, -1])
def test_a_correction_of_an_event_that_is_not_there_is_refused(position: int) -> None:
    """Positions run from 1 to the last event, applied or waiting."""
    with pytest.raises(IndexError, match=f"^there is no event {position}$"):
        played(ANA, ILLEGAL, BEN).corrected(position, ANA)


def test_counted_says_the_plural_unless_one() -> None:
    """`referee replay` counts rounds and hands in English."""
    assert counted(1, "round") == "1 round"
    assert counted(0, "hand") == "0 hands"
    assert counted(2, "hand") == "2 hands"


def test_a_replay_grown_one_event_at_a_time_keeps_its_start() -> None:
    """A game scored round by round (`then`) can still have its first round corrected: the start is kept."""
    grown = Replayed[RummyGame, RummyEvent, RummyResult](START).then(ANA).then(BEN)
    assert grown.start == START and grown.before(1) == START
    fixed = grown.corrected(1, ANA_AGAIN)
    assert fixed.events == (ANA_AGAIN, BEN) and fixed.state.score_of("Ben") == 5
