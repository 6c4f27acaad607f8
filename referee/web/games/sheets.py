"""The score sheet of any game, as small frozen view models laid out from the scorebook's replay.

One `Sheet` for every family: columns (players, or Kaiser's teams), a line per entry with each column's
running total and change, footer rows, and what the game says now (who deals, the pot, the winner). Each
family lays out its own lines and rows in one `Layout`, picked by the game's family and nowhere else. A long
game shows its latest lines; the earlier ones are a tap away.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from flask import g, has_request_context
from flask_babel import gettext as _
from flask_babel import ngettext

from referee.rules.cards import JOKER, SUIT_SYMBOLS, Card
from referee.rules.game import Kind, Offer, Status, Step
from referee.rules.kaiser import HandResult, KaiserGame, score_hand
from referee.rules.kaiser_bidding import Bid
from referee.rules.kaiser_events import SUITS, KaiserHand
from referee.rules.rummy import BuybackResult, RoundResult, RummyGame
from referee.rules.rummy_events import Round
from referee.rules.table import Family, RummyRules, Scoring
from referee.rules.values import hand_card_value
from referee.rules.words import signed
from referee.services.games import Book, Change, Entry
from referee.web.games.labels import FIELD, FINISH, KIND, STATUS, STATUS_MARK, Field, per_player

SHOWN = 20  # the latest lines a long game shows; the rest are behind "earlier rounds"
SLACK = 5  # a game only a few lines longer than that shows them all
COLOURS = 8  # player-0 … player-7 in referee.css, and the chart's series-0 … series-7: one per seat of an evening
# The letters a column's header shows on a 360 px phone, by the number of columns: a longer name is shortened.
HEADER_ROOM = {2: 14, 3: 9, 4: 6, 5: 5, 6: 4, 7: 4, 8: 4}


@dataclass(frozen=True)
class Column:
    """A player's (or a Kaiser team's) column: the name, the total, and whether they deal next."""

    name: str
    total: int
    deals: bool = False
    css: str = ""  # "status-eliminated", "status-out"
    short: str = ""  # the name as a narrow column's header shows it ("Bern.", "M-H"); "" when the whole name fits
    colour: int | None = None  # the player's colour, `player-N` in referee.css: the same on the sheet, chart, history
    standing: str = ""  # "leader", or "danger": within a round's reach of elimination


@dataclass(frozen=True)
class Cell:
    """One column's part of a line: the running total after it and the line's change ("+40", "↺")."""

    total: str
    change: str
    mark: str = ""  # "winner" (went out) or "bidder" (the bidding team)


@dataclass(frozen=True)
class Line:
    """One entry on the sheet: its number, a badge ("all in one", "void", "buy-back"), a note and its cells."""

    slot: int
    revision: int
    kind: Kind
    number: int | None  # the round's (or hand's) number; None for a buy-back or a passed deal
    badge: str
    note: str  # Kaiser: who bid what; a passed deal: whose deal
    cells: tuple[Cell, ...]
    explanations: tuple[str, ...] = ()  # Kaiser: the rule each team's change rests on
    correctable: bool = False


@dataclass(frozen=True)
class Footer:
    """A row under the lines: its label and a text per column (with a word for screen readers)."""

    label: str
    cells: tuple[str, ...]
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class Sheet:
    """Everything a game's sheet shows, for either family."""

    family: Family
    preset: str
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]
    earlier: int  # lines not shown
    footers: tuple[Footer, ...]
    noted: bool  # the lines carry a note column (Kaiser's bids)
    unit: str  # "round" or "hand"
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

    @property
    def standings(self) -> tuple[str, ...]:
        """The marks the sheet shows ("leader", "danger"), each once, for its legend."""
        return tuple(dict.fromkeys(column.standing for column in self.columns if column.standing))

    @property
    def played(self) -> int:
        """The rounds or hands played so far."""
        return sum(line.number is not None for line in self.lines) + self.earlier


@dataclass(frozen=True)
class Marks:
    """The sheet's marks: each column's standing ("leader", "danger"), a round's reach, the elimination threshold."""

    standing: Mapping[str, str] = field(default_factory=dict)
    reach: int = 0
    threshold: int | None = None


