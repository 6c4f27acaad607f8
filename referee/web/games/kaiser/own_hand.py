"""A Kaiser hand sent from the bidding team's phone (#35): who won the bid, the bid, no trump, the bidding team's
tricks, who took the 5♥ and the 3♠; checked by the rules as the scorer's hand is, and put on the scorer's form."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TypeGuard

from flask_babel import gettext as _
from flask_babel import ngettext

from referee.rules.events import EntryError
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import Bid, KaiserHand
from referee.rules.words import shown
from referee.services.games import Book
from referee.services.own_hands import SentHand
from referee.web.forms import FormData, KeyedForm
from referee.web.games.kaiser.forms import KaiserHandForm, hand_data, kaiser_hand_event, kaiser_hand_form
from referee.web.games.kaiser.screen import KaiserBook, last_hand
from referee.web.games.own_hands import Filled, sentence
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
            form.form_errors.append(sentence(refusal.reason))
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
        bid = format(Bid(read.bid, read.no_trump))  # said now: gettext's %(bid)s would keep a Said's English
        return str(ngettext("%(name)s bid %(bid)s, %(num)s trick", "%(name)s bid %(bid)s, %(num)s tricks", tricks,
                            name=read.bidder, bid=bid))  # fmt: skip

    def filled(self, book: Book, sent: Mapping[str, SentHand]) -> Filled:
        """The hand the players sent, on the scorer's hand form, when every hand sent says the same; else nothing
        chosen, and the claims said side by side for the scorer to settle. Each sender's hand in words."""
        said = {name: self.said(book, kept.hand) for name, kept in sent.items()}
        claims = {_claim(read) for kept in sent.values() if (read := _hand(book, kept.hand)) is not None}
        if len(claims) > 1:
            disagree = _("The hands sent disagree: check them with the table, then fill in the hand.")
            return Filled({}, said, conflict=str(disagree))
        latest = max(sent.values(), key=lambda kept: kept.received, default=None)  # the order the server got them
        read = None if latest is None else _hand(book, latest.hand)
        if read is None:
            return Filled({}, said)
        data = hand_data(read, _game(book).teams)
        fields = {name: _field(data[name]) for name in FIELDS if data.get(name) is not None}
        return Filled(fields, said)

    def context(self, book: Book) -> dict[str, object]:
        """Nothing besides the form."""
        return {}

    def title(self, number: int) -> str:
        """ "Hand 5" (a deal played)."""
        return str(_("Hand %(number)s", number=number))

    def moved_on(self, recorded: int, now: int) -> str:
        """The hand recorded before the player's came, and the one the form is for now."""
        return str(
            _("Hand %(recorded)s was recorded without what you sent. This form is for hand %(now)s.",
              recorded=recorded, now=now)
        )  # fmt: skip

    def sits_out(self, book: Book, player: str) -> str:
        """Every player of a Kaiser game may send the hand (their team may have won the bid)."""
        return ""

    def waiting(self, book: Book, sent: Mapping[str, SentHand]) -> str:
        """One hand of the team that won the bid is all a deal needs."""
        if any(_hand(book, kept.hand) is not None for kept in sent.values()):
            return ""
        return str(_("Waiting for the hand of the team that won the bid."))

    def recap(self, book: Book, player: str) -> tuple[str, ...]:
        """What the last hand did (the bid, each team's change and score), and the player's team."""
        if not book.replayed.steps:
            return ()
        said = list(last_hand(_kaiser_book(book)))
        state = _game(book)
        team = state.teams.team_of(player)
        if team is not None:
            said.append(str(_("Your team, %(team)s: %(score)s.", team=team, score=shown(state.score(team)))))
        return tuple(said)


def _claim(hand: KaiserHand) -> str:
    """What a hand sent says, to tell two claims apart: who won the bid, the bid, and every trick and card taken."""
    return json.dumps(hand.as_json(), sort_keys=True)


def _is_kaiser(book: Book) -> TypeGuard[KaiserBook]:
    return isinstance(book.replayed.start, KaiserGame)


def _kaiser_book(book: Book) -> KaiserBook:
    """The book as a Kaiser game's, as the family's screen takes it."""
    if not _is_kaiser(book):
        raise NotOfFamily(f"not a KaiserGame: {type(book.replayed.start).__name__}")
    return book


def _field(value: object) -> str:
    """A form field's value as a page sends it: "y" for a box ticked, "" for one left blank."""
    if isinstance(value, bool):
        return "y" if value else ""
    return str(value)
