"""Every option of docs/rules.md §2-3 as parametrize tables, each row naming the rule it checks.

Values come from docs/rules.md §4: penalty table (A 11, K Q J 10 10, 2-9 face, joker 15), face (ace 1 in a low
run), salon (A 15 or 5 in a low run, K Q J 10 10, 2-9 5). A joker counts as the card it stands for unless
`joker_meld_value` is a number; when its card is not fixed, the meld is worth the most the player could declare.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.building import extend_meld
from referee.rules.cards import CardError, check_pack_limits, parse_cards
from referee.rules.families import family_playing
from referee.rules.melds import MeldCheck, check_meld
from referee.rules.opening import check_opening
from referee.rules.option_words import CHOICE_WORDS
from referee.rules.options import OPTIONS, OptionError, Value
from referee.rules.presets import PRESETS, parse_setting
from referee.rules.release import release_joker
from referee.rules.rummy_family import rummy_rules
from referee.rules.table import RummyRules

RUMMY_PRESETS = [name for name in PRESETS if family_playing(name).name == "rummy"]
KAISER_PRESETS = [name for name in PRESETS if family_playing(name).name == "kaiser"]


def check(cards: str, preset: str = "kaluki", settings: dict[str, Value] | None = None) -> MeldCheck:
    return check_meld(parse_cards(cards), rummy_rules(preset, settings or {}))


def row(
    cards: str,
    preset: str,
    settings: dict[str, Value],
    valid: bool,
    value: int | None,
    rule: str | None,
    *,
    id: str,
) -> Any:
    return pytest.param(cards, preset, settings, valid, value, rule, id=id)


MELD_ROWS = [
    # group_max
    row("5♣ 5♦ 5♥ 5♠", "kaluki", {}, True, 20, None, id="§2 group_max=4: four of a rank is a group"),
    row("5♣ 5♦ 5♥ 5♠ 5♣", "kaluki", {}, False, None, "group_max", id="§2 group_max=4: five of a rank refused"),
    row("5♣ 5♦ 5♥ 5♠ JK", "kaluki", {}, False, None, "group_max", id="§2 group_max=4: a joker is a fifth card"),
    row("5♣ 5♦ 5♥", "kaluki", {"group_max": 3}, True, 15, None, id="§2 group_max=3: three of a rank"),
    row("5♣ 5♦ 5♥ 5♠", "kaluki", {"group_max": 3}, False, None, "group_max", id="§2 group_max=3: four refused"),
    row("5♣ 5♦ 5♥ 5♠ 5♣", "kaluki", {"group_max": 5}, True, 25, None, id="§2 group_max=5: five of a rank"),
    row("5♣ 5♦ 5♥ JK", "kaluki-club", {}, True, 20, None, id="§2 group_max=4: three and a joker"),
    # group_duplicate_suits
    row("7♥ 7♥ 7♠", "kaluki", {}, True, 21, None, id="§2 group_duplicate_suits=yes: 7♥ 7♥ 7♠"),
    row("7♥ 7♥ 7♠ 7♠", "kaluki", {}, True, 28, None, id="§2 group_duplicate_suits=yes: 7♥ 7♥ 7♠ 7♠"),
    row(
        "7♥ 7♥ 7♠",
        "kaluki-club",
        {},
        False,
        None,
        "group_duplicate_suits",
        id="§2 group_duplicate_suits=no (kaluki-club): 7♥ 7♥ 7♠ refused",
    ),
    row(
        "7♥ 7♥ 7♠",
        "kaluki",
        {"group_duplicate_suits": False},
        False,
        None,
        "group_duplicate_suits",
        id="§2 group_duplicate_suits=no (kaluki overridden): 7♥ 7♥ 7♠ refused",
    ),
    row(
        "7♥ 7♥ 7♠",
        "kaluki-club",
        {"group_duplicate_suits": True},
        True,
        21,
        None,
        id="§2 group_duplicate_suits=yes (kaluki-club overridden): 7♥ 7♥ 7♠",
    ),
    row(
        "7♥ 7♥ 7♠",
        "rami",
        {"group_duplicate_suits": True},
        True,
        15,
        None,
        id="§2 group_duplicate_suits=yes (rami overridden): 7♥ 7♥ 7♠ salon 15",
    ),
    # group_joker_distinct_suits
    row(
        "9♥ 9♥ JK",
        "kaluki",
        {},
        False,
        None,
        "group_joker_distinct_suits",
        id="§2 group_joker_distinct_suits=yes: 9♥ 9♥ JK refused",
    ),
    row(
        "9♥ 9♥ JK",
        "kaluki",
        {"group_joker_distinct_suits": False},
        True,
        33,
        None,
        id="§2 group_joker_distinct_suits=no with duplicate suits: 9♥ 9♥ JK",
    ),
    row(
        "9♥ 9♥ JK",
        "kaluki-club",
        {"group_joker_distinct_suits": False},
        False,
        None,
        "group_duplicate_suits",
        id="§2 group_joker_distinct_suits=no but group_duplicate_suits=no: 9♥ 9♥ JK refused",
    ),
    row("9♥ 9♠ 9♦ JK", "kaluki", {}, True, 42, None, id="§2 group_joker_distinct_suits: three suits and a joker"),
    row("9♥ 9♠ JK JK", "kaluki", {}, True, 48, None, id="§2 group_joker_distinct_suits: two suits, two jokers"),
    row(
        "Q♦ Q♥ Q♠ Q♣ JK",
        "kaluki",
        {"group_max": 5},
        False,
        None,
        "group_joker_distinct_suits",
        id="§2 group_joker_distinct_suits with group_max=5: four suits and a joker refused",
    ),
    row(
        "Q♦ Q♥ JK JK JK",
        "kaluki",
        {"group_max": 5},
        False,
        None,
        "group_joker_distinct_suits",
        id="§2 group_joker_distinct_suits with group_max=5: two suits and three jokers refused",
    ),
    row(
        "Q♦ Q♥ Q♠ JK JK JK",
        "kaluki",
        {"group_max": 6},
        False,
        None,
        "group_joker_distinct_suits",
        id="§2 group_joker_distinct_suits with group_max=6: three suits and three jokers refused",
    ),
    row(
        "Q♦ Q♥ Q♠ Q♣ JK",
        "kaluki-club",
        {"group_max": 5},
        False,
        None,
        "group_duplicate_suits",
        id="§2 group_duplicate_suits=no with group_max=5: four suits and a joker refused",
    ),
    row(
        "Q♦ Q♥ Q♠ JK",
        "kaluki",
        {"group_max": 5},
        True,
        45,
        None,
        id="§2 group_joker_distinct_suits with group_max=5: three suits and a joker",
    ),
    row(
        "Q♦ Q♦ Q♥ Q♠ Q♣",
        "kaluki",
        {"group_max": 5},
        True,
        50,
        None,
        id="§2 group_duplicate_suits with group_max=5: five queens without a joker",
    ),
    row(
        "Q♦ Q♥ Q♠ Q♣ JK",
        "kaluki",
        {"group_max": 5, "group_joker_distinct_suits": False},
        True,
        55,
        None,
        id="§2 group_joker_distinct_suits=no with group_max=5: the joker may repeat a suit",
    ),
    # A run never holds the same rank twice
    row("5♥ 6♥ 6♥ 7♥", "kaluki", {}, False, None, None, id="§2 a run never holds the same rank twice"),
    row("5♥ 6♥ JK 6♥", "kaluki", {}, False, None, None, id="§2 a run never holds the same rank twice (joker)"),
    row("5♥ 6♠ 7♥", "kaluki", {}, False, None, None, id="§2 a run is of one suit"),
    row("5♥ 7♥ 8♥", "kaluki", {}, False, None, None, id="§2 a run is in consecutive order"),
    row("5♥ 6♥", "kaluki", {}, False, None, None, id="§2 a meld has at least 3 cards"),
    # run_min / run_max
    row("5♥ 6♥ 7♥", "kaluki", {}, True, 18, None, id="§2 run_min=3: three cards"),
    row("5♥ 6♥ 7♥", "kaluki", {"run_min": 4}, False, None, "run_min", id="§2 run_min=4: three cards refused"),
    row("5♥ 6♥ 7♥ 8♥", "kaluki", {"run_min": 4}, True, 26, None, id="§2 run_min=4: four cards"),
    row("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", "kaluki", {}, True, 52, None, id="§2 run_max=8 (kaluki): eight cards"),
    row(
        "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠",
        "kaluki",
        {},
        False,
        None,
        "run_max",
        id="§2 run_max=8 (kaluki): nine cards refused",
    ),
    row(
        "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ JK 10♠ J♠",
        "kaluki",
        {},
        False,
        None,
        "run_max",
        id="§2 run_max=8 (kaluki): nine cards with a joker refused",
    ),
    row(
        "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠",
        "kaluki",
        {"run_max": 9},
        True,
        62,
        None,
        id="§2 run_max=9 (kaluki overridden): nine cards",
    ),
    row(
        "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠",
        "kaluki-club",
        {"run_max": 8},
        False,
        None,
        "run_max",
        id="§2 run_max=8 (kaluki-club overridden): nine cards refused",
    ),
    row(
        "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
        "kaluki",
        {"run_max": 13},
        True,
        95,
        None,
        id="§2 run_max=13: a run of 13 cards (kaluki: ace 11)",
    ),
    row(
        "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
        "kaluki-club",
        {},
        True,
        None,
        None,
        id="§2 run_max=13 (kaluki-club): a run of 13 cards",
    ),
    # ace_low / ace_high / ace_wraps
    row("A♣ 2♣ 3♣", "kaluki", {}, True, 16, None, id="§2 ace_low=yes: A 2 3 (kaluki: ace 11)"),
    row("A♣ 2♣ 3♣", "kaluki-club", {}, True, 6, None, id="§2 ace_low=yes: A 2 3 (face: ace 1 in a low run)"),
    row("3♣ 2♣ A♣", "kaluki-club", {}, True, 6, None, id="§2 ace_low=yes: 3 2 A descending"),
    row("A♣ 2♣ 3♣", "kaluki", {"ace_low": False}, False, None, "ace_low", id="§2 ace_low=no: A 2 3 refused"),
    row("Q♦ K♦ A♦", "kaluki", {}, True, 31, None, id="§2 ace_high=yes: Q K A"),
    row("Q♦ K♦ A♦", "kaluki-club", {}, True, 31, None, id="§2 ace_high=yes (face): Q K A"),
    row("Q♦ K♦ A♦", "kaluki", {"ace_high": False}, False, None, "ace_high", id="§2 ace_high=no: Q K A refused"),
    row("Q♦ K♦ A♦", "rami", {"ace_high": False}, False, None, "ace_high", id="§2 ace_high=no (rami): Q K A refused"),
    row("A♣ 2♣ 3♣", "kaluki", {"ace_high": False}, True, 16, None, id="§2 ace_high=no: A 2 3 still valid"),
    row("Q♦ K♦ A♦", "kaluki", {"ace_low": False}, True, 31, None, id="§2 ace_low=no: Q K A still valid"),
    row("Q♦ K♦ A♦ 2♦", "kaluki", {}, True, 33, None, id="§2 ace_wraps=yes (kaluki): Q K A 2"),
    row("K♠ A♠ 2♠", "kaluki", {}, True, 23, None, id="§2 ace_wraps=yes (kaluki): K A 2"),
    row(
        "9♥ 10♥ J♥ Q♥ K♥ A♥ 2♥ 3♥",
        "kaluki",
        {},
        True,
        65,
        None,
        id="§2 ace_wraps=yes (kaluki): eight cards round the corner",
    ),
    row(
        "Q♦ K♦ A♦ 2♦",
        "kaluki",
        {"ace_wraps": False},
        False,
        None,
        "ace_wraps",
        id="§2 ace_wraps=no (kaluki overridden): Q K A 2 refused",
    ),
    row("Q♦ K♦ A♦ 2♦", "kaluki-club", {}, False, None, "ace_wraps", id="§2 ace_wraps=no (kaluki-club): Q K A 2"),
    row("K♠ A♠ 2♠", "rami", {}, False, None, "ace_wraps", id="§2 ace_wraps=no (rami): K A 2 refused"),
    row(
        "Q♦ K♦ A♦ 2♦",
        "kaluki-club",
        {"ace_wraps": True},
        True,
        None,
        None,
        id="§2 ace_wraps=yes (kaluki-club overridden): Q K A 2",
    ),
    row("K♠ A♠ 2♠", "rami", {"ace_wraps": True}, True, None, None, id="§2 ace_wraps=yes (rami overridden): K A 2"),
    # max_jokers_per_meld and at least one natural card
    row("5♦ JK JK 8♦", "kaluki", {}, True, 43, None, id="§2 max_jokers_per_meld=none (kaluki): two jokers"),
    row(
        "5♦ JK JK 8♦",
        "rami",
        {},
        False,
        None,
        "max_jokers_per_meld",
        id="§2 max_jokers_per_meld=1 (rami): two jokers refused",
    ),
    row("5♦ JK 7♦", "rami", {}, True, 15, None, id="§2 max_jokers_per_meld=1 (rami): one joker"),
    row(
        "5♦ JK JK 8♦",
        "kaluki",
        {"max_jokers_per_meld": 1},
        False,
        None,
        "max_jokers_per_meld",
        id="§2 max_jokers_per_meld=1 (kaluki overridden): two jokers refused",
    ),
    row(
        "5♦ JK JK 8♦",
        "rami",
        {"max_jokers_per_meld": None},
        True,
        20,
        None,
        id="§2 max_jokers_per_meld=none (rami overridden): two jokers, salon 20",
    ),
    row(
        "5♦ JK JK JK 9♦",
        "kaluki",
        {"max_jokers_per_meld": 2},
        False,
        None,
        "max_jokers_per_meld",
        id="§2 max_jokers_per_meld=2: three jokers refused",
    ),
    row(
        "5♦ JK JK 8♦",
        "kaluki",
        {"max_jokers_per_meld": 2},
        True,
        43,
        None,
        id="§2 max_jokers_per_meld=2: two jokers",
    ),
    row("JK JK JK", "kaluki", {}, False, None, None, id="§2 a meld always holds at least one natural card (3)"),
    row("JK JK JK JK", "kaluki", {}, False, None, None, id="§2 a meld always holds at least one natural card (4)"),
    row("JK JK JK", "kaluki-club", {}, False, None, None, id="§2 at least one natural card (kaluki-club)"),
    row("JK 5♦ JK", "kaluki", {}, True, 35, None, id="§2 one natural card is enough"),
]


@pytest.mark.parametrize(("cards", "preset", "settings", "valid", "value", "rule"), MELD_ROWS)
def test_meld_options(
    cards: str, preset: str, settings: dict[str, Value], valid: bool, value: int | None, rule: str | None
) -> None:
    result = check(cards, preset, settings)
    assert result.valid is valid, result.reason
    if valid:
        assert result.reason is None
        if value is not None:
            assert result.value == value
    else:
        assert result.reason, "a refusal says why"
        if rule is not None:
            assert result.rule == rule, f"the refusal rests on {rule}: {result.reason}"


VALUE_ROWS = [
    # meld_values: the same melds under the three tables (joker represented)
    *[
        pytest.param(cards, "kaluki-club", {"meld_values": table}, value, id=f"§4 meld_values={table}: {cards}")
        for cards, values in (
            ("A♣ 2♣ 3♣", {"penalty": 16, "face": 6, "salon": 15}),
            ("3♣ 2♣ A♣", {"penalty": 16, "face": 6, "salon": 15}),
            ("Q♣ K♣ A♣", {"penalty": 31, "face": 31, "salon": 35}),
            ("A♠ A♥ A♦", {"penalty": 33, "face": 33, "salon": 45}),
            ("2♠ 3♠ 4♠", {"penalty": 9, "face": 9, "salon": 15}),
            ("7♣ 8♣ 9♣", {"penalty": 24, "face": 24, "salon": 15}),
            ("10♣ J♣ Q♣", {"penalty": 30, "face": 30, "salon": 30}),
            ("K♠ K♥ K♦", {"penalty": 30, "face": 30, "salon": 30}),
        )
        for table, value in values.items()
    ],
    pytest.param("A♣ 2♣ 3♣", "kaluki", {}, 16, id="§3 meld_values=penalty (kaluki)"),
    pytest.param("A♣ 2♣ 3♣", "kaluki-hunt", {}, 6, id="§3 meld_values=face (kaluki-hunt)"),
    pytest.param("A♣ 2♣ 3♣", "rami", {}, 15, id="§3 meld_values=salon (rami)"),
    pytest.param("Q♣ K♣ A♣", "rami-elimination", {}, 35, id="§3 meld_values=salon (rami-elimination)"),
    # joker_meld_value
    pytest.param("8♣ 8♦ JK", "kaluki", {}, 31, id="§2 joker_meld_value=15 (kaluki): 8 8 JK"),
    pytest.param(
        "8♣ 8♦ JK", "kaluki", {"joker_meld_value": "represented"}, 24, id="§2 joker_meld_value=represented: 8 8 JK"
    ),
    pytest.param("8♣ 8♦ JK", "kaluki-club", {}, 24, id="§2 joker_meld_value=represented (kaluki-club): 8 8 JK"),
    pytest.param("8♣ 8♦ JK", "kaluki-hunt", {}, 24, id="§2 joker_meld_value=represented (kaluki-hunt): 8 8 JK"),
    pytest.param(
        "8♣ 8♦ JK", "kaluki-club", {"joker_meld_value": 15}, 31, id="§2 joker_meld_value=15 (kaluki-club): 8 8 JK"
    ),
    pytest.param("8♣ 8♦ JK", "kaluki-club", {"joker_meld_value": 20}, 36, id="§2 joker_meld_value=20: 8 8 JK"),
    pytest.param("8♣ 8♦ JK", "rami", {}, 15, id="§2 joker_meld_value=represented (rami salon): 8 8 JK"),
    pytest.param("8♣ 8♦ JK", "rami", {"joker_meld_value": 15}, 25, id="§2 joker_meld_value=15 (rami): 8 8 JK"),
    pytest.param("A♠ A♥ JK", "kaluki-club", {}, 33, id="§2 joker_meld_value=represented: a joker ace in a group"),
    pytest.param("A♠ A♥ JK", "rami", {}, 45, id="§2 joker_meld_value=represented (salon): a joker ace, 15"),
    pytest.param("A♣ JK 3♣", "kaluki-club", {}, 6, id="§2 joker_meld_value=represented: A JK 3, joker 2 (face)"),
    pytest.param("A♣ JK 3♣", "kaluki", {}, 29, id="§2 joker_meld_value=15: A JK 3 (ace 11)"),
    pytest.param("A♣ JK 3♣", "rami", {}, 15, id="§2 joker_meld_value=represented: A JK 3 (salon low run)"),
    pytest.param("10♠ J♠ JK", "kaluki-club", {}, 30, id="§2 joker_meld_value=represented: 10 J JK, joker Q"),
    pytest.param("10♠ J♠ JK", "kaluki", {}, 35, id="§2 joker_meld_value=15: 10 J JK"),
    pytest.param("Q♥ K♥ JK", "kaluki-club", {}, 31, id="§2 joker_meld_value=represented: Q K JK, joker A high"),
    pytest.param("JK K♥ Q♥", "kaluki-club", {}, 31, id="§2 joker_meld_value=represented: JK K Q, joker A high"),
    pytest.param("Q♥ K♥ JK", "rami", {}, 35, id="§2 joker_meld_value=represented (salon): joker A high, 15"),
    pytest.param("JK 2♣ 3♣", "kaluki-club", {}, 6, id="§2 joker_meld_value=represented: JK 2 3, joker A low"),
    # Joker not fixed: the most the player could declare
    pytest.param("J♠ JK 10♠", "kaluki-club", {}, 30, id="§2 joker not fixed: J JK 10 worth Q (30), not 9 (29)"),
    pytest.param("J♠ JK 10♠", "kaluki", {}, 35, id="§2 joker not fixed, joker 15: J JK 10"),
    pytest.param("2♣ JK 3♣", "kaluki-club", {}, 9, id="§2 joker not fixed: 2 JK 3 worth 4 (9), not A (6)"),
    pytest.param("2♣ JK 3♣", "kaluki", {}, 20, id="§2 joker not fixed, joker 15: 2 JK 3"),
    pytest.param("5♦ JK 8♦ JK", "kaluki-club", {}, 26, id="§2 jokers not fixed: 5 JK 8 JK is 5 6 7 8"),
    # Declared jokers
    pytest.param("9♥ 9♠ JK=9D", "kaluki", {}, 33, id="§1 declared joker JK=9D in a group"),
    pytest.param("10♠ J♠ JK=QS", "kaluki-club", {}, 30, id="§1 declared joker JK=QS in a run"),
    pytest.param("10♠ J♠ JK=9S", "kaluki-club", {}, 29, id="§1 declared joker JK=9S in a run, any order"),
    # A run of all 13 ranks: its ace counts high when ace_high, whatever the order laid, jokers or not
    *[
        pytest.param(cards, preset, {"run_max": 13}, value, id=f"§2 a run of all 13 ranks ({preset}): {cards}")
        for cards in (
            "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
            "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠",
            "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",
            "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠",
            "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ JK",
            "JK 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
            "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ JK",
            "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ JK A♠",
            "A♠ JK 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
            "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ JK",
            "JK JK 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
        )
        for preset, value in (("kaluki-club", 95), ("kaluki-hunt", 95))
    ],
    pytest.param(
        "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ JK",
        "rami",
        {},
        95,
        id="§2 a run of all 13 ranks (rami, salon): the joker ace counts 15, not 5",
    ),
    pytest.param(
        "JK 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠",
        "rami",
        {},
        95,
        id="§2 a joker as a 13-card run's ace counts high (rami): laid first, still 15, not 5",
    ),
    pytest.param(
        "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠",
        "kaluki-club",
        {"ace_high": False},
        85,
        id="§2 a run of all 13 ranks with ace_high=no: the ace counts low (1)",
    ),
    pytest.param(
        "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ JK",
        "kaluki-club",
        {"ace_high": False},
        85,
        id="§2 a run of all 13 ranks with ace_high=no: the joker ace counts low (1)",
    ),
    pytest.param(
        "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ JK",
        "kaluki-club",
        {"ace_high": False, "ace_wraps": True},
        95,
        id="§2 a run of all 13 ranks with ace_high=no, ace_wraps=yes: round the corner, the ace counts high",
    ),
]


@pytest.mark.parametrize(("cards", "preset", "settings", "value"), VALUE_ROWS)
def test_meld_values(cards: str, preset: str, settings: dict[str, Value], value: int) -> None:
    result = check(cards, preset, settings)
    assert result.valid, result.reason
    assert result.value == value


def possibilities(result: MeldCheck) -> list[set[str]]:
    return [{str(card) for card in options} for options in result.jokers]


@pytest.mark.parametrize(
    ("cards", "preset", "jokers"),
    [
        pytest.param("10♠ J♠ JK", "kaluki", [{"QS"}], id="§2 reading order: 10♠ J♠ JK, the joker is Q♠"),
        pytest.param("JK 10♠ J♠", "kaluki", [{"9S"}], id="§2 reading order: JK 10♠ J♠, the joker is 9♠"),
        pytest.param("J♠ JK 10♠", "kaluki", [{"QS", "9S"}], id="§2 reading order: J♠ JK 10♠, Q♠ or 9♠"),
        pytest.param("J♠ 10♠ JK", "kaluki", [{"9S"}], id="§2 reading order: descending J♠ 10♠ JK, 9♠"),
        pytest.param("JK J♠ 10♠", "kaluki", [{"QS"}], id="§2 reading order: descending JK J♠ 10♠, Q♠"),
        pytest.param("10♠ J♠ JK", "kaluki-club", [{"QS"}], id="§2 reading order (kaluki-club): 10♠ J♠ JK"),
        pytest.param("JK 10♠ J♠", "rami", [{"9S"}], id="§2 reading order (rami): JK 10♠ J♠"),
        pytest.param("J♠ JK 10♠", "rami", [{"QS", "9S"}], id="§2 reading order (rami): J♠ JK 10♠"),
        pytest.param("9♥ 9♠ JK", "kaluki", [{"9D", "9C"}], id="§2 group: 9♥ 9♠ JK, the joker is 9♦ or 9♣"),
        pytest.param("9♥ 9♠ JK", "rami", [{"9D", "9C"}], id="§2 group (rami): 9♥ 9♠ JK"),
        pytest.param("9♥ 9♠ 9♦ JK", "kaluki", [{"9C"}], id="§2 group: 9♥ 9♠ 9♦ JK, the joker is 9♣"),
        pytest.param("5♦ JK 7♦", "rami", [{"6D"}], id="§2 reading order: 5♦ JK 7♦, the joker is 6♦"),
        pytest.param("5♦ JK JK 8♦", "kaluki", [{"6D"}, {"7D"}], id="§2 reading order: two jokers in place"),
        pytest.param("Q♥ K♥ JK", "kaluki-club", [{"AH"}], id="§2 reading order: Q♥ K♥ JK, the joker is A♥"),
        pytest.param("JK 2♣ 3♣", "kaluki-club", [{"AC"}], id="§2 reading order: JK 2♣ 3♣, the joker is A♣"),
        pytest.param("2♣ JK 3♣", "kaluki-club", [{"AC", "4C"}], id="§2 any order: 2♣ JK 3♣, A♣ or 4♣"),
        pytest.param(
            "5♦ JK 8♦ JK", "kaluki", [{"6D", "7D"}, {"6D", "7D"}], id="§2 any order: 5♦ JK 8♦ JK, each 6♦ or 7♦"
        ),
        pytest.param("9♥ 9♠ JK=9D", "kaluki", [{"9D"}], id="§1 a declared joker is its card (group)"),
        pytest.param("J♠ JK=QS 10♠", "kaluki", [{"QS"}], id="§1 a declared joker is its card (run)"),
    ],
)
def test_joker_possibilities(cards: str, preset: str, jokers: list[set[str]]) -> None:
    result = check(cards, preset)
    assert result.valid, result.reason
    assert possibilities(result) == jokers
    assert result.as_json()["jokers"] == [[str(card) for card in options] for options in result.jokers]


@pytest.mark.parametrize(
    ("cards", "preset", "settings", "kind", "jokers"),
    [
        pytest.param(
            "JK JK 8♦ JK JK",
            "kaluki-hunt",
            {},
            "run",
            [{"6D", "10D"}, {"7D", "9D"}, {"7D", "9D"}, {"6D", "10D"}],
            id="§2 a run that reads the same both ways: JK JK 8♦ JK JK, 6♦ or 10♦, 7♦ or 9♦",
        ),
        pytest.param(
            "JK JK 8♦ JK JK",
            "kaluki",
            {},
            "run",
            [{"6D", "10D"}, {"7D", "9D"}, {"7D", "9D"}, {"6D", "10D"}],
            id="§2 a run that reads the same both ways (kaluki): JK JK 8♦ JK JK",
        ),
        pytest.param(
            "JK 9♠ JK",
            "rami",
            {"max_jokers_per_meld": None},
            "run",
            [{"8S", "10S"}, {"8S", "10S"}],
            id="§2 a run that reads the same both ways (rami, salon run 20 beats group 15): JK 9♠ JK",
        ),
        pytest.param(
            "JK K♠ JK",
            "kaluki-club",
            {},
            "run",
            [{"QS", "AS"}, {"QS", "AS"}],
            id="§2 a run that reads the same both ways (Q K A 31 beats 30): JK K♠ JK, Q♠ or A♠",
        ),
        pytest.param(
            "JK 5♥ JK",
            "kaluki-club",
            {},
            "group",
            [{"5S", "5D", "5C"}, {"5S", "5D", "5C"}],
            id="§2 JK 5♥ JK ties at 15 as a group and as a run: a group, its jokers the group's",
        ),
        pytest.param(
            "JK 9♠ JK",
            "kaluki-hunt",
            {},
            "group",
            [{"9H", "9D", "9C"}, {"9H", "9D", "9C"}],
            id="§2 JK 9♠ JK ties at 27 in kaluki-hunt: a group, its jokers the group's",
        ),
    ],
)
def test_a_run_that_reads_the_same_both_ways(
    cards: str, preset: str, settings: dict[str, Value], kind: str, jokers: list[set[str]]
) -> None:
    result = check(cards, preset, settings)
    assert (result.valid, result.kind) == (True, kind), result.reason
    assert possibilities(result) == jokers
    assert check(" ".join(reversed(cards.split())), preset, settings).jokers == result.jokers


@pytest.mark.parametrize(
    ("cards", "preset"),
    [
        pytest.param("9♥ 9♠ JK=9H", "kaluki", id="§2 a declared joker repeating a suit in a group"),
        pytest.param("9♥ 9♠ JK=8C", "kaluki", id="§2 a declared joker of another rank in a group"),
        pytest.param("10♠ J♠ JK=5S", "kaluki", id="§2 a declared joker that leaves a gap in a run"),
        pytest.param("10♠ J♠ JK=QH", "kaluki", id="§2 a declared joker of another suit in a run"),
    ],
)
def test_declared_joker_must_fit(cards: str, preset: str) -> None:
    assert not check(cards, preset).valid


@pytest.mark.parametrize(
    ("preset", "settings", "kind", "value"),
    [
        pytest.param("kaluki", {}, "group", 37, id="§2 group or run: 7♦ JK JK (kaluki) ties at 37, a group"),
        pytest.param(
            "rami",
            {"max_jokers_per_meld": None},
            "group",
            15,
            id="§2 group or run: 7♦ JK JK (rami, salon) ties at 15, a group",
        ),
        pytest.param("kaluki-club", {}, "run", 24, id="§2 group or run: 7♦ JK JK (face) run 7 8 9 (24) beats 21"),
        pytest.param("kaluki-hunt", {}, "run", 24, id="§2 group or run: 7♦ JK JK (kaluki-hunt) run 24"),
    ],
)
def test_group_or_run_takes_the_higher_value(preset: str, settings: dict[str, Value], kind: str, value: int) -> None:
    result = check("7♦ JK JK", preset, settings)
    assert result.valid, result.reason
    assert (result.kind, result.value) == (kind, value)
    if kind == "group":
        assert possibilities(result) == [{"7S", "7H", "7C"}, {"7S", "7H", "7C"}]
    else:
        # The run read as laid, 7♦ 8♦ 9♦, is among the jokers' possibilities (a group's would be 7s).
        first, second = possibilities(result)
        assert "8D" in first and "9D" in second
        assert all(card.endswith("D") for card in first | second)


@pytest.mark.parametrize(
    ("cards", "preset", "kind", "value"),
    [
        pytest.param("A♦ JK JK", "kaluki-club", "group", 33, id="§2 group or run: A♦ JK JK, group 33 beats run 31"),
        pytest.param("K♦ JK JK", "kaluki-club", "group", 30, id="§2 group or run: K♦ JK JK ties at 30, a group"),
    ],
)
def test_group_or_run_other_ranks(cards: str, preset: str, kind: str, value: int) -> None:
    result = check(cards, preset)
    assert (result.valid, result.kind, result.value) == (True, kind, value)


# --- opening -------------------------------------------------------------------------------------------


def opening(melds: list[str], preset: str, settings: dict[str, Value] | None = None, **kw: bool) -> Any:
    rules = rummy_rules(preset, settings or {})
    return check_opening([parse_cards(meld) for meld in melds], rules, **kw)


@pytest.mark.parametrize(
    ("melds", "preset", "settings", "total", "opens", "rule"),
    [
        pytest.param(["10♣ 10♦ 10♥ 10♠"], "kaluki", {}, 40, True, None, id="§2 opening_threshold=40: exactly 40"),
        pytest.param(
            ["10♣ 10♦ 10♥", "2♠ 3♠ 4♠"],
            "kaluki",
            {},
            39,
            False,
            "opening_threshold",
            id="§2 opening_threshold=40: 39 refused",
        ),
        pytest.param(
            ["9♣ 9♦ 9♥ 9♠"],
            "kaluki",
            {"opening_threshold": 36},
            36,
            True,
            None,
            id="§2 opening_threshold=36: exactly 36",
        ),
        pytest.param(
            ["9♣ 9♦ 9♥ 9♠"],
            "kaluki",
            {"opening_threshold": 37},
            36,
            False,
            "opening_threshold",
            id="§2 opening_threshold=37: 36 refused",
        ),
        pytest.param(
            ["Q♥ K♥ A♥", "5♣ 6♣ 7♣"],
            "rami",
            {},
            50,
            False,
            "opening_threshold",
            id="§2 opening_threshold=51 (rami): 50 refused",
        ),
        pytest.param(["Q♥ K♥ A♥", "5♣ 6♣ 7♣ 8♣"], "rami", {}, 55, True, None, id="§2 opening_threshold=51 (rami): 55"),
        pytest.param(
            ["Q♥ K♥ A♥", "5♣ 6♣ 7♣"],
            "rami",
            {"opening_threshold": 50},
            50,
            True,
            None,
            id="§2 opening_threshold=50 (rami overridden): exactly 50",
        ),
        pytest.param(
            ["Q♥ K♥ A♥", "5♣ 6♣ 7♣"],
            "rami-elimination",
            {},
            50,
            False,
            "opening_threshold",
            id="§2 opening_threshold=51 (rami-elimination): 50 refused",
        ),
        pytest.param(
            ["9♣ 9♦ 9♥ 9♠", "5♥ 6♥ 7♥"],
            "kaluki",
            {},
            54,
            True,
            None,
            id="§2 opening_scope=turn_total: 36 + 18 opens",
        ),
        pytest.param(
            ["9♣ 9♦ 9♥ 9♠", "5♥ 6♥ 7♥"],
            "kaluki",
            {"opening_scope": "single_meld"},
            54,
            False,
            "opening_scope",
            id="§2 opening_scope=single_meld: 36 + 18 refused",
        ),
        pytest.param(
            ["10♣ 10♦ 10♥ 10♠", "5♥ 6♥ 7♥"],
            "kaluki",
            {"opening_scope": "single_meld"},
            58,
            True,
            None,
            id="§2 opening_scope=single_meld: one meld reaches 40",
        ),
        pytest.param(
            ["Q♥ K♥ A♥ 2♥"],
            "kaluki",
            {"opening_scope": "single_meld"},
            33,
            False,
            "opening_scope",
            id="§2 opening_scope=single_meld: one meld of 33 refused",
        ),
        pytest.param(
            ["7♥ 7♥ 7♠", "10♣ 10♦ 10♥ 10♠"],
            "kaluki-club",
            {},
            None,
            False,
            None,
            id="§2 opening: an invalid meld is refused whatever the total",
        ),
    ],
)
def test_opening_options(
    melds: list[str], preset: str, settings: dict[str, Value], total: int | None, opens: bool, rule: str | None
) -> None:
    result = opening(melds, preset, settings)
    assert result.opens is opens, result.reason
    assert result.threshold == rummy_rules(preset, settings).opening_threshold
    if total is not None:
        assert result.total == total
    if opens:
        assert result.reason is None
    else:
        assert result.reason
        if rule is not None:
            assert result.rule == rule


@pytest.mark.parametrize(
    ("preset", "settings", "all_in_one", "opens"),
    [
        pytest.param("kaluki", {}, True, True, id="§2 all_in_one_exempt=yes (kaluki): all in one opens below 40"),
        pytest.param("kaluki", {}, False, False, id="§2 all_in_one_exempt=yes (kaluki): not all in one, refused"),
        pytest.param(
            "kaluki", {"all_in_one_exempt": False}, True, False, id="§2 all_in_one_exempt=no: all in one, refused"
        ),
        pytest.param("rami", {}, True, True, id="§2 all_in_one_exempt=yes (rami): a rami opens below 51"),
        pytest.param("rami-elimination", {}, True, True, id="§2 all_in_one_exempt=yes (rami-elimination)"),
        pytest.param("kaluki-club", {}, True, True, id="§2 all_in_one_exempt=yes (kaluki-club)"),
        pytest.param("rami", {"all_in_one_exempt": False}, True, False, id="§2 all_in_one_exempt=no (rami overridden)"),
    ],
)
def test_all_in_one_exempt(preset: str, settings: dict[str, Value], all_in_one: bool, opens: bool) -> None:
    result = opening(["2♠ 3♠ 4♠", "5♥ 5♦ 5♣"], preset, settings, all_in_one=all_in_one)
    assert result.opens is opens


# --- joker release -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "hand", "preset", "settings", "released", "joker"),
    [
        # 000: "Mais lorsque la bonne carte arrive, le joueur peut alors remplacer le Joker avec celle-ci."
        pytest.param(
            "9♥ 9♠ JK", "9♦", "kaluki", {}, True, "9D", id="§2 set_joker_release=any_missing (000): one missing suit"
        ),
        pytest.param(
            "9♥ 9♠ JK", "9♣", "kaluki", {}, True, "9C", id="§2 set_joker_release=any_missing (000): the other suit"
        ),
        pytest.param(
            "9♥ 9♠ JK", "9♥", "kaluki", {}, False, None, id="§2 set_joker_release=any_missing: a suit already there"
        ),
        pytest.param(
            "9♥ 9♠ 9♦ JK", "9♣", "kaluki", {}, True, "9C", id="§2 set_joker_release=any_missing: a four-card group"
        ),
        pytest.param(
            "9♥ JK JK", "9♦ 9♣", "kaluki", {}, True, None, id="§2 set_joker_release=any_missing: two jokers, two cards"
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦",
            "kaluki-club",
            {"set_joker_release": "any_missing"},
            True,
            "9D",
            id="§2 set_joker_release=any_missing (kaluki-club overridden)",
        ),
        pytest.param(
            "9♥ 9♠ JK", "9♦", "kaluki-hunt", {}, False, None, id="§2 set_joker_release=both_missing: one missing suit"
        ),
        pytest.param(
            "9♥ 9♠ JK", "9♣", "kaluki-hunt", {}, False, None, id="§2 set_joker_release=both_missing: the other suit"
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦ 9♣",
            "kaluki-hunt",
            {},
            True,
            None,
            id="§2 set_joker_release=both_missing: both missing suits",
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦ 9♣",
            "kaluki-club",
            {},
            True,
            None,
            id="§2 set_joker_release=both_missing (kaluki-club): both suits",
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦",
            "kaluki-hunt",
            {},
            False,
            None,
            id="§2 set_joker_release=both_missing (kaluki-hunt): one suit",
        ),
        pytest.param(
            "9♥ 9♠ 9♦ JK",
            "9♣",
            "kaluki-hunt",
            {},
            False,
            None,
            id="§2 set_joker_release=both_missing: a closed group's joker is locked",
        ),
        pytest.param(
            "9♥ 9♠ 9♦ JK",
            "9♣",
            "rami",
            {},
            True,
            "9C",
            id="§2 set_joker_release=unambiguous (rami): a four-card group releases with its card",
        ),
        pytest.param(
            "9♥ 9♠ 9♦ JK",
            "9♣",
            "kaluki",
            {"set_joker_release": "unambiguous"},
            True,
            "9C",
            id="§2 set_joker_release=unambiguous (kaluki overridden): four-card group",
        ),
        pytest.param(
            "9♥ 9♠ 9♦ JK",
            "9♥",
            "rami",
            {},
            False,
            None,
            id="§2 set_joker_release=unambiguous: a card that is not the joker's",
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦",
            "rami",
            {},
            False,
            None,
            id="§2 set_joker_release=unambiguous: a three-card group's joker is not yet known",
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦",
            "rami",
            {"set_joker_release": "both_missing"},
            False,
            None,
            id="§2 set_joker_release=both_missing (rami overridden): one suit",
        ),
        pytest.param(
            "9♥ 9♠ JK",
            "9♦ 9♣",
            "rami",
            {"set_joker_release": "both_missing"},
            True,
            None,
            id="§2 set_joker_release=both_missing (rami overridden): both suits",
        ),
        pytest.param("10♠ J♠ JK", "Q♠", "kaluki", {}, True, "QS", id="§2 run release: the exact card (Q♠)"),
        pytest.param("10♠ J♠ JK", "9♠", "kaluki", {}, False, None, id="§2 run release: not the joker's card"),
        pytest.param("JK 10♠ J♠", "9♠", "kaluki", {}, True, "9S", id="§2 run release: JK 10♠ J♠ with 9♠"),
        pytest.param("5♦ JK 7♦", "6♦", "rami", {}, True, "6D", id="§2 run release (rami): 5♦ JK 7♦ with 6♦"),
        pytest.param("5♦ JK 7♦", "6♥", "rami", {}, False, None, id="§2 run release (rami): 6♥ is not 6♦"),
        pytest.param(
            "JK JK 8♦ JK JK",
            "6♦",
            "kaluki-hunt",
            {},
            False,
            None,
            id="§2 run release: JK JK 8♦ JK JK reads both ways, the joker's card is not known",
        ),
        pytest.param(
            "JK=6D JK 8♦ JK JK",
            "6♦",
            "kaluki-hunt",
            {},
            True,
            "6D",
            id="§2 run release: JK=6D JK 8♦ JK JK, a declared joker fixes the reading",
        ),
    ],
)
def test_joker_release(
    meld: str, hand: str, preset: str, settings: dict[str, Value], released: bool, joker: str | None
) -> None:
    result = release_joker(parse_cards(meld), parse_cards(hand), rummy_rules(preset, settings))
    assert result.released is released, result.reason
    assert result.as_json()["released"] is released
    assert result.reason
    if joker is not None:
        assert result.as_json()["joker"] == joker


# --- presets (docs/rules.md §3 table, every cell) -----------------------------------------------------------

KALUKI_COLUMNS = ("kaluki", "kaluki-hunt", "kaluki-club")
RAMI_COLUMNS = ("rami", "rami-elimination")

# option: (kaluki, kaluki-hunt, kaluki-club, rami and rami-elimination); "—" cells are left out.
TABLE: dict[str, tuple[Any, Any, Any, Any]] = {
    "hand_size": (13, 13, 13, 14),
    "min_players": (2, 2, 2, 2),
    "max_players": (5, 4, 6, 8),
    "group_max": (4, 4, 4, 4),
    "group_duplicate_suits": (True, True, False, False),
    "group_joker_distinct_suits": (True, True, True, True),
    "run_min": (3, 3, 3, 3),
    "run_max": (8, 13, 13, 13),
    "ace_low": (True, True, True, True),
    "ace_high": (True, True, True, True),
    "ace_wraps": (True, False, False, False),
    "max_jokers_per_meld": (None, None, None, 1),
    "joker_can_extend": (True, True, True, False),
    "meld_values": ("penalty", "face", "face", "salon"),
    "joker_meld_value": (15, "represented", "represented", "represented"),
    "opening_threshold": (40, 40, 40, 51),
    "opening_scope": ("turn_total", "turn_total", "turn_total", "turn_total"),
    "all_in_one_exempt": (True, True, True, True),
    "set_joker_release": ("any_missing", "both_missing", "both_missing", "unambiguous"),
    "either_card_takes_run_joker": (True, False, False, False),
    "run_joker_taken_without_card": (False, False, False, False),
    "identities": (False, False, False, False),
    "hand_values": ("penalty", "penalty", "penalty", "salon"),
    "buyback_cost": (5, 5, 5, 0),
    "max_buybacks": (2, 2, 2, 0),
    "ante": (3, 3, 5, 0),
    "chips_per_win": (1, 1, 1, 0),
    "chips_per_kaluki": (2, 2, 2, 0),
}
KALUKI_ONLY: dict[str, tuple[Any, Any, Any]] = {
    "all_in_one_multiplier": (1, 2, 1),
    "hunt_reward": (0, 40, 0),
    "going_out_reward": (0, 20, 0),
    "elimination_threshold": (150, 150, 150),
    "elimination_inclusive": (True, True, False),
    "target": (None, None, None),
    "buyback_score": ("highest_remaining", "highest_remaining", "highest_remaining"),
}
RAMI_CELLS: list[tuple[str, str, Any]] = [
    ("rami", "elimination_threshold", None),
    ("rami", "target", 1000),
    ("rami-elimination", "elimination_threshold", 500),
    ("rami-elimination", "elimination_inclusive", False),
]


def preset_cells() -> list[Any]:
    cells = []
    for option, values in TABLE.items():
        for preset, value in zip(KALUKI_COLUMNS, values[:3], strict=True):
            cells.append(pytest.param(preset, option, value, id=f"§3 {preset} {option}={value}"))
        for preset in RAMI_COLUMNS:
            cells.append(pytest.param(preset, option, values[3], id=f"§3 {preset} {option}={values[3]}"))
    for option, kaluki_values in KALUKI_ONLY.items():
        for preset, value in zip(KALUKI_COLUMNS, kaluki_values, strict=True):
            cells.append(pytest.param(preset, option, value, id=f"§3 {preset} {option}={value}"))
    for preset, option, value in RAMI_CELLS:
        cells.append(pytest.param(preset, option, value, id=f"§3 {preset} {option}={value}"))
    return cells


@pytest.mark.parametrize(("preset", "option", "value"), preset_cells())
def test_preset_defaults(preset: str, option: str, value: Any) -> None:
    got = getattr(rummy_rules(preset), option)
    assert type(got) is type(value) and got == value


@pytest.mark.parametrize(
    ("preset", "players", "packs", "jokers"),
    [
        pytest.param("kaluki", None, 2, 4, id="§3 kaluki packs, jokers = 2, 4"),
        pytest.param("kaluki-hunt", None, 2, 4, id="§3 kaluki-hunt packs, jokers = 2, 4"),
        pytest.param("kaluki-club", None, 2, 2, id="§3 kaluki-club packs, jokers = 2, 2"),
        *[
            pytest.param(preset, players, packs, 2 * packs, id=f"§3 {preset} {players} players: {packs} packs")
            for preset in RAMI_COLUMNS
            for players, packs in ((2, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4))
        ],
    ],
)
def test_preset_packs_and_jokers(preset: str, players: int | None, packs: int, jokers: int) -> None:
    rules = rummy_rules(preset)
    assert rules.pack_count(players) == packs
    assert rules.joker_count(players) == jokers


@pytest.mark.parametrize("preset", RUMMY_PRESETS)
def test_every_rummy_preset_has_its_rules(preset: str) -> None:
    rules = rummy_rules(preset)
    assert isinstance(rules, RummyRules)
    assert rules.preset == preset
    assert rules.changed() == {}


@pytest.mark.parametrize("preset", KAISER_PRESETS)
def test_kaiser_presets_have_no_melds(preset: str) -> None:
    with pytest.raises(OptionError):
        rummy_rules(preset)


# --- --set NAME=VALUE ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "text", "value"),
    [
        pytest.param("ace_wraps", "true", True, id="§3 --set: true"),
        pytest.param("ace_wraps", "false", False, id="§3 --set: false"),
        pytest.param("ace_wraps", "yes", True, id="§3 --set: yes"),
        pytest.param("ace_wraps", "no", False, id="§3 --set: no"),
        pytest.param("group_duplicate_suits", "no", False, id="§3 --set: no (group_duplicate_suits)"),
        pytest.param("group_max", "3", 3, id="§3 --set: a whole number (group_max)"),
        pytest.param("run_max", "13", 13, id="§3 --set: a whole number (run_max)"),
        pytest.param("opening_threshold", "51", 51, id="§3 --set: a whole number (opening_threshold)"),
        pytest.param("opening_threshold", "0", 0, id="§3 --set: zero (opening_threshold)"),
        pytest.param("max_jokers_per_meld", "none", None, id="§3 --set: none is no limit (max_jokers_per_meld)"),
        pytest.param("max_jokers_per_meld", "1", 1, id="§3 --set: a whole number (max_jokers_per_meld)"),
        pytest.param("elimination_threshold", "none", None, id="§3 --set: none (elimination_threshold)"),
        pytest.param("joker_meld_value", "represented", "represented", id="§3 --set: a word (joker_meld_value)"),
        pytest.param("joker_meld_value", "15", 15, id="§3 --set: a number (joker_meld_value)"),
        pytest.param("opening_scope", "single_meld", "single_meld", id="§3 --set: a word (opening_scope)"),
        pytest.param("set_joker_release", "unambiguous", "unambiguous", id="§3 --set: a word (set_joker_release)"),
        pytest.param("meld_values", "salon", "salon", id="§3 --set: a word (meld_values)"),
        pytest.param("hand_values", "penalty", "penalty", id="§3 --set: a word (hand_values)"),
    ],
)
def test_option_values_as_typed(option: str, text: str, value: Value) -> None:
    got = OPTIONS[option].parse(text)
    assert type(got) is type(value) and got == value
    rules = rummy_rules("kaluki", {option: text})
    assert getattr(rules, option) == value


@pytest.mark.parametrize(
    ("option", "text"),
    [
        pytest.param("ace_wraps", "3", id="§3 --set: a number for a yes/no option refused"),
        pytest.param("ace_wraps", "maybe", id="§3 --set: a word for a yes/no option refused"),
        pytest.param("ace_wraps", "none", id="§3 --set: none for a yes/no option refused"),
        pytest.param("group_max", "yes", id="§3 --set: yes for a number refused"),
        pytest.param("group_max", "four", id="§3 --set: a word for a number refused"),
        pytest.param("group_max", "4.5", id="§3 --set: a fraction refused"),
        pytest.param("group_max", "none", id="§3 --set: none where there must be a limit refused"),
        pytest.param("opening_threshold", "many", id="§3 --set: a word for the threshold refused"),
        pytest.param("opening_scope", "total", id="§3 --set: a word not in the option's list refused"),
        pytest.param("opening_scope", "1", id="§3 --set: a number for a word option refused"),
        pytest.param("meld_values", "15", id="§3 --set: a number for meld_values refused"),
        pytest.param("set_joker_release", "yes", id="§3 --set: yes for set_joker_release refused"),
        pytest.param("joker_meld_value", "face", id="§3 --set: a word not in joker_meld_value's list refused"),
    ],
)
def test_option_values_of_the_wrong_kind_are_refused(option: str, text: str) -> None:
    with pytest.raises(OptionError):
        OPTIONS[option].parse(text)
    with pytest.raises(OptionError):
        rummy_rules("kaluki", {option: text})


@pytest.mark.parametrize(
    ("preset", "name"),
    [
        pytest.param("kaluki", "no_such_option", id="§3 --set: an unknown name is refused"),
        pytest.param("kaluki", "jokers_per_meld", id="§3 --set: a misspelt name is refused"),
        pytest.param("rami", "min_bid", id="§3 --set: a Kaiser option in a Rami game is refused"),
    ],
)
def test_unknown_option_names_are_refused(preset: str, name: str) -> None:
    with pytest.raises(OptionError):
        rummy_rules(preset, {name: "1"})


def test_unknown_preset_is_refused() -> None:
    with pytest.raises(OptionError):
        rummy_rules("canasta")


@pytest.mark.parametrize(
    ("text", "pair"),
    [
        pytest.param("opening_threshold=51", ("opening_threshold", "51"), id="§3 NAME=VALUE"),
        pytest.param("ace_wraps=no", ("ace_wraps", "no"), id="§3 NAME=VALUE (yes/no)"),
    ],
)
def test_setting_as_typed(text: str, pair: tuple[str, str]) -> None:
    assert parse_setting(text) == pair


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("opening_threshold", id="§3 NAME without =VALUE refused"),
        pytest.param("=51", id="§3 =VALUE without a NAME refused"),
        pytest.param("opening_threshold=", id="§3 NAME= without a VALUE refused"),
    ],
)
def test_malformed_settings_are_refused(text: str) -> None:
    with pytest.raises(OptionError):
        parse_setting(text)


@pytest.mark.parametrize(
    ("table", "added", "preset", "settings"),
    [
        pytest.param("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", "JK", "kaluki-club", {}, id="kaluki-club, going up"),
        pytest.param(
            "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠", "JK", "rami", {"joker_can_extend": True}, id="rami, going down"
        ),
    ],
)
def test_a_joker_added_as_the_ace_of_a_13_card_run_counts_high(
    table: str, added: str, preset: str, settings: dict[str, Value]
) -> None:
    """docs/rules.md §2, the ace: a run of all 13 ranks counts its ace high, "and so is a joker standing for that
    ace" — when the joker is added to a 12-card run on the table, and when such a run opens."""
    rules = rummy_rules(preset, settings)
    high = 95  # 2-9 and 10-K as their table says, the joker as an ace above the king: 11 (face) or 15 (salon)
    extended = extend_meld(parse_cards(table), parse_cards(added), rules)
    assert extended.valid and extended.value == high
    assert [[str(card) for card in options] for options in extended.jokers] == [["AS"]]
    opening = check_opening([extended.meld], rules)
    assert opening.total == high and opening.melds[0].jokers == ((parse_cards("AS")[0],),)


