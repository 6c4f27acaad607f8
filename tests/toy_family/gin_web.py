"""Gin on the phone (docs/architecture.md's steps 3 and 4): its knock form, its sheet, its start form for two of the
evening's players, its one tap (a dead deal), its worked example and change-log words; its partials are in
`templates/games/gin/`. Typed against Gin's own game, events and rules, as `mypy --strict` checks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from types import MappingProxyType

from wtforms import HiddenField, IntegerField, SelectField
from wtforms.validators import InputRequired, NumberRange, ValidationError

from referee.rules.families import rules_for
from referee.rules.game import Step
from referee.services.games import Entry, Evening
from referee.web.forms import FormData, KeyedForm, SheetForm
from referee.web.games.entry_words import Entry as LoggedEntry
from referee.web.games.entry_words import EntryWords
from referee.web.games.family import WebFamily, Worked, web_family
from referee.web.games.lines import Cell, Column, Footer, Line, Marks, NewGame, Totals, Unit
from referee.web.games.screens import event_at, one_tap
from referee.web.games.typed import BookOf
from tests.toy_family.gin import (
    FAMILY,
    LARGEST_DEADWOOD,
    DeadHand,
    GinEvent,
    GinGame,
    GinKind,
    GinReplay,
    GinResult,
    GinRules,
    Knock,
    KnockResult,
)

FOLDER = Path(__file__).parent / "templates"
GinBook = BookOf[GinGame, GinEvent, GinResult]
GinStep = Step[GinGame, GinEvent, GinResult]


class KnockForm(SheetForm):
    """A knock: who knocked, and each player's deadwood (`deadwood_0`, `deadwood_1`)."""

    based_on = HiddenField()
    knocker = SelectField("Who knocked")
    deadwood_0 = IntegerField(validators=[InputRequired(), NumberRange(0, LARGEST_DEADWOOD)])
    deadwood_1 = IntegerField(validators=[InputRequired(), NumberRange(0, LARGEST_DEADWOOD)])


def knock_form(players: Sequence[str], formdata: FormData | None = None, **data: object) -> KnockForm:
    """The knock form for the two players, each deadwood field labelled with its player."""
    form = KnockForm(formdata, **data)
    form.knocker.choices = {name: name for name in players}
    form.deadwood_0.label.text, form.deadwood_1.label.text = (f"{name}'s deadwood" for name in players)
    return form


def _knock(players: Sequence[str], form: KnockForm) -> Knock:
    deadwood = {players[0]: int(form.deadwood_0.data or 0), players[1]: int(form.deadwood_1.data or 0)}
    return Knock(str(form.knocker.data), MappingProxyType(deadwood))


class GinScreen:
    """The next deal: a knock."""

    def entry_form(self, book: GinBook, formdata: FormData | None = None) -> SheetForm:
        """The knock form, on the sheet shown now."""
        form = knock_form(book.state.players, formdata)
        if formdata is None:
            form.seen.data = book.version
        return form

    def event(self, book: GinBook, form: SheetForm, formdata: FormData) -> GinEvent | None:
        """The knock the form describes."""
        return _knock(book.state.players, form) if isinstance(form, KnockForm) else None

    def edit_form(self, book: GinBook, position: int, formdata: FormData | None = None) -> SheetForm:
        """The knock at `position`, to correct."""
        event = event_at(book, position)
        players = book.state.players
        data: dict[str, object] = {}
        if formdata is None and isinstance(event, Knock):
            data = {"knocker": event.knocker, "deadwood_0": event.deadwood[players[0]],
                    "deadwood_1": event.deadwood[players[1]]}  # fmt: skip
        return knock_form(players, formdata, based_on=book.entries[position - 1].revision, **data)

    def edited(self, book: GinBook, position: int, form: SheetForm) -> GinEvent | None:
        """The corrected knock."""
        return _knock(book.state.players, form) if isinstance(form, KnockForm) else None

    def context(self, book: GinBook) -> dict[str, object]:
        """Nothing besides the form."""
        return {}

    def resent(self, book: GinBook, form: SheetForm) -> None:
        """The sheet's version."""
        form.seen.data = book.version

    def waiting(self, book: GinBook, formdata: FormData) -> str:
        """Nothing: a deal never waits."""
        return ""


