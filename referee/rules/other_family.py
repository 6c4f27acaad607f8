"""Any other game of the night as the registry asks it (`OTHER`): its rules and options, its seats, its start, its
events and what each type of entry is, its chips, its standings at the command line and its tally over a season
(`referee.rules.families` reads it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from referee.rules.events import UnreadableEvent
from referee.rules.family import GameFamily, Seated, Seats, TallyOf, no_dealer, players_json, players_listed
from referee.rules.game import AnyGame, Chips, EntryKind, Rules, counted
from referee.rules.options import BUILT_IN_OPTIONS, MOST, Option, OptionError, Value
from referee.rules.other_game import (
    MOST_SEATS,
    Chipped,
    End,
    OtherGame,
    OtherKind,
    OtherReplay,
    OtherRules,
    Scores,
    Wins,
    chips_won,
    places,
)
from referee.rules.presets import Preset
from referee.rules.tallies import Figure, Figures, Place, Tally, counted_by_name, frozen
from referee.rules.words import N_, say

LONGEST_NAME = 40  # a game's name as the table calls it: "Belote", "Tarot à cinq"

OTHER_OPTIONS = (
    Option(
        "game_name",
        N_("the game's name, as the table calls it"),
        N_("the table"),
        "text",
        maximum=LONGEST_NAME,
        label=N_("Name of the game"),
        topic="scoring",
    ),
    Option(
        "wins",
        N_("which total wins: the highest or the lowest"),
        N_("the table"),
        "choice",
        (Wins.HIGHEST.value, Wins.LOWEST.value),
        label=N_("Who wins"),
        topic="scoring",
        said=((Wins.HIGHEST.value, N_("the highest total")), (Wins.LOWEST.value, N_("the lowest total"))),
    ),
    BUILT_IN_OPTIONS["target"],
    Option(
        "chips",
        N_("what a result is worth in chips: nothing, so much a place, or so much a point of difference"),
        N_("the table"),
        "choice",
        (Chipped.NONE.value, Chipped.PER_PLACE.value, Chipped.PER_POINT.value),
        label=N_("Chips for the result"),
        topic="chips",
        said=(
            (Chipped.NONE.value, N_("nothing: played for points")),
            (Chipped.PER_PLACE.value, N_("so much a place")),
            (Chipped.PER_POINT.value, N_("so much a point of difference")),
        ),
    ),
    Option(
        "chips_rate",
        N_("the chips a place, or a point of difference, is worth"),
        N_("the table"),
        "int",
        minimum=1,
        maximum=1000,
        label=N_("Chips a place or a point"),
        topic="chips",
    ),
)
OTHER_PRESET = Preset(
    "other",
    "other",
    "the table",
    N_("Any other game: a score per player each round, the highest total wins; no target, the scorer ends it"),
    MappingProxyType({"game_name": "", "wins": "highest", "target": None, "chips": "none", "chips_rate": 1}),
    title=N_("Other game"),
    readings=(
        ("game_name", N_("The table names the game; the app only keeps its score.")),
        (
            "wins",
            N_(
                "Each round every player's score is added to their total; the highest total wins, or the lowest "
                "where the table says so. Equal totals share their places; the first seated of them is named "
                "the winner."
            ),
        ),
        (
            "target",
            N_(
                "With a target, the game ends after the round in which a total reaches it; without one, the "
                "scorer ends the game."
            ),
        ),
        (
            "chips",
            N_(
                "At the end, chips change hands as the table says: nothing, so much a place between every two "
                "players, or so much a point of difference between every two players."
            ),
        ),
        ("chips_rate", N_("The chips a place, or a point of difference, is worth.")),
    ),
)


def other_rules_from(preset: Preset, values: Mapping[str, Value]) -> OtherRules:
    """An other game's rules from its options' values; OptionError for chips asked of points that are not counted."""
    rules = OtherRules(preset=preset.name, game=preset.game, **values)  # type: ignore[arg-type]
    if rules.target is not None and rules.target > MOST:
        raise OptionError(say("target ({target}) is past {most}", target=rules.target, most=MOST))
    return rules


def read_seats(data: Mapping[str, Any], rules: Rules) -> Seats:
    """A game record's `players`: 2 to 12 different names (a team is one seat, named as the table names it)."""
    return players_listed(data, rules.preset, 2, MOST_SEATS)


