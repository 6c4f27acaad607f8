"""How any other game's sheet is laid out: a column per seat, a line per round with each score, the leader marked."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _

from referee.rules.other_family import OTHER
from referee.rules.other_game import (
    Chipped,
    EndResult,
    OtherGame,
    OtherKind,
    OtherReplay,
    OtherRules,
    OtherStep,
    ScoresResult,
    Wins,
    best,
    chips_won,
)
from referee.rules.words import shown, signed
from referee.services.games import Entry
from referee.web.games.lines import Cell, Column, Footer, Line, Marks, Totals, Unit


class OtherLayout:
    """A column per seat (each in its colour), a line per round, the end's line; the leader marked."""

    unit = Unit.ROUNDS
    noted = False
    coloured = True

    def marks(self, state: OtherGame, steps: Sequence[OtherStep]) -> Marks:
        """The leader: the best total, once a round is played."""
        leader = best(state) if state.rounds else None
        return Marks({leader: "leader"} if leader else {})

    def columns(self, state: OtherGame) -> tuple[Column, ...]:
        """A column per seat, the next dealer marked."""
        dealer = state.dealer()
        return tuple(Column(name, state.total(name), name == dealer) for name in state.players)

    def line(self, entry: Entry, step: OtherStep, before: OtherGame) -> Line | None:
        """A round's scores, each under its running total; the end's line."""
        after, result = step.state, step.result
        if isinstance(result, EndResult):
            cells = tuple(Cell("", "") for _ in after.players)
            return Line(entry.slot, entry.revision, OtherKind.END, None, OTHER.kind_said(OtherKind.END), "", cells)
        if not isinstance(result, ScoresResult):
            return None
        cells = tuple(Cell(shown(after.total(name)), signed(result.scores[name])) for name in after.players)
        return Line(entry.slot, entry.revision, OtherKind.ROUND, after.rounds, "", "", cells, correctable=True)

    def footers(self, state: OtherGame) -> tuple[Footer, ...]:
        """Once the game is over and is played for chips, what each seat wins or pays."""
        if not state.over or state.rules.chips == Chipped.NONE:
            return ()
        won = chips_won(state)
        return (Footer(_("Chips"), tuple(signed(won[name]) for name in state.players)),)

    def verdict(self, state: OtherGame) -> str:
        """Who wins, with what total."""
        if state.winner is None:
            return ""
        return str(
            _("%(name)s wins the game with %(total)s.", name=state.winner, total=shown(state.total(state.winner)))
        )

    def status(self, state: OtherGame) -> str:
        """Who deals, which total wins, and the target that ends the game."""
        rules = state.rules
        deals = _("%(name)s deals", name=state.dealer())
        if rules.target is None:
            ends = _("the highest total wins") if rules.wins == Wins.HIGHEST else _("the lowest total wins")
        elif rules.wins == Wins.HIGHEST:
            ends = _("first to %(target)s wins", target=rules.target)
        else:
            ends = _("the game ends at %(target)s: the lowest total wins", target=rules.target)
        return f"{deals} · {ends}"

    def chips(self, state: OtherGame) -> dict[str, int]:
        """What each seat wins or pays, once the game is over."""
        return dict(chips_won(state)) if state.over else dict.fromkeys(state.players, 0)

    def pot(self, state: OtherGame) -> int:
        """None: no pot is at stake."""
        return 0

    def running_totals(self, replayed: OtherReplay) -> Totals:
        """Each seat's total after every round."""
        start = replayed.start
        rounds = [step.state for step in replayed.steps if isinstance(step.result, ScoresResult)]
        return tuple((name, (0, *(state.total(name) for state in rounds))) for name in start.players)

    def chart_mark(self, rules: OtherRules) -> tuple[str, int] | None:
        """The target: where the highest total wins, or where the game ends."""
        if rules.target is None:
            return None
        return ("target", rules.target) if rules.wins == Wins.HIGHEST else ("end", rules.target)
