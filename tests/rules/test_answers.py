"""What the phone asks the rules before it records: buy-backs undecided, players changed, and a round's shape."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.answers import Refusal, Stocked
from referee.rules.families import rules_for
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import KaiserTeams
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.rummy import RoundShape, RummyGame
from referee.rules.rummy_events import Buyback, Finish, Round, RummyEvent, Void
from referee.rules.rummy_family import rummy_rules
from referee.rules.values import most_laid

PLAYERS = ["Ana", "Ben", "Céline"]


def game_after(*events: RummyEvent, players: list[str] = PLAYERS, **options: Any) -> RummyGame:
    game = RummyGame.start(rummy_rules("kaluki", {"elimination_threshold": 50, **options}), players)
    for position, event in enumerate(events, start=1):
        game, _ = game.apply(event, position)
    return game


BEN_OUT = Round.finished("Ana", {"Ben": 60, "Céline": 10})  # Ben reaches 60, past 50
BOTH_OUT = Round.finished("Ana", {"Ben": 60, "Céline": 60})


def kaiser() -> KaiserGame:
    rules = rules_for("kaiser")
    assert isinstance(rules, KaiserRules)
    return KaiserGame.start(rules, KaiserTeams.from_json({"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}), "Ana")


@pytest.mark.parametrize(
    ("events", "decided", "waiting"),
    [
        pytest.param([], (), (), id="nobody eliminated"),
        pytest.param([BEN_OUT], (), ("Ben",), id="a buy-back offered after the last round"),
        pytest.param([BEN_OUT], ("Ben",), (), id="declared out for good on the round form"),
        pytest.param([BEN_OUT], ("Céline",), ("Ben",), id="someone else declared out"),
        pytest.param([BEN_OUT, Buyback("Ben")], (), (), id="bought back"),
        pytest.param([BEN_OUT, Void()], (), (), id="a round since: out for good"),
    ],
)
def test_the_next_round_waits_for_every_buy_back_to_be_decided(
    events: list[RummyEvent], decided: tuple[str, ...], waiting: tuple[str, ...]
) -> None:
    game = game_after(*events)
    assert game.waiting_for(decided) == waiting
    refusal = game.verify_next(decided)
    assert (refusal is None) == (not waiting)
    if waiting:
        assert refusal == Refusal(
            "Ben: buy back or out for good? The next round waits for each eliminated player to decide", waiting
        )


def test_a_player_with_no_buy_back_left_is_not_waited_for() -> None:
    assert game_after(BEN_OUT, max_buybacks=0).waiting_for() == ()


def test_nothing_waits_once_the_game_is_over() -> None:
    game = game_after(BOTH_OUT)
    assert game.over and game.waiting_for() == () and game.verify_next() is None


def test_several_undecided_are_named_together() -> None:
    game = game_after(Round.finished("Ana", {"Ben": 60, "Céline": 55, "Driss": 5}), players=[*PLAYERS, "Driss"])
    refusal = game.verify_next()
    assert refusal is not None and refusal.players == ("Ben", "Céline")
    assert str(refusal).startswith("Ben and Céline: buy back or out for good?")


def test_kaiser_waits_for_nobody() -> None:
    # Kaiser has no buy-backs nor a stock: its game answers none of those questions (rules/game.py, `Stocked`).
    assert not isinstance(kaiser(), Stocked)


@pytest.mark.parametrize(
    ("seen", "winner", "changed"),
    [
        pytest.param(set(), None, None, id="nothing seen: a form without hands"),
        pytest.param({"Ana", "Ben", "Céline"}, "Ana", None, id="the same players"),
        pytest.param({"Ben", "Céline"}, "Ana", None, id="the winner's hand left out"),
        pytest.param({"Ana", "Ben"}, "Ana", "Céline is in the game again", id="one came back"),
        pytest.param({"Ana", "Ben", "Céline", "Eve"}, "Ana", "Eve is no longer in the game", id="one left"),
    ],
)
def test_a_round_filled_in_for_other_players_waits(seen: set[str], winner: str | None, changed: str | None) -> None:
    refusal = game_after().verify_seen(seen, winner)
    if changed is None:
        assert refusal is None
    else:
        assert refusal == Refusal(f"the players changed since this round was filled in: {changed}")


@pytest.mark.parametrize(
    ("preset", "options", "laid", "always", "kept", "finishes"),
    [
        pytest.param("kaluki", {}, False, False, False, (Finish.OUT, Finish.ALL_IN_ONE), id="kaluki"),
        pytest.param("rami", {}, True, True, True, (Finish.OUT, Finish.WITH_TABLE, Finish.OWN_CARDS), id="rami"),
        pytest.param("rami-elimination", {}, True, False, True, None, id="rami-elimination"),
        pytest.param("rami", {"joker_retrieval_penalty": 0}, True, True, False, None, id="jokers kept cost nothing"),
    ],
)  # fmt: skip
def test_a_round_s_shape_follows_the_rules(
    preset: str, options: dict[str, Any], laid: bool, always: bool, kept: bool, finishes: tuple[Finish, ...] | None
) -> None:
    rules = rummy_rules(preset, options)
    shape = RummyGame.start(rules, ["A", "B", "C", "D", "E", "F"]).round_shape()
    assert (shape.laid_points, shape.laid_always, shape.kept_jokers) == (laid, always, kept)
    assert shape.most_laid == most_laid(rules, 6) and shape.most_kept_jokers == rules.joker_count(6)
    if finishes is not None:
        assert shape.finishes == finishes


@pytest.mark.parametrize(
    ("preset", "typed", "laid"),
    [
        pytest.param("rami", {"Ana": 40, "Ben": None, "Eve": 0}, {"Ana": 40}, id="points: blanks and zeros are 0"),
        pytest.param("rami", {"Ana": None, "Ben": None}, {}, id="points: always counted, even all blank"),
        pytest.param("rami-elimination", {"Ana": None, "Ben": None}, None, id="elimination: none given"),
        pytest.param("rami-elimination", {"Ana": 0, "Ben": None}, {}, id="elimination: a 0 given"),
        pytest.param("rami-elimination", {"Ana": 25, "Ben": None}, {"Ana": 25}, id="elimination: some given"),
        pytest.param("kaluki", {"Ana": 25}, None, id="kaluki: no laid points"),
    ],
)
def test_the_laid_points_typed_become_the_round_s_laid(
    preset: str, typed: dict[str, int | None], laid: dict[str, int] | None
) -> None:
    shape = RoundShape.of(rummy_rules(preset), 3)
    assert shape.laid(typed) == laid


def test_jokers_kept_count_only_where_they_cost_points() -> None:
    typed = {"Ana": 1, "Ben": None, "Céline": 0}
    assert RoundShape.of(rummy_rules("rami"), 3).kept(typed) == {"Ana": 1}
    assert RoundShape.of(rummy_rules("rami", {"joker_retrieval_penalty": 0}), 3).kept(typed) == {}


def test_the_round_built_from_what_was_typed_is_the_round_finished() -> None:
    shape = RoundShape.of(rummy_rules("rami-elimination"), 3)
    built = shape.round(
        "Ana", {"Ben": 20, "Céline": 5}, Finish.OWN_CARDS, {"Ana": None, "Ben": 30, "Céline": None}, {"Ben": 1}
    )
    assert built == Round.finished("Ana", {"Ben": 20, "Céline": 5}, Finish.OWN_CARDS, {"Ben": 30}, {"Ben": 1})
    assert shape.round("Ana", {"Ben": 20, "Céline": 5}).laid is None


def test_the_shape_s_bounds_are_the_replay_s() -> None:
    game = RummyGame.start(rummy_rules("rami"), PLAYERS)
    shape = game.round_shape()
    assert shape.laid_refusal("Ben", shape.most_laid) is None and shape.kept_refusal("Ben", 4) is None
    too_much = Round.finished("Ana", {"Ben": 5, "Céline": 5}, laid={"Ben": shape.most_laid + 1})
    refusal = game.verify(too_much, 1)
    assert refusal is not None and refusal.reason == shape.laid_refusal("Ben", shape.most_laid + 1)
    assert refusal.reason == "Ben cannot have laid 821 points: every card in play counts 820 in Rami"
    kept = Round.finished("Ana", {"Ben": 5, "Céline": 5}, laid={}, unreturned_jokers={"Ben": 5})
    refusal = game.verify(kept, 1)
    assert refusal is not None and refusal.reason == shape.kept_refusal("Ben", 5)
    assert refusal.reason == "Ben cannot have kept 5 jokers: 4 are in play"
