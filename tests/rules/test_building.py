"""Building on the table (docs/rules.md §2, Adding to the table): golden cases, through the API and the command;
properties.

The cases live in tests/rules/golden/building.json; each names the sentence of docs/rules.md it checks, and its
expectation is a subset of the command's JSON (docs/formats.md `extend`, `opening`, and `rearrange` as the README
documents it).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from referee.rules.building import extend_meld
from referee.rules.cards import SUITS, Card, CardError, canonical, check_pack_limits, parse_cards
from referee.rules.melds import check_meld
from referee.rules.opening import check_opening
from referee.rules.options import Value
from referee.rules.rearrange import rearrange_melds
from referee.rules.release import release_joker
from referee.rules.table import RummyRules, rummy_rules
from tests.conftest import Runner
from tests.rules.test_golden import assert_matches, setting_text

GOLDEN = Path(__file__).parent / "golden" / "building.json"
CASES: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
PRESETS = ("kaluki", "kaluki-hunt", "kaluki-club", "rami", "rami-elimination")


def cases() -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in CASES]


def through_api(case: dict[str, Any]) -> dict[str, Any]:
    extra: dict[str, Value] = case["settings"]
    rules = rummy_rules(case["preset"], extra)
    opened = case.get("opened", True)
    if case["command"] == "extend":
        return extend_meld(parse_cards(case["meld"]), parse_cards(case["cards"]), rules, opened=opened).as_json()
    if case["command"] == "rearrange":
        before = [parse_cards(meld) for meld in case["from"]]
        return rearrange_melds(before, [parse_cards(meld) for meld in case["to"]], rules, opened=opened).as_json()
    if case["command"] == "release":
        return release_joker(parse_cards(case["meld"]), parse_cards(case["cards"]), rules).as_json()
    return check_opening([parse_cards(meld) for meld in case["melds"]], rules).as_json()


def command_line(case: dict[str, Any]) -> list[str]:
    args = [case["command"], "--preset", case["preset"], "--json"]
    for name, value in case["settings"].items():
        args += ["--set", f"{name}={setting_text(value)}"]
    if not case.get("opened", True):
        args.append("--not-opened")
    if case["command"] in ("extend", "release"):
        return [*args, case["meld"], *case["cards"].split()]
    if case["command"] == "rearrange":
        return [*args, *(f"--from={meld}" for meld in case["from"]), *(f"--to={meld}" for meld in case["to"])]
    return [*args, *case["melds"]]


def assert_extend_object(data: dict[str, Any]) -> None:
    """The `extend` object of docs/formats.md: its keys and types, a reason exactly when refused."""
    assert set(data) >= {"valid", "meld", "kind", "value", "reason"}
    assert isinstance(data["valid"], bool) and type(data["value"]) is int
    assert all(isinstance(card, str) and not card.startswith("JK=") for card in data["meld"])
    if data["valid"]:
        assert data["kind"] in ("group", "run") and data["reason"] is None
    else:
        assert data["kind"] is None and isinstance(data["reason"], str) and data["reason"].strip()


def test_the_golden_file_covers_building() -> None:
    assert {case["command"] for case in CASES} == {"extend", "rearrange", "opening", "release"}
    assert len({case["name"] for case in CASES}) == len(CASES), "case names are unique"
    assert all(case["rule"].startswith("docs/rules.md §2") for case in CASES)
    assert all(("expect" in case) != ("refused" in case) for case in CASES), "each case is answered or refused"
    answered = [case["expect"] for case in CASES if "expect" in case]
    assert {expect["valid"] for expect in answered if "valid" in expect} == {True, False}


@pytest.mark.parametrize("case", cases())
def test_golden_api(case: dict[str, Any]) -> None:
    if "refused" in case:  # bad input: the cards cannot all be in play
        with pytest.raises(CardError) as refused:
            through_api(case)
        assert str(refused.value) == case["refused"]
        return
    got = through_api(case)
    if case["command"] == "extend":
        assert_extend_object(got)
        if got["valid"]:
            assert check_meld(parse_cards(got["meld"]), rummy_rules(case["preset"], case["settings"])).valid
    assert_matches(got, case["expect"], case["name"])


@pytest.mark.parametrize("case", cases())
def test_golden_command_line(case: dict[str, Any], referee_inprocess: Runner) -> None:
    outcome = referee_inprocess(*command_line(case))
    if "refused" in case:  # bad input: exit 2, one line
        assert (outcome.code, outcome.out, outcome.err) == (2, "", f"referee: {case['refused']}\n")
        return
    assert outcome.code == 0, f"exit {outcome.code}: {outcome.err}"
    assert outcome.err == ""
    got = json.loads(outcome.out)
    if case["command"] == "extend":
        assert_extend_object(got)
    assert_matches(got, case["expect"], case["name"])


# --- properties ---------------------------------------------------------------------------------------------

NATURALS = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]


@dataclass(frozen=True)
class Drawn:
    """A table meld `check` accepts, the cards to add, and whether the meld was laid in order."""

    rules: RummyRules
    table: tuple[Card, ...]
    added: tuple[Card, ...]
    in_order: bool


@st.composite
def table_and_cards(draw: st.DrawFn) -> Drawn:
    """A preset (maybe with jokers allowed to extend), a meld laid in order, and up to three cards to add."""
    preset = draw(st.sampled_from(PRESETS), label="preset")
    rules = rummy_rules(preset, draw(st.sampled_from([{}, {"joker_can_extend": True}]), label="settings"))
    if draw(st.booleans(), label="group"):
        rank = draw(st.integers(1, 13), label="rank")
        suits = draw(st.lists(st.sampled_from(SUITS), min_size=3, max_size=4), label="suits")
        table = [Card(rank, suit) for suit in suits]
        near = [Card(rank, suit) for suit in SUITS]
    else:
        suit = draw(st.sampled_from(SUITS), label="suit")
        start = draw(st.integers(0, 12), label="start")
        length = draw(st.integers(3, 6), label="length")
        table = [Card((start + k) % 13 + 1, suit) for k in range(length)]
        if draw(st.booleans(), label="descending"):
            table.reverse()
        near = [Card((start + k) % 13 + 1, suit) for k in range(-2, length + 2)]
    # Laid in order: the meld reads where it lies once its jokers are the cards they replaced.
    in_order = check_meld(tuple(table), rules).valid
    for place in draw(st.lists(st.integers(0, len(table) - 1), max_size=2, unique=True), label="jokers"):
        table[place] = Card.joker()
    meld = tuple(table)
    assume(check_meld(meld, rules).valid)
    pool = [*near, Card.joker(), *NATURALS[::7]]
    added = tuple(draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3), label="added"))
    assume(fits_the_packs(meld + added + (Card.joker(),) * 2, rules))  # the joker property adds up to two
    return Drawn(rules, meld, added, in_order)


def fits_the_packs(cards: tuple[Card, ...], rules: RummyRules) -> bool:
    try:
        check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    except CardError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(drawn=table_and_cards())
def test_an_accepted_extension_is_a_meld_check_accepts(drawn: Drawn) -> None:
    rules, table, added = drawn.rules, drawn.table, drawn.added
    answer = extend_meld(table, added, rules)
    assert Counter(canonical(answer.meld)) == Counter(canonical(table + added)), "every card is there, once"
    if answer.valid:
        check = check_meld(answer.meld, rules)
        assert check.valid, check.reason
        assert (check.kind, check.value) == (answer.kind, answer.value)
        assert not drawn.in_order or _holds_in_a_row(canonical(answer.meld), canonical(table)), (
            "the meld on the table keeps its order: the cards go at its ends"
        )
    else:
        assert answer.reason


@settings(max_examples=300, deadline=None)
@given(drawn=table_and_cards(), jokers=st.integers(1, 2))
def test_a_joker_never_completes_a_table_meld_when_joker_can_extend_is_no(drawn: Drawn, jokers: int) -> None:
    rules, table, added = rummy_rules(drawn.rules.preset, {"joker_can_extend": False}), drawn.table, drawn.added
    answer = extend_meld(table, added + (Card.joker(),) * jokers, rules)
    assert not answer.valid and answer.rule == "joker_can_extend"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])  # most tables: no run
@given(drawn=table_and_cards())
def test_a_card_check_would_accept_at_an_end_of_a_run_is_accepted(drawn: Drawn) -> None:
    """The other way round: one natural card that makes a valid run laid next to the run is never refused."""
    rules, table, added = drawn.rules, drawn.table, drawn.added
    check = check_meld(table, rules)
    assume(check.kind == "run" and not any(card.is_joker for card in table))
    card = added[0]
    assume(not card.is_joker)
    for after in ((*table, card), (card, *table)):
        if check_meld(after, rules).valid and _reads_in_order(after):
            assert extend_meld(table, (card,), rules).valid
            return


def _holds_in_a_row(shown: list[str], laid: list[str]) -> bool:
    """Whether `laid` (or `laid` reversed, a run laid going down) lies in `shown` in a row."""
    spans = [shown[i : i + len(laid)] for i in range(len(shown) - len(laid) + 1)]
    return laid in spans or laid[::-1] in spans


def _reads_in_order(cards: tuple[Card, ...]) -> bool:
    """Whether natural cards of one suit go up (or down) by one at each step, the ace after the king."""
    steps = {(b.rank - a.rank) % 13 for a, b in pairwise(cards)}
    return steps in ({1}, {12})


def test_rearranging_refuses_cards_that_leave_the_table_whatever_the_order() -> None:
    rules = rummy_rules("kaluki")
    before = [parse_cards("4D 5D 6D 7D"), parse_cards("9S 9H 9C")]
    answer = rearrange_melds(before, [parse_cards("9S 9H 9C"), parse_cards("4D 5D 6D")], rules)
    assert not answer.valid and answer.rule == "table_rearrange" and "7♦ would leave the table" in (answer.reason or "")


def test_cards_that_cannot_all_be_in_play_are_refused_as_bad_input() -> None:
    rules = rummy_rules("kaluki")
    with pytest.raises(CardError, match="5♥ appears 3 times but only 2 packs are in play"):
        extend_meld(parse_cards("5H 5H 5S"), parse_cards("5H"), rules)
    with pytest.raises(CardError, match="5 jokers were given but only 4 are in play"):
        rearrange_melds([parse_cards("5H 6H 7H")], [parse_cards("5H 6H 7H JK JK JK JK JK")], rules)


@pytest.mark.parametrize(
    ("table", "added", "reason"),
    [
        pytest.param("5H 6H", "7H", "the meld on the table is not valid: a meld needs at least 3 cards", id="2 cards"),
        pytest.param("5H 6H 7H", "", "name the cards to add to the meld", id="nothing added"),
        pytest.param(
            "JS QS KS AS", "2S", "the ace cannot sit in the middle of a run (K A 2): it goes at one end", id="K A 2"
        ),
        pytest.param(
            "AS 2S 3S", "KS", "the ace cannot sit in the middle of a run (K A 2): it goes at one end", id="low"
        ),
        pytest.param("JK 2S 3S", "AS", "A♠ does not fit at either end of this run: it takes 4♠", id="joker is the ace"),
        pytest.param("5H 6H 7H", "9H 10H", "9♥ 10♥ do not fit at either end of this run: it takes 4♥ or 8♥", id="two"),
        pytest.param(
            "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "KS", "a run holds at most 13 cards, one of each rank", id="14"
        ),
    ],
)
def test_refusals_say_why(table: str, added: str, reason: str) -> None:
    answer = extend_meld(parse_cards(table), parse_cards(added), rummy_rules("kaluki-club"))
    assert not answer.valid and answer.reason == reason


def test_rearranging_a_meld_that_is_not_valid_on_the_table_is_refused() -> None:
    answer = rearrange_melds([parse_cards("5H 6H 8H")], [parse_cards("5H 6H 7H 8H")], rummy_rules("kaluki"))
    assert not answer.valid and answer.reason is not None
    assert answer.reason.startswith("meld 1 on the table (5♥ 6♥ 8♥) is not valid")


@pytest.mark.parametrize(
    ("preset", "rearrange", "distinct"),
    [
        pytest.param("kaluki", "keep_three", True, id="kaluki: as 000 says"),
        pytest.param("kaluki-hunt", "no", False, id="kaluki-hunt: no"),
        pytest.param("kaluki-club", "no", False, id="kaluki-club: no"),
        pytest.param("rami", "no", False, id="rami: manipulation off by default"),
        pytest.param("rami-elimination", "no", False, id="rami-elimination: manipulation off by default"),
    ],
)
def test_the_presets_building_options(preset: str, rearrange: str, distinct: bool) -> None:
    """docs/rules.md §2, Adding to the table: `table_rearrange` and `distinct_melds` in each preset."""
    rules = rummy_rules(preset)
    assert (rules.table_rearrange, rules.distinct_melds) == (rearrange, distinct)
    assert rummy_rules(preset, {"table_rearrange": "manipulation"}).table_rearrange == "manipulation"