# --- identities (docs/rules.md §2, Identities: 001's variant) ----------------------------------------------

IDENTITIES = {"identities": True}


@pytest.mark.parametrize(
    ("cards", "preset", "settings", "valid", "value", "rule"),
    [
        # 001: "Une identité est une combinaison qui se compose de trois copies ou plus de la même carte."
        row("7♥ 7♥ 7♥", "rami", IDENTITIES, True, 15, None, id="§2 identities (001): three copies, salon 5 each"),
        row("7♥ 7♥ 7♥ 7♥", "rami", IDENTITIES, True, 20, None, id="§2 identities (001): four copies, four packs"),
        row("A♠ A♠ A♠", "rami", IDENTITIES, True, 45, None, id="§2 identities: an identity counts as a group (A 15)"),
        row("7♥ 7♥ 7♥", "rami", {}, False, None, "group_duplicate_suits", id="§2 identities=no (rami): refused"),
        row("7♥ 7♥ 7♠", "rami", IDENTITIES, False, None, "group_duplicate_suits", id="§2 identities: copies only"),
        row("7♥ 7♥ JK", "rami", IDENTITIES, False, None, "identities", id="§2 identities: a joker is no copy"),
        row("7♥ 7♥ JK=7H", "rami", IDENTITIES, False, None, "identities", id="§2 identities: nor a declared joker"),
        row(
            "7♥ 7♥ 7♥",
            "kaluki",
            {"identities": True, "packs": 3},
            True,
            21,
            None,
            id="§2 identities in kaluki with packs=3: 21",
        ),
        row(
            "9♥ 9♥ JK",
            "kaluki",
            {"identities": True, "group_joker_distinct_suits": False},
            True,
            33,
            None,
            id="§2 identities: copies and a joker still read as a group where a group may repeat a suit",
        ),
    ],
)
def test_identities(
    cards: str, preset: str, settings: dict[str, Value], valid: bool, value: int | None, rule: str | None
) -> None:
    result = check(cards, preset, settings)
    assert result.valid is valid, result.reason
    if valid:
        assert result.value == value
        assert result.kind == ("identity" if len(set(cards.split())) == 1 else "group")
    else:
        assert result.reason and result.rule == rule, result.reason


