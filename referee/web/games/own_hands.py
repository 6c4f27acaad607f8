"""What a family answers for a player's own hand sent from their own phone (#35, `OwnHand`), and what the scorer's
form is given of the hands sent (`Filled`). Each family that lets its players send their hand gives its own
(`rummy/own_hand.py`), registered as `WebFamily.own`; the views never ask which family a game is."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from flask_babel import gettext as _

from referee.rules.words import and_list
from referee.services.games import Book
from referee.services.own_hands import SentHand
from referee.web.forms import FormData, KeyedForm


@dataclass(frozen=True)
class Filled:
    """What the hands sent put on the scorer's form: its fields' values, each sender's hand in words, who said they
    went out, the winner to propose (only when exactly one player said so), and what the hands sent disagree on,
    said for the scorer to settle (then nothing they disagree on is chosen)."""

    fields: Mapping[str, str] = field(default_factory=dict)  # the scorer's form fields: "hand:Ana" -> "7♠ D♥"
    said: Mapping[str, str] = field(default_factory=dict)  # each sender: "3 cards, 22 points"
    out: tuple[str, ...] = ()  # the players who said they went out, in the order they sent
    finish: str = ""  # how the only one who went out says they did
    conflict: str = ""  # "Ana and Ben each say they went out: choose who did."

    @property
    def nothing(self) -> bool:
        """No player sent anything: the form is as blank as it was."""
        return not (self.fields or self.said or self.out)

    @property
    def winner(self) -> str | None:
        """The player to propose as the winner: the only one who said they went out; None for none, or a conflict."""
        return self.out[0] if len(self.out) == 1 else None


class OwnHand(Protocol):
    """How a family's player sends their own hand, and how the scorer's round form takes the hands sent."""

    template: str  # the player's form, a partial of the family's

    def number(self, book: Book) -> int:
        """The round (or hand) a hand sent now is for: the next one to record."""

    def form(self, book: Book, player: str, formdata: FormData | None = None) -> KeyedForm:
        """The player's form, fresh (filled from what they sent, if they sent) or as sent."""

    def fill(self, book: Book, form: KeyedForm, hand: Mapping[str, object]) -> None:
        """The player's form filled from the hand they sent before."""

    def hand(self, book: Book, player: str, form: KeyedForm) -> dict[str, object] | None:
        """What a valid form sends, as kept (JSON); None with the reason on the form (the rules refuse it)."""

    def said(self, book: Book, hand: Mapping[str, object]) -> str:
        """A hand sent in a few words: "3 cards, 22 points", "went out"."""

    def filled(self, book: Book, sent: Mapping[str, SentHand]) -> Filled:
        """What the hands sent put on the scorer's form."""

    def context(self, book: Book) -> dict[str, object]:
        """What the player's form needs besides the form (the card picker's values)."""

    def title(self, number: int) -> str:
        """The entry a hand is sent for, as a heading says it: "Round 5", Kaiser's "Hand 5"."""

    def moved_on(self, recorded: int, now: int) -> str:
        """What a player is told whose hand came after its entry was recorded, above the next entry's form."""

    def sits_out(self, book: Book, player: str) -> str:
        """Why `player` sends no hand now ("You are out of this game."), or "" when they send one."""

    def waiting(self, book: Book, sent: Mapping[str, SentHand]) -> str:
        """Whose hand the entry still waits for, in a sentence; "" when it needs no more."""

    def recap(self, book: Book, player: str) -> tuple[str, ...]:
        """What the last entry did, and what it did to `player` (their penalty, total, chips); () before the first."""


def filled_in(form: KeyedForm, filled: Filled) -> None:
    """The scorer's fresh round form with the hands the players sent: each sender's fields left blank so far, and who
    went out when only one player says so (two who say so are the scorer's to settle)."""
    chosen = {"winner": filled.winner or "", "finish": filled.finish}
    for name, value in (*filled.fields.items(), *chosen.items()):
        if value and name in form and (not form[name].data or name in chosen):
            form[name].process_formdata([value])  # as the page would send it: a number field gets its number


def sentence(text: object) -> str:
    """A refusal the engine words as a clause ("round 4 is already recorded"), as a sentence: a capital, a full stop.

    >>> sentence("round 4 is already recorded"), sentence("Déjà là."), sentence("")
    ('Round 4 is already recorded.', 'Déjà là.', '')
    """
    said = str(text).strip()
    if not said:
        return ""
    said = said[0].upper() + said[1:]
    return said if said[-1] in ".!?…" else f"{said}."


def conflict_said(out: tuple[str, ...]) -> str:
    """Two players or more who each say they went out, in words for the scorer; "" for none or one."""
    if len(out) < 2:
        return ""
    return str(_("%(names)s each say they went out: choose who did.", names=str(and_list(out))))
