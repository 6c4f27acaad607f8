"""The table options as data: every option once, with its meaning, its source and the values it takes
(docs/rules.md §3).

The rules page, the house-rules form and the engine all read this table; the presets give each option its
default (`presets`), and a player's words for the options and their choices are in `option_words`.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType

from referee.rules.option import (
    MOST,
    MOST_AT_TABLE,
    MOST_PLAYERS,
    QUOTED_LENGTH,
    Option,
    OptionError,
    Value,
    quoted,
    show_value,
)
from referee.rules.option_words import LABELS, say_choices, unsay_choices
from referee.rules.words import N_

__all__ = [  # the option's own names, read from here by every module that reads the table
    "MOST", "MOST_AT_TABLE", "MOST_PLAYERS", "OPTIONS", "QUOTED_LENGTH", "TOPICS", "Option", "OptionError", "Value",
    "add_options", "options_named", "quoted", "remove_options", "show_value",
]  # fmt: skip


def _bool(name: str, meaning: str, source: str) -> Option:
    return Option(name, meaning, source, "bool")  # pragma: no mutate


def _int(
    name: str,
    meaning: str,
    source: str,
    minimum: int = 0,  # pragma: no mutate
    *,
    none: bool = False,  # pragma: no mutate
    words: tuple[str, ...] = (),
    maximum: int = MOST,
) -> Option:
    return Option(name, meaning, source, "int", words, minimum, none, maximum)  # pragma: no mutate


def _choice(name: str, meaning: str, source: str, *choices: str) -> Option:
    return Option(name, meaning, source, "choice", choices)  # pragma: no mutate


# The topics the options are folded under on the page, in its order: each topic's anchor and title.
TOPICS: Mapping[str, str] = MappingProxyType(
    {
        "deal": N_("The deal and the packs"),
        "melds": N_("Groups and runs"),
        "jokers": N_("Jokers"),
        "opening": N_("The opening"),
        "bidding": N_("Bidding"),
        "scoring": N_("Scoring and the end of the game"),
        "elimination": N_("Elimination and buy-backs"),
        "chips": N_("Chips and the pot"),
    }
)
TOPIC_OF: Mapping[str, str] = MappingProxyType(
    {
        "packs": "deal", "jokers": "deal", "hand_size": "deal", "min_players": "deal", "max_players": "deal",
        "group_max": "melds", "group_duplicate_suits": "melds", "group_joker_distinct_suits": "melds",
        "identities": "melds", "run_min": "melds", "run_max": "melds", "ace_low": "melds", "ace_high": "melds",
        "ace_wraps": "melds", "distinct_melds": "melds", "table_rearrange": "melds",
        "max_jokers_per_meld": "jokers", "joker_can_extend": "jokers", "joker_meld_value": "jokers",
        "set_joker_release": "jokers", "either_card_takes_run_joker": "jokers",
        "run_joker_taken_without_card": "jokers", "joker_retrieval_penalty": "jokers",
        "meld_values": "opening", "opening_threshold": "opening", "opening_scope": "opening",
        "all_in_one_exempt": "opening",
        "min_bid": "bidding", "all_pass": "bidding", "made_bid": "bidding", "bid_out": "bidding",
        "hand_values": "scoring", "scoring": "scoring", "all_in_one_multiplier": "scoring", "hunt_reward": "scoring",
        "going_out_reward": "scoring", "target": "scoring",
        "elimination_threshold": "elimination", "elimination_inclusive": "elimination", "buyback_cost": "elimination",
        "max_buybacks": "elimination", "buyback_score": "elimination",
        "ante": "chips", "chips_per_win": "chips", "chips_per_kaluki": "chips",
    }
)  # fmt: skip


# The options of the app's own families (Kaluki and Rami's, Kaiser's), which each family declares as its own
# (`GameFamily.options`: `rummy_family.RUMMY_OPTIONS`, `kaiser_family.KAISER_OPTIONS`).
BUILT_IN_OPTIONS: Mapping[str, Option] = MappingProxyType(
    {
        o.name: replace(o, label=LABELS.get(o.name, ""), topic=TOPIC_OF[o.name])
        for o in (
            _int(
                "packs",
                N_("packs of 52 cards in play; by the number of players: 2, or 3 for 5-6 players and 4 for 7-8"),
                N_("000; 001"),
                1,
                words=("auto",),
                maximum=8,
            ),
            _int(
                "jokers",
                N_("jokers in play; by the number of players: 2 for each pack"),
                N_("000: four jokers; 001: two per pack"),
                words=("auto",),
                maximum=16,
            ),
            _int("hand_size", N_("cards dealt to each player"), N_("000: 13; 001: 14"), 1, maximum=21),
            _int(
                "min_players",
                N_("fewest players at the table"),
                N_("000: 2 to 5; 002: 2 to 4; 001: 2 to 8"),
                2,
                maximum=MOST_PLAYERS,
            ),
            _int(
                "max_players",
                N_("most players at the table"),
                N_("000: 2 to 5; 002: 2 to 4; 001: 2 to 8"),
                2,
                maximum=MOST_PLAYERS,
            ),
            _int("group_max", N_("most cards in a group (same rank)"), N_("000, 001, 002: 3 or 4 cards"), 3),
            _bool(
                "group_duplicate_suits",
                N_("a group may repeat a suit (two identical cards from two packs)"),
                N_("000 allows identical cards; pagat and 001 do not"),
            ),
            _bool(
                "group_joker_distinct_suits",
                N_("a group holding a joker never repeats a suit"),
                N_("002: no repeated suits when it contains a joker"),
            ),
            _bool(
                "identities",
                N_(
                    "three or more copies of the same card make a meld, an identity; with the packs by the number "
                    "of players, 4 packs in play"
                ),
                N_("001's variant: an identity, played with 4 packs"),
            ),
            _int("run_min", N_("fewest cards in a run (same suit, consecutive)"), N_("000, 001, 002: 3"), 3),
            _int("run_max", N_("most cards in a run"), N_("000: 3 to 8 cards; others: up to 13"), 3),
            _bool("ace_low", N_("the ace may go before the 2 (A 2 3)"), N_("000, 001: the ace is low or high")),
            _bool("ace_high", N_("the ace may go after the king (Q K A)"), N_("000, 001: the ace is low or high")),
            _bool(
                "ace_wraps",
                N_("the ace may sit in the middle of a run (Q K A 2)"),
                N_("000 accepts Q-K-A-2; 001 and pagat do not"),
            ),
            _int(
                "max_jokers_per_meld",
                N_("most jokers in one meld, or no limit"),
                N_("001: at most one joker per meld"),
                1,
                none=True,
            ),
            _bool(
                "joker_can_extend",
                N_("a joker may be added to a meld already on the table"),
                N_("001: a joker cannot complete a meld already laid"),
            ),
            _choice(
                "table_rearrange",
                N_(
                    "whether the melds on the table may be rearranged: never; with each meld keeping at least three of "
                    "its cards and staying valid; or freely, if every meld left at the end of the turn is valid"
                ),
                N_("000: a group keeps at least three of its cards; 001: the manipulation variant"),
                "no",
                "keep_three",
                "manipulation",
            ),
            _bool(
                "distinct_melds",
                N_("two melds laid in the same turn may not hold exactly the same cards"),
                N_("000: each group must differ from the others"),
            ),
            _choice(
                "meld_values",
                N_("how cards count in a meld (for the opening): the penalty table, face values or the salon table"),
                N_("000 counts its penalty table; 002 the card's value; 001 the salon table"),
                "penalty",
                "face",
                "salon",
            ),
            _int(
                "joker_meld_value",
                N_("what a joker counts in a meld: the card it stands for, or a fixed number"),
                N_("000: 15 in its table; 002: the card it represents"),
                words=("represented",),
            ),
            _int(
                "opening_threshold",
                N_("points the first laying must reach (inclusive)"),
                N_("000 and 002: 40; 001: 30 to 80, 51 the French standard"),
                0,
            ),
            _choice(
                "opening_scope",
                N_("what must reach the opening: all the melds laid in the opening turn together, or one meld alone"),
                N_("pagat"),
                "turn_total",
                "single_meld",
            ),
            _bool("all_in_one_exempt", N_("a player laying the whole hand in one turn needs no opening"), N_("pagat")),
            _choice(
                "set_joker_release",
                N_(
                    "how a joker is taken back from a group: by a card of any suit it could stand for, only by "
                    "adding both missing suits, or only once the group has four cards"
                ),
                N_("000: the right card replaces it; 002: both missing suits; 001: only without ambiguity"),
                "any_missing",
                "both_missing",
                "unambiguous",
            ),
            _bool(
                "either_card_takes_run_joker",
                N_(
                    "when each meld keeps three of its cards, a run's joker that could stand for either of two cards "
                    "is replaced by either of them; otherwise only by its card, once it is known"
                ),
                N_("000: the right card replaces the joker; 001 and 002: only the card it stands for, without doubt"),
            ),
            _bool(
                "run_joker_taken_without_card",
                N_(
                    "a run's joker may be taken off its run when the melds are rearranged with no card put in its "
                    "place; otherwise a card it stands for must take its place"
                ),
                N_(
                    "000 says both: a meld keeps three of its cards, and the right card replaces the joker; pagat, 001 "
                    "and 002: the card it stands for takes it"
                ),
            ),
            _int(
                "joker_retrieval_penalty",
                N_("points charged to a player who takes a joker back and does not meld it in the same turn"),
                N_("001: 300"),
            ),
            _choice(
                "hand_values",
                N_("how cards left in hand count: the penalty table, or the salon table (joker 20, ace 15)"),
                N_("000: penalty table; 001: salon table"),
                "penalty",
                "salon",
            ),
            _choice(
                "scoring",
                N_("penalties, where the lowest total stays in, or points, Rami scored upward to the target"),
                N_("001: points mode and elimination mode"),
                "penalty",
                "points",
            ),
            _int(
                "all_in_one_multiplier",
                N_("losers' penalties are multiplied by this after a kaluki or a hunt"),
                N_("002: a hunt doubles the penalties"),
                1,
            ),
            _int("hunt_reward", N_("points taken off the winner's total after a hunt (all in one)"), N_("002: 40")),
            _int(
                "going_out_reward", N_("points taken off the winner's total after going out gradually"), N_("002: 20")
            ),
            _int(
                "elimination_threshold",
                N_("total at which a player is eliminated, or never"),
                N_("000: 150; 001 elimination mode: 500"),
                1,
                none=True,
            ),
            _bool(
                "elimination_inclusive",
                N_("eliminated on reaching the threshold (150 is out), or only above it"),
                N_("000: 150 or more; pagat: above 150"),
            ),
            _int(
                "target",
                N_("score that ends the game, or no target"),
                N_("001 points mode: 1000; 003: 52"),
                1,
                none=True,
            ),
            _int(
                "buyback_cost", N_("chips an eliminated player pays into the pot to buy back in"), N_("000: five chips")
            ),
            _int("max_buybacks", N_("buy-backs allowed to each player in a game"), N_("000: no more than two")),
            _choice(
                "buyback_score",
                N_("the total a bought-back player restarts at: the highest among players still in, or zero"),
                N_("sources silent; pagat"),
                "highest_remaining",
                "zero",
            ),
            _int("ante", N_("chips each player pays into the pot at the start"), N_("000: three chips")),
            _int(
                "chips_per_win", N_("chips each other player pays the round's winner"), N_("000: one chip (the ransom)")
            ),
            _int(
                "chips_per_kaluki", N_("chips each other player pays for a kaluki (all in one)"), N_("000: two chips")
            ),
            _int("min_bid", N_("lowest bid"), N_("003: 5; pagat: 6"), 1, maximum=12),
            _choice(
                "made_bid",
                N_("what a made bid scores: the bid plus the points taken, or the points taken"),
                N_("003: 6 + 7 = 13; pagat: points taken"),
                "bid_plus_points",
                "points_taken",
            ),
            _int(
                "bid_out",
                N_("a team at this score or more no longer scores points when the other team bids"),
                N_("003: 45"),
            ),
            _choice(
                "all_pass",
                N_("when everybody passes: the next dealer deals again, or the dealer must bid"),
                N_("003: next dealer; pagat: dealer forced"),
                "next_dealer_redeal",
                "dealer_forced",
            ),
        )
    }
)

_OPTIONS: dict[str, Option] = {}
# Every option by name: the app's own families' (known whether or not the registry was read: `referee check` starts
# without it), then those of every family registered besides (`add_options`, which the family registry calls). What the
# rules page, the house-rules form and the engine read.
OPTIONS: Mapping[str, Option] = MappingProxyType(ChainMap(_OPTIONS, dict(BUILT_IN_OPTIONS)))


def add_options(options: Iterable[Option]) -> None:
    """Offer `options` beside the others (a family's, as `families.register` adds them); ValueError for an option of
    a name already taken by another option, and then none is added. Two families may share one option (`target`)."""
    added = {option.name: option for option in options}
    taken = sorted(name for name, option in added.items() if name in OPTIONS and OPTIONS[name] != option)
    if taken:
        raise ValueError(f"options already declared otherwise: {', '.join(taken)}")
    _OPTIONS.update(added)
    say_choices({(option.name, value): words for option in added.values() for value, words in option.said})


def remove_options(names: Iterable[str]) -> None:
    """Take the options `names` out (a family's, as `families.unregister` takes them)."""
    names = tuple(names)
    for name in names:
        _OPTIONS.pop(name, None)
    unsay_choices(names)


def options_named(*names: str) -> tuple[Option, ...]:
    """The app's own options of these names, in this order: a family's declaration of those it sets."""
    return tuple(BUILT_IN_OPTIONS[name] for name in names)
