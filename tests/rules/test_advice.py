"""The desk's advice on a refused meld: up to three one-card changes that make it valid, cards to add first."""

from __future__ import annotations

import pytest

from referee.rules.advice import fixes
from referee.rules.cards import parse_cards
from referee.rules.rummy_family import rummy_rules


@pytest.mark.parametrize(
    ("preset", "meld", "most", "said"),
    [
        pytest.param("kaluki", "3S 5S", 3, ["add 4♠ or add JK"], id="a gap: the card or a joker"),
        pytest.param("kaluki", "6H 7H 9H", 3, ["add 8♥ or add JK"], id="a gap inside a run"),
        pytest.param("kaluki", "QS KS", 3, ["add A♠, add J♠ or add JK"], id="an ace after the king (ace_high)"),
        pytest.param("kaluki", "KS QS", 3, ["add A♠, add J♠ or add JK"], id="a descending run: at either end"),
        pytest.param("kaluki", "5H 6H 7H 9H", 3, ["add 8♥, add JK or remove 9♥"], id="add first, then remove"),
        pytest.param("kaluki", "5H 6H 7H 9H", 2, ["add 8♥ or add JK"], id="at most two"),
        pytest.param("kaluki", "5H 6H 7H 9H", 1, ["add 8♥"], id="at most one"),
        pytest.param("kaluki", "3S 4S 5S 9C", 3, ["remove 9♣"], id="a card too many"),
        pytest.param("kaluki", "9C 9D 9H 9S 5C", 3, ["remove 5♣"], id="a group of five with a stray card"),
        pytest.param("kaluki", "9C 9D", 3, ["add 9♠, add 9♥ or add 9♦"], id="a group: suits in order ♠ ♥ ♦ ♣"),
        pytest.param(
            "kaluki", "7H 7H", 3, ["add 7♠, add 7♦ or add 7♣"],
            id="a third 7♥ is not in play with two packs (docs/rules.md §1)",
        ),
        pytest.param("rami", "7H 7H", 3, [], id="rami: a group never repeats a suit, nothing fixes it"),
        pytest.param("kaluki", "JK JK", 3, ["add A♠, add 2♠ or add 3♠"], id="two jokers: any card"),
        pytest.param("kaluki", "2H 3H 5H 9H", 3, [], id="two cards away: no one-card fix"),
        pytest.param("kaluki", "3S 4S 5S", 3, [], id="a valid meld needs no fix"),
        pytest.param("kaluki", "AS", 3, [], id="one card: two more are needed"),
    ],
)  # fmt: skip
def test_fixes(preset: str, meld: str, most: int, said: list[str]) -> None:
    assert fixes(parse_cards(meld), rummy_rules(preset), most) == said


def test_three_fixes_at_most_by_default() -> None:
    assert fixes(parse_cards("5H 6H 7H 9H"), rummy_rules("kaluki")) == ["add 8♥, add JK or remove 9♥"]