@pytest.mark.parametrize(
    ("preset", "settings", "players", "packs", "jokers"),
    [
        pytest.param("rami", IDENTITIES, None, 4, 8, id="§2 identities, packs=auto: 4 packs, nobody counted"),
        pytest.param("rami", IDENTITIES, 2, 4, 8, id="§2 identities, packs=auto: 4 packs for 2 players (001)"),
        pytest.param("rami", IDENTITIES, 8, 4, 8, id="§2 identities, packs=auto: 4 packs for 8 players"),
        pytest.param("kaluki", IDENTITIES, 4, 2, 4, id="§2 identities with packs=2 set: still 2 packs"),
    ],
)
def test_identities_and_the_packs(
    preset: str, settings: dict[str, Value], players: int | None, packs: int, jokers: int
) -> None:
    rules = rummy_rules(preset, settings)
    assert (rules.pack_count(players), rules.joker_count(players)) == (packs, jokers)


def test_with_two_packs_an_identity_cannot_be_laid() -> None:
    """docs/rules.md §2, Identities: with 2 packs a third copy is not in play, refused as any card too many (§1)."""
    rules = rummy_rules("kaluki", IDENTITIES)
    with pytest.raises(CardError, match="7♥ appears 3 times but only 2 packs are in play"):
        check_pack_limits(parse_cards("7♥ 7♥ 7♥"), rules.pack_count(), rules.joker_count())


