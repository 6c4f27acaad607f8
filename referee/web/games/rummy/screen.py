"""The rummy entry screen: a round (who went out and how, each other hand tapped or typed, Rami's laid points),
the buy-backs to decide before the next one, and what the last entry did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from flask import request
from flask_babel import gettext as _

from referee.rules.deal import next_deal
from referee.rules.game import Offer, Status
from referee.rules.rummy import BuybackResult, ReshuffleResult, RoundResult, RummyGame, RummyResult
from referee.rules.rummy_events import Round, RummyEvent, RummyKind
from referee.web.forms import FormData, SheetForm
from referee.web.games.rummy.forms import RoundForm, round_data, round_event, round_form
from referee.web.games.rummy.layout import picker_data
from referee.web.games.screens import event_at
from referee.web.games.typed import BookOf

RummyBook = BookOf[RummyGame, RummyEvent, RummyResult]  # a rummy game: the registry gives this screen no other


class RummyScreen:
    """A round: who went out and how, each other hand tapped or typed, Rami's laid points."""

    def entry_form(self, book: RummyBook, formdata: FormData | None = None) -> SheetForm:
        """A hand field for each player still in."""
        state = book.state
        rules = state.rules
        form = round_form(book.game.players, state.still_in(), rules, formdata)
        if formdata is None:
            form.seen.data = book.version
        return form

    def event(self, book: RummyBook, form: RoundForm, formdata: FormData) -> Round | None:
        """The round; refused when the form was filled for other players than the ones still in now."""
        changed = book.state.verify_seen(
            form.sent_for(formdata), form.winner.data
        )  # the rules say who left or came back
        if changed is not None:
            form.form_errors.append(str(_("%(reason)s. Check the hands and save again.", reason=changed.reason)))
            return None
        undecided = undecided_reason(book, decisions_sent(formdata))
        if undecided:
            form.form_errors.append(undecided)
            return None
        rules = book.state.rules
        return round_event(form, rules)

    def edit_form(self, book: RummyBook, position: int, formdata: FormData | None = None) -> SheetForm:
        """A hand field for each player who was still in at that round, filled from the round recorded."""
        before = book.replayed.before(position)
        event = event_at(book, position)
        data = round_data(event) if isinstance(event, Round) and formdata is None else {}
        entry = book.entries[position - 1]
        return round_form(book.game.players, before.still_in(), before.rules, formdata, based_on=entry.revision, **data)

    def edited(self, book: RummyBook, position: int, form: RoundForm) -> Round | None:
        """The corrected round."""
        rules = book.state.rules
        return round_event(form, rules)

    def context(self, book: RummyBook) -> dict[str, object]:
        """The card picker's values and pack limits, what the last entry did, and the buy-backs to decide."""
        state = book.state
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

    def resent(self, book: RummyBook, form: SheetForm) -> None:
        """The sheet's version."""
        form.seen.data = book.version

    def waiting(self, book: RummyBook, formdata: FormData) -> str:
        """A buy-back nobody decided yet."""
        return undecided_reason(book, decisions_sent(formdata))


OUT_FOR_GOOD = "out"  # the form field naming each eliminated player the scorer declared out for good


def buybacks_open(book: RummyBook) -> tuple[Offer, ...]:
    """The buy-backs the scorer must decide before the next round: one per player eliminated by the last round."""
    return tuple(offer for offer in book.state.offers() if offer.kind == RummyKind.BUYBACK)


def decisions_sent(formdata: FormData | None) -> list[str]:
    """The players a form declares out for good (its `out` fields)."""
    return [] if formdata is None else [str(name) for name in formdata.getlist(OUT_FOR_GOOD)]


def undecided_reason(book: RummyBook, decided: Sequence[str]) -> str:
    """Why the next round (or a void round) cannot be recorded yet: a buy-back nobody decided; "" when none.

    The rules put a player who did not buy back before the next round out for good (docs/rules.md §5), so an old
    record with a round after an elimination still replays; on the phone, that round waits for the scorer to
    say so: a buy-back, or "Out for good".
    """
    waiting = book.state.waiting_for(decided)  # the rules say who the next round waits for
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


def last_entry(book: RummyBook) -> LastEntry | None:
    """What the last entry of a rummy game did: who went out, who is eliminated or out; None at the start."""
    if not book.replayed.steps:
        return None
    step = book.replayed.steps[-1]
    state = step.state
    result = step.result
    match result:
        case BuybackResult():
            said = _(
                "%(name)s bought back for %(cost)s chips and restarts at %(score)s.",
                name=result.player,
                cost=result.cost,
                score=result.restart,
            )
            return LastEntry((str(said),))
        case ReshuffleResult():
            return None
        case RoundResult():
            pass  # a round, or a void round: below
        case _:
            assert_never(result)
    finish = getattr(step.event, "finish", None)
    if result.winner is None:
        went = _("Round %(number)s was void: nobody scores.", number=state.rounds)
    elif finish is not None and finish.all_in_one:
        went = _("Round %(number)s: %(name)s went out all in one.", number=state.rounds, name=result.winner)
    else:
        went = _("Round %(number)s: %(name)s went out.", number=state.rounds, name=result.winner)
    lines = [str(went)]
    before = book.replayed.before(step.position)
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
