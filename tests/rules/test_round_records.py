"""What a rummy round's record may hold (#24): jokers kept only where they cost something, Rami's laid points
bounded by the packs the players call for, and the cards laid kept in the record and counted again on replay; what a
round adds to each total under every way of going out, and each refusal of a round word for word."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import parse_cards
from referee.rules.events import EventError
from referee.rules.game_record import read_game
from referee.rules.laid import laid_groups, laid_text, laid_value
from referee.rules.option_words import preset_said
from referee.rules.record_data import RecordError
from referee.rules.rummy import RoundShape, RummyGame
from referee.rules.rummy_events import Finish, Round
from referee.rules.rummy_family import rummy_rules
from referee.rules.rummy_rounds import hand_refusal, hand_value, round_points
from referee.rules.values import most_laid
from tests.events import rummy_round

EIGHT = ["Ana", "Ben", "Céline", "Driss", "Éloïse", "Fanny", "Gaspard", "Hélène"]


def record(preset: str, players: list[str], *events: dict[str, Any], **options: Any) -> dict[str, Any]:
    return {
        "format": "referee.game/1",
        "preset": preset,
        "options": options,
        "players": players,
        "events": list(events),
    }


def standings(data: dict[str, Any]) -> dict[str, int]:
    game = read_game(data).standings()
    assert isinstance(game, RummyGame)
    return {player.name: player.score for player in game.players}


def refusal(data: dict[str, Any]) -> str:
    with pytest.raises((EventError, RecordError)) as caught:
        read_game(data).standings()
    return str(caught.value)


# --- 1. A joker kept where keeping one costs nothing -----------------------------------------------------------------

# docs/rules.md §2, Joker release: "A released joker must be melded in the same turn: it may not stay in hand (002:
# "The Joker can't be added to the cards in their hand") … Presets without that penalty (the Kaluki ones) have no
# such entry in a round: a record that gives one is refused."
KEPT = {"type": "round", "winner": "Ana", "hands": {"Ben": "5C"}, "unreturned_jokers": {"Ben": 1}}


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        pytest.param("kaluki", {}, id="kaluki: 002, the joker can't be added to the cards in the hand"),
        pytest.param("kaluki-hunt", {}, id="kaluki-hunt: 002"),
        pytest.param("kaluki-club", {}, id="kaluki-club"),
        pytest.param("rami-elimination", {"joker_retrieval_penalty": 0}, id="rami, joker_retrieval_penalty 0"),
    ],
)
def test_a_kept_joker_is_refused_where_keeping_one_has_no_penalty(preset: str, options: dict[str, Any]) -> None:
    said = refusal(record(preset, ["Ana", "Ben"], KEPT, **options))
    assert said == (
        f"event 1: Ben cannot have kept a joker in {preset_said(preset)}: a joker taken back is melded again in the "
        "same turn and never goes into the hand"
    )


def test_no_kept_joker_is_still_a_round_in_kaluki() -> None:
    assert standings(record("kaluki", ["Ana", "Ben"], KEPT | {"unreturned_jokers": {"Ben": 0}})) == {"Ana": 0, "Ben": 5}


@pytest.mark.parametrize(
    ("preset", "options", "ben"),
    [
        pytest.param("rami-elimination", {}, 5 + 300, id="rami-elimination: 001, 300 a joker"),
        pytest.param("kaluki", {"joker_retrieval_penalty": 50}, 5 + 50, id="kaluki with a house penalty of 50"),
    ],
)
def test_a_kept_joker_costs_its_penalty_where_there_is_one(preset: str, options: dict[str, Any], ben: int) -> None:
    assert standings(record(preset, ["Ana", "Ben"], KEPT, **options))["Ben"] == ben


# --- 2. Rami's laid points: every card of the packs the players call for --------------------------------------------

# docs/rules.md §1: Rami uses 2 packs, "3 packs for 5-6 players, 4 for 7-8", two jokers a pack; a laid total is at
# most what every card in play counts (salon: 8 aces at 15, 32 tens to kings at 10, 64 others at 5 a pack pair).


@pytest.mark.parametrize(
    ("players", "packs", "most"), [(2, 2, 820), (4, 2, 820), (5, 3, 1230), (6, 3, 1230), (7, 4, 1640), (8, 4, 1640)]
)
def test_the_most_a_rami_player_lays_counts_the_packs_the_players_call_for(players: int, packs: int, most: int) -> None:
    rules = rummy_rules("rami")
    assert rules.pack_count(players) == packs
    assert most_laid(rules, players) == most == RoundShape.of(rules, players).most_laid


@pytest.mark.parametrize("laid", [821, 1640])
def test_eight_players_may_lay_every_card_of_four_packs(laid: int) -> None:
    hands = {name: 5 for name in EIGHT[1:]}
    game = RummyGame.start(rummy_rules("rami"), EIGHT)
    assert game.verify(Round.finished("Ana", hands, laid={"Ana": laid}), 1) is None
    data = record("rami", EIGHT, {"type": "round", "winner": "Ana", "hands": hands, "laid": {"Ben": laid}})
    assert standings(data)["Ben"] == laid


def test_eight_players_may_not_lay_more_than_four_packs() -> None:
    hands = {name: 5 for name in EIGHT[1:]}
    data = record("rami", EIGHT, {"type": "round", "winner": "Ana", "hands": hands, "laid": {"Ben": 1641}})
    assert refusal(data) == "event 1: Ben cannot have laid 1641 points: every card in play counts 1640 in Rami"


def test_eight_players_kept_jokers_are_bounded_by_eight_jokers() -> None:
    hands = {name: 5 for name in EIGHT[1:]}
    event = {"type": "round", "winner": "Ana", "hands": hands, "unreturned_jokers": {"Ben": 8}}
    assert standings(record("rami-elimination", EIGHT, event))["Ben"] == 5 + 8 * 300
    assert "Ben cannot have kept 9 jokers: 8 are in play" in refusal(
        record("rami-elimination", EIGHT, event | {"unreturned_jokers": {"Ben": 9}})
    )


# --- 3. The cards laid, kept in the record ---------------------------------------------------------------------------

# docs/rules.md §8, Rami points mode: Bob laid K♠ K♥ K♦ (30); Alice lays 10♥ J♥ Q♥ K♥ (40), 4♣ 4♦ 4♠ 4♥ (20),
# A♦ 2♦ 3♦ (15), 8♠ 9♠ 10♠ (20) with her own cards; Bob's hand is 55, Cédric's 70: Alice 520, Bob 30, Cédric 0.
ALICE = [["10H", "JH", "QH", "KH"], ["4C", "4D", "4S", "4H"], ["AD", "2D", "3D"], ["8S", "9S", "10S"]]
RAMI_ROUND = {
    "type": "round",
    "winner": "Alice",
    "hands": {"Bob": 55, "Cédric": 70},
    "rami": "own_cards",
    "laid_cards": {"Alice": ALICE, "Bob": ["KS KH KD"]},
}
RAMI_GAME = record("rami", ["Alice", "Bob", "Cédric"], RAMI_ROUND)


def test_laid_points_are_counted_from_the_cards_laid() -> None:
    assert standings(RAMI_GAME) == {"Alice": 520, "Bob": 30, "Cédric": 0}


def test_the_record_written_back_holds_the_cards_and_their_points_and_reads_the_same() -> None:
    written = read_game(RAMI_GAME).as_json()
    event = written["events"][0]
    assert event["laid"] == {"Alice": 95, "Bob": 30}  # the points, derived, for readers of `laid`
    assert event["laid_cards"] == {"Alice": ALICE, "Bob": [["KS", "KH", "KD"]]}  # each meld as a list of cards
    again = read_game(json.loads(json.dumps(written)))
    assert again.as_json() == written and standings(written) == standings(RAMI_GAME)


def test_laid_cards_and_laid_points_given_together_must_agree() -> None:
    agreeing = RAMI_ROUND | {"laid": {"Alice": 95, "Bob": 30, "Cédric": 12}}
    assert standings(record("rami", ["Alice", "Bob", "Cédric"], agreeing)) == {"Alice": 520, "Bob": 30, "Cédric": 12}
    disagreeing = RAMI_ROUND | {"laid": {"Alice": 90}}
    assert refusal(record("rami", ["Alice", "Bob", "Cédric"], disagreeing)) == (
        'event 1: Alice\'s laid cards count 95 points, but "laid" gives 90'
    )


@pytest.mark.parametrize(
    ("bob", "said"),
    [
        pytest.param(["9H 10H QH"], "Bob's laid cards: 9♥ 10♥ Q♥ is not a meld", id="docs/rules.md §6: not a meld"),
        pytest.param(
            ["KS KH KD", "JK"],
            "Bob's laid cards: a joker added to a meld on the table counts as the card it stands for",
            id="docs/rules.md §6: a joker added alone names its card",
        ),
        pytest.param(
            ["KS KH KD", "KS KS"],
            "across the round's hands and laid cards, K♠ appears 3 times but only 2 packs are in play",
            id="docs/rules.md §1: a card laid more times than the packs hold",
        ),
        pytest.param([["KS", 7]], '"laid_cards" gives each player a list of what they laid', id="not cards"),
        pytest.param(["KS KH KX"], "Bob's laid cards: 'KX' is not a card", id="a bad card"),
        pytest.param([""], "Bob's laid cards list a meld with no card", id="an empty meld"),
    ],
)
def test_laid_cards_no_player_can_have_laid_are_refused(bob: list[Any], said: str) -> None:
    event = RAMI_ROUND | {"laid_cards": {"Alice": ALICE, "Bob": bob}}
    assert said in refusal(record("rami", ["Alice", "Bob", "Cédric"], event))


def test_laid_cards_belong_to_rami_rounds() -> None:
    event = {"type": "round", "winner": "Ana", "hands": {"Ben": 5}, "laid_cards": {"Ana": ["9C 9D 9H"]}}
    assert refusal(record("kaluki", ["Ana", "Ben"], event)) == (
        'event 1: laid cards ("laid_cards") belong to Rami rounds'
    )


def test_a_joker_added_on_its_own_keeps_its_card_in_the_record() -> None:
    # docs/formats.md: a joker is written `JK`, except in `laid_cards`, where added alone it counts as its card.
    event = RAMI_ROUND | {"laid_cards": {"Alice": ALICE, "Bob": ["KS KH KD", "JK=8D"]}}
    written = read_game(record("rami", ["Alice", "Bob", "Cédric"], event)).as_json()["events"][0]
    assert written["laid_cards"]["Bob"] == [["KS", "KH", "KD"], ["JK=8D"]] and written["laid"]["Bob"] == 35


def test_elimination_mode_counts_laid_cards_for_the_rami_alone() -> None:
    # docs/rules.md §5: a rami with own cards while nobody else laid is ×4; laid cards for the winner alone say so.
    event = {"type": "round", "winner": "Ana", "hands": {"Ben": 10}, "rami": "own_cards", "laid_cards": {"Ana": ALICE}}
    assert standings(record("rami-elimination", ["Ana", "Ben"], event)) == {"Ana": 0, "Ben": 40}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["9C 9D 9H", "5H 6H 7H", "QS KS AS", "AH 2H 3H JK", "10D", "JK=2C"]), max_size=5))
def test_laid_cards_as_the_form_writes_them_read_back_the_same(groups: list[str]) -> None:
    rules = rummy_rules("rami")
    laid = laid_groups(" / ".join(groups))
    assert laid_groups(laid_text(laid)) == laid
    event = RoundShape.of(rules, 2).round(
        "Ana", {"Ben": 5}, laid={"Ana": laid_value(laid, rules)}, laid_cards={"Ana": laid}
    )
    game = read_game(record("rami", ["Ana", "Ben"], event.as_json()))
    assert game.as_json()["events"][0] == event.as_json()


# --- a round counted and checked: each refusal word for word, what a round adds under every way of going out ----------


STILL_IN = ("Ana", "Ben", "Eve")


def replay(preset: str, events: list[dict[str, Any]], **options: Any) -> Any:
    """The standings of a game of Ana, Ben and Eve after `events`."""
    return read_game(record(preset, list(STILL_IN), *events, **options)).standings()


BEN_OUT = rummy_round("Ana", {"Ben": 160, "Eve": 5})  # Kaluki: Ben passes 150 and is eliminated


@pytest.mark.parametrize(
    ("preset", "events", "reason"),
    [
        pytest.param(
            "kaluki",
            [rummy_round("Zed", {"Ben": 1, "Eve": 1})],
            "event 1: Zed is not a player in this game",
            id="winner",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1, "Zed": 3})],
            "event 1: Zed is not a player in this game",
            id="hand",
        ),
        pytest.param(
            "rami",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid={"Zed": 3})],
            "event 1: Zed is not a player in this game",
            id="laid",
        ),
        pytest.param(
            "rami",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid_cards={"Zed": ["9C 9D 9H"]})],
            "event 1: Zed is not a player in this game",
            id="cards",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, unreturned_jokers={"Zed": 1})],
            "event 1: Zed is not a player in this game",
            id="jokers",
        ),
        pytest.param(
            "kaluki",
            [BEN_OUT, rummy_round("Ben", {"Ana": 1, "Eve": 1})],
            "event 2: Ben cannot win the round: Ben is out of the game",
            id="winner out",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ana": 1, "Ben": 1, "Eve": 1})],
            "event 1: Ana won the round and so has no hand to count",
            id="winner hand",
        ),
        pytest.param(
            "kaluki",
            [BEN_OUT, rummy_round("Ana", {"Ben": 1, "Eve": 1})],
            "event 2: Ben is out of the game and has no hand this round",
            id="hand out",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {})],
            "event 1: no hand for Ben, Eve: every player still in needs one",
            id="no hands",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 3})],
            "event 1: no hand for Eve: every player still in needs one",
            id="no hand",
        ),
        pytest.param(
            "kaluki",
            [BEN_OUT, rummy_round("Ana", {"Eve": 1}, unreturned_jokers={"Ben": 1})],
            "event 2: Ben is out of the game and played no part in this round",
            id="jokers out",
        ),
        pytest.param(
            "rami-elimination",
            [
                rummy_round("Ana", {"Ben": 230, "Eve": 1}, rami="own_cards"),
                rummy_round("Ana", {"Eve": 1}, laid={"Ben": 3}),
            ],
            "event 2: Ben is out of the game and played no part in this round",
            id="laid out",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 999, "Eve": 1})],
            "event 1: Ben's hand cannot be worth 999 points: 14 cards cost at most 168 in Kaluki",
            id="hand worth",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": "5C " * 15, "Eve": 1})],
            "event 1: Ben's hand has 15 cards: a player holds at most 14 in Kaluki (13 dealt and the card drawn)",
            id="hand cards",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": "5C 5C", "Eve": "5C"})],
            "event 1: across the round's hands, 5\u2663 appears 3 times but only 2 packs are in play",
            id="pack",
        ),
        pytest.param(
            "rami-elimination",
            [rummy_round("Ana", {"Ben": "5C 5C", "Eve": 1}, laid_cards={"Ana": ["5C 5D 5H"]}, laid={"Ana": 15})],
            "event 1: across the round's hands and laid cards, 5\u2663 appears 3 times but only 2 packs are in play",
            id="pack laid",
        ),
        pytest.param(
            "rami-elimination",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, all_in_one=True)],
            'event 1: a Rami round marks a rami with "rami", not "all_in_one"',
            id="rami all in one",
        ),
        pytest.param(
            "rami-elimination",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid_cards={"Ana": ["5C 5D 5H"]}, laid={"Ana": 14})],
            'event 1: Ana\'s laid cards count 15 points, but "laid" gives 14',
            id="laid cards count",
        ),
        pytest.param(
            "rami",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1})],
            'event 1: points mode needs "laid": the points each player laid this round',
            id="points",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, rami="own_cards")],
            'event 1: a Kaluki round marks a kaluki with "all_in_one", not "rami"',
            id="kaluki rami",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid={"Ana": 3})],
            'event 1: laid points ("laid") belong to Rami rounds',
            id="kaluki laid",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid_cards={"Ana": ["5C 5D 5H"]})],
            'event 1: laid cards ("laid_cards") belong to Rami rounds',
            id="kaluki laid cards",
        ),
        pytest.param(
            "rami",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid={"Ana": 821})],
            "event 1: Ana cannot have laid 821 points: every card in play counts 820 in Rami",
            id="laid too much",
        ),
        pytest.param(
            "rami-elimination",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, unreturned_jokers={"Ana": 5})],
            "event 1: Ana cannot have kept 5 jokers: 4 are in play",
            id="kept too many",
        ),
        pytest.param(
            "kaluki",
            [rummy_round("Ana", {"Ben": 1, "Eve": 1}, unreturned_jokers={"Ana": 1})],
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
            "kaluki",
            rummy_round("Ana", {"Ben": 168, "Eve": "AS AS 2S 2S 3S 3S 4S 4S 5S 5S 6S 6S 7S 7S"}),
            id="costliest hand",
        ),
        pytest.param("kaluki", rummy_round("Ana", {"Ben": "5C 5C", "Eve": "5D 5D"}), id="two packs"),
        pytest.param("rami", rummy_round("Ana", {"Ben": 1, "Eve": 1}, laid={"Ana": 820}), id="laid at most"),
        pytest.param(
            "rami-elimination",
            rummy_round("Ana", {"Ben": 1, "Eve": 1}, unreturned_jokers={"Ana": 4}),
            id="every joker kept",
        ),
        pytest.param(
            "rami-elimination",
            rummy_round("Ana", {"Ben": 1, "Eve": 1}, unreturned_jokers={"Ana": 0}),
            id="no joker kept",
        ),
        pytest.param(
            "kaluki",
            rummy_round("Ana", {"Ben": 1, "Eve": 1}, unreturned_jokers={"Ana": 0}),
            id="no joker kept in kaluki",
        ),
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
    hands = {"Ben": 255, "Eve": "5C 5C", "Luc": "5C", "Zoe": "JK JK JK JK JK"}
    game = read_game(record("rami-elimination", FIVE, {"type": "round", "winner": "Ana", "hands": hands})).standings()
    assert game.rounds == 1
    dearer = {"type": "round", "winner": "Ana", "hands": hands | {"Ben": 256}}
    with pytest.raises(EventError, match=r"^event 1: Ben's hand cannot be worth 256 points: 15 cards cost at most 255"):
        read_game(record("rami-elimination", FIVE, dearer)).standings()


def test_a_joker_kept_is_asked_wherever_keeping_one_costs_a_point() -> None:
    shape = RoundShape.of(rummy_rules("rami", {"joker_retrieval_penalty": 1}), 3)
    assert shape.kept_jokers and shape.kept({"Ana": 1}) == {"Ana": 1}
    assert not RoundShape.of(rummy_rules("rami", {"joker_retrieval_penalty": 0}), 3).kept_jokers
