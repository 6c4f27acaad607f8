"""The score sheet of a Kaiser game, built by replaying its stored events: each hand and why it scored so."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.events import EventError
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_bidding import Bid
from referee.rules.kaiser_events import KaiserHand, KaiserTeams, parse_kaiser_event
from referee.rules.table import KaiserRules
from referee.rules.words import signed
from referee.storage.games import StoredEvent, StoredGame, record_of


@dataclass(frozen=True)
class TeamColumn:
    """One team's column: its name, its two players and its score."""

    name: str
    players: tuple[str, str]
    score: int
    deals: bool = False  # one of its players deals next


@dataclass(frozen=True)
class HandLine:
    """One line of the sheet: a hand with each team's points, score change and the rule, or a passed deal."""

    slot: int
    revision: int
    kind: str  # "hand" or "passed"
    number: int  # the hand's number (the hands played so far, for a passed deal)
    dealer: str
    bidder: str | None = None
    bid: str = ""  # "7" or "8 no trump"
    bidding_team: str | None = None
    cells: tuple[str, ...] = ("", "")  # each team's score change: "+18", "−7", "0"
    explanations: tuple[str, ...] = ()  # each team's rule, in words


@dataclass(frozen=True)
class KaiserSheet:
    """Everything the Kaiser game page shows."""

    game: StoredGame
    rules: KaiserRules
    teams: KaiserTeams
    columns: tuple[TeamColumn, TeamColumn]
    lines: tuple[HandLine, ...]
    dealer: str | None
    over: bool
    winner: str | None
    problem: str | None = None  # set when the stored events no longer replay: nothing is lost, it is shown
    kind: str = "kaiser"
    pot: int = 0  # Kaiser is played for points, not chips

    @property
    def last(self) -> HandLine | None:
        """The last entry, which the undo button deletes."""
        return self.lines[-1] if self.lines else None

    @property
    def hands(self) -> int:
        """The hands played, passed deals not counted."""
        return sum(line.kind == "hand" for line in self.lines)

    @property
    def can_pass(self) -> bool:
        """Whether a deal may be passed out: not under `all_pass = dealer_forced`, where the dealer must bid."""
        return self.rules.all_pass != "dealer_forced"


def build_kaiser_sheet(game: StoredGame, events: Sequence[StoredEvent]) -> KaiserSheet:
    """Replay the stored events one by one and lay out each hand: points, score changes and the rules applied."""
    record = record_of(game, [])
    rules, teams = record.rules, record.teams
    assert isinstance(rules, KaiserRules) and teams is not None, f"game {game.number} is a Kaiser game"
    state = KaiserGame.start(rules, teams, record.first_dealer)
    lines: list[HandLine] = []
    problem = None
    for position, stored in enumerate(events, start=1):
        try:
            state = state.apply(parse_kaiser_event(stored.data, position, teams), position)
        except EventError as error:
            problem = str(error)
            break
        lines.append(_line(stored, state))
    first, second = (
        TeamColumn(name, players, score, not state.over and state.next_dealer in players)
        for name, players, score in zip(teams.names, teams.players, state.scores, strict=True)
    )
    return KaiserSheet(
        game, rules, teams, (first, second), tuple(lines), state.next_dealer, state.over, state.winner, problem
    )


def _line(stored: StoredEvent, after: KaiserGame) -> HandLine:
    event = after.events[-1]
    if not isinstance(event, KaiserHand):
        return HandLine(stored.slot, stored.revision, "passed", after.hands, event.dealer)
    result = after.hand_results[-1]
    return HandLine(
        stored.slot,
        stored.revision,
        "hand",
        after.hands,
        event.dealer,
        event.bidder,
        str(Bid(event.bid, event.no_trump)),
        result.bidding_team,
        tuple(signed(team.change) for team in result.results),
        tuple(team.explanation for team in result.results),
    )
