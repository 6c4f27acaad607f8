"""Building on the table (docs/rules.md §2, Adding to the table): golden cases, through the API and the command;
properties; and the `extend` answer in full: where the cards added go, or the refusal and the rule it rests on.

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

from referee.rules.building import Extension, extend_meld
from referee.rules.cards import SUITS, Card, CardError, canonical, check_pack_limits, parse_cards
from referee.rules.families import family_playing
from referee.rules.melds import check_meld
from referee.rules.opening import check_opening
from referee.rules.options import Value, show_value
from referee.rules.presets import PRESETS
from referee.rules.rearrange import rearrange_melds
from referee.rules.release import release_joker
from referee.rules.rummy_family import rummy_rules
from referee.rules.table import RummyRules
from tests.conftest import Runner
from tests.rules.test_golden import assert_matches, setting_text

GOLDEN = Path(__file__).parent / "golden" / "building.json"
RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
CASES: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))
RUMMY_PRESETS = [name for name in PRESETS if family_playing(name).name == "rummy"]


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
    preset = draw(st.sampled_from(RUMMY_PRESETS), label="preset")
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


def documented_default(option: str, preset: str) -> str:
    """The default of `option` in `preset`, as docs/rules.md §3's table of the rummy options writes it."""
    table = RULES_MD.read_text(encoding="utf-8").split("### Rummy options and their defaults")[1].split("\n\n#")[0]
    rows = [
        [cell.strip() for cell in line.strip("|").split("|")] for line in table.splitlines() if line.startswith("|")
    ]
    column = rows[0].index(f"`{preset}`")
    (row,) = [row for row in rows if row[0] == f"`{option}`"]
    return row[column]


@pytest.mark.parametrize("preset", RUMMY_PRESETS)
def test_the_presets_building_options(preset: str) -> None:
    """docs/rules.md §2, Adding to the table: `table_rearrange`, `distinct_melds` and the options on a run's joker in
    each preset are those of §3's table, and a house rule changes them."""
    rules = rummy_rules(preset)
    for option in ("table_rearrange", "distinct_melds", "either_card_takes_run_joker", "run_joker_taken_without_card"):
        assert show_value(getattr(rules, option)) == documented_default(option, preset), option
    assert rummy_rules(preset, {"table_rearrange": "manipulation"}).table_rearrange == "manipulation"
    assert rummy_rules(preset, {"run_joker_taken_without_card": True}).run_joker_taken_without_card is True


# --- adding cards to a meld: where they go, or why not, with the rule -------------------------------------------------


def extend(preset: str, overrides: dict[str, Value], meld: str, added: str, *, opened: bool = True) -> Extension:
    """The referee's answer for adding `added` to `meld` under a preset and house rules."""
    return extend_meld(parse_cards(meld), parse_cards(added), rummy_rules(preset, overrides), opened=opened)


def written(extension: Extension) -> str:
    """The meld after, as written."""
    return " ".join(str(card) for card in extension.meld)


