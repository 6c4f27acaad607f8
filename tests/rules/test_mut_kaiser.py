"""Kaiser scored (docs/rules.md §7): each score change with the rule a player reads, and the refusals of the game."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.answers import Refused
from referee.rules.events import EventError
from referee.rules.game_record import read_game
from referee.rules.kaiser import KaiserGame, PassedResult, bidder_change, defender_change, score_hand
from referee.rules.kaiser_events import KaiserError, KaiserHand, KaiserTeams, PassedDeal
from referee.rules.table import KaiserRules, rules_for

TEAMS = {"NS": ["Ana", "Cel"], "EW": ["Ben", "Dri"]}  # seats: Ana, Ben, Cel, Dri
KAISER, PAGAT = rules_for("kaiser"), rules_for("kaiser-pagat")


def hand(dealer: str, bidder: str, bid: int, ns: int, **changed: Any) -> dict[str, Any]:
    """NS take `ns` tricks, the 5 of hearts and the 3 of spades: `ns` + 2 points."""
    return {
        "type": "hand", "dealer": dealer, "bidder": bidder, "bid": bid, "tricks": {"NS": ns},
        "five_hearts": "NS", "three_spades": "NS",
    } | changed  # fmt: skip


def play(events: list[dict[str, Any]], preset: str = "kaiser") -> Any:
    return read_game({"format": "referee.game/1", "preset": preset, "teams": TEAMS, "events": events}).standings()


@pytest.mark.parametrize(
    ("rules", "bid", "no_trump", "points", "change", "why"),
    [
        pytest.param(KAISER, 8, False, 8, 16, "bid 8 made with 8 points: scores 8 + 8 = 16", id="made exactly"),
        pytest.param(KAISER, 8, False, 7, -8, "bid 8 failed with 7 points: loses 8", id="failed by one"),
        pytest.param(
            KAISER, 8, True, 7, -16, "bid 8 no trump failed with 7 points: loses 8, doubled in no trump: 16", id="nt"
        ),
        pytest.param(KAISER, 7, False, 1, -7, "bid 7 failed with 1 point: loses 7", id="one point"),
        pytest.param(KAISER, 7, False, -1, -7, "bid 7 failed with -1 point: loses 7", id="minus one point"),
        pytest.param(KAISER, 7, False, 0, -7, "bid 7 failed with 0 points: loses 7", id="no point"),
        pytest.param(PAGAT, 7, False, 9, 9, "bid 7 made with 9 points: scores the 9 points taken", id="pagat made"),
        pytest.param(
            PAGAT,
            7,
            True,
            9,
            18,
            "bid 7 no trump made with 9 points: scores the 9 points taken, doubled in no trump: 18",
            id="pagat nt",
        ),
        pytest.param(
            KAISER,
            10,
            True,
            10,
            40,
            "bid 10 no trump made with 10 points: scores 10 + 10 = 20, doubled in no trump: 40",
            id="made nt",
        ),
    ],
)
def test_the_bidders_change_and_why(
    rules: KaiserRules, bid: int, no_trump: bool, points: int, change: int, why: str
) -> None:
    assert bidder_change(rules, bid, no_trump, points) == (change, why)


@pytest.mark.parametrize(
    ("score", "points", "change", "why"),
    [
        pytest.param(30, 0, 0, "not bidding: took no points", id="nothing"),
        pytest.param(45, 0, 0, "not bidding: took no points", id="nothing at 45"),
        pytest.param(30, 1, 1, "not bidding, below 45: adds 1 point", id="adds one"),
        pytest.param(44, 2, 2, "not bidding, below 45: adds 2 points", id="adds two at 44"),
        pytest.param(30, -1, -1, "not bidding, below 45: loses 1 point", id="loses one"),
        pytest.param(30, -3, -3, "not bidding, below 45: loses 3 points", id="loses three"),
        pytest.param(
            45, 2, 0, "not bidding, at 45: adds nothing for its 2 points (at 45 or more, only a bid scores)", id="at 45"
        ),
        pytest.param(
            45, 1, 0, "not bidding, at 45: adds nothing for its 1 point (at 45 or more, only a bid scores)", id="one"
        ),
        pytest.param(
            45, -1, -1, "not bidding, at 45: loses 1 point (negative points still count at 45 or more)", id="neg one"
        ),
        pytest.param(
            46, -2, -2, "not bidding, at 46: loses 2 points (negative points still count at 45 or more)", id="neg two"
        ),
    ],
)
def test_the_other_teams_change_and_why(score: int, points: int, change: int, why: str) -> None:
    assert defender_change(KAISER, score, points) == (change, why)


def test_a_scored_hand_carries_each_teams_points_change_score_and_why() -> None:
    teams = KaiserTeams.from_json(TEAMS)
    event = KaiserHand.from_json(hand("Ana", "Ben", 7, 6, five_hearts="EW"), 3, teams)
    result = score_hand(KAISER, teams, event, (40, 10), 3)
    assert (result.position, result.bidding_team, result.hand) == (3, "EW", event)
    ns, ew = result.results
    assert (ns.team, ns.points, ns.change, ns.score) == ("NS", 3, 3, 43)
    assert ns.explanation == "not bidding, below 45: adds 3 points"
    assert (ew.team, ew.points, ew.change, ew.score) == ("EW", 7, 14, 24)
    assert ew.explanation == "bid 7 made with 7 points: scores 7 + 7 = 14"


def test_a_game_is_won_at_the_target_and_no_deal_comes_after() -> None:
    events = [hand("Ana", "Ana", 10, 8, no_trump=True), hand("Ben", "Ana", 10, 8, no_trump=True)]
    won = play(events)
    assert won.as_json() == {
        "teams": [{"name": "NS", "score": 80}, {"name": "EW", "score": 0}],
        "over": True,
        "winner": "NS",
        "hands": 2,
        "next_dealer": "Cel",
    }
    assert won.dealer() is None and won.offers() == ()
    with pytest.raises(EventError) as refused:
        play([*events, hand("Cel", "Ana", 10, 8)])
    assert str(refused.value) == "event 3: the game is over: NS won, 80 to 0; no deal comes after"


def test_a_game_short_of_the_target_plays_on() -> None:
    first = hand("Ana", "Ana", 10, 8, no_trump=True)
    short = play([first, hand("Ben", "Ana", 5, 4)])  # 40 + 5 + 6; EW adds its 4 tricks
    assert short.scores == (51, 4) and short.winner is None and not short.over
    reached = play([first, hand("Ben", "Ana", 6, 4)])  # 40 + 6 + 6
    assert reached.scores == (52, 4) and reached.winner == "NS" and reached.over


@pytest.mark.parametrize(
    ("preset", "event", "reason"),
    [
        pytest.param("kaiser", hand("Ana", "Ana", 4, 8), "event 1: a bid is from 5 to 12 at this table, not 4", id="4"),
        pytest.param(
            "kaiser", hand("Ana", "Ana", 13, 8), "event 1: a bid is from 5 to 12 at this table, not 13", id="13"
        ),
        pytest.param(
            "kaiser-pagat", hand("Ana", "Ana", 5, 8), "event 1: a bid is from 6 to 12 at this table, not 5", id="pagat"
        ),
        pytest.param(
            "kaiser-pagat",
            {"type": "passed", "dealer": "Ana"},
            "event 1: a deal cannot be passed out: at this table, when everybody passes, the dealer must bid",
            id="passed out",
        ),
    ],
)
def test_a_hand_the_table_does_not_allow_is_refused(preset: str, event: dict[str, Any], reason: str) -> None:
    with pytest.raises(EventError) as refused:
        play([event], preset)
    assert str(refused.value) == reason


@pytest.mark.parametrize(
    ("preset", "bid"),
    [pytest.param("kaiser", 5, id="5"), pytest.param("kaiser", 12, id="12"), pytest.param("kaiser-pagat", 6, id="6")],
)
def test_a_bid_at_the_tables_bounds_is_taken(preset: str, bid: int) -> None:
    assert play([hand("Ana", "Ana", bid, 8)], preset).hands == 1


def test_the_deal_passes_to_the_left_and_a_wrong_dealer_is_refused() -> None:
    with pytest.raises(EventError) as refused:
        play([hand("Ana", "Ana", 10, 8), hand("Ana", "Ana", 7, 8)])
    assert str(refused.value) == "event 2: Ben deals now, not Ana: the deal passes to the left (Ana, Ben, Cel, Dri)"
    assert play([{"type": "passed", "dealer": "Dri"}]).next_dealer == "Ana"


def test_a_recorded_auction_that_cannot_be_is_refused_in_the_scorers_words() -> None:
    calls = [{"player": "Ben", "call": 7}, {"player": "Cel", "call": "pass"}, {"player": "Dri", "call": "pass"}]
    with pytest.raises(EventError) as refused:
        play([hand("Ana", "Ben", 7, 3, calls=calls)])
    assert refused.value.position == 1 and "Ana" in str(refused.value.reason)


def test_a_first_dealer_not_at_the_table_is_refused() -> None:
    with pytest.raises(KaiserError) as refused:
        KaiserGame.start(KAISER, KaiserTeams.from_json(TEAMS), "Zed")
    assert str(refused.value) == "the first dealer 'Zed' is not at this table (Ana, Ben, Cel, Dri)"
    assert KaiserGame.start(KAISER, KaiserTeams.from_json(TEAMS), "Cel").dealer() == "Cel"


def test_a_kaiser_game_has_no_stock_and_waits_for_nobody() -> None:
    game = play([hand("Ana", "Ana", 10, 8, no_trump=True)])
    assert str(game.verify_stock_ran_out()) == "a Kaiser deal has no stock: every card is dealt"
    assert not game.can_stock_ran_out()
    with pytest.raises(Refused, match="a Kaiser deal has no stock: every card is dealt"):
        game.stock_ran_out(False)
    assert (game.waiting_for(), game.verify_next(), game.can_next(), game.verify_seen(["Ana"])) == (
        (),
        None,
        True,
        None,
    )
    assert (game.score("EW"), game.score_of("Cel"), game.score_of("Zed"), game.side_of("Ben")) == (0, 40, None, "EW")
    assert [(offer.kind, offer.player) for offer in game.offers()] == [("passed", "Ben")]


def test_verify_answers_the_refusal_with_its_position() -> None:
    game = play([hand("Ana", "Ana", 10, 8)])
    error = game.verify(KaiserHand.from_json(hand("Ana", "Ana", 7, 8), 1, game.teams), 5)
    assert error is not None and error.position == 5
    assert str(error) == "event 5: Ben deals now, not Ana: the deal passes to the left (Ana, Ben, Cel, Dri)"


def test_a_passed_deal_says_who_dealt_it_and_moves_the_deal() -> None:
    game, result = KaiserGame.start(KAISER, KaiserTeams.from_json(TEAMS), "Dri").apply(PassedDeal("Dri"), 1)
    assert result == PassedResult("Dri") and game.dealer() == "Ana" and game.hands == 0
