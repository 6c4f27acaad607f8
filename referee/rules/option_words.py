"""The table options in a player's words: a label for each option, and each choice's value said plainly.

The records and the command line keep the options' names and values; the house-rules form shows these.
"""

from __future__ import annotations

from collections import ChainMap
from collections.abc import Iterable, Mapping
from types import MappingProxyType

from referee.rules.words import N_, say, say_in

# Each option's name as a player reads it on a form: a few plain words; the name itself is for the command line.
LABELS: Mapping[str, str] = MappingProxyType(
    {
        "packs": N_("Packs of cards"),
        "jokers": N_("Jokers in play"),
        "hand_size": N_("Cards dealt to each player"),
        "min_players": N_("Fewest players"),
        "max_players": N_("Most players"),
        "group_max": N_("Most cards in a group"),
        "group_duplicate_suits": N_("A group may hold the same card twice"),
        "group_joker_distinct_suits": N_("No repeated suit in a group with a joker"),
        "identities": N_("Identities: three copies of one card"),
        "run_min": N_("Fewest cards in a run"),
        "run_max": N_("Most cards in a run"),
        "ace_low": N_("Ace before the 2"),
        "ace_high": N_("Ace after the king"),
        "ace_wraps": N_("Ace in the middle of a run (K A 2)"),
        "max_jokers_per_meld": N_("Most jokers in one meld"),
        "joker_can_extend": N_("A joker may be added to a meld on the table"),
        "table_rearrange": N_("Rearranging the melds on the table"),
        "distinct_melds": N_("The melds of one turn all differ"),
        "meld_values": N_("What cards count in a meld"),
        "joker_meld_value": N_("What a joker counts in a meld"),
        "opening_threshold": N_("Points needed to open"),
        "opening_scope": N_("What counts towards the opening"),
        "all_in_one_exempt": N_("Going out all in one needs no opening"),
        "set_joker_release": N_("Taking a joker back from a group"),
        "either_card_takes_run_joker": N_("Either possible card takes a run's joker"),
        "run_joker_taken_without_card": N_("A run's joker taken with no card in its place"),
        "joker_retrieval_penalty": N_("Penalty for a joker taken back and not laid"),
        "hand_values": N_("What cards left in hand count"),
        "scoring": N_("How the game is scored"),
        "all_in_one_multiplier": N_("Penalties multiplied after all in one"),
        "hunt_reward": N_("Points off the winner after a hunt"),
        "going_out_reward": N_("Points off the winner after going out"),
        "elimination_threshold": N_("Eliminated at"),
        "elimination_inclusive": N_("Out on reaching that total exactly"),
        "target": N_("Score that ends the game"),
        "buyback_cost": N_("Chips to buy back in"),
        "max_buybacks": N_("Buy-backs per player"),
        "buyback_score": N_("Total after a buy-back"),
        "ante": N_("Chips each player puts in the pot"),
        "chips_per_win": N_("Chips paid to the round's winner"),
        "chips_per_kaluki": N_("Chips paid for a kaluki"),
        "min_bid": N_("Lowest bid"),
        "made_bid": N_("What a made bid scores"),
        "bid_out": N_("Score from which only the bidders score"),
        "all_pass": N_("When everybody passes"),
    }
)