@pytest.mark.parametrize(
    ("preset", "overrides", "meld", "added", "after", "kind", "value", "jokers"),
    [
        ("kaluki", {}, "5H 6H 7H", "8H 4H", "4H 5H 6H 7H 8H", "run", 30, []),
        ("kaluki", {}, "7H 6H 5H", "8H 4H", "8H 7H 6H 5H 4H", "run", 30, []),
        ("kaluki", {}, "5H 6H 7H", "3H 4H", "3H 4H 5H 6H 7H", "run", 25, []),
        ("kaluki", {}, "5H 6H 7H", "JK JK", "5H 6H 7H JK JK", "run", 48, [["8H"], ["9H"]]),
        ("kaluki", {}, "5H 6H 7H", "JK=4H", "JK=4H 5H 6H 7H", "run", 33, [["4H"]]),
        ("kaluki", {}, "JK 6H 7H", "8H", "JK 6H 7H 8H", "run", 36, [["5H"]]),
        ("kaluki", {}, "5H JK 7H", "4H", "4H 5H JK 7H", "run", 31, [["6H"]]),
        ("kaluki", {}, "JH 10H JK", "QH", "QH JH 10H JK", "run", 45, [["9H"]]),
        ("kaluki", {}, "JH 10H JK", "8H", "JH 10H JK 8H", "run", 43, [["9H"]]),
        ("kaluki", {}, "10H JK JH", "9H", "9H 10H JH JK", "run", 44, [["QH"]]),
        ("kaluki", {}, "2H 3H AH", "4H", "AH 2H 3H 4H", "run", 20, []),
        ("kaluki", {}, "JK 2H 3H", "4H", "JK 2H 3H 4H", "run", 24, [["AH"]]),
        ("kaluki", {}, "QH KH AH", "2H", "QH KH AH 2H", "run", 33, []),
        ("kaluki", {}, "AH 2H 3H 4H 5H 6H 7H", "KH", "KH AH 2H 3H 4H 5H 6H 7H", "run", 48, []),
        ("kaluki", {}, "5H 5S JK", "JK", "5H 5S JK JK", "group", 40, [["5D", "5C"], ["5D", "5C"]]),
        ("kaluki", {}, "5H 5S JK", "JK=5D", "5H 5S JK JK=5D", "group", 40, [["5C"], ["5D"]]),
        ("kaluki", {}, "5H 5S 5D", "JK", "5H 5S 5D JK", "group", 30, [["5C"]]),
        ("kaluki", {}, "5H 5S 5D", "5H", "5H 5S 5D 5H", "group", 20, []),
        ("kaluki-club", {}, "5H 5S 5D", "JK", "5H 5S 5D JK", "group", 20, [["5C"]]),
        ("kaluki-club", {}, "QH KH AH", "JH", "JH QH KH AH", "run", 41, []),
        ("kaluki-club", {}, "QH KH JK", "JH", "JH QH KH JK", "run", 41, [["AH"]]),
        ("kaluki-club", {}, "10H JH QH", "KH AH", "10H JH QH KH AH", "run", 51, []),
        (
            "kaluki-club",
            {},
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH",
            "KH",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "run",
            95,
            [],
        ),
        ("kaluki-club", {}, "2H 3H 4H", "AH", "AH 2H 3H 4H", "run", 10, []),
    ],
)
def test_cards_added_to_a_meld_take_their_place(
    preset: str,
    overrides: dict[str, Value],
    meld: str,
    added: str,
    after: str,
    kind: str,
    value: int,
    jokers: list[list[str]],
) -> None:
    """Each card goes where it fits (the high end first), the meld keeps its direction, jokers name their cards."""
    answer = extend(preset, overrides, meld, added)
    assert answer.valid and answer.reason is None and answer.rule is None
    assert (written(answer), answer.kind, answer.value) == (after, kind, value)
    assert [[str(card) for card in options] for options in answer.jokers] == jokers


