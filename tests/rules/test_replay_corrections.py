"""A correction of a game's log past an entry the game refuses keeps that entry and every other one: only the
corrected entry changes (`Replayed.corrected`)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from referee.rules.events import EventError
from referee.rules.game import Replayed, replay


@dataclass(frozen=True)
class Tally:
    """A toy game: a running total that may never go below zero."""

    total: int = 0

    def apply(self, event: int, position: int) -> tuple[Tally, int]:
        """The total after `event`; a move below zero is refused."""
        if self.total + event < 0:
            raise EventError(position, "below zero")
        return Tally(self.total + event), event


def _log(game: Replayed[Tally, int, int]) -> tuple[object, ...]:
    """Every entry of the replay, applied or waiting, in order."""
    return (*game.events, *game.waiting)


def _seen(game: Replayed[Tally, int, int]) -> tuple[object, ...]:
    """What a replay shows: its entries, how far they applied, its total, and where and why it stopped."""
    refusal = None if game.refusal is None else (game.refusal.position, game.refusal.reason)
    return _log(game), len(game.steps), game.state, refusal


def test_correcting_an_entry_after_a_refused_one_keeps_the_refused_one_and_those_between() -> None:
    """Entries 2 (refused), 3 and 4 are kept when 5 is corrected; the refusal still stops the game at 2."""
    game = replay(Tally(), [1, -5, 2, 3, 4])
    assert game.refusal is not None and game.refusal.position == 2
    fixed = game.corrected(5, 40)
    assert _log(fixed) == (1, -5, 2, 3, 40)
    assert fixed.refusal is not None and fixed.refusal.position == 2
    assert _seen(fixed) == _seen(replay(Tally(), [1, -5, 2, 3, 40]))


def test_deleting_an_entry_after_a_refused_one_removes_that_entry_alone() -> None:
    """A deletion (None) past the refusal removes the entry asked, nothing else."""
    game = replay(Tally(), [1, -5, 2, 3])
    assert _log(game.corrected(3, None)) == (1, -5, 3)


def test_correcting_the_refused_entry_itself_lets_the_rest_apply() -> None:
    """Once the refused entry is corrected, the entries after it are applied again."""
    fixed = replay(Tally(), [1, -5, 2, 3]).corrected(2, 5)
    assert fixed.refusal is None and fixed.state == Tally(11)


@pytest.mark.parametrize("position", [1, 2, 3, 4, 5])
def test_every_correction_equals_the_replay_of_the_corrected_log(position: int) -> None:
    """Whatever the position, correcting is replaying the log with that one entry changed."""
    log = [2, -5, 1, 3, -9]
    fixed = [*log[: position - 1], 7, *log[position:]]
    assert _seen(replay(Tally(), log).corrected(position, 7)) == _seen(replay(Tally(), fixed))
