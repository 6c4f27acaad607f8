"""The rules in force at one table: a preset plus the house's overrides, as one frozen value."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from referee.rules.game import Rules
from referee.rules.option_words import choice_said
from referee.rules.options import OPTIONS, Value, show_value
from referee.rules.presets import get_preset
from referee.rules.sources import LANGUAGES, quotes_for, source_said
from referee.rules.words import say

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
        return _changed(self)


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
        return _changed(self)


def _changed(rules: Rules) -> dict[str, Value]:
    defaults = get_preset(rules.preset).defaults
    return {name: getattr(rules, name) for name in defaults if getattr(rules, name) != defaults[name]}


def describe(rules: Rules) -> list[tuple[str, str, str, str]]:
    """Each option in force as (name, value, meaning, source), for the rules page and `--help`, said now."""
    preset = get_preset(rules.preset)
    read = dict(preset.readings)  # a family's own preset reads some options itself: their source is the preset's
    return [
        (name, show_value(getattr(rules, name)), OPTIONS[name].meaning_said(),
         source_said(preset.source) if name in read else OPTIONS[name].source_said())
        for name in preset.option_names()
    ]  # fmt: skip


def citation(rules: Rules, option: str) -> str:
    """The rule a ruling rests on, as a player reads it: the option, its value here, and its source.

    >>> from referee.rules.rummy_family import rummy_rules
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


def value_said(option: str, value: Value) -> str:
    """An option's value in a player's words, said when shown: "yes", "no limit", "the penalty table", "40".

    >>> value_said("ace_wraps", False), value_said("meld_values", "face"), value_said("packs", "auto")
    ('no', 'face values', 'auto (by the number of players)')
    """
    if value is None:
        return say("no limit")
    if isinstance(value, bool):
        return say("yes") if value else say("no")
    if value == "auto":
        return say("auto (by the number of players)")
    if value == "represented":
        return say("the card it stands for")
    if value == "":
        return "–"  # a text left empty (an other game's name): no words to say
    return choice_said(option, value) if isinstance(value, str) else str(value)


def rule_said(rules: Rules, option: str) -> str:
    """The rule a ruling rests on in a player's words: the option, its value here and where it comes from.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> rule_said(rummy_rules("kaluki"), "opening_threshold")
    'Points needed to open — 40, from the Kaluki rulebook'
    >>> rule_said(rummy_rules("kaluki", {"opening_threshold": 51}), "opening_threshold")
    'Points needed to open — 51, from the house rules'
    """
    value = getattr(rules, option)
    if option in rules.changed():
        source: str = say("the house rules")
    else:  # the preset's own source, where it speaks of the option (pagat is quoted by the referee's reading)
        own, found = get_preset(rules.preset).source, [quote.source for quote in quotes_for(option, rules.preset)]
        source = source_said(own if own in found or own not in LANGUAGES or not found else found[0])
    return say("{label} — {value}, from {source}", label=OPTIONS[option].label_said(), value=value_said(option, value),
               source=source)  # fmt: skip