class Layout(Protocol):
    """How one family lays out its sheet."""

    unit: str
    noted: bool
    coloured: bool  # a column per player, each in the player's colour (sheet, chart, history)

    def marks(self, state: Any, steps: Sequence[Step]) -> Marks:
        """The leader and the players close to elimination, after `steps`."""

    def columns(self, state: Any) -> tuple[Column, ...]:
        """The columns after the last entry."""

    def line(self, entry: Entry, step: Step, before: Any) -> Line:
        """The line of one entry, from its replay step and the game before it."""

    def footers(self, state: Any) -> tuple[Footer, ...]:
        """The rows under the lines."""

    def verdict(self, state: Any) -> str:
        """The game's result, once it is over."""

    def status(self, state: Any) -> str:
        """What the table needs to know before the next round or hand."""


class RummyLayout:
    """Kaluki and Rami: a column per player, penalties or points, statuses, buy-backs and chips."""

    unit = "round"
    noted = False
    coloured = True

    def marks(self, state: RummyGame, steps: Sequence[Step]) -> Marks:
        """The leader, and every player one round as costly as the costliest so far would eliminate."""
        reach = round_reach(steps)
        return Marks(rummy_standings(state, reach), reach, state.rules.elimination_threshold)

    def columns(self, state: RummyGame) -> tuple[Column, ...]:
        """A column per player, the next dealer marked."""
        dealer = state.dealer()
        return tuple(Column(p.name, p.score, p.name == dealer, f"status-{p.status}") for p in state.players)

    def line(self, entry: Entry, step: Step, before: RummyGame) -> Line:
        """A round's points, a void round, or a buy-back's restart, with every player's running total."""
        after: RummyGame = step.state
        result = step.result
        if isinstance(result, BuybackResult):
            cells = tuple(Cell(str(p.score), "↺") if p.name == result.player else Cell("", "") for p in after.players)
            return Line(entry.slot, entry.revision, Kind.BUYBACK, None, str(KIND[Kind.BUYBACK]), "", cells)
        played = set(before.still_in()) | set(result.points)
        cells = tuple(
            Cell(str(p.score), signed(result.points.get(p.name, 0)) if result.winner else "",
                 "winner" if p.name == result.winner else "")
            if p.name in played else Cell("", "")
            for p in after.players
        )  # fmt: skip
        event = step.event
        if not isinstance(event, Round):
            return Line(entry.slot, entry.revision, Kind.VOID, after.rounds, str(KIND[Kind.VOID]), "", cells)
        badge = "" if not event.finish.all_in_one else str(FINISH[event.finish])
        return Line(entry.slot, entry.revision, Kind.ROUND, after.rounds, badge, event.winner, cells, correctable=True)

    def footers(self, state: RummyGame) -> tuple[Footer, ...]:
        """Each player's status, buy-backs left (where there are buy-backs) and chips."""
        rows = [
            Footer(
                _("Status"),
                tuple(STATUS_MARK[p.status] for p in state.players),
                tuple(str(STATUS[p.status]) for p in state.players),
            )
        ]
        if state.rules.max_buybacks:
            rows.append(
                Footer(_("Buy-backs"), tuple(str(state.rules.max_buybacks - p.buybacks) for p in state.players))
            )
        rows.append(Footer(_("Chips"), tuple(f"{p.chips:+d}" if p.chips else "0" for p in state.players)))
        return tuple(rows)

    def verdict(self, state: RummyGame) -> str:
        """The winner, and the pot they took."""
        if not state.winner:
            return ""
        if state.pot_won:
            return str(
                _("%(name)s wins the game and takes the pot of %(pot)s chips.", name=state.winner, pot=state.pot_won)
            )
        return str(_("%(name)s wins the game.", name=state.winner))

    def status(self, state: RummyGame) -> str:
        """The pot and who deals."""
        dealer = state.dealer()
        deals = _("%(name)s deals", name=dealer) if dealer else ""
        if state.pot or state.rules.ante:
            return f"{_('Pot: %(pot)s chips', pot=state.pot)} · {deals}"
        return deals


