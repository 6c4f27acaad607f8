"""The evening record of docs/formats.md (`referee.evening/1` and `/2`): read, checked, written back, and its chips."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import Any

from referee.rules.evening_logs import (
    Correction,
    LoggedRuling,
    MarkedPayment,
    read_changes,
    read_payments,
    read_rulings,
)
from referee.rules.events import EntryError
from referee.rules.families import family_of, rules_for
from referee.rules.game_record import GameRecord, read_game
from referee.rules.options import MOST_AT_TABLE, OptionError, Value, quoted
from referee.rules.presets import DEFAULT_PRESET
from referee.rules.record_data import RecordError
from referee.rules.words import say

EVENING_FORMAT = "referee.evening/1"
EVENING_FORMAT_2 = "referee.evening/2"  # /1 with the evening's id, its change log, disputes log and payments
EVENING_FORMATS = (EVENING_FORMAT, EVENING_FORMAT_2)
MOST_CHIP_VALUE = Decimal(1000)  # a chip worth more than this is a typo
# What the app takes, on its forms and in an import (`referee replay` and `settle` read longer ones).
LONGEST_NAME, LONGEST_TITLE, LONGEST_CURRENCY = 24, 60, 8
EVENING_ID = re.compile(r"[A-Za-z0-9-]{1,64}")  # the app writes 32 lowercase hex digits


@dataclass(frozen=True)
class EveningRecord:
    """An evening: the value of a chip, its currency and its games in the order played.

    An evening the app exported also has its title, its players and its own (rummy) rules, a new game's
    default; a record without them takes the games' players and the first rummy game's rules. A
    `referee.evening/2` record also has the evening's `id` and its logs: its corrections, its rulings and its
    payments marked as made, oldest first.
    """

    chip_value: Decimal
    currency: str
    games: tuple[GameRecord, ...]
    title: str = ""
    players: tuple[str, ...] = ()
    preset: str = DEFAULT_PRESET
    options: Mapping[str, Value] = field(default_factory=lambda: MappingProxyType({}))
    id: str | None = None  # /2 only: the evening's own id, the same on every server
    changes: tuple[Correction, ...] = ()
    rulings: tuple[LoggedRuling, ...] = ()
    payments: tuple[MarkedPayment, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The evening as docs/formats.md writes it."""
        return {
            "format": EVENING_FORMAT,
            "chip_value": f"{self.chip_value:.2f}",
            "currency": self.currency,
            "games": [game.as_json() for game in self.games],
        }


def read_evening(data: Any) -> EveningRecord:
    """An evening record (`referee.evening/1` or `/2`) from its JSON data; RecordError names the part and why."""
    if not isinstance(data, Mapping) or data.get("format") not in EVENING_FORMATS:
        raise RecordError(say('an evening record is an object with "format": "{format}"', format=EVENING_FORMAT_2))
    chip_value = parse_money(data.get("chip_value"))
    currency = data.get("currency", "")
    if not isinstance(currency, str):
        raise RecordError(say('"currency" is a currency code, like "EUR"'))
    title = data.get("title", "")
    if not isinstance(title, str):
        raise RecordError(say('"title" is the evening\'s name, a text'))
    games = data.get("games")
    if not isinstance(games, list):
        raise RecordError(say('"games" is a list of game records'))
    records = []
    for number, game in enumerate(games, start=1):
        try:
            records.append(read_game(game))
        except RecordError as error:
            raise RecordError(say("game {number}: {reason}", number=number, reason=error)) from None
    preset, options = _evening_rules(data, records)
    players = _table(data.get("players"), records)
    evening = EveningRecord(chip_value, currency, tuple(records), title, players, preset, options)
    if data["format"] == EVENING_FORMAT:
        return evening
    return replace(
        evening,
        id=_evening_id(data.get("id")),
        changes=read_changes(data.get("changes", []), evening.games),
        rulings=read_rulings(data.get("rulings", [])),
        payments=read_payments(data.get("payments", []), players),
    )


def _evening_id(value: Any) -> str:
    if not isinstance(value, str) or not EVENING_ID.fullmatch(value):
        raise RecordError(say('"id" is the evening\'s id: 1 to 64 letters, digits or dashes'))
    return value


def evening_of(game: GameRecord, chip_value: Decimal = Decimal("0.10"), currency: str = "EUR") -> EveningRecord:
    """An evening of one game: its players at the table, and its rules if it is a rummy game."""
    preset, options = _evening_rules({}, [game])
    return EveningRecord(chip_value, currency, (game,), "", _table(None, [game]), preset, options)


