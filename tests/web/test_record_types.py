"""Every JSON type in every position of a record (#32): a clear refusal, never a crash.

Each sample record (a Kaluki, a Rami and a Kaiser game, an evening of each format with its change log, disputes and
payments, and a group) is changed at each of its positions, the whole record included, to a value of each JSON
type. The readers refuse what they cannot read with a `RecordError` (or an entry's or a settlement's error), never
another exception; through `/import` a refusal is a 4xx that stores nothing, and an evening taken has a page; at the
command line `replay` and `settle` exit 0 or 2 with one line, never 1.
"""

from __future__ import annotations

import contextlib
import copy
import json
from collections.abc import Iterator
from typing import Any

from referee.rules.evening_record import game_chips, read_evening
from referee.rules.events import EntryError
from referee.rules.game_record import read_game
from referee.rules.group_record import read_group
from referee.rules.record_data import RecordError, load_json
from referee.rules.settlement import SettlementError, evening_balances, settle_json
from referee.storage.db import connect
from tests.conftest import Runner
from tests.web.conftest import Table

AT = "2026-11-20T21:05:00+00:00"
KALUKI = {
    "format": "referee.game/1",
    "preset": "kaluki",
    "players": ["A", "B", "C"],
    "events": [
        {"type": "round", "winner": "A", "hands": {"B": 155, "C": "9H 9S JK=6H"}},
        {"type": "buyback", "player": "B"},
        {"type": "round", "winner": "B", "all_in_one": True, "hands": {"A": 30, "C": ["KS", "QS"]}},
    ],
}
RAMI = {
    "format": "referee.game/1",
    "preset": "rami",
    "players": ["A", "B", "C"],
    "options": {},
    "events": [
        {
            "type": "round",
            "winner": "A",
            "hands": {"B": "JK 5C 9H", "C": 12},
            "laid": {"A": 60, "B": 15, "C": 30},
            "laid_cards": {"B": [["9C", "9D", "9H"]], "C": ["KS KH KD"]},
        },
        {"type": "void"},
        {"type": "reshuffle"},
        {"type": "round", "winner": "B", "rami": "own_cards", "hands": {"A": 10, "C": "KS QS"}, "laid": {"C": 10}},
    ],
}
KAISER = {
    "format": "referee.game/1",
    "preset": "kaiser",
    "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
    "events": [
        {
            "type": "hand",
            "dealer": "Driss",
            "bidder": "Ana",
            "bid": 7,
            "no_trump": False,
            "tricks": {"NS": 6, "EW": 2},
            "five_hearts": "NS",
            "three_spades": "EW",
        },
        {"type": "passed", "dealer": "Ana"},
    ],
}
SHORT = {"format": "referee.game/1", "preset": "kaluki", "players": ["A", "B"],
         "events": [{"type": "round", "winner": "B", "hands": {"A": 30}}]}  # fmt: skip
EVENING_1 = {"format": "referee.evening/1", "chip_value": "0.20", "currency": "EUR", "games": [KALUKI, KAISER]}
EVENING_2 = {
    "format": "referee.evening/2",
    "id": "e1",
    "title": "Friday",
    "players": ["A", "B"],
    "preset": "kaluki",
    "options": {},
    "chip_value": "0.20",
    "currency": "EUR",
    "games": [SHORT],
    "changes": [
        {
            "game": 1,
            "slot": 1,
            "revision": 1,
            "before": {"type": "round", "winner": "B", "hands": {"A": 20}},
            "after": {"type": "round", "winner": "B", "hands": {"A": 30}},
            "at": AT,
        },
    ],
    "rulings": [{"kind": "meld", "rules": "kaluki", "question": "9C 9D 9H", "answer": "valid", "at": AT}],
    "payments": [{"from": "A", "to": "B", "chips": 1, "at": AT}],
}
GROUP = {"format": "referee.group/1", "id": "g1", "title": "Friday", "started": AT, "evenings": [EVENING_2],
         "evenings_started": [AT]}  # fmt: skip
