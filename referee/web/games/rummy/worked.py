"""The worked examples of a rummy preset, as the rules page shows them: each question, its answer under the preset,
and its answer under the house rules when they change it."""

from __future__ import annotations

from flask_babel import gettext as _
from flask_babel import ngettext

from referee.rules.cards import parse_cards, symbols
from referee.rules.examples import Example, examples
from referee.rules.table import RummyRules


def _verdict(example: Example, rules: RummyRules | None = None) -> str:
    """The answer in the reader's words: "a run, 31 points", "opens with 54", "not valid", "54 penalty points"."""
    answer = example.answer(rules)
    if example.command == "check":
        if not answer["valid"]:
            return str(_("not valid"))
        kind = _("a group") if answer["kind"] == "group" else _("a run")
        return str(ngettext("%(kind)s, %(num)s point", "%(kind)s, %(num)s points", answer["value"], kind=kind))
    if example.command == "opening":
        if answer["opens"]:
            return str(_("opens with %(total)s", total=answer["total"]))
        return str(_("does not open: %(total)s", total=answer["total"]))
    return str(ngettext("%(num)s penalty point", "%(num)s penalty points", answer["penalty"]))


def _question(example: Example) -> str:
    """The cards asked about, as the picker shows them (7♥ 7♥ 7♠), the melds of an opening joined by a plus."""
    return " + ".join(str(symbols(parse_cards(meld))) for meld in example.question)


def worked_examples(rules: RummyRules, changed: bool) -> list[tuple[str, str, str, str | None]]:
    """Each worked example of `rules`' preset as (what it asks about, the question, the answer, the house's answer)."""
    words = {"check": _("meld"), "opening": _("opening"), "penalty": _("penalty")}
    return [
        (words[example.command], _question(example), _verdict(example), _verdict(example, rules) if changed else None)
        for example in examples()
        if example.preset == rules.preset
    ]
