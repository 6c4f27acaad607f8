"""A Kaluki or Rami game replayed from its events: scores, eliminations, buy-backs and chips (RULES.md §5-6).

The standings are never stored: they are what `replay` gives for the game's rules, players and events.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from referee.rules.cards import CardError, check_pack_limits
from referee.rules.events import EventError
from referee.rules.game import Kind, Offer, Status
from referee.rules.rummy_events import Buyback, Finish, Hand, Round, RummyEvent, Void
from referee.rules.table import RummyRules, Scoring
from referee.rules.values import costliest_hand, most_cards_held, most_laid, penalty
from referee.rules.words import say

IN, ELIMINATED, OUT = Status.IN, Status.ELIMINATED, Status.OUT
RAMI_MULTIPLIERS = {Finish.WITH_TABLE: 2, Finish.OWN_CARDS: 3}  # 001: ×2, ×3; ×4 when nobody else had laid
RAMI_ALONE_MULTIPLIER = 4
RAMI_BONUSES = {Finish.WITH_TABLE: 200, Finish.OWN_CARDS: 300}  # 001, points mode
NOBODY_LAID_BONUS = 100  # 001, points mode


@dataclass(frozen=True)
class Player:
    """One player's standing: total, status, buy-backs used and net chips for the game."""

    name: str
    score: int = 0
    status: Status = IN
    buybacks: int = 0
    chips: int = 0

    def as_json(self) -> dict[str, Any]:
        """The player object of the `replay` JSON."""
        return {
            "name": self.name,
            "score": self.score,
            "status": str(self.status),
            "buybacks": self.buybacks,
            "chips": self.chips,
        }


@dataclass(frozen=True)
class RoundResult:
    """What one round did: each player's points, who it eliminated, the chips it moved, who dealt it."""

    winner: str | None  # None for a void round
    points: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    eliminated: tuple[str, ...] = ()
    chips: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    dealer: str | None = None


@dataclass(frozen=True)
class BuybackResult:
    """What a buy-back did: who came back, at what total, for how many chips."""

    player: str
    restart: int
    cost: int


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
            Offer(Kind.BUYBACK, p.name, cost, restart, self.rules.max_buybacks - p.buybacks - 1)
            for p in self.players
            if p.status == ELIMINATED
        )

    def side_of(self, player: str) -> str | None:
        """Everybody plays for themselves."""
        return None

    def score_of(self, player: str) -> int | None:
        """The player's own total."""
        return next((p.score for p in self.players if p.name == player), None)

    def verify(self, event: RummyEvent, position: int) -> EventError | None:
        """Why `event` cannot come next, or None when it can."""
        try:
            self._check(event, position)
        except EventError as error:
            return error
        return None

    def apply(self, event: RummyEvent, position: int) -> tuple[RummyGame, RoundResult | BuybackResult]:
        """The game after one more event and what it did; EventError when it cannot happen now."""
        self._check(event, position)
        if isinstance(event, Buyback):
            return _buyback(self, event.player)
        game = close_buybacks(self)
        dealer = game.dealer()
        game = replace(game, last_dealer=None if dealer is None else _seat(game, dealer))
        if isinstance(event, Void):
            return replace(game, rounds=game.rounds + 1), RoundResult(None, dealer=dealer)
        return _play_round(game, event, dealer)

    def _check(self, event: RummyEvent, position: int) -> None:
        if self.over:
            over = (
                say("the game is over: {winner} won it", winner=self.winner) if self.winner else say("the game is over")
            )
            raise EventError(position, over)
        if isinstance(event, Buyback):
            verify_buyback(self, event.player, position)
        elif isinstance(event, Round):
            _verify_round(close_buybacks(self), event, position)
        elif not isinstance(event, Void):
            raise EventError(position, say("a rummy game has round, void and buyback events"))

    def as_json(self) -> dict[str, Any]:
        """The `replay` (rummy) JSON of FORMATS.md."""
        return {
            "players": [player.as_json() for player in self.players],
            "pot": self.pot,
            "over": self.over,
            "winner": self.winner,
            "rounds": self.rounds,
        }


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


def round_points(rules: RummyRules, event: Round, still_in: Sequence[str]) -> dict[str, int]:
    """What the round adds to each player still in: penalties (×multiplier), or Rami points mode's gains."""
    values = {name: hand_value(hand, rules) for name, hand in event.hands.items()}
    jokers = {name: rules.joker_retrieval_penalty * n for name, n in event.unreturned_jokers.items()}
    if rules.scoring == Scoring.POINTS:
        laid = event.laid or {}
        gained = {name: laid.get(name, 0) - jokers.get(name, 0) for name in still_in}
        gained[event.winner] += sum(values.values()) + _points_bonus(event, still_in)
        return gained
    factor = _multiplier(rules, event, still_in)
    reward = rules.hunt_reward if event.finish.all_in_one else rules.going_out_reward
    added = {name: values.get(name, 0) * factor + jokers.get(name, 0) for name in still_in}
    added[event.winner] -= reward
    return added


