"""The referee desk's records: the rulings an evening's scorer asked, and the rules an evening plays by."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.rules.evening_logs import LONGEST_LOG_TEXT
from referee.rules.families import rules_for
from referee.rules.game import Rules
from referee.rules.option_words import preset_said
from referee.rules.options import OPTIONS, OptionError, show_value
from referee.rules.presets import DEFAULT_PRESET, PRESETS
from referee.rules.rummy_family import rummy_rules
from referee.rules.settings_said import value_said
from referee.rules.table import RummyRules
from referee.rules.words import say
from referee.services.database import unit_of_work
from referee.storage.evenings import Evening
from referee.storage.games import games_of
from referee.storage.rulings import Ruling, log_ruling, rulings_of

__all__ = ["InForce", "Ruling", "evening_rules", "evening_rulings", "rules_in_force", "rules_said", "save_ruling"]


def evening_rulings(db: Database, evening: Evening | None) -> tuple[Ruling, ...]:
    """The evening's rulings, newest first (none without an evening)."""
    return () if evening is None else tuple(rulings_of(db, evening.id))


def save_ruling(
    db: Database, evening: Evening, kind: str, rules: Rules, question: str, answer: str
) -> tuple[Ruling, ...]:
    """Save a ruling in the evening's disputes log, under the rules it was asked (the preset and what the house
    changed), in one unit of work; the log after it, newest first.

    The question and the answer are kept as given, in the language spoken now (the evening's record writes them so),
    and, when they are said lazily (`say`), as what they were said from: the log says them again in each reader's
    language.
    """
    label = _label(rules)
    with unit_of_work(db):
        log_ruling(db, evening.id, kind, label, _within(question), _within(answer))
    return evening_rulings(db, evening)


def _within(text: str) -> str:
    """A ruling's text as the log keeps it: at most `LONGEST_LOG_TEXT` characters, as an evening's record holds; a
    longer one is cut, and kept as the text given."""
    given = str(text)
    return text if len(given) <= LONGEST_LOG_TEXT else given[: LONGEST_LOG_TEXT - 1] + "…"


def _label(rules: Rules) -> str:
    """The rules a ruling was asked under, as the log and the evening's record keep them: `kaluki (run_max = 9)`."""
    house = ", ".join(f"{name} = {show_value(value)}" for name, value in rules.changed().items())
    return f"{rules.preset} ({house})" if house else rules.preset


def rules_said(label: str) -> str:
    """A ruling's rules (`kaluki (opening_threshold = 51)`) in a player's words: "Kaluki, with house rules (Points
    needed to open: 51)"; a label this app did not write (an imported file's) is shown as it is."""
    preset, _, house = label.partition(" (")
    if preset not in PRESETS or (house and not house.endswith(")")):
        return label
    changes = []
    for setting in house.removesuffix(")").split(", ") if house else ():
        name, _, typed = setting.partition(" = ")
        try:
            value = OPTIONS[name].parse(typed)
        except (KeyError, OptionError):
            return label
        changes.append(say("{option}: {value}", option=OPTIONS[name].label_said(), value=value_said(name, value)))
    if not changes:
        return preset_said(preset)
    return say("{game}, with house rules ({changes})", game=preset_said(preset), changes="; ".join(map(str, changes)))


def evening_rules(evening: Evening) -> RummyRules:
    """The evening's rummy rules; an evening stored before its rules were checked on import gets the default's."""
    try:
        return rummy_rules(evening.preset, evening.options)
    except OptionError:
        return rummy_rules(DEFAULT_PRESET)


@dataclass(frozen=True)
class InForce:
    """The rules in force: an evening's (or a preset's), and the rules of each of the evening's games of another family
    (Kaiser at a Kaluki evening)."""

    rules: Rules
    other_games: tuple[tuple[int, Rules], ...]  # (the game's number, its rules)


def rules_in_force(db: Database, evening: Evening | None, preset: str | None) -> InForce:
    """The evening's rules and the rules of each of its games played under other rules (another game, another family,
    other house rules); without an evening, `preset`'s (the default's when None).

    OptionError for an unknown preset.
    """
    if evening is None:
        return InForce(rules_for(preset or DEFAULT_PRESET), ())
    rules = evening_rules(evening)
    other_games = []
    for game in games_of(db, evening.id):
        try:
            game_rules = rules_for(game.preset, game.options)
        except OptionError:
            continue  # a game stored before its rules were checked: its sheet says what is wrong
        if game_rules != rules:
            other_games.append((game.number, game_rules))
    return InForce(rules, tuple(other_games))
