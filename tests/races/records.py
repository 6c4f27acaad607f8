"""The games the race tests start from, as game and evening records (docs/formats.md) sent through `/import`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tests.events import rummy_round

TABLE = ("Ann", "Bob", "Cat", "Dan")
NEVER_OUT: dict[str, Any] = {"elimination_threshold": None}  # kaluki where nobody is ever eliminated


def game(
    *events: dict[str, Any], players: Sequence[str] = TABLE, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    """A kaluki game record of `players` (clockwise, the first deals) and `events`."""
    return {
        "format": "referee.game/1",
        "preset": "kaluki",
        "options": options or {},
        "players": list(players),
        "events": list(events),
    }


def evening(*games: dict[str, Any]) -> dict[str, Any]:
    """An evening record of `games`, a chip worth 0.20 EUR."""
    return {"format": "referee.evening/1", "chip_value": "0.20", "currency": "EUR", "games": list(games)}


def buyback(player: str) -> dict[str, Any]:
    """A buy-back event."""
    return {"type": "buyback", "player": player}


def long_game(rounds: int) -> dict[str, Any]:
    """A four-player kaluki game of `rounds` rounds where nobody is eliminated: small hands, the winner in turn."""
    events = []
    for number in range(rounds):
        winner = TABLE[number % len(TABLE)]
        losers = [name for name in TABLE if name != winner]
        events.append(rummy_round(winner, {name: 1 + (number + seat) % 9 for seat, name in enumerate(losers)}))
    return game(*events, options=NEVER_OUT)
