"""The family registry of the web: for each game family, its entry screen, its sheet layout and its partials.

The engine's own registry (`referee.rules.families`) says how a family's game is played; this one says how it is
shown and entered on a phone, keyed by the same `Family`. A view or a template never tests which family a game
belongs to: it asks here. The two cover the same families: `missing_parts` says what a family lacks, and the app
refuses to start while one lacks anything (`check_families`), never a 500 on its first page.

A family's parts are typed against its engine's game, events and rules (`web_family`: mypy checks the rummy screen
against `RummyGame` and `RummyEvent`), and the views, which hold a game of any family, reach them through
`ScreenOf` and `LayoutOf`, which check once that the game is the family's.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType

from referee.rules.families import FAMILIES as ENGINE_FAMILIES
from referee.web.forms import presets_of
from referee.web.games.family import WebFamily, Worked, WorkedOf, no_words, web_family
from referee.web.games.lines import AnyLayout
from referee.web.games.screens import AnyScreen, Starter

__all__ = [
    "BUILT_IN", "FAMILIES", "WebFamily", "Worked", "WorkedOf", "no_words", "register", "unregister", "web_family"
]  # fmt: skip

# The app's own families on the phone, in the order the evening page offers them: each a package's module and its
# `WebFamily` (the engine's are `referee.rules.families.BUILT_IN`).
BUILT_IN = (
    "referee.web.games.rummy.family:RUMMY_WEB",
    "referee.web.games.kaiser.family:KAISER_WEB",
    "referee.web.games.other.family:OTHER_WEB",
)

_REGISTERED: dict[str, WebFamily] = {}
FAMILIES: Mapping[str, WebFamily] = MappingProxyType(_REGISTERED)  # each family's web part, by the engine's name


def register(web: WebFamily) -> WebFamily:
    """Add the web part `web` of the engine's family it names; ValueError when that family has one already. The app
    checks, as it is made, that every family of the engine has its whole part (`check_families`)."""
    if web.name in _REGISTERED:
        raise ValueError(f"the family {web.name} has a web part already")
    _REGISTERED[web.name] = web
    return web


def unregister(name: str) -> None:
    """Take the web part of the family called `name` out (a test's toy, once its test is over)."""
    del _REGISTERED[name]


def _built_in(entry: str) -> WebFamily:
    """The web part `module:name` names."""
    module, _, name = entry.partition(":")
    web = getattr(importlib.import_module(module), name)
    if not isinstance(web, WebFamily):
        raise TypeError(f"{entry} is not a WebFamily")
    return web


def desk_presets() -> list[str]:
    """The presets the referee desk answers under: those of the families with melds."""
    return [preset for family, web in FAMILIES.items() if web.desk for preset in presets_of(family)]


PARTIALS = ("_entry.html", "_actions.html", "_start.html", "_outcome.html")  # each family's partials, in its folder


def missing_parts(engine: Iterable[str], web: Mapping[str, WebFamily], templates: Path) -> list[str]:
    """What the web lacks for the engine's families `engine` (a family without its web part, a partial not in its
    folder: `templates` unless it has its own), in words; [] when nothing. Whether each part draws what the web asks of
    it is drawn as the app is made (`family_check`)."""
    missing = []
    for family in engine:
        part = web.get(family)
        if part is None:
            missing.append(f"the family {family!s} has no web part (referee/web/games/families.py, BUILT_IN)")
            continue
        missing += [
            f"{family!s}: {part.templates}/{partial} is missing"
            for partial in PARTIALS
            if not ((part.folder or templates) / part.templates / partial).is_file()
        ]
    missing += [f"the web part of {family!s} has no family in the engine" for family in web if family not in engine]
    return missing


def check_families(templates: Path) -> None:
    """Refuse to start (RuntimeError, saying what is missing) unless every family of the engine has its web part."""
    missing = missing_parts(ENGINE_FAMILIES, FAMILIES, templates)
    if missing:
        raise RuntimeError("referee cannot start: " + "; ".join(missing))


def template_folders() -> tuple[Path, ...]:
    """The folders of the families shipped apart from the app's templates, for the app's template loader."""
    return tuple(dict.fromkeys(web.folder for web in FAMILIES.values() if web.folder is not None))


def web_family_of(family: str) -> WebFamily:
    """The web's side of `family`."""
    return FAMILIES[family]


def screen_of(family: str) -> AnyScreen:
    """How `family`'s entries are made on the phone."""
    return FAMILIES[family].screen


def layout_of(family: str) -> AnyLayout:
    """How `family`'s sheet is laid out."""
    return FAMILIES[family].layout


def starters() -> tuple[Starter, ...]:
    """How each family's game is started from an evening, in the order the evening's page offers them."""
    return tuple(family.start for family in FAMILIES.values())


def starter(name: str) -> Starter | None:
    """The start of the family named `name` in a start form (its `family` field); None for no such family."""
    return next((start for start in starters() if start.family == name), None)


for _entry in BUILT_IN:  # the app's families, registered as this module is imported, whoever imports it first
    register(_built_in(_entry))
