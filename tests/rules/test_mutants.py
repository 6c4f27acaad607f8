"""Tests that pin the pieces of the engine a mutation could once change or delete with no test failing.

Each test names the rule it checks and asserts exact numbers, so deleting that piece of code, or moving a
bound by one, makes it fail. They use only stable public ways in: a game record's `standings()` and its
JSON, the settlement functions, and the `referee` command.
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from referee.rules.game_record import read_game
from referee.rules.settlement import SettlementError, cents, fewest_payments, settle, settle_json
from tests.conftest import Runner


def standings(record: dict[str, Any]) -> dict[str, Any]:
    """The `replay` JSON of a game record."""
    data: dict[str, Any] = read_game(record).standings().as_json()
    return data


def scores(record: dict[str, Any]) -> dict[str, int]:
    return {p["name"]: p["score"] for p in standings(record)["players"]}


def rami(preset: str, *events: dict[str, Any]) -> dict[str, Any]:
    return {"format": "referee.game/1", "preset": preset, "players": ["A", "B", "C"], "events": list(events)}


# --- Rami elimination: a joker taken back and not replayed (docs/rules.md §2 Joker release, rulings) ---------------


@pytest.mark.parametrize(
    ("round_", "expected"),
    [
        pytest.param(
            {"winner": "A", "hands": {"B": 15, "C": 10}, "unreturned_jokers": {"B": 1}},
            {"A": 0, "B": 15 + 300, "C": 10},
            id="§2 joker_retrieval_penalty (rami-elimination): one joker not replayed costs 300",
        ),
        pytest.param(
            {"winner": "A", "hands": {"B": 15, "C": 10}, "unreturned_jokers": {"A": 1}},
            {"A": 300, "B": 15, "C": 10},
            id="§2 joker_retrieval_penalty (rami-elimination): the round's winner pays it too",
        ),
        pytest.param(
            {
                "winner": "A",
                "rami": "own_cards",
                "laid": {"A": 60, "B": 30},
                "hands": {"B": 15, "C": 10},
                "unreturned_jokers": {"B": 1},
            },
            {"A": 0, "B": 15 * 3 + 300, "C": 10 * 3},
            id="§2 joker_retrieval_penalty (rami-elimination): added after the rami's x3, never multiplied",
        ),
    ],
)
def test_rami_elimination_unreturned_joker_costs_300(round_: dict[str, Any], expected: dict[str, int]) -> None:
    assert scores(rami("rami-elimination", {"type": "round", **round_})) == expected


def test_rami_elimination_two_unreturned_jokers_cost_600_and_can_eliminate() -> None:
    record = rami(
        "rami-elimination",
        {"type": "round", "winner": "A", "hands": {"B": 15, "C": 10}, "unreturned_jokers": {"B": 2}},
    )
    data = standings(record)
    assert {p["name"]: (p["score"], p["status"]) for p in data["players"]} == {
        "A": (0, "in"),
        "B": (15 + 600, "out"),  # above 500 with no buy-back in Rami
        "C": (10, "in"),
    }


# --- Rami points mode: the game ends when someone reaches the target (docs/rules.md §6) ---------------------------


@pytest.mark.parametrize(
    ("laid", "over", "winner"),
    [
        pytest.param(1000, True, "A", id="§6 target=1000: exactly 1000 reaches it, the game is over"),
        pytest.param(999, False, None, id="§6 target=1000: 999 plays on"),
        pytest.param(1001, True, "A", id="§6 target=1000: 1001 is over"),
    ],
)
def test_rami_points_mode_ends_at_the_target_inclusive(laid: int, over: bool, winner: str | None) -> None:
    # B laid 5 each round, so no +100; B's and C's hands are worth nothing: A scores exactly what A laid. A round
    # lays at most every card in play (820 in `rami`), so A reaches `laid` in two rounds.
    record = rami(
        "rami",
        {"type": "round", "winner": "A", "laid": {"A": 500, "B": 5}, "hands": {"B": 0, "C": 0}},
        {"type": "round", "winner": "A", "laid": {"A": laid - 500, "B": 5}, "hands": {"B": 0, "C": 0}},
    )
    data = standings(record)
    assert {p["name"]: p["score"] for p in data["players"]} == {"A": laid, "B": 10, "C": 0}
    assert (data["over"], data["winner"]) == (over, winner)
    assert {p["name"]: p["status"] for p in data["players"]} == (
        {"A": "in", "B": "out", "C": "out"} if over else {"A": "in", "B": "in", "C": "in"}
    )


# --- Rami: a rami using others' melds while nobody else laid (docs/rules.md §5, §6) ------------------------------


@pytest.mark.parametrize(
    ("laid", "expected"),
    [
        pytest.param({"A": 60, "B": 0, "C": 0}, {"A": 0, "B": 20, "C": 40}, id="§5 rami with_table, laid all 0: x2"),
        pytest.param({"A": 60}, {"A": 0, "B": 20, "C": 40}, id="§5 rami with_table, others missing from laid: x2"),
        pytest.param({"A": 60, "B": 5}, {"A": 0, "B": 20, "C": 40}, id="§5 rami with_table, B laid: x2"),
    ],
)
def test_rami_elimination_with_table_is_doubled_even_when_nobody_else_laid(
    laid: dict[str, int], expected: dict[str, int]
) -> None:
    record = rami(
        "rami-elimination",
        {"type": "round", "winner": "A", "rami": "with_table", "laid": laid, "hands": {"B": 10, "C": 20}},
    )
    assert scores(record) == expected


def test_rami_elimination_own_cards_when_nobody_else_laid_is_quadrupled() -> None:
    record = rami(
        "rami-elimination",
        {"type": "round", "winner": "A", "rami": "own_cards", "laid": {"A": 60, "B": 0}, "hands": {"B": 10, "C": 20}},
    )
    assert scores(record) == {"A": 0, "B": 40, "C": 80}


@pytest.mark.parametrize(
    ("kind", "laid", "bonus"),
    [
        pytest.param(
            "with_table", {"A": 60, "B": 0, "C": 0}, 200 + 100, id="§6 rami with_table, nobody laid: +200+100"
        ),
        pytest.param("with_table", {"A": 60}, 200 + 100, id="§6 rami with_table, others missing from laid: +200+100"),
        pytest.param("with_table", {"A": 60, "C": 5}, 200, id="§6 rami with_table, C laid: +200"),
        pytest.param("own_cards", {"A": 60}, 300 + 100, id="§6 rami own_cards, nobody laid: +300+100"),
    ],
)
def test_rami_points_mode_with_table_bonus(kind: str, laid: dict[str, int], bonus: int) -> None:
    record = rami("rami", {"type": "round", "winner": "A", "rami": kind, "laid": laid, "hands": {"B": 10, "C": 20}})
    assert scores(record) == {"A": 60 + 10 + 20 + bonus, "B": laid.get("B", 0), "C": laid.get("C", 0)}


# --- A player who is out plays no part in a round (docs/formats.md, game record) ----------------------------------


def test_a_player_out_of_the_game_given_laid_points_is_refused(referee: Runner, tmp_path: Path) -> None:
    first = {"type": "round", "winner": "A", "rami": "own_cards", "hands": {"B": 200, "C": 10}}  # B 600: out
    second = {"type": "round", "winner": "A", "laid": {"A": 40, "B": 10}, "hands": {"C": 5}}
    before = rami("rami-elimination", first)
    assert {p["name"]: p["status"] for p in standings(before)["players"]} == {"A": "in", "B": "out", "C": "in"}
    assert scores(rami("rami-elimination", first, {**second, "laid": {"A": 40, "C": 10}})) == {
        "A": 0,
        "B": 600,
        "C": 35,
    }
    with pytest.raises(ValueError, match="event 2: B is out of the game"):
        read_game(rami("rami-elimination", first, second)).standings()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rami("rami-elimination", first, second)))
    done = referee("replay", "--json", str(path))
    assert done.code == 2 and done.out == ""
    assert "event 2: B is out of the game" in done.err and len(done.err.strip().splitlines()) == 1


# --- Kaiser: the other team at bid_out (45) before the hand (docs/rules.md §7) -----------------------------------


def kaiser_hand(dealer: str, bid: int, tricks_ns: int, five: str, three: str, **more: Any) -> dict[str, Any]:
    return {
        "type": "hand",
        "dealer": dealer,
        "bidder": more.get("bidder", "Ana"),
        "bid": bid,
        "no_trump": more.get("no_trump", False),
        "tricks": {"NS": tricks_ns, "EW": 8 - tricks_ns},
        "five_hearts": five,
        "three_spades": three,
    }


def kaiser(ew_second_hand: int, third: dict[str, Any]) -> dict[str, Any]:
    """EW bids 10 no trump and takes every trick (40); then NS bids 5 and EW takes `ew_second_hand` points."""
    second = (
        kaiser_hand("Ben", 5, 3, "NS", "NS")  # NS 3 + 5 − 3 = 5, made: +10; EW 5 points
        if ew_second_hand == 5
        else kaiser_hand("Ben", 5, 4, "NS", "NS")  # NS 4 + 5 − 3 = 6, made: +11; EW 4 points
    )
    return {
        "format": "referee.game/1",
        "preset": "kaiser",
        "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
        "events": [kaiser_hand("Ana", 10, 0, "EW", "EW", bidder="Ben", no_trump=True), second, third],
    }


@pytest.mark.parametrize(
    ("ew_second_hand", "third", "expected"),
    [
        pytest.param(
            5,
            kaiser_hand("Céline", 5, 3, "NS", "NS"),
            {"NS": 20, "EW": 45},
            id="§7 bid_out=45: EW at exactly 45 adds nothing for its 5 points",
        ),
        pytest.param(
            4,
            kaiser_hand("Céline", 5, 3, "NS", "NS"),
            {"NS": 21, "EW": 49},
            id="§7 bid_out=45: EW at 44 adds its 5 points",
        ),
        pytest.param(
            5,
            kaiser_hand("Céline", 5, 7, "NS", "EW"),
            {"NS": 10 + 17, "EW": 43},
            id="§7 bid_out=45: EW at 45 still counts its -2 points",
        ),
    ],
)
def test_kaiser_the_other_team_at_bid_out(ew_second_hand: int, third: dict[str, Any], expected: dict[str, int]) -> None:
    before = standings({**kaiser(ew_second_hand, third), "events": kaiser(ew_second_hand, third)["events"][:2]})
    assert {t["name"]: t["score"] for t in before["teams"]}["EW"] == 40 + ew_second_hand
    data = standings(kaiser(ew_second_hand, third))
    assert {t["name"]: t["score"] for t in data["teams"]} == expected
    assert (data["over"], data["hands"]) == (False, 3)


# --- The evening's chip value (docs/formats.md, evening record) ----------------------------------------------------


@pytest.mark.parametrize("chip_value", ["-0.01", "-1", "-0.20"])
def test_a_negative_chip_value_in_an_evening_record_is_refused(
    referee: Runner, tmp_path: Path, chip_value: str
) -> None:
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({"format": "referee.evening/1", "chip_value": chip_value, "games": []}))
    done = referee("settle", "--json", str(path))
    assert done.code == 2 and done.out == ""
    # The record itself refuses it, naming the key, before any payment is worked out.
    assert f"chip_value {chip_value!r} must be from 0 to 1000" in done.err
    with pytest.raises(SettlementError, match="zero or more"):
        cents(Decimal(chip_value))


def test_a_chip_value_of_zero_is_accepted(referee: Runner, tmp_path: Path) -> None:
    # Ante 3 each; A wins the round (B pays 1 chip) and B, at 150, is eliminated with nobody left to play:
    # A takes the pot of 6. A +4, B -4, worth nothing at 0.00 a chip.
    game = {
        "format": "referee.game/1",
        "preset": "kaluki",
        "players": ["A", "B"],
        "events": [{"type": "round", "winner": "A", "hands": {"B": 150}}],
    }
    path = tmp_path / "evening.json"
    path.write_text(json.dumps({"format": "referee.evening/1", "chip_value": "0.00", "games": [game]}))
    done = referee("settle", "--json", str(path))
    assert done.code == 0, done.err
    assert json.loads(done.out) == {
        "balances": {"A": 4, "B": -4},
        "payments": [{"from": "B", "to": "A", "chips": 4, "amount": "0.00"}],
    }
    assert cents(Decimal("0")) == 0 and cents(Decimal("0.01")) == 1


# --- The settlement's payment order (settlement.py's docstring, docs/rules.md) ------------------------------
#
# The plan is built one payment at a time: the first player by name (ignoring case, then by exact spelling)
# settles next, with the first partner by name that some plan with the fewest payments uses, for the largest
# amount; the plan is then listed by payer, then payee, in that order of names. Beyond 10 players with a
# balance, a greedy payment comes first: a debtor (by name) whose debt some creditor's credit cancels pays the
# first such creditor by name; else the largest debt pays the largest credit (ties by name).


def payments(balances: dict[str, int]) -> list[tuple[str, str, int]]:
    return [(p.payer, p.payee, p.chips) for p in settle(balances)]


# Twelve players: Cy's 2 cancels both Dee's and Kim's credit: Cy pays Dee, the first by name; then 10 are
# left and the exact plan settles them.
GREEDY_PAIR = dict(Ana=-1, Ben=-9, Cy=-2, Dee=2, Eve=7, Fay=5, Gus=-4, Hal=-3, Ivy=8, Jo=-5, Kim=2, Lou=0)
# Twelve players and no debt cancelling a credit: Ben and Hal owe the most (9), Eve and Jo are owed the most
# (7): Ben pays Eve 7. Ben's 2 left then cancels Ivy's 2: Ben pays Ivy 2; 9 are left for the exact plan.
GREEDY_LARGEST = dict(Ana=-1, Ben=-9, Cy=-3, Dee=4, Eve=7, Fay=5, Gus=-6, Hal=-9, Ivy=2, Jo=7, Kim=-1, Lou=4)
# Ten players, three zero-sum groups: the exact plan takes 7 payments; a greedy first payment (Jo, who owes
# the most, paying Ana, who is owed the most) would make it 8.
TEN_EXACT = dict(Ana=6, Ben=-3, Cy=4, Dee=1, Eve=-3, Fay=1, Gus=4, Hal=-2, Ivy=-3, Jo=-5)
# Eleven players and no debt cancelling a credit: Ben, Ivy and Jo owe the most (3), Cy is owed the most (5):
# Ben pays Cy 3; 10 are left for the exact plan.
GREEDY_LARGEST_CREDIT = dict(Ana=1, Ben=-3, Cy=5, Dee=1, Eve=-2, Fay=1, Gus=1, Hal=1, Ivy=-3, Jo=-3, Kim=1)


@pytest.mark.parametrize(
    ("balances", "plan"),
    [
        pytest.param(
            {"Cy": -5, "Dee": 5, "Ana": -5, "Ben": 5},
            [("Ana", "Ben", 5), ("Cy", "Dee", 5)],
            id="rulings: the first player by name settles first, with the first partner by name",
        ),
        pytest.param(
            {"Ana": 5, "Ben": -5, "Cy": 5, "Dee": -5},
            [("Ben", "Ana", 5), ("Dee", "Cy", 5)],
            id="rulings: the first player by name is paid by the first partner by name",
        ),
        pytest.param(
            {"Ana": 1, "Ben": -2, "Cy": -2, "Dee": 3},
            [("Ben", "Ana", 1), ("Ben", "Dee", 1), ("Cy", "Dee", 2)],
            id="rulings: Ana is paid by Ben, the first partner by name, though Cy could pay her too",
        ),
        pytest.param(
            {"Ana": 5, "Ben": -3, "Cy": 3, "Dee": -5},
            [("Ben", "Cy", 3), ("Dee", "Ana", 5)],
            id="settle: listed by payer then payee, not in the order the plan is built",
        ),
        pytest.param(
            {"carl": 7, "Bob": -4, "alice": -3},
            [("alice", "carl", 3), ("Bob", "carl", 4)],
            id="rulings: names in order ignoring case (alice, Bob, carl)",
        ),
        pytest.param(
            {"ana": -2, "Ana": -3, "Bo": 5},
            [("Ana", "Bo", 3), ("ana", "Bo", 2)],
            id="settle: names equal but for case, in order of their exact spelling",
        ),
        pytest.param(
            {"Ana": -6, "Ben": 2, "Cy": 4},
            [("Ana", "Ben", 2), ("Ana", "Cy", 4)],
            id="rulings: one zero-sum group of three, in two payments",
        ),
        pytest.param(
            {"Ana": -7, "Ben": 3, "Cy": 3, "Dee": -2, "Eve": 3},
            [("Ana", "Ben", 3), ("Ana", "Cy", 3), ("Ana", "Eve", 1), ("Dee", "Eve", 2)],
            id="rulings: one group of five: Ana pays Ben, then Cy, as much as each is owed",
        ),
        pytest.param(
            TEN_EXACT,
            [
                ("Ben", "Ana", 3),
                ("Eve", "Ana", 3),
                ("Hal", "Cy", 2),
                ("Ivy", "Cy", 2),
                ("Ivy", "Dee", 1),
                ("Jo", "Fay", 1),
                ("Jo", "Gus", 4),
            ],
            id="rulings: exact up to 10 players with a balance",
        ),
        pytest.param(
            GREEDY_LARGEST_CREDIT,
            [
                ("Ben", "Cy", 3),
                ("Eve", "Ana", 1),
                ("Eve", "Dee", 1),
                ("Ivy", "Cy", 2),
                ("Ivy", "Fay", 1),
                ("Jo", "Gus", 1),
                ("Jo", "Hal", 1),
                ("Jo", "Kim", 1),
            ],
            id="rulings: beyond 10, the largest debt pays the largest credit",
        ),
        pytest.param(
            GREEDY_PAIR,
            [
                ("Ana", "Fay", 1),
                ("Ben", "Eve", 7),
                ("Ben", "Kim", 2),
                ("Cy", "Dee", 2),
                ("Gus", "Fay", 4),
                ("Hal", "Ivy", 3),
                ("Jo", "Ivy", 5),
            ],
            id="rulings: beyond 10, pairs that cancel first, with the first creditor by name",
        ),
        pytest.param(
            GREEDY_LARGEST,
            [
                ("Ana", "Dee", 1),
                ("Ben", "Eve", 7),
                ("Ben", "Ivy", 2),
                ("Cy", "Dee", 3),
                ("Gus", "Jo", 6),
                ("Hal", "Fay", 5),
                ("Hal", "Lou", 4),
                ("Kim", "Jo", 1),
            ],
            id="rulings: beyond 10, the largest debt (first by name) to the largest credit (first by name)",
        ),
    ],
)
def test_settlement_payment_order(balances: dict[str, int], plan: list[tuple[str, str, int]]) -> None:
    assert payments(balances) == plan
    assert payments(dict(reversed(balances.items()))) == plan
    data = settle_json(balances, Decimal("0.10"))
    assert [(p["from"], p["to"], p["chips"]) for p in data["payments"]] == plan


def test_settlement_is_exact_at_ten_players_with_a_balance() -> None:
    assert len(TEN_EXACT) == 10 and all(TEN_EXACT.values())
    assert len(settle(TEN_EXACT)) == fewest_payments(TEN_EXACT) == 7
