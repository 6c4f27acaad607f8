"""The rules page: every option in force with its meaning, source and the rulebook's sentence, and worked examples."""

from __future__ import annotations

from typing import Any, cast

from flask_babel import gettext as _

from referee.rules.examples import examples
from referee.rules.kaiser_examples import KAISER_EXAMPLES
from referee.rules.presets import OPTIONS, get_preset
from referee.rules.sources import quotes_for
from referee.rules.table import KaiserRules, Rules, describe, rules_for


def rules_shown(rules: Rules) -> dict[str, Any]:
    """What the rules page shows of one set of rules: its preset, options with their quotes, worked examples."""
    changed = rules.changed()
    worked: list[tuple[str, str, str, str | None]]
    if isinstance(rules, KaiserRules):
        default = cast(KaiserRules, rules_for(rules.preset))  # a Kaiser preset's defaults are Kaiser rules
        worked = [
            (_("hand"), example.question_said(), example.verdict(default), example.verdict(rules) if changed else None)
            for example in KAISER_EXAMPLES
        ]
    else:
        words = {"check": _("meld"), "opening": _("opening"), "penalty": _("penalty")}
        worked = [
            (
                words[example.command],
                " + ".join(example.question),
                example.verdict(),
                example.verdict(rules) if changed else None,
            )
            for example in examples()
            if example.preset == rules.preset
        ]
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
