"""The rules in a player's words (docs/rules.md §3): each option's value said plainly, and the rule a ruling rests on
named with the rulebook it comes from, or the house rules when the table changed it."""

from __future__ import annotations

import pytest

from referee.rules.options import Value
from referee.rules.table import describe, rule_said, rules_for, rummy_rules, value_said


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("max_jokers_per_meld", None, "no limit"),
        ("ace_wraps", True, "yes"),
        ("ace_wraps", False, "no"),
        ("packs", "auto", "auto (by the number of players)"),
        ("joker_meld_value", "represented", "the card it stands for"),
        ("joker_meld_value", 25, "25"),
        ("meld_values", "salon", "the salon table"),
        ("table_rearrange", "keep_three", "each meld keeps three of its cards"),
        ("opening_threshold", 40, "40"),
        ("opening_threshold", 0, "0"),
    ],
)
def test_value_said(option: str, value: Value, said: str) -> None:
    assert value_said(option, value) == said


@pytest.mark.parametrize(
    ("preset", "option", "said"),
    [
        pytest.param(
            "kaluki", "opening_threshold", "Points needed to open — 40, from the Kaluki rulebook",
            id="the preset's own rulebook (000) speaks of it",
        ),
        pytest.param(
            "kaluki-hunt", "set_joker_release",
            "Taking a joker back from a group — only by adding both missing suits, from the English Kaluki rulebook",
            id="kaluki-hunt: 002",
        ),
        pytest.param(
            "rami", "joker_retrieval_penalty",
            "Penalty for a joker taken back and not laid — 300, from the Rami rulebook", id="rami: 001",
        ),
        pytest.param(
            "kaiser", "all_pass", "When everybody passes — the next dealer deals again, from the Kaiser rulebook",
            id="kaiser: 003",
        ),
        pytest.param(
            "kaluki-club", "run_max", "Most cards in a run — 13, from pagat.com",
            id="a preset read from pagat.com cites pagat, whoever else is quoted",
        ),
        pytest.param(
            "kaiser-pagat", "made_bid", "What a made bid scores — the points taken, from pagat.com", id="kaiser-pagat",
        ),
        pytest.param(
            "kaluki", "group_joker_distinct_suits",
            "No repeated suit in a group with a joker — yes, from the English Kaluki rulebook",
            id="000 silent: the first rulebook that speaks of it (002)",
        ),
        pytest.param(
            "kaluki-hunt", "packs", "Packs of cards — 2, from the Kaluki rulebook",
            id="002 silent on the packs: 000",
        ),
        pytest.param(
            "kaluki", "buyback_score",
            "Total after a buy-back — the highest total still in, from the referee's reading",
            id="no rulebook speaks of it: the referee's own reading",
        ),
    ],
)  # fmt: skip
def test_rule_said_names_the_source(preset: str, option: str, said: str) -> None:
    assert rule_said(rules_for(preset), option) == said


def test_rule_said_names_the_house_rules_for_a_changed_option() -> None:
    rules = rummy_rules("kaluki", {"opening_threshold": 51})
    assert rule_said(rules, "opening_threshold") == "Points needed to open — 51, from the house rules"
    assert rule_said(rules, "run_max") == "Most cards in a run — 8, from the Kaluki rulebook"


def test_describe_lists_every_option_of_the_preset_with_its_meaning_and_source() -> None:
    options = describe(rummy_rules("kaluki", {"packs": 3}))
    assert len(options) == 39
    assert options[0] == (
        "packs",
        "3",
        "packs of 52 cards in play; by the number of players: 2, or 3 for 5-6 players and 4 for 7-8",
        "000; 001",
    )
    assert options[1][:2] == ("jokers", "4")
    assert [name for name, *_ in describe(rules_for("kaiser"))] == [
        "target", "min_bid", "made_bid", "bid_out", "all_pass",
    ]  # fmt: skip
