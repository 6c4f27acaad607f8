"""The rules page: every option in force with its meaning, source and the rulebook's sentence, and worked examples."""

from __future__ import annotations

from typing import Any

from referee.rules.options import OPTIONS
from referee.rules.presets import get_preset
from referee.rules.sources import quotes_for
from referee.rules.table import Rules, describe
from referee.web.games.families import family_of


def rules_shown(rules: Rules) -> dict[str, Any]:
    """What the rules page shows of one set of rules: its preset, options with their quotes, worked examples."""
    changed = rules.changed()
    worked = family_of(rules.family).worked(rules, bool(changed))
    # Each option as (name, value, meaning, source, quotes, label): the label is its name in a player's words.
    options = [
        (*option, quotes_for(option[0], rules.preset), OPTIONS[option[0]].label_said()) for option in describe(rules)
    ]
    return {
        "rules": rules,
        "preset": get_preset(rules.preset),
        "options": options,
        "changed": changed,
        "worked": worked,
    }
