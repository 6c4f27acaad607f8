"""The rules in force at one table: a preset plus the house's overrides, as one frozen value."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from referee.rules.presets import OPTIONS, OptionError, Value, get_preset, resolve_options, show_value
from referee.rules.words import say

JokerValue = int | str  # a fixed number, or "represented"


class Scoring(StrEnum):
    """How a rummy game is scored: penalties (the lowest total stays in) or Rami's points mode (upward)."""

    PENALTY = "penalty"
    POINTS = "points"


class Family(StrEnum):
    """The family a preset's game belongs to: its events, its sheet and its screens."""

    RUMMY = "rummy"
    KAISER = "kaiser"


@dataclass(frozen=True)
class RummyRules:
    """Every option of a Kaluki or Rami game (RULES.md §3), named as in the options table."""

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

    family = Family.RUMMY

    def pack_count(self, players: int | None = None) -> int:
        """Packs in play; `auto` counts 2, or 3 for 5-6 players and 4 for 7-8 (2 when nobody is counted)."""
        if isinstance(self.packs, int):
            return self.packs
        if players is None or players <= 4:
            return 2
        return 3 if players <= 6 else 4

    def joker_count(self, players: int | None = None) -> int:
        """Jokers in play; `auto` counts two a pack."""
        return self.jokers if isinstance(self.jokers, int) else 2 * self.pack_count(players)

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        return _changed(self)


@dataclass(frozen=True)
class KaiserRules:
    """Every option of a Kaiser game (RULES.md §7)."""

    preset: str
    game: str
    min_bid: int
    made_bid: str
    bid_out: int
    target: int
    all_pass: str
    family = Family.KAISER

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        return _changed(self)


Rules = RummyRules | KaiserRules


def _changed(rules: Rules) -> dict[str, Value]:
    defaults = get_preset(rules.preset).defaults
    return {name: getattr(rules, name) for name in defaults if getattr(rules, name) != defaults[name]}


def rules_for(preset: str = "kaluki", overrides: Mapping[str, Value] = MappingProxyType({})) -> Rules:
    """The rules of `preset` with the house's `overrides` (names and values checked)."""
    chosen = get_preset(preset)
    values = resolve_options(chosen, overrides)
    if chosen.game == "kaiser":
        if values["target"] is None:
            raise OptionError(say("target cannot be none in Kaiser: a game is played to a score"))
        return KaiserRules(preset=chosen.name, game=chosen.game, **values)  # type: ignore[arg-type]
    values["scoring"] = Scoring(str(values["scoring"]))
    rules = RummyRules(preset=chosen.name, game=chosen.game, **values)  # type: ignore[arg-type]
    _check_consistent(rules)
    return rules


def rummy_rules(preset: str = "kaluki", overrides: Mapping[str, Value] = MappingProxyType({})) -> RummyRules:
    """The rules of a rummy preset (Kaluki or Rami); a Kaiser preset is refused."""
    rules = rules_for(preset, overrides)
    if not isinstance(rules, RummyRules):
        raise OptionError(
            say("{preset} is a Kaiser preset: it has no melds; choose a Kaluki or Rami preset", preset=preset)
        )
    return rules


def _check_consistent(rules: RummyRules) -> None:
    if rules.run_max < rules.run_min:
        raise OptionError(say("run_max ({most}) is below run_min ({fewest})", most=rules.run_max, fewest=rules.run_min))
    if rules.max_players < rules.min_players:
        raise OptionError(
            say(
                "max_players ({most}) is below min_players ({fewest})", most=rules.max_players, fewest=rules.min_players
            )
        )
    if rules.scoring == Scoring.POINTS and rules.game != "rami":
        raise OptionError(say("scoring=points is Rami's points mode: use the rami preset"))


def describe(rules: Rules) -> list[tuple[str, str, str, str]]:
    """Each option in force as (name, value, meaning, source), for the rules page and `--help`, said now."""
    preset = get_preset(rules.preset)
    return [
        (name, show_value(getattr(rules, name)), OPTIONS[name].meaning_said(), OPTIONS[name].source_said())
        for name in preset.option_names()
    ]


def citation(rules: Rules, option: str) -> str:
    """The rule a ruling rests on, as a player reads it: the option, its value here, and its source.

    >>> from referee.rules.table import rummy_rules
    >>> citation(rummy_rules("kaluki"), "run_max")
    'run_max = 8 in kaluki — 000: 3 to 8 cards; others: up to 13'
    """
    return say(
        "{option} = {value} in {preset} — {source}",
        option=option,
        value=show_value(getattr(rules, option)),
        preset=rules.preset,
        source=OPTIONS[option].source_said(),
    )
