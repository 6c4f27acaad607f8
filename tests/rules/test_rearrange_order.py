"""Rearranging the table whatever the order of the melds (docs/rules.md §2, Ruling: the order of the melds): the same
table, before and after, gets the same answer in any order of `--from` and of `--to`, and a table left as it was is
allowed wherever the melds may be rearranged at all."""

from __future__ import annotations

import json
import re
from collections import Counter
from itertools import permutations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import Card, CardError, counted, parse_cards
from referee.rules.families import family_playing
from referee.rules.melds import check_meld
from referee.rules.options import Value
from referee.rules.presets import PRESETS
from referee.rules.rearrange import rearrange_melds
from referee.rules.rearrange_jokers import completed_with_a_joker
from referee.rules.rummy_family import RUMMY, rummy_rules
from tests.conftest import Runner

RUMMY_PRESETS = [name for name in PRESETS if family_playing(name) is RUMMY]
Meld = tuple[Card, ...]


def melds(*cards: str) -> list[Meld]:
    """Each meld's cards."""
    return [parse_cards(meld) for meld in cards]


# --- #43's two tables, in every order -------------------------------------------------------------------------------

SPLIT_BEFORE, SPLIT_AFTER = ["7H 8H 9H", "JK 7H 8H"], ["7H 8H 9H", "JK 7H 8H 9H"]
ORDERS = [
    pytest.param(list(before), list(after), id=f"from {' | '.join(before)} to {' | '.join(after)}")
    for before in permutations(SPLIT_BEFORE)
    for after in permutations(SPLIT_AFTER)
]


@pytest.mark.parametrize(("before", "after"), ORDERS)
def test_a_meld_completed_by_its_own_joker_is_allowed_in_either_order(
    before: list[str], after: list[str], referee_inprocess: Runner
) -> None:
    # 001 lines 24 and 94: `JK 7♥ 8♥` completed with the 9♥ of the hand; `7♥ 8♥ 9♥` left as it was. Laid: the 9♥.
    args = [f"--from={meld}" for meld in before] + [f"--to={meld}" for meld in after]
    outcome = referee_inprocess(
        "rearrange", "--json", "--preset", "rami", "--set", "table_rearrange=manipulation", *args
    )
    assert (outcome.code, outcome.err) == (0, "")
    answer = json.loads(outcome.out)
    assert (answer["valid"], answer["penalty"], answer["laid_points"], answer["reason"]) == (True, 0, 5, None)
    assert answer["from_hand"] == ["9H"]


UNCHANGED = ["KS KH KC", "KH KS JK KC"]


@pytest.mark.parametrize("preset", RUMMY_PRESETS)
@pytest.mark.parametrize("rearranging", ["keep_three", "manipulation"])
@pytest.mark.parametrize("table", [UNCHANGED, UNCHANGED[::-1]], ids=["as laid", "listed the other way"])
def test_a_table_left_as_it_was_is_allowed(preset: str, rearranging: str, table: list[str]) -> None:
    rules = rummy_rules(preset, {"table_rearrange": rearranging})
    answer = rearrange_melds(melds(*table), melds(*table), rules)
    assert (answer.valid, answer.reason, answer.penalty, answer.laid_points) == (True, None, 0, 0)


def test_the_unchanged_table_of_43_on_the_command_line(referee_inprocess: Runner) -> None:
    args = [*(f"--from={meld}" for meld in UNCHANGED), *(f"--to={meld}" for meld in UNCHANGED)]
    outcome = referee_inprocess(
        "rearrange", "--json", "--preset", "rami", "--set", "table_rearrange=manipulation", *args
    )
    assert json.loads(outcome.out)["valid"] is True


def test_the_meld_named_is_found_by_its_cards_and_numbered_as_given() -> None:
    # Two melds after are not valid: the first in the order of the cards (♠ before ♥) is named, by its number as given.
    rules = rummy_rules("kaluki")
    for after in (["4H 5H", "4S 5S 6S 7S", "6H 7H"], ["6H 7H", "4H 5H", "4S 5S 6S 7S"]):
        answer = rearrange_melds(melds("4S 5S 6S 7S", "4H 5H 6H 7H"), melds(*after), rules)
        number = after.index("4H 5H") + 1
        assert answer.reason == f"meld {number} after (4♥ 5♥) is not valid: a meld needs at least 3 cards"


# --- which melds a meld after completes: every reading ----------------------------------------------------------------

TOY = parse_cards("7H 8H 9H JK")


def every_reading_takes_a_joker(old: list[Meld], new: list[Meld]) -> bool:
    """Whether, in every way to say which melds each meld after completes, one holds a joker from another meld: each
    meld on the table completed by one meld after or by none, those of one meld after fitting in it together, and
    one left out fitting in none of the room left."""
    holds, rooms = [counted(meld) for meld in old], [counted(meld) for meld in new]
    for reading in product(range(len(new) + 1), repeat=len(old)):  # len(new): left out
        room = [Counter(counts) for counts in rooms]
        for i, j in enumerate(reading):
            if j < len(new):
                room[j].subtract(holds[i])
        if any(count < 0 for counts in room for count in counts.values()):
            continue
        left = [i for i, j in enumerate(reading) if j == len(new)]
        if any(all(room[j][key] >= count for key, count in holds[i].items()) for i in left for j in range(len(new))):
            continue
        completed = [[i for i, where in enumerate(reading) if where == j] for j in range(len(new))]
        if not any(these and rooms[j]["JK"] > sum(holds[i]["JK"] for i in these) for j, these in enumerate(completed)):
            return False
    return True


