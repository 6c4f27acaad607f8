"""Kaiser as the registry asks it (`KAISER`): its rules, its teams, its start, its events and what each type of entry
is, its options and its standings at the command line (`referee.rules.families` reads it). Kaiser is played for
points, not chips."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import fields
from types import MappingProxyType
from typing import Any, assert_never

from referee.rules.family import GameFamily, Seated, Seats, TallyOf
from referee.rules.game import AnyEvent, AnyGame, EntryKind, Rules, counted
from referee.rules.kaiser import HandResult, KaiserGame, KaiserReplay, PassedResult
from referee.rules.kaiser_events import (
    KaiserError,
    KaiserEvent,
    KaiserHand,
    KaiserKind,
    KaiserTeams,
    PassedDeal,
    parse_kaiser_event,
)
from referee.rules.kaiser_rules import KaiserRules
from referee.rules.options import OptionError, Value, options_named
from referee.rules.presets import Preset
from referee.rules.record_data import RecordError
from referee.rules.tallies import Figure, Figures, Tally, counted_by_name, frozen
from referee.rules.words import N_, say


def kaiser_rules_from(preset: Preset, values: Mapping[str, Value]) -> KaiserRules:
    """A Kaiser preset's rules from its options' values; OptionError for a game without a target."""
    if values["target"] is None:
        raise OptionError(say("target cannot be none in Kaiser: a game is played to a score"))
    return KaiserRules(preset=preset.name, game=preset.game, **values)  # type: ignore[arg-type]


def read_teams(data: Mapping[str, Any], rules: Rules) -> Seats:
    """A game record's `teams`: two teams of two, four different players; the seats are theirs, clockwise."""
    if "players" in data:
        raise RecordError(say('a Kaiser record names its two teams in "teams", not "players"'))
    try:
        teams = KaiserTeams.from_json(data.get("teams"))
    except KaiserError as error:
        raise RecordError(str(error)) from None
    return teams.seats, teams


def teams_json(record: Seated) -> dict[str, Any]:
    """The record's seats as it writes them: `teams`, in the record's order."""
    return {"teams": _teams(record).as_json()}


def start_kaiser(record: Seated) -> KaiserGame:
    """The game before its first deal; with the record's first dealer, that player deals it."""
    rules = record.rules
    if not isinstance(rules, KaiserRules):
        raise TypeError(f"not a Kaiser record: {record.preset}")
    return KaiserGame.start(rules, _teams(record), record.first_dealer)


def read_kaiser_event(data: object, position: int, record: Seated) -> KaiserEvent:
    """One entry of a Kaiser record read as its event (a deal played or passed); UnreadableEvent says why not."""
    return parse_kaiser_event(data, position, _teams(record))


def deal_dealer(event: AnyEvent) -> str | None:
    """Who dealt, as a Kaiser event records it."""
    return event.dealer if isinstance(event, KaiserHand | PassedDeal) else None


def kaiser_standings_text(game: AnyGame) -> str:
    """`referee replay`'s standings: each team, its players and its score, then the end or the next dealer."""
    if not isinstance(game, KaiserGame):
        raise TypeError(f"not a Kaiser game: {game!r}")
    lines = [f"{game.rules.preset}, after {counted(game.hands_played, 'hand')}:"]
    for name, players in zip(game.teams.names, game.teams.players, strict=True):
        lines.append(f"  {name:<6} {' & '.join(players):<24} {game.score(name):>4}")
    lines.append(f"over: {game.winner} wins" if game.over else f"{game.next_dealer or 'anyone'} deals next")
    return "\n".join(lines)


def _teams(record: Seated) -> KaiserTeams:
    if not isinstance(record.sides, KaiserTeams):
        raise TypeError(f"a Kaiser record without teams: {record!r}")
    return record.sides


KAISER_FIGURES = Figures(
    "hands_played",
    (
        Figure("points", N_("Points per hand"), "points", per="hands_played", title=N_("Average points per hand"),
               note=N_("Points per hand: what each Kaiser hand added to the team's score."), history=False),
    ),
)  # fmt: skip


def kaiser_tally(replayed: KaiserReplay) -> Tally:
    """Hands and the points they added to each team's score; the winning team's two players finished ahead."""
    state = replayed.state
    teams = state.teams
    hands_played: Counter[str] = Counter()
    points: Counter[str] = Counter()
    for step in replayed.steps:
        result = step.result
        match result:
            case HandResult():
                pass  # a hand played: counted below
            case PassedResult():
                continue  # a deal everybody passed
            case _:
                assert_never(result)
        for team in result.results:
            for name in teams.players[teams.names.index(team.team)]:
                hands_played[name] += 1
                points[name] += team.change
    places = {name: (int(state.winner == teams.team_of(name)), 0, 0) for name in teams.seats}
    pairs = tuple((a, b) for a, b in teams.players)
    return Tally(frozen(places), counted_by_name({"hands_played": hands_played, "points": points}), pairs)


# A hand played is counted and corrected from its line; a deal everybody passed takes a deal's place too (two phones'
# are a clash), and is a tap of its own.
KAISER_KINDS = (
    EntryKind(KaiserKind.HAND, N_("hand"), played=True, counted=True, correctable=True),
    EntryKind(KaiserKind.PASSED, N_("passed"), played=True),
)
KAISER_OPTIONS = options_named(*(field.name for field in fields(KaiserRules) if field.name not in ("preset", "game")))

# Kaiser's presets: 003's game, and pagat.com's scoring (docs/rules.md §7).
_KAISER: dict[str, Value] = {
    "min_bid": 5,
    "made_bid": "bid_plus_points",
    "bid_out": 45,
    "target": 52,
    "all_pass": "next_dealer_redeal",
}
_KAISER_PAGAT = _KAISER | {"min_bid": 6, "made_bid": "points_taken", "all_pass": "dealer_forced"}
KAISER_PRESETS = (
    Preset(
        "kaiser",
        "kaiser",
        "003",
        N_("Four players in two teams, bids 5-12, 5♥ +5, 3♠ −3, a made bid scores bid + points, game to 52"),
        MappingProxyType(_KAISER),
        title=N_("Kaiser"),
    ),
    Preset(
        "kaiser-pagat",
        "kaiser",
        "pagat",
        N_("Kaiser as pagat scores it: a made bid scores the points taken, minimum bid 6, dealer forced to bid"),
        MappingProxyType(_KAISER_PAGAT),
        title=N_("Kaiser, pagat.com scoring"),
    ),
)


KAISER = GameFamily(
    name="kaiser",
    games=("kaiser",),
    evening_rules=False,
    rules=kaiser_rules_from,
    read_seats=read_teams,
    seats_json=teams_json,
    start=start_kaiser,
    read_event=read_kaiser_event,
    dealer_of=deal_dealer,
    standings_text=kaiser_standings_text,
    tally=TallyOf(KaiserGame, kaiser_tally),
    figures=KAISER_FIGURES,
    kinds=KAISER_KINDS,
    options=KAISER_OPTIONS,
    presets=KAISER_PRESETS,
)
