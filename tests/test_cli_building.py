"""`referee extend` and `referee rearrange` (docs/formats.md, README): JSON keys, readable text, and bad input."""

from __future__ import annotations

import json

import pytest

from tests.conftest import Runner
from tests.test_cli_bad_input import bad


def test_extend_prints_the_formats_keys(referee: Runner) -> None:
    done = referee("extend", "--json", "5H 6H 7H", "8H", "4H")
    assert done.code == 0 and done.err == ""
    assert json.loads(done.out) == {
        "valid": True,
        "meld": ["4H", "5H", "6H", "7H", "8H"],
        "kind": "run",
        "value": 30,
        "jokers": [],
        "reason": None,
    }


def test_extend_refuses_a_joker_in_rami_and_cites_the_rule(referee: Runner) -> None:
    done = referee("extend", "--preset", "rami", "5H 6H 7H", "JK=8H")
    assert done.code == 0
    assert done.out.splitlines() == [
        "5♥ 6♥ 7♥ + JK (8♥): no — a joker cannot be added to a meld already on the table",
        "  rule: joker_can_extend = no in rami — 001: a joker cannot complete a meld already laid",
    ]
    data = json.loads(referee("extend", "--preset", "rami", "--json", "5H 6H 7H", "JK=8H").out)
    assert data["valid"] is False and data["meld"] == ["5H", "6H", "7H", "JK"] and data["kind"] is None


def test_extend_with_a_house_rule(referee: Runner) -> None:
    done = referee("extend", "--preset", "rami", "--set", "joker_can_extend=yes", "5H 6H 7H", "JK")
    assert done.code == 0 and done.out.splitlines() == [
        "5♥ 6♥ 7♥ + JK: yes — 5♥ 6♥ 7♥ JK, run, 20 points",
        "  joker 1: 8♥",
    ]


def test_rearrange_prints_each_meld_and_the_cards_from_the_hand(referee: Runner) -> None:
    done = referee("rearrange", "--from", "4D 5D 6D 7D", "--to", "5D 6D 7D", "--to", "4D 4H 4C")
    assert done.code == 0 and done.err == ""
    assert done.out.splitlines() == [
        "meld 1: 5♦ 6♦ 7♦: valid run, 18 points",
        "meld 2: 4♦ 4♥ 4♣: valid group, 12 points",
        "from the hand: 4♥ 4♣",
        "laid: 8 points",
        "yes",
    ]


def test_rearrange_json(referee: Runner) -> None:
    done = referee("rearrange", "--preset", "kaluki-club", "--json", "--from", "4D 5D 6D 7D", "--to", "4D 5D 6D 7D 8D")
    data = json.loads(done.out)
    assert set(data) >= {"valid", "melds", "from_hand", "reason", "penalty", "laid_points"}
    assert data["valid"] is False and data["from_hand"] == ["8D"] and data["penalty"] == 0
    assert data["laid_points"] == 0  # a refused move lays nothing
    assert data["reason"] == "the melds on the table cannot be rearranged under these rules"
    assert data["melds"] == [{"valid": True, "kind": "run", "value": 30, "jokers": [], "reason": None}]


def test_rearrange_says_what_a_manipulation_lays(referee: Runner) -> None:
    """docs/rules.md §2, What a rearrangement lays: 001's "10 points (et non pas 15)"."""
    args = ["--preset", "rami", "--set", "table_rearrange=manipulation", "--from", "4D 5D 6D 7D"]
    done = referee("rearrange", *args, "--to", "5D 6D 7D", "--to", "4D 4H 4C")
    assert done.code == 0 and done.out.splitlines()[-2:] == ["laid: 10 points", "yes"]
    data = json.loads(referee("rearrange", "--json", *args, "--to", "5D 6D 7D", "--to", "4D 4H 4C").out)
    assert data["valid"] is True and data["laid_points"] == 10


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["extend", "--not-opened", "5H 6H 7H", "8H"], id="extend"),
        pytest.param(
            ["rearrange", "--not-opened", "--from", "4D 5D 6D 7D", "--to", "5D 6D 7D", "--to", "4D 4H 4C"],
            id="rearrange",
        ),
    ],
)
def test_a_player_who_has_not_opened_is_answered_no_with_the_rule(referee: Runner, args: list[str]) -> None:
    """docs/rules.md §2, Adding to the table: Ruling, not opened yet; an answer, exit 0 (docs/formats.md)."""
    done = referee(*args)
    assert done.code == 0 and done.err == ""
    verdict, rule = done.out.splitlines()[-2:]
    assert verdict.endswith(
        "no — only a player who has opened may add to the melds on the table or rearrange them: "
        "first lay melds worth the points needed to open"
    )
    assert rule == "  rule: opening_threshold = 40 in kaluki — 000 and 002: 40; 001: 30 to 80, 51 the French standard"
    data = json.loads(referee(args[0], "--json", *args[1:]).out)
    assert data["valid"] is False and data["reason"].startswith("only a player who has opened")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        pytest.param(["extend", "5H 6H 7H"], ["Missing argument 'CARDS...'"], id="no card to add"),
        pytest.param(["extend", "", "5H"], ["the meld on the table (MELD) holds no cards"], id="empty meld"),
        pytest.param(["extend", "5H 6X 7H", "8H"], ["the meld on the table (MELD): '6X' is not a card"], id="bad meld"),
        pytest.param(["extend", "5H 6H 7H", "8Z"], ["'8Z' is not a card"], id="bad card"),
        pytest.param(["extend", "5H 6H 7H 5H", "5H"], ["5♥ appears 3 times but only 2 packs are in play"], id="3rd 5H"),
        pytest.param(["extend", "--preset", "kaiser", "5H 6H 7H", "8H"], ["kaiser is a Kaiser preset"], id="kaiser"),
        pytest.param(["extend", "--set", "run_max=2", "5H 6H 7H", "8H"], ["run_max takes"], id="bad setting"),
        pytest.param(["rearrange", "--from", "4D 5D 6D"], ["Missing option '--to'"], id="no --to"),
        pytest.param(["rearrange", "--to", "4D 5D 6D"], ["Missing option '--from'"], id="no --from"),
        pytest.param(["rearrange", "--from", "4D 5D 6D", "--to", "4D 5Q"], ["--to meld: '5Q' is not a card"], id="bad"),
        pytest.param(
            ["rearrange", "--from", "4D 5D 6D", "--from", "", "--to", "4D 5D 6D"],
            ["--from meld 2 holds no cards"],
            id="empty --from",
        ),
        pytest.param(
            ["rearrange", "--from", "JK JK JK 5D", "--to", "JK JK 5D 6D", "--to", "JK JK JK 7D"],
            ["5 jokers were given but only 4 are in play"],
            id="fifth joker",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(referee: Runner, args: list[str], words: list[str]) -> None:
    bad(referee(*args), *words)


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(["extend", "5H 6H 7H", "8H"], id="extend"),
        pytest.param(["rearrange", "--from", "4D 5D 6D 7D", "--to", "5D 6D 7D", "--to", "4D 4H 4C"], id="rearrange"),
    ],
)
def test_the_building_commands_import_no_web_code(args: list[str]) -> None:
    from tests.test_cli_startup import probe

    report = probe(args)
    assert report["code"] in (0, None) and report["web"] == [], report
