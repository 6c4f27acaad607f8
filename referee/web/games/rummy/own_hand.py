"""A rummy player's own hand, sent from their own phone (#35): the cards left (tapped or typed) or their total, whether
they went out and how, and in Rami the melds they laid; checked as the rules check a round's hand, and put on the
scorer's round form (`hand:Ana`, `laid:Ana`, the winner proposed)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeGuard

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from wtforms import HiddenField, IntegerField, RadioField, StringField
from wtforms.validators import NumberRange, Optional

from referee.rules.cards import CardError, parse_cards, symbols
from referee.rules.laid import LaidError, laid_groups
from referee.rules.rummy import RoundResult, RummyGame
from referee.rules.rummy_rounds import RoundShape, hand_value, own_hand_refusal
from referee.rules.table import RummyRules
from referee.rules.words import and_list, signed
from referee.services.games import Book
from referee.services.own_hands import SentHand
from referee.web.forms import FormData, KeyedForm, TooLarge, whole_number
from referee.web.games.own_hands import Filled, conflict_said, sentence
from referee.web.games.rummy.forms import check_hand, finish_choices, laid_check, laid_entry
from referee.web.games.rummy.forms import hand_value as typed_hand
from referee.web.games.rummy.layout import picker_data
from referee.web.games.rummy.screen import RummyBook, last_entry
from referee.web.games.typed import NotOfFamily

STILL_HOLDING = ""  # the `out` choice of a player who did not go out


class OwnRummyHand(KeyedForm):
    """A player's own hand: whether they went out (and how), their cards left or total, and in Rami their melds and
    the jokers they took back and did not lay again."""

    number = HiddenField()  # the round it is for
    out = RadioField(_l("Did you go out?"), default=STILL_HOLDING, validate_choice=False)  # said in `hand`
    hand = StringField(_l("Your cards left"), [check_hand])
    laid = StringField(_l("Your melds laid"))
    jokers = IntegerField(_l("Jokers I took back and did not lay again"), [Optional()])


def _game(book: Book) -> RummyGame:
    state = book.state
    if not isinstance(state, RummyGame):
        raise NotOfFamily(f"not a RummyGame: {type(state).__name__}")
    return state


def _is_rummy(book: Book) -> TypeGuard[RummyBook]:
    return isinstance(book.replayed.start, RummyGame)


def _rummy_book(book: Book) -> RummyBook:
    """The book as a rummy game's, as the family's screen takes it."""
    if not _is_rummy(book):
        raise NotOfFamily(f"not a RummyGame: {type(book.replayed.start).__name__}")
    return book


def _shape(book: Book) -> RoundShape:
    return RoundShape.of(_game(book).rules, len(book.game.players))


class RummyOwnHand:
    """A rummy player's own hand."""

    template = "games/rummy/_own_hand.html"

    def number(self, book: Book) -> int:
        """The next round: one past the rounds played (a void round is one)."""
        return _game(book).rounds + 1

    def form(self, book: Book, player: str, formdata: FormData | None = None) -> KeyedForm:
        """The player's form; when they sent a hand for this round, filled from it."""
        rules, shape = _game(book).rules, _shape(book)
        form = OwnRummyHand(formdata)
        form.out.choices = {STILL_HOLDING: str(_("No, I have cards left")), **finish_choices(rules, shape)}
        form.laid.validators = [laid_check(rules, shape.most_laid)]
        form.jokers.validators = [Optional(), NumberRange(min=0, max=shape.most_kept_jokers)]
        form.number.data = self.number(book)  # the round being played, whatever round a stale page sent for
        return form

    def fill(self, book: Book, form: KeyedForm, hand: Mapping[str, object]) -> None:
        """The form filled from a hand the player sent before."""
        if isinstance(form, OwnRummyHand):
            form.out.data = str(hand.get("out", STILL_HOLDING))
            form.hand.data = _shown(str(hand.get("hand", "")))
            form.laid.data = _shown_laid(str(hand.get("laid", "")))
            jokers = hand.get("jokers")
            form.jokers.data = jokers if isinstance(jokers, int) else None

    def hand(self, book: Book, player: str, form: KeyedForm) -> dict[str, object] | None:
        """The hand to keep, checked as the rules check a round's hand: cards in the packs, hand size, bounds."""
        if not isinstance(form, OwnRummyHand):
            raise NotOfFamily(f"not a rummy hand form: {type(form).__name__}")
        rules, shape = _game(book).rules, _shape(book)
        if form.out.data not in dict(form.out.choices):  # no page offers it: a form made elsewhere
            form.out.errors = [*form.out.errors, str(_("Choose one of the answers offered: did you go out, and how?"))]
            return None
        out = form.out.data
        text = (form.hand.data or "").strip()
        if out == STILL_HOLDING and not text:
            form.hand.errors = [*form.hand.errors, str(_("Tap your cards or type your total."))]
            return None
        laid_text = (form.laid.data or "").strip() if shape.laid_points else ""
        points, laid = laid_entry(laid_text, rules) if laid_text else (None, None)
        hand = () if out != STILL_HOLDING else typed_hand(text)
        refusal = own_hand_refusal(rules, len(book.game.players), player, hand, laid or (), points or 0)
        if refusal:
            form.hand.errors = [*form.hand.errors, sentence(refusal)]
            return None
        kept: dict[str, object] = {"out": out, "hand": "" if out != STILL_HOLDING else _canonical(text)}
        if laid_text:
            kept["laid"] = _canonical_laid(laid_text) if laid else laid_text
        if shape.kept_jokers and form.jokers.data:
            kept["jokers"] = int(form.jokers.data)
        return kept

    def said(self, book: Book, hand: Mapping[str, object]) -> str:
        """ "went out", "3 cards, 22 points", "22 points", and Rami's laid points."""
        rules = _game(book).rules
        parts = [_cards_said(str(hand.get("hand", "")), rules)] if not hand.get("out") else [str(_("went out"))]
        laid = str(hand.get("laid", ""))
        if laid:
            points = laid_entry(laid, rules)[0] or 0
            parts.append(ngettext("%(num)s point laid", "%(num)s points laid", points))
        jokers = hand.get("jokers")
        if isinstance(jokers, int) and jokers:
            parts.append(ngettext("%(num)s joker kept", "%(num)s jokers kept", jokers))
        return ", ".join(parts)

    def filled(self, book: Book, sent: Mapping[str, SentHand]) -> Filled:
        """Each sender's cards (or total) and laid melds on their rows; who went out proposed when only one says so."""
        fields: dict[str, str] = {}
        out = []
        finish = ""
        for name, kept in sent.items():
            hand = kept.hand
            if hand.get("out"):
                out.append(name)
                finish = str(hand["out"])
            else:
                fields[f"hand:{name}"] = _shown(str(hand.get("hand", "")))
            if hand.get("laid"):
                fields[f"laid:{name}"] = _shown_laid(str(hand["laid"]))
            if isinstance(hand.get("jokers"), int):
                fields[f"jokers:{name}"] = str(hand["jokers"])
        said = {name: self.said(book, kept.hand) for name, kept in sent.items()}
        return Filled(fields, said, tuple(out), finish if len(out) == 1 else "", conflict_said(tuple(out)))

    def context(self, book: Book) -> dict[str, object]:
        """The card picker's values and pack limits, and whether the player says what they laid and jokers kept."""
        shape = _shape(book)
        return {
            "picker": picker_data(_game(book).rules, len(book.game.players)),
            "laying": shape.laid_points,
            "keeping": shape.kept_jokers,
            "joker_penalty": _game(book).rules.joker_retrieval_penalty,
        }

    def title(self, number: int) -> str:
        """ "Round 5"."""
        return str(_("Round %(number)s", number=number))

    def moved_on(self, recorded: int, now: int) -> str:
        """The round recorded before the player's hand came, and the one the form is for now."""
        return str(
            _("Round %(recorded)s was recorded without your hand. This form is for round %(now)s.", recorded=recorded,
              now=now)
        )  # fmt: skip

    def sits_out(self, book: Book, player: str) -> str:
        """Out for good, eliminated and waiting for the scorer's buy-back choice, or "" while still in."""
        state = _game(book)
        if state.over or player in state.still_in():
            return ""
        offer = next((offer for offer in state.offers() if offer.player == player), None)
        if offer is not None:
            return str(
                _("You are eliminated at %(score)s. The scorer asks whether you buy back, for %(cost)s chips, back at "
                  "%(restart)s: your next hand waits for that choice.", score=state.player(player).score,
                  cost=offer.cost, restart=offer.restart)
            )  # fmt: skip
        return str(_("You are out of this game: no hand to send."))

    def waiting(self, book: Book, sent: Mapping[str, SentHand]) -> str:
        """The players still in who sent no hand yet."""
        waiting = [name for name in _game(book).still_in() if name not in sent]
        return str(_("Waiting for: %(names)s.", names=and_list(waiting))) if waiting else ""

    def recap(self, book: Book, player: str) -> tuple[str, ...]:
        """What the last round did ("Round 4: Jérôme went out."), then the player's penalty, total and chips."""
        state = _game(book)
        if not book.replayed.steps:
            return ()
        last = last_entry(_rummy_book(book))
        said = list(last.said) if last is not None else []
        result = book.replayed.steps[-1].result
        if isinstance(result, RoundResult) and result.winner == player:
            said.append(str(_("You went out.")))
        elif isinstance(result, RoundResult) and player in result.points:
            said.append(str(_("Your penalty: %(points)s.", points=result.points[player])))
        me = state.player(player)
        said.append(str(_("Your total: %(total)s. Your chips in this game: %(chips)s.", total=me.score,
                          chips=signed(me.chips))))  # fmt: skip
        return tuple(said)