class KaiserLayout:
    """Kaiser: a column per team, each hand's bid and the rule each team's change rests on."""

    unit = "hand"
    noted = True
    coloured = False

    def marks(self, state: KaiserGame, steps: Sequence[Step]) -> Marks:
        """None: the teams' columns carry no marks."""
        return Marks()

    def columns(self, state: KaiserGame) -> tuple[Column, ...]:
        """A column per team, the team of the next dealer marked."""
        dealer = state.dealer()
        return tuple(
            Column(name, score, dealer in players)
            for name, players, score in zip(state.teams.names, state.teams.players, state.scores, strict=True)
        )

    def line(self, entry: Entry, step: Step, before: KaiserGame) -> Line:
        """A hand's bid and changes, or a deal everybody passed."""
        result = step.result
        after: KaiserGame = step.state
        if not isinstance(result, HandResult):
            note = _("Everybody passed on %(name)s's deal.", name=result.dealer)
            return Line(
                entry.slot, entry.revision, Kind.PASSED, None, str(KIND[Kind.PASSED]), note, (Cell("", ""),) * 2
            )
        hand = result.hand
        cells = tuple(
            Cell(str(team.score), signed(team.change), "bidder" if team.team == result.bidding_team else "")
            for team in result.results
        )
        # Scored again here, in the reader's language: a cached replay keeps the words of whoever first replayed it.
        said = score_hand(before.rules, before.teams, hand, before.scores, result.position).results
        explanations = tuple(_("%(team)s: %(what)s", team=team.team, what=team.explanation) for team in said)
        if hand.calls:
            explanations = (_auction(hand), *explanations)
        trump = f" {SUITS[hand.trump]}" if hand.trump else ""
        note = f"{hand.bidder} {Bid(hand.bid, hand.no_trump)}{trump}"
        return Line(entry.slot, entry.revision, Kind.HAND, after.hands, "", note, cells, explanations, True)

    def footers(self, state: KaiserGame) -> tuple[Footer, ...]:
        """Each team's players."""
        return (Footer(_("Players"), tuple(" & ".join(players) for players in state.teams.players)),)

    def verdict(self, state: KaiserGame) -> str:
        """The winning team and the final score."""
        if state.winner is None:
            return ""
        other = state.teams.other(state.winner)
        scores = {"score": state.score(state.winner), "other": state.score(other)}
        return str(_("%(team)s win the game, %(score)s to %(other)s.", team=state.winner, **scores))

    def status(self, state: KaiserGame) -> str:
        """Who deals, and the score that wins."""
        dealer = state.dealer()
        target = _("first to %(target)s wins", target=state.rules.target)
        return f"{_('%(name)s deals', name=dealer)} · {target}" if dealer else target


def _auction(hand: KaiserHand) -> str:
    """Who called what, in the order called: "Auction: Ana 6 · Ben pass · Céline 7 no trump · Driss pass"."""
    calls = " · ".join(f"{player} {_('pass') if bid is None else bid}" for player, bid in hand.calls)
    return str(_("Auction: %(calls)s", calls=calls))


LAYOUTS: dict[Family, Layout] = {Family.RUMMY: RummyLayout(), Family.KAISER: KaiserLayout()}


def short_names(names: Sequence[str]) -> tuple[str, ...]:
    """Each name as the header of one of `len(names)` narrow columns shows it ("" when it fits), all distinct.

    >>> short_names(["Bernadette", "Guillaume", "Stéphanie", "Christophe"])
    ('Berna.', 'Guill.', 'Stéph.', 'Chris.')
    >>> short_names(["Ana", "Marie-Hélène", "Maximilien", "Jean-Baptiste", "Éloïse", "Bo", "Cy", "Di"])
    ('', 'M-H', 'Max.', 'J-B', 'Élo.', '', '', '')
    """
    room = HEADER_ROOM.get(len(names), min(HEADER_ROOM.values()))
    shown = [_shortened(name, room) for name in names]
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


