"""The rules in force at a rummy table (Kaluki or Rami): a preset plus the house's overrides, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.rules.options import Value
from referee.rules.settings_said import changed_options

JokerValue = int | str  # a fixed number, or "represented"
IDENTITY_PACKS = 4  # 001: identities are played "toujours avec 4 jeux de 52 cartes, quelque soit le nombre de joueurs"


class Scoring(StrEnum):
    """How a rummy game is scored: penalties (the lowest total stays in) or Rami's points mode (upward)."""

    PENALTY = "penalty"
    POINTS = "points"


@dataclass(frozen=True)
class RummyRules:
    """Every option of a Kaluki or Rami game (docs/rules.md §3), named as in the options table."""

    preset: str
    game: str
    packs: int | str
    jokers: int | str
    hand_size: int
    min_players: int
    max_players: int
    group_max: int
    group_duplicate_suits: bool
    group_joker_distinct_suits: bool
    run_min: int
    run_max: int
    ace_low: bool
    ace_high: bool
    ace_wraps: bool
    max_jokers_per_meld: int | None
    joker_can_extend: bool
    table_rearrange: str  # "no", "keep_three" (000) or "manipulation" (001)
    distinct_melds: bool
    meld_values: str
    joker_meld_value: JokerValue
    opening_threshold: int
    opening_scope: str
    all_in_one_exempt: bool
    set_joker_release: str
    either_card_takes_run_joker: bool  # keep_three: either card a run's unsure joker could be takes its place (000)
    run_joker_taken_without_card: bool  # a run's joker may leave its run with no card in its place
    joker_retrieval_penalty: int
    hand_values: str
    scoring: Scoring
    elimination_threshold: int | None
    elimination_inclusive: bool
    target: int | None
    buyback_cost: int
    max_buybacks: int
    buyback_score: str
    ante: int
    chips_per_win: int
    chips_per_kaluki: int
    all_in_one_multiplier: int = 1
    hunt_reward: int = 0
    going_out_reward: int = 0
    identities: bool = False  # 001's variant: three or more copies of one card make a meld

    family = "rummy"  # its family, in the registry (`rummy_family.RUMMY`)

    def pack_count(self, players: int | None = None) -> int:
        """Packs in play; `auto` counts 2, or 3 for 5-6 players and 4 for 7-8 (2 when nobody is counted).

        With `identities`, `auto` counts 4 whatever the players (001: "on joue toujours avec 4 jeux de 52 cartes").
        """
        if isinstance(self.packs, int):
            return self.packs
        if self.identities:
            return IDENTITY_PACKS
        if players is None or players <= 4:
            return 2
        return 3 if players <= 6 else 4

    def joker_count(self, players: int | None = None) -> int:
        """Jokers in play; `auto` counts two a pack."""
        return self.jokers if isinstance(self.jokers, int) else 2 * self.pack_count(players)

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        return changed_options(self)
