"""What a rummy game's events leave (referee/rules/rummy_results.py): a player's standing as `replay` writes it."""

from __future__ import annotations

from referee.rules.game import Status
from referee.rules.rummy_results import Player, RoundResult


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
