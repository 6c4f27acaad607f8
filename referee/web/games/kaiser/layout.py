"""How a Kaiser game's sheet is laid out: a column per team, each hand's bid and the rule each change rests on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import assert_never

from flask_babel import gettext as _

from referee.rules.kaiser import HandResult, KaiserGame, KaiserReplay, KaiserStep, PassedResult
from referee.rules.kaiser_bidding import Bid
from referee.rules.kaiser_events import SUITS, KaiserHand, KaiserKind
from referee.rules.kaiser_family import KAISER
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.words import shown, signed
from referee.services.games import Entry
from referee.web.games.lines import Cell, Column, Footer, Line, Marks, Totals, Unit


class KaiserLayout:
    """Kaiser: a column per team, each hand's bid and the rule each team's change rests on."""

    unit = Unit.HANDS
    noted = True
    coloured = False

    def marks(self, state: KaiserGame, steps: Sequence[KaiserStep]) -> Marks:
        """None: the teams' columns carry no marks."""
        return Marks()

    def columns(self, state: KaiserGame) -> tuple[Column, ...]:
        """A column per team, the team of the next dealer marked."""
        dealer = state.dealer()
        return tuple(
            Column(name, score, dealer in players)
            for name, players, score in zip(state.teams.names, state.teams.players, state.scores, strict=True)
        )

    def line(self, entry: Entry, step: KaiserStep, before: KaiserGame) -> Line | None:
        """A hand's bid and changes, or a deal everybody passed."""
        result = step.result
        after: KaiserGame = step.state
        match result:
            case PassedResult():
                note = _("Everybody passed on %(name)s's deal.", name=result.dealer)
                return Line(
                    entry.slot,
                    entry.revision,
                    KaiserKind.PASSED,
                    None,
                    KAISER.kind_said(KaiserKind.PASSED),
                    note,
                    (Cell("", ""),) * 2,
                )
            case HandResult():
                pass  # a hand played: below
            case _:
                assert_never(result)
        hand = result.hand
        cells = tuple(
            Cell(shown(team.score), signed(team.change), "bidder" if team.team == result.bidding_team else "")
            for team in result.results
        )
        # The engine's words are lazy: the cached replay's explanations are said now, in the reader's language.
        explanations = tuple(_("%(team)s: %(what)s", team=team.team, what=team.explanation) for team in result.results)
        if hand.calls:
            explanations = (_auction(hand), *explanations)
        trump = f" {SUITS[hand.trump]}" if hand.trump else ""
        note = f"{hand.bidder} {Bid(hand.bid, hand.no_trump)}{trump}"
        return Line(
            entry.slot, entry.revision, KaiserKind.HAND, after.hands_played, "", note, cells, explanations, True
        )

    def footers(self, state: KaiserGame) -> tuple[Footer, ...]:
        """Each team's players."""
        return (Footer(_("Players"), tuple(" & ".join(players) for players in state.teams.players)),)

    def verdict(self, state: KaiserGame) -> str:
        """The winning team and the final score."""
        if state.winner is None:
            return ""
        other = state.teams.other(state.winner)
        scores = {name: shown(score)  # a true minus, as on the sheet
                  for name, score in (("score", state.score(state.winner)), ("other", state.score(other)))}  # fmt: skip
        return str(_("%(team)s win the game, %(score)s to %(other)s.", team=state.winner, **scores))

    def status(self, state: KaiserGame) -> str:
        """Who deals, and the score that wins."""
        dealer = state.dealer()
        target = _("first to %(target)s wins", target=state.rules.target)
        deals = _("%(name)s deals", name=dealer)  # outside the f-string, so that `./dev i18n` finds the message
        return f"{deals} · {target}" if dealer else str(target)

    def chips(self, state: KaiserGame) -> dict[str, int]:
        """None: Kaiser moves no chips."""
        return {}

    def pot(self, state: KaiserGame) -> int:
        """None: Kaiser has no pot."""
        return 0

    def running_totals(self, replayed: KaiserReplay) -> Totals:
        """Each team's total after every hand, labelled with its players."""
        totals: dict[str, list[int]] = {}
        for step in replayed.steps:
            result = step.result
            match result:
                case HandResult():
                    teams = step.state.teams
                    for team, players in zip(teams.names, teams.players, strict=True):
                        totals.setdefault(f"{team} ({', '.join(players)})", [0]).append(step.state.score(team))
                case PassedResult():
                    pass  # no hand played
                case _:
                    assert_never(result)
        return tuple((label, tuple(values)) for label, values in totals.items())

    def chart_mark(self, rules: KaiserRules) -> tuple[str, int] | None:
        """The score that wins."""
        return ("target", rules.target)


def _auction(hand: KaiserHand) -> str:
    """Who called what, in the order called: "Auction: Ana 6 · Ben pass · Céline 7 no trump · Driss pass"."""
    passed = _("pass")
    calls = " · ".join(f"{player} {passed if bid is None else bid}" for player, bid in hand.calls)
    return str(_("Auction: %(calls)s", calls=calls))