def round_reach(steps: Sequence[Step]) -> int:
    """The most points one round has added to one player's total in the game so far: how far a round reaches."""
    added = (max(step.result.points.values(), default=0) for step in steps if isinstance(step.result, RoundResult))
    return max(added, default=0)


def rummy_standings(state: RummyGame, reach: int) -> dict[str, str]:
    """Who leads (the best total of the players still in) and who a round as costly as the worst so far eliminates.

    Nobody leads while every total is level; the danger needs an elimination total and a round played.
    """
    if state.over:
        return {}
    playing = [p for p in state.players if p.status == Status.IN]
    scores = {p.score for p in playing}
    best = max(scores) if state.rules.scoring == Scoring.POINTS else min(scores, default=0)
    marks = {p.name: "leader" for p in playing if len(scores) > 1 and p.score == best}
    threshold = state.rules.elimination_threshold
    if threshold is not None and state.rules.scoring == Scoring.PENALTY and reach:
        for p in playing:
            if p.score + reach > threshold or (state.rules.elimination_inclusive and p.score + reach == threshold):
                marks[p.name] = "danger"
    return marks


def _dressed(columns: tuple[Column, ...], marks: Mapping[str, str], players: bool) -> tuple[Column, ...]:
    """The columns with their short header names and, for players, their colours and marks."""
    shorts = short_names([column.name for column in columns])
    painted = colours([column.name for column in columns], evening_seats()) if players else {}
    return tuple(
        replace(column, short=short, colour=painted.get(column.name), standing=marks.get(column.name, ""))
        for column, short in zip(columns, shorts, strict=True)
    )


def build_sheet(book: Book, *, everything: bool = False) -> Sheet:
    """The sheet of a game: its latest lines (all of them with `everything`), columns, footers and status."""
    layout = LAYOUTS[book.family]
    steps = book.replayed.steps
    first = 0 if everything or len(steps) <= SHOWN + SLACK else len(steps) - SHOWN
    lines = tuple(layout.line(book.entries[n], steps[n], book.replayed.before(n + 1)) for n in range(first, len(steps)))
    state = book.state
    refusal = book.replayed.refusal
    marks = layout.marks(state, steps)
    return Sheet(
        family=book.family,
        preset=book.rules.preset,
        columns=_dressed(layout.columns(state), marks.standing, layout.coloured),
        lines=lines,
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
        problem=None if refusal is None else str(refusal),
        reach=marks.reach,
        threshold=marks.threshold,
    )


def line_of(book: Book, slot: int) -> Line | None:
    """The line of the entry at `slot` alone: what a round's htmx answer adds to the sheet."""
    position = book.position_of(slot)
    if position is None or position > len(book.replayed.steps):
        return None
    step = book.replayed.steps[position - 1]
    return LAYOUTS[book.family].line(book.entries[position - 1], step, book.replayed.before(position))


def line_instead(book: Book, slot: int, event: Any) -> Line | str:
    """The line `event` would make in place of the entry at `slot`, or why it cannot stand there."""
    position = book.position_of(slot)
    if position is None or position > len(book.replayed.steps):
        return ""
    replayed = book.replayed.corrected(position, event)
    if replayed.refusal is not None and replayed.refusal.position == position:
        return replayed.refusal.reason
    entry = book.entries[position - 1]
    return LAYOUTS[book.family].line(entry, replayed.steps[position - 1], replayed.before(position))


@dataclass(frozen=True)
class GameSummary:
    """A game in one line, for the evening and the settle-up: its totals, result, pot and chips."""

    number: int
    preset: str
    columns: tuple[Column, ...]
    over: bool
    winner: str | None
    played: str  # "12 rounds", "3 hands"
    pot: int  # chips still in the pot
    chips: dict[str, int]  # each player's net chips (none for Kaiser)


