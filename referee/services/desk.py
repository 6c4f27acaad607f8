"""The referee desk's records: the rulings an evening's scorer asked, and the rules an evening plays by."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.rules.options import OptionError, show_value
from referee.rules.presets import DEFAULT_PRESET
from referee.rules.table import Rules, RummyRules, rules_for, rummy_rules
from referee.storage.evenings import Evening
from referee.storage.games import games_of
from referee.storage.rulings import Ruling, log_ruling, rulings_of

__all__ = ["InForce", "Ruling", "evening_rules", "evening_rulings", "keep_ruling", "rules_in_force"]


def evening_rulings(db: Database, evening: Evening | None) -> tuple[Ruling, ...]:
    """The evening's rulings, newest first (none without an evening)."""
    return () if evening is None else tuple(rulings_of(db, evening.id))


def keep_ruling(
    db: Database, evening: Evening, kind: str, rules: Rules, question: str, answer: str
) -> tuple[Ruling, ...]:
    """Keep a ruling in the evening's disputes log, under the rules it was asked (the preset and what the house
    changed); the log after it, newest first."""
    house = ", ".join(f"{name} = {show_value(value)}" for name, value in rules.changed().items())
    label = f"{rules.preset} ({house})" if house else rules.preset
    log_ruling(db, evening.id, kind, label, question, answer)
    return evening_rulings(db, evening)


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
    """The evening's rules and the rules of its games of another family; without an evening, `preset`'s (the
    default's when None).

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
        if game_rules.family != rules.family:
            other_games.append((game.number, game_rules))
    return InForce(rules, tuple(other_games))
