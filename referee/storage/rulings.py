"""The disputes log: the rulings asked during an evening."""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from referee.storage.db import inside
from referee.storage.evenings import now


@dataclass(frozen=True)
class Ruling:
    """One ruling: what was asked, under which rules, and what the referee answered."""

    kind: str
    rules: str
    question: str
    answer: str
    at: str


def log_ruling(db: Database, evening_id: int, kind: str, rules: str, question: str, answer: str) -> None:
    """Keep a ruling in the evening's disputes log, inside the caller's transaction (`inside`)."""
    inside(db)
    row = {"evening_id": evening_id, "kind": kind, "rules": rules, "question": question, "answer": answer}
    db.table("rulings").insert({**row, "created_at": now()})


def rulings_of(db: Database, evening_id: int) -> list[Ruling]:
    """The evening's rulings, newest first."""
    rows = db.table("rulings").rows_where("evening_id = ?", [evening_id], order_by="id desc")
    return [Ruling(r["kind"], r["rules"], r["question"], r["answer"], r["created_at"]) for r in rows]