@pytest.mark.parametrize(
    ("preset", "overrides", "meld", "added", "after", "reason", "rule"),
    [
        (
            "kaluki",
            {},
            "5H 6H 7H",
            "9H",
            "5H 6H 7H 9H",
            "9♥ does not fit at either end of this run: it takes 4♥ or 8♥",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 6H 7H",
            "8S",
            "5H 6H 7H 8S",
            "8♠ cannot join a run in ♥: a run holds cards of one suit",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 5S 5D",
            "6C",
            "5H 5S 5D 6C",
            "6♣ cannot join a group of 5s: a group holds cards of one rank",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 5S",
            "5C",
            "5H 5S 5C",
            "the meld on the table is not valid: a meld needs at least 3 cards",
            None,
        ),
        (
            "rami",
            {},
            "5H 6H 7H",
            "JK",
            "5H 6H 7H JK",
            "a joker cannot be added to a meld already on the table",
            "joker_can_extend",
        ),
        (
            "kaluki",
            {},
            "5H 6H 7H",
            "JK=9H",
            "5H 6H 7H JK=9H",
            "JK (9♥) does not fit at either end of this run: it takes 4♥ or 8♥",
            None,
        ),
        (
            "kaluki",
            {},
            "JK 6H 7H",
            "5H",
            "JK 6H 7H 5H",
            "5♥ does not fit at either end of this run: it takes 4♥ or 8♥",
            None,
        ),
        (
            "kaluki",
            {},
            "5H 5S JK",
            "5H",
            "5H 5S JK 5H",
            "a group with a joker cannot repeat a suit: 5♥ is there twice",
            "group_joker_distinct_suits",
        ),
        (
            "kaluki",
            {},
            "5H 5S JK",
            "JK=6D",
            "5H 5S JK JK=6D",
            "JK (6♦) cannot join a group of 5s: a group holds cards of one rank",
            None,
        ),
        (
            "kaluki",
            {},
            "JH 10H JK",
            "9H",
            "JH 10H JK 9H",
            "9♥ does not fit at either end of this run: it takes 8♥ or Q♥",
            None,
        ),
        (
            "kaluki",
            {},
            "2H 3H 4H 5H 6H 7H 8H",
            "9H 10H",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H",
            "a run holds at most 8 cards",
            "run_max",
        ),
        (
            "kaluki",
            {},
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "2H",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2H",
            "the meld on the table is not valid: a run holds at most 8 cards",
            "run_max",
        ),
        ("kaluki", {}, "5H 5S 5D 5C", "JK", "5H 5S 5D 5C JK", "a group holds at most 4 cards", "group_max"),
        (
            "kaluki-club",
            {},
            "AH 2H 3H",
            "KH",
            "KH AH 2H 3H",
            "the ace cannot sit in the middle of a run (K A 2): it goes at one end",
            "ace_wraps",
        ),
        (
            "kaluki-club",
            {},
            "JH QH KH",
            "2H",
            "JH QH KH 2H",
            "2♥ does not fit at either end of this run: it takes 10♥ or A♥",
            None,
        ),
        (
            "kaluki-club",
            {},
            "JK 2H 3H",
            "AH",
            "JK 2H 3H AH",
            "A♥ does not fit at either end of this run: it takes 4♥",
            None,
        ),
        (
            "kaluki-club",
            {},
            "QH KH JK",
            "AH",
            "QH KH JK AH",
            "A♥ does not fit at either end of this run: it takes J♥",
            None,
        ),
        (
            "kaluki-club",
            {},
            "5H 6H 7H",
            "8S 9H",
            "5H 6H 7H 8S 9H",
            "8♠ cannot join a run in ♥: a run holds cards of one suit",
            None,
        ),
        (
            "rami",
            {},
            "10H JH QH",
            "KH AH 2H",
            "10H JH QH KH AH 2H",
            "the ace cannot sit in the middle of a run (K A 2): it goes at one end",
            "ace_wraps",
        ),
        (
            "kaluki-club",
            {"ace_low": False, "ace_high": False},
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "5H",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5H",
            "5♥ does not fit: this run cannot grow at either end",
            None,
        ),
        (
            "kaluki-club",
            {"ace_low": False, "ace_high": False},
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
            "5H 6H",
            "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 5H 6H",
            "a run holds at most 13 cards, one of each rank",
            None,
        ),
        (
            "kaluki-club",
            {"ace_low": False},
            "2H 3H 4H",
            "AH",
            "AH 2H 3H 4H",
            "the ace cannot come before the 2 in a run here (A 2 3)",
            "ace_low",
        ),
        (
            "kaluki-club",
            {"ace_high": False},
            "JH QH KH",
            "AH",
            "JH QH KH AH",
            "the ace cannot follow the king in a run here (Q K A)",
            "ace_high",
        ),
        (
            "kaluki-club",
            {"ace_low": False},
            "2H 3H 4H",
            "6H",
            "2H 3H 4H 6H",
            "6♥ does not fit at either end of this run: it takes 5♥",
            None,
        ),
    ],
)
def test_cards_that_do_not_fit_are_refused_with_the_reason_and_the_rule(
    preset: str, overrides: dict[str, Value], meld: str, added: str, after: str, reason: str, rule: str | None
) -> None:
    """The refusal a player reads, the option it rests on, and the meld as it would have been."""
    answer = extend(preset, overrides, meld, added)
    assert not answer.valid and answer.kind is None and answer.value == 0 and answer.jokers == ()
    assert (written(answer), answer.reason, answer.rule) == (after, reason, rule)


