"""`referee best`: the contract of FORMATS.md, the stdin mode, and --minimise."""

from __future__ import annotations

import json
import subprocess

from tests.conftest import REFEREE_SCRIPT, Runner


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
    }


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


def test_best_refuses_an_unknown_objective(referee: Runner) -> None:
    done = referee("best", "--minimise", "fun", "9C")
    assert done.code == 2 and len(done.err.strip().splitlines()) == 1
