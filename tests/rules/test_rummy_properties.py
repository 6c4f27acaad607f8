"""Properties of rummy replay: random games played event by event keep every invariant of docs/rules.md §5."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from referee.rules.events import EventError
from referee.rules.game import replay
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import Buyback, Reshuffle, Round, RummyEvent, Void
from referee.rules.rummy_family import rummy_rules

PENALTY_PRESETS = ["kaluki", "kaluki-hunt", "kaluki-club", "rami-elimination"]
NAMES = ["Ana", "Ben", "Céline", "Driss", "Eve"]


class RummyGameMachine(RuleBasedStateMachine):
    """Plays a random penalty game one event at a time, checking the invariants after each."""

    def __init__(self) -> None:
        super().__init__()
        self.events: list[RummyEvent] = []

    @initialize(preset=st.sampled_from(PENALTY_PRESETS), count=st.integers(2, 4))
    def start(self, preset: str, count: int) -> None:
        self.rules = rummy_rules(preset, {"max_buybacks": 2, "buyback_cost": 5})
        self.players = NAMES[:count]
        self.game = RummyGame.start(self.rules, self.players)

    def _push(self, event: RummyEvent) -> None:
        before = self.game
        self.events.append(event)
        self.game, _ = self.game.apply(event, len(self.events))
        self._check_scores_never_fall(before, event)

    def _check_scores_never_fall(self, before: RummyGame, event: RummyEvent) -> None:
        """Penalty totals only grow, but for a buy-back reset and the winner's reward."""
        if isinstance(event, Buyback | Reshuffle):
            return
        rewarded = event.winner if isinstance(event, Round) else None
        for old, new in zip(before.players, self.game.players, strict=True):
            if new.name != rewarded:
                assert new.score >= old.score

    @precondition(lambda self: not self.game.over)
    @rule(data=st.data(), all_in_one=st.booleans())
    def play_round(self, data: st.DataObject, all_in_one: bool) -> None:
        still_in = self.game.still_in()
        winner = data.draw(st.sampled_from(still_in))
        hands = {name: data.draw(st.integers(0, 120)) for name in still_in if name != winner}
        if self.rules.game == "rami":
            rami = data.draw(st.sampled_from([None, "with_table", "own_cards"]))
            self._push(Round(winner, hands, rami=rami))
        else:
            self._push(Round(winner, hands, all_in_one=all_in_one))

    @precondition(lambda self: not self.game.over)
    @rule()
    def void_round(self) -> None:
        self._push(Void())

    @precondition(lambda self: not self.game.over and not self.game.reshuffled)
    @rule()
    def reshuffle(self) -> None:
        self._push(Reshuffle())

    @precondition(lambda self: any(p.status == "eliminated" for p in self.game.players))
    @rule(data=st.data())
    def buy_back(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from([p.name for p in self.game.players if p.status == "eliminated"]))
        self._push(Buyback(name))

    @precondition(lambda self: self.game.over)
    @rule()
    def nothing_happens_after_the_end(self) -> None:
        with pytest.raises(EventError, match="the game is over"):
            self.game.apply(Void(), len(self.events) + 1)

    @invariant()
    def chips_and_pot_sum_to_zero(self) -> None:
        assert sum(p.chips for p in self.game.players) + self.game.pot == 0

    @invariant()
    def over_when_fewer_than_two_remain(self) -> None:
        assert self.game.over == (len(self.game.still_in()) < 2)
        if self.game.over:
            assert self.game.pot == 0 and self.game.still_in() == (self.game.winner,)

    @invariant()
    def buybacks_never_exceed_the_limit(self) -> None:
        assert all(p.buybacks <= self.rules.max_buybacks for p in self.game.players)

    @invariant()
    def step_by_step_equals_a_full_replay(self) -> None:
        assert replay(RummyGame.start(self.rules, self.players), self.events).standing() == self.game


TestRummyGames = RummyGameMachine.TestCase
TestRummyGames.settings = settings(max_examples=500, stateful_step_count=25, deadline=None)


events_strategy = st.lists(
    st.one_of(
        st.builds(Round, winner=st.just("Ana"), hands=st.fixed_dictionaries({"Ben": st.integers(0, 100)})),
        st.builds(Round, winner=st.just("Ben"), hands=st.fixed_dictionaries({"Ana": st.integers(0, 100)})),
        st.just(Void()),
    ),
    min_size=1,
    max_size=6,
)


@settings(max_examples=500, deadline=None)
@given(events=events_strategy, data=st.data())
def test_replay_with_a_correction_equals_the_replay_of_the_corrected_list(
    events: list[RummyEvent], data: st.DataObject
) -> None:
    rules = rummy_rules("kaluki", {"elimination_threshold": 1000})
    position = data.draw(st.integers(1, len(events)))
    fix = data.draw(st.one_of(st.none(), st.just(Void()), st.builds(Round, st.just("Ana"), st.just({"Ben": 7}))))
    by_hand = events[: position - 1] + ([] if fix is None else [fix]) + events[position:]
    start = RummyGame.start(rules, ["Ana", "Ben"])
    corrected = replay(start, events).corrected(position, fix)
    assert corrected.state == replay(start, by_hand).state
    assert corrected.events == replay(start, by_hand).events
