"""The rules in a player's words (docs/rules.md §3): each option's value said plainly, the rule a ruling rests on
named with the rulebook it comes from, or the house rules when the table changed it, and the citation a ruling gives;
a Kaiser preset refused where melds are asked for."""

from __future__ import annotations

import pytest

from referee.rules.families import rules_for
from referee.rules.options import OPTIONS, OptionError, Value, show_value
from referee.rules.presets import PRESETS
from referee.rules.rummy_family import rummy_rules
from referee.rules.settings_said import citation, describe, rule_said, value_said
from referee.rules.words import speaking


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
    """Every option of the preset, in the options table's order, with its value at this table (a house rule's as
    the table set it), its meaning and its source, for a rummy table with a house rule and for every preset."""
    tables = [rummy_rules("kaluki", {"packs": 3}), *(rules_for(preset) for preset in PRESETS)]
    for rules in tables:
        described = describe(rules)
        assert [name for name, *_ in described] == list(PRESETS[rules.preset].option_names()), rules.preset
        preset = PRESETS[rules.preset]
        for name, value, meaning, source in described:
            option = OPTIONS[name]
            own = preset.source if name in dict(preset.readings) else option.source  # a family's preset reads it
            assert (value, meaning, source) == (show_value(getattr(rules, name)), option.meaning, own)
    options = {name: said for name, *said in describe(tables[0])}
    assert options["packs"] == [
        "3",
        "packs of 52 cards in play; by the number of players: 2, or 3 for 5-6 players and 4 for 7-8",
        "000; 001",
    ]
    assert options["jokers"][0] == "4"


# --- the rule a ruling cites, and a Kaiser preset refused where melds are asked for -----------------------------------


FRENCH = {"{option} = {value} in {preset} — {source}": "{option} = {value} pour {preset} — {source}"}


def test_a_citation_names_the_option_its_value_the_preset_and_the_source() -> None:
    """A ruling cites the option, its value at this table, the preset and where the rule comes from."""
    assert citation(rummy_rules("kaluki"), "run_max") == "run_max = 8 in kaluki — 000: 3 to 8 cards; others: up to 13"


def test_a_citation_shows_a_house_rule_as_the_player_typed_it() -> None:
    """A house rule is cited with the value the table chose, written as typed (yes, no, none)."""
    rules = rummy_rules("kaluki", {"ace_wraps": False, "elimination_threshold": None})
    assert citation(rules, "ace_wraps") == "ace_wraps = no in kaluki — 000 accepts Q-K-A-2; 001 and pagat do not"
    assert citation(rules, "elimination_threshold") == (
        "elimination_threshold = none in kaluki — 000: 150; 001 elimination mode: 500"
    )


def test_a_citation_is_said_in_the_language_spoken() -> None:
    """Shown in French, the citation's words are French."""
    said = citation(rummy_rules("rami"), "opening_threshold")
    with speaking(lambda m: FRENCH.get(m, m), lambda s, p, n: s if n < 2 else p):
        assert str(said) == "opening_threshold = 51 pour rami — 000 and 002: 40; 001: 30 to 80, 51 the French standard"


def test_a_kaiser_preset_has_no_melds() -> None:
    """Asking for a rummy game's rules under a Kaiser preset is refused, naming the preset."""
    with pytest.raises(OptionError) as refused:
        rummy_rules("kaiser-pagat")
    assert str(refused.value) == "kaiser-pagat is a Kaiser preset: it has no melds; choose a Kaluki or Rami preset"
