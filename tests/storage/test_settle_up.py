"""The payments service: the settle-up's numbers, and a payment marked as made decided outside the write."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from referee.rules.rummy_events import Round
from referee.rules.settlement import Payment
from referee.services.database import unit_of_work
from referee.services.evenings import Evening, NewEvening, start_evening
from referee.services.games import add_entry, open_book, start_game
from referee.services.payments import Marked, SettleUp, mark_paid, settle_up, undo_payment
from referee.storage.db import connect
from referee.storage.payments import PaymentsChanged, record_payment

BEN, CELINE = Payment("Ben", "Ana", 5), Payment("Céline", "Ana", 5)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    """A database file: another phone's write comes in on a connection of its own."""
    return tmp_path / "referee.sqlite"


@pytest.fixture
def db(path: Path) -> Iterator[Database]:
    db = connect(path)
    yield db
    db.close()


@pytest.fixture
def evening(db: Database) -> Evening:
    """An evening whose one Kaluki game Ana won: Ben and Céline lose 100 a round until they are out."""
    players = ("Ana", "Ben", "Céline")
    evening = start_evening(db, NewEvening("", players, "kaluki", {}, Decimal("0.10"), "EUR"))
    game = start_game(db, evening, "kaluki", {}, {"players": list(players)}, 0)
    while not open_book(db, game).state.over:
        add_entry(db, open_book(db, game), Round("Ana", {"Ben": 100, "Céline": 100}))
    return evening


def test_the_settle_up_counts_the_finished_games_only(db: Database, evening: Evening) -> None:
    start_game(db, evening, "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)  # still being played: its ante waits
    settled = settle_up(db, evening)
    assert len(settled.books) == 2
    assert dict(settled.result) == dict(settled.balances) == {"Ana": 10, "Ben": -5, "Céline": -5}
    assert settled.payments == (BEN, CELINE)
    assert (settled.made, settled.after) == ((), 0)


def test_a_payment_of_the_plan_is_recorded_once_and_a_resent_form_answers_as_the_first_time(
    db: Database, evening: Evening
) -> None:
    first = mark_paid(db, evening, BEN, "key-1")
    assert (first.done, first.refused) == (Marked.RECORDED, False)
    assert first.settled.payments == (CELINE,) and dict(first.settled.balances)["Ben"] == 0
    again = mark_paid(db, evening, BEN, "key-1")
    assert again.done == Marked.REPEATED and again.settled.payments == (CELINE,)
    assert len(again.settled.made) == 1


def test_a_payment_no_longer_in_the_plan_is_refused(db: Database, evening: Evening) -> None:
    mark_paid(db, evening, BEN, "key-1")
    outcome = mark_paid(db, evening, BEN, "key-2")  # the same payment, from a page out of date
    assert outcome.refused and outcome.settled.payments == (CELINE,)
    assert len(outcome.settled.made) == 1


def test_a_payment_marked_meanwhile_makes_the_plan_worked_out_again(
    path: Path, db: Database, evening: Evening, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []  # the payment each write's plan was worked out after

    def plan_then_another_phone(db: Database, evening: Evening) -> SettleUp:
        settled = settle_up(db, evening)
        if not calls:  # another phone marks Céline's payment between this plan and its write, on its own connection
            other = connect(path, migrate=False)
            with unit_of_work(other):
                record_payment(other, evening.id, "Céline", "Ana", 5, "other", 0)
            other.close()
        return settled

    def writing(db: Database, evening_id: int, *args: Any) -> None:
        calls.append(args[-1])
        record_payment(db, evening_id, *args)

    monkeypatch.setattr("referee.services.payments.settle_up", plan_then_another_phone)
    monkeypatch.setattr("referee.services.payments.record_payment", writing)
    outcome = mark_paid(db, evening, BEN, "key-1")
    assert outcome.done == Marked.RECORDED and calls == [0, 1]  # the second plan was worked out after payment 1
    assert outcome.settled.payments == () and len(outcome.settled.made) == 2


def test_a_plan_that_keeps_moving_is_refused_after_a_few_tries(
    db: Database, evening: Evening, monkeypatch: pytest.MonkeyPatch
) -> None:
    def always_moved(*args: Any) -> None:
        raise PaymentsChanged(evening.id)

    monkeypatch.setattr("referee.services.payments.record_payment", always_moved)
    outcome = mark_paid(db, evening, BEN, "key-1")
    assert outcome.refused and outcome.settled.made == ()


def test_a_payment_taken_back_goes_back_into_the_plan_once(db: Database, evening: Evening) -> None:
    made = mark_paid(db, evening, BEN, "key-1").settled.made[0]
    undone = undo_payment(db, evening, made.id, "key-2")
    assert undone.done == Marked.RECORDED and undone.settled.payments == (BEN, CELINE)
    assert undo_payment(db, evening, made.id, "key-3").refused  # taken back already, from another page
    assert not undo_payment(db, evening, made.id, "key-2").refused  # the same form resent
