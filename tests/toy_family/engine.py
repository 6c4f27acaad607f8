"""Pips in the engine (the walkthrough's steps 1 and 2): its rules, its game, its one event and result, its preset and
its registration entry. Each round every player adds the pips they scored; the first to reach `target` wins."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.family import GameFamily, TallyOf
from referee.rules.game import EntryKind, Replayed
from referee.rules.options import Value, options_named
from referee.rules.presets import Preset, get_preset
from referee.rules.record_data import RecordError
from referee.rules.tallies import Figure, Figures, Tally

FAMILY = "pips"
DEFAULTS: dict[str, Value] = {"min_players": 2, "max_players": 6, "target": 50}


@dataclass(frozen=True)
class PipsRules:
    """Pips' options: who may sit, and the score that wins."""

    preset: str
    game: str
    min_players: int
    max_players: int
    target: int
    family = FAMILY

    def changed(self) -> dict[str, Value]:
        """The options that differ from the preset's defaults: the house rules."""
        defaults = get_preset(self.preset).defaults
        return {name: getattr(self, name) for name in defaults if getattr(self, name) != defaults[name]}


@dataclass(frozen=True)
class PipsRound:
    """A round: the pips each player scored."""

    pips: Mapping[str, int]
    kind = "round"

    def as_json(self) -> dict[str, Any]:
        """The round as the record writes it."""
        return {"type": "round", "pips": dict(self.pips)}


@dataclass(frozen=True)
class PipsResult:
    """What a round did: each player's pips, and who won with it."""

    pips: Mapping[str, int]
    winner: str | None


@dataclass(frozen=True)
class PipsGame:
    """Each player's total after some rounds, and who deals next."""

    rules: PipsRules
    players: tuple[str, ...]
    totals: Mapping[str, int] = field(default_factory=dict)
    rounds: int = 0
    first_dealer: int = 0

    @property
    def winner(self) -> str | None:
        """The player past the target with the most pips (the first seated of equals)."""
        best = max(self.players, key=lambda name: self.totals.get(name, 0))
        return best if self.totals.get(best, 0) >= self.rules.target else None

    @property
    def over(self) -> bool:
        """Whether somebody reached the target."""
        return self.winner is not None

    def verify(self, event: PipsRound, position: int) -> EventError | None:
        """Why the round cannot come next: the game is over, a player is missing or a stranger, a count is negative."""
        if self.over:
            return EventError(position, "the game is over")
        if set(event.pips) != set(self.players):
            return EventError(position, "a round gives every player's pips, and only theirs")
        negative = next((name for name, pips in event.pips.items() if pips < 0), None)
        return EventError(position, f"{negative} cannot score fewer than 0 pips") if negative else None

    def apply(self, event: PipsRound, position: int) -> tuple[PipsGame, PipsResult]:
        """The game after the round, and what it did."""
        refusal = self.verify(event, position)
        if refusal:
            raise refusal
        totals = MappingProxyType({name: self.totals.get(name, 0) + event.pips[name] for name in self.players})
        after = PipsGame(self.rules, self.players, totals, self.rounds + 1, self.first_dealer)
        return after, PipsResult(event.pips, after.winner)

    def dealer(self) -> str | None:
        """The deal passes to the left each round."""
        return None if self.over else self.players[(self.first_dealer + self.rounds) % len(self.players)]

    def still_in(self) -> tuple[str, ...]:
        """Everybody plays every round."""
        return self.players

    def offers(self) -> tuple[()]:
        """Nothing but the next round."""
        return ()

    def side_of(self, player: str) -> None:
        """Everybody plays for themselves."""
        return None

    def score_of(self, player: str) -> int | None:
        """A player's total; None for a stranger."""
        return self.totals.get(player, 0) if player in self.players else None

    def as_json(self) -> dict[str, Any]:
        """The `replay` JSON."""
        return {
            "preset": self.rules.preset,
            "rounds": self.rounds,
            "players": [{"name": name, "score": self.totals.get(name, 0)} for name in self.players],
            "over": self.over,
            "winner": self.winner,
        }


PipsReplay = Replayed[PipsGame, PipsRound, PipsResult]


def rules_from(preset: Preset, values: Mapping[str, Value]) -> PipsRules:
    """Pips' rules from a preset's values."""
    return PipsRules(preset.name, preset.game, **values)  # type: ignore[arg-type]


def read_seats(data: Mapping[str, Any], rules: Any) -> tuple[tuple[str, ...], None]:
    """A record's `players`: names, none twice, as many as the rules seat."""
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(name, str) and name for name in players):
        raise RecordError('"players" is a list of names')
    if len(set(players)) != len(players) or not rules.min_players <= len(players) <= rules.max_players:
        raise RecordError("Pips seats 2 to 6 different players")
    return tuple(players), None


def read_event(data: object, position: int, record: Any) -> PipsRound:
    """A record's entry as a round: `{"type": "round", "pips": {name: count}}`."""
    pips = data.get("pips") if isinstance(data, dict) and data.get("type") == "round" else None
    if not isinstance(pips, dict) or not all(isinstance(count, int) for count in pips.values()):
        raise UnreadableEvent(position, 'a Pips entry is {"type": "round", "pips": {name: count}}')
    return PipsRound(MappingProxyType(dict(pips)))


def start(record: Any) -> PipsGame:
    """The game before its first round."""
    dealer = record.players.index(record.first_dealer) if record.first_dealer in record.players else 0
    return PipsGame(record.rules, record.players, MappingProxyType({}), 0, dealer)


def tally(replayed: PipsReplay) -> Tally:
    """The winner first, then by pips; each player's rounds and pips."""
    state = replayed.state
    places = {name: (int(state.winner == name), 0, state.totals.get(name, 0)) for name in state.players}
    counts = {"pips_rounds": dict.fromkeys(state.players, state.rounds), "pips": dict(state.totals)}
    return Tally(places, counts)


FIGURE = Figure("pips", "Pips per round", "pips", per="pips_rounds", note="Pips per round: a toy's.")
FIGURES = Figures("pips_rounds", (FIGURE,))  # its own counts: a season adds each count up over every family's games


PRESET = Preset("pips", "pips", "docs/rules.md", "Pips: each round every player adds their pips; 50 wins", DEFAULTS)
PIPS = GameFamily(
    name=FAMILY,
    games=("pips",),
    evening_rules=False,
    rules=rules_from,
    read_seats=read_seats,
    seats_json=lambda record: {"players": list(record.players)},
    start=start,
    read_event=read_event,
    dealer_of=lambda event: None,
    standings_text=lambda game: ", ".join(f"{row['name']} {row['score']}" for row in game.as_json()["players"]),
    tally=TallyOf(PipsGame, tally),
    figures=FIGURES,
    kinds=(EntryKind("round", "round", played=True, counted=True, correctable=True),),
    options=options_named("min_players", "max_players", "target"),
    presets=(PRESET,),
)
