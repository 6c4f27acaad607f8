"""`referee replay` and `referee settle`: the game and evening records of docs/formats.md through the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Runner

HERE = Path(__file__).parent / "rules"
KALUKI = HERE / "games" / "kaluki_four_players.json"
KAISER = HERE / "games" / "kaiser_three_deals.json"
EVENING = HERE / "evenings" / "kaluki_and_kaiser.json"


def test_replay_json_gives_the_rules_8_kaluki_game(referee: Runner) -> None:
    done = referee("replay", "--json", str(KALUKI))
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert {p["name"]: p["chips"] for p in data["players"]} == {"A": -16, "B": -4, "C": 33, "D": -13}
    assert data["over"] is True and data["winner"] == "C" and data["pot"] == 0 and data["rounds"] == 7
    assert {p["name"]: p["status"] for p in data["players"]} == {"A": "out", "B": "out", "C": "in", "D": "out"}


def test_replay_reads_standard_input(referee_script: Runner, monkeypatch: pytest.MonkeyPatch) -> None:
    import subprocess

    from tests.conftest import REFEREE_SCRIPT

    done = subprocess.run(
        [str(REFEREE_SCRIPT), "replay", "--json", "-"], input=KALUKI.read_text(), capture_output=True, text=True
    )
    assert done.returncode == 0 and json.loads(done.stdout)["winner"] == "C"


def test_replay_kaiser_counts_hands_not_passed_deals(referee: Runner) -> None:
    done = referee("replay", "--json", str(KAISER))
    assert done.code == 0, done.err
    data = json.loads(done.out)
    # NS bid 7 and took 6 tricks with the 5♥ (11 points): 7 + 11 = 18, EW 2 − 3 = −1. A passed deal.
    # EW bid 8 no trump and took 7 tricks with the 5♥ (12 points): (8 + 12) × 2 = 40; NS 1 − 3 = −2.
    assert data["teams"] == [{"name": "NS", "score": 18 - 2}, {"name": "EW", "score": -1 + 40}]
    assert data["hands"] == 2 and data["over"] is False and data["winner"] is None


def test_replay_text_is_readable(referee: Runner) -> None:
    done = referee("replay", str(KALUKI))
    assert done.code == 0 and "C wins and takes the pot" in done.out and "chips +33" in done.out


def test_settle_gives_balances_and_payments_in_money(referee: Runner) -> None:
    done = referee("settle", "--json", str(EVENING))
    assert done.code == 0, done.err
    data = json.loads(done.out)
    assert data["balances"] == {"A": -16, "B": -4, "C": 33, "D": -13}
    assert data["payments"] == [
        {"from": "A", "to": "C", "chips": 16, "amount": "3.20"},
        {"from": "B", "to": "C", "chips": 4, "amount": "0.80"},
        {"from": "D", "to": "C", "chips": 13, "amount": "2.60"},
    ]


@pytest.mark.parametrize(
    ("record", "message"),
    [
        pytest.param(
            {"players": ["A", "B"], "events": [{"type": "buyback", "player": "A"}]},
            "event 1: A is still in",
            id="bad event",
        ),
        pytest.param(
            {"preset": "kaiser", "players": ["A", "B", "C", "D"]}, '"teams", not "players"', id="kaiser players"
        ),
        pytest.param(
            {"players": ["A", "B"], "options": {"ace_wraps": "maybe"}}, "ace_wraps takes true or false", id="bad option"
        ),
    ],
)
def test_replay_refuses_bad_records_with_one_line(referee: Runner, tmp_path: Path, record: dict, message: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    done = referee("replay", str(path))
    assert done.code == 2 and done.out == ""
    assert len(done.err.strip().splitlines()) == 1 and message in done.err


@pytest.mark.parametrize(
    ("evening", "message"),
    [
        pytest.param(
            {"format": "referee.evening/1", "chip_value": 0.2, "games": []}, "never a float", id="float money"
        ),
        pytest.param({"format": "referee.evening/1", "chip_value": "0.205", "games": []}, "whole cents", id="sub-cent"),
        pytest.param(
            {"format": "referee.evening/1", "chip_value": "1", "games": [{"players": ["A", "B"]}]},
            "game 1 is not over: its pot of 6 chips",
            id="unfinished game",
        ),
        pytest.param({"format": "referee.game/1"}, "an evening record", id="not an evening"),
    ],
)
def test_settle_refuses_bad_evenings(referee: Runner, tmp_path: Path, evening: dict, message: str) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps(evening))
    done = referee("settle", str(path))
    assert done.code == 2 and done.out == "" and message in done.err


def test_a_missing_file_is_one_line(referee: Runner, tmp_path: Path) -> None:
    done = referee("replay", str(tmp_path / "nope.json"))
    assert done.code == 2 and "cannot read" in done.err and len(done.err.strip().splitlines()) == 1


# --- #24: jokers kept, the bound on laid points for eight players, the cards laid ------------------------------------

EIGHT = ["Ana", "Ben", "Céline", "Driss", "Éloïse", "Fanny", "Gaspard", "Hélène"]


def replayed(referee: Runner, tmp_path: Path, record: dict) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = referee("replay", "--json", str(path))
    return done.code, done.out, done.err


def test_replay_refuses_a_kaluki_round_with_a_kept_joker(referee: Runner, tmp_path: Path) -> None:
    # docs/rules.md §2, Joker release (002: "The Joker can't be added to the cards in their hand"): no such entry.
    event = {"type": "round", "winner": "Ana", "hands": {"Ben": "5C"}, "unreturned_jokers": {"Ben": 1}}
    code, out, err = replayed(referee, tmp_path, {"players": ["Ana", "Ben"], "events": [event]})
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "event 1: Ben cannot have kept a joker in Kaluki" in err


@pytest.mark.parametrize(("laid", "code"), [(1640, 0), (1641, 2)])
def test_replay_bounds_laid_points_by_the_packs_eight_players_call_for(
    referee: Runner, tmp_path: Path, laid: int, code: int
) -> None:
    # docs/rules.md §1: Rami with 7-8 players plays 4 packs and 8 jokers, 1,640 points in all at salon values.
    event = {"type": "round", "winner": "Ana", "hands": {name: 5 for name in EIGHT[1:]}, "laid": {"Ben": laid}}
    done = replayed(referee, tmp_path, {"preset": "rami", "players": EIGHT, "events": [event]})
    assert done[0] == code, done[2]
    if code:
        assert "Ben cannot have laid 1641 points: every card in play counts 1640 in Rami" in done[2]


def test_replay_counts_laid_points_from_the_cards_laid(referee: Runner, tmp_path: Path) -> None:
    # docs/rules.md §8, Rami points mode: Alice 95 laid + 55 + 70 + 300 = 520, Bob 30, Cédric 0.
    alice = ["10H JH QH KH", "4C 4D 4S 4H", "AD 2D 3D", "8S 9S 10S"]
    event = {
        "type": "round", "winner": "Alice", "hands": {"Bob": 55, "Cédric": 70}, "rami": "own_cards",
        "laid_cards": {"Alice": alice, "Bob": ["KS KH KD"]},
    }  # fmt: skip
    record = {"preset": "rami", "players": ["Alice", "Bob", "Cédric"], "events": [event]}
    code, out, err = replayed(referee, tmp_path, record)
    assert code == 0, err
    assert {p["name"]: p["score"] for p in json.loads(out)["players"]} == {"Alice": 520, "Bob": 30, "Cédric": 0}
    event["laid"] = {"Alice": 90}
    code, out, err = replayed(referee, tmp_path, record)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert 'event 1: Alice\'s laid cards count 95 points, but "laid" gives 90' in err