def _evening_rules(data: Mapping[str, Any], games: Sequence[GameRecord]) -> tuple[str, Mapping[str, Value]]:
    """The evening's own rules: the record's `preset` and `options`, else the first Kaluki or Rami game's, else
    kaluki's (a family whose rules cannot be an evening's, Kaiser, is skipped, and refused as the evening's)."""
    if "preset" in data or "options" in data:
        preset, options = data.get("preset", DEFAULT_PRESET), data.get("options", {})
        if not isinstance(preset, str) or not isinstance(options, Mapping):
            raise RecordError(say('the evening\'s "preset" is a preset\'s name and its "options" an object'))
    else:
        first = next((game for game in games if family_of(game.rules).evening_rules), None)
        preset, options = (first.preset, first.options) if first else (DEFAULT_PRESET, {})
    try:
        rules = rules_for(preset, options)
    except OptionError as error:
        raise RecordError(say("the evening's rules: {reason}", reason=error)) from None
    if not family_of(rules).evening_rules:
        raise RecordError(
            say(
                "the evening's rules: {preset} is a Kaiser preset; an evening starts from Kaluki or Rami", preset=preset
            )
        )
    return rules.preset, MappingProxyType(rules.changed())


def _table(value: Any, games: Sequence[GameRecord]) -> tuple[str, ...]:
    """The evening's players: the record's list (every game's players among them), else the games' players."""
    playing = list(dict.fromkeys(name for game in games for name in game.players))
    if value is None:
        players = playing
    elif not isinstance(value, list) or not all(isinstance(name, str) and name.strip() for name in value):
        raise RecordError(say("the evening's \"players\" is a list of the players' names"))
    else:
        players = value
        missing = [name for name in playing if name not in players]
        if missing:
            raise RecordError(say("{name} plays a game but is not one of the evening's players", name=missing[0]))
    if len(set(players)) != len(players):
        twice = next(name for name in players if players.count(name) > 1)
        raise RecordError(say("{name} is listed twice among the players", name=twice))
    return tuple(players)


def check_lengths(evening: EveningRecord) -> None:
    """Refuse an evening the app does not import: not 2-12 players, or a name, title or currency too long."""
    if not 2 <= len(evening.players) <= MOST_AT_TABLE:
        raise RecordError(
            say(
                "an evening has {fewest} to {most} players, not {count}",
                fewest=2,
                most=MOST_AT_TABLE,
                count=len(evening.players),
            )
        )
    names = [*evening.players, *(name for game in evening.games for name in game.players)]
    names += [side for game in evening.games if game.sides for side in game.sides.names]
    for name in names:
        if len(name) > LONGEST_NAME:
            raise RecordError(
                say("the name {name} is too long: at most {most} characters", name=quoted(name), most=LONGEST_NAME)
            )
    if len(evening.title) > LONGEST_TITLE:
        raise RecordError(say("the evening's title is too long: at most {most} characters", most=LONGEST_TITLE))
    if len(evening.currency) > LONGEST_CURRENCY:
        raise RecordError(say("the currency is too long: at most {most} characters, like EUR", most=LONGEST_CURRENCY))


def parse_money(value: Any) -> Decimal:
    """A chip's value from a decimal string like "0.20": never a float, at most cents, at most 1000.

    >>> parse_money("0.20"), parse_money("-0")
    (Decimal('0.20'), Decimal('0'))
    """
    if not isinstance(value, str):
        raise RecordError(say('"chip_value" is a decimal string, like "0.20" (money is never a float)'))
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise RecordError(say('chip_value {value} is not a decimal number, like "0.20"', value=quoted(value))) from None
    if not amount.is_finite() or not 0 <= amount <= MOST_CHIP_VALUE or amount != amount.quantize(Decimal("0.01")):
        raise RecordError(
            say(
                "chip_value {value} must be from 0 to {most}, in whole cents", value=quoted(value), most=MOST_CHIP_VALUE
            )
        )
    return amount + 0  # -0 is 0


def game_chips(games: Sequence[GameRecord]) -> list[dict[str, int]]:
    """Each game's net chips per player, by replaying it; a game whose pot is still on the table is refused."""
    chips = []
    for number, game in enumerate(games, start=1):
        try:
            standings = game.standings()
        except EntryError as error:
            raise RecordError(say("game {number}: {reason}", number=number, reason=error)) from None
        chips_of = family_of(standings.rules).chips
        if chips_of is None:
            continue  # played for points, not chips (Kaiser)
        counted = chips_of(standings)
        if counted.pot:
            raise RecordError(
                say(
                    "game {number} is not over: its pot of {pot} chips has no winner yet",
                    number=number,
                    pot=counted.pot,
                )
            )
        chips.append(dict(counted.net))
    return chips
