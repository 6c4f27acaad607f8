"""The disputes log: the rulings asked during an evening."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from referee.rules.said_data import said_again, said_data
from referee.storage.db import inside
from referee.storage.evenings import now


@dataclass(frozen=True)
class Ruling:
    """One ruling: what was asked, under which rules, and what the referee answered.

    `question` and `answer` are said in the reader's language when the ruling kept what they were said from, else
    they are the text as it was given (a ruling saved before that, or imported from a record).
    """

    kind: str
    rules: str
    question: str
    answer: str
    at: str


def log_ruling(db: Database, evening_id: int, kind: str, rules: str, question: str, answer: str) -> None:
    """Keep a ruling in the evening's disputes log, inside the caller's transaction (`inside`): its question and answer
    as text, in the language spoken now, and what they were said from, to be said again in a reader's language."""
    inside(db)
    said = json.dumps({"question": said_data(question), "answer": said_data(answer)}, ensure_ascii=False)
    row = {"evening_id": evening_id, "kind": kind, "rules": rules, "question": str(question), "answer": str(answer)}
    db.table("rulings").insert({**row, "said": said, "created_at": now()})


def rulings_of(db: Database, evening_id: int) -> list[Ruling]:
    """The evening's rulings, newest first."""
    rows = db.table("rulings").rows_where("evening_id = ?", [evening_id], order_by="id desc")
    return [_ruling(row) for row in rows]


def _ruling(row: dict[str, Any]) -> Ruling:
    """A row of the log as a ruling, its question and answer said again from what they were said from, if it says."""
    said = _said(row.get("said"))
    question = said_again(said.get("question")) or row["question"]
    answer = said_again(said.get("answer")) or row["answer"]
    return Ruling(row["kind"], row["rules"], question, answer, row["created_at"])


def _said(text: str | None) -> dict[str, object]:
    """The `said` column read: {} for none, or for anything that is not what `log_ruling` wrote."""
    if not isinstance(text, str):
        return {}
    try:
        said = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    return said if isinstance(said, dict) else {}
