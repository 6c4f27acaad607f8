"""The rules in force at a Kaiser table: a preset plus the house's overrides, as one frozen value (docs/rules.md §7)."""

from __future__ import annotations

from dataclasses import dataclass

from referee.rules.options import Value
from referee.rules.settings_said import changed_options


@dataclass(frozen=True)
class KaiserRules:
    """Every option of a Kaiser game (docs/rules.md §7)."""

    preset: str
    game: str
    min_bid: int
    made_bid: str
    bid_out: int
    target: int
    all_pass: str
    family = "kaiser"  # its family, in the registry (`kaiser_family.KAISER`)
    min_players = max_players = 4  # two teams of two (docs/rules.md §7)

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        return changed_options(self)
