"""An evening's logs (`referee.evening/2`): its corrections, its rulings and its payments marked as made, checked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from types import MappingProxyType
from typing import Any, cast

from referee.rules.events import UnreadableEvent
from referee.rules.game_record import GameRecord
from referee.rules.kaiser_events import KaiserError
from referee.rules.record_data import RecordError, iso_time
from referee.rules.words import say

LONGEST_LOG_TEXT = 2000  # a ruling's question, rules or answer in the disputes log


@dataclass(frozen=True)
class Correction:
    """One correction in the change log: event `slot` of game `game` (both from 1) became `after` at its `revision`.

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
    """One ruling in the disputes log: what was asked (`kind`, `question`), under which `rules`, the answer."""

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


def _moment(value: Any, where: str) -> str:
    """A change's, a ruling's or a payment's `at`."""
    return iso_time(value, say('{where}: "at" is a time in ISO 8601, like "2026-11-20T21:05:00+00:00"', where=where))


def _list(value: Any, key: str) -> list[Mapping[str, Any]]:
    if not isinstance(value, list) or not all(isinstance(item, Mapping) for item in value):
        raise RecordError(say('"{key}" is a list of objects', key=key))
    return value


def read_changes(value: Any, games: Sequence[GameRecord]) -> tuple[Correction, ...]:
    """The change log, checked against the games: each correction's event exists, and they follow one another."""
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
    except (UnreadableEvent, KaiserError) as error:
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


def read_rulings(value: Any) -> tuple[LoggedRuling, ...]:
    """The disputes log, each ruling's texts and time checked."""
    rulings = []
    for number, item in enumerate(_list(value, "rulings"), start=1):
        where = say("ruling {number}", number=number)
        kind, rules, question, answer = (_text(item, key, where) for key in ("kind", "rules", "question", "answer"))
        rulings.append(LoggedRuling(kind, rules, question, answer, _moment(item.get("at"), where)))
    return tuple(rulings)


def read_payments(value: Any, players: Sequence[str]) -> tuple[MarkedPayment, ...]:
    """The payments marked as made, between two of the evening's `players`; one taken back must have been made."""
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
        taken = (payment.payer, payment.payee, -payment.chips)
        for n in reversed(range(len(standing))):  # the latest-made equal payment
            if (standing[n].payer, standing[n].payee, standing[n].chips) == taken:
                del standing[n]
                break
    return standing
