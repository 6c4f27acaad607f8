"""The worked examples of a rummy preset, as the rules page shows them: each question, its answer under the preset,
and its answer under the house rules when they change it."""

from __future__ import annotations

from flask_babel import gettext as _

from referee.rules.examples import examples
from referee.rules.table import RummyRules


def worked_examples(rules: RummyRules, changed: bool) -> list[tuple[str, str, str, str | None]]:
    """Each worked example of `rules`' preset as (what it asks about, the question, the answer, the house's answer)."""
    words = {"check": _("meld"), "opening": _("opening"), "penalty": _("penalty")}
    return [
        (
            words[example.command],
            " + ".join(example.question),
            example.verdict(),
            example.verdict(rules) if changed else None,
        )
        for example in examples()
        if example.preset == rules.preset
    ]
