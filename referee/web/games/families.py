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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Generic

from referee.rules.families import FAMILIES as ENGINE_FAMILIES
from referee.rules.kaiser import KaiserGame
from referee.rules.options import Value
from referee.rules.rummy import RummyGame
from referee.rules.table import Family, KaiserRules, Rules, RummyRules
from referee.web.forms import presets_of
from referee.web.games.entry_words import EntryWords
from referee.web.games.kaiser.layout import KaiserLayout
from referee.web.games.kaiser.own_hand import KaiserOwnHand
from referee.web.games.kaiser.screen import KaiserScreen
from referee.web.games.kaiser.start import KaiserStart
from referee.web.games.kaiser.taps import TAPS as KAISER_TAPS
from referee.web.games.kaiser.words import WORDS as KAISER_WORDS
from referee.web.games.kaiser.worked import worked_examples as kaiser_worked
from referee.web.games.lines import AnyLayout, Layout, LayoutOf
from referee.web.games.own_hands import OwnHand
from referee.web.games.rummy.layout import RummyLayout
from referee.web.games.rummy.own_hand import RummyOwnHand
from referee.web.games.rummy.screen import RummyScreen
from referee.web.games.rummy.settings import rummy_setting
from referee.web.games.rummy.start import RummyStart
from referee.web.games.rummy.taps import TAPS as RUMMY_TAPS
from referee.web.games.rummy.words import WORDS as RUMMY_WORDS
from referee.web.games.rummy.worked import worked_examples as rummy_worked
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
) -> WebFamily:
    """A family's web part, its screen, layout and worked examples typed against its engine's game (`game`), events
    and rules (`rules`): mypy checks each part against them, and a book or rules given them is checked once, here."""
    return WebFamily(
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
    )


_REGISTERED: dict[str, WebFamily] = {}
FAMILIES: Mapping[str, WebFamily] = MappingProxyType(_REGISTERED)  # each family's web part, by the engine's name


def register(family: str, web: WebFamily) -> WebFamily:
    """Add the web part `web` of the engine's family named `family`; ValueError when it has one already. The app
    checks at start that every family of the engine has its whole part (`check_families`)."""
    if family in _REGISTERED:
        raise ValueError(f"the family {family} has a web part already")
    _REGISTERED[family] = web
    return web


register(
    Family.RUMMY,
    web_family(
        RummyGame,
        RummyRules,
        RummyScreen(),
        RummyLayout(),
        RummyStart(),
        "games/rummy",
        desk=True,
        worked=rummy_worked,
        words=RUMMY_WORDS,
        taps=RUMMY_TAPS,
        own=RummyOwnHand(),
        setting=rummy_setting,
    ),
)
register(
    Family.KAISER,
    web_family(
        KaiserGame,
        KaiserRules,
        KaiserScreen(),
        KaiserLayout(),
        KaiserStart(),
        "games/kaiser",
        desk=False,
        worked=kaiser_worked,
        words=KAISER_WORDS,
        taps=KAISER_TAPS,
        own=KaiserOwnHand(),
    ),
)


def desk_presets() -> list[str]:
    """The presets the referee desk answers under: those of the families with melds."""
    return [preset for family, web in FAMILIES.items() if web.desk for preset in presets_of(family)]


# What each web part provides: the protocols' methods, checked on the family's own objects (Protocols check no object).
NEEDED = {
    "screen": ("entry_form", "event", "edit_form", "edited", "context", "resent", "waiting"),
    "layout": ("unit", "noted", "coloured", "marks", "columns", "line", "footers", "verdict", "status", "chips", "pot"),
    "start": ("family", "template", "form", "new_game", "some_of"),
}
PARTIALS = ("_entry.html", "_actions.html", "_start.html", "_outcome.html")  # each family's partials, in its folder


def missing_parts(engine: Iterable[str], web: Mapping[str, WebFamily], templates: Path) -> list[str]:
    """What the web lacks for the engine's families `engine` (a family without its web part, a part without a method,
    a partial not in its folder: `templates` unless it has its own), in words; [] when nothing."""
    missing = []
    for family in engine:
        part = web.get(family)
        if part is None:
            missing.append(f"the family {family!s} has no web part in referee/web/games/families.py")
            continue
        for name, methods in NEEDED.items():
            own = _own(getattr(part, name))
            missing += [f"{family!s}: its {name} has no {m}" for m in methods if not hasattr(own, m)]
        missing += [
            f"{family!s}: {part.templates}/{partial} is missing"
            for partial in PARTIALS
            if not ((part.folder or templates) / part.templates / partial).is_file()
        ]
    missing += [f"the web part of {family!s} has no family in the engine" for family in web if family not in engine]
    return missing


def _own(part: object) -> object:
    """The family's own object behind a part of its `WebFamily`: the screen or layout the registry checks books for."""
    if isinstance(part, ScreenOf):
        return part.screen
    if isinstance(part, LayoutOf):
        return part.layout
    return part


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
