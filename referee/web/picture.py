"""The evening in one picture (#44): a PNG of a game's standings or of the evening's result (who pays whom), drawn on
the server with Pillow, for a phone to share in its group's chat.

What it draws is a small frozen view model (`Picture`): every text on the image is one of its strings (`texts`), so
a test reads the picture back from its source. A text wider than its room is wrapped at its spaces and hyphens (a
word longer than the whole width, at its letters), never cut: `laid_out` says where each piece goes, and every piece
lies inside the image. The font is Atkinson Hyperlegible (made for low vision; its Latin covers French and the
accents of every name the tests seat): Pillow's own default font has no accented letter.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

WIDTH = 1080  # px: a phone's chat shows it across its width, and zooms in
MARGIN = 64
GAP = 28  # px between a name and its figures, and between figures
COLOURS = 64  # the PNG's palette: flat colours and their anti-aliased edges (about 40 KB where RGB takes 150 KB)
INK, MUTED, ACCENT, PAPER = "#1d1d1b", "#5b5b55", "#0b6b3a", "#fdfcf8"
SIZES = {"title": 60, "subtitle": 34, "heading": 40, "row": 40, "line": 34, "footer": 26}
FONTS = files("fontpkg_atkinson_hyperlegible") / "files"


@dataclass(frozen=True)
class Row:
    """A line of a table: a rank ("1", or ""), a name, and its figures (a total; chips and money), the winner's bold."""

    name: str
    figures: tuple[str, ...] = ()
    rank: str = ""
    strong: bool = False


@dataclass(frozen=True)
class Section:
    """A part of the picture: its heading, a table (its figures' headings, then its rows), and sentences under it."""

    heading: str
    columns: tuple[str, ...] = ()
    rows: tuple[Row, ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Picture:
    """Everything a picture shows, in the reader's language: its title, a line under it (the date, the games), its
    sections, and a last line."""

    title: str
    subtitle: str
    sections: tuple[Section, ...] = ()
    footer: str = "referee"

    @property
    def texts(self) -> tuple[str, ...]:
        """Every text the picture draws, in the order it draws them."""
        found = [self.title, self.subtitle]
        for section in self.sections:
            found += [section.heading, *section.columns]
            for row in section.rows:
                found += [text for text in (row.rank, row.name, *row.figures) if text]
            found += section.lines
        return (*(text for text in found if text), self.footer)


@dataclass(frozen=True)
class Placed:
    """A piece of text where the picture draws it: its box's left and top, its width and height, its style."""

    text: str
    x: int
    y: int
    width: int
    height: int
    style: str
    bold: bool = False
    colour: str = INK


@dataclass
class _Page:
    """The pieces placed so far, and the height reached."""

    placed: list[Placed] = field(default_factory=list)
    y: int = MARGIN

    def put(
        self, text: str, x: int, style: str, *, bold: bool = False, colour: str = INK, right: int = 0, y: int = 0
    ) -> None:
        """Place `text` at `x` (or ending at `right`), on the current line (or at `y`)."""
        width = round(_font(style, bold).getlength(text))
        left = right - width if right else x
        self.placed.append(Placed(text, left, y or self.y, width, _height(style), style, bold, colour))


@cache
def _font(style: str, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "AtkinsonHyperlegible-Bold.ttf" if bold else "AtkinsonHyperlegible-Regular.ttf"
    return ImageFont.truetype(io.BytesIO((FONTS / name).read_bytes()), SIZES[style])


def _height(style: str) -> int:
    return round(SIZES[style] * 1.3)


def wrapped(text: str, style: str, width: int, *, bold: bool = False) -> list[str]:
    """`text` in lines no wider than `width` px: broken after a space or a hyphen, a word too long for a line at its
    letters; the lines joined again give `text` back (each space kept at the end of its line)."""
    font = _font(style, bold)
    pieces = [piece for piece in re.split(r"(?<=[\s-])", text) if piece]
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if font.getlength((line + piece).rstrip()) <= width:
            line += piece
            continue
        if line:
            lines.append(line)
        line = ""
        for letter in piece:  # a piece longer than a line: its letters, as many as fit
            if line and font.getlength((line + letter).rstrip()) > width:
                lines.append(line)
                line = ""
            line += letter
    if line or not lines:
        lines.append(line)
    return lines


def _lines(page: _Page, text: str, x: int, width: int, style: str, *, bold: bool = False, colour: str = INK) -> None:
    """`text` wrapped at `x`, `width` px wide, one line under another."""
    for line in wrapped(text, style, width, bold=bold):
        page.put(line, x, style, bold=bold, colour=colour)
        page.y += _height(style)


def _table(page: _Page, section: Section) -> None:
    """A section's table: each row's rank and name, its figures in columns on the right (each as wide as its widest)."""
    right = WIDTH - MARGIN
    rank_width = max((round(_font("row", True).getlength(row.rank)) for row in section.rows), default=0)
    rank_width += GAP if rank_width else 0
    figures = max((len(row.figures) for row in section.rows), default=0)
    widths = [
        max(
            [round(_font("row", True).getlength(row.figures[n])) for row in section.rows if n < len(row.figures)]
            + [round(_font("line").getlength(section.columns[n])) if n < len(section.columns) else 0]
        )
        for n in range(figures)
    ]
    edges = [right - sum(widths[n + 1 :]) - GAP * (figures - 1 - n) for n in range(figures)]
    name_width = (edges[0] - widths[0] - GAP if figures else right) - MARGIN - rank_width
    if section.columns:
        for n, column in enumerate(section.columns[:figures]):
            page.put(column, 0, "line", colour=MUTED, right=edges[n])
        page.y += _height("line")
    for row in section.rows:
        top = page.y
        if row.rank:
            page.put(row.rank, MARGIN, "row", colour=MUTED)
        _lines(page, row.name, MARGIN + rank_width, name_width, "row", bold=row.strong)
        for n, figure in enumerate(row.figures):
            page.put(figure, 0, "row", bold=row.strong or n == 0, right=edges[n], y=top)
        page.y = max(page.y, top + _height("row")) + 6


def laid_out(picture: Picture) -> tuple[tuple[int, int], tuple[Placed, ...]]:
    """The picture's size, and every piece of text where it is drawn."""
    page = _Page()
    width = WIDTH - 2 * MARGIN
    _lines(page, picture.title, MARGIN, width, "title", bold=True, colour=ACCENT)
    _lines(page, picture.subtitle, MARGIN, width, "subtitle", colour=MUTED)
    for section in picture.sections:
        page.y += 36
        _lines(page, section.heading, MARGIN, width, "heading", bold=True)
        page.y += 8
        _table(page, section)
        for line in section.lines:
            _lines(page, line, MARGIN, width, "line")
    page.y += 24
    _lines(page, picture.footer, MARGIN, width, "footer", colour=MUTED)
    return (WIDTH, page.y + MARGIN // 2), tuple(page.placed)


def draw(picture: Picture) -> bytes:
    """The picture as a PNG: its texts on paper, under a band the colour of the app."""
    size, placed = laid_out(picture)
    image = Image.new("RGB", size, PAPER)
    canvas = ImageDraw.Draw(image)
    canvas.rectangle((0, 0, WIDTH, 14), fill=ACCENT)
    for piece in placed:
        canvas.text((piece.x, piece.y), piece.text, font=_font(piece.style, piece.bold), fill=piece.colour)
    out = io.BytesIO()
    image.quantize(COLOURS, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()