def hand_value(hand: Hand, rules: RummyRules) -> int:
    """A hand's value before any multiplier: its cards' `hand_values`, or the number given."""
    if isinstance(hand, int):
        return hand
    return penalty(hand, rules)


def hand_refusal(rules: RummyRules, name: str, hand: Hand, players: int | None = None) -> str | None:
    """Why `name`'s hand cannot be, or None: more cards than a player holds, or more points than they can cost.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.table import rummy_rules
    >>> hand_refusal(rummy_rules("kaluki"), "Ben", 999)
    "Ben's hand cannot be worth 999 points: 14 cards cost at most 168 in kaluki"
    >>> hand_refusal(rummy_rules("kaluki"), "Ben", parse_cards("5C") * 2) is None
    True
    """
    if isinstance(hand, int):
        most = costliest_hand(rules, players)
        if hand <= most:
            return None
        return say(
            "{name}'s hand cannot be worth {value} points: {cards} cards cost at most {most} in {preset}",
            name=name,
            value=hand,
            cards=most_cards_held(rules),
            most=most,
            preset=rules.preset,
        )
    if len(hand) <= most_cards_held(rules):
        return None
    return say(
        "{name}'s hand has {count} cards: a player holds at most {most} in {preset} (hand_size {dealt} and the card "
        "drawn)",
        name=name,
        count=len(hand),
        most=most_cards_held(rules),
        preset=rules.preset,
        dealt=rules.hand_size,
    )


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
    for name, hand in event.hands.items():
        refusal = hand_refusal(game.rules, name, hand, len(game.players))
        if refusal:
            raise EventError(position, refusal)
    _verify_laid(game.rules, event, len(game.players), position)
    _verify_kind(game.rules, event, position)
    cards = [card for hand in event.hands.values() if not isinstance(hand, int) for card in hand]
    players = len(game.players)
    try:
        check_pack_limits(cards, game.rules.pack_count(players), game.rules.joker_count(players))
    except CardError as error:
        raise EventError(position, say("across the round's hands, {error}", error=error)) from None


def _verify_laid(rules: RummyRules, event: Round, players: int, position: int) -> None:
    """Laid points no player can reach and more unreturned jokers than are in play are typos."""
    most = most_laid(rules, players)
    for name, points in (event.laid or {}).items():
        if points > most:
            raise EventError(
                position,
                say(
                    "{name} cannot have laid {points} points: every card in play counts {most} in {preset}",
                    name=name,
                    points=points,
                    most=most,
                    preset=rules.preset,
                ),
            )
    jokers = rules.joker_count(players)
    for name, count in event.unreturned_jokers.items():
        if count > jokers:
            raise EventError(
                position,
                say(
                    "{name} cannot have kept {count} jokers: {jokers} are in play",
                    name=name,
                    count=count,
                    jokers=jokers,
                ),
            )


def _verify_kind(rules: RummyRules, event: Round, position: int) -> None:
    if rules.game == "rami":
        if event.all_in_one:
            raise EventError(position, say('a Rami round marks a rami with "rami", not "all_in_one"'))
        if rules.scoring == Scoring.POINTS and event.laid is None:
            raise EventError(position, say('points mode needs "laid": the points each player laid this round'))
    else:
        if event.rami is not None:
            raise EventError(position, say('a Kaluki round marks a kaluki with "all_in_one", not "rami"'))
        if event.laid is not None:
            raise EventError(position, say('laid points ("laid") belong to Rami rounds'))


def _nobody_else_laid(event: Round, still_in: Sequence[str]) -> bool:
    laid = event.laid
    return laid is not None and all(laid.get(name, 0) == 0 for name in still_in if name != event.winner)


def _multiplier(rules: RummyRules, event: Round, still_in: Sequence[str]) -> int:
    if event.rami is not None:
        if event.finish is Finish.OWN_CARDS and _nobody_else_laid(event, still_in):
            return RAMI_ALONE_MULTIPLIER
        return RAMI_MULTIPLIERS[event.finish]
    return rules.all_in_one_multiplier if event.all_in_one else 1


def _points_bonus(event: Round, still_in: Sequence[str]) -> int:
    bonus = NOBODY_LAID_BONUS if _nobody_else_laid(event, still_in) else 0
    return bonus + RAMI_BONUSES.get(event.finish, 0)


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
