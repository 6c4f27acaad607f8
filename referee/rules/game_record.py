"""The game record of docs/formats.md: read, checked, written back, and replayed.

What differs from one family to another (its seats, its start, its events) the record asks its family
(`referee.rules.families`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from referee.rules.events import EntryError
from referee.rules.families import GameFamily, family_of, family_playing, rules_for
from referee.rules.game import AnyEvent, AnyGame, AnyReplayed, Rules, Sides, replay
from referee.rules.options import OptionError, Value, quoted
from referee.rules.presets import DEFAULT_PRESET
from referee.rules.record_data import RecordError
from referee.rules.words import say

GAME_FORMAT = "referee.game/1"


@dataclass(frozen=True)
class GameRecord:
    """One game: its preset, the house's options, its players (and their sides, where its family plays in sides) and
    its events, in order."""

    preset: str
    options: Mapping[str, Value]
    players: tuple[str, ...]  # in seat order, clockwise
    events: tuple[AnyEvent, ...]
    first_dealer: str | None = None  # who dealt the first round or hand (an optional key)
    sides: Sides | None = None  # the partnerships, where its family seats players in sides (Kaiser's two teams)

    @property
    def rules(self) -> Rules:
        """The rules in force: the preset with the record's options."""
        return rules_for(self.preset, self.options)

    @property
    def _family(self) -> GameFamily:
        return family_playing(self.preset)  # the preset names it: no need to build the rules

    def start(self) -> AnyGame:
        """The game before its first event, as its family starts it."""
        return self._family.start(self)

    def parse_event(self, data: object, position: int) -> AnyEvent:
        """One entry of this game read as its event, checked for shape (UnreadableEvent says what is wrong)."""
        return self._family.read_event(data, position, self)

    def replay(self) -> AnyReplayed:
        """Every event applied in order, as far as they go, with what each did."""
        return replay(self.start(), self.events)

    def standings(self) -> AnyGame:
        """The standings: what replaying the events gives (EventError for an event that cannot happen)."""
        return self.replay().standing()

    def dealt_first(self) -> str:
        """Who dealt first: the record's first dealer, else the first dealer its events name, else the first seat."""
        if self.first_dealer:
            return self.first_dealer
        dealers = [dealer for dealer in map(self._family.dealer_of, self.events) if dealer]
        return dealers[0] if dealers else self.players[0]

    def seating(self) -> dict[str, Any]:
        """The record's seats as its family writes them: `{"players": […]}`, or Kaiser's `{"teams": {…}}`."""
        return self._family.seats_json(self)

    def as_json(self) -> dict[str, Any]:
        """The record as docs/formats.md writes it."""
        return {
            "format": GAME_FORMAT,
            "preset": self.preset,
            "options": dict(self.options),
            **self.seating(),
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
    entries = data.get("events", [])  # the game's log as stored: each entry is read as an event below
    if not isinstance(entries, list):
        raise RecordError(say('"events" is a list of events'))
    for number, entry in enumerate(entries, start=1):
        kind = entry.get("type") if isinstance(entry, Mapping) else None
        if kind is not None and not isinstance(kind, str):
            raise RecordError(
                say("event {position}: an event's type is a word, not {kind}", position=number, kind=quoted(kind))
            )
    players, sides = family_of(rules).read_seats(data, rules)
    record = GameRecord(rules.preset, MappingProxyType(rules.changed()), players, (), sides=sides)
    try:
        events = tuple(record.parse_event(entry, n) for n, entry in enumerate(entries, start=1))
    except EntryError as error:
        raise RecordError(str(error)) from None
    first_dealer = data.get("first_dealer")
    if first_dealer is not None and first_dealer not in players:
        raise RecordError(say("first_dealer {name!r} is not one of the players", name=first_dealer))
    return replace(record, events=events, first_dealer=first_dealer)
