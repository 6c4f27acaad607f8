"""What the evening's page shows: its games in a line each, every player's chips so far, its links and rulings."""

from __future__ import annotations

from dataclasses import dataclass, fields

from flask import url_for

from referee.services.evenings import Evening, EveningPage, Group, Ruling
from referee.web.games.sheets import Balance, GameSummary, evening_balances, summarise


@dataclass(frozen=True)
class EveningView:
    """The evening's page, but for its start-a-game forms."""

    evening: Evening
    games: tuple[GameSummary, ...]
    balances: tuple[Balance, ...]  # each player's chips over the games so far
    viewer_url: str
    scorer_url: str
    rulings: tuple[Ruling, ...]
    group: Group | None  # the scorer's only: the viewer's link opens this evening and nothing else

    @classmethod
    def of(cls, page: EveningPage) -> EveningView:
        """The page's view of the evening's data."""
        evening = page.evening
        games = tuple(summarise(book) for book in page.books)
        return cls(
            evening,
            games,
            evening_balances(evening.players, games),
            url_for("evenings.show", key=evening.viewer_key, _external=True),
            url_for("evenings.show", key=evening.scorer_key, _external=True),
            page.rulings,
            page.group,
        )

    def context(self) -> dict[str, object]:
        """The template's names: one a field."""
        return {field.name: getattr(self, field.name) for field in fields(self)}
