"""The family registry of the web: for each game family, its entry screen, its sheet layout and its partials.

The engine's own registry (`referee.rules.families`) says how a family's game is played; this one says how it is
shown and entered on a phone. A view or a template never tests which family a game belongs to: it asks here.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.rules.table import Family
from referee.web.forms import presets_of
from referee.web.games.kaiser.layout import KaiserLayout
from referee.web.games.kaiser.screen import KaiserScreen
from referee.web.games.kaiser.start import KaiserStart
from referee.web.games.kaiser.worked import worked_examples as kaiser_worked
from referee.web.games.lines import Layout
from referee.web.games.rummy.layout import RummyLayout
from referee.web.games.rummy.screen import RummyScreen
from referee.web.games.rummy.start import RummyStart
from referee.web.games.rummy.worked import worked_examples as rummy_worked
from referee.web.games.screens import Screen, Starter


@dataclass(frozen=True)
class WebFamily:
    """One family on the phone: how its entries are made, how its sheet is laid out, where its partials are."""

    screen: Screen
    layout: Layout
    start: Starter
    templates: str  # the folder of its partials: _entry.html, _actions.html, _start.html
    desk: bool  # whether the referee desk answers questions about its melds
    worked: Callable[[Any, bool], list[tuple[str, str, str, str | None]]]  # the rules page's worked examples


FAMILIES: dict[Family, WebFamily] = {
    Family.RUMMY: WebFamily(RummyScreen(), RummyLayout(), RummyStart(), "games/rummy", desk=True, worked=rummy_worked),
    Family.KAISER: WebFamily(
        KaiserScreen(), KaiserLayout(), KaiserStart(), "games/kaiser", desk=False, worked=kaiser_worked
    ),
}

# The presets the referee desk answers under: those of the families with melds.
DESK_PRESETS = [preset for family, web in FAMILIES.items() if web.desk for preset in presets_of(family)]


def family_of(family: Family) -> WebFamily:
    """The web's side of `family`."""
    return FAMILIES[family]


def screen_of(family: Family) -> Screen:
    """How `family`'s entries are made on the phone."""
    return FAMILIES[family].screen


def layout_of(family: Family) -> Layout:
    """How `family`'s sheet is laid out."""
    return FAMILIES[family].layout


def starters() -> tuple[Starter, ...]:
    """How each family's game is started from an evening, in the order the evening's page offers them."""
    return tuple(family.start for family in FAMILIES.values())


def starter(name: str) -> Starter | None:
    """The start of the family named `name` in a start form (its `family` field); None for no such family."""
    return next((start for start in starters() if start.family == name), None)
