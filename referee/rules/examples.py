"""The worked examples of docs/rules.md §8 for Kaluki and Rami, as data: the golden cases and the rules page read
them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

from referee.rules.cards import check_pack_limits, parse_cards
from referee.rules.melds import check_meld
from referee.rules.opening import check_opening
from referee.rules.rummy_family import rummy_rules
from referee.rules.table import RummyRules
from referee.rules.values import penalty_json


@dataclass(frozen=True)
class Example:
    """One worked example: a question (check, opening or penalty), the preset it is asked under, the answer."""

    name: str
    rule: str  # the sentence of docs/rules.md it comes from
    command: str  # "check", "opening" or "penalty"
    preset: str
    settings: Mapping[str, Any]
    question: tuple[str, ...]  # the cards (one string), or the opening's melds (one string each)
    expect: Mapping[str, Any]  # the keys of the command's JSON that the answer must have

    def answer(self, rules: RummyRules | None = None) -> dict[str, Any]:
        """The JSON the `referee` command gives for this question, under `rules` (by default the example's)."""
        rules = rules or rummy_rules(self.preset, self.settings)
        if self.command == "opening":
            return check_opening([parse_cards(meld) for meld in self.question], rules).as_json()
        cards = parse_cards(self.question[0])
        check_pack_limits(cards, rules.pack_count(), rules.joker_count())
        if self.command == "check":
            return check_meld(cards, rules).as_json()
        return penalty_json(cards, rules)

    def verdict(self, rules: RummyRules | None = None) -> str:
        """The answer in one line: `valid run, 31`, `opens, 54`, `not valid`, `refused, 36`, `54`."""
        answer = self.answer(rules)
        if self.command == "check":
            return f"{answer['kind']} {answer['value']}" if answer["valid"] else "—"
        if self.command == "opening":
            return f"{'✓' if answer['opens'] else '✗'} {answer['total']}"
        return str(answer["penalty"])


@cache
def examples() -> tuple[Example, ...]:
    """Every worked example, in the order of docs/rules.md §8."""
    data = json.loads((files("referee.rules") / "examples.json").read_text(encoding="utf-8"))
    return tuple(
        Example(
            case["name"],
            case["rule"],
            case["command"],
            case["preset"],
            case["settings"],
            tuple(case["melds"]) if case["command"] == "opening" else (case["cards"],),
            case["expect"],
        )
        for case in data
    )
