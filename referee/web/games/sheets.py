"""The score sheet of any game, as small frozen view models laid out from the scorebook's replay.

One `Sheet` for every family: columns (players, or Kaiser's teams), a line per entry with each column's
running total and change, footer rows, and what the game says now (who deals, the pot, the winner). Each
family lays out its own lines and rows in one `Layout`, picked by the game's family and nowhere else. A long
game shows its latest lines; the earlier ones are a tap away.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from flask import g, has_request_context
from flask_babel import gettext as _
from flask_babel import ngettext

from referee.rules.families import family_of, game_said
from referee.rules.game import AnyEvent, Offer
from referee.services.games import Book, Entry
from referee.web.games.corrections import entry_named
from referee.web.games.families import layout_of
from referee.web.games.lines import Column, Footer, Line, Unit

LINES_SHOWN = 20  # the latest lines a long game shows; the rest are behind "earlier rounds"
SLACK = 5  # a game only a few lines longer than that shows them all
COLOURS = 8  # player-0 … player-7 in referee.css, and the chart's series-0 … series-7: one per seat of an evening
# The letters a column's header shows on a 360 px phone, by the number of columns: a longer name is shortened
# (`short_names`: unless it fits all the same).
HEADER_ROOM = {2: 14, 3: 9, 4: 6, 5: 5, 6: 4, 7: 4, 8: 4}
WHOLE = 5  # a name of 5 letters or fewer is never shortened: its short form ("Mar.") would save a letter at most


@dataclass(frozen=True)
class Sheet:
    """Everything a game's sheet shows, for either family."""

    family: str
    preset: str
    name: str  # what the pages call the game: its preset's name, or its own (`families.game_said`)
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]
    earlier: int  # lines not shown
    footers: tuple[Footer, ...]
    noted: bool  # the lines carry a note column (Kaiser's bids)
    unit: Unit  # what its lines count: rounds, or hands
    over: bool
    winner: str | None
    verdict: str  # the result once the game is over
    status: str  # while it is played: the pot, who deals
    offers: tuple[Offer, ...]
    still_in: tuple[str, ...]
    last: Entry | None  # the entry the undo button deletes
    version: int
    problem: str | None  # the first entry that no longer replays, said
    reach: int = 0  # the most one round has added to a player's total so far: a round's reach
    threshold: int | None = None  # the total that eliminates (None: no elimination)
    played: int = 0  # the rounds or hands played so far

    @property
    def standings(self) -> tuple[str, ...]:
        """The marks the sheet shows ("leader", "danger"), each once, for its legend."""
        return tuple(dict.fromkeys(column.standing for column in self.columns if column.standing))


