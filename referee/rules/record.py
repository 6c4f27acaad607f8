"""The game record and the evening record of FORMATS.md: read, checked, written back, and replayed."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any

from referee.rules.events import EventError
from referee.rules.game import Replayed, replay
from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import (
    KaiserError,
    KaiserEvent,
    KaiserHand,
    KaiserTeams,
    PassedDeal,
    parse_kaiser_event,
    parse_kaiser_events,
)
from referee.rules.presets import DEFAULT_PRESET, OptionError, Value
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import RummyEvent, rummy_event_from_json
from referee.rules.table import KaiserRules, Rules, RummyRules, rules_for
from referee.rules.words import say

GAME_FORMAT = "referee.game/1"
EVENING_FORMAT = "referee.evening/1"


class RecordError(ValueError):
    """A game or evening record that cannot be read: the message says where and why."""


@dataclass(frozen=True)
class GameRecord:
    """One game: its preset, the house's options, its players (or Kaiser teams) and its events, in order."""

    preset: str
    options: Mapping[str, Value]
    players: tuple[str, ...]  # in seat order; for Kaiser, the four players clockwise
    events: tuple[RummyEvent, ...] | tuple[KaiserEvent, ...]
    first_dealer: str | None = None  # who dealt the first round or hand (an optional key)
    teams: KaiserTeams | None = None  # Kaiser only

    @property
    def rules(self) -> Rules:
        """The rules in force: the preset with the record's options."""
        return rules_for(self.preset, self.options)

    def start(self) -> RummyGame | KaiserGame:
        """The game before its first event: the one place that picks the family's game."""
        rules = self.rules
        if isinstance(rules, KaiserRules):
            assert self.teams is not None, "a Kaiser record has its teams"
            return KaiserGame.start(rules, self.teams, self.first_dealer)  # first_dealer is read checked
        dealer = self.players.index(self.first_dealer) if self.first_dealer else 0
        return RummyGame.start(rules, self.players, dealer)

    def parse_event(self, data: Any, position: int) -> RummyEvent | KaiserEvent:
        """One event of this game from its JSON object, checked for shape (EventError says what is wrong)."""
        if self.teams is not None:
            return parse_kaiser_event(data, position, self.teams)
        return rummy_event_from_json(data, position)

    def replay(self) -> Replayed:
        """Every event applied in order, as far as they go, with what each did."""
        return replay(self.start(), self.events)

    def standings(self) -> RummyGame | KaiserGame:
        """The standings: what replaying the events gives (EventError for an event that cannot happen)."""
        standing: RummyGame | KaiserGame = self.replay().standing()
        return standing

    def dealt_first(self) -> str:
        """Who dealt first: the record's first dealer, else the first Kaiser deal's dealer, else the first seat."""
        if self.first_dealer:
            return self.first_dealer
        dealers = [event.dealer for event in self.events if isinstance(event, KaiserHand | PassedDeal)]
        return dealers[0] if dealers else self.players[0]

    def as_json(self) -> dict[str, Any]:
        """The record as FORMATS.md writes it."""
        seats: dict[str, Any] = {"teams": self.teams.as_json()} if self.teams else {"players": list(self.players)}
        return {
            "format": GAME_FORMAT,
            "preset": self.preset,
            "options": dict(self.options),
            **seats,
            **({"first_dealer": self.first_dealer} if self.first_dealer else {}),
            "events": [event.as_json() for event in self.events],
        }


def read_game(data: Any) -> GameRecord:
    """A game record from its JSON data, every part checked; RecordError says what is wrong."""
    if not isinstance(data, Mapping):
        raise RecordError(say("a game record is a JSON object"))
    if data.get("format", GAME_FORMAT) != GAME_FORMAT:
        raise RecordError(
            say("format {format!r} is not a game record ({expected})", format=data.get("format"), expected=GAME_FORMAT)
        )
    preset = data.get("preset", DEFAULT_PRESET)
    options = data.get("options", {})
    if not isinstance(preset, str):
        raise RecordError(say('"preset" is a preset\'s name, like "kaluki"'))
    if not isinstance(options, Mapping):
        raise RecordError(say('"options" is an object of option names and values'))
    try:
        rules = rules_for(preset, options)
    except OptionError as error:
        raise RecordError(str(error)) from None
    events_data = data.get("events", [])
    if not isinstance(events_data, list):
        raise RecordError(say('"events" is a list of events'))
    changed = MappingProxyType(rules.changed())
    if isinstance(rules, KaiserRules):
        return _read_kaiser(data, rules.preset, changed, events_data)
    players = _players(data.get("players"), rules)
    try:
        events = tuple(rummy_event_from_json(event, n) for n, event in enumerate(events_data, start=1))
    except EventError as error:
        raise RecordError(str(error)) from None
    first_dealer = data.get("first_dealer")
    if first_dealer is not None and first_dealer not in players:
        raise RecordError(say("first_dealer {name!r} is not one of the players", name=first_dealer))
    return GameRecord(rules.preset, changed, players, events, first_dealer)


