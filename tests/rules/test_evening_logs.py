"""An evening's logs in a `referee.evening/2` record (docs/formats.md): the disputes log and the payments marked as
made, read, checked and written back as they came."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.evening_logs import MarkedPayment, read_payments, read_rulings, standing_payments
from referee.rules.record_data import RecordError

AT = "2026-11-20T21:05:00+00:00"
PLAYERS = ("Ana", "Ben", "Céline")


def ruling(**changed: Any) -> dict[str, Any]:
    """A ruling as the record writes it, with some keys changed."""
    return {"kind": "check", "rules": "kaluki", "question": "9H 9S JK", "answer": "valid group, 33", "at": AT} | changed


def payment(payer: str, payee: str, chips: Any) -> dict[str, Any]:
    return {"from": payer, "to": payee, "chips": chips, "at": AT}


def test_rulings_are_written_back_as_they_came() -> None:
    written = [ruling(), ruling(kind="opening", answer="opens, 54")]
    assert [logged.as_json() for logged in read_rulings(written)] == written


@pytest.mark.parametrize(
    ("item", "reason"),
    [
        pytest.param(ruling(kind=3), 'ruling 1: "kind" is a text of at most', id="a kind that is no text"),
        pytest.param(ruling(answer=None), 'ruling 1: "answer" is a text of at most', id="no answer"),
        pytest.param(ruling(question="x" * 5000), 'ruling 1: "question" is a text of at most', id="too long"),
        pytest.param(ruling(at="yesterday"), 'ruling 1: "at" is a time in ISO 8601', id="no time"),
    ],
)
def test_a_bad_ruling_is_refused_by_its_number(item: dict[str, Any], reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        read_rulings([item])


def test_the_logs_are_lists_of_objects() -> None:
    with pytest.raises(RecordError, match='"rulings" is a list of objects'):
        read_rulings({"kind": "check"})
    with pytest.raises(RecordError, match='"payments" is a list of objects'):
        read_payments(["Ana pays Ben"], PLAYERS)


def test_payments_are_written_back_as_they_came() -> None:
    written = [payment("Ana", "Ben", 5), payment("Ben", "Céline", 2), payment("Ana", "Ben", -5)]
    read = read_payments(written, PLAYERS)
    assert [made.as_json() for made in read] == written
    assert standing_payments(read) == [MarkedPayment("Ben", "Céline", 2, AT)]


@pytest.mark.parametrize(
    ("items", "reason"),
    [
        pytest.param([payment("Ana", "Ana", 5)], '"from" and "to" are two of the evening', id="to oneself"),
        pytest.param([payment("Ana", "Zoé", 5)], '"from" and "to" are two of the evening', id="not a player"),
        pytest.param([payment(3, "Ben", 5)], '"from" and "to" are two of the evening', id="a name that is no text"),
        pytest.param([payment("Ana", "Ben", 0)], '"chips" is a whole number of chips, not 0', id="no chips"),
        pytest.param([payment("Ana", "Ben", 1.5)], '"chips" is a whole number', id="half a chip"),
        pytest.param([payment("Ana", "Ben", True)], '"chips" is a whole number', id="true is no number"),
        pytest.param([payment("Ana", "Ben", -5)], "takes back a payment that was not made", id="nothing to take back"),
        pytest.param(
            [payment("Ana", "Ben", 5), payment("Ben", "Ana", -5)], "payment 2: it takes back a payment that was not",
            id="taken back the other way round",
        ),
        pytest.param(
            [payment("Ana", "Ben", 5), payment("Ana", "Ben", -4)], "payment 2: it takes back a payment that was not",
            id="taken back for another amount",
        ),
    ],
)  # fmt: skip
def test_a_bad_payment_is_refused_by_its_number(items: list[dict[str, Any]], reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        read_payments(items, PLAYERS)


def test_a_payment_taken_back_cancels_one_equal_payment_still_standing() -> None:
    made, again = (MarkedPayment("Ana", "Ben", 5, t) for t in ("t1", "t2"))
    back = MarkedPayment("Ana", "Ben", -5, "t3")
    smaller = MarkedPayment("Ana", "Ben", 3, "t")

    def owed(payments: list[MarkedPayment]) -> list[tuple[str, str, int]]:
        return [(p.payer, p.payee, p.chips) for p in standing_payments(payments)]

    assert owed([made, again, back]) == [("Ana", "Ben", 5)]
    assert owed([made, back, again]) == [("Ana", "Ben", 5)]
    assert owed([smaller, back]) == [("Ana", "Ben", 3)]
    assert owed([made, back, back]) == []


@pytest.mark.parametrize(("length", "read"), [(2000, True), (2001, False)])
def test_a_ruling_text_holds_at_most_2000_characters(length: int, read: bool) -> None:
    if read:
        assert read_rulings([ruling(answer="x" * length)])[0].answer == "x" * length
    else:
        with pytest.raises(RecordError, match='ruling 1: "answer" is a text of at most 2000 characters'):
            read_rulings([ruling(answer="x" * length)])
