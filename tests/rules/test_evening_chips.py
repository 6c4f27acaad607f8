"""An evening's chips, game by game (docs/rules.md §5, The evening's settle-up): a Kaiser game is played for points,
a game whose pot is still on the table cannot be settled, and a game that does not replay is named by its number."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.evening_record import game_chips
from referee.rules.game_record import read_game
from referee.rules.record_data import RecordError
from tests.events import rummy_round

KAISER = {"format": "referee.game/1", "preset": "kaiser", "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
          "events": []}  # fmt: skip


def kaluki(*rounds: dict[str, Any]) -> dict[str, Any]:
    return {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": list(rounds)}


FINISHED = kaluki(
    rummy_round("Ana", {"Ben": 100}), rummy_round("Ana", {"Ben": 100})
)  # Ben passes 150 (kaluki): Ana takes the pot


def test_a_kaiser_game_has_no_chips_and_the_games_after_it_still_count() -> None:
    assert game_chips([read_game(KAISER), read_game(FINISHED)]) == [{"Ana": 5, "Ben": -5}]


def test_a_game_whose_pot_has_no_winner_is_refused() -> None:
    with pytest.raises(RecordError, match=r"^game 2 is not over: its pot of 6 chips has no winner yet$"):
        game_chips([read_game(FINISHED), read_game(kaluki(rummy_round("Ana", {"Ben": 40})))])


def test_a_game_that_does_not_replay_is_named_by_its_number() -> None:
    bad = kaluki(rummy_round("Ana", {"Ben": 40}), {"type": "buyback", "player": "Ana"})
    with pytest.raises(RecordError, match=r"^game 2: event 2: Ana is still in the game: only an eliminated player"):
        game_chips([read_game(FINISHED), read_game(bad)])