toy_meld = st.lists(st.sampled_from(TOY), min_size=1, max_size=4).map(tuple)


@settings(max_examples=300, deadline=None)
@given(old=st.lists(toy_meld, min_size=1, max_size=4), new=st.lists(toy_meld, min_size=1, max_size=3))
def test_a_joker_completes_a_meld_only_when_every_reading_says_so(old: list[Meld], new: list[Meld]) -> None:
    named = completed_with_a_joker(old, new)
    assert (named is not None) == every_reading_takes_a_joker(old, new)
    for order in (old[::-1], sorted(old, key=str)):
        again = completed_with_a_joker(order, new[::-1])
        assert (again is None) == (named is None)
        assert again is None or new[::-1][again] == new[named]  # type: ignore[index]


# --- any order, over tables drawn from melds of two packs -------------------------------------------------------------

TEMPLATES = [
    "7H 8H 9H", "JK 7H 8H", "7H 8H 9H JK", "JK 7H 8H 9H", "7H 8H 9H 10H", "6H 7H 8H",
    "9H 9S JK", "9H 9S 9D", "9H 9S 9D 9C", "9H 9S 9C", "9H 9S 9D JK", "9C 9D 9S", "9C 9D 9S JK",
    "KS KH KC", "KH KS JK KC", "KS KH KD", "5H JK 7H", "5H 6H 7H", "5H 6H 7H 8H", "8C 8D JK", "JK 5C 6C",
    "5C 6C 7C", "JS JK 10S", "10S JS QS", "9S 10S JS", "JK 5C 5D", "5H 6H 7H JK", "JK 9C 9D",
]  # fmt: skip
TABLES: list[tuple[str, dict[str, Value]]] = [
    ("kaluki", {}),
    ("kaluki", {"table_rearrange": "manipulation"}),
    ("kaluki", {"set_joker_release": "both_missing", "run_joker_taken_without_card": True}),
    ("kaluki", {"set_joker_release": "unambiguous", "either_card_takes_run_joker": False}),
    ("kaluki", {"joker_can_extend": False, "table_rearrange": "manipulation"}),
    ("kaluki-hunt", {"table_rearrange": "keep_three"}),
    ("rami", {"table_rearrange": "manipulation"}),
    ("rami", {"table_rearrange": "keep_three", "run_joker_taken_without_card": True}),
    ("rami-elimination", {"table_rearrange": "manipulation", "max_jokers_per_meld": 2}),
    ("kaluki-club", {}),
]
template = st.sampled_from(TEMPLATES)


def answer(before: list[str], after: list[str], preset: str, options: dict[str, Value]) -> tuple[Any, ...]:
    """What the referee answers, the meld it names found by its cards: a meld's number is its place as given."""
    try:
        got = rearrange_melds(melds(*before), melds(*after), rummy_rules(preset, options))
    except CardError as refused:  # more of a card than the packs hold: bad input, whatever the order
        return ("refused", str(refused))
    reason = None if got.reason is None else re.sub(r"\bmeld \d+ ", "meld ", got.reason)
    return got.valid, got.penalty, got.laid_points, reason, got.rule


@st.composite
def tables(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """Melds on the table and after: the same table, one meld of it changed, or another table."""
    before = draw(st.lists(template, min_size=1, max_size=4), label="before")
    changed = st.tuples(st.integers(0, len(before) - 1), template).map(
        lambda change: [change[1] if n == change[0] else meld for n, meld in enumerate(before)]
    )
    after = draw(st.one_of(st.just(list(before)), changed, st.lists(template, min_size=1, max_size=5)), label="after")
    return before, after


@settings(max_examples=400, deadline=None)
@given(table=tables(), rules=st.sampled_from(TABLES), data=st.data())
def test_the_order_of_the_melds_never_changes_the_answer(
    table: tuple[list[str], list[str]], rules: tuple[str, dict[str, Value]], data: st.DataObject
) -> None:
    before, after = table
    first = answer(before, after, *rules)
    shuffled = data.draw(st.permutations(before), label="before shuffled"), data.draw(st.permutations(after))
    assert answer(list(shuffled[0]), list(shuffled[1]), *rules) == first
    assert answer(before[::-1], after[::-1], *rules) == first
    playing = rummy_rules(*rules)
    valid_on_table = all(check_meld(meld, playing).valid for meld in melds(*before))
    if sorted(before) == sorted(after) and first[0] != "refused" and valid_on_table:  # the table left as it was
        assert first[0] is (playing.table_rearrange != "no"), first