class GinLayout:
    """A column per player, a line per deal."""

    unit = Unit.HANDS
    noted = False
    coloured = True

    def marks(self, state: GinGame, steps: Sequence[GinStep]) -> Marks:
        """No marks."""
        return Marks()

    def columns(self, state: GinGame) -> tuple[Column, ...]:
        """Each player's total, the dealer marked."""
        dealer = state.dealer()
        return tuple(Column(name, state.total(name), name == dealer) for name in state.players)

    def line(self, entry: Entry, step: GinStep, before: GinGame) -> Line | None:
        """A knock's points under the scorer's total; a dead deal's empty line."""
        state, result = step.state, step.result
        if isinstance(result, KnockResult):
            cells = tuple(Cell(str(state.total(name)), f"+{result.points}" if name == result.scorer else "")
                          for name in state.players)  # fmt: skip
            badge = "undercut" if result.undercut else ""
            return Line(entry.slot, entry.revision, GinKind.KNOCK, state.deals, badge, "", cells, correctable=True)
        cells = tuple(Cell(str(state.total(name)), "") for name in state.players)
        return Line(entry.slot, entry.revision, GinKind.DEAD, state.deals, "dead deal", "", cells)

    def footers(self, state: GinGame) -> tuple[Footer, ...]:
        """None."""
        return ()

    def verdict(self, state: GinGame) -> str:
        """Who won."""
        return f"{state.winner} wins Gin with {state.total(state.winner)}." if state.winner else ""

    def status(self, state: GinGame) -> str:
        """The target and the bonus."""
        return f"first to {state.rules.target} wins; an undercut scores {state.rules.undercut_bonus} more"

    def chips(self, state: GinGame) -> dict[str, int]:
        """Played for points."""
        return {}

    def pot(self, state: GinGame) -> int:
        """No pot."""
        return 0

    def running_totals(self, replayed: GinReplay) -> Totals:
        """Each player's total after every deal."""
        start = replayed.start
        return tuple((name, (0, *(step.state.total(name) for step in replayed.steps))) for name in start.players)

    def chart_mark(self, rules: GinRules) -> tuple[str, int] | None:
        """The target."""
        return ("target", rules.target)


class GinGameForm(KeyedForm):
    """A new Gin game: two of the evening's players."""

    preset = SelectField("Game", choices={"gin": "Gin"}, default="gin")
    first = SelectField("First player")
    second = SelectField("Second player")

    def validate_second(self, field: SelectField) -> None:
        """Two different players."""
        if field.data == self.first.data:
            raise ValidationError("Gin is played by two different players.")


class GinStart:
    """Gin seats two of the evening's players."""

    family = FAMILY
    template = "games/gin/_start.html"

    def form(self, evening: Evening, formdata: FormData | None = None) -> GinGameForm | None:
        """The form, its two lists of the evening's players."""
        form = GinGameForm(formdata, prefix="gin")
        form.first.choices = form.second.choices = {name: name for name in evening.players}
        return form

    def new_game(self, evening: Evening, form: KeyedForm) -> NewGame:
        """The two players chosen, the first dealing first."""
        assert isinstance(form, GinGameForm)
        players = (str(form.first.data), str(form.second.data))
        rules = rules_for(str(form.preset.data))
        return NewGame(rules.preset, {}, {"players": list(players)}, players, 0, False)

    def some_of(self, count: int) -> str | None:
        """What the evening's page says of a game seating two of `count` players."""
        return "Gin seats two of you." if count > 2 else None


def worked(rules: GinRules, changed: bool) -> Worked:
    """One example: an undercut."""
    return [("knock", "Ana knocks with 8, Ben holds 5", f"Ben scores 3 + {rules.undercut_bonus}", None)]


def named(entry: LoggedEntry) -> str:
    """An entry in words."""
    return "a dead deal" if entry.get("type") == GinKind.DEAD else f"{entry.get('knocker')}'s knock"


WORDS = EntryWords(
    named=named,
    numbered=lambda entries: f"deal {len(entries)}",
    single=(("knocker", lambda: "who knocked"),),
    per_player=(("deadwood", lambda name: f"{name}'s deadwood"),),
)

DEAD = one_tap("dead", "dead_deal", lambda book, form: DeadHand())

EXAMPLE: Mapping[str, object] = {
    "preset": "gin",
    "players": ["Ana", "Ben"],
    "events": [{"type": "knock", "knocker": "Ana", "deadwood": {"Ana": 3, "Ben": 20}}],
}

GIN_WEB: WebFamily = web_family(
    FAMILY, EXAMPLE, GinGame, GinRules, GinScreen(), GinLayout(), GinStart(), "games/gin",
    desk=False, worked=worked, words=WORDS, taps=(DEAD,), folder=FOLDER,
)  # fmt: skip
