"""Payments of the evening's settle-up that the players have made."""

from __future__ import annotations

from collections.abc import Mapping

from sqlite_utils import Database

from referee.storage.db import writing
from referee.storage.evenings import now


class PaymentsChanged(Exception):
    """Another payment was marked since the plan was worked out: the plan must be worked out again."""


def last_payment(db: Database, evening_id: int) -> int:
    """The id of the evening's latest payment (0 for none): the plan it was worked out after."""
    row = db.execute("SELECT COALESCE(MAX(id), 0) FROM payments WHERE evening_id = ?", [evening_id]).fetchone()
    return int(row[0])


def record_payment(
    db: Database, evening_id: int, payer: str, payee: str, chips: int, submission: str | None, after: int
) -> None:
    """Mark `payer` as having paid `payee` `chips`, decided on the plan worked out after payment `after`.

    The same form sent twice counts once; PaymentsChanged when another payment was marked since `after`
    (checked inside the write, so two phones tapping "Paid" at once never record it twice).
    """
    with writing(db):
        if submission and db.execute("SELECT 1 FROM payments WHERE submission = ?", [submission]).fetchone():
            return
        if last_payment(db, evening_id) != after:
            raise PaymentsChanged(evening_id)
        row = {"evening_id": evening_id, "payer": payer, "payee": payee, "chips": chips}
        db.table("payments").insert({**row, "submission": submission or None, "created_at": now()})


def paid(db: Database, evening_id: int) -> Mapping[str, int]:
    """What the payments made so far did to each player's balance (a payer's balance goes up)."""
    moved: dict[str, int] = {}
    for row in db.query("SELECT payer, payee, chips FROM payments WHERE evening_id = ?", [evening_id]):
        moved[row["payer"]] = moved.get(row["payer"], 0) + row["chips"]
        moved[row["payee"]] = moved.get(row["payee"], 0) - row["chips"]
    return moved
