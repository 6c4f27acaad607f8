"""A Kaluki or Rami game replayed from its events: scores, eliminations, buy-backs and chips (RULES.md §5-6).

The standings are never stored: they are what `replay` gives for the game's rules, players and events.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from referee.rules.cards import CardError, check_pack_limits
from referee.rules.events import EventError
from referee.rules.rummy_events import Buyback, Hand, Round, RummyEvent, Void
from referee.rules.table import RummyRules
from referee.rules.values import penalty
from referee.rules.words import say

IN, ELIMINATED, OUT = "in", "eliminated", "out"
RAMI_MULTIPLIERS = {"with_table": 2, "own_cards": 3}  # 001: ×2, ×3; ×4 when nobody else had laid
RAMI_ALONE_MULTIPLIER = 4
RAMI_BONUSES = {"with_table": 200, "own_cards": 300}  # 001, points mode
NOBODY_LAID_BONUS = 100  # 001, points mode


@dataclass(frozen=True)
class Player:
    """One player's standing: total, status, buy-backs used and net chips for the game."""

    name: str
    score: int = 0
    status: str = IN  # "in", "eliminated" (may still buy back) or "out"
    buybacks: int = 0
    chips: int = 0

    def as_json(self) -> dict[str, Any]:
        """The player object of the `replay` JSON."""
        return {
            "name": self.name,
            "score": self.score,
            "status": self.status,
            "buybacks": self.buybacks,
            "chips": self.chips,
        }


@dataclass(frozen=True)
class RoundResult:
    """What one round did: each player's points, who it eliminated, the chips it moved."""

    winner: str | None  # None for a void round
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    eliminated: tuple[str, ...] = ()
    chips: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class RummyGame:
    """The standings of a Kaluki or Rami game after some events."""

    rules: RummyRules
    players: tuple[Player, ...]
    pot: int = 0
    rounds: int = 0
    over: bool = False
    winner: str | None = None
    results: tuple[RoundResult, ...] = ()
    first_dealer: int = 0  # the seat of the first round's dealer
    last_dealer: int | None = None  # the seat of the last round's dealer

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

    def as_json(self) -> dict[str, Any]:
        """The `replay` (rummy) JSON of FORMATS.md."""
        return {
            "players": [player.as_json() for player in self.players],
            "pot": self.pot,
            "over": self.over,
            "winner": self.winner,
            "rounds": self.rounds,
        }


def new_game(rules: RummyRules, players: Sequence[str], first_dealer: int = 0) -> RummyGame:
    """A game before its first round: every player has paid the ante into the pot."""
    seats = tuple(Player(name, chips=-rules.ante) for name in players)
    return RummyGame(rules, seats, pot=rules.ante * len(seats), first_dealer=first_dealer % len(seats))


def replay(rules: RummyRules, players: Sequence[str], events: Iterable[RummyEvent], first_dealer: int = 0) -> RummyGame:
    """The standings after every event, each checked against the game as it then stands."""
    game = new_game(rules, players, first_dealer)
    for position, event in enumerate(events, start=1):
        game = apply(game, event, position)
    return game


def apply(game: RummyGame, event: RummyEvent, position: int) -> RummyGame:
    """The game after one more event; an event that cannot happen now raises EventError."""
    if game.over:
        over = say("the game is over: {winner} won it", winner=game.winner) if game.winner else say("the game is over")
        raise EventError(position, over)
    if isinstance(event, Buyback):
        return buyback(game, event.player, position)
    game = close_buybacks(game)
    dealer = game.dealer()
    game = replace(game, last_dealer=None if dealer is None else _seat(game, dealer))
    if isinstance(event, Void):
        return replace(game, rounds=game.rounds + 1, results=(*game.results, RoundResult(None)))
    return play_round(game, event, position)


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
    try:
        verify_buyback(game, name)
    except EventError:
        return False
    return not game.over


def restart_score(game: RummyGame) -> int:
    """The total a player buying back now restarts at (`buyback_score`)."""
    if game.rules.buyback_score == "zero":
        return 0
    return max((p.score for p in game.players if p.status == IN), default=0)


def buyback(game: RummyGame, name: str, position: int = 0) -> RummyGame:
    """The game after `name` pays `buyback_cost` into the pot and restarts (`buyback_score`)."""
    verify_buyback(game, name, position)
    rules = game.rules
    player = game.player(name)
    back = replace(
        player,
        score=restart_score(game),
        status=IN,
        buybacks=player.buybacks + 1,
        chips=player.chips - rules.buyback_cost,
    )
    return replace(game, players=_swap(game.players, back), pot=game.pot + rules.buyback_cost)


def play_round(game: RummyGame, event: Round, position: int) -> RummyGame:
    """The game after a round won by `event.winner`: points, chips, eliminations and maybe the end."""
    _verify_round(game, event, position)
    rules = game.rules
    points = round_points(rules, event, game.still_in())
    paying = [name for name in game.still_in() if name != event.winner]
    per_player = rules.chips_per_kaluki if _all_in_one(event) else rules.chips_per_win
    chips = {name: -per_player for name in paying} | {event.winner: per_player * len(paying)}
    players = tuple(
        replace(p, score=p.score + points.get(p.name, 0), chips=p.chips + chips.get(p.name, 0)) for p in game.players
    )
    players, eliminated = _eliminate(rules, players)
    result = RoundResult(event.winner, MappingProxyType(points), eliminated, MappingProxyType(chips))
    game = replace(game, players=players, rounds=game.rounds + 1, results=(*game.results, result))
    return _maybe_over(game)


