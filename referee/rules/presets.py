"""Presets as data: each game's defaults for every option, from one source (docs/rules.md §3).

The options themselves (meaning, source, values) are in `options`; a preset gives each of its options a default.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from referee.rules.option_words import name_presets, unname_presets
from referee.rules.options import OPTIONS, Option, OptionError, Value
from referee.rules.words import N_, say


@dataclass(frozen=True)
class Preset:
    """A named set of defaults for one game, from one source."""

    name: str
    game: str  # "kaluki", "rami" or "kaiser"
    source: str
    summary: str  # English, marked with N_; shown with summary_said()
    defaults: Mapping[str, Value] = field(repr=False)
    title: str = ""  # a family's own preset as players name it (English, marked with N_); the built-in ones are named
    # in `option_words.PRESET_NAMES`
    readings: tuple[tuple[str, str], ...] = ()  # a family's own preset: the referee's reading of each option it sets
    # (English, marked with N_), quoted on the rules page; the rulebooks' presets are quoted from `sources.json`

    def summary_said(self) -> str:
        """The preset in one line, in the language spoken now."""
        return say(self.summary)

    def option_names(self) -> tuple[str, ...]:
        """The options this preset takes, in the order of the options table."""
        return tuple(name for name in OPTIONS if name in self.defaults)


_KALUKI: dict[str, Value] = {
    "packs": 2, "jokers": 4, "hand_size": 13, "min_players": 2, "max_players": 5,
    "group_max": 4, "group_duplicate_suits": True, "group_joker_distinct_suits": True, "identities": False,
    "run_min": 3, "run_max": 8, "ace_low": True, "ace_high": True, "ace_wraps": True,
    "max_jokers_per_meld": None, "joker_can_extend": True,
    "table_rearrange": "keep_three", "distinct_melds": True,
    "meld_values": "penalty", "joker_meld_value": 15,
    "opening_threshold": 40, "opening_scope": "turn_total", "all_in_one_exempt": True,
    "set_joker_release": "any_missing", "either_card_takes_run_joker": True, "run_joker_taken_without_card": False,
    "joker_retrieval_penalty": 0,
    "hand_values": "penalty", "scoring": "penalty",
    "all_in_one_multiplier": 1, "hunt_reward": 0, "going_out_reward": 0,
    "elimination_threshold": 150, "elimination_inclusive": True, "target": None,
    "buyback_cost": 5, "max_buybacks": 2, "buyback_score": "highest_remaining",
    "ante": 3, "chips_per_win": 1, "chips_per_kaluki": 2,
}  # fmt: skip
_HUNT = _KALUKI | {
    "max_players": 4, "run_max": 13, "ace_wraps": False, "meld_values": "face", "joker_meld_value": "represented",
    "all_in_one_multiplier": 2, "hunt_reward": 40, "going_out_reward": 20,
    "table_rearrange": "no", "distinct_melds": False, "set_joker_release": "both_missing",
    "either_card_takes_run_joker": False,
}  # fmt: skip
_CLUB = _KALUKI | {
    "jokers": 2, "max_players": 6, "group_duplicate_suits": False, "run_max": 13, "ace_wraps": False,
    "meld_values": "face", "joker_meld_value": "represented", "elimination_inclusive": False, "ante": 5,
    "table_rearrange": "no", "distinct_melds": False, "set_joker_release": "both_missing",
    "either_card_takes_run_joker": False,
}  # fmt: skip
_RAMI_BASE = {
    name: value for name, value in _KALUKI.items()
    if name not in ("all_in_one_multiplier", "hunt_reward", "going_out_reward")
} | {
    "packs": "auto", "jokers": "auto", "hand_size": 14, "max_players": 8, "group_duplicate_suits": False,
    "run_max": 13, "ace_wraps": False, "max_jokers_per_meld": 1, "joker_can_extend": False,
    "table_rearrange": "no", "distinct_melds": False,
    "meld_values": "salon", "joker_meld_value": "represented", "opening_threshold": 51,
    "set_joker_release": "unambiguous", "either_card_takes_run_joker": False, "joker_retrieval_penalty": 300,
    "hand_values": "salon",
    "buyback_cost": 0, "max_buybacks": 0, "ante": 0, "chips_per_win": 0, "chips_per_kaluki": 0,
}  # fmt: skip
_RAMI = _RAMI_BASE | {
    "scoring": "points",
    "elimination_threshold": None,
    "elimination_inclusive": False,
    "target": 1000,
}
_RAMI_ELIMINATION = _RAMI_BASE | {"elimination_threshold": 500, "elimination_inclusive": False}
_PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            "kaluki",
            "kaluki",
            "000",
            N_("The group's Kaluki: 2×52 + 4 jokers, 13 cards, 40 to open, penalties, 150 out, buy-backs, chips"),
            MappingProxyType(_KALUKI),
        ),
        Preset(
            "kaluki-hunt",
            "kaluki",
            "002",
            N_("Kaluki scored as Hunt (penalties ×2, winner −40) or Going Out (winner −20)"),
            MappingProxyType(_HUNT),
        ),
        Preset(
            "kaluki-club",
            "kaluki",
            "pagat",
            N_("UK club Kaluki: distinct suits, no wrap, a joker counts as its card, eliminated above 150"),
            MappingProxyType(_CLUB),
        ),
        Preset(
            "rami",
            "rami",
            "001",
            N_("French Rami scored upward: laid points, hands collected, 100/200/300 bonuses"),
            MappingProxyType(_RAMI),
        ),
        Preset(
            "rami-elimination",
            "rami",
            "001",
            N_("French Rami, lowest total wins: a rami doubles, triples or quadruples the others' penalties"),
            MappingProxyType(_RAMI_ELIMINATION),
        ),
    )
}
# Every preset, by name: the rummy ones above, and those a family registered with it brings (`add_presets`): Kaiser's,
# any other game's.
PRESETS: Mapping[str, Preset] = MappingProxyType(_PRESETS)

DEFAULT_PRESET = "kaluki"


def add_presets(presets: Iterable[Preset]) -> None:
    """Offer `presets` beside the others (a family's own, as `families.register` adds them); ValueError for a name
    already taken, and then none is added."""
    added = {preset.name: preset for preset in presets}
    taken = sorted(set(added) & set(_PRESETS))
    if taken:
        raise ValueError(f"presets already named so: {', '.join(taken)}")
    _PRESETS.update(added)
    name_presets({preset.name: preset.title for preset in added.values() if preset.title})


def remove_presets(names: Iterable[str]) -> None:
    """Take the presets `names` out (a family's own, as `families.unregister` takes them)."""
    names = tuple(names)
    for name in names:
        _PRESETS.pop(name, None)
    unname_presets(names)


def get_preset(name: str) -> Preset:
    """The preset called `name`, or a clear error listing the presets."""
    try:
        return PRESETS[name]
    except KeyError:
        raise OptionError(
            say("unknown preset {name!r}: choose one of {presets}", name=name, presets=", ".join(PRESETS))
        ) from None


def parse_setting(text: str) -> tuple[str, str]:
    """Split one `NAME=VALUE` setting as typed after `--set`."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise OptionError(say("{text!r}: write a setting as NAME=VALUE, like opening_threshold=51", text=text))
    return name.strip(), value.strip()


def resolve_options(
    preset: Preset, overrides: Mapping[str, Value], declared: Iterable[Option] | None = None
) -> dict[str, Value]:
    """The preset's defaults with `overrides` applied, each name and value checked against the options its family
    `declared` (every option registered, when not given); an unknown one is refused with the preset's own named."""
    options = OPTIONS if declared is None else {option.name: option for option in declared}
    values = dict(preset.defaults)
    for name, raw in overrides.items():
        option = options.get(name) if name in preset.defaults else None
        if option is None:
            own = ", ".join(preset.option_names())
            if name in OPTIONS:  # another game's option (a Kaiser one at a Kaluki table)
                raise OptionError(say("{name} is not an option of {preset}: its options are {own}", name=name,
                                      preset=preset.name, own=own))  # fmt: skip
            raise OptionError(say("unknown option {name!r}: the options of {preset} are {own}", name=name,
                                  preset=preset.name, own=own))  # fmt: skip
        values[name] = option.check(raw)
    return values
