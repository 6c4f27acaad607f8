"""The game record of docs/formats.md (referee/rules/game_record.py): what is refused, kept and written back."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import EventError
from referee.rules.game import AnyGame
from referee.rules.game_record import GAME_FORMAT, read_game
from referee.rules.record_data import RecordError
from referee.rules.rummy import RummyGame
from referee.rules.table import RummyRules

TEAMS = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}


def scores(game: AnyGame) -> list[int]:
    """Each rummy player's total, in seat order."""
    assert isinstance(game, RummyGame)
    return [player.score for player in game.players]


def refused(data: Any) -> str:
    """Why the record is refused."""
    with pytest.raises(RecordError) as caught:
        read_game(data)
    return str(caught.value)


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ([], "a game record is a JSON object"),
        ({"format": "referee.evening/2"}, "format 'referee.evening/2' is not a game record (referee.game/1)"),
        ({"format": None}, "format None is not a game record (referee.game/1)"),
        ({"preset": 3}, '"preset" is a preset\'s name, like "kaluki"'),
        ({"options": ["target"]}, '"options" is an object of option names and values'),
        ({"options": {"zz": 1}}, "unknown option 'zz'"),
        ({"preset": "whist"}, "unknown preset 'whist'"),
        ({"events": {"type": "void"}}, '"events" is a list of events'),
        (
            {"players": ["A", "B"], "events": [{"type": "void"}, {"type": 7}]},
            "event 2: an event's type is a word, not 7",
        ),
        ({"players": ["A", "B"], "events": [5]}, 'event 1: an event is an object with a type, like {"type": "void"}'),
        (
            {"players": ["A", "B"], "events": [{"type": "void"}, {"type": None}]},
            "event 2: unknown event type None: a rummy game has round, void, buyback and reshuffle events",
        ),
        (
            {"players": ["A", "B"], "events": [{"type": "void"}], "first_dealer": "Z"},
            "first_dealer 'Z' is not one of the players",
        ),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(data: Any, reason: str) -> None:
    """Each part of the record is checked, and the first wrong one is named."""
    assert refused(data).startswith(reason)


def test_a_record_with_only_players_takes_the_defaults() -> None:
    """No format, preset, options or events: a Kaluki game of no events, written back in full."""
    record = read_game({"players": ["A", "B"]})
    assert (record.preset, dict(record.options), record.players, record.events) == ("kaluki", {}, ("A", "B"), ())
    assert record.first_dealer is None and record.sides is None
    assert record.as_json() == {
        "format": GAME_FORMAT,
        "preset": "kaluki",
        "options": {},
        "players": ["A", "B"],
        "events": [],
    }


def test_a_record_keeps_only_the_house_rules_and_its_first_dealer() -> None:
    """An option at the preset's default is not a house rule; the first dealer is written back when given."""
    record = read_game(
        {
            "format": GAME_FORMAT,
            "preset": "kaluki",
            "players": ["A", "B"],
            "options": {"elimination_threshold": 200, "ace_wraps": True},
            "events": [{"type": "void"}],
            "first_dealer": "B",
        }
    )
    assert dict(record.options) == {"elimination_threshold": 200}
    assert isinstance(record.rules, RummyRules) and record.rules.elimination_threshold == 200
    assert record.dealt_first() == "B"
    assert record.as_json() == {
        "format": GAME_FORMAT,
        "preset": "kaluki",
        "options": {"elimination_threshold": 200},
        "players": ["A", "B"],
        "first_dealer": "B",
        "events": [{"type": "void"}],
    }


def test_a_rummy_record_without_a_first_dealer_was_dealt_first_by_the_first_seat() -> None:
    """Rummy events name no dealer: the first seat dealt first."""
    assert read_game({"players": ["Cy", "Ana"], "events": [{"type": "void"}]}).dealt_first() == "Cy"


def test_a_kaiser_record_was_dealt_first_by_the_first_dealer_its_events_name() -> None:
    """Kaiser events name their dealer: the first of them, else the first seat."""
    events = [{"type": "passed", "dealer": "Ben"}, {"type": "passed", "dealer": "Céline"}]
    assert read_game({"preset": "kaiser", "teams": TEAMS, "events": events}).dealt_first() == "Ben"
    assert read_game({"preset": "kaiser", "teams": TEAMS, "events": []}).dealt_first() == "Ana"


def test_a_record_replays_and_stands_as_its_events_say() -> None:
    """The start, the replay and the standings of a record, and the refusal of an illegal event."""
    record = read_game({"players": ["A", "B"], "events": [{"type": "round", "winner": "A", "hands": {"B": 20}}]})
    assert scores(record.start()) == [0, 0]
    assert record.replay().refusal is None and len(record.replay().steps) == 1
    assert scores(record.standings()) == [0, 20]
    illegal = read_game({"players": ["A", "B"], "events": [{"type": "buyback", "player": "B"}]})
    with pytest.raises(EventError, match=r"^event 1: B is still in the game"):
        illegal.standings()
    assert illegal.parse_event({"type": "void"}, 2).kind == "void"
