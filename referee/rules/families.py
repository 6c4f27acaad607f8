"""Every game family in one place: the registry the records, the table and the command line ask.

A family is declared by its own module, as one `GameFamily` (`referee.rules.family`): its name, the presets' games it
plays, its rules from a preset, its seats, its start, how an entry is read as one of its events and what each type of
entry is (`kinds`), its options, its chips, its standings as `referee replay` prints them, and its tally over a
season. This registry reads the app's families from one list (`BUILT_IN`, by module and name, imported when this
module is), so that it never depends on which module was imported first, and a family's module never imports it back.
A family kept elsewhere (a test's toy) is added with `register`. Nothing else asks which family a game is: it asks its
family, `family_of(rules)`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType

from referee.rules.family import GameFamily, TallyOf
from referee.rules.game import Rules
from referee.rules.option_words import CHOICE_WORDS, preset_said
from referee.rules.options import TOPICS, Value, add_options, remove_options
from referee.rules.presets import DEFAULT_PRESET, Preset, add_presets, get_preset, remove_presets, resolve_options
from referee.rules.sources import quotes
from referee.rules.tallies import Figure

__all__ = ["BUILT_IN", "FAMILIES", "GameFamily", "TallyOf", "family_of", "family_playing", "register", "rules_for",
           "unregister"]  # fmt: skip

# The app's own families, in the order the evening page offers them: each a family's module and its `GameFamily`.
BUILT_IN = (
    "referee.rules.rummy_family:RUMMY",
    "referee.rules.kaiser_family:KAISER",
    "referee.rules.other_family:OTHER",
)

_REGISTERED: dict[str, GameFamily] = {}
FAMILIES: Mapping[str, GameFamily] = MappingProxyType(_REGISTERED)  # every family, by name, in registration order


def register(family: GameFamily) -> GameFamily:
    """Add `family` to the registry, with its options and its own presets; ValueError, and then nothing is added, for a
    name, a game, a count or a preset another family has, an option another family declares otherwise, or a part
    missing (an option of its presets it does not declare, an entry kind without a label). Records, `referee replay`
    and the season play it from then on."""
    problems = _problems(family)
    if problems:
        raise ValueError(f"the family {family.name!r} cannot be registered: " + "; ".join(problems))
    add_options(family.options)
    add_presets(family.presets)
    _REGISTERED[family.name] = family
    _rules_once.cache_clear()  # rules built before a family came may name its presets no more
    return family


def unregister(name: str) -> None:
    """Take the family called `name` out of the registry, with the presets and options it alone brought (a test's toy,
    once its test is over)."""
    family = _REGISTERED.pop(name)
    remove_presets(preset.name for preset in family.presets)
    kept = {option.name for other in _REGISTERED.values() for option in other.options}
    remove_options(option.name for option in family.options if option.name not in kept)
    _rules_once.cache_clear()


def _problems(family: GameFamily) -> list[str]:
    """What keeps `family` out of the registry, in words; [] when nothing."""
    others = [other for other in _REGISTERED.values() if other.name != family.name]
    problems = [f"a family is already called {family.name}"] if family.name in _REGISTERED else []
    shared = sorted(set(family.games) & {game for other in others for game in other.games})
    problems += [f"another family plays {game}" for game in shared]
    counts = sorted(set(family.figures.counted) & {name for other in others for name in other.figures.counted})
    # a season adds each count up over every game: two families' counts of one name would mix
    problems += [f"another family counts {name}" for name in counts]
    problems += [f"a preset of a game it does not play: {p.name}" for p in family.presets if p.game not in family.games]
    declared = {option.name for option in family.options}
    problems += [f"its option {o.name} has no label" for o in family.options if not o.label]
    problems += [f"its option {o.name} has no meaning" for o in family.options if not o.meaning]
    problems += [f"its option {o.name} has no source" for o in family.options if not o.source]
    problems += [f"its option {o.name} is folded under no topic ({', '.join(TOPICS)})" for o in family.options
                 if o.topic not in TOPICS]  # fmt: skip
    unsaid = [(o.name, value) for o in family.options if o.kind == "choice" for value in o.choices
              if value not in dict(o.said) and (o.name, value) not in CHOICE_WORDS]  # fmt: skip
    problems += [f"its option {name} says no words for {value}" for name, value in unsaid]
    for preset in family.presets:
        problems += [f"{preset.name} sets {name} with no reading of it and no rulebook quoting it" for name in
                     preset.defaults if name not in dict(preset.readings) and name not in quotes()]  # fmt: skip
        problems += [f"{preset.name} sets {name}, an option it does not declare" for name in preset.defaults
                     if name not in declared]  # fmt: skip
    kinds = [kind.type for kind in family.kinds]
    problems += [f"two entry kinds {kind}" for kind in sorted({k for k in kinds if kinds.count(k) > 1})]
    problems += [f"the entry kind {kind.type} has no label" for kind in family.kinds if not kind.label]
    if not family.kinds:
        problems.append("it declares no entry kind")
    return problems


def _built_in(entry: str) -> GameFamily:
    """The family `module:name` names."""
    module, _, name = entry.partition(":")
    family = getattr(importlib.import_module(module), name)
    if not isinstance(family, GameFamily):
        raise TypeError(f"{entry} is not a GameFamily")
    return family


def figures_shown(where: str) -> tuple[tuple[GameFamily, Figure], ...]:
    """Every family's figures shown `where` ("season" or "history"), in the registry's order, each with its family."""
    return tuple((family, figure) for family in FAMILIES.values() for figure in family.figures.figures
                 if getattr(figure, where))  # fmt: skip


def counted() -> tuple[str, ...]:
    """Every count a family's figures add up, each once, in the registry's order."""
    return tuple(dict.fromkeys(name for family in FAMILIES.values() for name in family.figures.counted))


def family_of(rules: Rules) -> GameFamily:
    """The family of a game played under `rules`.

    >>> from referee.rules.families import rules_for
    >>> family_of(rules_for("rami")).name == rules_for("rami").family, family_of(rules_for("kaiser")).chips is None
    (True, True)
    """
    return FAMILIES[rules.family]


def game_said(rules: Rules) -> str:
    """What the pages call a game played under `rules`: its own name where its family names it ("Belote"), else its
    preset's name in the language spoken now.

    >>> from referee.rules.families import rules_for
    >>> str(game_said(rules_for("kaluki-club"))), str(game_said(rules_for("other", {"game_name": "Belote"})))
    ('Kaluki, club rules', 'Belote')
    """
    named = family_of(rules).named
    return (named(rules) if named else "") or preset_said(rules.preset)


def family_playing(preset: str) -> GameFamily:
    """The family of the preset called `preset` (OptionError for an unknown preset)."""
    return _playing(get_preset(preset))


def _playing(preset: Preset) -> GameFamily:
    return next(family for family in FAMILIES.values() if preset.game in family.games)


def rules_for(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Value] = MappingProxyType({})) -> Rules:
    """The rules of `preset` with the house's `overrides` (names and values checked), as its family builds them.

    Rules are frozen values: the same preset and overrides give the same rules, built once (a game's page asks for
    them several times a request). Overrides that cannot be a key (a list where a number goes, from a bad import)
    are built each time, and refused as ever.
    """
    key = tuple(sorted(overrides.items()))
    try:
        hash(key)
    except TypeError:  # an unhashable value (a list from a bad import): not kept, and refused by its option
        return _rules(preset, overrides)
    return _rules_once(preset, key)


@lru_cache(maxsize=1024)
def _rules_once(preset: str, overrides: tuple[tuple[str, Value], ...]) -> Rules:
    return _rules(preset, dict(overrides))


def _rules(preset: str, overrides: Mapping[str, Value]) -> Rules:
    chosen = get_preset(preset)
    family = _playing(chosen)
    return family.rules(chosen, resolve_options(chosen, overrides, family.options))


for _entry in BUILT_IN:  # the app's families, registered as this module is imported, whoever imports it first
    register(_built_in(_entry))