def _read_kaiser(data: Mapping[str, Any], preset: str, options: Mapping[str, Value], events: list[Any]) -> GameRecord:
    if "players" in data:
        raise RecordError(say('a Kaiser record names its two teams in "teams", not "players"'))
    try:
        teams = KaiserTeams.from_json(data.get("teams"))
        parsed = parse_kaiser_events(events, teams)
    except (KaiserError, EventError) as error:
        raise RecordError(str(error)) from None
    first_dealer = data.get("first_dealer")
    if first_dealer is not None and first_dealer not in teams.seats:
        raise RecordError(say("first_dealer {name!r} is not one of the players", name=first_dealer))
    return GameRecord(preset, options, teams.seats, parsed, first_dealer, teams)


def _players(value: Any, rules: RummyRules) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(name, str) and name.strip() for name in value):
        raise RecordError(say('"players" is a list of the players\' names'))
    if len(set(value)) != len(value):
        twice = next(name for name in value if value.count(name) > 1)
        raise RecordError(say("{name} is listed twice among the players", name=twice))
    if not rules.min_players <= len(value) <= rules.max_players:
        raise RecordError(
            say(
                "{preset} is played by {fewest} to {most} players, not {count}",
                preset=rules.preset,
                fewest=rules.min_players,
                most=rules.max_players,
                count=len(value),
            )
        )
    return tuple(value)


def load_json(text: str, what: str = "file") -> Any:
    """JSON from text, or a RecordError that says where it is broken."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        # json's own words (error.msg) stay English: the standard library has no catalogue.
        broken = (
            say("the file is not valid JSON: {error} at line {line}", error=error.msg, line=error.lineno)
            if what == "file"
            else say(
                "the {what} is not valid JSON: {error} at line {line}", what=what, error=error.msg, line=error.lineno
            )
        )
        raise RecordError(broken) from None


@dataclass(frozen=True)
class EveningRecord:
    """An evening: the value of a chip, its currency and its games in the order played."""

    chip_value: Decimal
    currency: str
    games: tuple[GameRecord, ...]

    def as_json(self) -> dict[str, Any]:
        """The evening as FORMATS.md writes it."""
        return {
            "format": EVENING_FORMAT,
            "chip_value": f"{self.chip_value:.2f}",
            "currency": self.currency,
            "games": [game.as_json() for game in self.games],
        }


def read_evening(data: Any) -> EveningRecord:
    """An evening record from its JSON data; RecordError names the game and the problem."""
    if not isinstance(data, Mapping) or data.get("format") != EVENING_FORMAT:
        raise RecordError(say('an evening record is an object with "format": "{format}"', format=EVENING_FORMAT))
    chip_value = parse_money(data.get("chip_value"))
    currency = data.get("currency", "")
    if not isinstance(currency, str):
        raise RecordError(say('"currency" is a currency code, like "EUR"'))
    games = data.get("games")
    if not isinstance(games, list):
        raise RecordError(say('"games" is a list of game records'))
    records = []
    for number, game in enumerate(games, start=1):
        try:
            records.append(read_game(game))
        except RecordError as error:
            raise RecordError(say("game {number}: {reason}", number=number, reason=error)) from None
    return EveningRecord(chip_value, currency, tuple(records))


def parse_money(value: Any) -> Decimal:
    """A chip's value from a decimal string like "0.20": never a float, at most cents."""
    if not isinstance(value, str):
        raise RecordError(say('"chip_value" is a decimal string, like "0.20" (money is never a float)'))
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise RecordError(say('chip_value {value!r} is not a decimal number, like "0.20"', value=value)) from None
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(Decimal("0.01")):
        raise RecordError(say("chip_value {value!r} must be zero or more, in whole cents", value=value))
    return amount


def game_chips(games: Sequence[GameRecord]) -> list[dict[str, int]]:
    """Each game's net chips per player, by replaying it; a game whose pot is still on the table is refused."""
    chips = []
    for number, game in enumerate(games, start=1):
        try:
            standings = game.standings()
        except EventError as error:
            raise RecordError(say("game {number}: {reason}", number=number, reason=error)) from None
        if isinstance(standings, KaiserGame):
            continue  # Kaiser is played for points, not chips
        if standings.pot:
            raise RecordError(
                say(
                    "game {number} is not over: its pot of {pot} chips has no winner yet",
                    number=number,
                    pot=standings.pot,
                )
            )
        chips.append({p.name: p.chips for p in standings.players})
    return chips
