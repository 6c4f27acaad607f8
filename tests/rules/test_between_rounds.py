"""Between two rounds (docs/rules.md §5): who may buy back in, who deals first when the table draws for it, a "stock
ran out" tap answered, and a reason carried from one refusal into another."""

from __future__ import annotations

import pytest

from referee.rules.answers import StockAnswer, stock_call
from referee.rules.deal import draw_first_dealer
from referee.rules.game_record import read_game
from referee.rules.rummy import can_buyback
from referee.rules.rummy_events import Reshuffle, Void
from referee.rules.words import reason_of, say


def test_only_an_eliminated_player_may_buy_back() -> None:
    # 000: Ben passes 150 and is out; Cy is still in; Zoé is not at the table.
    record = {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben", "Cy"],
              "events": [{"type": "round", "winner": "Ana", "hands": {"Ben": 100, "Cy": 10}}] * 2}  # fmt: skip
    game = read_game(record).standings()
    assert [can_buyback(game, name) for name in ("Ben", "Cy", "Zoé")] == [True, False, False]


def test_the_first_dealer_is_drawn_among_the_players() -> None:
    # 000 and 003: "au hasard".
    assert {draw_first_dealer(["Ana", "Ben", "Cy"]) for _ in range(200)} == {0, 1, 2}
    assert draw_first_dealer(["Ana"]) == 0
    with pytest.raises(ValueError, match=r"^no players to draw a dealer from$"):
        draw_first_dealer([])


@pytest.mark.parametrize(
    ("reshuffled", "seen", "answer", "event", "message"),
    [
        (False, False, StockAnswer.RESHUFFLE, Reshuffle(), ""),
        (True, True, StockAnswer.VOID, Void(), ""),
        (
            True, False, StockAnswer.MARKED_ELSEWHERE, None,
            "another phone had already marked the stock reshuffled in this round: if it ran out again, say so again "
            "and the round is void",
        ),
        (
            False, True, StockAnswer.PAST, None,
            "the round shown as reshuffled is already recorded: nothing was recorded; if the stock of this round ran "
            "out, say so again",
        ),
    ],
)  # fmt: skip
def test_a_stock_ran_out_tap(
    reshuffled: bool, seen: bool, answer: StockAnswer, event: Reshuffle | Void | None, message: str
) -> None:
    call = stock_call(reshuffled, seen)
    assert (call.answer, call.event, call.message) == (answer, event, message)


def test_a_reason_is_carried_as_it_was_said() -> None:
    said = say("the game is over")
    assert reason_of(ValueError(said)) is said
    assert reason_of(KeyError("Ana")) == "'Ana'"
    assert reason_of(ValueError()) == ""
    assert reason_of(ValueError(said, "more")) == "('the game is over', 'more')"
