"""The entry screen of any other game: a round's scores, and what the last entry did."""

from __future__ import annotations

from typing import TypeGuard, assert_never

from flask_babel import gettext as _

from referee.rules.other_game import EndResult, OtherEvent, OtherGame, OtherResult, Scores, ScoresResult
from referee.rules.words import shown, signed
from referee.services.games import Book
from referee.web.forms import FormData, SheetForm
from referee.web.games.other.forms import ScoresForm, scores_data, scores_form, scores_of
from referee.web.games.screens import event_at
from referee.web.games.typed import BookOf, NotOfFamily

OtherBook = BookOf[OtherGame, OtherEvent, OtherResult]  # an other game: the registry gives this screen no other


class OtherScreen:
    """A round: each seat's score."""

    def entry_form(self, book: OtherBook, formdata: FormData | None = None) -> SheetForm:
        """A score field for each seat."""
        form = scores_form(book.game.players, formdata)
        if formdata is None:
            form.seen.data = book.version
        return form

    def event(self, book: OtherBook, form: ScoresForm, formdata: FormData) -> Scores | None:
        """The round the form describes."""
        return scores_of(form)

    def edit_form(self, book: OtherBook, position: int, formdata: FormData | None = None) -> SheetForm:
        """The round recorded at `position`, to correct."""
        event = event_at(book, position)
        data = scores_data(event) if isinstance(event, Scores) and formdata is None else {}
        return scores_form(book.game.players, formdata, based_on=book.entries[position - 1].revision, **data)

    def edited(self, book: OtherBook, position: int, form: ScoresForm) -> Scores | None:
        """The corrected round."""
        return scores_of(form)

    def context(self, book: OtherBook) -> dict[str, object]:
        """What the last entry did, and who deals next."""
        return {"last": last_entry(book), "dealer": book.state.dealer()}

    def resent(self, book: OtherBook, form: ScoresForm) -> None:
        """The sheet's version."""
        form.seen.data = book.version

    def waiting(self, book: OtherBook, formdata: FormData) -> str:
        """Nothing: a round never waits for a decision."""
        return ""


def _is_other(book: Book) -> TypeGuard[OtherBook]:
    return isinstance(book.replayed.start, OtherGame)


def other_book(book: Book) -> OtherBook:
    """The book as an other game's, as the family's screen takes it."""
    if not _is_other(book):
        raise NotOfFamily(f"not an OtherGame: {type(book.replayed.start).__name__}")
    return book


def last_entry(book: OtherBook) -> tuple[str, ...]:
    """What the last entry did, in a few lines: the round's scores and the leader, or the end; () at the start."""
    if not book.replayed.steps:
        return ()
    step = book.replayed.steps[-1]
    result, state = step.result, step.state
    match result:
        case EndResult():
            return (str(_("The scorer ended the game: %(name)s wins.", name=result.winner)),)
        case ScoresResult():
            pass  # a round: below
        case _:
            assert_never(result)
    scores = ", ".join(f"{name} {signed(score)}" for name, score in result.scores.items())
    lines = [str(_("Round %(number)s: %(scores)s.", number=state.rounds, scores=scores))]
    if result.winner is not None:
        lines.append(
            str(_("%(name)s wins with %(total)s.", name=result.winner, total=shown(state.total(result.winner))))
        )
    return tuple(lines)
