"""Payments of the evening's settle-up that the players have made."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sqlite_utils import Database

from referee.storage.db import inside
from referee.storage.evenings import now


class PaymentsChanged(Exception):
    """Another payment was marked since the plan was worked out: the plan must be worked out again."""


def already_sent(db: Database, submission: str | None) -> bool:
    """Whether the form with this one-time key was recorded already (a double tap, a resend)."""
    return (
        bool(submission)
        and db.execute("SELECT 1 FROM payments WHERE submission = ?", [submission]).fetchone() is not None
    )


def last_payment(db: Database, evening_id: int) -> int:
    """The id of the evening's latest payment (0 for none): the plan it was worked out after."""
    row = db.execute("SELECT COALESCE(MAX(id), 0) FROM payments WHERE evening_id = ?", [evening_id]).fetchone()
    return int(row[0])


def record_payment(
    db: Database, evening_id: int, payer: str, payee: str, chips: int, submission: str | None, after: int
) -> None:
    """Mark `payer` as having paid `payee` `chips`, decided on the plan worked out after payment `after`.

    The same form sent twice counts once; PaymentsChanged when another payment was marked since `after`
    (checked inside the caller's transaction, `inside`, so two phones tapping "Paid" at once never record it twice).
    """
    inside(db)
    if already_sent(db, submission):
        return
    if last_payment(db, evening_id) != after:
        raise PaymentsChanged(evening_id)
    row = {"evening_id": evening_id, "payer": payer, "payee": payee, "chips": chips}
    db.table("payments").insert({**row, "submission": submission or None, "created_at": now()})


@dataclass(frozen=True)
class Made:
    """A payment marked as made and not taken back: its id, who paid whom, and how many chips."""

    id: int
    payer: str
    payee: str
    chips: int


def payments_made(db: Database, evening_id: int) -> list[Made]:
    """The payments marked as made and still standing, oldest first (a taken-back one is left out)."""
    rows = db.query("SELECT id, payer, payee, chips FROM payments WHERE evening_id = ? ORDER BY id", [evening_id])
    standing: list[Made] = []
    for row in rows:
        if row["chips"] > 0:
            standing.append(Made(row["id"], row["payer"], row["payee"], row["chips"]))
            continue
        back = next(
            (m for m in standing if (m.payer, m.payee, m.chips) == (row["payer"], row["payee"], -row["chips"])), None
        )
        if back is not None:
            standing.remove(back)
    return standing


def take_back(db: Database, evening_id: int, payment_id: int, submission: str | None) -> None:
    """Take back payment `payment_id` (a mistaken "Paid"): a row of the opposite amount; nothing is erased.

    The same form sent twice counts once; PaymentsChanged when that payment no longer stands (taken back
    from another phone meanwhile). Inside the caller's transaction (`inside`), which the checks share with the write.
    """
    inside(db)
    if already_sent(db, submission):
        return
    made = next((m for m in payments_made(db, evening_id) if m.id == payment_id), None)
    if made is None:
        raise PaymentsChanged(evening_id)
    row = {"evening_id": evening_id, "payer": made.payer, "payee": made.payee, "chips": -made.chips}
    db.table("payments").insert({**row, "submission": submission or None, "created_at": now()})


def paid(db: Database, evening_id: int) -> Mapping[str, int]:
    """What the payments made so far did to each player's balance (a payer's balance goes up)."""
    moved: dict[str, int] = {}
    for row in db.query("SELECT payer, payee, chips FROM payments WHERE evening_id = ?", [evening_id]):
        moved[row["payer"]] = moved.get(row["payer"], 0) + row["chips"]
        moved[row["payee"]] = moved.get(row["payee"], 0) - row["chips"]
    return moved
