"""The worked examples of any other game, as the rules page shows them: final totals, who wins and what each pays, as
docs/rules.md reads them, and under the house rules when they change the answer."""

from __future__ import annotations

from flask_babel import gettext as _

from referee.rules.families import rules_for
from referee.rules.other_examples import examples, read_under
from referee.rules.other_game import OtherRules


def worked_examples(rules: OtherRules, changed: bool) -> list[tuple[str, str, str, str | None]]:
    """Each example as (what it asks about, the totals, the answer as docs/rules.md reads it, here)."""
    default = rules_for(rules.preset)
    if not isinstance(default, OtherRules):
        raise TypeError(f"{rules.preset} is not an other game's preset")
    return [
        (_("result"), example.question_said(), example.verdict(read_under(default, changes)),
         example.verdict(rules) if changed else None)
        for example, changes in examples()
    ]  # fmt: skip
