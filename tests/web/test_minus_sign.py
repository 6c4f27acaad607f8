"""One minus sign (#34): every negative number a page shows is written with U+2212 "−", in both languages, and the
exports keep ASCII "-" so that a spreadsheet adds them."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from tests.web.conftest import Table

EVENING = Path(__file__).parent.parent / "rules" / "evenings" / "kaluki_and_kaiser.json"
HYPHEN_MINUS = re.compile(r"(?<![\w\-])-\d")  # "-6", "-4,00 €": not "2026-11-28", not "Marie-Françoise"


def shown_text(html: str) -> str:
    """What a reader sees of a page: its text, without scripts, styles, tags or attributes."""
    html = re.sub(r"<(script|style|textarea)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_pages_of_a_played_evening_write_negative_numbers_with_a_minus_sign(table: Table, language: str) -> None:
    table.client.set_cookie("lang", language)
    imported = table.post("/import", {"text": EVENING.read_text(encoding="utf-8")})
    assert imported.status_code == 303
    evening = imported.headers["Location"]
    pages = [evening, f"{evening}/games/1", f"{evening}/games/2", f"{evening}/settle"]
    texts = {page: shown_text(table.get(page).get_data(as_text=True)) for page in pages}
    assert all("−" in text for page, text in texts.items() if page != f"{evening}/games/1")  # some are below 0
    wrong = {page: HYPHEN_MINUS.findall(text) for page, text in texts.items() if HYPHEN_MINUS.search(text)}
    assert not wrong, wrong


def test_the_sheet_s_csv_keeps_ascii_minus_signs(table: Table) -> None:
    evening = table.post("/import", {"text": EVENING.read_text(encoding="utf-8")}).headers["Location"]
    rows = list(csv.reader(io.StringIO(table.get(f"{evening}/games/1/sheet.csv").get_data(as_text=True))))
    cells = [cell for row in rows for cell in row]
    assert not any("−" in cell for cell in cells)
    assert any(re.fullmatch(r"-\d+", cell) for cell in cells)  # the chips footer: a number a spreadsheet adds
