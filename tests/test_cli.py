"""The `referee check|opening|penalty` contract of docs/formats.md: JSON keys, readable text, and bad input.

Every test runs twice: the installed console script in a subprocess, and `referee.cli.main` in process.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

# The `referee` fixture (tests/conftest.py) returns an Outcome with code, out and err.
Runner = Any
Outcome = Any


def ok_json(outcome: Outcome) -> Any:
    assert outcome.code == 0, f"exit {outcome.code}: {outcome.err}"
    assert outcome.err == ""
    return json.loads(outcome.out)


def assert_check_keys(data: dict[str, Any]) -> None:
    """docs/formats.md: {"valid": bool, "kind": "group" | "run" | null, "value": int, "jokers": […], "reason"}."""
    assert {"valid", "kind", "value", "jokers", "reason"} <= set(data)
    assert isinstance(data["valid"], bool)
    assert data["kind"] in ("group", "run", None)
    assert type(data["value"]) is int
    assert isinstance(data["jokers"], list)
    for options in data["jokers"]:
        assert isinstance(options, list) and options
        assert all(isinstance(card, str) for card in options)
    assert data["reason"] is None or isinstance(data["reason"], str)
    if data["valid"]:
        assert data["kind"] in ("group", "run") and data["reason"] is None
    else:
        assert data["reason"], "an invalid meld says why"


# --- JSON ----------------------------------------------------------------------------------------------


def test_check_json_the_issue_example(referee: Runner) -> None:
    data = ok_json(referee("check", "--preset", "kaluki", "--json", "9H", "9S", "JK"))
    assert_check_keys(data)
    assert (data["valid"], data["kind"], data["value"], data["reason"]) == (True, "group", 33, None)
    assert [sorted(options) for options in data["jokers"]] == [["9C", "9D"]]


def test_check_json_defaults_to_kaluki(referee: Runner) -> None:
    data = ok_json(referee("check", "--json", "9♥", "9♠", "JK"))
    assert data["value"] == 33


def test_check_json_invalid_meld_is_a_ruling_not_an_error(referee: Runner) -> None:
    data = ok_json(referee("check", "--preset", "kaluki-club", "--json", "7♥", "7♥", "7♠"))
    assert_check_keys(data)
    assert data["valid"] is False


def test_check_json_canonical_joker_cards(referee: Runner) -> None:
    data = ok_json(referee("check", "--json", "10♠", "j♠", "jk"))
    assert_check_keys(data)
    assert data["jokers"] == [["QS"]]


def test_check_json_cards_in_one_argument(referee: Runner) -> None:
    data = ok_json(referee("check", "--json", "10H JK qh"))
    assert (data["valid"], data["kind"], data["jokers"]) == (True, "run", [["JH"]])


@pytest.mark.parametrize(
    ("settings", "cards", "valid"),
    [
        pytest.param(["ace_wraps=no"], ["QD", "KD", "AD", "2D"], False, id="§3 --set ace_wraps=no"),
        pytest.param(["ace_wraps=false"], ["QD", "KD", "AD", "2D"], False, id="§3 --set ace_wraps=false"),
        pytest.param(
            ["run_max=9"], ["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"], True, id="§3 --set run_max=9"
        ),
        pytest.param(["group_duplicate_suits=no"], ["7H", "7H", "7S"], False, id="§3 --set group_duplicate_suits=no"),
        pytest.param(
            ["max_jokers_per_meld=1", "ace_wraps=yes"],
            ["5D", "JK", "JK", "8D"],
            False,
            id="§3 --set twice: max_jokers_per_meld=1",
        ),
        pytest.param(
            ["max_jokers_per_meld=none"],
            ["--preset", "rami", "5D", "JK", "JK", "8D"],
            True,
            id="§3 --set max_jokers_per_meld=none (rami)",
        ),
    ],
)
def test_check_json_with_house_rules(referee: Runner, settings: list[str], cards: list[str], valid: bool) -> None:
    args = [arg for setting in settings for arg in ("--set", setting)]
    data = ok_json(referee("check", *args, "--json", *cards))
    assert_check_keys(data)
    assert data["valid"] is valid


def test_opening_json(referee: Runner) -> None:
    data = ok_json(referee("opening", "--preset", "kaluki", "--json", "9C 9D 9H 9S", "5H 6H 7H"))
    assert {"melds", "total", "threshold", "opens", "reason"} <= set(data)
    assert len(data["melds"]) == 2
    for meld in data["melds"]:
        assert_check_keys(meld)
    assert [meld["value"] for meld in data["melds"]] == [36, 18]
    assert (data["total"], data["threshold"], data["opens"], data["reason"]) == (54, 40, True, None)


def test_opening_json_refused(referee: Runner) -> None:
    data = ok_json(referee("opening", "--json", "9C 9D 9H 9S"))
    assert (data["total"], data["threshold"], data["opens"]) == (36, 40, False)
    assert isinstance(data["reason"], str) and data["reason"]


def test_opening_json_with_a_house_threshold(referee: Runner) -> None:
    data = ok_json(referee("opening", "--set", "opening_threshold=36", "--json", "9C 9D 9H 9S"))
    assert (data["total"], data["threshold"], data["opens"]) == (36, 36, True)


def test_opening_json_rami(referee: Runner) -> None:
    data = ok_json(referee("opening", "--preset", "rami", "--json", "K♣ K♦ K♥", "7♠ 8♠ 9♠"))
    assert (data["total"], data["threshold"], data["opens"]) == (45, 51, False)


def test_penalty_json(referee: Runner) -> None:
    data = ok_json(referee("penalty", "--json", "JK", "K♠", "A♥", "10♦", "8♣"))
    assert {"cards", "penalty"} <= set(data)
    assert data == {"cards": ["JK", "KS", "AH", "10D", "8C"], "penalty": 54} | {
        key: data[key] for key in data if key not in ("cards", "penalty")
    }


def test_penalty_json_canonical_cards(referee: Runner) -> None:
    data = ok_json(referee("penalty", "--json", "10♥", "jk", "qs,7♣", "t♦", "RD", "*"))
    assert data["cards"] == ["10H", "JK", "QS", "7C", "10D", "KD", "JK"]
    assert data["penalty"] == 10 + 15 + 10 + 7 + 10 + 10 + 15


def test_penalty_json_rami_hand(referee: Runner) -> None:
    data = ok_json(referee("penalty", "--preset", "rami-elimination", "--json", "JK", "A♣", "4♦"))
    assert data["penalty"] == 40


def test_penalty_json_writes_a_declared_joker_as_jk(referee: Runner) -> None:
    # docs/formats.md: in JSON output a joker is always `JK`, whatever the player declared it as.
    data = ok_json(referee("penalty", "--json", "JK=8D", "5C"))
    assert data == {"cards": ["JK", "5C"], "penalty": 15 + 5}


CANONICAL_CARD = re.compile(r"(A|[2-9]|10|J|Q|K)[SHDC]|JK")


def cards_in(data: Any) -> list[str]:
    """Every card string in a command's JSON: the lists of cards, and the joker a release names."""
    if isinstance(data, dict):
        found = [data["joker"]] if isinstance(data.get("joker"), str) else []
        return found + [card for key, value in data.items() if key != "joker" for card in cards_in(value)]
    if isinstance(data, list):
        if data and all(isinstance(item, str) for item in data):
            return list(data)
        return [card for item in data for card in cards_in(item)]
    return []


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["check", "JK=QS", "10♠", "J♠"], id="check"),
        pytest.param(["check", "9♥", "9♠", "JK=9D"], id="check (group)"),
        pytest.param(["opening", "JK=QS 10♠ J♠", "9♥ 9♠ JK=9D 9♣"], id="opening"),
        pytest.param(["penalty", "JK=8D", "JK", "5C"], id="penalty"),
        pytest.param(["best", "JK=8D", "9D", "10D", "5C", "JK"], id="best"),
        pytest.param(["release", "JK=9S 10S JS", "9S", "JK=4H"], id="release (run)"),
        pytest.param(["release", "9H 9S JK=9D", "9D", "9C"], id="release (group)"),
    ],
)
def test_every_command_writes_jokers_as_jk_in_json(referee: Runner, args: list[str]) -> None:
    done = referee(args[0], "--json", *args[1:])
    assert done.code == 0, done.err
    assert "JK=" not in done.out
    cards = cards_in(json.loads(done.out))
    assert cards, "the answer names some cards"
    assert all(CANONICAL_CARD.fullmatch(card) for card in cards), cards


