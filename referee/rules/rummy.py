"""A Kaluki or Rami game replayed from its events: scores, eliminations, buy-backs and chips (docs/rules.md §5-6).

The standings are never stored: they are what `replay` gives for the game's rules, players and events. The
game also answers what the phone asks before it records (`answers`): who the next round waits for, what the
stock running out means, and what a round's entry holds. A round is counted in `rummy_rounds`.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from referee.rules.answers import Refusal, Refused, StockCall, players_changed, stock_call, undecided
from referee.rules.events import EventError
from referee.rules.game import Offer, Replayed, Status, Step
from referee.rules.rummy_events import Buyback, Reshuffle, Round, RummyEvent, RummyKind, Void
from referee.rules.rummy_results import BuybackResult, Player, ReshuffleResult, RoundResult, RummyResult
from referee.rules.rummy_rounds import (  # re-exported: they were this module's
    NOBODY_LAID_BONUS,
    RAMI_ALONE_MULTIPLIER,
    RAMI_BONUSES,
    RAMI_MULTIPLIERS,
    RoundShape,
    hand_refusal,
    hand_value,
    round_points,
    verify_round,
)
from referee.rules.table import RummyRules, Scoring
from referee.rules.words import say

__all__ = [
    "NOBODY_LAID_BONUS",
    "RAMI_ALONE_MULTIPLIER",
    "RAMI_BONUSES",
    "RAMI_MULTIPLIERS",
    "BuybackResult",
    "Player",
    "ReshuffleResult",
    "RoundResult",
    "RoundShape",
    "RummyGame",
    "RummyReplay",
    "RummyResult",
    "RummyStep",
    "can_buyback",
    "close_buybacks",
    "hand_refusal",
    "hand_value",
    "restart_score",
    "round_points",
    "verify_buyback",
]

IN, ELIMINATED, OUT = Status.IN, Status.ELIMINATED, Status.OUT


@dataclass(frozen=True)
class RummyGame:
    """The standings of a Kaluki or Rami game after some events (the `Game` of `referee.rules.game`)."""

    rules: RummyRules
    players: tuple[Player, ...]
    pot: int = 0
    rounds: int = 0
    over: bool = False
    winner: str | None = None
    pot_won: int = 0  # the chips the winner took from the pot at the end
    first_dealer: int = 0  # the seat of the first round's dealer
    last_dealer: int | None = None  # the seat of the last round's dealer
    reshuffled: bool = False  # the stock ran out once in the round being played, and was reshuffled

    @classmethod
    def start(cls, rules: RummyRules, players: Sequence[str], first_dealer: int = 0) -> RummyGame:
        """A game before its first round: every player has paid the ante into the pot."""
        seats = tuple(Player(name, chips=-rules.ante) for name in players)
        return cls(rules, seats, pot=rules.ante * len(seats), first_dealer=first_dealer % len(seats))

    def dealer(self) -> str | None:
        """Who deals the next round: the deal passes to the left, skipping players who are out."""
        if self.over:
            return None
        seats = len(self.players)
        start = self.first_dealer if self.last_dealer is None else self.last_dealer + 1
        for step in range(seats):
            player = self.players[(start + step) % seats]
            if player.status == IN:
                return player.name
        return None

    def player(self, name: str) -> Player:
        """The standing of the player called `name`."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def still_in(self) -> tuple[str, ...]:
        """The players still in the game, in seat order."""
        return tuple(p.name for p in self.players if p.status == IN)

    def offers(self) -> tuple[Offer, ...]:
        """The buy-backs open now: each eliminated player's cost, restart total and buy-backs left after it."""
        if self.over:
            return ()
        cost, restart = self.rules.buyback_cost, restart_score(self)
        return tuple(
            Offer(RummyKind.BUYBACK, p.name, cost, restart, self.rules.max_buybacks - p.buybacks - 1)
            for p in self.players
            if p.status == ELIMINATED
        )

    def side_of(self, player: str) -> str | None:
        """Everybody plays for themselves."""
        return None

    def score_of(self, player: str) -> int | None:
        """The player's own total."""
        return next((p.score for p in self.players if p.name == player), None)

    def waiting_for(self, decided: Collection[str] = ()) -> tuple[str, ...]:
        """The players whose buy-back, offered after the last round, is undecided: not bought back nor `decided` out."""
        return tuple(offer.player for offer in self.offers() if offer.player not in decided)

    def verify_next(self, decided: Collection[str] = ()) -> Refusal | None:
        """Why the next round (or a void round) waits: a buy-back undecided (`decided`: declared out for good).

        The rules put a player who did not buy back before the next round out for good (docs/rules.md §5), so an old
        record with a round after an elimination still replays; at the table, the next round waits for the scorer
        to say which: a buy-back, or out for good.
        """
        return undecided(self.waiting_for(decided))

    def verify_seen(self, seen: Collection[str], winner: str | None = None) -> Refusal | None:
        """Why a round filled in while `seen` were still in cannot be recorded: players left or came back since."""
        return players_changed(seen, self.still_in(), winner)

    def verify_stock_ran_out(self) -> Refusal | None:
        """Why the stock cannot run out now: the game is over."""
        return Refusal(self._over()) if self.over else None

    def stock_ran_out(self, seen_reshuffled: bool) -> StockCall:
        """What the stock running out means, the phone having shown it reshuffled (`seen_reshuffled`) or not.

        A reshuffle to record, a void round (it ran out again: 000), or nothing, and why; Refused when the game
        is over.
        """
        refusal = self.verify_stock_ran_out()
        if refusal is not None:
            raise Refused(refusal)
        return stock_call(self.reshuffled, seen_reshuffled)

    def round_shape(self) -> RoundShape:
        """What the next round's entry holds: Rami's laid points, the jokers kept, and their bounds."""
        return RoundShape.of(self.rules, len(self.players))

    def verify(self, event: RummyEvent, position: int) -> EventError | None:
        """Why `event` cannot come next, or None when it can."""
        try:
            self._check(event, position)
        except EventError as error:
            return error
        return None

    def apply(self, event: RummyEvent, position: int) -> tuple[RummyGame, RummyResult]:
        """The game after one more event and what it did; EventError when it cannot happen now."""
        self._check(event, position)
        if isinstance(event, Buyback):
            return _buyback(self, event.player)
        if isinstance(event, Reshuffle):
            return replace(self, reshuffled=True), ReshuffleResult(self.rounds + 1)
        game = replace(close_buybacks(self), reshuffled=False)
        dealer = game.dealer()
        game = replace(game, last_dealer=None if dealer is None else _seat(game, dealer))
        if isinstance(event, Void):
            return replace(game, rounds=game.rounds + 1), RoundResult(None, dealer=dealer)
        return _play_round(game, event, dealer)

    def _over(self) -> str:
        return say("the game is over: {winner} won it", winner=self.winner) if self.winner else say("the game is over")

    def _check(self, event: RummyEvent, position: int) -> None:
        if self.over:
            raise EventError(position, self._over())
        if isinstance(event, Reshuffle):
            if self.reshuffled:
                raise EventError(
                    position,
                    say("the stock was already reshuffled in this round: when it runs out again, the round is void"),
                )
        elif isinstance(event, Buyback):
            verify_buyback(self, event.player, position)
        elif isinstance(event, Round):
            game = close_buybacks(self)
            verify_round(game.rules, [p.name for p in game.players], game.still_in(), event, position)
        elif not isinstance(event, Void):
            raise EventError(position, say("a rummy game has round, void, buyback and reshuffle events"))

    def as_json(self) -> dict[str, Any]:
        """The `replay` (rummy) JSON of docs/formats.md."""
        return {
            "players": [player.as_json() for player in self.players],
            "pot": self.pot,
            "over": self.over,
            "winner": self.winner,
            "rounds": self.rounds,
        }


