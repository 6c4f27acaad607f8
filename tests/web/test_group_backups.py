"""A group's backup: one file with every evening, downloaded from the group page and imported back (no JS needed)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from referee import create_app
from referee.storage.db import connect
from tests.conftest import Runner
from tests.web.conftest import Table
from tests.web.test_evening_backups import forms, played


def group_of(table: Table, evening: str) -> str:
    """The scorer link of the evening's group (as its page links it)."""
    found = re.search(r'href="(/g/[^"]+)"', table.get(evening).get_data(as_text=True))
    assert found is not None
    return found.group(1)


def played_group(table: Table) -> tuple[str, str]:
    """A group of two evenings (one played and partly paid, one more started from the group): link and export."""
    evening, _ = played(table)
    group = group_of(table, evening)
    data = {"title": "Saturday", "players": "A\nB\nC", "preset": "rami", "chip_value": "0.10", "currency": "EUR"}
    assert table.post(f"{group}/new", data).status_code == 303
    return group, table.get(f"{group}/group.json").get_data(as_text=True)


def count(table: Table, what: str) -> int:
    db = connect(table.client.application.config["DATABASE"], migrate=False)
    return int(db.execute(f"SELECT COUNT(*) FROM {what}").fetchone()[0])  # noqa: S608 — the tests' own names


def other_server(tmp_path: Path) -> Table:
    return Table(create_app({"TESTING": True, "DATABASE": str(tmp_path / "other.sqlite")}).test_client())


def test_the_group_page_offers_its_export_to_both_links_as_a_download(table: Table) -> None:
    group, exported = played_group(table)
    page = table.get(group).get_data(as_text=True)
    assert f'href="{group}/group.json" download' in page
    viewer = re.search(r'href="http://localhost(/g/[^"]+)"', page)
    assert viewer is not None and viewer.group(1) != group
    response = table.get(f"{viewer.group(1)}/group.json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert re.fullmatch(r'attachment; filename="group-\d{4}-\d\d-\d\d\.json"', response.headers["Content-Disposition"])
    assert response.get_data(as_text=True) == exported
    data = json.loads(exported)
    assert data["format"] == "referee.group/1"
    assert [e["title"] for e in data["evenings"]] == ["Friday", "Saturday"]  # oldest first
    assert data["evenings"][0]["format"] == "referee.evening/2" and len(data["evenings"][0]["payments"]) == 3
    assert table.get("/g/nobody/group.json").status_code == 404


def test_an_imported_group_has_every_evening_and_exports_the_same_file(table: Table, tmp_path: Path) -> None:
    _, exported = played_group(table)
    other = other_server(tmp_path)
    response = other.post("/import", {"file": (io.BytesIO(exported.encode()), "group.json")})
    assert response.status_code == 303 and response.headers["Location"].startswith("/g/")
    copy = response.headers["Location"]
    page = other.get(copy).get_data(as_text=True)
    assert "Friday" in page and "Saturday" in page
    assert other.get(f"{copy}/group.json").get_data(as_text=True) == exported
    assert (count(other, "groups"), count(other, "evenings")) == (1, 2)


@pytest.mark.parametrize(
    ("lang", "here_already", "keep_both"),
    [("en", "This group is here already", "Keep both"), ("fr", "Ce groupe est déjà ici", "Garder les deux")],
)
def test_a_group_imported_twice_is_offered_to_keep_both(
    table: Table, lang: str, here_already: str, keep_both: str
) -> None:
    table.client.set_cookie("lang", lang)
    group, exported = played_group(table)
    before = (count(table, "groups"), count(table, "evenings"))
    response = table.post("/import", {"text": exported, "submission": "first-step"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and here_already in page and keep_both in page
    assert (count(table, "groups"), count(table, "evenings")) == before  # nothing before a choice is made
    assert 'action="/import/choice"' in page and "hx-" not in page.split("<main")[1]  # a plain form: no JS needed
    assert "/g/" not in page.split("<main")[1]  # no link of the group here for whoever holds the file
    (keep,) = forms(page)
    assert keep["choice"] == "keep" and json.loads(keep["text"]) == json.loads(exported)
    assert table.post("/import/choice", keep | {"choice": "replace"}).status_code == 400  # a group is not replaced
    made = table.post("/import/choice", keep)
    assert made.status_code == 303 and made.headers["Location"].startswith("/g/") and made.headers["Location"] != group
    assert (count(table, "groups"), count(table, "evenings")) == (before[0] + 1, before[1] + 2)
    assert table.post("/import/choice", keep).headers["Location"] == made.headers["Location"]  # a resend: once
    assert (
        table.post("/import", {"text": exported, "submission": "first-step"}).headers["Location"]
        == (made.headers["Location"])
    )
    copy = json.loads(table.get(f"{made.headers['Location']}/group.json").get_data(as_text=True))
    original = json.loads(exported)
    assert copy["id"] != original["id"]
    assert [e["id"] for e in copy["evenings"]] != [e["id"] for e in original["evenings"]]
    assert [e | {"id": ""} for e in copy["evenings"]] == [e | {"id": ""} for e in original["evenings"]]


@pytest.mark.parametrize(("lang", "reason"), [("en", "evening 2: game 1:"), ("fr", "(soirée 2)")])
def test_a_bad_group_file_is_refused_with_the_reason_and_makes_nothing(
    table: Table, tmp_path: Path, lang: str, reason: str
) -> None:
    _, exported = played_group(table)
    data = json.loads(exported)
    data["evenings"][1]["games"] = [{"players": ["A", "B"], "events": [{"type": "round", "winner": "Zoé"}]}]
    other = other_server(tmp_path)
    other.client.set_cookie("lang", lang)
    response = other.post("/import", {"text": json.dumps(data)})
    assert response.status_code == 422 and reason in response.get_data(as_text=True)
    assert (count(other, "groups"), count(other, "evenings")) == (0, 0)


def test_referee_settle_refuses_a_group_file_in_one_line(
    table: Table, tmp_path: Path, referee_inprocess: Runner
) -> None:
    _, exported = played_group(table)
    path = tmp_path / "group.json"
    path.write_text(exported, encoding="utf-8")
    done = referee_inprocess("settle", str(path))
    assert done.code == 2 and done.out == ""
    assert "this is a group record: settle one evening at a time" in done.err
    assert len([line for line in done.err.splitlines() if line.strip()]) == 1