def summarise(book: Book) -> GameSummary:
    """A game's summary, from its replay's last state only."""
    layout = LAYOUTS[book.family]
    state = book.state
    count = sum(_counts(step) for step in book.replayed.steps)
    played = (
        ngettext("%(num)s round", "%(num)s rounds", count)
        if layout.unit == "round"
        else ngettext("%(num)s hand", "%(num)s hands", count)
    )
    chips = {p.name: p.chips for p in state.players} if isinstance(state, RummyGame) else {}
    pot = state.pot if isinstance(state, RummyGame) else 0
    return GameSummary(
        book.game.number, book.rules.preset, layout.columns(state), state.over, state.winner, played, pot, chips
    )


def _counts(step: Step) -> bool:
    """Whether an entry is a round or a hand played (not a buy-back, not a passed deal)."""
    return step.event.kind in (Kind.ROUND, Kind.VOID, Kind.HAND)


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


SINGLE_VALUES = (
    Field.WINNER, Field.PLAYER, Field.ALL_IN_ONE, Field.RAMI, Field.BIDDER, Field.BID, Field.NO_TRUMP,
    Field.FIVE_HEARTS, Field.THREE_SPADES, Field.CALLS, Field.TRUMP,
)  # fmt: skip
PER_PLAYER = (Field.HANDS, Field.LAID, Field.TRICKS, Field.KEPT)


@dataclass(frozen=True)
class Difference:
    """One value a correction changed: what it is (in words), before and after."""

    what: str
    before: str
    after: str


@dataclass(frozen=True)
class Correction:
    """One line of the change log, in words: when, which entry, and each value before and after."""

    at: str
    entry: str  # the entry as it was before: "the round won by Ana"
    deleted: bool
    differences: tuple[Difference, ...]


def _shown(value: Any, what: Field | None = None) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "—"
    if what is Field.CALLS and isinstance(value, list):
        return " · ".join(_call_shown(call) for call in value if isinstance(call, dict))
    if what is Field.TRUMP:
        return SUIT_SYMBOLS.get(str(value), str(value))
    if isinstance(value, list):
        return " ".join(Card.parse(card).symbol for card in value)
    return str(value)


def _call_shown(call: dict[str, Any]) -> str:
    """One call of an auction as the change log writes it: "Ana pass", "Ben 7 no trump"."""
    said = _("pass") if call.get("call") == "pass" else str(call.get("call"))
    if call.get("no_trump"):
        said = _("%(bid)s no trump", bid=said)
    return f"{call.get('player')} {said}"


def _entry_words(entry: dict[str, Any]) -> str:
    kind = entry.get("type")
    if kind == Kind.ROUND:
        return str(_("the round won by %(name)s", name=entry.get("winner")))
    if kind == Kind.BUYBACK:
        return str(_("the buy-back of %(name)s", name=entry.get("player")))
    if kind == Kind.HAND:
        return str(_("the hand %(name)s bid %(bid)s", name=entry.get("bidder"), bid=entry.get("bid")))
    if kind == Kind.PASSED:
        return str(_("the deal everybody passed"))
    return str(_("a void round"))


def describe_change(change: Change) -> Correction:
    """What a correction changed, field by field: a round's winner, hands and laid points, or a Kaiser hand's."""
    before, after = change.before or {}, change.after or {}
    differences: list[Difference] = []
    if after:
        for key in SINGLE_VALUES:
            if before.get(key) != after.get(key):
                differences.append(
                    Difference(str(FIELD[key]), _shown(before.get(key), key), _shown(after.get(key), key))
                )
        for key in PER_PLAYER:
            old, new = before.get(key) or {}, after.get(key) or {}
            for name in dict.fromkeys([*old, *new]):
                if old.get(name) != new.get(name):
                    differences.append(Difference(per_player(key, name), _shown(old.get(name)), _shown(new.get(name))))
    return Correction(change.at, _entry_words(before), not after, tuple(differences))


def picker_data(rules: RummyRules, players: int) -> dict[str, Any]:
    """What the card picker needs to count as the cards are tapped: each rank's value and the pack limits."""
    values = {Card(rank, "S").rank_name: hand_card_value(Card(rank, "S"), rules.hand_values) for rank in range(1, 14)}
    values["JK"] = hand_card_value(JOKER, rules.hand_values)
    return {"values": values, "packs": rules.pack_count(players), "jokers": rules.joker_count(players)}