RummyReplay = Replayed[RummyGame, RummyEvent, RummyResult]  # a rummy game replayed: each step's result a RummyResult
RummyStep = Step[RummyGame, RummyEvent, RummyResult]  # one rummy event applied


def verify_buyback(game: RummyGame, name: str, position: int = 0) -> None:
    """Raise EventError unless `name` may buy back in now."""
    if name not in {p.name for p in game.players}:
        raise EventError(position, say("{name} is not a player in this game", name=name))
    player = game.player(name)
    if player.status == IN:
        raise EventError(position, say("{name} is still in the game: only an eliminated player buys back", name=name))
    if player.status == OUT:
        why = (
            say(
                "{name} is out for good: has used every buy-back ({buybacks})",
                name=name,
                buybacks=game.rules.max_buybacks,
            )
            if player.buybacks >= game.rules.max_buybacks
            else say("{name} is out for good: did not buy back right after being eliminated", name=name)
        )
        raise EventError(position, why)


def can_buyback(game: RummyGame, name: str) -> bool:
    """Whether `name` may buy back in now."""
    return game.verify(Buyback(name), 0) is None


def restart_score(game: RummyGame) -> int:
    """The total a player buying back now restarts at (`buyback_score`)."""
    if game.rules.buyback_score == "zero":
        return 0
    return max((p.score for p in game.players if p.status == IN), default=0)


