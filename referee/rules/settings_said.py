"""The rules in force said to a player, whatever the family: each option with its value, meaning and source (the rules
page, `--help`), the rule a ruling rests on, a value in words, and which options are house rules."""

from __future__ import annotations

from referee.rules.game import Rules
from referee.rules.option_words import choice_said
from referee.rules.options import OPTIONS, Value, show_value
from referee.rules.presets import get_preset
from referee.rules.sources import LANGUAGES, quotes_for, source_said
from referee.rules.words import say


def changed_options(rules: Rules) -> dict[str, Value]:
    """The options of `rules` that differ from its preset's defaults: the house rules."""
    defaults = get_preset(rules.preset).defaults
    return {name: getattr(rules, name) for name in defaults if getattr(rules, name) != defaults[name]}


def describe(rules: Rules) -> list[tuple[str, str, str, str]]:
    """Each option in force as (name, value, meaning, source), for the rules page and `--help`, said now."""
    preset = get_preset(rules.preset)
    read = dict(preset.readings)  # a family's own preset reads some options itself: their source is the preset's
    return [
        (name, show_value(getattr(rules, name)), OPTIONS[name].meaning_said(),
         source_said(preset.source) if name in read else OPTIONS[name].source_said())
        for name in preset.option_names()
    ]  # fmt: skip


def citation(rules: Rules, option: str) -> str:
    """The rule a ruling rests on, as a player reads it: the option, its value here, and its source.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> citation(rummy_rules("kaluki"), "run_max")
    'run_max = 8 in kaluki — 000: 3 to 8 cards; others: up to 13'
    """
    return say(
        "{option} = {value} in {preset} — {source}",
        option=option,
        value=show_value(getattr(rules, option)),
        preset=rules.preset,
        source=OPTIONS[option].source_said(),
    )


def value_said(option: str, value: Value) -> str:
    """An option's value in a player's words, said when shown: "yes", "no limit", "the penalty table", "40".

    >>> value_said("ace_wraps", False), value_said("meld_values", "face"), value_said("packs", "auto")
    ('no', 'face values', 'auto (by the number of players)')
    """
    if value is None:
        return say("no limit")
    if isinstance(value, bool):
        return say("yes") if value else say("no")
    if value == "auto":
        return say("auto (by the number of players)")
    if value == "represented":
        return say("the card it stands for")
    if value == "":
        return "–"  # a text left empty (an other game's name): no words to say
    return choice_said(option, value) if isinstance(value, str) else str(value)


def rule_said(rules: Rules, option: str) -> str:
    """The rule a ruling rests on in a player's words: the option, its value here and where it comes from.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> rule_said(rummy_rules("kaluki"), "opening_threshold")
    'Points needed to open — 40, from the Kaluki rulebook'
    >>> rule_said(rummy_rules("kaluki", {"opening_threshold": 51}), "opening_threshold")
    'Points needed to open — 51, from the house rules'
    """
    value = getattr(rules, option)
    if option in rules.changed():
        source: str = say("the house rules")
    else:  # the preset's own source, where it speaks of the option (pagat is quoted by the referee's reading)
        own, found = get_preset(rules.preset).source, [quote.source for quote in quotes_for(option, rules.preset)]
        source = source_said(own if own in found or own not in LANGUAGES or not found else found[0])
    return say("{label} — {value}, from {source}", label=OPTIONS[option].label_said(), value=value_said(option, value),
               source=source)  # fmt: skip
