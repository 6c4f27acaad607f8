"""The Kaiser entry screen: a hand (who won the bid, the bid, no trump, the bidding team's tricks, who took the
5♥ and the 3♠), dealt by the dealer the scorer sees."""

from __future__ import annotations

from typing import assert_never

from flask_babel import gettext as _

from referee.rules.deal import next_kaiser_deal
from referee.rules.kaiser import HandResult, KaiserGame, KaiserResult, PassedResult
from referee.rules.kaiser_bidding import Bid
from referee.rules.kaiser_events import KaiserEvent, KaiserHand
from referee.rules.words import shown, signed
from referee.web.forms import FormData, SheetForm
from referee.web.games.kaiser.forms import KaiserHandForm, hand_data, kaiser_hand_event, kaiser_hand_form
from referee.web.games.screens import event_at
from referee.web.games.typed import BookOf

KaiserBook = BookOf[KaiserGame, KaiserEvent, KaiserResult]  # a Kaiser game: the registry gives this screen no other


class KaiserScreen:
    """A hand: who won the bid, the bid, no trump, the bidding team's tricks, who took the 5♥ and the 3♠."""

    def entry_form(self, book: KaiserBook, formdata: FormData | None = None) -> SheetForm:
        """The hand form, with the dealer the scorer sees."""
        state = book.state
        rules = state.rules
        form = kaiser_hand_form(state.teams, rules, formdata)
        if formdata is None:
            form.seen.data = book.version
        if formdata is None or not form.dealer.data:
            form.dealer.data = state.next_dealer
        return form

    def event(self, book: KaiserBook, form: KaiserHandForm, formdata: FormData) -> KaiserHand | None:
        """The hand, dealt by the dealer the scorer saw (the rules refuse it when it was not their deal)."""
        state = book.state
        form.dealer.data = form.dealer.data or state.next_dealer  # the auction's calls go from this dealer's left
        return kaiser_hand_event(form, state.teams, form.dealer.data, len(book.replayed.steps) + 1)

    def edit_form(self, book: KaiserBook, position: int, formdata: FormData | None = None) -> SheetForm:
        """The hand form filled from the hand recorded."""
        state = book.state
        event = event_at(book, position)
        data = hand_data(event, state.teams) if isinstance(event, KaiserHand) and formdata is None else {}
        entry = book.entries[position - 1]
        form = kaiser_hand_form(state.teams, state.rules, formdata, based_on=entry.revision, **data)
        form.dealer.data = getattr(event, "dealer", None)
        return form

    def edited(self, book: KaiserBook, position: int, form: KaiserHandForm) -> KaiserHand | None:
        """The corrected hand, dealt by whoever dealt it."""
        event = event_at(book, position)
        state = book.state
        return kaiser_hand_event(form, state.teams, getattr(event, "dealer", None), position)

    def context(self, book: KaiserBook) -> dict[str, object]:
        """The deal to come (who deals, who calls first), and what the last hand did."""
        state = book.state
        return {"deal": next_kaiser_deal(state), "last": last_hand(book), "dealer": state.dealer()}

    def resent(self, book: KaiserBook, form: KaiserHandForm) -> None:
        """The sheet's version and who deals now (a correction keeps the dealer of the hand it corrects)."""
        form.seen.data = book.version
        if not form.based_on.data:
            form.dealer.data = book.state.next_dealer

    def waiting(self, book: KaiserBook, formdata: FormData) -> str:
        """Nothing: a Kaiser hand never waits for a decision."""
        return ""


def last_hand(book: KaiserBook) -> tuple[str, ...]:
    """What the last entry of a Kaiser game did, said where the scorer looks after saving it: the bid and each
    team's change and score ("Hand 3: Ana bid 7.", "Ana & Céline: +9, now 21."); () at the start."""
    if not book.replayed.steps:
        return ()
    step = book.replayed.steps[-1]
    result = step.result
    match result:
        case PassedResult():
            return (str(_("Everybody passed on %(name)s's deal.", name=result.dealer)),)
        case HandResult():
            pass  # a hand played: below
        case _:
            assert_never(result)
    hand = result.hand
    said = [str(_("Hand %(number)s: %(name)s bid %(bid)s.", number=step.state.hands_played, name=hand.bidder,
                  bid=format(Bid(hand.bid, hand.no_trump))))]  # fmt: skip  # said now, as %(bid)s keeps English
    said += [
        str(
            _(
                "%(team)s: %(change)s, now %(score)s.",
                team=team.team,
                change=signed(team.change),
                score=_total(team.score),
            )
        )
        for team in result.results
    ]
    return tuple(said)


def _total(score: int) -> str:
    """A team's total as the sheet writes it: a true minus below zero."""
    return shown(score)