def test_check_lists_both_readings_of_a_run_that_reads_the_same_both_ways(referee: Runner) -> None:
    # docs/rules.md §2: when a run reads the same both ways, each joker lists the cards of both readings.
    args = ["check", "--preset", "kaluki-hunt", "JK", "JK", "8D", "JK", "JK"]
    data = ok_json(referee(*args, "--json"))
    assert (data["valid"], data["kind"], data["value"]) == (True, "run", 40)
    assert [sorted(options) for options in data["jokers"]] == [
        ["10D", "6D"],
        ["7D", "9D"],
        ["7D", "9D"],
        ["10D", "6D"],
    ]
    text = readable(referee(*args))
    for number, cards in ((1, "10♦ or 6♦"), (2, "9♦ or 7♦"), (3, "9♦ or 7♦"), (4, "10♦ or 6♦")):
        assert f"joker {number}: {cards}" in text


def test_opening_lists_both_readings_of_a_run_that_reads_the_same_both_ways(referee: Runner) -> None:
    # In Rami's salon values JK 9♠ JK is worth more as a run (8 9 10: 20) than as a group (15).
    args = ["opening", "--preset", "rami", "--set", "max_jokers_per_meld=none", "JK 9S JK", "KC KD KH"]
    data = ok_json(referee(*args, "--json"))
    meld = data["melds"][0]
    assert (meld["kind"], meld["value"]) == ("run", 20)
    assert [sorted(options) for options in meld["jokers"]] == [["10S", "8S"], ["10S", "8S"]]
    assert (data["total"], data["opens"]) == (50, False)
    text = readable(referee(*args))
    assert "joker 1: 10♠ or 8♠" in text and "joker 2: 10♠ or 8♠" in text


