"""What can go wrong with a game's entries (referee/rules/events.py): the position and the reason, said together."""

from __future__ import annotations

import pytest

from referee.rules.events import EntryError, EventError, UnreadableEvent


@pytest.mark.parametrize("kind", [EntryError, EventError, UnreadableEvent])
def test_an_entry_error_names_its_position_and_reason(kind: type[EntryError]) -> None:
    """The message is `event N: reason`, and both parts stay readable on their own."""
    error = kind(3, "Ben is still in the game")
    assert str(error) == "event 3: Ben is still in the game"
    assert error.position == 3 and error.reason == "Ben is still in the game"
    assert isinstance(error, ValueError)
