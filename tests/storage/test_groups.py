"""Groups in storage: the migration that gives every evening a group, keys, and a group's own names."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

from sqlite_utils import Database

from referee.services.database import unit_of_work
from referee.services.games import start_game
from referee.storage.db import connect
from referee.storage.evenings import Evening, create_evening, evening_by_key, evenings_of, known_names
from referee.storage.groups import group_by_key, group_of, players_of
from referee.storage.history import games_played
from referee.storage.migrations import migrations


def _evening(db: Database, players: list[str], group_id: int | None = None, title: str = "") -> Evening:
    with unit_of_work(db):
        return create_evening(
            db,
            title=title,
            players=players,
            preset="kaluki",
            options={},
            chip_value=Decimal("0.10"),
            currency="EUR",
            group_id=group_id,
        )


def test_the_groups_migration_on_an_empty_database_twice(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    connect(path).close()
    db = connect(path)
    assert migrations.pending(db) == []
    assert "groups" in db.table_names()
    assert "group_id" in db.table("evenings").columns_dict
    assert db.table("groups").count == 0
    triggers = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]
    assert triggers.count("evenings_own_group") == 1


def test_evenings_stored_before_groups_each_get_a_group_of_their_own(tmp_path: Path) -> None:
    db = Database(tmp_path / "old.sqlite")
    migrations.apply(db, stop_before="m009_groups")
    assert "groups" not in db.table_names()
    for title in ("Friday", "", "Saturday"):
        db.table("evenings").insert(
            {
                "scorer_key": f"s-{title}",
                "viewer_key": f"v-{title}",
                "title": title,
                "players": json.dumps(["Ana", "Ben"]),
                "preset": "kaluki",
                "options": "{}",
                "chip_value": "0.10",
                "currency": "EUR",
                "created_at": "2026-01-02T20:00:00+00:00",
            }
        )
    migrations.apply(db)
    groups = list(db.query("SELECT * FROM groups ORDER BY id"))
    assert [group["title"] for group in groups] == ["Friday", "", "Saturday"]
    owners = [row["group_id"] for row in db.query("SELECT group_id FROM evenings ORDER BY id")]
    assert owners == [group["id"] for group in groups]  # one group each, in order
    keys = [group[kind] for group in groups for kind in ("scorer_key", "viewer_key")]
    assert len(set(keys)) == 6 and all(len(key) == 36 for key in keys)
    assert migrations.pending(db) == []
    friday = evening_by_key(db, "s-Friday")
    assert friday is not None and group_of(db, friday[0]).title == "Friday"


def test_a_new_evening_gets_a_group_of_its_own_unless_it_joins_one(tmp_path: Path) -> None:
    db = connect(tmp_path / "db.sqlite")
    first = _evening(db, ["Ana", "Ben"], title="Friday")
    stranger = _evening(db, ["Ana", "Zoé"])
    assert first.group_id != stranger.group_id
    group = group_of(db, first)
    assert group.title == "Friday"
    second = _evening(db, ["Ben", "Cleo", "Ana"], group_id=group.id)
    assert group_by_key(db, group.scorer_key) == (group, True)
    assert group_by_key(db, group.viewer_key) == (group, False)
    assert group_by_key(db, first.scorer_key) is None  # an evening's key is no group's
    assert evenings_of(db, group.id) == [second, first]  # newest first
    assert players_of(evenings_of(db, group.id)) == ["Ben", "Cleo", "Ana"]
    assert known_names(db, group.id) == ["Ana", "Ben", "Cleo"]  # never the stranger's Zoé
    assert known_names(db, stranger.group_id) == ["Ana", "Zoé"]


def test_games_played_reads_only_the_evenings_asked(tmp_path: Path) -> None:
    db = connect(tmp_path / "db.sqlite")
    ours = _evening(db, ["Ana", "Ben"])
    theirs = _evening(db, ["Ana", "Ben"])
    start_game(db, ours, "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    start_game(db, theirs, "kaluki", {}, {"players": ["Ana", "Ben"]}, 0)
    played = games_played(db, "Ana", [ours.id])
    assert [p.evening.id for p in played] == [ours.id]
    assert games_played(db, "Nobody", [ours.id, theirs.id]) == []
