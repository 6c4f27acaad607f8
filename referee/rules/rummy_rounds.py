"""A rummy round counted and checked: what each hand costs, what the round adds to each total (docs/rules.md §5-6)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.rules.cards import Card, CardError, check_pack_limits
from referee.rules.events import EventError
from referee.rules.laid import laid_cards_refusal
from referee.rules.option_words import preset_said
from referee.rules.rummy_events import RAMI_KINDS, Finish, Hand, LaidCards, Round
from referee.rules.table import RummyRules, Scoring
from referee.rules.values import costliest_hand, most_cards_held, most_laid, penalty
from referee.rules.words import reason_of, say

RAMI_MULTIPLIERS = {Finish.WITH_TABLE: 2, Finish.OWN_CARDS: 3}  # 001: ×2, ×3; ×4 when nobody else had laid
RAMI_ALONE_MULTIPLIER = 4
RAMI_BONUSES = {Finish.WITH_TABLE: 200, Finish.OWN_CARDS: 300}  # 001, points mode
NOBODY_LAID_BONUS = 100  # 001, points mode


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


def own_hand_refusal(
    rules: RummyRules, players: int, name: str, hand: Hand, laid: Sequence[Sequence[Card]] = (), laid_points: int = 0
) -> str | None:
    """Why the hand `name` sends from their own phone cannot be theirs, or None: more cards or points than a player
    holds (`hand_refusal`), more copies of a card than the packs hold across their hand and the cards they laid, or
    laid points no round reaches. The round, once the scorer saves it, is checked whole as every round is.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> own_hand_refusal(rummy_rules("kaluki"), 4, "Ben", parse_cards("7S 7S 7S"))
    "Ben's cards: 7♠ appears 3 times but only 2 packs are in play"
    >>> own_hand_refusal(rummy_rules("kaluki"), 4, "Ben", parse_cards("7S 7S"), [parse_cards("5S 6S 7S")]) is None
    False
    """
    refusal = hand_refusal(rules, name, hand, players) or RoundShape.of(rules, players).laid_refusal(name, laid_points)
    if refusal:
        return refusal
    naturals = [card for group in laid for card in group if not card.is_joker]  # a joker laid may come back
    cards = [*(() if isinstance(hand, int) else hand), *naturals]
    try:
        check_pack_limits(cards, rules.pack_count(players), rules.joker_count(players))
    except CardError as error:
        return say("{name}'s cards: {error}", name=name, error=reason_of(error))
    return None


def hand_refusal(rules: RummyRules, name: str, hand: Hand, players: int | None = None) -> str | None:
    """Why `name`'s hand cannot be, or None: more cards than a player holds, or more points than they can cost.

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> hand_refusal(rummy_rules("kaluki"), "Ben", 999)
    "Ben's hand cannot be worth 999 points: 14 cards cost at most 168 in Kaluki"
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
            preset=preset_said(rules.preset),
        )
    if len(hand) <= most_cards_held(rules):
        return None
    return say(
        "{name}'s hand has {count} cards: a player holds at most {most} in {preset} ({dealt} dealt and the card drawn)",
        name=name,
        count=len(hand),
        most=most_cards_held(rules),
        preset=preset_said(rules.preset),
        dealt=rules.hand_size,
    )