def round_points(rules: RummyRules, event: Round, still_in: Sequence[str]) -> dict[str, int]:
    """What the round adds to each player still in: penalties (×multiplier), or Rami points mode's gains."""
    values = {name: hand_value(hand, rules) for name, hand in event.hands.items()}
    jokers = {name: rules.joker_retrieval_penalty * n for name, n in event.unreturned_jokers.items()}
    if rules.scoring == "points":
        laid = event.laid or {}
        gained = {name: laid.get(name, 0) - jokers.get(name, 0) for name in still_in}
        gained[event.winner] += sum(values.values()) + _points_bonus(event, still_in)
        return gained
    factor = _multiplier(rules, event, still_in)
    reward = rules.hunt_reward if _all_in_one(event) else rules.going_out_reward
    added = {name: values.get(name, 0) * factor + jokers.get(name, 0) for name in still_in}
    added[event.winner] -= reward
    return added


def hand_value(hand: Hand, rules: RummyRules) -> int:
    """A hand's value before any multiplier: its cards' `hand_values`, or the number given."""
    if isinstance(hand, int):
        return hand
    return penalty(hand, rules)


def _verify_round(game: RummyGame, event: Round, position: int) -> None:
    names = {p.name for p in game.players}
    still_in = game.still_in()
    laid = event.laid or {}
    for name in (event.winner, *event.hands, *laid, *event.unreturned_jokers):
        if name not in names:
            raise EventError(position, say("{name} is not a player in this game", name=name))
    if event.winner not in still_in:
        raise EventError(position, say("{name} cannot win the round: {name} is out of the game", name=event.winner))
    if event.winner in event.hands:
        raise EventError(position, say("{name} won the round and so has no hand to count", name=event.winner))
    for name in event.hands:
        if name not in still_in:
            raise EventError(position, say("{name} is out of the game and has no hand this round", name=name))
    missing = [name for name in still_in if name != event.winner and name not in event.hands]
    if missing:
        raise EventError(
            position, say("no hand for {names}: every player still in needs one", names=", ".join(missing))
        )
    for name in (*laid, *event.unreturned_jokers):
        if name not in still_in:
            raise EventError(position, say("{name} is out of the game and played no part in this round", name=name))
    _verify_kind(game.rules, event, position)
    cards = [card for hand in event.hands.values() if not isinstance(hand, int) for card in hand]
    players = len(game.players)
    try:
        check_pack_limits(cards, game.rules.pack_count(players), game.rules.joker_count(players))
    except CardError as error:
        raise EventError(position, say("across the round's hands, {error}", error=error)) from None


def _verify_kind(rules: RummyRules, event: Round, position: int) -> None:
    if rules.game == "rami":
        if event.all_in_one:
            raise EventError(position, say('a Rami round marks a rami with "rami", not "all_in_one"'))
        if rules.scoring == "points" and event.laid is None:
            raise EventError(position, say('points mode needs "laid": the points each player laid this round'))
    else:
        if event.rami is not None:
            raise EventError(position, say('a Kaluki round marks a kaluki with "all_in_one", not "rami"'))
        if event.laid is not None:
            raise EventError(position, say('laid points ("laid") belong to Rami rounds'))


def _all_in_one(event: Round) -> bool:
    return event.all_in_one or event.rami is not None


def _nobody_else_laid(event: Round, still_in: Sequence[str]) -> bool:
    laid = event.laid
    return laid is not None and all(laid.get(name, 0) == 0 for name in still_in if name != event.winner)


def _multiplier(rules: RummyRules, event: Round, still_in: Sequence[str]) -> int:
    if event.rami is not None:
        if event.rami == "own_cards" and _nobody_else_laid(event, still_in):
            return RAMI_ALONE_MULTIPLIER
        return RAMI_MULTIPLIERS[event.rami]
    return rules.all_in_one_multiplier if event.all_in_one else 1


def _points_bonus(event: Round, still_in: Sequence[str]) -> int:
    bonus = NOBODY_LAID_BONUS if _nobody_else_laid(event, still_in) else 0
    return bonus + (RAMI_BONUSES[event.rami] if event.rami else 0)


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


def _maybe_over(game: RummyGame) -> RummyGame:
    rules = game.rules
    if rules.scoring == "points":
        return _maybe_reached_target(game)
    still_in = game.still_in()
    if len(still_in) >= 2:
        return game
    last = still_in[0] if still_in else game.results[-1].winner
    players = tuple(
        replace(p, status=IN, chips=p.chips + game.pot) if p.name == last else replace(p, status=OUT)
        for p in game.players
    )
    return replace(game, players=players, pot=0, over=True, winner=last)


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
    return replace(game, players=players, pot=0, over=True, winner=winner)


def close_buybacks(game: RummyGame) -> RummyGame:
    """A player who did not buy back before the next round is out for good."""
    if all(p.status != ELIMINATED for p in game.players):
        return game
    return replace(game, players=tuple(replace(p, status=OUT) if p.status == ELIMINATED else p for p in game.players))


def _seat(game: RummyGame, name: str) -> int:
    return next(n for n, p in enumerate(game.players) if p.name == name)


def _swap(players: tuple[Player, ...], new: Player) -> tuple[Player, ...]:
    return tuple(new if p.name == new.name else p for p in players)


def corrected(events: Sequence[RummyEvent], position: int, event: RummyEvent | None) -> tuple[RummyEvent, ...]:
    """The events with the one at `position` (1-based) replaced by `event`, or deleted when it is None."""
    if not 1 <= position <= len(events):
        raise IndexError(say("there is no event {position}", position=position))
    kept = () if event is None else (event,)
    return (*events[: position - 1], *kept, *events[position:])
