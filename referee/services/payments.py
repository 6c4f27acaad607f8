"""The settle-up: every player's chips over the evening's finished games, the payments made, and the plan for the
rest; marking a payment of the plan as made, and taking one back."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from sqlite_utils import Database

from referee.rules.families import family_of
from referee.rules.settlement import Payment, settle
from referee.services.database import unit_of_work
from referee.services.games import Book, open_book
from referee.storage.evenings import Evening
from referee.storage.games import games_of
from referee.storage.payments import (
    Made,
    PaymentsChanged,
    already_sent,
    last_payment,
    paid,
    payments_made,
    record_payment,
    take_back,
)

__all__ = [
    "Made", "Marked", "Payment", "PaymentOutcome", "SettleUp", "chips_of", "mark_paid", "settle_up", "undo_payment",
]  # fmt: skip

TRIES = 5  # a payment whose plan moved on meanwhile is decided again, this many times at most


def chips_of(book: Book) -> dict[str, int]:
    """Each player's net chips in the game so far (the pot counts once it is won); Kaiser moves no chips."""
    chips = family_of(book.rules).chips
    return {} if chips is None else dict(chips(book.state).net)


@dataclass(frozen=True)
class SettleUp:
    """The evening's games, its result, what is paid, and the payments left."""

    books: tuple[Book, ...]  # every game of the evening, finished or not, in the order they were started
    result: Mapping[str, int]  # the evening's result: each player's chips over the finished games
    balances: Mapping[str, int]  # what is left to settle, after the payments made
    payments: tuple[Payment, ...]  # the plan for what is left
    made: tuple[Made, ...]  # the payments marked as made
    after: int  # the latest payment the plan was worked out after


def settle_up(db: Database, evening: Evening) -> SettleUp:
    """Replay the evening's games and settle the finished ones, after the payments already made.

    Kaiser games are listed with the others but move no chips.
    """
    books = tuple(open_book(db, game) for game in games_of(db, evening.id))
    after = last_payment(db, evening.id)  # read before the payments: one made meanwhile makes the write retry
    result = dict.fromkeys(evening.players, 0)
    for book in books:
        if book.state.over:
            for name, chips in chips_of(book).items():
                result[name] = result.get(name, 0) + chips
    balances = dict(result)
    for name, chips in paid(db, evening.id).items():
        balances[name] = balances.get(name, 0) + chips
    made = tuple(payments_made(db, evening.id))
    return SettleUp(books, result, balances, settle(balances), made, after)


class Marked(StrEnum):
    """What became of a payment marked as made (or taken back)."""

    RECORDED = "recorded"  # written now
    REPEATED = "repeated"  # this very form was recorded before (a double tap, a resend): answered as the first time
    OUT_OF_DATE = "out_of_date"  # no longer in the plan (or no longer standing): the page was out of date


@dataclass(frozen=True)
class PaymentOutcome:
    """What became of the payment, and the settle-up after it."""

    done: Marked
    settled: SettleUp

    @property
    def refused(self) -> bool:
        """Whether nothing was written because the page was out of date."""
        return self.done is Marked.OUT_OF_DATE


def mark_paid(db: Database, evening: Evening, payment: Payment, submission: str | None) -> PaymentOutcome:
    """Mark one payment of the plan as made; the rest of the plan stays as it was.

    The plan is worked out outside the write; the write (one unit of work) confirms no other payment came in since,
    else the plan is worked out again (`TRIES` times at most). A payment no longer in the plan is refused; a resent
    form answers as the first time.
    """
    if already_sent(db, submission):
        return PaymentOutcome(Marked.REPEATED, settle_up(db, evening))
    for _try in range(TRIES):
        settled = settle_up(db, evening)
        if payment not in settled.payments:
            return PaymentOutcome(Marked.OUT_OF_DATE, settled)
        try:
            with unit_of_work(db):
                record_payment(db, evening.id, payment.payer, payment.payee, payment.chips, submission, settled.after)
        except PaymentsChanged:
            continue
        return PaymentOutcome(Marked.RECORDED, settle_up(db, evening))
    done = Marked.REPEATED if already_sent(db, submission) else Marked.OUT_OF_DATE
    return PaymentOutcome(done, settle_up(db, evening))


def undo_payment(db: Database, evening: Evening, payment_id: int, submission: str | None) -> PaymentOutcome:
    """Take back a payment marked as made by mistake (refused when it no longer stands); the plan is worked out
    again."""
    try:
        with unit_of_work(db):
            take_back(db, evening.id, payment_id, submission)
    except PaymentsChanged:
        return PaymentOutcome(Marked.OUT_OF_DATE, settle_up(db, evening))
    return PaymentOutcome(Marked.RECORDED, settle_up(db, evening))