def test_a_player_who_has_not_opened_adds_nothing() -> None:
    """Before opening, even a card that fits is refused, on the opening threshold."""
    answer = extend("rami", {}, "5H 6H 7H", "8H", opened=False)
    assert (answer.valid, written(answer), answer.rule) == (False, "5H 6H 7H 8H", "opening_threshold")
    assert answer.reason == (
        "only a player who has opened may add to the melds on the table or rearrange them: "
        "first lay melds worth the points needed to open"
    )


def test_nothing_added_is_refused_before_anything_else() -> None:
    """No cards named: the player is asked for them, even before opening."""
    answer = extend("kaluki", {}, "5H 6H 7H", "", opened=False)
    assert (answer.valid, answer.reason, answer.rule) == (False, "name the cards to add to the meld", None)


def test_the_extend_object_writes_every_joker_jk() -> None:
    """The `extend` object of docs/formats.md."""
    data: dict[str, Any] = extend("kaluki", {}, "5H 6H 7H", "JK=8H").as_json()
    assert data == {
        "valid": True,
        "meld": ["5H", "6H", "7H", "JK"],
        "kind": "run",
        "value": 33,
        "jokers": [["8H"]],
        "reason": None,
    }


@pytest.mark.parametrize(
    ("overrides", "meld", "added", "after", "jokers"),
    [
        ({"ace_low": False, "ace_high": False}, "KH QH JH", "JK", "KH QH JH JK", [["10H"]]),
        ({"ace_low": False, "ace_high": False}, "QH JH 10H 9H", "JK KH", "KH QH JH 10H 9H JK", [["8H"]]),
    ],
)
def test_a_joker_goes_to_the_end_where_the_ace_options_allow_its_card(
    overrides: dict[str, Value], meld: str, added: str, after: str, jokers: list[list[str]]
) -> None:
    """Above the king a joker would be an ace the options forbid there: it goes at the low end instead."""
    answer = extend("kaluki-club", overrides, meld, added)
    assert answer.valid and written(answer) == after
    assert [[str(card) for card in options] for options in answer.jokers] == jokers


def test_a_run_from_the_two_takes_the_ace_below_it_where_a_low_ace_is_allowed() -> None:
    """Kaluki club allows A 2 3 but not K A 2: a card that fits nowhere is told both ends, the ace first."""
    answer = extend("kaluki-club", {}, "2H 3H 4H", "6H")
    assert answer.reason == "6♥ does not fit at either end of this run: it takes A♥ or 5♥"
    no_low = extend("kaluki-club", {"ace_low": False}, "2H 3H 4H", "6H")
    assert no_low.reason == "6♥ does not fit at either end of this run: it takes 5♥"


def test_a_joker_added_to_a_group_of_jokers_keeps_it_a_group() -> None:
    """`5♥ JK JK` is a group on the table: a joker added makes a group of four (50), not a run worth the same."""
    answer = extend("kaluki", {}, "5H JK JK", "JK")
    assert (answer.valid, written(answer), answer.kind, answer.value) == (True, "5H JK JK JK", "group", 50)


def test_a_refusal_that_rests_on_no_rule_still_says_why() -> None:
    """Jokers declared as cards of two suits fit neither a group of tens nor a run: refused, on no option."""
    answer = extend("kaluki", {}, "10C JK JK", "JK=10D JK=10C")
    assert not answer.valid and answer.rule is None
    assert isinstance(answer.reason, str) and answer.reason  # which reading's refusal it names is not pinned here
