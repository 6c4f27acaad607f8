"""How a rummy game's sheet is laid out: a column per player, penalties or points, statuses, buy-backs and chips."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import assert_never

from flask_babel import gettext as _

from referee.rules.cards import JOKER, Card
from referee.rules.game import Status
from referee.rules.rummy import (
    BuybackResult,
    ReshuffleResult,
    RoundResult,
    RummyGame,
    RummyReplay,
    RummyResult,
    RummyStep,
)
from referee.rules.rummy_events import Round, RummyKind
from referee.rules.rummy_family import RUMMY
from referee.rules.table import RummyRules, Scoring
from referee.rules.values import hand_card_value
from referee.rules.words import shown, signed
from referee.services.games import Entry
from referee.web.games.labels import FINISH, STATUS, STATUS_MARK
from referee.web.games.lines import Cell, Column, Footer, Line, Marks, Totals, Unit
from referee.web.games.rummy.picker import Picker


class RummyLayout:
    """Kaluki and Rami: a column per player, penalties or points, statuses, buy-backs and chips."""

    unit = Unit.ROUNDS
    noted = False
    coloured = True

    def marks(self, state: RummyGame, steps: Sequence[RummyStep]) -> Marks:
        """The leader, and every player one round as costly as the costliest so far would eliminate (a round's reach is
        looked for only where a penalty total eliminates)."""
        reach = round_reach(steps) if penalty_eliminates(state.rules) and not state.over else 0
        return Marks(rummy_standings(state, reach), reach, state.rules.elimination_threshold)

    def columns(self, state: RummyGame) -> tuple[Column, ...]:
        """A column per player, the next dealer marked."""
        dealer = state.dealer()
        return tuple(Column(p.name, p.score, p.name == dealer, f"status-{p.status}") for p in state.players)

    def line(self, entry: Entry, step: RummyStep, before: RummyGame) -> Line | None:
        """A round's points, a void round, or a buy-back's restart, with every player's running total; none for the
        stock reshuffled (the round's line says the rest)."""
        after: RummyGame = step.state
        result = step.result
        match result:
            case BuybackResult():
                cells = tuple(
                    Cell(shown(p.score), "↺") if p.name == result.player else Cell("", "") for p in after.players
                )
                return Line(
                    entry.slot, entry.revision, RummyKind.BUYBACK, None, RUMMY.kind_said(RummyKind.BUYBACK), "", cells
                )
            case ReshuffleResult():
                return None  # the stock reshuffled: the round's line says the rest
            case RoundResult():
                pass  # a round, or a void round: below
            case _:
                assert_never(result)
        played = set(before.still_in()) | set(result.points)
        cells = tuple(
            Cell(shown(p.score), signed(result.points.get(p.name, 0)) if result.winner else "",
                 "winner" if p.name == result.winner else "")
            if p.name in played else Cell("", "")
            for p in after.players
        )  # fmt: skip
        event = step.event
        if not isinstance(event, Round):
            return Line(
                entry.slot, entry.revision, RummyKind.VOID, after.rounds, RUMMY.kind_said(RummyKind.VOID), "", cells
            )
        badge = "" if not event.finish.all_in_one else str(FINISH[event.finish])
        return Line(
            entry.slot, entry.revision, RummyKind.ROUND, after.rounds, badge, event.winner, cells, correctable=True
        )

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
                Footer(_("Buy-backs left"), tuple(str(state.rules.max_buybacks - p.buybacks) for p in state.players))
            )
        rows.append(Footer(_("Chips"), tuple(signed(p.chips) for p in state.players)))
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
        if state.pot:  # a pot of nothing (Rami without chips) is never mentioned
            pot = _("Pot: %(pot)s chips", pot=state.pot)  # outside the f-string, so that `./dev i18n` finds it
            return f"{pot} · {deals}"
        return deals

    def chips(self, state: RummyGame) -> dict[str, int]:
        """Each player's net chips so far."""
        return {p.name: p.chips for p in state.players}

    def pot(self, state: RummyGame) -> int:
        """The chips still in the pot."""
        return state.pot

    def running_totals(self, replayed: RummyReplay) -> Totals:
        """Each player's total after every round they played; a buy-back's restart shows at their next round."""
        totals: dict[str, list[int]] = {}
        for step in replayed.steps:
            result = step.result
            match result:
                case RoundResult():
                    before: RummyGame = replayed.before(step.position)
                    for name in before.still_in():  # who played this round
                        totals.setdefault(name, [0]).append(step.state.player(name).score)
                case BuybackResult() | ReshuffleResult():
                    pass  # no round played: a buy-back's restart shows at the player's next round
                case _:
                    assert_never(result)
        return tuple((label, tuple(values)) for label, values in totals.items())

    def chart_mark(self, rules: RummyRules) -> tuple[str, int] | None:
        """The elimination threshold, else the target (Rami's points mode)."""
        if rules.elimination_threshold is not None:
            return ("elimination", rules.elimination_threshold)
        return ("target", rules.target) if rules.target is not None else None


def round_reach(steps: Sequence[RummyStep]) -> int:
    """The most points one round has added to one player's total in the game so far: how far a round reaches."""
    added = (most for step in steps if (most := _most_added(step.result)) is not None)
    return max(added, default=0)


def _most_added(result: RummyResult) -> int | None:
    """The most points one round added to one player's total; None for a buy-back or a reshuffle (no round)."""
    match result:
        case RoundResult():
            return max(result.points.values(), default=0)
        case BuybackResult() | ReshuffleResult():
            return None
        case _:
            assert_never(result)


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
    if threshold is not None and penalty_eliminates(state.rules) and reach:
        for p in playing:
            if p.score + reach > threshold or (state.rules.elimination_inclusive and p.score + reach == threshold):
                marks[p.name] = "danger"
    return marks


def penalty_eliminates(rules: RummyRules) -> bool:
    """Whether a penalty total eliminates under these rules: where a round's reach puts a player in danger."""
    return rules.elimination_threshold is not None and rules.scoring == Scoring.PENALTY


@lru_cache(maxsize=64)
def picker_data(rules: RummyRules, players: int) -> Picker:
    """What the card picker needs to count as the cards are tapped: each rank's value and the pack limits (worked out
    once per rules and table size, and shared: read it, never change it)."""
    values = {Card(rank, "S").rank_name: hand_card_value(Card(rank, "S"), rules.hand_values) for rank in range(1, 14)}
    values["JK"] = hand_card_value(JOKER, rules.hand_values)
    return {"values": values, "packs": rules.pack_count(players), "jokers": rules.joker_count(players)}
