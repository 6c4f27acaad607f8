"""The game record and the evening record of FORMATS.md: read, checked, written back, and replayed."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from decimal import Decimal, InvalidOperation
from itertools import pairwise
from types import MappingProxyType
from typing import Any, cast

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
from referee.rules.presets import DEFAULT_PRESET, MOST_PLAYERS, OptionError, Value, quoted
from referee.rules.rummy import RummyGame
from referee.rules.rummy_events import RummyEvent, rummy_event_from_json
from referee.rules.table import KaiserRules, Rules, RummyRules, rules_for
from referee.rules.words import say

GAME_FORMAT = "referee.game/1"
EVENING_FORMAT = "referee.evening/1"
EVENING_FORMAT_2 = "referee.evening/2"  # /1 with the evening's id, its change log, disputes log and payments
EVENING_FORMATS = (EVENING_FORMAT, EVENING_FORMAT_2)
DEEPEST = 20  # levels of nesting: a record needs 7 (evening, games, a game, events, an event, hands, a hand)
LARGEST = 1_000_000  # no number in a record is larger: options stop at 100,000, hands at a few hundred points
MOST_CHIP_VALUE = Decimal(1000)  # a chip worth more than this is a typo
# What the app takes, on its forms and in an import (`referee replay` and `settle` read longer ones).
LONGEST_NAME, LONGEST_TITLE, LONGEST_CURRENCY = 24, 60, 8
LONGEST_LOG_TEXT = 2000  # a ruling's question, rules or answer in the disputes log
EVENING_ID = re.compile(r"[A-Za-z0-9-]{1,64}")  # the app writes 32 lowercase hex digits


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
    for number, event in enumerate(events_data, start=1):
        kind = event.get("type") if isinstance(event, Mapping) else None
        if kind is not None and not isinstance(kind, str):
            raise RecordError(
                say("event {position}: an event's type is a word, not {kind}", position=number, kind=quoted(kind))
            )
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
    """JSON from text, checked as data (`check_data`), or a RecordError that says where it is broken.

    >>> load_json('{"a": [1, NaN]}')
    Traceback (most recent call last):
    referee.rules.record.RecordError: the file is not valid JSON: NaN is not a number JSON allows
    """
    try:
        data = json.loads(text, parse_constant=_no_constant)
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
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(nests_too_deeply()) from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise RecordError(too_large()) from None
    check_data(data)
    return data


def _no_constant(name: str) -> Any:
    raise RecordError(say("the file is not valid JSON: {name} is not a number JSON allows", name=name))


def nests_too_deeply() -> str:
    """Why data nested deeper than any record is refused."""
    return say("the record nests too deeply: a record has at most {most} levels", most=DEEPEST)


def too_large() -> str:
    """Why a number is refused: more than any record holds."""
    return say("a number is too large: a record's numbers are at most {most}", most=f"{LARGEST:,}")


def check_data(data: Any) -> None:
    """Refuse JSON data no record can be: nested too deeply, a number too large, text that is not Unicode.

    A lone surrogate ("\\ud800" in the file) is not a character: it could not be stored nor shown.

    >>> check_data({"players": ["Ana", "\\ud800"]})
    Traceback (most recent call last):
    referee.rules.record.RecordError: the text '\\ud800' holds a character that is not Unicode (a lone surrogate)
    """
    pending: list[tuple[Any, int]] = [(data, 1)]
    while pending:
        value, depth = pending.pop()
        if depth > DEEPEST:
            raise RecordError(nests_too_deeply())
        if isinstance(value, Mapping):
            pending.extend((key, depth) for key in value)
            pending.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            pending.extend((item, depth + 1) for item in value)
        elif isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError:
                raise RecordError(
                    say(
                        "the text {text} holds a character that is not Unicode (a lone surrogate)",
                        text=quoted(value),
                    )
                ) from None
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST:
            raise RecordError(too_large())


@dataclass(frozen=True)
class Correction:
    """One entry of the change log: event `slot` of game `game` (both from 1) became `after` at its `revision`.

    `before` and `after` are the event's JSON as the game record writes it; None when it was deleted.
    """

    game: int
    slot: int
    revision: int
    before: Mapping[str, Any] | None
    after: Mapping[str, Any] | None
    at: str

    def as_json(self) -> dict[str, Any]:
        """The correction as `referee.evening/2` writes it."""
        return {
            "game": self.game,
            "slot": self.slot,
            "revision": self.revision,
            "before": None if self.before is None else dict(self.before),
            "after": None if self.after is None else dict(self.after),
            "at": self.at,
        }


@dataclass(frozen=True)
class LoggedRuling:
    """One entry of the disputes log: what was asked (`kind`, `question`), under which `rules`, the answer."""

    kind: str
    rules: str
    question: str
    answer: str
    at: str

    def as_json(self) -> dict[str, Any]:
        """The ruling as `referee.evening/2` writes it."""
        return {"kind": self.kind, "rules": self.rules, "question": self.question, "answer": self.answer, "at": self.at}


@dataclass(frozen=True)
class MarkedPayment:
    """A payment of the settle-up marked as made: `payer` paid `payee` `chips`; negative chips take one back."""

    payer: str
    payee: str
    chips: int
    at: str

    def as_json(self) -> dict[str, Any]:
        """The payment as `referee.evening/2` writes it."""
        return {"from": self.payer, "to": self.payee, "chips": self.chips, "at": self.at}


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
        """The evening as FORMATS.md writes it."""
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
        changes=_changes(data.get("changes", []), evening.games),
        rulings=_rulings(data.get("rulings", [])),
        payments=_payments(data.get("payments", []), players),
    )


def _evening_id(value: Any) -> str:
    if not isinstance(value, str) or not EVENING_ID.fullmatch(value):
        raise RecordError(say('"id" is the evening\'s id: 1 to 64 letters, digits or dashes'))
    return value


def iso_time(value: Any, refusal: str) -> str:
    """A time as the app writes it: ISO 8601 text; RecordError with `refusal` otherwise."""
    try:
        if isinstance(value, str):
            datetime.fromisoformat(value)
            return value
    except ValueError:
        pass
    raise RecordError(refusal)


def _moment(value: Any, where: str) -> str:
    """A change's, a ruling's or a payment's `at`."""
    return iso_time(value, say('{where}: "at" is a time in ISO 8601, like "2026-11-20T21:05:00+00:00"', where=where))


