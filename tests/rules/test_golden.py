"""Golden cases: every Kaluki and Rami example of docs/rules.md §8, through the Python API and the `referee` command.

The cases live in referee/rules/examples.json (the rules page shows them too); each names the sentence of
docs/rules.md it checks. An expectation is a subset of the JSON keys of docs/formats.md. What docs/rules.md leaves
open is not pinned: the order in which a joker's possible cards are listed is compared as a set, and a refusal's
wording is only required to be there.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import referee.rules
from referee.rules.cards import check_pack_limits, parse_cards
from referee.rules.melds import check_meld
from referee.rules.opening import check_opening
from referee.rules.options import Value
from referee.rules.rummy_family import rummy_rules
from referee.rules.values import penalty

GOLDEN = Path(referee.rules.__file__).parent / "examples.json"
CASES: list[dict[str, Any]] = json.loads(GOLDEN.read_text(encoding="utf-8"))


def cases() -> list[Any]:
    return [pytest.param(case, id=case["name"]) for case in CASES]


def assert_matches(got: Any, expect: Any, where: str = "") -> None:
    """`got` holds everything `expect` says; a joker's possible cards are compared in any order."""
    if isinstance(expect, dict):
        assert isinstance(got, dict), f"{where}: expected an object, got {got!r}"
        for key, wanted in expect.items():
            assert key in got, f"{where}: key {key!r} is missing from {got!r}"
            if key == "jokers":
                assert isinstance(got[key], list), f"{where}.jokers: expected a list, got {got[key]!r}"
                assert [sorted(options) for options in got[key]] == [sorted(options) for options in wanted], (
                    f"{where}.jokers: expected {wanted!r} (in any order), got {got[key]!r}"
                )
            else:
                assert_matches(got[key], wanted, f"{where}.{key}")
    elif isinstance(expect, list):
        assert isinstance(got, list), f"{where}: expected a list, got {got!r}"
        assert len(got) == len(expect), f"{where}: expected {len(expect)} items, got {got!r}"
        for n, (item, wanted) in enumerate(zip(got, expect, strict=True)):
            assert_matches(item, wanted, f"{where}[{n}]")
    else:
        # A reason is a str said lazily (words.Said); any other value has the very type JSON gives (no bool for int).
        same_type = isinstance(got, str) if isinstance(expect, str) else type(got) is type(expect)
        assert same_type and got == expect, f"{where}: expected {expect!r}, got {got!r}"


def assert_check_object(check: dict[str, Any]) -> None:
    """The `check` object of docs/formats.md: its keys and their types, a reason exactly when invalid."""
    assert set(check) >= {"valid", "kind", "value", "jokers", "reason"}
    assert isinstance(check["valid"], bool)
    assert type(check["value"]) is int
    assert isinstance(check["jokers"], list)
    assert all(isinstance(options, list) and all(isinstance(c, str) for c in options) for options in check["jokers"])
    if check["valid"]:
        assert check["kind"] in ("group", "run")
        assert check["reason"] is None
    else:
        assert isinstance(check["reason"], str) and check["reason"].strip(), "an invalid meld says why"


def assert_shape(command: str, data: dict[str, Any]) -> None:
    if command == "check":
        assert_check_object(data)
    elif command == "opening":
        assert set(data) >= {"melds", "total", "threshold", "opens", "reason"}
        for check in data["melds"]:
            assert_check_object(check)
        assert type(data["total"]) is int and type(data["threshold"]) is int
        assert isinstance(data["opens"], bool)
        if not data["opens"]:
            assert isinstance(data["reason"], str) and data["reason"].strip(), "a refused opening says why"
    else:
        assert set(data) >= {"cards", "penalty"}
        assert type(data["penalty"]) is int


def through_api(case: dict[str, Any]) -> dict[str, Any]:
    settings: dict[str, Value] = case["settings"]
    rules = rummy_rules(case["preset"], settings)
    if case["command"] == "opening":
        return check_opening([parse_cards(meld) for meld in case["melds"]], rules).as_json()
    cards = parse_cards(case["cards"])
    check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    if case["command"] == "check":
        return check_meld(cards, rules).as_json()
    return {"cards": [str(card) for card in cards], "penalty": penalty(cards, rules)}


def setting_text(value: Value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def command_line(case: dict[str, Any]) -> list[str]:
    args = [case["command"], "--preset", case["preset"]]
    for name, value in case["settings"].items():
        args += ["--set", f"{name}={setting_text(value)}"]
    args.append("--json")
    if case["command"] == "opening":
        return [*args, *case["melds"]]
    return [*args, *case["cards"].split()]


def test_the_golden_file_covers_each_command() -> None:
    assert {case["command"] for case in CASES} == {"check", "opening", "penalty"}
    assert len({case["name"] for case in CASES}) == len(CASES), "case names are unique"
    for case in CASES:
        assert case["rule"].startswith("docs/rules.md §8"), case["name"]
        assert ("melds" in case) == (case["command"] == "opening"), case["name"]


@pytest.mark.parametrize("case", cases())
def test_golden_api(case: dict[str, Any]) -> None:
    got = through_api(case)
    assert_shape(case["command"], got)
    assert_matches(got, case["expect"], case["name"])


@pytest.mark.parametrize("case", cases())
def test_golden_command_line(case: dict[str, Any], referee_script: Any) -> None:
    outcome = referee_script(*command_line(case))
    assert outcome.code == 0, f"exit {outcome.code}: {outcome.err}"
    assert outcome.err == ""
    got = json.loads(outcome.out)
    assert_shape(case["command"], got)
    assert_matches(got, case["expect"], case["name"])


def test_the_examples_module_reads_the_same_cases() -> None:
    from referee.rules.examples import examples

    loaded = examples()
    assert [e.name for e in loaded] == [case["name"] for case in CASES]
    for example in loaded:
        assert_matches(example.answer(), example.expect, example.name)
