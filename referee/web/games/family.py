"""What a game family is on the phone: one `WebFamily`, declared by the family's own package (`rummy/family.py`,
`kaiser/family.py`) and registered in `referee.web.games.families`.

A family's package imports this module, never the registry, so the registry reads its families from one list without
an import cycle, whichever module was imported first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic

from referee.rules.game import Rules
from referee.rules.options import Value
from referee.web.games.display import DisplayPart
from referee.web.games.entry_words import EntryWords
from referee.web.games.lines import AnyLayout, Layout, LayoutOf
from referee.web.games.own_hands import OwnHand
from referee.web.games.screens import AnyScreen, Screen, ScreenOf, Starter, Tap
from referee.web.games.typed import EventT, GameT, NotOfFamily, ResultT, RulesT

Worked = list[tuple[str, str, str, str | None]]  # the rules page's worked examples: subject, question, answers


def no_words(rules: Rules, name: str, value: Value) -> str | None:
    """No words of the family's own for a setting: the rules page says it as the options table does."""
    return None


@dataclass(frozen=True)
class WebFamily:
    """One family on the phone: how its entries are made, how its sheet is laid out, where its partials are.

    Made by `web_family`, which types the family's parts against its engine's game, events and rules.
    """

    name: str  # the engine's family it shows (`GameFamily.name`)
    example: Mapping[str, Any]  # a game record with a correctable entry, drawn as the app is made (`family_check`)
    screen: AnyScreen  # its `Screen`, given only books of its game (`ScreenOf`)
    layout: AnyLayout  # its `Layout`, given only its games and rules (`LayoutOf`)
    start: Starter
    templates: str  # the folder of its partials (`PARTIALS`)
    desk: bool  # whether the referee desk answers questions about its melds
    worked: Callable[[Rules, bool], Worked]  # the rules page's worked examples, for its rules only (`WorkedOf`)
    words: EntryWords  # how its change log names its entries and the values a correction changes
    taps: tuple[Tap, ...] = ()  # the sheet's one-tap entries (a void round, a buy-back, a passed deal)
    folder: Path | None = None  # the folder `templates` is under, when not the app's own (a family shipped apart)
    own: OwnHand | None = None  # how a player sends their own hand from their own phone; None: the scorer counts
    setting: Callable[[Rules, str, Value], str | None] = no_words  # a setting in its own words on the rules page
    display: DisplayPart | None = None  # its part of the table's screen (#44); None: its sheet's columns alone


@dataclass(frozen=True)
class WorkedOf(Generic[RulesT]):
    """One family's worked examples, for rules of any family: checked to be the family's rules (`rules`) once, here."""

    rules: type[RulesT]
    worked: Callable[[RulesT, bool], Worked]

    def __call__(self, rules: Rules, changed: bool) -> Worked:
        """The worked examples of the family's `rules` (with the house's answers when `changed`)."""
        if not isinstance(rules, self.rules):
            raise NotOfFamily(f"not {self.rules.__name__}: {type(rules).__name__}")
        return self.worked(rules, changed)


def web_family(
    name: str,
    example: Mapping[str, Any],
    game: type[GameT],
    rules: type[RulesT],
    screen: Screen[GameT, EventT, ResultT],
    layout: Layout[GameT, EventT, ResultT, RulesT],
    start: Starter,
    templates: str,
    *,
    desk: bool,
    worked: Callable[[RulesT, bool], Worked],
    words: EntryWords,
    taps: tuple[Tap, ...] = (),
    folder: Path | None = None,
    own: OwnHand | None = None,
    setting: Callable[[Rules, str, Value], str | None] = no_words,
    display: DisplayPart | None = None,
) -> WebFamily:
    """A family's web part, its screen, layout and worked examples typed against its engine's game (`game`), events
    and rules (`rules`): mypy checks each part against them, and a book or rules given them is checked once, here."""
    return WebFamily(
        name,
        example,
        ScreenOf(game, screen),
        LayoutOf(game, rules, layout),
        start,
        templates,
        desk,
        WorkedOf(rules, worked),
        words,
        taps,
        folder,
        own,
        setting,
        display,
    )
