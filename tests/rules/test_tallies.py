"""What a game says of each player over a season (docs/rules.md §10, *A group's season*), tallied by its family."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from referee.rules.families import family_of
from referee.rules.game_record import read_game
from referee.rules.tallies import Tally
from tests.events import kaiser_hand

GAMES = Path(__file__).parent / "games"


def saved(name: str) -> dict[str, Any]:
    """One of the games saved in tests/rules/games."""
    data: dict[str, Any] = json.loads((GAMES / f"{name}.json").read_text())
    return data


def tally(data: dict[str, Any]) -> Tally:
    """The game's tally, as its family makes it."""
    record = read_game(data)
    return family_of(record.rules).tally(record.replay())


def test_a_kaluki_game_counts_rounds_penalties_eliminations_and_buy_backs() -> None:
    # docs/rules.md §8, the four-player Kaluki game: C wins the last round with B (153) and D (185) put out by it;
    # A, out of buy-backs, was put out a round earlier.
    counted = tally(saved("kaluki_four_players"))
    assert counted.count("rounds") == {"A": 6, "B": 7, "C": 7, "D": 7}  # A sat out the last round
    assert counted.count("penalty") == {"A": 185, "B": 170, "C": 263, "D": 316}  # a round a player won costs nothing
    assert counted.count("eliminations") == {"A": 3, "B": 2, "C": 2, "D": 3}  # 150 is out: C at exactly 150 in round 2
    assert counted.count("buybacks") == {"A": 2, "B": 1, "C": 2, "D": 2}
    assert counted.count("hands_played") == {} and counted.count("points") == {} and counted.teams == ()
    places = counted.places
    # The winner first; then who stayed in longer; of two put out by one round, the lower total.
    assert sorted(places, key=places.__getitem__, reverse=True) == ["C", "B", "D", "A"]


def test_a_kaiser_game_counts_hands_and_what_they_added_to_each_team() -> None:
    counted = tally(saved("kaiser_three_deals"))  # a made 7, a deal passed out, a made 8 in no trump (40)
    assert counted.count("hands_played") == {"Ana": 2, "Céline": 2, "Ben": 2, "Driss": 2}  # a passed deal is no hand
    assert counted.count("points") == {"Ana": 16, "Céline": 16, "Ben": 39, "Driss": 39}
    assert counted.teams == (("Ana", "Céline"), ("Ben", "Driss"))
    assert counted.count("rounds") == {} and counted.count("eliminations") == {}
    assert len(set(counted.places.values())) == 1  # unfinished: nobody has won, so nobody finished ahead


# --- exact places and counts ------------------------------------------------------------------------------------------


TEAMS = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}


def test_a_kaluki_players_place_is_won_then_when_put_out_then_the_lower_total() -> None:
    """C won; B and D went out with the last round (event 14), A at event 12: (won, out at, minus the total)."""
    counted = tally(saved("kaluki_four_players"))
    assert dict(counted.places) == {"A": (0, 12, -155), "B": (0, 14, -153), "C": (1, 9, -148), "D": (0, 14, -185)}


def test_a_player_never_put_out_stayed_to_the_end() -> None:
    """Nobody out: each stayed one past the last event, and the rounds they won cost them nothing."""
    counted = tally(
        {
            "preset": "kaluki",
            "players": ["Ana", "Ben"],
            "events": [
                {"type": "round", "winner": "Ana", "hands": {"Ben": 20}},
                {"type": "round", "winner": "Ben", "hands": {"Ana": 30}},
            ],
        }
    )
    assert dict(counted.places) == {"Ana": (0, 3, -30), "Ben": (0, 3, -20)}
    assert dict(counted.count("rounds")) == {"Ana": 2, "Ben": 2}
    assert dict(counted.count("penalty")) == {"Ana": 30, "Ben": 20}
    assert dict(counted.count("eliminations")) == {} and dict(counted.count("buybacks")) == {}


