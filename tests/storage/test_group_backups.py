"""Group backups (`referee.group/1`): every evening of a group goes out in one file and comes back exactly."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sqlite_utils import Database

from referee.rules.group_record import read_group
from referee.rules.record_data import RecordError
from referee.services.database import unit_of_work
from referee.storage.db import connect
from referee.storage.evenings import Evening, evenings_of
from referee.storage.group_transfer import group_json, same_group, store_group
from referee.storage.groups import Group, group_of
from referee.storage.history import games_played
from referee.storage.transfer import evening_json
from tests.storage.test_evening_backups import PLAN, Plan, plans, play


def played_group(db: Database, evening_plans: list[Plan]) -> Group:
    """One group holding an evening for each plan, played as the app plays them."""
    evenings: list[Evening] = []
    for number, plan in enumerate(evening_plans, start=1):
        evenings.append(play(db, plan, title=f"Friday {number}"))
    first = evenings[0]
    for evening in evenings[1:]:  # the evenings of a group: the first one's group
        db.execute("UPDATE evenings SET group_id = ? WHERE id = ?", [first.group_id, evening.id])
    db.conn.commit()
    return group_of(db, first)


def text_of(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2)


@settings(max_examples=15, deadline=None)
@given(evening_plans=st.lists(plans(), min_size=1, max_size=3))
def test_export_import_export_gives_the_same_file(evening_plans: list[Plan]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        here, there = connect(Path(folder) / "here.sqlite"), connect(Path(folder) / "there.sqlite")
        group = played_group(here, evening_plans)
        text = text_of(group_json(here, group))
        with unit_of_work(there):
            copy = store_group(there, read_group(json.loads(text)))
        assert text_of(group_json(there, copy)) == text
        assert [e.title for e in evenings_of(there, copy.id)] == [e.title for e in evenings_of(here, group.id)]
        here.close()
        there.close()


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(tmp_path / "db.sqlite")


def test_a_group_record_holds_its_evenings_oldest_first_as_evening_records_2(db: Database) -> None:
    group = played_group(db, [PLAN, PLAN])
    exported = group_json(db, group)
    assert list(exported) == ["format", "id", "title", "started", "evenings", "evenings_started"]
    assert exported["format"] == "referee.group/1" and len(exported["id"]) == 32
    assert exported["title"] == "Friday 1" and exported["started"] == group.created_at
    assert [e["title"] for e in exported["evenings"]] == ["Friday 1", "Friday 2"]
    oldest = evenings_of(db, group.id)[::-1]
    assert exported["evenings"] == [evening_json(db, evening) for evening in oldest]
    assert exported["evenings_started"] == [evening.created_at for evening in oldest]


def test_a_group_imported_where_it_is_kept_both_gets_new_ids_and_counts_once_per_group(db: Database) -> None:
    group = played_group(db, [PLAN, PLAN])
    exported = group_json(db, group)
    record = read_group(exported)
    assert same_group(db, record) == group
    with unit_of_work(db):
        copy = store_group(db, record, "key-1")
    again = group_json(db, copy)
    assert copy.id != group.id and again["id"] != exported["id"]
    assert [e["id"] for e in again["evenings"]] != [e["id"] for e in exported["evenings"]]  # new evening ids
    assert [e | {"id": ""} for e in again["evenings"]] == [e | {"id": ""} for e in exported["evenings"]]
    ids = {group.id: [e.id for e in evenings_of(db, group.id)], copy.id: [e.id for e in evenings_of(db, copy.id)]}
    for evenings in ids.values():  # each group's histories count its own evenings: never a game twice
        assert len(games_played(db, "Ana", evenings)) == len(games_played(db, "Ana", ids[group.id]))
    with unit_of_work(db):
        assert store_group(db, record, "key-1") == copy  # the same form sent twice makes one group
    assert db.execute("SELECT COUNT(*) FROM groups").fetchone()[0] == 3  # 2 played (one now empty), 1 copy


def _broken(data: dict[str, Any], change: str) -> dict[str, Any]:
    data = json.loads(json.dumps(data))
    if change == "event":
        data["evenings"][1]["games"][0]["events"][0]["winner"] = "Zoé"
    elif change == "order":
        data["evenings_started"] = data["evenings_started"][::-1]
        data["evenings_started"][0] = "2099-01-01T00:00:00+00:00"
    elif change == "twice":
        data["evenings"][1]["id"] = data["evenings"][0]["id"]
    elif change == "evening 1":
        data["evenings"][0]["format"] = "referee.evening/1"
    elif change == "times":
        data["evenings_started"] = data["evenings_started"][:1]
    elif change == "id":
        data["id"] = "not an id!"
    return data


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ("event", "evening 2: game 1:"),
        ("order", "evening 2: the evenings are listed oldest first"),
        ("twice", "evening 2: its id is another evening's of the group"),
        ("evening 1", "evening 1: a group's evening is a referee.evening/2 record"),
        ("times", '"evenings_started" a time for each'),
        ("id", "the group's id"),
    ],
)
def test_a_bad_group_record_is_refused_with_the_reason_and_makes_nothing(
    db: Database, change: str, reason: str
) -> None:
    exported = group_json(db, played_group(db, [PLAN, PLAN]))
    before = db.execute("SELECT COUNT(*) FROM evenings").fetchone()[0]
    with pytest.raises(RecordError, match=reason.replace("(", r"\(")), unit_of_work(db):
        store_group(db, read_group(_broken(exported, change)))
    assert db.execute("SELECT COUNT(*) FROM evenings").fetchone()[0] == before
