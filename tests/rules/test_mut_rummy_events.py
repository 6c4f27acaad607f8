"""A rummy game record's events (docs/formats.md): each refusal in the scorer's words, and the events written back."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.cards import parse_cards
from referee.rules.events import EventError
from referee.rules.rummy_events import Buyback, Finish, Reshuffle, Round, Void, rummy_event_from_json

SHAPE = (
    '"laid_cards" gives each player a list of what they laid, each meld as cards, like '
    '{"Ana": [["9C", "9D", "9H"], "5H 6H 7H", ["AS"]]}'
)


def won(**changed: Any) -> dict[str, Any]:
    """A round Ana won over Ben's 12 points, with some keys changed."""
    return {"type": "round", "winner": "Ana", "hands": {"Ben": 12}} | changed


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        pytest.param([], 'an event is an object with a type, like {"type": "void"}', id="not an object"),
        pytest.param(
            {"type": "deal"},
            "unknown event type 'deal': a rummy game has round, void, buyback and reshuffle events",
            id="unknown type",
        ),
        pytest.param(
            {"type": "void", "winner": "Ana", "hands": {}}, "a void event has no 'hands', 'winner'", id="keys"
        ),
        pytest.param({"type": "reshuffle", "player": "Ana"}, "a reshuffle event has no 'player'", id="reshuffle key"),
        pytest.param({"type": "buyback"}, "the player must be a player's name", id="buyback nobody"),
        pytest.param({"type": "buyback", "player": "  "}, "the player must be a player's name", id="buyback blank"),
        pytest.param({"type": "buyback", "player": 3}, "the player must be a player's name", id="buyback number"),
        pytest.param(won(winner=""), "the winner must be a player's name", id="no winner"),
        pytest.param(won(hands=None), 'a round needs "hands": each other player\'s cards or points', id="no hands"),
        pytest.param(won(hands={" ": 3}), "the player must be a player's name", id="blank hand name"),
        pytest.param(
            won(hands={"Ben": True}), 'Ben\'s hand is cards ("JK 5C" or ["JK", "5C"]) or a number of points', id="bool"
        ),
        pytest.param(
            won(hands={"Ben": 2.5}), 'Ben\'s hand is cards ("JK 5C" or ["JK", "5C"]) or a number of points', id="float"
        ),
        pytest.param(
            won(hands={"Ben": -1}), "Ben's hand cannot be worth -1: points are never negative", id="negative hand"
        ),
        pytest.param(
            won(hands={"Ben": ["5C", 5]}), 'Ben\'s hand lists cards as strings, like ["JK", "5C"]', id="card no string"
        ),
        pytest.param(
            won(hands={"Ben": "ZZ"}),
            "Ben's hand: 'ZZ' is not a card: write a rank then a suit, like 10H, QS or 7\u2663",
            id="no card",
        ),
        pytest.param(won(all_in_one=1), '"all_in_one" is true or false', id="all in one number"),
        pytest.param(won(rami="out"), '"rami" is "with_table" or "own_cards", not \'out\'', id="rami kind"),
        pytest.param(
            won(laid={"Ana": -1}), '"laid" gives each player a whole number, like {"Ana": 90}', id="negative laid"
        ),
        pytest.param(won(laid={"Ana": True}), '"laid" gives each player a whole number, like {"Ana": 90}', id="bool"),
        pytest.param(won(laid=[40]), '"laid" gives each player a whole number, like {"Ana": 90}', id="laid list"),
        pytest.param(won(laid={"": 40}), "the player must be a player's name", id="laid nobody"),
        pytest.param(
            won(unreturned_jokers={"Ana": "1"}),
            '"unreturned_jokers" gives each player a whole number, like {"Ana": 90}',
            id="jokers text",
        ),
        pytest.param(won(laid_cards=[]), SHAPE, id="laid cards list"),
        pytest.param(won(laid_cards={"Ana": "9C 9D 9H"}), SHAPE, id="laid cards text"),
        pytest.param(won(laid_cards={"Ana": [5]}), SHAPE, id="meld number"),
        pytest.param(won(laid_cards={"Ana": [["9C", 9]]}), SHAPE, id="card number"),
        pytest.param(won(laid_cards={" ": ["9C 9D 9H"]}), "the player must be a player's name", id="laid by nobody"),
        pytest.param(
            won(laid_cards={"Ana": ["ZZ"]}),
            "Ana's laid cards: 'ZZ' is not a card: write a rank then a suit, like 10H, QS or 7\u2663",
            id="laid no card",
        ),
        pytest.param(won(laid_cards={"Ana": [""]}), "Ana's laid cards list a meld with no card", id="empty text"),
        pytest.param(won(laid_cards={"Ana": [[]]}), "Ana's laid cards list a meld with no card", id="empty list"),
    ],
)
def test_an_unreadable_event_is_refused_with_its_position_and_why(data: Any, reason: str) -> None:
    with pytest.raises(EventError) as refused:
        rummy_event_from_json(data, 7)
    assert (refused.value.position, str(refused.value.reason)) == (7, reason)


