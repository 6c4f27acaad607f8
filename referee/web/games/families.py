"""The family registry of the web: for each game family, its entry screen, its sheet layout and its partials.

The engine's own registry (`referee.rules.families`) says how a family's game is played; this one says how it is
shown and entered on a phone, keyed by the same `Family`. A view or a template never tests which family a game
belongs to: it asks here. The two cover the same families: `missing_parts` says what a family lacks, and the app
refuses to start while one lacks anything (`check_families`), never a 500 on its first page.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.rules.families import FAMILIES as ENGINE_FAMILIES
from referee.rules.table import Family
from referee.web.forms import presets_of
from referee.web.games.entry_words import EntryWords
from referee.web.games.kaiser.layout import KaiserLayout
from referee.web.games.kaiser.screen import KaiserScreen
from referee.web.games.kaiser.start import KaiserStart
from referee.web.games.kaiser.taps import TAPS as KAISER_TAPS
from referee.web.games.kaiser.words import WORDS as KAISER_WORDS
from referee.web.games.kaiser.worked import worked_examples as kaiser_worked
from referee.web.games.lines import Layout
from referee.web.games.rummy.layout import RummyLayout
from referee.web.games.rummy.screen import RummyScreen
from referee.web.games.rummy.start import RummyStart
from referee.web.games.rummy.taps import TAPS as RUMMY_TAPS
from referee.web.games.rummy.words import WORDS as RUMMY_WORDS
from referee.web.games.rummy.worked import worked_examples as rummy_worked
from referee.web.games.screens import Screen, Starter, Tap


@dataclass(frozen=True)
class WebFamily:
    """One family on the phone: how its entries are made, how its sheet is laid out, where its partials are."""

    screen: Screen
    layout: Layout
    start: Starter
    templates: str  # the folder of its partials (`PARTIALS`)
    desk: bool  # whether the referee desk answers questions about its melds
    worked: Callable[[Any, bool], list[tuple[str, str, str, str | None]]]  # the rules page's worked examples
    words: EntryWords  # how its change log names its entries and the values a correction changes
    taps: tuple[Tap, ...] = ()  # the sheet's one-tap entries (a void round, a buy-back, a passed deal)


FAMILIES: dict[Family, WebFamily] = {
    Family.RUMMY: WebFamily(
        RummyScreen(),
        RummyLayout(),
        RummyStart(),
        "games/rummy",
        desk=True,
        worked=rummy_worked,
        words=RUMMY_WORDS,
        taps=RUMMY_TAPS,
    ),
    Family.KAISER: WebFamily(
        KaiserScreen(),
        KaiserLayout(),
        KaiserStart(),
        "games/kaiser",
        desk=False,
        worked=kaiser_worked,
        words=KAISER_WORDS,
        taps=KAISER_TAPS,
    ),
}

# The presets the referee desk answers under: those of the families with melds.
DESK_PRESETS = [preset for family, web in FAMILIES.items() if web.desk for preset in presets_of(family)]


# What each web part provides: the protocols' methods, checked on the objects registered (Protocols check no object).
NEEDED = {
    "screen": ("entry_form", "entry", "edit_form", "edited", "context", "resent", "waiting"),
    "layout": ("unit", "noted", "coloured", "marks", "columns", "line", "footers", "verdict", "status", "chips", "pot"),
    "start": ("family", "template", "form", "new_game", "some_of"),
}
PARTIALS = ("_entry.html", "_actions.html", "_start.html", "_outcome.html")  # each family's partials, in its folder


def missing_parts(engine: Iterable[Family], web: Mapping[Family, WebFamily], templates: Path) -> list[str]:
    """What the web lacks for the engine's families `engine` (a family without its web part, a part without a method,
    a partial not in `templates`), in words; [] when nothing."""
    missing = []
    for family in engine:
        part = web.get(family)
        if part is None:
            missing.append(f"the family {family!s} has no web part in referee/web/games/families.py")
            continue
        for name, methods in NEEDED.items():
            missing += [f"{family!s}: its {name} has no {m}" for m in methods if not hasattr(getattr(part, name), m)]
        missing += [
            f"{family!s}: {part.templates}/{partial} is missing"
            for partial in PARTIALS
            if not (templates / part.templates / partial).is_file()
        ]
    missing += [f"the web part of {family!s} has no family in the engine" for family in web if family not in engine]
    return missing


def check_families(templates: Path) -> None:
    """Refuse to start (RuntimeError, saying what is missing) unless every family of the engine has its web part."""
    missing = missing_parts(ENGINE_FAMILIES, FAMILIES, templates)
    if missing:
        raise RuntimeError("referee cannot start: " + "; ".join(missing))


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