def test_a_typed_house_rule_changes_the_ruling() -> None:
    settings = dict(parse_setting(s) for s in ("ace_wraps=no", "run_max=13", "joker_meld_value=represented"))
    rules = rummy_rules("kaluki", settings)
    assert rules.changed() == {"ace_wraps": False, "run_max": 13, "joker_meld_value": "represented"}
    assert not check_meld(parse_cards("Q♦ K♦ A♦ 2♦"), rules).valid
    assert check_meld(parse_cards("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠"), rules).valid
    assert check_meld(parse_cards("8♣ 8♦ JK"), rules).value == 24


def test_every_option_has_a_short_plain_label_of_its_own() -> None:
    labels = [option.label for option in OPTIONS.values()]
    assert all(labels) and len(set(labels)) == len(labels)  # one each, no two alike
    for name, option in OPTIONS.items():
        assert option.label_said() == option.label and len(option.label) <= 48, name  # English outside a request
        assert "_" not in option.label and option.label[0].isupper(), name  # words, not the option's name


def test_every_value_of_every_choice_is_said_in_words() -> None:
    said = {(name, value) for name, option in OPTIONS.items() if option.kind == "choice" for value in option.choices}
    assert set(CHOICE_WORDS) == said  # each one, and nothing for a value no option takes
    assert all("_" not in words for words in CHOICE_WORDS.values())