def test_opening_of_jk_9s_jk_in_kaluki_hunt_is_a_group_on_the_tie(referee: Runner) -> None:
    # 8 9 10 and 9 9 9 are both worth 27: a group on a tie (docs/rules.md §2), its jokers the group's.
    meld = ok_json(referee("opening", "--preset", "kaluki-hunt", "--json", "JK 9S JK"))["melds"][0]
    assert (meld["kind"], meld["value"]) == ("group", 27)
    assert [sorted(options) for options in meld["jokers"]] == [["9C", "9D", "9H"], ["9C", "9D", "9H"]]


def test_check_refuses_a_group_of_five_with_a_joker(referee: Runner) -> None:
    # docs/rules.md §2: a group containing a joker never repeats a suit, whatever group_max allows.
    args = ["check", "--set", "group_max=5", "QD", "QH", "QS", "QC", "JK"]
    data = ok_json(referee(*args, "--json"))
    assert (data["valid"], data["kind"], data["value"], data["jokers"]) == (False, None, 0, [])
    assert "joker" in data["reason"] and "suit" in data["reason"] and "4" in data["reason"]
    text = readable(referee(*args))
    assert data["reason"] in text and "group_joker_distinct_suits" in text
    best = ok_json(referee("best", "--set", "group_max=5", "--json", "QD", "QH", "QS", "QC", "JK"))
    # Three queens and the joker (45), one queen left: the same verdict as `check` on each meld it lays.
    assert (best["laid_value"], len(best["melds"]), len(best["left"])) == (45, 1, 1)
    laid = ok_json(referee("check", "--set", "group_max=5", "--json", *best["melds"][0]))
    assert (laid["valid"], laid["value"]) == (True, 45)


def test_check_a_descending_run_of_all_13_ranks_counts_its_ace_high(referee: Runner) -> None:
    for cards in ("K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ A♠", "K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠ JK"):
        data = ok_json(referee("check", "--preset", "kaluki-club", "--json", cards))
        assert (data["valid"], data["kind"], data["value"]) == (True, "run", 95), cards


