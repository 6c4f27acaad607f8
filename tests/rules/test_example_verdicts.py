"""The worked examples of docs/rules.md §8 as the rules page shows them: each answer in one line, under the example's
own preset and under the rules of the game being looked at."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest

from referee.rules.examples import examples
from referee.rules.families import rules_for
from referee.rules.kaiser_events import KaiserHand
from referee.rules.kaiser_examples import KAISER_EXAMPLES, KaiserExample
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.rummy_family import rummy_rules

VERDICTS = {example.name: example for example in examples()}
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


@pytest.mark.parametrize(
    ("name", "own", "in_rami"),
    [
        pytest.param("kaluki-duplicate-suits-group", "group 21", "—", id="a check: kind and value, or a dash"),
        pytest.param("kaluki-joker-group", "group 33", "group 15", id="the joker's value by the table"),
        pytest.param("kaluki-low-ace-run", "run 16", "run 15", id="a low ace"),
        pytest.param("kaluki-nine-card-run", "—", "run 55", id="run_max 8 in kaluki, 13 in rami"),
        pytest.param("kaluki-opening-group-and-run", "✓ 54", "✗ 35", id="an opening: opens or not, and its total"),
        pytest.param("kaluki-opening-group-alone", "✗ 36", "✗ 20", id="an opening short of the threshold"),
        pytest.param("kaluki-penalty", "54", "60", id="a penalty: the number"),
    ],
)
def test_a_rummy_example_in_one_line(name: str, own: str, in_rami: str) -> None:
    example = VERDICTS[name]
    assert (example.verdict(), example.verdict(rummy_rules("rami"))) == (own, in_rami)


def test_every_rummy_example_is_read_in_order() -> None:
    """Each example under a name of its own, in the order of docs/rules.md §8: its sections in their order, the
    first the question of §8's first row; an opening's question is its melds, one string each."""
    read = examples()
    assert len(VERDICTS) == len(read)
    section = RULES_MD.read_text(encoding="utf-8").split("\n## 8. ")[1].split("\n## ")[0]
    headings = re.findall(r"^### (\w+)", section, re.M)
    sections = [
        name for name, _ in itertools.groupby(e.rule.removeprefix("docs/rules.md §8 ").split(":")[0] for e in read)
    ]
    assert sections == [heading for heading in headings if heading in sections]  # in §8's order, each in one piece
    first = re.search(r"^\| `([^`]+)` \| `([^`]+)` \|", section, re.M)
    assert first is not None and (read[0].question, read[0].preset) == ((first[1],), first[2])
    opening = VERDICTS["rami-points-alice-lays-95"]
    assert opening.question == ("10♥ J♥ Q♥ K♥", "4♣ 4♦ 4♠ 4♥", "A♦ 2♦ 3♦", "8♠ 9♠ 10♠")


@pytest.mark.parametrize(
    ("preset", "verdicts"),
    [
        (
            "kaiser",
            ["A +18, B −1", "A −9, B +8", "A +40, B −2", "A −7, B 0", "A +16, B +2; A reaches 60 and wins"],
        ),
        (
            "kaiser-pagat",
            ["A +11, B −1", "A −9, B +8", "A +24, B −2", "A −7, B 0", "A +8, B +2; A reaches 52 and wins"],
        ),
    ],
)
def test_the_kaiser_examples_under_each_preset(preset: str, verdicts: list[str]) -> None:
    assert [example.verdict(rules_for(preset)) for example in KAISER_EXAMPLES] == verdicts


def test_a_kaiser_example_says_its_question() -> None:
    assert KAISER_EXAMPLES[0].question_said() == "A bids 7 and takes 6 tricks with the 5♥; B takes 2 with the 3♠"


# --- when both teams reach the target on one hand, the bidders win ----------------------------------------------------


def test_when_both_teams_reach_the_target_the_bidders_win() -> None:
    """A at 44 bids 7 and makes 8 points (59); B at 50 takes 2 (52): both pass 52, and A, the bidders, win."""
    hand = KaiserHand("Driss", "Ana", 7, False, (("A", 6), ("B", 2)), "A", "A")
    example = KaiserExample("both reach the target", (44, 50), hand)
    rules = rules_for("kaiser", {"bid_out": 100})  # B at 50 still scores its points
    assert isinstance(rules, KaiserRules)
    assert example.verdict(rules) == "A +15, B +2; A reaches 59 and wins"
