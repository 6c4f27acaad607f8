"""Each family's entry screen: the form for its next entry, the event a sent form describes, and corrections.

The game's family picks its `Screen` here, once, as it picks its templates: the views never ask which kind
of game they serve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from flask import request
from flask_babel import gettext as _

from referee.rules.deal import next_deal, next_kaiser_deal
from referee.rules.events import EventError
from referee.rules.game import Kind, Offer, Status
from referee.rules.kaiser import KaiserGame
from referee.rules.rummy import BuybackResult, RoundResult, RummyGame
from referee.rules.rummy_events import Round
from referee.rules.table import Family, KaiserRules, RummyRules
from referee.services import games as service
from referee.services.games import Book
from referee.web.database import get_db
from referee.web.forms import SheetForm, round_data, round_event, round_form
from referee.web.games.kaiser_forms import KaiserHandForm, hand_data, kaiser_hand_event, kaiser_hand_form
from referee.web.games.sheets import picker_data


class Screen(Protocol):
    """How one family's entries are made on the phone."""

    template: str  # the folder of the family's partials: _entry.html, _actions.html
    has_stock: bool  # whether its rounds are played from a stock that may be reshuffled (and run out: a void round)

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
    has_stock = True

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
        undecided = undecided_reason(book, decisions_sent(formdata))
        if undecided:
            form.form_errors.append(undecided)
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
        """The card picker's values and pack limits, what the last entry did, and the buy-backs to decide."""
        state: RummyGame = book.state
        offers = buybacks_open(book)
        decided = [name for name in decisions_sent(request.values) if name in {offer.player for offer in offers}]
        return {
            "picker": picker_data(state.rules, len(book.game.players)),
            "last": last_entry(book),
            "decisions": [(offer, offer.player in decided) for offer in offers],
            "decided": decided,
            "pot_won": state.pot_won,
            "game_winner": state.winner,
            "pot": state.pot,
            "dealer": state.dealer(),
            "deal": next_deal(state),
            "reshuffled": service.stock_reshuffled(get_db(), book),
        }

    def resent(self, book: Book, form: Any) -> None:
        """The sheet's version."""
        form.seen.data = book.version


OUT_FOR_GOOD = "out"  # the form field naming each eliminated player the scorer declared out for good


def buybacks_open(book: Book) -> tuple[Offer, ...]:
    """The buy-backs the scorer must decide before the next round: one per player eliminated by the last round."""
    return tuple(offer for offer in book.state.offers() if offer.kind is Kind.BUYBACK)


def decisions_sent(formdata: Any) -> list[str]:
    """The players a form declares out for good (its `out` fields)."""
    getlist = getattr(formdata, "getlist", None)
    return [str(name) for name in getlist(OUT_FOR_GOOD)] if getlist else []


def undecided_reason(book: Book, decided: Sequence[str]) -> str:
    """Why the next round (or a void round) cannot be recorded yet: a buy-back nobody decided; "" when none.

    The rules put a player who did not buy back before the next round out for good (RULES.md §5), so an old
    record with a round after an elimination still replays; on the phone, that round waits for the scorer to
    say so: a buy-back, or "Out for good".
    """
    waiting = [offer.player for offer in buybacks_open(book) if offer.player not in decided]
    if not waiting:
        return ""
    return str(
        _(
            "%(names)s: buy back or out for good? Tap one of the two for each eliminated player before recording "
            "the next round. Nothing was saved.",
            names=", ".join(waiting),
        )
    )


@dataclass(frozen=True)
class LastEntry:
    """What the last entry did, said where the scorer looks after writing it."""

    said: tuple[str, ...]  # "Round 5: C went out.", "D is eliminated at 152."


def last_entry(book: Book) -> LastEntry | None:
    """What the last entry of a rummy game did: who went out, who is eliminated or out; None at the start."""
    if not book.replayed.steps:
        return None
    step = book.replayed.steps[-1]
    state: RummyGame = step.state
    result = step.result
    if isinstance(result, BuybackResult):
        said = _(
            "%(name)s bought back for %(cost)s chips and restarts at %(score)s.",
            name=result.player,
            cost=result.cost,
            score=result.restart,
        )
        return LastEntry((str(said),))
    if not isinstance(result, RoundResult):
        return None
    finish = getattr(step.event, "finish", None)
    if result.winner is None:
        went = _("Round %(number)s was void: nobody scores.", number=state.rounds)
    elif finish is not None and finish.all_in_one:
        went = _("Round %(number)s: %(name)s went out all in one.", number=state.rounds, name=result.winner)
    else:
        went = _("Round %(number)s: %(name)s went out.", number=state.rounds, name=result.winner)
    lines = [str(went)]
    before: RummyGame = book.replayed.before(step.position)
    for player in before.players:  # eliminated at the round before, and did not buy back
        if player.status is Status.ELIMINATED and state.player(player.name).status is Status.OUT:
            lines.append(str(_("%(name)s did not buy back: out for good.", name=player.name)))
    for name in result.eliminated:
        player = state.player(name)
        if player.status is Status.ELIMINATED:
            lines.append(str(_("%(name)s is eliminated at %(score)s.", name=name, score=player.score)))
        elif not state.over or name != state.winner:
            lines.append(str(_("%(name)s is out for good at %(score)s.", name=name, score=player.score)))
    return LastEntry(tuple(lines))


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
    has_stock = False

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
        form.dealer.data = form.dealer.data or state.next_dealer  # the auction's calls go from this dealer's left
        return kaiser_hand_event(form, state.teams, form.dealer.data, len(book.replayed.steps) + 1)

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
        """The deal to come: who deals, and who calls first."""
        return {"deal": next_kaiser_deal(book.state)}

    def resent(self, book: Book, form: Any) -> None:
        """The sheet's version and who deals now (a correction keeps the dealer of the hand it corrects)."""
        form.seen.data = book.version
        if not form.based_on.data:
            form.dealer.data = book.state.next_dealer


SCREENS: dict[Family, Screen] = {Family.RUMMY: RummyScreen(), Family.KAISER: KaiserScreen()}
