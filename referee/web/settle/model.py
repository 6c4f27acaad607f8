"""What the settle-up page shows: the games in a line each, the balances, what is paid, and the payments left."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.services.payments import Made, Payment, SettleUp
from referee.web.games.sheets import GameSummary, summarise


@dataclass(frozen=True)
class SettlePage:
    """The settle-up as its page shows it."""

    games: tuple[GameSummary, ...]
    open_games: tuple[GameSummary, ...]  # games still being played with chips in their pot: they wait for it
    result: Mapping[str, int]  # the evening's result: each player's chips over the finished games
    balances: Mapping[str, int]  # what is left to settle, after the payments made
    payments: tuple[Payment, ...]  # the plan for what is left
    made: tuple[Made, ...]  # the payments marked as made

    @classmethod
    def of(cls, settled: SettleUp) -> SettlePage:
        """The page of a settle-up."""
        games = tuple(summarise(book) for book in settled.books)
        open_games = tuple(game for game in games if game.pot and not game.over)  # never a pot of nothing
        return cls(games, open_games, settled.result, settled.balances, settled.payments, settled.made)
