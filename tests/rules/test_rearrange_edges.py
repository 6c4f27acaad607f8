"""Rearranging the table at its edges (docs/rules.md §2, Adding to the table): a meld with its own joker made bigger,
and the order of the refusals a player reads first."""

from __future__ import annotations

import pytest

from referee.rules.cards import Card, parse_cards
from referee.rules.rearrange import rearrange_melds
from referee.rules.rummy_family import rummy_rules

RAMI_MANIPULATION = rummy_rules("rami", {"table_rearrange": "manipulation"})


def melds(*cards: str) -> list[tuple[Card, ...]]:
    """Each meld's cards."""
    return [parse_cards(meld) for meld in cards]


def test_a_meld_keeping_its_own_joker_may_grow() -> None:
    # 001 forbids completing a meld with a joker taken back; a meld's own joker staying where it is, is no such joker.
    answer = rearrange_melds(melds("5H JK 7H"), melds("5H JK 7H 8H"), RAMI_MANIPULATION)
    assert (answer.valid, answer.reason) == (True, None)
    assert [str(card) for card in answer.from_hand] == ["8H"]


def test_two_melds_merged_with_their_jokers_are_those_melds_completed() -> None:
    rules = rummy_rules("rami", {"table_rearrange": "manipulation", "max_jokers_per_meld": 2})
    answer = rearrange_melds(melds("5H JK 7H", "8H JK 10H"), melds("5H JK 7H 8H JK 10H"), rules)
    assert answer.valid, answer.reason


def test_a_joker_taken_from_one_meld_cannot_complete_another() -> None:
    # 001: "on ne peut pas l'utiliser pour compléter une combinaison déjà existante".
    answer = rearrange_melds(melds("5H JK 7H", "9C 9D 9S"), melds("5H 6H 7H", "9C 9D 9S JK"), RAMI_MANIPULATION)
    assert (answer.valid, answer.rule, answer.penalty) == (False, "joker_can_extend", 300)
    assert answer.reason == (
        "meld 2 after (9♣ 9♦ 9♠ JK) completes a meld already on the table with a joker taken from another: a joker "
        "taken back forms a new meld; left so at the end of the turn, it costs 300 points"
    )


def refusal(before: list[str], after: list[str], preset: str, **options: object) -> tuple[str | None, str | None, int]:
    """The reason, the rule and the penalty of a refused rearrangement."""
    answer = rearrange_melds(melds(*before), melds(*after), rummy_rules(preset, options))  # type: ignore[arg-type]
    assert not answer.valid
    return answer.reason, answer.rule, answer.penalty


MANIPULATION = {"table_rearrange": "manipulation"}


@pytest.mark.parametrize(
    ("before", "after", "preset", "options", "said"),
    [
        pytest.param(
            ["5H 6H 7H"], ["5H 6H 7H 8H"], "rami", {},
            ("the melds on the table cannot be rearranged under these rules", "table_rearrange", 0),
            id="rami: table_rearrange = no",
        ),
        pytest.param(
            [], ["5H 6H 7H"], "kaluki", {}, ("name the melds on the table and the melds they would become", None, 0),
            id="no meld on the table",
        ),
        pytest.param(
            ["5H 6H 7H"], [], "kaluki", {}, ("name the melds on the table and the melds they would become", None, 0),
            id="no meld after",
        ),
        pytest.param(
            ["5C 5D 5H 5S 5C"], ["5C 5D 5H 5S"], "kaluki", {},
            ("meld 1 on the table (5♣ 5♦ 5♥ 5♠ 5♣) is not valid: a group holds at most 4 cards", "group_max", 0),
            id="a meld on the table that is not valid, and its rule",
        ),
        pytest.param(
            ["9C 9D 9H", "5H 6H 8H"], ["9C 9D 9H", "5H 6H 7H 8H"], "kaluki", {},
            ("meld 2 on the table (5♥ 6♥ 8♥) is not valid: the cards are not consecutive: 7♥ is missing and there is "
             "no joker to fill in", None, 0),
            id="a meld on the table that is not valid, with no option behind it",
        ),
        pytest.param(
            ["5H 6H 7H 8H"], ["5H 6H 7H", "8H JK 10H"], "rami", MANIPULATION,
            ("a joker from the hand cannot join the melds already on the table", "joker_can_extend", 0),
            id="rami: no joker from the hand (joker_can_extend = no)",
        ),
        pytest.param(
            ["5S 4S 3S", "5H 6H 7H"], ["5H 6H 7H"], "kaluki", {"joker_retrieval_penalty": 300},
            ("3♠ 4♠ 5♠ would leave the table: a card taken from a meld is laid again in the same turn",
             "table_rearrange", 0),
            id="keep_three: cards leaving the table, in order, cost nothing",
        ),
        pytest.param(
            ["4S 3S 2S KS AS", "5H 6H 7H"], ["5H 6H 7H"], "rami", {**MANIPULATION, "ace_wraps": True},
            ("A♠ 2♠ 3♠ 4♠ K♠ would leave the table: a card taken from a meld is laid again in the same turn; left so "
             "at the end of the turn, it costs 300 points", "table_rearrange", 300),
            id="manipulation: cards leaving the table cost the penalty",
        ),
        pytest.param(
            ["5H 6H 7H 8H 9H 10H"], ["5H 6H 7H 8H 9H", "10H"], "rami", MANIPULATION,
            ("meld 2 after (10♥) is not valid: a meld needs at least 3 cards; left so at the end of the turn, it costs "
             "300 points", "table_rearrange", 300),
            id="manipulation: a meld after with no option behind its refusal",
        ),
        pytest.param(
            ["5H 6H 7H 8H 9H 10H"], ["5H 6H 7H", "8H 9H 10H JH QH KH AH 2H 3H"], "kaluki",
            {"joker_retrieval_penalty": 300},
            ("meld 2 after (8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♥ 3♥) is not valid: a run holds at most 8 cards", "run_max", 0),
            id="keep_three: a meld after refused on its own rule, at no cost",
        ),
    ],
)  # fmt: skip
def test_refusals(
    before: list[str], after: list[str], preset: str, options: dict[str, object], said: tuple[str, str | None, int]
) -> None:
    assert refusal(before, after, preset, **options) == said


def test_two_melds_with_their_jokers_merged_count_each_joker_once() -> None:
    # 5♥ JK 7♥ twice (two packs): one keeps its joker in 5♥ JK 7♥ 8♥ JK; the other's joker completes that meld.
    answer = rearrange_melds(
        melds("5H JK 7H", "5H JK 7H"),
        melds("5H JK 7H 8H JK", "5H 6H 7H"),
        rummy_rules("rami", {"table_rearrange": "manipulation", "max_jokers_per_meld": 2}),
    )
    assert (answer.valid, answer.rule) == (False, "joker_can_extend")
