"""The rummy sheet's one-tap entries: a void round, a buy-back, and the stock reshuffled (000: a second time in the
round, the round is void)."""

from __future__ import annotations

from flask import flash, request
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l

from referee.rules.answers import StockAnswer
from referee.rules.events import EntryError
from referee.rules.rummy_events import Buyback, Void
from referee.rules.words import reason_of
from referee.services import games as service
from referee.services.games import Book, Busy
from referee.web.database import get_db
from referee.web.forms import SheetForm
from referee.web.games.screens import Sheet, Tap, one_tap

EXPIRED = _l("The form expired: try again.")
RESHUFFLED_ELSEWHERE = _l(
    "Another phone had already marked the stock reshuffled in this round. If it ran out again, tap again: the round "
    "is void."
)
RESHUFFLE_PAST = _l(
    "The round this phone showed as reshuffled is already on the sheet. Nothing was saved: if the stock of this "
    "round ran out, tap Stock reshuffled."
)


def reshuffled(book: Book, sheet: Sheet) -> ResponseReturnValue:
    """The stock ran out and was reshuffled; when it runs out again in the same round, the round is void (000).

    The phone says whether it showed the stock as reshuffled already (`again`): a phone that did not see the
    first reshuffle never voids a round by itself, and one that showed a reshuffle of a round recorded since
    (by another phone) changes nothing.
    """
    form = SheetForm()
    if book.state.over or not form.validate():
        return sheet.refused(book, str(EXPIRED))
    try:
        call = service.stock_ran_out(
            get_db(), book, seen_reshuffled=request.form.get("again") == "1", submission=form.submission.data
        )
    except (EntryError, Busy) as error:
        return sheet.refused(book, reason_of(error))
    if call.answer is StockAnswer.VOID:
        return sheet.offered(book, lambda book, form: Void(), decided=True)
    if call.answer is StockAnswer.PAST:
        flash(str(RESHUFFLE_PAST))  # the phone showed a reshuffle of a round recorded since: not about this round
    elif call.answer is StockAnswer.MARKED_ELSEWHERE:
        flash(str(RESHUFFLED_ELSEWHERE))
    return sheet.entry_again(service.open_book(get_db(), book.game))


TAPS = (
    one_tap("void", "void_round", lambda book, form: Void(), decided=True),
    one_tap("buyback", "buyback", lambda book, form: Buyback(form.get("player", ""))),
    Tap("reshuffle", "reshuffle", reshuffled),
)
