"""Kaiser as the registry reads it: its rules, its records and its standings at the command line, as a scorer sees
them (docs/mutation.md)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.game_record import read_game
from referee.rules.kaiser_family import kaiser_standings_text, start_kaiser, teams_json
from referee.rules.options import OptionError
from referee.rules.table import rules_for

TEAMS = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}


def hand(dealer: str, bidder: str, bid: int, ns_tricks: int, five: str, three: str) -> dict[str, Any]:
    """A no-trump hand as the record writes it: NS took `ns_tricks`, EW the rest."""
    return {
        "type": "hand", "dealer": dealer, "bidder": bidder, "bid": bid, "no_trump": True,
        "tricks": {"NS": ns_tricks, "EW": 8 - ns_tricks}, "five_hearts": five, "three_spades": three,
    }  # fmt: skip


def test_kaiser_is_always_played_to_a_target() -> None:
    """`target=none` is refused at a Kaiser table, saying why."""
    with pytest.raises(OptionError) as refused:
        rules_for("kaiser", {"target": None})
    assert str(refused.value) == "target cannot be none in Kaiser: a game is played to a score"


def test_kaiser_rules_name_their_preset_and_game() -> None:
    """The rules of a Kaiser preset name the preset and the game they are for."""
    pagat = rules_for("kaiser-pagat")
    assert (pagat.preset, pagat.game) == ("kaiser-pagat", "kaiser")


def test_a_finished_kaiser_game_names_its_winner() -> None:
    """Once a team reaches the target, the standings end with the winner rather than the next dealer."""
    events = [hand("Driss", "Ana", 12, 7, "NS", "EW"), hand("Ana", "Céline", 5, 4, "NS", "NS")]
    record = {"format": "referee.game/1", "preset": "kaiser", "teams": TEAMS, "events": events}
    text = kaiser_standings_text(read_game(record).standings())
    assert text.splitlines()[0] == "kaiser, after 2 hands:"
    assert text.splitlines()[-1] == "over: NS wins"


def test_a_kaiser_game_before_its_first_hand() -> None:
    """Before any hand the standings show both teams at 0 and who deals first, or anyone."""
    record = {"format": "referee.game/1", "preset": "kaiser", "teams": TEAMS, "events": []}
    assert kaiser_standings_text(read_game(record).standings()) == (
        "kaiser, after 0 hands:\n"
        "  NS     Ana & Céline                0\n"
        "  EW     Ben & Driss                 0\n"
        "anyone deals next"
    )
    assert start_kaiser(read_game(record | {"first_dealer": "Ben"})).next_dealer == "Ben"


def test_a_rummy_record_is_no_kaiser_game() -> None:
    """Asking Kaiser to start a Kaluki record is a programming error that names the record's preset."""
    record = read_game({"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": []})
    with pytest.raises(TypeError, match=r"^not a Kaiser record: kaluki$"):
        start_kaiser(record)


def test_a_rummy_record_has_no_teams() -> None:
    """Asking a Kaluki record for its Kaiser teams is a programming error that shows the record."""
    record = read_game({"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": []})
    with pytest.raises(TypeError, match=r"^a Kaiser record without teams: GameRecord\("):
        teams_json(record)