def start_other(record: Seated) -> OtherGame:
    """The game before its first round: the record's seats, the first dealer's seat (else the first)."""
    rules = record.rules
    if not isinstance(rules, OtherRules):
        raise TypeError(f"not an other game's rules: {rules!r}")
    dealer = record.players.index(record.first_dealer) if record.first_dealer in record.players else 0
    return OtherGame(rules, record.players, MappingProxyType({}), 0, False, dealer)


def read_other_event(data: object, position: int, record: Seated) -> Scores | End:
    """One entry of an other game's record read as its event: `{"type": "round", "scores": {name: int}}` or
    `{"type": "end"}`; UnreadableEvent says why it is none."""
    kind = data.get("type") if isinstance(data, Mapping) else None
    if kind == OtherKind.END:
        return End()
    scores = data.get("scores") if isinstance(data, Mapping) and kind == OtherKind.ROUND else None
    if not isinstance(scores, Mapping) or not all(
        isinstance(score, int) and not isinstance(score, bool) for score in scores.values()
    ):
        raise UnreadableEvent(position, say('an entry of this game is {"type": "round", "scores": {name: number}}'))
    return Scores(MappingProxyType(dict(scores)))


def _other(game: AnyGame) -> OtherGame:
    if not isinstance(game, OtherGame):
        raise TypeError(f"not an other game: {game!r}")
    return game


def other_chips(game: AnyGame) -> Chips:
    """Each seat's chips once the game is over (nothing before: no pot is at stake)."""
    other = _other(game)
    return Chips(chips_won(other) if other.over else dict.fromkeys(other.players, 0), 0)


def other_standings_text(game: AnyGame) -> str:
    """`referee replay`'s standings: each seat's total, then the end and the chips."""
    other = _other(game)
    name = other.rules.game_name or other.rules.preset
    lines = [f"{name}, after {counted(other.rounds, 'round')}:"]
    won = chips_won(other) if other.over else {}
    for seat in other.players:
        chips = f"  chips {won[seat]:+d}" if seat in won and other.rules.chips != Chipped.NONE else ""
        lines.append(f"  {seat:<12} {other.total(seat):>6}{chips}")
    lines.append(f"over: {other.winner} wins" if other.over else f"{other.dealer()} deals next")
    return "\n".join(lines)


def game_named(rules: Rules) -> str:
    """The game's name as the table typed it ("Belote"); "" for none (the pages then say "Other game")."""
    return rules.game_name if isinstance(rules, OtherRules) else ""


OTHER_FIGURES = Figures(
    "other_rounds",
    (
        Figure("other_rounds", N_("Rounds of other games"), "other_rounds", season=False,
               meaning=N_("The rounds of the evenings' other games the player played.")),
        Figure("other_wins", N_("Other games won"), "other_wins",
               note=N_("Other games won: the evenings' other games the player finished first.")),
    ),
)  # fmt: skip


def other_tally(replayed: OtherReplay) -> Tally:
    """Each seat's place (the best total first) and its rounds; who won."""
    state = replayed.state
    placed = places(state)
    rounds: Counter[str] = Counter({name: state.rounds for name in state.players})
    wins: Counter[str] = Counter({state.winner: 1} if state.winner else {})
    found: dict[str, Place] = {name: (int(state.winner == name), -round(2 * placed[name]), 0) for name in state.players}
    return Tally(frozen(found), counted_by_name({"other_rounds": rounds, "other_wins": wins}))


OTHER = GameFamily(
    name="other",
    games=("other",),
    evening_rules=False,
    rules=other_rules_from,
    read_seats=read_seats,
    seats_json=players_json,
    start=start_other,
    read_event=read_other_event,
    dealer_of=no_dealer,
    standings_text=other_standings_text,
    tally=TallyOf(OtherGame, other_tally),
    figures=OTHER_FIGURES,
    kinds=(
        EntryKind(OtherKind.ROUND, N_("round"), played=True, counted=True, correctable=True),
        EntryKind(OtherKind.END, N_("end of the game")),
    ),
    options=OTHER_OPTIONS,
    chips=other_chips,
    presets=(OTHER_PRESET,),
    named=game_named,
)
