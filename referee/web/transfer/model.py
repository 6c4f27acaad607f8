"""What the exports send: a record as a JSON download, a game's score sheet as CSV."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping

from flask import Response
from flask_babel import gettext as _

from referee.web.games.labels import entry_said
from referee.web.games.lines import Unit
from referee.web.games.sheets import Sheet


def download(body: str, name: str, kind: str) -> Response:
    """`body` as a file to save, named `name`."""
    response = Response(body, mimetype=kind)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def json_file(data: Mapping[str, object]) -> str:
    """A record as its file holds it: JSON, indented, in UTF-8 (names as written)."""
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def compact(data: object) -> str:
    """A record as the choice page carries it to the second step: JSON on one line."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def sheet_csv(sheet: Sheet) -> str:
    """A score sheet as CSV: a line per entry with each column's change, then the totals and footers."""
    out = io.StringIO()
    writer = csv.writer(out)
    unit, note = (_("Round"), _("Winner")) if sheet.unit == Unit.ROUNDS else (_("Hand"), _("Bid"))
    writer.writerow([unit, _("Entry"), note, *(_cell(column.name) for column in sheet.columns)])
    for line in sheet.lines:
        kind = entry_said(sheet.family, line.kind)  # in the reader's words: "manche", not the record's type
        entry = f"{kind} · {line.badge}" if line.badge and line.badge != kind else kind  # "manche · tout d'un coup"
        writer.writerow([line.number or "", entry, _cell(line.note), *(_cell(cell.change) for cell in line.cells)])
    writer.writerow(["", _("Total"), "", *(column.total for column in sheet.columns)])
    for footer in sheet.footers:
        writer.writerow(["", footer.label, "", *(_cell(text) for text in (footer.words or footer.cells))])
    return out.getvalue()


# What a spreadsheet reads as a formula: a cell starting with one of these. A sign followed by a number alone
# ("-3", "+33" chips) is a number, and stays one so that a column of chips adds up.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
SIGNED_NUMBER = re.compile(r"[+-][0-9]+(?:[.,][0-9]+)?")


def _cell(text: str) -> str:
    """A cell a spreadsheet will not run: one that would start a formula is written as text (a `'` before it).

    >>> _cell("=1+1"), _cell("-2+3*cmd"), _cell("@SUM(A1)"), _cell("-3"), _cell("+33"), _cell("Ana")
    ("'=1+1", "'-2+3*cmd", "'@SUM(A1)", '-3', '+33', 'Ana')
    """
    text = text.replace("\u2212", "-")  # the page's minus sign: a spreadsheet adds "-3", not "−3"
    if text.startswith(FORMULA_STARTS) and not SIGNED_NUMBER.fullmatch(text):
        return f"'{text}"
    return text


def formula_safe(text: str) -> str:
    """A CSV cell as the score sheet writes it: text that would start a spreadsheet formula gets a `'` before it."""
    return _cell(text)
