"""What can go wrong with a game's events: every refusal names the event's position and the reason."""

from __future__ import annotations

from referee.rules.words import say


class EventError(ValueError):
    """An event that cannot be applied to the game as it stands."""

    def __init__(self, position: int, reason: str) -> None:
        super().__init__(say("event {position}: {reason}", position=position, reason=reason))
        self.position, self.reason = position, reason