def test_a_hand_of_zero_points_and_a_laid_zero_are_read() -> None:
    """Zero is a hand's smallest worth and a player who laid nothing laid 0."""
    event = rummy_event_from_json(won(hands={"Ben": 0}, laid={"Ben": 0}, rami="own_cards"), 1)
    assert isinstance(event, Round)
    assert dict(event.hands) == {"Ben": 0} and dict(event.laid or {}) == {"Ben": 0}


def test_a_full_round_is_read_and_written_back_in_canonical_cards() -> None:
    data = won(
        hands={"Ben": ["JK", "5C"], "Eve": "10H 2S", "Zoe": 40},
        rami="with_table",
        laid={"Ana": 30, "Ben": 0},
        laid_cards={"Ana": [["9C", "9D", "9H"], "5H 6H 7H"]},
        unreturned_jokers={"Ben": 1},
    )
    event = rummy_event_from_json(data, 1)
    assert isinstance(event, Round)
    assert event.finish is Finish.WITH_TABLE and event.finish.all_in_one and not event.all_in_one
    assert event.hands["Eve"] == parse_cards("10H 2S")
    assert event.as_json() == {
        "type": "round",
        "winner": "Ana",
        "hands": {"Ben": ["JK", "5C"], "Eve": ["10H", "2S"], "Zoe": 40},
        "rami": "with_table",
        "laid": {"Ana": 30, "Ben": 0},
        "laid_cards": {"Ana": [["9C", "9D", "9H"], ["5H", "6H", "7H"]]},
        "unreturned_jokers": {"Ben": 1},
    }


def test_a_kaluki_and_a_plain_round_are_written_with_only_what_they_hold() -> None:
    kaluki = rummy_event_from_json(won(all_in_one=True), 1)
    plain = rummy_event_from_json(won(all_in_one=False, laid_cards={}, unreturned_jokers={}), 1)
    assert isinstance(kaluki, Round) and isinstance(plain, Round)
    assert kaluki.finish is Finish.ALL_IN_ONE and kaluki.as_json() == won(all_in_one=True)
    assert plain.finish is Finish.OUT and not plain.finish.all_in_one and plain.as_json() == won()
    assert plain.rami is None and plain.laid is None


def test_an_own_cards_rami_is_read_as_such() -> None:
    event = rummy_event_from_json(won(rami="own_cards"), 1)
    assert isinstance(event, Round) and event.finish is Finish.OWN_CARDS and event.rami == "own_cards"


@pytest.mark.parametrize(
    ("finish", "all_in_one", "rami"),
    [
        pytest.param(Finish.OUT, False, None, id="out"),
        pytest.param(Finish.ALL_IN_ONE, True, None, id="all in one"),
        pytest.param(Finish.WITH_TABLE, False, "with_table", id="with table"),
        pytest.param(Finish.OWN_CARDS, False, "own_cards", id="own cards"),
    ],
)
def test_a_round_as_a_scorer_enters_it_keeps_how_the_winner_went_out(
    finish: Finish, all_in_one: bool, rami: str | None
) -> None:
    event = Round.finished("Ana", {"Ben": 5}, finish)
    assert (event.all_in_one, event.rami, event.finish) == (all_in_one, rami, finish)
    assert event.laid is None and dict(event.unreturned_jokers) == {} and dict(event.laid_cards) == {}


def test_a_round_entered_with_laid_cards_and_jokers_keeps_them() -> None:
    cards = parse_cards("9C 9D 9H")
    event = Round.finished("Ana", {"Ben": 5}, Finish.OUT, {"Ana": 27}, {"Ben": 1}, {"Ana": [list(cards)]})
    assert dict(event.laid or {}) == {"Ana": 27} and dict(event.unreturned_jokers) == {"Ben": 1}
    assert dict(event.laid_cards) == {"Ana": (cards,)}


@pytest.mark.parametrize(
    ("data", "event"),
    [
        pytest.param({"type": "void"}, Void(), id="void"),
        pytest.param({"type": "reshuffle"}, Reshuffle(), id="reshuffle"),
        pytest.param({"type": "buyback", "player": "Ben"}, Buyback("Ben"), id="buyback"),
    ],
)
def test_the_other_events_are_read_and_written_back(data: dict[str, Any], event: Any) -> None:
    assert rummy_event_from_json(data, 1) == event
    assert event.as_json() == data
