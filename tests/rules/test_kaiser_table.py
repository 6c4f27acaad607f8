"""A Kaiser game between hands (docs/rules.md §7, The table): who deals, who cuts and calls first, what may be
recorded next (a deal everybody passed), each player's team and score, and a game once won."""

from __future__ import annotations

from dataclasses import replace

import pytest

from referee.rules.deal import KAISER_HAND, next_kaiser_deal
from referee.rules.families import rules_for
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import KaiserHand, KaiserKind, KaiserTeams, PassedDeal
from referee.rules.kaiser_rules import KaiserRules

TEAMS = KaiserTeams.from_json({"A": ["Ana", "Céline"], "B": ["Ben", "Driss"]})  # seats Ana, Ben, Céline, Driss


def kaiser(**options: str) -> KaiserRules:
    """The `kaiser` preset with house rules."""
    rules = rules_for("kaiser", options)
    assert isinstance(rules, KaiserRules)
    return rules


def won_game() -> KaiserGame:
    """A at 44, B at 40; Ana bids 8 and A takes 8 points: A reaches 60 and wins (kaiser's target 52)."""
    game = replace(KaiserGame.start(kaiser(), TEAMS, first_dealer="Driss"), scores=(44, 40))
    after, _ = game.apply(KaiserHand("Driss", "Ana", 8, False, (("A", 3), ("B", 5)), "A", "B"), 1)
    return after


def test_the_deal_goes_round_the_table() -> None:
    # 003: the dealer's left calls first; the dealer's right cuts. 8 cards each from the 32-card pack.
    deal = next_kaiser_deal(KaiserGame.start(kaiser(), TEAMS, first_dealer="Driss"))
    assert deal is not None
    assert (deal.dealer, deal.cuts, deal.starts) == ("Driss", "Céline", "Ana")
    assert (deal.packs, deal.jokers, deal.cards_each, deal.players) == (1, 0, KAISER_HAND, TEAMS.seats)
    assert KAISER_HAND == 8


def test_after_a_passed_deal_the_next_player_deals() -> None:
    game, _ = KaiserGame.start(kaiser(), TEAMS, first_dealer="Driss").apply(PassedDeal("Driss"), 1)
    deal = next_kaiser_deal(game)
    assert deal is not None and (deal.dealer, deal.cuts, deal.starts) == ("Ana", "Driss", "Ben")
    assert game.as_json() == {
        "teams": [{"name": "A", "score": 0}, {"name": "B", "score": 0}],
        "over": False,
        "winner": None,
        "hands": 0,  # a passed deal is no hand played
        "next_dealer": "Ana",
    }


def test_no_deal_before_the_first_dealer_is_known() -> None:
    game = KaiserGame.start(kaiser(), TEAMS)
    assert (game.dealer(), next_kaiser_deal(game), game.offers()) == (None, None, ())


def test_a_passed_deal_is_offered_to_the_dealer() -> None:
    (offer,) = KaiserGame.start(kaiser(), TEAMS, first_dealer="Ben").offers()
    assert (offer.kind, offer.player) == (KaiserKind.PASSED, "Ben")


def test_no_passed_deal_where_the_dealer_must_bid() -> None:
    # docs/rules.md §7: all_pass = dealer_forced, "the dealer must bid".
    assert KaiserGame.start(kaiser(all_pass="dealer_forced"), TEAMS, first_dealer="Ben").offers() == ()


def test_a_finished_game_offers_no_passed_deal_and_no_deal() -> None:
    game = won_game()
    assert (game.over, game.winner, game.scores, game.hands_played) == (True, "A", (60, 42), 1)
    assert (game.offers(), game.dealer(), next_kaiser_deal(game)) == ((), None, None)
    assert game.as_json()["next_dealer"] == "Ana"  # the record still says who would deal


@pytest.mark.parametrize(
    ("player", "team", "score"), [("Ana", "A", 60), ("Céline", "A", 60), ("Ben", "B", 42), ("Zoé", None, None)]
)
def test_each_player_scores_with_their_team(player: str, team: str | None, score: int | None) -> None:
    game = won_game()
    assert (game.side_of(player), game.score_of(player)) == (team, score)


def test_every_player_plays_every_hand() -> None:
    assert KaiserGame.start(kaiser(), TEAMS).still_in() == ("Ana", "Ben", "Céline", "Driss")
