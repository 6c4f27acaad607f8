"""What a rummy round's record may hold (#24): jokers kept only where they cost something, Rami's laid points
bounded by the packs the players call for, and the cards laid kept in the record and counted again on replay."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.events import EventError
from referee.rules.game_record import read_game
from referee.rules.laid import laid_groups, laid_text, laid_value
from referee.rules.option_words import preset_said
from referee.rules.record_data import RecordError
from referee.rules.rummy import RoundShape, RummyGame
from referee.rules.rummy_events import Round
from referee.rules.table import rummy_rules
from referee.rules.values import most_laid

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
