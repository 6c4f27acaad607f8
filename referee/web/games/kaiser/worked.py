"""The worked examples of Kaiser, as the rules page shows them: each hand, its score under the preset, and under the
house rules when they change it."""

from __future__ import annotations

from flask_babel import gettext as _

from referee.rules.families import rules_for
from referee.rules.kaiser_examples import KAISER_EXAMPLES
from referee.rules.kaiser_rules import KaiserRules


def worked_examples(rules: KaiserRules, changed: bool) -> list[tuple[str, str, str, str | None]]:
    """Each worked hand as (what it asks about, the hand, its score under the preset, under the house rules)."""
    default = rules_for(rules.preset)
    if not isinstance(default, KaiserRules):
        raise TypeError(f"{rules.preset} is not a Kaiser preset")
    return [
        (_("hand"), example.question_said(), example.verdict(default), example.verdict(rules) if changed else None)
        for example in KAISER_EXAMPLES
    ]
