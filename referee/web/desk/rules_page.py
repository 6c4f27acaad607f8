"""The rules page: every option in force with its meaning, source and the rulebook's sentence, and worked examples."""

from __future__ import annotations

from referee.rules.option_words import preset_said
from referee.rules.options import OPTIONS
from referee.rules.presets import get_preset
from referee.rules.sources import quotes_for, source_said, sources_named
from referee.rules.table import Rules, describe, value_said
from referee.web.games.families import web_family_of


def rules_shown(rules: Rules) -> dict[str, object]:
    """What the rules page shows of one set of rules: its preset, options with their quotes, worked examples."""
    changed = rules.changed()
    worked = web_family_of(rules.family).worked(rules, bool(changed))
    # Each option as (name, value, meaning, source, quotes, label), all in a player's words: the label names it, the
    # value is said as the reader says it, each source by its name (the name itself is shown small, for the curious).
    options = [
        (
            name,
            value_said(name, getattr(rules, name)),
            meaning,
            sources_named(source),
            quotes_for(name, rules.preset),
            OPTIONS[name].label_said(),
        )
        for name, _value, meaning, source in describe(rules)
    ]
    preset = get_preset(rules.preset)
    return {
        "rules": rules,
        "preset": preset,
        "game": preset_said(rules.preset),
        "source": source_said(preset.source),
        "changed_said": [OPTIONS[name].label_said() for name in changed],
        "options": options,
        "changed": changed,
        "worked": worked,
    }
