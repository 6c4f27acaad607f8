"""The worked examples of any other game (docs/rules.md §11): final totals, who wins and what each pays in chips, under
a game's rules. Each is a test (tests/rules/test_other_game.py), and the rules page shows them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType

from referee.rules.other_game import OtherGame, OtherRules, chips_won
from referee.rules.words import say, signed

# (the final totals, the rules' changes), as docs/rules.md §11 writes each example.
EXAMPLES = (
    ({"Ana": 120, "Ben": 80, "Cy": 80}, {"wins": "highest", "chips": "per_place", "chips_rate": 1}),
    ({"Ana": 40, "Ben": 101, "Cy": 70}, {"wins": "lowest", "target": 100, "chips": "per_place", "chips_rate": 2}),
    ({"Ana": 120, "Ben": 80}, {"wins": "highest", "chips": "per_point", "chips_rate": 1}),
)


@dataclass(frozen=True)
class OtherExample:
    """One worked example: the final totals and the rules they are read under."""

    totals: tuple[tuple[str, int], ...]

    def question_said(self) -> str:
        """The totals, in words: "Ana 120, Ben 80, Cy 80"."""
        return ", ".join(f"{name} {total}" for name, total in self.totals)

    def verdict(self, rules: OtherRules) -> str:
        """Who wins under `rules`, and what each pays in chips when the game is played for chips."""
        game = OtherGame(rules, tuple(name for name, _ in self.totals), MappingProxyType(dict(self.totals)), 1, True)
        won = chips_won(game)
        if rules.chips == "none":
            return say("{name} wins", name=game.winner)
        chips = ", ".join(f"{name} {signed(won[name])}" for name, _ in self.totals)
        return say("{name} wins; chips: {chips}", name=game.winner, chips=chips)


def examples() -> tuple[tuple[OtherExample, dict[str, object]], ...]:
    """Each worked example, with the rules' changes docs/rules.md reads it under."""
    return tuple((OtherExample(tuple(totals.items())), changes) for totals, changes in EXAMPLES)


def read_under(rules: OtherRules, changes: dict[str, object]) -> OtherRules:
    """`rules` with an example's own changes."""
    return replace(rules, **changes)  # type: ignore[arg-type]
