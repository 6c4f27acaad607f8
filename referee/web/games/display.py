"""What a family shows of its game on the table's screen (#44), and its standings in order (`Place`), which the
screen, the picture of a game and the play handed to BG Stats read.

A family gives its `DisplayPart` to its web part (`WebFamily.display`): its partial for the screen and what that
partial shows (`shown`: the last round said, the pot and the deal; Kaiser's teams, bid and race to the target), its
standings best first (`places`) and whether the highest total wins (`highest_wins`). A family without one (a family
added elsewhere) is shown all the same, from its sheet (`standings.places_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from referee.rules.words import shown
from referee.services.games import Book


@dataclass(frozen=True)
class Place:
    """A player's (or a Kaiser team's) place in a game's standings: its rank (from 1; a tie shares one), its name, its
    players (the one player, or a team's two), its total and whether it won the game."""

    rank: int
    name: str
    players: tuple[str, ...]
    total: int
    winner: bool = False

    @property
    def shown_total(self) -> str:
        """The total as the pages write it: "−6" with a true minus sign."""
        return shown(self.total)


class DisplayPart(Protocol):
    """What a family shows of its game on the table's screen, and how its standings are ordered."""

    template: str  # the family's part of the table's screen, a partial of its own (`games/<family>/_display.html`)

    def shown(self, book: Book) -> object:
        """What the family's partial shows of the game now (a frozen value of the family's own)."""

    def places(self, book: Book) -> tuple[Place, ...]:
        """The standings, best first: the winner, then by total as the game counts it."""

    def highest_wins(self, book: Book) -> bool:
        """Whether the highest total is the best (Rami's points, Kaiser's score), or the lowest (a penalty)."""


def ranked(ordered: list[tuple[str, tuple[str, ...], int, bool]]) -> tuple[Place, ...]:
    """Places from (name, players, total, winner), already best first: a total equal to the one above shares its rank,
    the winner's never.

    >>> [(p.rank, p.name) for p in ranked([("Ana", ("Ana",), 40, True), ("Ben", ("Ben",), 40, False),
    ...                                    ("Cy", ("Cy",), 40, False), ("Di", ("Di",), 55, False)])]
    [(1, 'Ana'), (2, 'Ben'), (2, 'Cy'), (4, 'Di')]
    """
    places: list[Place] = []
    for n, (name, players, total, winner) in enumerate(ordered):
        above = places[-1] if places else None
        tied = above is not None and not above.winner and above.total == total
        places.append(Place(above.rank if tied and above else n + 1, name, players, total, winner))
    return tuple(places)