# Each value of a choice in a player's words, for the house-rules form (the records and the CLI keep the values).
_ADDED_CHOICES: dict[tuple[str, str], str] = {}  # a family's own options' values, as the registry adds them
CHOICE_WORDS: Mapping[tuple[str, str], str] = ChainMap(
    _ADDED_CHOICES,
    {
        ("table_rearrange", "no"): N_("never"),
        ("table_rearrange", "keep_three"): N_("each meld keeps three of its cards"),
        ("table_rearrange", "manipulation"): N_("freely, if every meld is valid at the end of the turn"),
        ("meld_values", "penalty"): N_("the penalty table"),
        ("meld_values", "face"): N_("face values"),
        ("meld_values", "salon"): N_("the salon table"),
        ("opening_scope", "turn_total"): N_("all the melds of the turn together"),
        ("opening_scope", "single_meld"): N_("one meld alone"),
        ("set_joker_release", "any_missing"): N_("by a card of any suit it could stand for"),
        ("set_joker_release", "both_missing"): N_("only by adding both missing suits"),
        ("set_joker_release", "unambiguous"): N_("once the group has four cards"),
        ("hand_values", "penalty"): N_("the penalty table"),
        ("hand_values", "salon"): N_("the salon table (joker 20, ace 15)"),
        ("scoring", "penalty"): N_("penalties: the lowest total wins"),
        ("scoring", "points"): N_("points: the first to the target wins"),
        ("buyback_score", "highest_remaining"): N_("the highest total still in"),
        ("buyback_score", "zero"): N_("zero"),
        ("made_bid", "bid_plus_points"): N_("the bid plus the points taken"),
        ("made_bid", "points_taken"): N_("the points taken"),
        ("all_pass", "next_dealer_redeal"): N_("the next dealer deals again"),
        ("all_pass", "dealer_forced"): N_("the dealer must bid"),
    },
)


def say_choices(words: Mapping[tuple[str, str], str]) -> None:
    """Say each `(option, value)` of `words` as players do (English, marked with N_): a family's own options'."""
    _ADDED_CHOICES.update(words)


def unsay_choices(names: Iterable[str]) -> None:
    """Forget the words of every value of the options `names` (a family's own, as it is unregistered)."""
    gone = set(names)
    for key in [key for key in _ADDED_CHOICES if key[0] in gone]:
        del _ADDED_CHOICES[key]


def choice_said(name: str, value: str) -> str:
    """A value of the choice `name` in a player's words, in the language spoken now (the value itself if none).

    >>> choice_said("table_rearrange", "keep_three")
    'each meld keeps three of its cards'
    """
    return say(CHOICE_WORDS.get((name, value), value))


# The words a house rule written as a number takes besides one, as a player types them in their language ("aucun" in
# French): the records and the command line keep the words themselves (`none`, `auto`, `represented`).
TYPED_WORDS: Mapping[str, str] = MappingProxyType(
    {
        # TRANSLATORS: what a player types for "no limit" in a house rule's number field (no target, never eliminated)
        "none": say_in("house rule typed", "none"),
        # TRANSLATORS: what a player types in a house rule's number field for "by the number of players"
        "auto": say_in("house rule typed", "auto"),
        # TRANSLATORS: what a player types in a house rule's number field for "the card the joker stands for"
        "represented": say_in("house rule typed", "represented"),
    }
)


def typed_word(word: str) -> str:
    """A word a house rule takes besides a number (`none`), as a player types it in the language spoken now.

    >>> typed_word("none"), typed_word("auto")
    ('none', 'auto')
    """
    return TYPED_WORDS.get(word, word)


# Each preset as a player names it (the records and the command line keep the preset's own name); a family's own
# presets add their titles as the registry adds them (`presets.add_presets`).
_ADDED_NAMES: dict[str, str] = {}
PRESET_NAMES: Mapping[str, str] = ChainMap(
    _ADDED_NAMES,
    {
        "kaluki": N_("Kaluki"),
        "kaluki-hunt": N_("Kaluki, Hunt or Going Out scoring"),
        "kaluki-club": N_("Kaluki, club rules"),
        "rami": N_("Rami"),
        "rami-elimination": N_("Rami, by elimination"),
    },
)


def name_presets(titles: Mapping[str, str]) -> None:
    """Name each preset of `titles` as players do (English, marked with N_): a family's own, as it is registered."""
    _ADDED_NAMES.update(titles)


def unname_presets(names: Iterable[str]) -> None:
    """Forget the names of the presets `names` (a family's own, as it is unregistered)."""
    for name in names:
        _ADDED_NAMES.pop(name, None)


def preset_said(name: str) -> str:
    """A preset's name in a player's words, in the language spoken now (the preset's own name if it has none).

    >>> preset_said("kaluki-club"), preset_said("rami")
    ('Kaluki, club rules', 'Rami')
    """
    return say(PRESET_NAMES.get(name, name))
