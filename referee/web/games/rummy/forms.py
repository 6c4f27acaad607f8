"""The round form of Kaluki and Rami: the winner, how they went out, each other player's hand, Rami's laid points
and the jokers kept. Its shape lives here; what a round may hold is the rules' to say."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from flask_babel import lazy_gettext as _l
from wtforms import Field, HiddenField, IntegerField, RadioField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional, ValidationError

from referee.rules.cards import Card, CardError, parse_cards, typed
from referee.rules.laid import LaidError, laid_groups, laid_value
from referee.rules.rummy import hand_refusal
from referee.rules.rummy_events import Finish, LaidCards, Round
from referee.rules.rummy_rounds import RoundShape
from referee.rules.table import RummyRules
from referee.web.forms import FormData, SheetForm, TooLarge, Validator, whole_number


class RoundForm(SheetForm):
    """A round: the winner, how they went out, and every other player's hand (and laid points in Rami).

    Each hand field is named after its player (`hand:Ana`, `laid:Ana`), never after a position: a form filled
    on an older sheet can never put a hand on another player.
    """

    based_on = HiddenField()
    players: list[str]  # the players still in, a hand field each
    seats: list[str]  # every player of the game, in seat order (Rami's packs are counted by them)
    joker_penalty: int  # what a joker taken back and not laid again costs (0: nothing, and no field for it)
    layout: tuple[object, ...] | None  # what its fields are drawn from while it is blank (drawn once); None once filled
    winner = RadioField(_l("Winner"), validators=[InputRequired(_l("Pick the player who went out."))])
    finish = RadioField(_l("How"), default=Finish.OUT)

    def hand(self, name: str) -> Field:
        """The hand field of player `name`."""
        return self[f"hand:{name}"]

    def laid(self, name: str) -> Field | None:
        """The laid-points field of player `name` (Rami only): a number, or the cards laid."""
        return self._fields.get(f"laid:{name}")

    def jokers(self, name: str) -> Field | None:
        """How many jokers player `name` took back and did not lay again (where that costs points)."""
        return self._fields.get(f"jokers:{name}")

    def sent_for(self, formdata: FormData | None) -> set[str]:
        """The players the phone sent a hand field for: the players it saw still in."""
        return {key.removeprefix("hand:") for key in (formdata or {}) if key.startswith("hand:")}


def hand_value(text: str) -> tuple[Card, ...] | int:
    """A hand as typed or tapped: a number of points, or cards (CardError for a bad card)."""
    points = whole_number(text)
    if points is not None:
        return points
    return parse_cards(text or "")


def check_hand(form: object, field: Field) -> None:
    """A hand is a whole number of points or cards the referee can read."""
    if not (field.data or "").strip():
        return
    try:
        hand_value(field.data)
    except (CardError, TooLarge) as error:
        raise ValidationError(str(error)) from None


def laid_points(text: str | None, rules: RummyRules) -> int | None:
    """Laid points as typed (a number) or as the cards laid, counted by the referee; None when blank."""
    return laid_entry(text, rules)[0]


def laid_entry(text: str | None, rules: RummyRules) -> tuple[int | None, LaidCards | None]:
    """What a laid field holds: the points (None when blank), and the cards laid when cards were tapped or typed."""
    if not (text or "").strip():
        return None, None
    points = whole_number(text or "")
    if points is not None:
        return points, None
    groups = laid_groups(text or "")
    return laid_value(groups, rules), groups


def laid_check(rules: RummyRules, most: int) -> Validator:
    """A validator: laid points are a number no round can pass (above `most`), or cards the referee can count."""

    def check(form: object, field: Field) -> None:
        try:
            points = laid_points(field.data, rules)
        except (LaidError, TooLarge) as error:
            raise ValidationError(str(error)) from None
        if points is not None and points > most:
            raise ValidationError(str(_l("At most %(most)s: every card in play counts that much.", most=most)))

    return check


def finish_choices(rules: RummyRules, shape: RoundShape) -> dict[str, str]:
    """How the winner may go out, as the rules allow: normally, or all in one (a kaluki, a hunt, or a rami of either
    kind), in words."""
    words = {
        Finish.OUT: _l("Went out"),
        Finish.ALL_IN_ONE: _l("Hunt (all in one)") if rules.hunt_reward else _l("Kaluki (all in one)"),
        Finish.WITH_TABLE: _l("Rami using others' melds"),
        Finish.OWN_CARDS: _l("Rami with own cards only"),
    }
    return {finish: str(words[finish]) for finish in shape.finishes}


def round_form(
    seats: Sequence[str], players: Sequence[str], rules: RummyRules, formdata: FormData | None = None, **data: object
) -> RoundForm:
    """The round form for the players still in (`players` of `seats`): a hand field each, laid points in Rami."""
    form = _round_class(tuple(seats), tuple(players), rules)(formdata, **data)
    form.winner.choices = {name: name for name in players}
    form.finish.choices = finish_choices(rules, RoundShape.of(rules, len(seats)))
    form.players = list(players)
    form.seats = list(seats)
    form.joker_penalty = rules.joker_retrieval_penalty
    form.layout = ("round form", tuple(seats), tuple(players), rules) if formdata is None and not data else None
    return form


@lru_cache(maxsize=256)
def _round_class(seats: tuple[str, ...], players: tuple[str, ...], rules: RummyRules) -> type[RoundForm]:
    """The round form's class for these players under these rules: made once, as WTForms binds its fields once."""

    class Round(RoundForm):
        pass

    shape = RoundShape.of(rules, len(seats))  # the rules say what a round's entry holds
    for name in players:
        seat = seats.index(name)
        setattr(Round, f"hand:{name}", StringField(name, [check_hand], id=f"hand-{seat}"))
        if shape.laid_points:
            setattr(Round, f"laid:{name}", StringField(name, [laid_check(rules, shape.most_laid)], id=f"laid-{seat}"))
        if shape.kept_jokers:
            most = shape.most_kept_jokers
            jokers = IntegerField(name, [Optional(), NumberRange(min=0, max=most)], id=f"jokers-{seat}")
            setattr(Round, f"jokers:{name}", jokers)
    return Round


