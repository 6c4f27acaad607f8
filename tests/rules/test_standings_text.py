"""`referee replay` without `--json` (docs/formats.md): the standings as a few lines a scorer reads at the table."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from referee.rules.game_record import read_game
from referee.rules.kaiser_family import kaiser_standings_text, start_kaiser
from referee.rules.rummy_family import rummy_chips, rummy_standings_text
from tests.events import kaiser_hand

GAMES = Path(__file__).parent / "games"
KAISER_TEAMS = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}


def record(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((GAMES / f"{name}.json").read_text(encoding="utf-8"))
    return data


def test_a_finished_kaluki_game_with_buy_backs() -> None:
    assert rummy_standings_text(read_game(record("kaluki_four_players")).standings()) == (
        "kaluki, after 7 rounds:\n"
        "  A              155  out        chips -16, 2 buy-backs\n"
        "  B              153  out        chips -4, 1 buy-back\n"
        "  C              148  in         chips +33, 2 buy-backs\n"
        "  D              185  out        chips -13, 2 buy-backs\n"
        "over: C wins and takes the pot"
    )


def test_a_kaluki_game_under_way_names_the_pot_and_the_next_dealer() -> None:
    game = {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"],
            "events": [{"type": "round", "winner": "Ana", "hands": {"Ben": 40}}]}  # fmt: skip
    assert rummy_standings_text(read_game(game).standings()) == (
        "kaluki, after 1 round:\n"
        "  Ana              0  in         chips -2\n"
        "  Ben             40  in         chips -4\n"
        "pot: 6 chips; Ben deals next"
    )


def test_a_rami_game_in_points_ends_with_no_pot() -> None:
    # docs/rules.md §6: in points mode the first to the target wins; there is no pot to take.
    played = {"type": "round", "winner": "Ana", "hands": {"Ben": 40}, "laid": {"Ana": 150, "Ben": 10}}
    game = {"format": "referee.game/1", "preset": "rami", "options": {"target": 100}, "players": ["Ana", "Ben"],
            "events": [played]}  # fmt: skip
    assert rummy_standings_text(read_game(game).standings()).splitlines()[-1] == "over: Ana wins"


def test_a_kaiser_game_under_way() -> None:
    assert kaiser_standings_text(read_game(record("kaiser_three_deals")).standings()) == (
        "kaiser, after 2 hands:\n"
        "  NS     Ana & Céline               16\n"
        "  EW     Ben & Driss                39\n"
        "Céline deals next"
    )


def test_a_kaiser_game_before_its_first_deal() -> None:
    game = {"format": "referee.game/1", "preset": "kaiser", "teams": KAISER_TEAMS, "events": []}
    assert kaiser_standings_text(read_game(game).standings()).splitlines()[-1] == "anyone deals next"


@pytest.mark.parametrize(("text", "other"), [(rummy_standings_text, "kaiser"), (kaiser_standings_text, "kaluki")])
def test_each_family_reads_only_its_own_games(text: Any, other: str) -> None:
    game = {"format": "referee.game/1", "preset": other, "events": []}
    game |= {"teams": KAISER_TEAMS} if other == "kaiser" else {"players": ["Ana", "Ben"]}
    with pytest.raises(TypeError, match=r"^not a (rummy|Kaiser) game: "):
        text(read_game(game).standings())


def test_a_rami_game_in_points_with_an_ante_gives_the_pot_to_the_winner() -> None:
    # docs/rules.md §6: the first to the target wins; with a house ante, the pot goes to the winner.
    played = {"type": "round", "winner": "Ana", "hands": {"Ben": 40}, "laid": {"Ana": 150, "Ben": 10}}
    game = {"format": "referee.game/1", "preset": "rami", "options": {"target": 100, "ante": 3},
            "players": ["Ana", "Ben"], "events": [played]}  # fmt: skip
    standings = read_game(game).standings()
    assert standings.as_json() == {
        "players": [
            {"name": "Ana", "score": 190, "status": "in", "buybacks": 0, "chips": 3},
            {"name": "Ben", "score": 10, "status": "out", "buybacks": 0, "chips": -3},
        ],
        "pot": 0,
        "over": True,
        "winner": "Ana",
        "rounds": 1,
    }
    assert standings.pot_won == 6


# --- each family's standings word for word, and the chips of a rummy game under way -----------------------------------


def test_the_standings_of_a_game_after_one_round_and_a_buy_back() -> None:
    events = [
        {"type": "round", "winner": "Ana", "hands": {"Ben": 160, "Eve": 12}},
        {"type": "buyback", "player": "Ben"},
    ]
    game = {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben", "Eve"], "events": events}
    text = rummy_standings_text(read_game(game).standings())
    assert text == (
        "kaluki, after 1 round:\n"
        "  Ana              0  in         chips -1\n"
        "  Ben             12  in         chips -9, 1 buy-back\n"
        "  Eve             12  in         chips -4\n"
        "pot: 14 chips; Ben deals next"
    )


def test_the_standings_refuse_a_game_of_another_family() -> None:
    kaiser = {"preset": "kaiser", "teams": {"NS": ["Ana", "Eve"], "EW": ["Ben", "Luc"]}, "events": []}
    standing = read_game(kaiser).standings()
    with pytest.raises(TypeError, match="not a rummy game"):
        rummy_standings_text(standing)
    with pytest.raises(TypeError, match="not a rummy game"):
        rummy_chips(standing)


def test_a_finished_kaiser_game_names_its_winner() -> None:
    """Once a team reaches the target, the standings end with the winner rather than the next dealer."""
    events = [
        kaiser_hand("Ana", 12, {"NS": 7, "EW": 1}, "NS", "EW", dealer="Driss", no_trump=True),
        kaiser_hand("Céline", 5, {"NS": 4, "EW": 4}, "NS", "NS", dealer="Ana", no_trump=True),
    ]
    game = {"format": "referee.game/1", "preset": "kaiser", "teams": KAISER_TEAMS, "events": events}
    text = kaiser_standings_text(read_game(game).standings())
    assert text.splitlines()[0] == "kaiser, after 2 hands:"
    assert text.splitlines()[-1] == "over: NS wins"


def test_a_kaiser_game_before_its_first_hand() -> None:
    """Before any hand the standings show both teams at 0 and who deals first, or anyone."""
    game = {"format": "referee.game/1", "preset": "kaiser", "teams": KAISER_TEAMS, "events": []}
    assert kaiser_standings_text(read_game(game).standings()) == (
        "kaiser, after 0 hands:\n"
        "  NS     Ana & Céline                0\n"
        "  EW     Ben & Driss                 0\n"
        "anyone deals next"
    )
    assert start_kaiser(read_game(game | {"first_dealer": "Ben"})).next_dealer == "Ben"