def verify_round(rules: RummyRules, seats: Sequence[str], still_in: Sequence[str], event: Round, position: int) -> None:
    """Raise EventError unless `event` can be the next round of a game of `seats` with `still_in` playing."""
    names = set(seats)
    laid = event.laid or {}
    for name in (event.winner, *event.hands, *laid, *event.laid_cards, *event.unreturned_jokers):
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
    for name in (*laid, *event.laid_cards, *event.unreturned_jokers):
        if name not in still_in:
            raise EventError(position, say("{name} is out of the game and played no part in this round", name=name))
    for name, hand in event.hands.items():
        refusal = hand_refusal(rules, name, hand, len(seats))
        if refusal:
            raise EventError(position, refusal)
    _verify_laid(rules, event, len(seats), position)
    _verify_kind(rules, event, position)
    cards = [card for hand in event.hands.values() if not isinstance(hand, int) for card in hand]
    # A natural card is laid once and stays on the table; a joker may be taken back and laid again: not counted.
    laid_naturals = [card for groups in event.laid_cards.values() for group in groups for card in group]
    cards += [card for card in laid_naturals if not card.is_joker]
    players = len(seats)
    try:
        check_pack_limits(cards, rules.pack_count(players), rules.joker_count(players))
    except CardError as error:
        if laid_naturals:
            raise EventError(
                position, say("across the round's hands and laid cards, {error}", error=reason_of(error))
            ) from None
        raise EventError(position, say("across the round's hands, {error}", error=reason_of(error))) from None


def _verify_laid(rules: RummyRules, event: Round, players: int, position: int) -> None:
    """Laid points no player can reach and more unreturned jokers than are in play are typos."""
    shape = RoundShape.of(rules, players)
    refusals = [shape.laid_refusal(name, points) for name, points in (event.laid or {}).items()]
    refusals += [shape.kept_refusal(name, count) for name, count in event.unreturned_jokers.items()]
    refusal = next((refusal for refusal in refusals if refusal), None)
    if refusal:
        raise EventError(position, refusal)


def _verify_kind(rules: RummyRules, event: Round, position: int) -> None:
    if rules.game == "rami":
        if event.all_in_one:
            raise EventError(position, say('a Rami round marks a rami with "rami", not "all_in_one"'))
        for name, groups in event.laid_cards.items():  # the cards laid give the points `laid` says
            refusal = laid_cards_refusal(name, groups, event.laid or {}, rules)
            if refusal:
                raise EventError(position, refusal)
        if rules.scoring == Scoring.POINTS and event.laid is None:
            raise EventError(position, say('points mode needs "laid": the points each player laid this round'))
    else:
        if event.rami is not None:
            raise EventError(position, say('a Kaluki round marks a kaluki with "all_in_one", not "rami"'))
        if event.laid is not None:
            raise EventError(position, say('laid points ("laid") belong to Rami rounds'))
        if event.laid_cards:
            raise EventError(position, say('laid cards ("laid_cards") belong to Rami rounds'))


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


Typed = Mapping[str, int | None]  # a number per player as the scorer typed it; None when left blank


