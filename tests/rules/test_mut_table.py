"""The rules in force at a table as a player reads them: the rule a ruling cites, and a Kaiser preset refused where
melds are asked for (docs/mutation.md)."""

from __future__ import annotations

import pytest

from referee.rules.options import OptionError
from referee.rules.table import citation, rummy_rules
from referee.rules.words import speaking

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
