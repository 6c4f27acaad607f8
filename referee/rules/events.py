"""What can go wrong with a game's entries: one that is not an event of the game, or an event that cannot happen now.

Both name the entry's position (from 1) and the reason; a caller that handles both catches `EntryError`.
"""

from __future__ import annotations

from referee.rules.words import say


class EntryError(ValueError):
    """An entry of a game's log that the game cannot take: unreadable (`UnreadableEvent`) or illegal (`EventError`)."""

    def __init__(self, position: int, reason: str) -> None:
        super().__init__(say("event {position}: {reason}", position=position, reason=reason))
        self.position, self.reason = position, reason


class EventError(EntryError):
    """An event that cannot be applied to the game as it stands."""


class UnreadableEvent(EntryError):
    """An entry that is not an event of its game: not an object, a type the family lacks, a key missing or wrong."""