def _buyback(game: RummyGame, name: str) -> tuple[RummyGame, BuybackResult]:
    """`name` pays `buyback_cost` into the pot and restarts (`buyback_score`)."""
    rules = game.rules
    player = game.player(name)
    restart = restart_score(game)
    back = replace(
        player, score=restart, status=IN, buybacks=player.buybacks + 1, chips=player.chips - rules.buyback_cost
    )
    after = replace(game, players=_swap(game.players, back), pot=game.pot + rules.buyback_cost)
    return after, BuybackResult(name, restart, rules.buyback_cost)


def _play_round(game: RummyGame, event: Round, dealer: str | None) -> tuple[RummyGame, RoundResult]:
    """The game after a round won by `event.winner`: points, chips, eliminations and maybe the end."""
    rules = game.rules
    points = round_points(rules, event, game.still_in())
    paying = [name for name in game.still_in() if name != event.winner]
    per_player = rules.chips_per_kaluki if event.finish.all_in_one else rules.chips_per_win
    chips = {name: -per_player for name in paying} | {event.winner: per_player * len(paying)}
    players = tuple(
        replace(p, score=p.score + points.get(p.name, 0), chips=p.chips + chips.get(p.name, 0)) for p in game.players
    )
    players, eliminated = _eliminate(rules, players)
    result = RoundResult(event.winner, MappingProxyType(points), eliminated, MappingProxyType(chips), dealer)
    game = replace(game, players=players, rounds=game.rounds + 1)
    return _maybe_over(game, event.winner), result


def _eliminate(rules: RummyRules, players: tuple[Player, ...]) -> tuple[tuple[Player, ...], tuple[str, ...]]:
    threshold = rules.elimination_threshold
    if threshold is None:
        return players, ()
    reached = [
        p.name
        for p in players
        if p.status == IN and (p.score >= threshold if rules.elimination_inclusive else p.score > threshold)
    ]
    updated = tuple(
        replace(p, status=ELIMINATED if p.buybacks < rules.max_buybacks else OUT) if p.name in reached else p
        for p in players
    )
    return updated, tuple(reached)


def _maybe_over(game: RummyGame, round_winner: str) -> RummyGame:
    rules = game.rules
    if rules.scoring == Scoring.POINTS:
        return _maybe_reached_target(game)
    still_in = game.still_in()
    if len(still_in) >= 2:
        return game
    last = still_in[0] if still_in else round_winner
    players = tuple(
        replace(p, status=IN, chips=p.chips + game.pot) if p.name == last else replace(p, status=OUT)
        for p in game.players
    )
    return replace(game, players=players, pot=0, pot_won=game.pot, over=True, winner=last)


def _maybe_reached_target(game: RummyGame) -> RummyGame:
    target = game.rules.target
    top = max(p.score for p in game.players)
    leaders = [p.name for p in game.players if p.score == top]
    if target is None or top < target or len(leaders) > 1:
        return game  # a tie at the top plays on
    winner = leaders[0]
    players = tuple(
        replace(p, chips=p.chips + game.pot) if p.name == winner else replace(p, status=OUT) for p in game.players
    )
    return replace(game, players=players, pot=0, pot_won=game.pot, over=True, winner=winner)


def close_buybacks(game: RummyGame) -> RummyGame:
    """A player who did not buy back before the next round is out for good."""
    if all(p.status != ELIMINATED for p in game.players):
        return game
    return replace(game, players=tuple(replace(p, status=OUT) if p.status == ELIMINATED else p for p in game.players))


def _seat(game: RummyGame, name: str) -> int:
    return next(n for n, p in enumerate(game.players) if p.name == name)


def _swap(players: tuple[Player, ...], new: Player) -> tuple[Player, ...]:
    return tuple(new if p.name == new.name else p for p in players)