def _list(value: Any, key: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, Mapping) for item in value):
        raise RecordError(say('"{key}" is a list of objects', key=key))
    return value


def _changes(value: Any, games: Sequence[GameRecord]) -> tuple[Correction, ...]:
    """The change log, checked against the games: each entry's event exists, and they follow one another."""
    changes = []
    for number, item in enumerate(_list(value, "changes"), start=1):
        where = say("change {number}", number=number)
        numbers = [item.get(key) for key in ("game", "slot", "revision")]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            raise RecordError(say('{where}: "game", "slot" and "revision" are whole numbers', where=where))
        game, slot, revision = (cast(int, n) for n in numbers)
        if not 1 <= game <= len(games):
            raise RecordError(say("{where}: there is no game {game}", where=where, game=game))
        if slot < 1 or revision < 1:
            raise RecordError(say('{where}: "slot" and "revision" count from 1', where=where))
        record = games[game - 1]
        before, after = (_logged_event(item, key, record, slot, where) for key in ("before", "after"))
        changes.append(Correction(game, slot, revision, before, after, _moment(item.get("at"), where)))
    for number, record in enumerate(games, start=1):
        _follow(number, record, [change for change in changes if change.game == number])
    return tuple(changes)


def _logged_event(
    item: Mapping[str, Any], key: str, record: GameRecord, slot: int, where: str
) -> Mapping[str, Any] | None:
    data = item.get(key)
    if data is None:
        return None
    try:
        record.parse_event(data, slot)
    except (EventError, KaiserError) as error:
        raise RecordError(say("{where}: {reason}", where=where, reason=error)) from None
    return MappingProxyType(dict(data))


def _same_event(record: GameRecord, one: Mapping[str, Any] | None, other: Mapping[str, Any] | None) -> bool:
    """Whether two events' JSON say the same, once read (a hand as a string or a list of cards is the same)."""
    if one is None or other is None:
        return one is other
    return record.parse_event(one, 1).as_json() == record.parse_event(other, 1).as_json()


def _follow(number: int, record: GameRecord, changes: Sequence[Correction]) -> None:
    """A game's corrections follow one another and end where the game's events are (RecordError if not)."""
    bad = say("game {number}: its change log does not match its events", number=number)
    by_slot: dict[int, list[Correction]] = {}
    for change in changes:
        by_slot.setdefault(change.slot, []).append(change)
    deleted = {slot for slot, chain in by_slot.items() if max(chain, key=lambda c: c.revision).after is None}
    slots = len(record.events) + len(deleted)
    if any(slot > slots for slot in by_slot):
        raise RecordError(bad)
    standing = [slot for slot in range(1, slots + 1) if slot not in deleted]
    for slot, chain in by_slot.items():
        chain = sorted(chain, key=lambda c: c.revision)
        if [c.revision for c in chain] != list(range(1, len(chain) + 1)) or chain[0].before is None:
            raise RecordError(bad)
        if any(not _same_event(record, a.after, b.before) for a, b in pairwise(chain)):
            raise RecordError(bad)
        if slot not in deleted:
            now = record.events[standing.index(slot)].as_json()
            if not _same_event(record, chain[-1].after, now):
                raise RecordError(bad)


