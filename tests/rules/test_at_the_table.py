"""Rami and Kaluki at the table (#16): the deal line, laid points counted from the cards, and their bounds."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.cards import parse_cards
from referee.rules.deal import draw_first_dealer, next_deal
from referee.rules.events import EventError
from referee.rules.game import replay
from referee.rules.laid import LaidError, count_laid, laid_groups, laid_total
from referee.rules.melds import check_meld
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import Buyback, Round
from referee.rules.rummy_family import rummy_rules
from referee.rules.values import most_laid

PLAYERS = ["Ana", "Ben", "Céline", "Driss"]


# --- The deal (000: the dealer's right cuts, the left plays first; the deal passes to the left) --------------


@pytest.mark.parametrize(
    ("preset", "players", "first", "expected"),
    [
        pytest.param("kaluki", PLAYERS, 0, ("Ana", "Driss", "Ben", 2, 4, 13), id="kaluki: 2 packs, 4 jokers, 13 each"),
        pytest.param("kaluki", PLAYERS, 3, ("Driss", "Céline", "Ana", 2, 4, 13), id="the last seat's left is seat 1"),
        pytest.param("rami", PLAYERS, 1, ("Ben", "Ana", "Céline", 2, 4, 14), id="rami auto: 4 players, 2 packs"),
        pytest.param(
            "rami", [*PLAYERS, "Éloïse", "Fanny"], 0, ("Ana", "Fanny", "Ben", 3, 6, 14), id="rami: 6, 3 packs"
        ),
        pytest.param("kaluki", ["Ana", "Ben"], 0, ("Ana", "Ben", "Ben", 2, 4, 13), id="two players: the other cuts"),
    ],
)
def test_the_deal_before_the_first_round(
    preset: str, players: list[str], first: int, expected: tuple[str, str, str, int, int, int]
) -> None:
    deal = next_deal(RummyGame.start(rummy_rules(preset), players, first_dealer=first))
    assert deal is not None
    assert (deal.dealer, deal.cuts, deal.starts, deal.packs, deal.jokers, deal.cards_each) == expected


def test_the_deal_skips_players_who_are_out() -> None:
    rules = rummy_rules("kaluki")
    game = RummyGame.start(rules, PLAYERS)
    # Ana deals the first round; Ben goes to 160 and does not buy back: Ben deals no more and neither cuts
    # nor starts.
    played = replay(game, [Round.finished("Ana", {"Ben": 160, "Céline": 5, "Driss": 5})])
    after = played.state
    assert after.dealer() == "Céline"
    deal = next_deal(after)
    assert deal is not None
    assert deal.players == ("Ana", "Céline", "Driss") and "Ben" not in (deal.dealer, deal.cuts, deal.starts)
    assert (deal.dealer, deal.cuts, deal.starts) == ("Céline", "Ana", "Driss")
    # Had Ben bought back, Ben would be dealt in and deal.
    back = played.then(Buyback("Ben")).state
    assert next_deal(back) is not None and next_deal(back).dealer == "Ben"  # type: ignore[union-attr]


def test_no_deal_once_the_game_is_over() -> None:
    rules = rummy_rules("kaluki")
    game = replay(RummyGame.start(rules, ["Ana", "Ben"]), [Round.finished("Ana", {"Ben": 160})]).state
    assert game.over and next_deal(game) is None


def test_the_first_dealer_is_drawn_from_every_seat() -> None:
    drawn = Counter(draw_first_dealer(PLAYERS) for _ in range(400))
    assert set(drawn) == {0, 1, 2, 3}  # each seat about 100 times; missing one in 400 draws is a 1e-49 chance
    with pytest.raises(ValueError):
        draw_first_dealer([])


# --- Laid points from the cards laid (001: salon values) ------------------------------------------------------


@pytest.mark.parametrize(
    ("written", "values"),
    [
        pytest.param("AH 2H 3H", [15], id="a low ace counts 5 in a run: 5 + 5 + 5"),
        pytest.param("QH KH AH", [35], id="a high ace counts 15: 10 + 10 + 15"),
        pytest.param("9C 9D 9H / 5H 6H 7H JK", [15, 20], id="a joker counts as the card it stands for (8H: 5)"),
        pytest.param("KS KH KD KC / AS", [40, 15], id="an ace added to a meld on the table counts 15"),
        pytest.param("QS QD JK; JK=AH", [30, 15], id="a joker added to the table counts as its declared card"),
        pytest.param("RC DC VC", [30], id="French letters: roi, dame, valet"),
    ],
)
def test_laid_cards_count_at_salon_values(written: str, values: list[int]) -> None:
    counted = count_laid(laid_groups(written), rummy_rules("rami"))
    assert [laid.value for laid in counted] == values
    assert laid_total(written, rummy_rules("rami")) == sum(values)


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        pytest.param("9H 10H QH", "is not a meld: the cards are not consecutive", id="three cards must be a meld"),
        pytest.param("JK", "write it like JK=8D", id="a joker added alone must say what it stands for"),
        pytest.param("9H XX", "'XX' is not a card", id="not a card"),
    ],
)
def test_laid_cards_that_cannot_have_been_laid_are_refused(written: str, reason: str) -> None:
    with pytest.raises(LaidError, match=reason):
        laid_total(written, rummy_rules("rami"))


@given(st.lists(st.sampled_from(["9C 9D 9H", "5H 6H 7H", "QS KS AS", "AH 2H 3H JK", "10D", "JK=2C"]), max_size=6))
def test_laid_points_are_the_sum_of_the_groups_and_every_meld_passes_check(groups: list[str]) -> None:
    rules = rummy_rules("rami")
    counted = count_laid(laid_groups(" / ".join(groups)), rules)
    assert len(counted) == len(groups)
    for laid in counted:
        if laid.kind is not None:
            assert check_meld(laid.cards, rules).value == laid.value
    assert laid_total(" / ".join(reversed(groups)), rules) == sum(laid.value for laid in counted)


# --- Bounds: laid points and unreturned jokers (#13, #16) ----------------------------------------------------


def test_laid_points_past_every_card_in_play_are_refused() -> None:
    rules = rummy_rules("rami")
    game = RummyGame.start(rules, PLAYERS)
    most = most_laid(rules, len(PLAYERS))
    assert most == 820
    fine = Round.finished("Ana", {"Ben": 10, "Céline": 10, "Driss": 10}, laid={"Ana": most, "Ben": 0})
    assert game.verify(fine, 1) is None
    typo = Round.finished("Ana", {"Ben": 10, "Céline": 10, "Driss": 10}, laid={"Ana": most + 1, "Ben": 0})
    error = game.verify(typo, 1)
    assert isinstance(error, EventError)
    assert "Ana cannot have laid 821 points: every card in play counts 820 in Rami" in str(error)


def test_more_unreturned_jokers_than_are_in_play_are_refused() -> None:
    rules = rummy_rules("rami-elimination")
    game = RummyGame.start(rules, PLAYERS)
    hands = {"Ben": 10, "Céline": 10, "Driss": 10}
    assert game.verify(Round.finished("Ana", hands, unreturned_jokers={"Ben": 4}), 1) is None
    error = game.verify(Round.finished("Ana", hands, unreturned_jokers={"Ben": 5}), 1)
    assert error is not None and "Ben cannot have kept 5 jokers: 4 are in play" in str(error)


def test_a_joker_declared_in_a_hand_is_written_jk_in_the_record() -> None:
    # docs/formats.md: in JSON a joker is always `JK`; in hand it costs the same whatever it stood for.
    event = Round.finished("Ana", {"Ben": parse_cards("JK=8D 5C"), "Céline": 12})
    assert event.as_json()["hands"] == {"Ben": ["JK", "5C"], "Céline": 12}


def test_a_run_short_of_several_jokers_says_how_many_it_has_in_good_english() -> None:
    """Two jokers for three gaps: "there are only 2 jokers", never "there is only 2 jokers"."""
    checked = check_meld(parse_cards("3H JK JK 9H"), rummy_rules("kaluki"))
    assert not checked.valid
    assert "there are only 2 jokers to fill in" in checked.reason
