"""What a game says of each player over a season (docs/rules.md §10, *A group's season*), tallied by its family."""

from __future__ import annotations

import json
from pathlib import Path

from referee.rules.families import family_of
from referee.rules.game_record import read_game
from referee.rules.tallies import Tally

GAMES = Path(__file__).parent / "games"


def tally(name: str) -> Tally:
    record = read_game(json.loads((GAMES / f"{name}.json").read_text()))
    return family_of(record.rules).tally(record.replay())


def test_a_kaluki_game_counts_rounds_penalties_eliminations_and_buy_backs() -> None:
    # docs/rules.md §8, the four-player Kaluki game: C wins the last round with B (153) and D (185) put out by it;
    # A, out of buy-backs, was put out a round earlier.
    counted = tally("kaluki_four_players")
    assert counted.rounds == {"A": 6, "B": 7, "C": 7, "D": 7}  # A sat out the last round
    assert counted.penalty == {"A": 185, "B": 170, "C": 263, "D": 316}  # a round a player won costs nothing
    assert counted.eliminations == {"A": 3, "B": 2, "C": 2, "D": 3}  # 150 is out: C at exactly 150 in round 2
    assert counted.buybacks == {"A": 2, "B": 1, "C": 2, "D": 2}
    assert counted.hands == {} and counted.points == {} and counted.teams == ()
    places = counted.places
    # The winner first; then who stayed in longer; of two put out by one round, the lower total.
    assert sorted(places, key=places.__getitem__, reverse=True) == ["C", "B", "D", "A"]


def test_a_kaiser_game_counts_hands_and_what_they_added_to_each_team() -> None:
    counted = tally("kaiser_three_deals")  # a made 7, a deal passed out, a made 8 in no trump (40)
    assert counted.hands == {"Ana": 2, "Céline": 2, "Ben": 2, "Driss": 2}  # a passed deal is no hand
    assert counted.points == {"Ana": 16, "Céline": 16, "Ben": 39, "Driss": 39}
    assert counted.teams == (("Ana", "Céline"), ("Ben", "Driss"))
    assert counted.rounds == {} and counted.eliminations == {}
    assert len(set(counted.places.values())) == 1  # unfinished: nobody has won, so nobody finished ahead