# --- readable text -------------------------------------------------------------------------------------


def readable(outcome: Outcome) -> str:
    assert outcome.code == 0, f"exit {outcome.code}: {outcome.err}"
    assert outcome.err == ""
    assert outcome.out.strip()
    with pytest.raises(ValueError):
        json.loads(outcome.out)
    return outcome.out


def mentions(text: str, *spellings: str) -> bool:
    return any(spelling.lower() in text.lower() for spelling in spellings)


def test_check_text(referee: Runner) -> None:
    text = readable(referee("check", "9H", "9S", "JK"))
    assert "33" in text
    assert mentions(text, "group")
    assert mentions(text, "9♦", "9D") and mentions(text, "9♣", "9C")


def test_check_text_says_why_a_meld_is_invalid(referee: Runner) -> None:
    reason = ok_json(referee("check", "--preset", "kaluki-club", "--json", "7♥", "7♥", "7♠"))["reason"]
    text = readable(referee("check", "--preset", "kaluki-club", "7♥", "7♥", "7♠"))
    assert reason in text


def test_check_text_names_the_option_a_refusal_rests_on(referee: Runner) -> None:
    # docs/rules.md: every ruling should be able to say which option it rests on.
    text = readable(referee("check", "--preset", "kaluki-club", "7♥", "7♥", "7♠"))
    assert "group_duplicate_suits" in text


def test_opening_text_names_the_option_a_refusal_rests_on(referee: Runner) -> None:
    text = readable(referee("opening", "--preset", "rami", "K♣ K♦ K♥", "7♠ 8♠ 9♠"))
    assert "opening_threshold" in text


def test_opening_text(referee: Runner) -> None:
    text = readable(referee("opening", "9C 9D 9H 9S", "5H 6H 7H"))
    assert "54" in text and "40" in text


def test_opening_text_says_why_it_is_refused(referee: Runner) -> None:
    reason = ok_json(referee("opening", "--json", "9C 9D 9H 9S"))["reason"]
    text = readable(referee("opening", "9C 9D 9H 9S"))
    assert reason in text


def test_penalty_text(referee: Runner) -> None:
    text = readable(referee("penalty", "JK", "KS", "AH", "10D", "8C"))
    assert "54" in text


# --- bad input: exit 2, one line on stderr naming the problem, nothing on stdout -------------------------

