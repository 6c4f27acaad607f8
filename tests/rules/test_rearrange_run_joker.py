"""A run's joker in a rearrangement (docs/rules.md §2, Adding to the table): it stays with its run, or a card it stands
for takes its place (`run_joker_taken_without_card`); while its card is not known, either card takes it only under
`keep_three` with `either_card_takes_run_joker`."""

from __future__ import annotations

import pytest

from referee.rules.cards import Card, parse_cards
from referee.rules.options import Value
from referee.rules.rearrange import rearrange_melds
from referee.rules.rummy_family import rummy_rules


def melds(*cards: str) -> list[tuple[Card, ...]]:
    """Each meld's cards."""
    return [parse_cards(meld) for meld in cards]


def ruled(before: list[str], after: list[str], **options: Value) -> tuple[bool, str | None]:
    """Whether `kaluki` with these house rules lets the table go from `before` to `after`, and the rule refused on."""
    answer = rearrange_melds(melds(*before), melds(*after), rummy_rules("kaluki", options))
    return answer.valid, answer.rule


@pytest.mark.parametrize("rearranging", ["keep_three", "manipulation"])
@pytest.mark.parametrize(
    ("without_card", "said"),
    [
        pytest.param(False, (False, "run_joker_taken_without_card"), id="no: no 8♥ takes its place"),
        pytest.param(True, (True, None), id="yes: 000's three cards kept are enough"),
    ],
)
def test_a_joker_taken_off_the_end_of_a_run(rearranging: str, without_card: bool, said: tuple[bool, str]) -> None:
    after = ["5H 6H 7H", "JK 9C 9D"]
    options: dict[str, Value] = {"table_rearrange": rearranging, "run_joker_taken_without_card": without_card}
    assert ruled(["5H 6H 7H JK"], after, **options) == said


@pytest.mark.parametrize(
    ("before", "after", "said"),
    [
        pytest.param(["5H 6H 7H JK"], ["JK 5H 6H 7H"], (True, None), id="moved to the other end: still in its run"),
        pytest.param(
            ["4H 5H 6H 7H JK"], ["4H 5H 6H", "7H 7S JK"], (False, "run_joker_taken_without_card"),
            id="gone into a group with one of the run's cards: it left its run",
        ),
        pytest.param(
            ["5H JK 7H", "5H JK 7H"], ["5H 6H 7H", "5H JK 7H", "JK 9C 9D"], (True, None),
            id="two runs alike: one joker stays, the 6♥ takes the other's place",
        ),
        pytest.param(
            ["5H JK 7H", "5H JK 7H"], ["5H 6H 7H", "5H 7H JK", "JK 9C 9D 9S"], (True, None),
            id="the same, the run's joker moved to its other end",
        ),
        pytest.param(
            ["5H JK 7H", "5H JK 7H"], ["5H 6H 7H 8H", "5H 6H 7H", "JK JK 9C"], (True, None),
            id="both replaced, by two 6♥ (two packs)",
        ),
        pytest.param(
            ["5H JK 7H", "5H JK 7H"], ["5H 6H 7H", "3H 4H 5H", "7H 8H 9H", "JK JK 9C"],
            (False, "run_joker_taken_without_card"), id="one 6♥ for two jokers: the other leaves with no card",
        ),
    ],
)  # fmt: skip
def test_a_runs_joker_stays_or_is_replaced(before: list[str], after: list[str], said: tuple[bool, str | None]) -> None:
    assert ruled(before, after, table_rearrange="manipulation") == said
    assert ruled(before[::-1], after[::-1], table_rearrange="manipulation") == said


def test_of_two_runs_whose_jokers_leave_the_first_by_its_cards_is_named() -> None:
    after = ["5H 6H 7H", "5S 6S 7S", "JK JK 9C"]
    for before in (["5S 6S 7S JK", "5H 6H 7H JK"], ["5H 6H 7H JK", "5S 6S 7S JK"]):
        answer = rearrange_melds(melds(*before), melds(*after), rummy_rules("kaluki"))
        number = before.index("5S 6S 7S JK") + 1
        assert answer.reason is not None
        assert answer.reason.startswith(f"meld {number} on the table (5♠ 6♠ 7♠ JK) cannot give up its joker: ")


@pytest.mark.parametrize(
    ("options", "said"),
    [
        pytest.param({}, (True, None), id="kaluki (000): the Q♠ takes it and is kept"),
        pytest.param(
            {"either_card_takes_run_joker": False}, (False, "either_card_takes_run_joker"),
            id="no: the joker could still be 9♠",
        ),
        pytest.param(
            {"either_card_takes_run_joker": False, "run_joker_taken_without_card": True}, (False, "table_rearrange"),
            id="no, a joker may leave freely: J♠ 10♠ keep two cards, the Q♠ is not theirs",
        ),
        pytest.param(
            {"table_rearrange": "manipulation"}, (False, "run_joker_taken_without_card"),
            id="manipulation: only a known card takes a run's joker",
        ),
        pytest.param(
            {"table_rearrange": "manipulation", "run_joker_taken_without_card": True}, (True, None),
            id="manipulation, a joker may leave freely",
        ),
    ],
)  # fmt: skip
def test_a_run_joker_whose_card_is_not_known(options: dict[str, Value], said: tuple[bool, str | None]) -> None:
    # J♠ JK 10♠: the joker is Q♠ or 9♠ (docs/rules.md §2, Jokers in a meld).
    assert ruled(["JS JK 10S"], ["10S JS QS", "JK 5C 5D"], **options) == said


def test_a_declared_run_joker_is_taken_by_its_card() -> None:
    # JK=QS: its card is known, whatever the option says.
    options: dict[str, Value] = {"either_card_takes_run_joker": False}
    assert ruled(["JS JK=QS 10S"], ["10S JS QS", "JK 5C 5D"], **options) == (True, None)
