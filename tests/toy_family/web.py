"""Pips on the phone (the walkthrough's steps 3 and 4): its entry screen, its sheet's layout, its start form, its
worked examples, its change-log words and its registration entry; its partials are in `templates/games/pips/`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from wtforms import HiddenField, IntegerField, SelectField
from wtforms.validators import InputRequired, NumberRange

from referee.rules.families import rules_for
from referee.services.games import Entry, Evening
from referee.web.forms import FormData, KeyedForm, SheetForm
from referee.web.games.entry_words import EntryWords
from referee.web.games.families import WebFamily, web_family
from referee.web.games.lines import Cell, Column, Footer, Line, Marks, NewGame, Totals, Unit
from referee.web.games.screens import event_at
from tests.toy_family.engine import FAMILY, PipsGame, PipsReplay, PipsRound, PipsRules

FOLDER = Path(__file__).parent / "templates"


class PipsForm(SheetForm):
    """A round: each player's pips (fields `pips_0`, `pips_1`… added per game)."""

    based_on = HiddenField()


def pips_form(players: Sequence[str], formdata: FormData | None = None, **data: Any) -> PipsForm:
    """The round form for these players."""

    class Form(PipsForm):
        pass

    for index, name in enumerate(players):
        setattr(Form, f"pips_{index}", IntegerField(name, validators=[InputRequired(), NumberRange(min=0)]))
    return Form(formdata, **data)


def _round(players: Sequence[str], form: PipsForm) -> PipsRound:
    return PipsRound(MappingProxyType({name: form[f"pips_{i}"].data for i, name in enumerate(players)}))


class PipsScreen:
    """The next round: each player's pips."""

    def entry_form(self, book: Any, formdata: FormData | None = None) -> SheetForm:
        form = pips_form(book.state.players, formdata)
        if formdata is None:
            form.seen.data = book.version
        return form

    def event(self, book: Any, form: PipsForm, formdata: FormData) -> PipsRound | None:
        return _round(book.state.players, form)

    def edit_form(self, book: Any, position: int, formdata: FormData | None = None) -> SheetForm:
        event = event_at(book, position)
        data = (
            {}
            if formdata is not None or not isinstance(event, PipsRound)
            else {f"pips_{i}": event.pips.get(name) for i, name in enumerate(book.state.players)}
        )
        return pips_form(book.state.players, formdata, based_on=book.entries[position - 1].revision, **data)

    def edited(self, book: Any, position: int, form: PipsForm) -> PipsRound | None:
        return _round(book.state.players, form)

    def context(self, book: Any) -> dict[str, object]:
        return {}

    def resent(self, book: Any, form: PipsForm) -> None:
        form.seen.data = book.version

    def waiting(self, book: Any, formdata: FormData) -> str:
        return ""


class PipsLayout:
    """A column per player, a line per round."""

    unit = Unit.ROUNDS
    noted = False
    coloured = True

    def marks(self, state: PipsGame, steps: Sequence[Any]) -> Marks:
        return Marks()

    def columns(self, state: PipsGame) -> tuple[Column, ...]:
        dealer = state.dealer()
        return tuple(Column(name, state.totals.get(name, 0), name == dealer) for name in state.players)

    def line(self, entry: Entry, step: Any, before: PipsGame) -> Line | None:
        cells = tuple(Cell(str(step.state.totals[name]), f"+{step.result.pips[name]}") for name in before.players)
        return Line(entry.slot, entry.revision, step.event.kind, step.state.rounds, "", "", cells, correctable=True)

    def footers(self, state: PipsGame) -> tuple[Footer, ...]:
        return ()

    def verdict(self, state: PipsGame) -> str:
        return f"{state.winner} wins with {state.totals[state.winner]} pips." if state.winner else ""

    def status(self, state: PipsGame) -> str:
        return f"first to {state.rules.target} pips wins"

    def chips(self, state: PipsGame) -> dict[str, int]:
        return {}

    def pot(self, state: PipsGame) -> int:
        return 0

    def running_totals(self, replayed: PipsReplay) -> Totals:
        start = replayed.start
        return tuple((name, (0, *(step.state.totals[name] for step in replayed.steps))) for name in start.players)

    def chart_mark(self, rules: PipsRules) -> tuple[str, int] | None:
        return ("target", rules.target)


class PipsGameForm(KeyedForm):
    """A new Pips game: every player of the evening."""

    preset = SelectField("Game", choices={"pips": "Pips"}, default="pips")


class PipsStart:
    """Pips seats the whole evening."""

    family = FAMILY
    template = "games/pips/_start.html"

    def form(self, evening: Evening, formdata: FormData | None = None) -> PipsGameForm | None:
        return PipsGameForm(formdata, prefix="pips") if 2 <= len(evening.players) <= 6 else None

    def new_game(self, evening: Evening, form: PipsGameForm) -> NewGame:
        rules = rules_for(form.preset.data)
        return NewGame(rules.preset, {}, {"players": list(evening.players)}, tuple(evening.players), 0, False)

    def some_of(self, count: int) -> str | None:
        return None


def worked(rules: PipsRules, changed: bool) -> list[tuple[str, str, str, str | None]]:
    """One example: a round that reaches the target."""
    return [("round", f"Ana 30 + 25 pips, target {rules.target}", "Ana wins", None)]


WORDS = EntryWords(
    named=lambda entry: "a round",
    numbered=lambda entries: f"round {len(entries)}",
    single=(),
    per_player=(("pips", lambda name: f"{name}'s pips"),),
)

EXAMPLE = {"preset": "pips", "players": ["Ana", "Ben"], "events": [{"type": "round", "pips": {"Ana": 3, "Ben": 4}}]}

PIPS_WEB: WebFamily = web_family(
    FAMILY,
    EXAMPLE,
    PipsGame, PipsRules, PipsScreen(), PipsLayout(), PipsStart(), "games/pips",
    desk=False, worked=worked, words=WORDS, folder=FOLDER,
)  # fmt: skip