def _text(item: Mapping[str, Any], key: str, where: str) -> str:
    value = item.get(key)
    if not isinstance(value, str) or len(value) > LONGEST_LOG_TEXT:
        raise RecordError(
            say('{where}: "{key}" is a text of at most {most} characters', where=where, key=key, most=LONGEST_LOG_TEXT)
        )
    return value


def _rulings(value: Any) -> tuple[LoggedRuling, ...]:
    rulings = []
    for number, item in enumerate(_list(value, "rulings"), start=1):
        where = say("ruling {number}", number=number)
        kind, rules, question, answer = (_text(item, key, where) for key in ("kind", "rules", "question", "answer"))
        rulings.append(LoggedRuling(kind, rules, question, answer, _moment(item.get("at"), where)))
    return tuple(rulings)


def _payments(value: Any, players: Sequence[str]) -> tuple[MarkedPayment, ...]:
    payments: list[MarkedPayment] = []
    for number, item in enumerate(_list(value, "payments"), start=1):
        where = say("payment {number}", number=number)
        payer, payee, chips = item.get("from"), item.get("to"), item.get("chips")
        if not isinstance(payer, str) or not isinstance(payee, str) or payer == payee or {payer, payee} - set(players):
            raise RecordError(say('{where}: "from" and "to" are two of the evening\'s players', where=where))
        if not isinstance(chips, int) or isinstance(chips, bool) or chips == 0:
            raise RecordError(say('{where}: "chips" is a whole number of chips, not 0', where=where))
        payment = MarkedPayment(payer, payee, chips, _moment(item.get("at"), where))
        if chips < 0 and len(standing_payments([*payments, payment])) == len(standing_payments(payments)):
            raise RecordError(say("{where}: it takes back a payment that was not made", where=where))
        payments.append(payment)
    return tuple(payments)


def standing_payments(payments: Sequence[MarkedPayment]) -> list[MarkedPayment]:
    """The payments still standing, oldest first: a negative one takes back the latest-made equal one still standing.

    >>> made = MarkedPayment("Ana", "Ben", 5, "t")
    >>> standing_payments([made, MarkedPayment("Ana", "Ben", -5, "t")])
    []
    """
    standing: list[MarkedPayment] = []
    for payment in payments:
        if payment.chips > 0:
            standing.append(payment)
            continue
        back = next(
            (p for p in standing if (p.payer, p.payee, p.chips) == (payment.payer, payment.payee, -payment.chips)),
            None,
        )
        if back is not None:
            standing.remove(back)
    return standing


def evening_of(game: GameRecord, chip_value: Decimal = Decimal("0.10"), currency: str = "EUR") -> EveningRecord:
    """An evening of one game: its players at the table, and its rules if it is a rummy game."""
    preset, options = _evening_rules({}, [game])
    return EveningRecord(chip_value, currency, (game,), "", _table(None, [game]), preset, options)


def _evening_rules(data: Mapping[str, Any], games: Sequence[GameRecord]) -> tuple[str, Mapping[str, Value]]:
    """The evening's own rules: the record's `preset` and `options`, else the first rummy game's, else kaluki's."""
    if "preset" in data or "options" in data:
        preset, options = data.get("preset", DEFAULT_PRESET), data.get("options", {})
        if not isinstance(preset, str) or not isinstance(options, Mapping):
            raise RecordError(say('the evening\'s "preset" is a preset\'s name and its "options" an object'))
    else:
        rummy = next((game for game in games if game.teams is None), None)
        preset, options = (rummy.preset, rummy.options) if rummy else (DEFAULT_PRESET, {})
    try:
        rules = rules_for(preset, options)
    except OptionError as error:
        raise RecordError(say("the evening's rules: {reason}", reason=error)) from None
    if not isinstance(rules, RummyRules):
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
    """Refuse an evening the app does not import: not 2-8 players, or a name, title or currency too long."""
    if not 2 <= len(evening.players) <= MOST_PLAYERS:
        raise RecordError(
            say(
                "an evening has {fewest} to {most} players, not {count}",
                fewest=2,
                most=MOST_PLAYERS,
                count=len(evening.players),
            )
        )
    names = [*evening.players, *(name for game in evening.games for name in game.players)]
    names += [team for game in evening.games if game.teams for team in game.teams.names]
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
