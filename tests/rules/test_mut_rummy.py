"""A Kaluki or Rami game replayed (docs/rules.md §5-6): the deal, the buy-backs offered, what each event did, the
refusals in the scorer's words and the replay's JSON."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.events import EventError
from referee.rules.rummy import RummyGame, restart_score, verify_buyback
from referee.rules.rummy_events import Buyback, Finish, Reshuffle, Round, Void
from referee.rules.rummy_results import BuybackResult, ReshuffleResult, RoundResult
from referee.rules.table import rummy_rules

KALUKI = rummy_rules("kaluki")  # ante 3, 1 chip a win, buy-back 5 chips, eliminated at 150, two buy-backs


def started(preset: str = "kaluki", players: tuple[str, ...] = ("Ana", "Ben", "Eve"), **options: Any) -> RummyGame:
    return RummyGame.start(rummy_rules(preset, options), players)


def after(game: RummyGame, *events: Any) -> RummyGame:
    for position, event in enumerate(events, start=1):
        game, _ = game.apply(event, position)
    return game


BEN_OUT = Round.finished("Ana", {"Ben": 160, "Eve": 10})


def test_a_game_starts_with_every_ante_in_the_pot_and_the_first_dealer_seated() -> None:
    game = RummyGame.start(KALUKI, ["Ana", "Ben", "Eve"], 4)
    assert (game.pot, [p.chips for p in game.players], game.first_dealer, game.dealer()) == (9, [-3, -3, -3], 1, "Ben")


def test_a_round_says_what_it_did_and_moves_the_deal() -> None:
    game, result = started().apply(BEN_OUT, 1)
    assert result == RoundResult(
        "Ana", {"Ana": 0, "Ben": 160, "Eve": 10}, ("Ben",), {"Ben": -1, "Eve": -1, "Ana": 2}, "Ana"
    )
    assert (game.rounds, game.last_dealer, game.dealer()) == (1, 0, "Eve")
    assert game.as_json() == {
        "players": [
            {"name": "Ana", "score": 0, "status": "in", "buybacks": 0, "chips": -1},
            {"name": "Ben", "score": 160, "status": "eliminated", "buybacks": 0, "chips": -4},
            {"name": "Eve", "score": 10, "status": "in", "buybacks": 0, "chips": -4},
        ],
        "pot": 9,
        "over": False,
        "winner": None,
        "rounds": 1,
    }


def test_an_eliminated_player_is_offered_a_buy_back_and_the_next_round_waits() -> None:
    game = after(started(), BEN_OUT)
    [offer] = game.offers()
    assert (offer.kind, offer.player, offer.cost, offer.restart, offer.left) == ("buyback", "Ben", 5, 10, 1)
    assert game.waiting_for() == ("Ben",) and game.waiting_for(["Ben"]) == ()
    assert (
        str(game.verify_next())
        == "Ben: buy back or out for good? The next round waits for each eliminated player to decide"
    )
    assert not game.can_next() and game.can_next(["Ben"]) and game.verify_next(["Ben"]) is None


def test_a_buy_back_pays_into_the_pot_and_restarts_at_the_highest_total() -> None:
    game, result = after(started(), BEN_OUT).apply(Buyback("Ben"), 2)
    assert result == BuybackResult("Ben", 10, 5)
    ben = game.player("Ben")
    assert (game.pot, ben.score, ben.status, ben.buybacks, ben.chips) == (14, 10, "in", 1, -9)
    assert game.offers() == ()


def test_a_void_round_closes_the_buy_backs_and_passes_the_deal() -> None:
    game, result = after(started(), BEN_OUT).apply(Void(), 2)
    assert result == RoundResult(None, dealer="Eve")
    assert (game.rounds, game.player("Ben").status, game.dealer()) == (2, "out", "Ana")


def test_a_reshuffle_is_counted_in_the_round_in_play_once() -> None:
    game, result = after(started(), BEN_OUT).apply(Reshuffle(), 2)
    assert (result, game.reshuffled, game.rounds) == (ReshuffleResult(2), True, 1)
    with pytest.raises(EventError) as refused:
        game.apply(Reshuffle(), 3)
    assert str(refused.value) == (
        "event 3: the stock was already reshuffled in this round: when it runs out again, the round is void"
    )


def test_something_that_is_no_rummy_event_is_refused() -> None:
    error = started().verify("a round", 3)  # type: ignore[arg-type]
    assert str(error) == "event 3: a rummy game has round, void, buyback and reshuffle events"
    assert started().verify(Void(), 1) is None


def test_a_players_standing_and_score() -> None:
    game = after(started(), BEN_OUT)
    assert (game.score_of("Eve"), game.score_of("Zed"), game.side_of("Ana")) == (10, None, None)
    assert game.still_in() == ("Ana", "Eve")
    with pytest.raises(KeyError, match="Zed"):
        game.player("Zed")
    assert game.verify_seen(["Ana", "Eve"]) is None
    assert str(game.verify_seen(["Ana", "Ben", "Eve"])) == (
        "the players changed since this round was filled in: Ben is no longer in the game"
    )


@pytest.mark.parametrize(
    ("options", "restart"),
    [pytest.param({"buyback_score": "zero"}, 0, id="zero"), pytest.param({}, 10, id="highest remaining")],
)
def test_a_buy_back_restarts_at_zero_or_the_highest_total_still_in(options: dict[str, Any], restart: int) -> None:
    game = after(started(**options), BEN_OUT)
    assert restart_score(game) == restart
    assert restart_score(started(**options)) == 0


@pytest.mark.parametrize(
    ("events", "name", "reason"),
    [
        pytest.param([], "Zed", "event 4: Zed is not a player in this game", id="stranger"),
        pytest.param(
            [], "Ben", "event 4: Ben is still in the game: only an eliminated player buys back", id="still in"
        ),
        pytest.param(
            [BEN_OUT, Void()],
            "Ben",
            "event 4: Ben is out for good: did not buy back right after being eliminated",
            id="too late",
        ),
    ],
)
def test_a_buy_back_that_cannot_be_is_refused_with_why(events: list[Any], name: str, reason: str) -> None:
    with pytest.raises(EventError) as refused:
        verify_buyback(after(started(), *events), name, 4)
    assert str(refused.value) == reason


def test_a_player_who_used_every_buy_back_is_out_for_good() -> None:
    game = after(started(max_buybacks=1), BEN_OUT, Buyback("Ben"), Round.finished("Ana", {"Ben": 160, "Eve": 10}))
    ben = game.player("Ben")
    assert (ben.status, ben.buybacks) == ("out", 1) and game.offers() == ()
    with pytest.raises(EventError) as refused:
        verify_buyback(game, "Ben")
    assert str(refused.value) == "event 0: Ben is out for good: has used every buy-back (1)"


def test_the_last_player_still_in_wins_the_pot() -> None:
    game = after(started(players=("Ana", "Ben")), Round.finished("Ana", {"Ben": 160}))
    assert (game.over, game.winner, game.pot, game.pot_won) == (True, "Ana", 0, 6)
    assert [(p.status, p.chips) for p in game.players] == [("in", 4), ("out", -4)]
    assert game.dealer() is None and game.offers() == ()
    assert str(game.verify_stock_ran_out()) == "the game is over: Ana won it" and not game.can_stock_ran_out()
    with pytest.raises(EventError) as refused:
        game.apply(Void(), 2)
    assert str(refused.value) == "event 2: the game is over: Ana won it"


def test_a_kaluki_pays_chips_per_kaluki() -> None:
    _, result = started(chips_per_kaluki=4).apply(Round.finished("Ana", {"Ben": 1, "Eve": 1}, Finish.ALL_IN_ONE), 1)
    assert dict(result.chips) == {"Ben": -4, "Eve": -4, "Ana": 8}


@pytest.mark.parametrize(
    ("inclusive", "status"), [pytest.param(True, "eliminated", id="at"), pytest.param(False, "in", id="above")]
)
def test_the_threshold_itself_eliminates_only_when_inclusive(inclusive: bool, status: str) -> None:
    game = after(started(elimination_inclusive=inclusive), Round.finished("Ana", {"Ben": 150, "Eve": 149}))
    assert [p.status for p in game.players] == ["in", status, "in"]


def test_rami_points_mode_ends_at_the_target_unless_tied() -> None:
    round_ = Round.finished("Ana", {"Ben": 0}, laid={"Ana": 500, "Ben": 10})
    game = after(started("rami", ("Ana", "Ben"), target=600), round_)
    assert not game.over and game.rounds == 1
    won = after(game, round_)
    assert (won.over, won.winner, [p.status for p in won.players]) == (True, "Ana", ["in", "out"])
    tied = Round.finished("Ana", {"Ben": 0}, laid={"Ana": 600, "Ben": 600})
    assert not after(started("rami", ("Ana", "Ben"), target=600), tied).over


def test_an_offer_after_a_buy_back_counts_the_buy_backs_left() -> None:
    game = after(started(), BEN_OUT, Buyback("Ben"), Round.finished("Eve", {"Ana": 10, "Ben": 160}))
    [offer] = game.offers()
    assert (offer.player, offer.cost, offer.restart, offer.left) == ("Ben", 5, 10, 0)


def test_a_round_that_leaves_nobody_in_is_won_by_its_winner() -> None:
    """docs/rules.md §5: possible only through the jokers kept (300 each in rami-elimination)."""
    kept = Round.finished("Ana", {"Ben": 200}, Finish.OWN_CARDS, None, {"Ana": 2})
    game = after(started("rami-elimination", ("Ana", "Ben")), kept)
    assert (game.over, game.winner, [p.status for p in game.players]) == (True, "Ana", ["in", "out"])


def test_when_the_winner_is_eliminated_by_the_jokers_kept_the_last_one_in_wins() -> None:
    kept = Round.finished("Ana", {"Ben": 200, "Eve": 5}, Finish.OWN_CARDS, None, {"Ana": 2})
    game = after(started("rami-elimination"), kept)
    assert (game.over, game.winner, [p.status for p in game.players]) == (True, "Eve", ["out", "out", "in"])
