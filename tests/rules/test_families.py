"""The family registry (referee/rules/families.py): every preset has one family, and a record asks its family."""

from __future__ import annotations

import pytest

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.families import FAMILIES, family_of, family_playing
from referee.rules.game_record import read_game
from referee.rules.presets import PRESETS
from referee.rules.table import Family, rules_for

RUMMY_RECORD = {"preset": "rami", "players": ["Ana", "Ben"], "first_dealer": "Ben", "events": [{"type": "void"}]}
KAISER_RECORD = {
    "preset": "kaiser",
    "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
    "events": [{"type": "passed", "dealer": "Driss"}],
}


def test_every_family_is_registered_under_its_name() -> None:
    assert set(FAMILIES) == set(Family)
    assert all(family.name is name for name, family in FAMILIES.items())


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_one_family_and_its_rules_say_the_same(preset: str) -> None:
    playing = [family for family in FAMILIES.values() if PRESETS[preset].game in family.games]
    assert len(playing) == 1
    assert family_playing(preset) is playing[0] is family_of(rules_for(preset))


def test_rounds_have_a_stock_in_rummy_and_not_in_kaiser() -> None:
    assert FAMILIES[Family.RUMMY].has_stock and not FAMILIES[Family.KAISER].has_stock


@pytest.mark.parametrize("data", [RUMMY_RECORD, KAISER_RECORD], ids=["rummy", "kaiser"])
def test_a_record_read_and_written_back_reads_the_same(data: dict[str, object]) -> None:
    record = read_game(data)
    assert read_game(record.as_json()) == record
    assert record.standings() == family_of(record.rules).start(record).apply(record.events[0], 1)[0]


def test_who_dealt_first_is_the_records_first_dealer_else_the_first_the_events_name_else_the_first_seat() -> None:
    assert read_game(RUMMY_RECORD).dealt_first() == "Ben"
    assert read_game({**RUMMY_RECORD, "first_dealer": None}).dealt_first() == "Ana"
    assert read_game(KAISER_RECORD).dealt_first() == "Driss"


def test_the_standings_text_is_the_familys() -> None:
    rummy, kaiser = read_game(RUMMY_RECORD).standings(), read_game(KAISER_RECORD).standings()
    assert family_of(rummy.rules).standings_text(rummy).startswith("rami, after 1 round:")
    assert family_of(kaiser.rules).standings_text(kaiser).splitlines() == [
        "kaiser, after 0 hands:",
        "  NS     Ana & Céline                0",
        "  EW     Ben & Driss                 0",
        "Ana deals next",
    ]


def test_only_a_family_played_for_chips_counts_them() -> None:
    rummy = read_game(RUMMY_RECORD).standings()
    chips = family_of(rummy.rules).chips
    assert chips is not None and FAMILIES[Family.KAISER].chips is None
    assert chips(rummy).net == {"Ana": 0, "Ben": 0}


@pytest.mark.parametrize(
    ("data", "entry", "words"),
    [
        (RUMMY_RECORD, {"type": "hand"}, "event 2: unknown event type 'hand'"),
        (KAISER_RECORD, {"type": "round"}, "event 2: a Kaiser game records hand and passed events, not 'round'"),
    ],
    ids=["rummy", "kaiser"],
)
def test_an_entry_that_is_no_event_of_the_family_is_unreadable_not_illegal(
    data: dict[str, object], entry: dict[str, object], words: str
) -> None:
    with pytest.raises(UnreadableEvent, match=words) as caught:
        read_game(data).parse_event(entry, 2)
    assert not isinstance(caught.value, EventError)
