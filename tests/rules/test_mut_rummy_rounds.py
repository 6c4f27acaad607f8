"""A rummy round counted and checked (docs/rules.md §5-6): each refusal in the scorer's words, what a round adds to
each total under every way of going out, and what a round's entry holds."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.cards import parse_cards
from referee.rules.events import EventError
from referee.rules.game_record import read_game
from referee.rules.rummy_events import Finish, Round
from referee.rules.rummy_rounds import RoundShape, hand_refusal, hand_value, round_points
from referee.rules.table import rummy_rules

STILL_IN = ("Ana", "Ben", "Eve")


def replay(preset: str, events: list[dict[str, Any]], **options: Any) -> Any:
    record = {"format": "referee.game/1", "preset": preset, "options": options, "players": list(STILL_IN)}
    return read_game(record | {"events": events}).standings()


def won(**changed: Any) -> dict[str, Any]:
    return {"type": "round", "winner": "Ana", "hands": {"Ben": 1, "Eve": 1}} | changed


BEN_OUT = won(hands={"Ben": 160, "Eve": 5})  # Kaluki: Ben passes 150 and is eliminated


@pytest.mark.parametrize(
    ("preset", "events", "reason"),
    [
        pytest.param("kaluki", [won(winner="Zed")], "event 1: Zed is not a player in this game", id="winner"),
        pytest.param(
            "kaluki",
            [won(hands={"Ben": 1, "Eve": 1, "Zed": 3})],
            "event 1: Zed is not a player in this game",
            id="hand",
        ),
        pytest.param("rami", [won(laid={"Zed": 3})], "event 1: Zed is not a player in this game", id="laid"),
        pytest.param(
            "rami", [won(laid_cards={"Zed": ["9C 9D 9H"]})], "event 1: Zed is not a player in this game", id="cards"
        ),
        pytest.param(
            "kaluki", [won(unreturned_jokers={"Zed": 1})], "event 1: Zed is not a player in this game", id="jokers"
        ),
        pytest.param(
            "kaluki",
            [BEN_OUT, won(winner="Ben", hands={"Ana": 1, "Eve": 1})],
            "event 2: Ben cannot win the round: Ben is out of the game",
            id="winner out",
        ),
        pytest.param(
            "kaluki",
            [won(hands={"Ana": 1, "Ben": 1, "Eve": 1})],
            "event 1: Ana won the round and so has no hand to count",
            id="winner hand",
        ),
        pytest.param(
            "kaluki", [BEN_OUT, won()], "event 2: Ben is out of the game and has no hand this round", id="hand out"
        ),
        pytest.param(
            "kaluki", [won(hands={})], "event 1: no hand for Ben, Eve: every player still in needs one", id="no hands"
        ),
        pytest.param(
            "kaluki", [won(hands={"Ben": 3})], "event 1: no hand for Eve: every player still in needs one", id="no hand"
        ),
        pytest.param(
            "kaluki",
            [BEN_OUT, won(hands={"Eve": 1}, unreturned_jokers={"Ben": 1})],
            "event 2: Ben is out of the game and played no part in this round",
            id="jokers out",
        ),
        pytest.param(
            "rami-elimination",
            [won(hands={"Ben": 230, "Eve": 1}, rami="own_cards"), won(hands={"Eve": 1}, laid={"Ben": 3})],
            "event 2: Ben is out of the game and played no part in this round",
            id="laid out",
        ),
        pytest.param(
            "kaluki",
            [won(hands={"Ben": 999, "Eve": 1})],
            "event 1: Ben's hand cannot be worth 999 points: 14 cards cost at most 168 in Kaluki",
            id="hand worth",
        ),
        pytest.param(
            "kaluki",
            [won(hands={"Ben": "5C " * 15, "Eve": 1})],
            "event 1: Ben's hand has 15 cards: a player holds at most 14 in Kaluki (13 dealt and the card drawn)",
            id="hand cards",
        ),
        pytest.param(
            "kaluki",
            [won(hands={"Ben": "5C 5C", "Eve": "5C"})],
            "event 1: across the round's hands, 5\u2663 appears 3 times but only 2 packs are in play",
            id="pack",
        ),
        pytest.param(
            "rami-elimination",
            [won(hands={"Ben": "5C 5C", "Eve": 1}, laid_cards={"Ana": ["5C 5D 5H"]}, laid={"Ana": 15})],
            "event 1: across the round's hands and laid cards, 5\u2663 appears 3 times but only 2 packs are in play",
            id="pack laid",
        ),
        pytest.param(
            "rami-elimination",
            [won(all_in_one=True)],
            'event 1: a Rami round marks a rami with "rami", not "all_in_one"',
            id="rami all in one",
        ),
        pytest.param(
            "rami-elimination",
            [won(laid_cards={"Ana": ["5C 5D 5H"]}, laid={"Ana": 14})],
            'event 1: Ana\'s laid cards count 15 points, but "laid" gives 14',
            id="laid cards count",
        ),
        pytest.param(
            "rami", [won()], 'event 1: points mode needs "laid": the points each player laid this round', id="points"
        ),
        pytest.param(
            "kaluki",
            [won(rami="own_cards")],
            'event 1: a Kaluki round marks a kaluki with "all_in_one", not "rami"',
            id="kaluki rami",
        ),
        pytest.param(
            "kaluki", [won(laid={"Ana": 3})], 'event 1: laid points ("laid") belong to Rami rounds', id="kaluki laid"
        ),
        pytest.param(
            "kaluki",
            [won(laid_cards={"Ana": ["5C 5D 5H"]})],
            'event 1: laid cards ("laid_cards") belong to Rami rounds',
            id="kaluki laid cards",
        ),
        pytest.param(
            "rami",
            [won(laid={"Ana": 821})],
            "event 1: Ana cannot have laid 821 points: every card in play counts 820 in Rami",
            id="laid too much",
        ),
        pytest.param(
            "rami-elimination",
            [won(unreturned_jokers={"Ana": 5})],
            "event 1: Ana cannot have kept 5 jokers: 4 are in play",
            id="kept too many",
        ),
        pytest.param(
            "kaluki",
            [won(unreturned_jokers={"Ana": 1})],
            "event 1: Ana cannot have kept a joker in Kaluki: a joker taken back is melded again in the same turn "
            "and never goes into the hand",
            id="kept none",
        ),
    ],
)
def test_a_round_that_cannot_be_is_refused_with_why(preset: str, events: list[dict[str, Any]], reason: str) -> None:
    with pytest.raises(EventError) as refused:
        replay(preset, events)
    assert str(refused.value) == reason


@pytest.mark.parametrize(
    ("preset", "event"),
    [
        pytest.param(
            "kaluki", won(hands={"Ben": 168, "Eve": "AS AS 2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S 7S"}), id="costliest hand"
        ),
        pytest.param("kaluki", won(hands={"Ben": "5C 5C", "Eve": "5D 5D"}), id="two packs"),
        pytest.param("rami", won(laid={"Ana": 820}), id="laid at most"),
        pytest.param("rami-elimination", won(unreturned_jokers={"Ana": 4}), id="every joker kept"),
        pytest.param("rami-elimination", won(unreturned_jokers={"Ana": 0}), id="no joker kept"),
        pytest.param("kaluki", won(unreturned_jokers={"Ana": 0}), id="no joker kept in kaluki"),
    ],
)
def test_a_round_at_the_bounds_is_taken(preset: str, event: dict[str, Any]) -> None:
    assert replay(preset, [event]).rounds == 1


KALUKI = {"going_out_reward": 5, "hunt_reward": 10, "all_in_one_multiplier": 2}


def test_a_kaluki_round_adds_each_hand_and_takes_the_reward_from_the_winner() -> None:
    rules = rummy_rules("kaluki", KALUKI)
    event = Round.finished("Ana", {"Ben": 20, "Eve": parse_cards("KS JK")})
    assert round_points(rules, event, STILL_IN) == {"Ana": -5, "Ben": 20, "Eve": 25}


def test_a_kaluki_all_in_one_doubles_the_hands_and_rewards_the_hunt() -> None:
    rules = rummy_rules("kaluki", KALUKI)
    event = Round.finished("Ana", {"Ben": 20, "Eve": 3}, Finish.ALL_IN_ONE)
    assert round_points(rules, event, STILL_IN) == {"Ana": -10, "Ben": 40, "Eve": 6}


@pytest.mark.parametrize(
    ("finish", "laid", "points"),
    [
        pytest.param(Finish.OUT, {"Ana": 40, "Ben": 0}, {"Ana": 300, "Ben": 320, "Eve": 3}, id="out"),
        pytest.param(Finish.WITH_TABLE, {"Ana": 40, "Ben": 0}, {"Ana": 300, "Ben": 340, "Eve": 6}, id="with table"),
        pytest.param(Finish.WITH_TABLE, None, {"Ana": 300, "Ben": 340, "Eve": 6}, id="with table no laid"),
        pytest.param(Finish.OWN_CARDS, {"Ana": 40, "Ben": 0}, {"Ana": 300, "Ben": 380, "Eve": 12}, id="alone"),
        pytest.param(Finish.OWN_CARDS, {"Ana": 40, "Eve": 5}, {"Ana": 300, "Ben": 360, "Eve": 9}, id="not alone"),
        pytest.param(Finish.OWN_CARDS, None, {"Ana": 300, "Ben": 360, "Eve": 9}, id="laid not given"),
    ],
)
def test_a_rami_in_elimination_multiplies_the_hands_not_the_jokers_kept(
    finish: Finish, laid: dict[str, int] | None, points: dict[str, int]
) -> None:
    """x2 with the table, x3 with own cards, x4 when nobody else had laid; 300 a joker kept, never multiplied."""
    event = Round.finished("Ana", {"Ben": 20, "Eve": 3}, finish, laid, {"Ben": 1, "Ana": 1})
    assert round_points(rummy_rules("rami-elimination"), event, STILL_IN) == points


@pytest.mark.parametrize(
    ("finish", "alone", "other"),
    [
        pytest.param(Finish.OUT, 163, -237, id="out"),
        pytest.param(Finish.WITH_TABLE, 363, -37, id="with table"),
        pytest.param(Finish.OWN_CARDS, 463, 63, id="own cards"),
    ],
)
def test_rami_points_mode_gains_what_was_laid_the_hands_and_the_bonuses(finish: Finish, alone: int, other: int) -> None:
    """The winner gains the hands (23), +200 or +300 for a rami, +100 when nobody else laid; a joker kept costs 300."""
    rules = rummy_rules("rami")
    nobody_else = Round.finished("Ana", {"Ben": 20, "Eve": 3}, finish, {"Ana": 40, "Ben": 0}, {"Ben": 1})
    assert round_points(rules, nobody_else, STILL_IN) == {"Ana": alone, "Ben": -300, "Eve": 0}
    eve_laid = Round.finished("Ana", {"Ben": 20, "Eve": 3}, finish, {"Ana": 40, "Eve": 7}, {"Ana": 1})
    assert round_points(rules, eve_laid, STILL_IN) == {"Ana": other, "Ben": 0, "Eve": 7}


def test_a_hands_value_is_its_cards_or_the_number_given() -> None:
    rules = rummy_rules("kaluki")
    assert (hand_value(parse_cards("KS JK"), rules), hand_value(7, rules), hand_value(0, rules)) == (25, 7, 0)


def test_a_hand_at_the_most_a_player_can_hold_or_cost_is_taken() -> None:
    rules = rummy_rules("kaluki")
    assert hand_refusal(rules, "Ben", 168, 3) is None and hand_refusal(rules, "Ben", 168) is None
    assert hand_refusal(rules, "Ben", parse_cards("5C") * 14) is None
    assert (
        hand_refusal(rules, "Ben", 169, 3)
        == "Ben's hand cannot be worth 169 points: 14 cards cost at most 168 in Kaluki"
    )


def test_a_round_shape_under_each_preset() -> None:
    rami, elimination, kaluki = (RoundShape.of(rummy_rules(p), 3) for p in ("rami", "rami-elimination", "kaluki"))
    assert rami == RoundShape((Finish.OUT, Finish.WITH_TABLE, Finish.OWN_CARDS), True, True, 820, True, 4, "rami")
    assert (elimination.laid_points, elimination.laid_always, elimination.kept_jokers) == (True, False, True)
    assert kaluki == RoundShape((Finish.OUT, Finish.ALL_IN_ONE), False, False, 820, False, 4, "kaluki")


def test_the_laid_points_typed_are_read_by_the_rules() -> None:
    rami, elimination, kaluki = (RoundShape.of(rummy_rules(p), 3) for p in ("rami", "rami-elimination", "kaluki"))
    assert rami.laid({"Ana": 40, "Ben": None, "Eve": 0}) == {"Ana": 40}
    assert rami.laid({"Ana": None}) == {}
    assert elimination.laid({"Ana": None, "Ben": None}) is None
    assert elimination.laid({"Ana": 0, "Ben": None}) == {}
    assert elimination.laid({"Ana": 12, "Ben": None}) == {"Ana": 12}
    assert kaluki.laid({"Ana": 40}) is None


def test_the_jokers_kept_typed_are_read_by_the_rules() -> None:
    rami, kaluki = (RoundShape.of(rummy_rules(p), 3) for p in ("rami", "kaluki"))
    assert rami.kept({"Ana": 1, "Ben": None, "Eve": 0}) == {"Ana": 1}
    assert kaluki.kept({"Ana": 1}) == {}


def test_what_a_player_may_have_laid_and_kept() -> None:
    rami, kaluki = (RoundShape.of(rummy_rules(p), 3) for p in ("rami", "kaluki"))
    assert rami.laid_refusal("Ana", 820) is None
    assert rami.laid_refusal("Ana", 821) == "Ana cannot have laid 821 points: every card in play counts 820 in Rami"
    assert rami.kept_refusal("Ana", 4) is None and rami.kept_refusal("Ana", 0) is None
    assert rami.kept_refusal("Ana", 5) == "Ana cannot have kept 5 jokers: 4 are in play"
    assert kaluki.kept_refusal("Ana", 0) is None
    assert str(kaluki.kept_refusal("Ana", 1)).startswith("Ana cannot have kept a joker in Kaluki: ")


def test_a_round_as_the_scorer_entered_it() -> None:
    shape = RoundShape.of(rummy_rules("rami-elimination"), 3)
    cards = {"Ana": [parse_cards("9C 9D 9H")], "Ben": [parse_cards("5H 6H 7H")]}
    entered = shape.round("Ana", {"Ben": 25, "Eve": 4}, Finish.OWN_CARDS, {"Ana": 15, "Ben": None}, {"Eve": 1}, cards)
    assert entered.as_json() == {
        "type": "round",
        "winner": "Ana",
        "hands": {"Ben": 25, "Eve": 4},
        "rami": "own_cards",
        "laid": {"Ana": 15},
        "laid_cards": {"Ana": [["9C", "9D", "9H"]]},
        "unreturned_jokers": {"Eve": 1},
    }
    blank = shape.round("Ana", {"Ben": 25, "Eve": 4}, laid={"Ana": None}, laid_cards=cards)
    assert blank.as_json() == {"type": "round", "winner": "Ana", "hands": {"Ben": 25, "Eve": 4}}


FIVE = ["Ana", "Ben", "Eve", "Luc", "Zoe"]


def test_five_rami_players_play_with_three_packs_and_six_jokers() -> None:
    """Rami's `auto` packs count the seats: a dearer hand, a third 5C, a fifth joker."""
    record = {"format": "referee.game/1", "preset": "rami-elimination", "players": FIVE}
    hands = {"Ben": 255, "Eve": "5C 5C", "Luc": "5C", "Zoe": "JK JK JK JK JK"}
    game = read_game(record | {"events": [{"type": "round", "winner": "Ana", "hands": hands}]}).standings()
    assert game.rounds == 1
    with pytest.raises(EventError, match=r"^event 1: Ben's hand cannot be worth 256 points: 15 cards cost at most 255"):
        read_game(record | {"events": [{"type": "round", "winner": "Ana", "hands": hands | {"Ben": 256}}]}).standings()


def test_a_joker_kept_is_asked_wherever_keeping_one_costs_a_point() -> None:
    shape = RoundShape.of(rummy_rules("rami", {"joker_retrieval_penalty": 1}), 3)
    assert shape.kept_jokers and shape.kept({"Ana": 1}) == {"Ana": 1}
    assert not RoundShape.of(rummy_rules("rami", {"joker_retrieval_penalty": 0}), 3).kept_jokers
