"""Each family's entry screen: the form for its next entry, the event a sent form describes, and corrections.

The game's family picks its `Screen` here, once, as it picks its templates: the views never ask which kind
of game they serve.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from flask_babel import gettext as _

from referee.rules.events import EventError
from referee.rules.kaiser import KaiserGame
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import Round
from referee.rules.table import Family, KaiserRules, RummyRules
from referee.scorebook import Book
from referee.web.forms import SheetForm, round_data, round_event, round_form
from referee.web.kaiser_forms import KaiserHandForm, hand_data, kaiser_hand_event, kaiser_hand_form
from referee.web.sheets import picker_data


class Screen(Protocol):
    """How one family's entries are made on the phone."""

    template: str  # the folder of the family's partials: _entry.html, _actions.html

    def entry_form(self, book: Book, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """The form for the next entry, fresh or as sent."""

    def entry(self, book: Book, form: Any, formdata: Mapping[str, Any]) -> Any | None:
        """The event a valid form describes, or None with the reason on the form."""

    def edit_form(self, book: Book, position: int, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """The form correcting the entry at `position`, filled from it (or as sent)."""

    def edited(self, book: Book, position: int, form: Any) -> Any | None:
        """The corrected event a valid correction form describes, or None with the reason on the form."""

    def context(self, book: Book) -> dict[str, Any]:
        """What the family's partials need besides the form (the card picker's values)."""

    def resent(self, book: Book, form: Any) -> None:
        """Set the form's hidden fields to the sheet shown now, so that a refused entry can be sent again."""


def recorded_event(book: Book, position: int) -> Any | None:
    """The event at `position` as recorded, or None when it no longer reads."""
    if position <= len(book.replayed.steps):
        return book.replayed.steps[position - 1].event
    try:
        return book.record.parse_event(book.entries[position - 1].data, position)
    except EventError:
        return None


class RummyScreen:
    """A round: who went out and how, each other hand tapped or typed, Rami's laid points."""

    template = "games/rummy"

    def entry_form(self, book: Book, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """A hand field for each player still in."""
        state: RummyGame = book.state
        rules: RummyRules = state.rules
        form = round_form(book.game.players, state.still_in(), rules, formdata)
        if formdata is None:
            form.seen.data = book.version
        return form

    def entry(self, book: Book, form: Any, formdata: Mapping[str, Any]) -> Round | None:
        """The round; refused when the form was filled for other players than the ones still in now."""
        changed = _players_changed(form.sent_for(formdata), set(form.players), form.winner.data)
        if changed:
            form.form_errors.append(changed)
            return None
        rules: RummyRules = book.state.rules
        return round_event(form, rules)

    def edit_form(self, book: Book, position: int, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """A hand field for each player who was still in at that round, filled from the round recorded."""
        before: RummyGame = book.replayed.before(position)
        event = recorded_event(book, position)
        data = round_data(event) if isinstance(event, Round) and formdata is None else {}
        entry = book.entries[position - 1]
        return round_form(book.game.players, before.still_in(), before.rules, formdata, based_on=entry.revision, **data)

    def edited(self, book: Book, position: int, form: Any) -> Round | None:
        """The corrected round."""
        rules: RummyRules = book.state.rules
        return round_event(form, rules)

    def context(self, book: Book) -> dict[str, Any]:
        """The card picker's values and pack limits."""
        rules: RummyRules = book.state.rules
        return {"picker": picker_data(rules, len(book.game.players))}

    def resent(self, book: Book, form: Any) -> None:
        """The sheet's version."""
        form.seen.data = book.version


def _players_changed(sent: set[str], now: set[str], winner: str | None) -> str:
    """Why a round form filled on an older sheet cannot be saved: who left the game, who came back.

    The winner's own field may be left out (the phone greys it).
    """
    gone, back = sorted(sent - now), sorted(now - sent - {winner})
    if not sent or not (gone or back):
        return ""
    said = [_("%(name)s is no longer in the game", name=name) for name in gone]
    said += [_("%(name)s is in the game again", name=name) for name in back]
    changed = _(
        "The sheet changed on another phone since this form was filled: %(changes)s. Check the hands and save again.",
        changes="; ".join(said),
    )
    return str(changed)


class KaiserScreen:
    """A hand: who won the bid, the bid, no trump, the bidding team's tricks, who took the 5♥ and the 3♠."""

    template = "games/kaiser"

    def entry_form(self, book: Book, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """The hand form, with the dealer the scorer sees."""
        state: KaiserGame = book.state
        rules: KaiserRules = state.rules
        form = kaiser_hand_form(state.teams, rules, formdata)
        if formdata is None:
            form.seen.data = book.version
        if formdata is None or not form.dealer.data:
            form.dealer.data = state.next_dealer
        return form

    def entry(self, book: Book, form: KaiserHandForm, formdata: Mapping[str, Any]) -> Any | None:
        """The hand, dealt by the dealer the scorer saw (the rules refuse it when it was not their deal)."""
        state: KaiserGame = book.state
        dealer = form.dealer.data or state.next_dealer
        return kaiser_hand_event(form, state.teams, dealer, len(book.replayed.steps) + 1)

    def edit_form(self, book: Book, position: int, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """The hand form filled from the hand recorded."""
        state: KaiserGame = book.state
        event = recorded_event(book, position)
        data = hand_data(event, state.teams) if event is not None and event.kind == "hand" and formdata is None else {}
        entry = book.entries[position - 1]
        form = kaiser_hand_form(state.teams, state.rules, formdata, based_on=entry.revision, **data)
        form.dealer.data = getattr(event, "dealer", None)
        return form

    def edited(self, book: Book, position: int, form: KaiserHandForm) -> Any | None:
        """The corrected hand, dealt by whoever dealt it."""
        event = recorded_event(book, position)
        state: KaiserGame = book.state
        return kaiser_hand_event(form, state.teams, getattr(event, "dealer", None), position)

    def context(self, book: Book) -> dict[str, Any]:
        """Nothing more: the hand form has all it needs."""
        return {}

    def resent(self, book: Book, form: Any) -> None:
        """The sheet's version and who deals now (a correction keeps the dealer of the hand it corrects)."""
        form.seen.data = book.version
        if not form.based_on.data:
            form.dealer.data = book.state.next_dealer


SCREENS: dict[Family, Screen] = {Family.RUMMY: RummyScreen(), Family.KAISER: KaiserScreen()}