def _canonical(text: str) -> str:
    """A hand as kept: its total, or its cards in the records' notation ("7S QH")."""
    points = whole_number(text)
    return str(points) if points is not None else " ".join(str(card) for card in parse_cards(text))


def _canonical_laid(text: str) -> str:
    """Laid melds as kept: each meld's cards in the records' notation, " / " between melds."""
    return " / ".join(" ".join(str(card) for card in group) for group in laid_groups(text))


def _shown(text: str) -> str:
    """A hand kept, as the reader's language types it ("7♠ D♥"); a total as it is."""
    if not text or whole_number(text) is not None:
        return text
    return str(symbols(parse_cards(text)))


def _shown_laid(text: str) -> str:
    """Laid melds kept, as the reader's language types them; a number of points as it is."""
    try:
        groups = laid_groups(text)
    except (LaidError, CardError, TooLarge):
        return text
    return " / ".join(str(symbols(group)) for group in groups) if groups else text


def _cards_said(text: str, rules: RummyRules) -> str:
    """ "3 cards, 22 points", or "22 points" for a total."""
    points = whole_number(text)
    if points is not None:
        return str(ngettext("%(num)s point", "%(num)s points", points))
    cards = parse_cards(text)
    total = hand_value(cards, rules)
    return str(_("%(cards)s, %(points)s", cards=ngettext("%(num)s card", "%(num)s cards", len(cards)),
                 points=ngettext("%(num)s point", "%(num)s points", total)))  # fmt: skip