def test_points_mode_places_by_the_higher_total_and_counts_the_cards_left() -> None:
    """Rami (points): the higher total is ahead; the penalty is the cards left, not what the round added."""
    counted = tally(
        {
            "preset": "rami",
            "players": ["Ana", "Ben", "Cy"],
            "events": [
                {"type": "round", "winner": "Ana", "hands": {"Ben": 20, "Cy": 35}, "laid": {"Ana": 60, "Ben": 30}},
                {
                    "type": "round",
                    "winner": "Ben",
                    "hands": {"Ana": 10, "Cy": 5},
                    "laid": {"Ana": 40, "Ben": 70, "Cy": 51},
                },
            ],
        }
    )
    assert dict(counted.places) == {"Ana": (0, 0, 155), "Ben": (0, 0, 115), "Cy": (0, 0, 51)}
    assert dict(counted.count("penalty")) == {"Ben": 20, "Cy": 40, "Ana": 10}
    assert dict(counted.count("rounds")) == {"Ana": 2, "Ben": 2, "Cy": 2}


def test_a_void_round_and_a_buy_back_are_no_round_played() -> None:
    """A void round counts for nobody; a buy-back counts as one for its player."""
    counted = tally(
        {
            "preset": "kaluki",
            "players": ["Ana", "Ben", "Cy"],
            "events": [
                {"type": "void"},
                {"type": "round", "winner": "Ana", "hands": {"Ben": 160, "Cy": 10}},
                {"type": "buyback", "player": "Ben"},
            ],
        }
    )
    assert dict(counted.count("rounds")) == {"Ana": 1, "Ben": 1, "Cy": 1}
    assert dict(counted.count("eliminations")) == {"Ben": 1}
    assert dict(counted.count("buybacks")) == {"Ben": 1}
    assert counted.places["Ben"][1] == 2  # put out by the round at event 2


def test_the_winning_kaiser_team_finished_ahead_and_a_passed_deal_is_no_hand() -> None:
    """NS reach 80 in two hands: both NS players are placed first, and every hand counts for all four."""
    counted = tally(
        {
            "preset": "kaiser",
            "teams": TEAMS,
            "events": [
                kaiser_hand("Ana", 10, {"NS": 8, "EW": 0}, "NS", "NS", dealer="Driss", no_trump=True),
                {"type": "passed", "dealer": "Ana"},
                kaiser_hand("Céline", 10, {"NS": 8, "EW": 0}, "NS", "NS", dealer="Ben", no_trump=True),
            ],
        }
    )
    assert dict(counted.places) == {"Ana": (1, 0, 0), "Céline": (1, 0, 0), "Ben": (0, 0, 0), "Driss": (0, 0, 0)}
    assert dict(counted.count("hands_played")) == {"Ana": 2, "Céline": 2, "Ben": 2, "Driss": 2}
    assert dict(counted.count("points")) == {"Ana": 80, "Céline": 80, "Ben": 0, "Driss": 0}
    assert counted.teams == (("Ana", "Céline"), ("Ben", "Driss"))
    assert dict(counted.count("rounds")) == {} and dict(counted.count("penalty")) == {}


def test_a_multiplied_round_costs_what_it_added_to_the_total() -> None:
    """Rami elimination: a rami on one's own cards triples the hands left, and the penalty is the tripled total."""
    counted = tally(
        {
            "preset": "rami-elimination",
            "players": ["A", "B", "C"],
            "events": [
                {
                    "type": "round",
                    "winner": "A",
                    "rami": "own_cards",
                    "laid": {"A": 60, "B": 30},
                    "hands": {"B": 15, "C": 10},
                }
            ],
        }
    )
    assert dict(counted.count("penalty")) == {"B": 45, "C": 30}
    assert dict(counted.places) == {"A": (0, 2, 0), "B": (0, 2, -45), "C": (0, 2, -30)}


def test_points_mode_counts_the_cards_left_at_the_rules_values() -> None:
    """Rami: a king and a joker left in hand cost 10 and 20 (salon), though the round takes nothing off in points."""
    counted = tally(
        {
            "preset": "rami",
            "players": ["A", "B"],
            "events": [{"type": "round", "winner": "A", "hands": {"B": ["KS", "JK"]}, "laid": {"A": 60, "B": 0}}],
        }
    )
    assert dict(counted.count("penalty")) == {"B": 30}
