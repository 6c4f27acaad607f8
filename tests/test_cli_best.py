"""`referee best`: the contract of docs/formats.md, the stdin mode, and --minimise."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.conftest import REFEREE_SCRIPT, Runner

# The largest hand `best` takes in kaluki (hand_size 13, the card drawn, and a margin of 3): 17 cards, 4 jokers.
SEVENTEEN = "8D 5C 4D 3D 7D 5D 3D 4C 6C 6C 3C 6D 6D JK JK JK JK"


def test_best_json_has_the_contract_keys(referee: Runner) -> None:
    done = referee("best", "--json", "9C", "9D", "9H", "9S", "5H", "6H", "7H", "KC")
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert data == {
        "melds": [["9S", "9H", "9D", "9C"], ["5H", "6H", "7H"]],
        "laid_value": 54,
        "opens": True,
        "left": ["KC"],
        "penalty": 10,
        "hand_penalty": 64,  # the whole hand, if the round ended before the melds are laid
        "opening": [["9S", "9H", "9D", "9C"], ["5H", "6H", "7H"]],  # the melds laying the most open
    }


@pytest.mark.parametrize(
    ("args", "laid", "opening", "said"),
    [
        pytest.param(
            ["JK", "10C", "9C", "9C", "JK", "10C"], 68, [["JK", "JK", "9C", "10C"]],
            "laid 68 (opens with JK JK 9♣ 10♣)",
            id="docs/rules.md §2 distinct_melds: the twin runs lay 68 and open as 34; 9♣ 10♣ JK JK opens (49)",
        ),
        pytest.param(
            ["--set", "opening_scope=single_meld", "6H", "3H", "2H", "8H", "9H", "5H", "7H", "AH", "4H"], 55,
            [["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]], "laid 55 (opens with A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥)",
            id="docs/rules.md §2 single_meld: one meld alone must reach 40: A♥-8♥ (46) does",
        ),
    ],
)  # fmt: skip
def test_best_opens_when_some_melds_of_the_hand_open(
    referee: Runner, args: list[str], laid: int, opening: list[list[str]], said: str
) -> None:
    done = referee("best", "--json", *args)
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert (data["laid_value"], data["opens"], data["opening"]) == (laid, True, opening)
    assert said in referee("best", *args).out


def test_best_says_null_for_the_opening_of_a_hand_that_cannot_open(referee: Runner) -> None:
    done = referee("best", "--json", "5H", "6H", "7H", "5H", "6H", "7H", "2C", "3C", "4C")
    data = json.loads(done.out)
    assert (data["laid_value"], data["opens"], data["opening"]) == (45, False, None)


def test_best_text_says_what_is_left_and_what_the_whole_hand_costs_now(referee: Runner) -> None:
    done = referee("best", "9C", "9D", "9H", "9S", "5H", "6H", "7H", "KC")
    assert done.code == 0, done.err
    assert done.out.splitlines()[-2:] == [
        "laid 54 (opens); left K♣: 10 penalty points",
        "if the round ended now, before these melds are laid: 64 penalty points",
    ]


def test_best_reads_one_hand_a_line_from_stdin() -> None:
    done = subprocess.run(
        [str(REFEREE_SCRIPT), "best", "--preset", "kaluki-club", "-"],
        input="QD KD AD 2D\n\n9H 9S JK\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["laid_value"] for line in lines] == [31, 27]


def test_best_stdin_names_the_bad_line() -> None:
    done = subprocess.run(
        [str(REFEREE_SCRIPT), "best", "-"], input="9C 9D 9H\n9X\n", capture_output=True, text=True, check=False
    )
    assert done.returncode == 2 and "line 2: '9X' is not a card" in done.stderr


def test_best_minimise_penalty(referee: Runner) -> None:
    done = referee("best", "--json", "--minimise", "penalty", "JK", "2H", "2D", "2C")
    assert done.code == 0 and json.loads(done.out)["penalty"] == 0


def test_best_refuses_an_oversize_hand_with_exit_2(referee: Runner) -> None:
    # kaluki: a hand holds 14 cards (13 dealt and the one drawn); the solver takes 4 more, and not 18.
    done = referee("best", *SEVENTEEN.split(), "9D")
    assert done.code == 2 and done.out == ""
    assert done.err.strip().splitlines() == [
        "referee: 18 cards: the best arrangement is sought for 17 cards at most in kaluki (a hand holds 14)"
    ]


def test_best_takes_the_largest_hand_it_accepts(referee: Runner) -> None:
    done = referee("best", "--json", *SEVENTEEN.split())
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert (data["laid_value"], data["penalty"], data["hand_penalty"]) == (126, 0, 126)


def test_best_past_its_budget_stops_and_says_so(referee: Runner) -> None:
    done = referee("best", "--json", "--budget", "0.000001", *SEVENTEEN.split())
    assert done.code == 2 and done.out == ""
    assert done.err.strip().splitlines() == [
        "referee: this hand has too many ways to lay it to work out in 1e-06 seconds: no best arrangement is given"
    ]


def test_best_refuses_a_budget_that_is_not_a_positive_number(referee: Runner) -> None:
    done = referee("best", "--budget", "0", "9C")
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1


BATCH = "QD KD AD 2D\n\n9H 9S JK\n" + "5H 6H 7H 8C 8D 8S\n" * 40 + f"{SEVENTEEN}\n"


def batch(*args: str, given: str = BATCH) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(REFEREE_SCRIPT), "best", "--preset", "kaluki-club", "--set", "jokers=4", *args, "-"],
        input=given,
        capture_output=True,
        text=True,
        check=False,
    )


def test_best_with_jobs_answers_the_same_lines_in_the_same_order() -> None:
    alone, shared = batch(), batch("--jobs", "2")
    assert alone.returncode == shared.returncode == 0, alone.stderr + shared.stderr
    assert shared.stdout == alone.stdout
    assert len(alone.stdout.splitlines()) == 43


def test_best_with_jobs_stops_at_the_first_bad_line_after_answering_the_ones_before() -> None:
    done = batch("--jobs", "2", given="9H 9S JK\n" * 70 + "9X\n" + "9H 9S JK\n" * 70)
    assert done.returncode == 2
    assert len(done.stdout.splitlines()) == 70
    assert done.stderr.strip().splitlines() == [
        "referee: line 71: '9X' is not a card: 'X' is not a suit (S H D C or ♠ ♥ ♦ ♣)"
    ]


def test_best_stdin_refuses_a_line_past_its_budget() -> None:
    done = batch("--budget", "0.000001", given="9H 9S JK\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("referee: line 1: this hand has too many ways to lay it")


def test_best_refuses_an_unknown_objective(referee: Runner) -> None:
    done = referee("best", "--minimise", "fun", "9C")
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1


def test_best_refuses_a_budget_past_its_ceiling_and_says_it_in_help(referee: Runner) -> None:
    done = referee("best", "--budget", "11", "9C")
    assert done.code == 2 and done.out == ""
    assert done.err.splitlines() == ["referee: Invalid value for '--budget': 11.0 is not in the range 0<x<=10.0."]
    assert referee("best", "--budget", "10", "9C").code == 0
    assert "at most 10" in " ".join(referee("best", "--help").out.split())


def test_best_lays_identities_when_the_option_is_on(referee: Runner) -> None:
    # 001: "Une identité est une combinaison qui se compose de trois copies ou plus de la même carte."
    done = referee("best", "--json", "--preset", "rami", "--set", "identities=yes", "7H", "7H", "7H", "2C")
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert (data["melds"], data["laid_value"], data["left"]) == ([["7H", "7H", "7H"]], 15, ["2C"])


def test_best_without_identities_has_no_third_copy_in_play(referee: Runner) -> None:
    done = referee("best", "--preset", "rami", "7H", "7H", "7H", "2C")
    assert done.code != 0
    assert "7♥ appears 3 times but only 2 packs are in play" in done.err
