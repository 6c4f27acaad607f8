"""A player's own score in any other game, sent from their own phone: the score they counted this round, put on the
scorer's form (`score:Ana`) for the scorer to save."""

from __future__ import annotations

from collections.abc import Mapping

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import HiddenField
from wtforms.validators import InputRequired, NumberRange

from referee.rules.options import MOST
from referee.rules.other_game import OtherGame
from referee.rules.words import and_list, shown, signed
from referee.services.games import Book
from referee.services.own_hands import SentHand
from referee.web.forms import FormData, KeyedForm
from referee.web.games.other.forms import ScoreField
from referee.web.games.other.screen import last_entry, other_book
from referee.web.games.own_hands import Filled
from referee.web.games.typed import NotOfFamily


class OwnScore(KeyedForm):
    """A player's own score for the round being played."""

    number = HiddenField()  # the round it is for
    score = ScoreField(_l("My score this round"), [InputRequired(_l("Type your score (0 when none).")),
                                                     NumberRange(-MOST, MOST)])  # fmt: skip


def _game(book: Book) -> OtherGame:
    state = book.state
    if not isinstance(state, OtherGame):
        raise NotOfFamily(f"not an OtherGame: {type(state).__name__}")
    return state


class OtherOwnScore:
    """Any other game: each player sends the score they counted."""

    template = "games/other/_own_hand.html"

    def number(self, book: Book) -> int:
        """The next round: one past the rounds played."""
        return _game(book).rounds + 1

    def form(self, book: Book, player: str, formdata: FormData | None = None) -> KeyedForm:
        """The player's form, for the round being played."""
        form = OwnScore(formdata)
        form.number.data = self.number(book)
        return form

    def fill(self, book: Book, form: KeyedForm, hand: Mapping[str, object]) -> None:
        """The form filled from the score the player sent before."""
        score = hand.get("score")
        if isinstance(form, OwnScore) and isinstance(score, int):
            form.score.data = score

    def hand(self, book: Book, player: str, form: KeyedForm) -> dict[str, object] | None:
        """The score to keep."""
        if not isinstance(form, OwnScore):
            raise NotOfFamily(f"not an other game's score form: {type(form).__name__}")
        return {"score": int(form.score.data)}

    def said(self, book: Book, hand: Mapping[str, object]) -> str:
        """ "a score of −12"."""
        score = hand.get("score")
        return str(_("a score of %(score)s", score=signed(score))) if isinstance(score, int) else ""

    def filled(self, book: Book, sent: Mapping[str, SentHand]) -> Filled:
        """Each sender's score on their row of the scorer's form."""
        fields = {f"score:{name}": str(kept.hand["score"]) for name, kept in sent.items() if "score" in kept.hand}
        return Filled(fields, {name: self.said(book, kept.hand) for name, kept in sent.items()})

    def context(self, book: Book) -> dict[str, object]:
        """Nothing besides the form."""
        return {}

    def title(self, number: int) -> str:
        """ "Round 5"."""
        return str(_("Round %(number)s", number=number))

    def moved_on(self, recorded: int, now: int) -> str:
        """The round recorded before the player's score came, and the one the form is for now."""
        return str(
            _("Round %(recorded)s was recorded without your score. This form is for round %(now)s.", recorded=recorded,
              now=now)
        )  # fmt: skip

    def sits_out(self, book: Book, player: str) -> str:
        """Every seat plays every round."""
        return ""

    def waiting(self, book: Book, sent: Mapping[str, SentHand]) -> str:
        """The seats that sent no score yet."""
        waiting = [name for name in _game(book).still_in() if name not in sent]
        return str(_("Waiting for: %(names)s.", names=and_list(waiting))) if waiting else ""

    def recap(self, book: Book, player: str) -> tuple[str, ...]:
        """What the last entry did, and the player's total."""
        if not book.replayed.steps:
            return ()
        state = _game(book)
        return (*last_entry(other_book(book)), str(_("Your total: %(total)s.", total=shown(state.total(player)))))
