"""The rummy entry screen: a round (who went out and how, each other hand tapped or typed, Rami's laid points),
the buy-backs to decide before the next one, and what the last entry did."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from flask import request
from flask_babel import gettext as _

from referee.rules.deal import next_deal
from referee.rules.game import Kind, Offer, Status
from referee.rules.rummy import BuybackResult, RoundResult, RummyGame
from referee.rules.rummy_events import Round
from referee.services.games import Book
from referee.web.forms import SheetForm
from referee.web.games.rummy.forms import round_data, round_event, round_form
from referee.web.games.rummy.layout import picker_data
from referee.web.games.screens import recorded_event


def _game(book: Book, state: object = None) -> RummyGame:
    """The rummy game of `book` (or `state`, one of its steps): this screen is registered for its family only."""
    game = book.state if state is None else state
    if not isinstance(game, RummyGame):
        raise TypeError(f"not a RummyGame: {type(game).__name__}")
    return game


class RummyScreen:
    """A round: who went out and how, each other hand tapped or typed, Rami's laid points."""

    def entry_form(self, book: Book, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """A hand field for each player still in."""
        state = _game(book)
        rules = state.rules
        form = round_form(book.game.players, state.still_in(), rules, formdata)
        if formdata is None:
            form.seen.data = book.version
        return form

    def entry(self, book: Book, form: Any, formdata: Mapping[str, Any]) -> Round | None:
        """The round; refused when the form was filled for other players than the ones still in now."""
        changed = _game(book).verify_seen(
            form.sent_for(formdata), form.winner.data
        )  # the rules say who left or came back
        if changed is not None:
            form.form_errors.append(str(_("%(reason)s. Check the hands and save again.", reason=changed.reason)))
            return None
        undecided = undecided_reason(book, decisions_sent(formdata))
        if undecided:
            form.form_errors.append(undecided)
            return None
        rules = _game(book).rules
        return round_event(form, rules)

    def edit_form(self, book: Book, position: int, formdata: Mapping[str, Any] | None = None) -> SheetForm:
        """A hand field for each player who was still in at that round, filled from the round recorded."""
        before = _game(book, book.replayed.before(position))
        event = recorded_event(book, position)
        data = round_data(event) if isinstance(event, Round) and formdata is None else {}
        entry = book.entries[position - 1]
        return round_form(book.game.players, before.still_in(), before.rules, formdata, based_on=entry.revision, **data)

    def edited(self, book: Book, position: int, form: Any) -> Round | None:
        """The corrected round."""
        rules = _game(book).rules
        return round_event(form, rules)

    def context(self, book: Book) -> dict[str, Any]:
        """The card picker's values and pack limits, what the last entry did, and the buy-backs to decide."""
        state = _game(book)
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
            "reshuffled": state.reshuffled,
        }

    def resent(self, book: Book, form: Any) -> None:
        """The sheet's version."""
        form.seen.data = book.version

    def waiting(self, book: Book, formdata: Any) -> str:
        """A buy-back nobody decided yet."""
        return undecided_reason(book, decisions_sent(formdata))


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

    The rules put a player who did not buy back before the next round out for good (docs/rules.md §5), so an old
    record with a round after an elimination still replays; on the phone, that round waits for the scorer to
    say so: a buy-back, or "Out for good".
    """
    waiting = _game(book).waiting_for(decided)  # the rules say who the next round waits for
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
    state = _game(book, step.state)
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
    before = _game(book, book.replayed.before(step.position))
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