def round_event(form: RoundForm, rules: RummyRules) -> Round | None:
    """The round the form describes, or None with the errors put on the fields."""
    winner = form.winner.data
    hands: dict[str, tuple[Card, ...] | int] = {}
    for name in form.players:
        field = form.hand(name)
        if name == winner:
            continue
        if not (field.data or "").strip():
            field.errors = [*field.errors, str(_l("Tap %(name)s's cards or type the total.", name=name))]
            continue
        hands[name] = hand_value(field.data)
        refusal = hand_refusal(rules, name, hands[name], len(form.seats))
        if refusal:  # more cards than a hand holds, or a total no hand reaches: said on the field, nothing saved
            field.errors = [*field.errors, refusal]
    if any(form.hand(name).errors for name in form.players):
        return None
    finish = Finish(form.finish.data) if form.finish.data in set(Finish) else Finish.OUT
    # The form only collects what was typed; the rules say what it means (RoundShape: which laid points count).
    laid_fields = {name: form.laid(name) for name in form.players}
    entries = {name: laid_entry(field.data, rules) for name, field in laid_fields.items() if field is not None}
    laid = {name: points for name, (points, _) in entries.items()}
    laid_cards = {name: cards for name, (_, cards) in entries.items() if cards}  # kept in the round, as tapped
    kept_fields = {name: form.jokers(name) for name in form.players}
    kept = {name: field.data for name, field in kept_fields.items() if field is not None}
    return RoundShape.of(rules, len(form.seats)).round(winner, hands, finish, laid, kept, laid_cards)


def round_data(event: Round) -> dict[str, object]:
    """The round form's fields filled from a recorded round, the cards as the reader types them ("R♥ 10♦" in French),
    which the form reads back."""
    data: dict[str, object] = {"winner": event.winner, "finish": event.finish}
    for name, hand in event.hands.items():
        data[f"hand:{name}"] = str(hand) if isinstance(hand, int) else str(typed(hand))
    for name, points in (event.laid or {}).items():
        cards = event.laid_cards.get(name)
        data[f"laid:{name}"] = " / ".join(str(typed(group)) for group in cards) if cards else str(points)
    for name, count in event.unreturned_jokers.items():
        data[f"jokers:{name}"] = count
    return data