@dataclass(frozen=True)
class RoundShape:
    """What a round's entry holds under the rules: how the winner may go out, Rami's laid points, jokers kept.

    >>> from referee.rules.rummy_family import rummy_rules
    >>> shape = RoundShape.of(rummy_rules("rami"), 4)
    >>> shape.laid_points, shape.laid_always, shape.most_laid, shape.kept_jokers, shape.most_kept_jokers
    (True, True, 820, True, 4)
    >>> RoundShape.of(rummy_rules("kaluki"), 4).laid_points
    False
    """

    finishes: tuple[Finish, ...]  # how the winner may go out: normally, all in one, or a rami of either kind
    laid_points: bool  # Rami: each player's laid points are asked
    laid_always: bool  # points mode always counts them (blank is 0); elimination mode only when some were given
    most_laid: int  # a typed laid total above it is a typo
    kept_jokers: bool  # jokers taken back and not laid again are asked: they cost `joker_retrieval_penalty`
    most_kept_jokers: int  # the jokers in play
    preset: str = ""

    @classmethod
    def of(cls, rules: RummyRules, seats: int | None = None) -> RoundShape:
        """The shape of a round under `rules` for a game of `seats` players (Rami's `auto` packs count them)."""
        rami = rules.game == "rami"
        return cls(
            finishes=(Finish.OUT, *RAMI_KINDS) if rami else (Finish.OUT, Finish.ALL_IN_ONE),
            laid_points=rami,
            laid_always=rami and rules.scoring == Scoring.POINTS,
            most_laid=most_laid(rules, seats),
            kept_jokers=rules.joker_retrieval_penalty > 0,
            most_kept_jokers=rules.joker_count(seats),
            preset=rules.preset,
        )

    def laid(self, typed: Typed) -> Mapping[str, int] | None:
        """The round's `laid` from the laid points typed: None where none count, blanks and zeros left out.

        >>> from referee.rules.rummy_family import rummy_rules
        >>> points, elimination = (RoundShape.of(rummy_rules(p)) for p in ("rami", "rami-elimination"))
        >>> dict(points.laid({"Ana": 40, "Ben": None, "Eve": 0})), points.laid({"Ana": None})
        ({'Ana': 40}, {})
        >>> elimination.laid({"Ana": None, "Ben": None}), elimination.laid({"Ana": 0, "Ben": None})
        (None, {})
        """
        if not self.laid_points:
            return None
        if not self.laid_always and all(points is None for points in typed.values()):
            return None
        return {name: points for name, points in typed.items() if points}

    def kept(self, typed: Typed) -> Mapping[str, int]:
        """The round's `unreturned_jokers` from the jokers kept as typed: blanks and zeros left out."""
        if not self.kept_jokers:
            return {}
        return {name: count for name, count in typed.items() if count}

    def laid_refusal(self, name: str, points: int) -> str | None:
        """Why `name` cannot have laid `points` points: more than every card in play counts; None when they can."""
        if points <= self.most_laid:
            return None
        return say(
            "{name} cannot have laid {points} points: every card in play counts {most} in {preset}",
            name=name,
            points=points,
            most=self.most_laid,
            preset=preset_said(self.preset),
        )

    def kept_refusal(self, name: str, count: int) -> str | None:
        """Why `name` cannot have kept `count` jokers: more than are in play, or any where keeping one costs nothing
        (no `joker_retrieval_penalty`: a joker taken back is melded again that turn, 002); None when they can."""
        if count and not self.kept_jokers:
            return say(
                "{name} cannot have kept a joker in {preset}: a joker taken back is melded again in the same turn "
                "and never goes into the hand",
                name=name,
                preset=preset_said(self.preset),
            )
        if count <= self.most_kept_jokers:
            return None
        return say(
            "{name} cannot have kept {count} jokers: {jokers} are in play",
            name=name,
            count=count,
            jokers=self.most_kept_jokers,
        )

    def round(
        self,
        winner: str,
        hands: Mapping[str, Hand],
        finish: Finish = Finish.OUT,
        laid: Typed | None = None,
        kept: Typed | None = None,
        laid_cards: Mapping[str, LaidCards] | None = None,
    ) -> Round:
        """The round as the scorer entered it: what was typed for laid points and jokers kept, read by the rules, and
        the cards each laid where the scorer entered cards (`laid` holds the points they count).

        >>> from referee.rules.cards import parse_cards
        >>> from referee.rules.rummy_family import rummy_rules
        >>> shape = RoundShape.of(rummy_rules("rami"), 2)
        >>> shape.round("Ana", {"Ben": 25}, laid={"Ana": 60, "Ben": None}).as_json()
        {'type': 'round', 'winner': 'Ana', 'hands': {'Ben': 25}, 'laid': {'Ana': 60}}
        >>> tapped = shape.round("Ana", {"Ben": 25}, laid={"Ana": 15}, laid_cards={"Ana": [parse_cards("9C 9D 9H")]})
        >>> tapped.as_json()["laid"], tapped.as_json()["laid_cards"]
        ({'Ana': 15}, {'Ana': [['9C', '9D', '9H']]})
        """
        counted = self.laid(laid or {})
        cards = {name: groups for name, groups in (laid_cards or {}).items() if counted and name in counted}
        return Round.finished(winner, hands, finish, counted, self.kept(kept or {}), cards)
