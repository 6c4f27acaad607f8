"""A Kaiser hand sent from the bidding team's phone (#35): who won the bid, the bid, no trump, the bidding team's
tricks, who took the 5♥ and the 3♠; checked by the rules as the scorer's hand is, and put on the scorer's form."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _
from flask_babel import ngettext

from referee.rules.events import EntryError
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import Bid, KaiserHand
from referee.services.games import Book
from referee.services.own_hands import SentHand
from referee.web.forms import FormData, KeyedForm
from referee.web.games.kaiser.forms import KaiserHandForm, hand_data, kaiser_hand_event, kaiser_hand_form
from referee.web.games.own_hands import Filled
from referee.web.games.typed import NotOfFamily

FIELDS = ("bidder", "bid", "no_trump", "tricks", "five_hearts", "three_spades")  # what a hand sent fills in


def _game(book: Book) -> KaiserGame:
    state = book.state
    if not isinstance(state, KaiserGame):
        raise NotOfFamily(f"not a KaiserGame: {type(state).__name__}")
    return state


def _hand(book: Book, hand: Mapping[str, object]) -> KaiserHand | None:
    """A hand kept, read again as the rules read a hand; None if it no longer reads."""
    try:
        return KaiserHand.from_json(dict(hand), len(book.replayed.steps) + 1, _game(book).teams)
    except EntryError:
        return None


class KaiserOwnHand:
    """A Kaiser hand, sent by a player of the bidding team."""

    template = "games/kaiser/_own_hand.html"

    def number(self, book: Book) -> int:
        """The next deal: one past the deals recorded (a deal everybody passed is one)."""
        return len(book.replayed.steps) + 1

    def form(self, book: Book, player: str, formdata: FormData | None = None) -> KeyedForm:
        """The hand form, for the deal to come."""
        state = _game(book)
        form = kaiser_hand_form(state.teams, state.rules, formdata)
        form.dealer.data = state.next_dealer
        return form

    def fill(self, book: Book, form: KeyedForm, hand: Mapping[str, object]) -> None:
        """The form filled from the hand the player sent before."""
        read = _hand(book, hand)
        if read is None or not isinstance(form, KaiserHandForm):
            return
        for name, value in hand_data(read, _game(book).teams).items():
            if name in form:
                form[name].data = value

    def hand(self, book: Book, player: str, form: KeyedForm) -> dict[str, object] | None:
        """The hand, checked as the rules check a hand recorded; only the bidding team's players send it."""
        if not isinstance(form, KaiserHandForm):
            raise NotOfFamily(f"not a Kaiser hand form: {type(form).__name__}")
        state = _game(book)
        position = len(book.replayed.steps) + 1
        event = kaiser_hand_event(form, state.teams, state.next_dealer, position)
        if event is None:
            return None
        if state.teams.team_of(event.bidder) != state.teams.team_of(player):
            form.form_errors.append(
                str(_("The bidding team sends the hand: %(name)s did not play with %(bidder)s.", name=player,
                      bidder=event.bidder))
            )  # fmt: skip
            return None
        refusal = state.verify(event, position)
        if refusal is not None:
            form.form_errors.append(refusal.reason)
            return None
        return event.as_json()

    def said(self, book: Book, hand: Mapping[str, object]) -> str:
        """ "Ana bid 7, 6 tricks"."""
        read = _hand(book, hand)
        if read is None:
            return ""
        teams = _game(book).teams
        bidding = teams.team_of(read.bidder)
        tricks = read.tricks_of(bidding) if bidding else 0
        bid = str(_("%(name)s bid %(bid)s", name=read.bidder, bid=Bid(read.bid, read.no_trump)))
        return f"{bid}, {ngettext('%(num)s trick', '%(num)s tricks', tricks)}"

    def filled(self, book: Book, sent: Mapping[str, SentHand]) -> Filled:
        """The latest hand sent, on the scorer's hand form; each sender's hand in words."""
        said = {name: self.said(book, kept.hand) for name, kept in sent.items()}
        latest = max(sent.values(), key=lambda kept: kept.sent_at, default=None)
        read = None if latest is None else _hand(book, latest.hand)
        if read is None:
            return Filled({}, said)
        data = hand_data(read, _game(book).teams)
        fields = {name: _field(data[name]) for name in FIELDS if data.get(name) is not None}
        return Filled(fields, said)

    def context(self, book: Book) -> dict[str, object]:
        """Nothing besides the form."""
        return {}


def _field(value: object) -> str:
    """A form field's value as a page sends it: "y" for a box ticked, "" for one left blank."""
    if isinstance(value, bool):
        return "y" if value else ""
    return str(value)