SAMPLES = {"kaluki": KALUKI, "rami": RAMI, "kaiser": KAISER, "evening/1": EVENING_1, "evening/2": EVENING_2,
           "group": GROUP}  # fmt: skip
# One value of each JSON type, and the edges of each that a reader may mistake: a type and a mapping.
VALUES: list[Any] = [None, True, 0, -1, 2.5, 2**70, "", "x", [], [1], {}, {"type": "round"}]
Path = tuple[str | int, ...]


def positions(value: Any, path: Path = ()) -> Iterator[Path]:
    """Every position of a JSON value, itself first."""
    yield path
    if isinstance(value, dict):
        for key, inner in value.items():
            yield from positions(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from positions(inner, (*path, index))


def replaced(record: Any, path: Path, value: Any) -> Any:
    """`record` with the value at `path` replaced by `value`."""
    if not path:
        return value
    changed = copy.deepcopy(record)
    inner = changed
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = value
    return changed


def changed_records() -> list[tuple[str, str]]:
    """Every sample with each of its positions replaced by each value: (an id, the record's text)."""
    return [
        (f"{name}{list(path)}={json.dumps(value)}", json.dumps(replaced(record, path, value)))
        for name, record in SAMPLES.items()
        for path in positions(record)
        for value in VALUES
    ]


CHANGED = changed_records()
# Through the app and the command line too, every one of them.


def rows(table: Table) -> dict[str, int]:
    """How many rows each table of the app's database holds: an import refused adds none (an import only inserts)."""
    db = connect(table.client.application.config["DATABASE"], migrate=False)
    names = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {name: db.execute(f'SELECT COUNT(*) FROM "{name}"').fetchone()[0] for name in names}  # noqa: S608


def read_as_everything(text: str) -> None:
    """Read `text` as a game (and replay it), an evening (and settle it) and a group, as the commands and the import
    do; each may refuse it."""
    for reader in (
        lambda data: read_game(data).standings(),
        lambda data: settle_json(evening_balances(game_chips(read_evening(data).games)), read_evening(data).chip_value),
        read_group,
    ):
        with contextlib.suppress(RecordError, EntryError, SettlementError):
            reader(load_json(text))


def test_every_sample_reads_as_it_is() -> None:
    for name, record in SAMPLES.items():
        if name in ("kaluki", "rami", "kaiser"):
            read_game(record).standings()
        elif name == "group":
            read_group(record)
        else:
            read_evening(record)


def test_every_type_in_every_position_is_read_or_refused_by_the_readers() -> None:
    assert len(CHANGED) > 2_000
    crashes = []
    for name, text in CHANGED:
        try:
            read_as_everything(text)
        except Exception as error:  # every crash is listed, not only the first
            crashes.append(f"{name}: {type(error).__name__}: {error}")
    assert not crashes, "\n".join(crashes[:20])


def test_an_import_takes_the_record_or_refuses_it_and_stores_nothing(table: Table) -> None:
    wrong = []
    for name, text in CHANGED:
        before = rows(table)
        response = table.post("/import", {"text": text})
        if response.status_code == 303:  # taken: its page opens
            page = table.get(response.headers["Location"]).status_code
            if page != 200:
                wrong.append(f"{name}: taken, and its page answers {page}")
        elif response.status_code not in (200, 422):
            wrong.append(f"{name}: {response.status_code}")
        elif rows(table) != before:
            wrong.append(f"{name}: refused, yet something was stored")
    assert not wrong, "\n".join(wrong[:20])


def test_replay_and_settle_exit_0_or_2_with_one_line(referee_inprocess: Runner, tmp_path: Any) -> None:
    path = tmp_path / "record.json"
    wrong = []
    for name, text in CHANGED:
        path.write_text(text, encoding="utf-8")
        for command in ("replay", "settle"):
            done = referee_inprocess(command, str(path))
            if done.code not in (0, 2) or (done.code == 2 and (len(done.err.splitlines()) != 1 or done.out)):
                wrong.append(f"{name}: referee {command} exits {done.code}: {done.err[-300:]}")
    assert not wrong, "\n".join(wrong[:20])