BAD_INPUT = [
    pytest.param(["check", "--json", "9H", "9S", "ZZ"], ["ZZ"], id="§1 unknown card (check)"),
    pytest.param(["check", "--json", "9H", "9S", "9X"], ["9X"], id="§1 unknown suit (check)"),
    pytest.param(["check", "--json", "11H", "QH", "KH"], ["11H"], id="§1 unknown rank (check)"),
    pytest.param(["check", "--json", "JK=ZZ", "9H", "9S"], ["ZZ"], id="§1 joker declared as no card"),
    pytest.param(["opening", "--json", "9C 9D 9X"], ["9X"], id="§1 unknown card (opening)"),
    pytest.param(["penalty", "--json", "KS", "ZZ"], ["ZZ"], id="§1 unknown card (penalty)"),
    pytest.param(["check", "--json", "7S", "7S", "7S"], ["7♠", "7S"], id="§1 a third 7♠ with two packs (check)"),
    pytest.param(["check", "--json", "7♠ 7s", "7S"], ["7♠", "7S"], id="§1 a third 7♠ in mixed notation"),
    pytest.param(
        ["opening", "--json", "7S 8S 9S", "7S 8S 9S", "7S 8S 9S"],
        ["7♠", "7S"],
        id="§1 a third 7♠ across the melds of one opening",
    ),
    pytest.param(["penalty", "--json", "7S", "7S", "7S"], ["7♠", "7S"], id="§1 a third 7♠ (penalty)"),
    pytest.param(
        ["check", "--json", "JK", "JK", "JK", "JK", "JK", "5H"], ["joker", "JK"], id="§1 a fifth joker with four"
    ),
    pytest.param(["penalty", "--json", "JK", "JK", "JK", "JK", "JK"], ["joker", "JK"], id="§1 a fifth joker (penalty)"),
    pytest.param(
        ["check", "--preset", "kaluki-club", "--json", "JK", "JK", "JK", "5H"],
        ["joker", "JK"],
        id="§3 a third joker in kaluki-club (2 jokers)",
    ),
    pytest.param(["check", "--preset", "nope", "--json", "9H", "9S", "JK"], ["nope"], id="§3 unknown preset (check)"),
    pytest.param(["opening", "--preset", "nope", "--json", "9C 9D 9H"], ["nope"], id="§3 unknown preset (opening)"),
    pytest.param(["penalty", "--preset", "nope", "--json", "KS"], ["nope"], id="§3 unknown preset (penalty)"),
    pytest.param(
        ["check", "--set", "no_such_option=1", "--json", "9H", "9S", "JK"],
        ["no_such_option"],
        id="§3 unknown option",
    ),
    pytest.param(
        ["penalty", "--set", "no_such_option=1", "--json", "KS"], ["no_such_option"], id="§3 unknown option (penalty)"
    ),
    pytest.param(
        ["check", "--preset", "rami", "--set", "min_bid=6", "--json", "9H", "9S", "JK"],
        ["min_bid"],
        id="§3 a Kaiser option in a Rami game",
    ),
    pytest.param(
        ["check", "--set", "ace_wraps=maybe", "--json", "QD", "KD", "AD"],
        ["ace_wraps", "maybe"],
        id="§3 bad value for a yes/no option",
    ),
    pytest.param(
        ["check", "--set", "group_max=yes", "--json", "9H", "9S", "JK"],
        ["group_max", "yes"],
        id="§3 bad value for a number",
    ),
    pytest.param(
        ["opening", "--set", "opening_scope=total", "--json", "9C 9D 9H"],
        ["opening_scope", "total"],
        id="§3 bad value for a word option",
    ),
    pytest.param(
        ["check", "--set", "run_max", "--json", "9H", "9S", "JK"], ["run_max"], id="§3 a setting without a value"
    ),
    pytest.param(
        ["check", "--preset", "kaiser", "--json", "9H", "9S", "JK"], ["kaiser"], id="§3 Kaiser preset for check"
    ),
    pytest.param(
        ["check", "--preset", "kaiser-pagat", "--json", "9H", "9S", "JK"],
        ["kaiser"],
        id="§3 kaiser-pagat preset for check",
    ),
    pytest.param(
        ["opening", "--preset", "kaiser", "--json", "9C 9D 9H"], ["kaiser"], id="§3 Kaiser preset for opening"
    ),
    pytest.param(["check", "--json"], ["card"], id="no cards (check)"),
    pytest.param(["check", "--json", ""], ["card"], id="no cards, an empty argument (check)"),
    pytest.param(["check", "--json", " , "], ["card"], id="no cards, only separators (check)"),
    pytest.param(["penalty", "--json"], ["card"], id="no cards (penalty)"),
    pytest.param(["opening", "--json"], ["meld"], id="no melds (opening)"),
    pytest.param([], ["command"], id="missing command"),
    pytest.param(["bogus", "9H"], ["bogus"], id="unknown command"),
    pytest.param(["check", "--bogus", "9H", "9S", "JK"], ["--bogus"], id="unknown flag"),
]


@pytest.mark.parametrize(("args", "named"), BAD_INPUT)
def test_bad_input(referee: Runner, args: list[str], named: list[str]) -> None:
    outcome = referee(*args)
    assert "Traceback" not in outcome.err
    assert outcome.code == 2, f"exit {outcome.code}: {outcome.err!r}"
    assert outcome.out == "", "nothing on stdout"
    lines = outcome.err.strip("\n").splitlines()
    assert len(lines) == 1, f"exactly one line on stderr, got {len(lines)}: {outcome.err!r}"
    assert mentions(lines[0], *named), f"the message names {' or '.join(named)}: {lines[0]!r}"