def short_names(names: Sequence[str], noted: bool = False) -> tuple[str, ...]:
    """Each name as the header of one of `len(names)` narrow columns shows it ("" when it fits), all distinct; a
    sheet whose lines carry a note column (`noted`: Kaiser's bids) has that much less room for them.

    >>> short_names(["Bernadette", "Guillaume", "Stéphanie", "Christophe"])
    ('Berna.', 'Guill.', 'Stéph.', 'Chris.')
    >>> short_names(["Ana", "Marie-Hélène", "Maximilien", "Jean-Baptiste", "Éloïse", "Bo", "Cy", "Di"])
    ('', 'M-H', 'Max.', 'J-B', 'Élo.', '', '', '')
    >>> short_names(["Bénédicte & Ségolène", "Maximilien Morel & Anne-Sophie Müller"], noted=True)  # Kaiser's teams
    ('B & S', 'MM & ASM')
    >>> short_names(["Anaïs & Zoë", "Ana & Ben"], noted=True)
    ('A & Z', '')

    A name is shortened only when it does not fit: one of 5 letters never is, and one a letter longer than the room
    shows whole while the other columns leave room to spare, as the columns share the sheet's width.

    >>> short_names(["Marie-France", "Bernadette", "Jérôme", "Benoît", "Léa"])  # 5 columns: 5 letters each
    ('M-F', 'Bern.', '', 'Beno.', '')
    >>> short_names(["Jérôme", "Maxime", "Mathéo", "Noémie", "Amélie"])  # no room to spare: each is shortened
    ('Jérô.', 'Maxi.', 'Math.', 'Noém.', 'Amél.')
    >>> short_names(["Marie", "Sonia", "Chloé", "Julie", "Louis", "Lucas", "Hugo", "Emma"])  # 8 columns of 4 letters
    ('', '', '', '', '', '', '', '')
    """
    room = HEADER_ROOM.get(len(names) + noted, min(HEADER_ROOM.values()))
    shown = [_shortened(name, room) for name in names]
    # The letters the columns leave unused, roughly: a short name is a button at least 5 letters wide (44 px).
    widths = (len(short) if short == name else max(len(short), WHOLE) for short, name in zip(shown, names, strict=True))
    spare = room * len(names) - sum(widths)
    for n in sorted(range(len(names)), key=lambda n: len(names[n])):  # the shortest names first
        if shown[n] == names[n]:
            continue
        grows = len(names[n]) - len(shown[n]) + 1  # its short form's dot is narrower than a letter
        if len(names[n]) <= WHOLE or (len(names[n]) == room + 1 and grows <= spare):
            shown[n], spare = names[n], spare - grows
    longer = room
    while clashes := [n for n, short in enumerate(shown) if shown.count(short) > 1 and short != names[n]]:
        longer += 1  # names shortened alike are all made longer, until each differs
        for n in clashes:
            shown[n] = _shortened(names[n], longer, initials=False)
    return tuple("" if short == name else short for short, name in zip(shown, names, strict=True))


def _shortened(name: str, room: int, *, initials: bool = True) -> str:
    """`name` in at most `room` letters: whole, a compound name's initials ("J-B"), or its start and a dot."""
    if len(name) <= room:
        return name
    partners = name.split(" & ")
    if initials and len(partners) > 1:  # a Kaiser team: each partner's initials, as short as a column needs
        team = " & ".join("".join(part[0] for part in re.split(r"[\s-]+", partner) if part) for partner in partners)
        if len(team) <= room:
            return team
    parts = [part for part in re.split(r"[\s-]+", name) if part]
    if initials and len(parts) > 1 and 2 * len(parts) - 1 <= room:
        return ("-" if "-" in name else "").join(part[0] for part in parts)
    return name[: room - 1].rstrip(" -") + "."


def colours(players: Sequence[str], seats: Sequence[str] = ()) -> dict[str, int]:
    """Each player's colour: their seat at the evening (`seats`) when they have one, so it is the same in every game.

    >>> colours(["Cy", "Ana"], ["Ana", "Bo", "Cy"])
    {'Cy': 2, 'Ana': 0}
    """
    order = [*seats, *(name for name in players if name not in seats)]
    return {name: order.index(name) % COLOURS for name in players}


def evening_seats() -> tuple[str, ...]:
    """The players of the evening the request opened, in seat order (none outside an evening)."""
    evening = g.get("evening") if has_request_context() else None
    return tuple(evening.players) if evening is not None else ()


def _dressed(columns: tuple[Column, ...], marks: Mapping[str, str], players: bool, noted: bool) -> tuple[Column, ...]:
    """The columns with their short header names and, for players, their colours and marks."""
    shorts = short_names([column.name for column in columns], noted)
    painted = colours([column.name for column in columns], evening_seats()) if players else {}
    return tuple(
        replace(column, short=short, colour=painted.get(column.name), standing=marks.get(column.name, ""))
        for column, short in zip(columns, shorts, strict=True)
    )


def build_sheet(book: Book, *, everything: bool = False, lines: bool = True) -> Sheet:
    """The sheet of a game: its latest lines (all of them with `everything`; none without `lines`, for an answer that
    adds one line to the sheet a phone has), columns, footers and status."""
    layout = layout_of(book.family)
    steps = book.replayed.steps
    first = 0 if everything or len(steps) <= LINES_SHOWN + SLACK else len(steps) - LINES_SHOWN
    shown = range(first, len(steps)) if lines else range(0)
    drawn = (layout.line(book.entries[n], book.replayed, n + 1) for n in shown)
    lines_drawn = tuple(line for line in drawn if line is not None)
    # The rounds (or hands) played: the number of the last line that has one (a buy-back, a passed deal has none).
    last = (layout.line(book.entries[n], book.replayed, n + 1) for n in reversed(range(len(steps))))
    played = next((line.number for line in last if line is not None and line.number is not None), 0)
    state = book.state
    refusal = book.replayed.refusal
    marks = layout.marks(book.replayed)
    return Sheet(
        family=book.family,
        preset=book.rules.preset,
        name=game_said(book.rules),
        columns=_dressed(layout.columns(state), marks.standing, layout.coloured, layout.noted),
        lines=lines_drawn,
        earlier=first,
        footers=layout.footers(state),
        noted=layout.noted,
        unit=layout.unit,
        over=state.over,
        winner=state.winner,
        verdict=layout.verdict(state),
        status="" if state.over else layout.status(state),
        offers=state.offers(),
        still_in=state.still_in(),
        last=book.entries[-1] if book.entries else None,
        version=book.version,
        problem=None
        if refusal is None
        else str(_("%(entry)s: %(reason)s", entry=entry_named(book, refusal.position), reason=refusal.reason)),
        reach=marks.reach,
        threshold=marks.threshold,
        played=played,
    )


def line_of(book: Book, slot: int) -> Line | None:
    """The line of the entry at `slot` alone: what a round's htmx answer adds to the sheet."""
    position = book.position_of(slot)
    if position is None or position > len(book.replayed.steps):
        return None
    return layout_of(book.family).line(book.entries[position - 1], book.replayed, position)


def line_instead(book: Book, slot: int, event: AnyEvent) -> Line | str:
    """The line `event` would make in place of the entry at `slot`, or why it cannot stand there."""
    position = book.position_of(slot)
    if position is None or position > len(book.replayed.steps):
        return ""
    replayed = book.replayed.corrected(position, event)
    if replayed.refusal is not None and replayed.refusal.position == position:
        return replayed.refusal.reason
    entry = book.entries[position - 1]
    return layout_of(book.family).line(entry, replayed, position) or ""


@dataclass(frozen=True)
class GameSummary:
    """A game in one line, for the evening and the settle-up: its totals, result, pot and chips."""

    number: int
    preset: str
    name: str  # what the pages call the game (`families.game_said`)
    columns: tuple[Column, ...]
    over: bool
    winner: str | None
    played: str  # "12 rounds", "3 hands"
    pot: int  # chips still in the pot
    chips: dict[str, int]  # each player's net chips (none for Kaiser)


def summarise(book: Book) -> GameSummary:
    """A game's summary, from its replay's last state only."""
    layout = layout_of(book.family)
    state = book.state
    family = family_of(book.rules)  # the family says which entries are rounds or hands played
    count = sum(family.counted(step.event.kind) for step in book.replayed.steps)
    played = (
        ngettext("%(num)s round", "%(num)s rounds", count)
        if layout.unit == Unit.ROUNDS
        else ngettext("%(num)s hand", "%(num)s hands", count)
    )
    chips = layout.chips(state)
    pot = layout.pot(state)
    return GameSummary(
        book.game.number,
        book.rules.preset,
        game_said(book.rules),
        layout.columns(state),
        state.over,
        state.winner,
        played,
        pot,
        chips,
    )


@dataclass(frozen=True)
class Balance:
    """A player's chips over the evening's games."""

    name: str
    chips: int


def evening_balances(players: Sequence[str], games: Sequence[GameSummary]) -> tuple[Balance, ...]:
    """Each player's net chips over the evening's games so far (the pot counts once it is paid out)."""
    totals = dict.fromkeys(players, 0)
    for game in games:
        for name, chips in game.chips.items():
            totals[name] = totals.get(name, 0) + chips
    return tuple(Balance(name, chips) for name, chips in totals.items())
