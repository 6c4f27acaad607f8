"""Polls answered before Flask (referee/web/polls.py): an unchanged poll is a bare 304 from one SQL statement, and a
poll of a version already drawn for another phone gets that same answer; every other request is Flask's to answer as
before."""

from __future__ import annotations

import gzip
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, request_started

from referee.storage.db import connect
from referee.web import polls
from referee.web.security import HEADERS
from tests.web.conftest import Table

ALL = ["A", "B", "C", "D"]


@pytest.fixture
def flask_saw(app: Flask) -> Iterator[list[str]]:
    """The paths of the requests that reached Flask while the test runs."""
    seen: list[str] = []

    def started(sender: Any, **extra: Any) -> None:
        from flask import request

        seen.append(request.full_path)

    request_started.connect(started, app)
    yield seen
    request_started.disconnect(started, app)


@pytest.fixture
def game(table: Table) -> str:
    return table.game(table.evening(), ALL)


def _live(table: Table, page: str) -> tuple[str, int]:
    """The live sheet's path of the game at `page`, and the version the page shows."""
    html = table.get(page).get_data(as_text=True)
    found = re.search(r'hx-get="([^"]+/live)\?v=(\d+)"', html)
    assert found is not None
    return found[1], int(found[2])


def test_an_unchanged_poll_is_a_bare_304_that_never_reaches_flask(
    table: Table, game: str, flask_saw: list[str]
) -> None:
    """No body, no cookie, and the headers Flask's own 304 carries: its two, and every answer's security headers."""
    live, version = _live(table, game)
    flask_saw.clear()
    reply = table.client.get(f"{live}?v={version}", headers={"HX-Request": "true"})
    assert reply.status_code == 304 and reply.data == b""
    assert dict(reply.headers) == {"Cache-Control": "no-store", "Vary": "Accept-Encoding", **HEADERS}
    assert flask_saw == []


def test_a_round_recorded_meanwhile_is_flask_s_to_answer_with_the_new_sheet(
    table: Table, game: str, flask_saw: list[str]
) -> None:
    """The version is read at each poll: the old one gets the fresh sheet at once, the new one a quiet 304."""
    live, version = _live(table, game)
    table.round(game, "A", {"B": "5H", "C": "12", "D": "KS"}, ALL)
    flask_saw.clear()
    fresh = table.client.get(f"{live}?v={version}", headers={"HX-Request": "true"})
    assert fresh.status_code == 200 and 'id="live"' in fresh.get_data(as_text=True)
    assert flask_saw == [f"{live}?v={version}"]
    assert table.client.get(f"{live}?v={version + 1}").status_code == 304
    assert len(flask_saw) == 1


def test_a_write_by_another_process_is_seen_by_the_next_poll(table: Table, game: str, app: Flask) -> None:
    """Nothing is kept between polls: a version changed in the file by another connection is seen at once."""
    live, version = _live(table, game)
    other = connect(app.config["DATABASE"], migrate=False)
    other.execute("UPDATE games SET version = version + 1")
    other.conn.commit()
    assert table.client.get(f"{live}?v={version}").status_code == 200
    assert table.client.get(f"{live}?v={version + 1}").status_code == 304


def test_the_viewer_s_link_polls_quietly_too(table: Table, game: str, app: Flask, flask_saw: list[str]) -> None:
    """The viewer's key opens the same game's version."""
    live, version = _live(table, game)
    db = connect(app.config["DATABASE"], migrate=False)
    scorer, viewer = db.execute("SELECT scorer_key, viewer_key FROM evenings").fetchone()
    flask_saw.clear()
    assert table.client.get(f"{live.replace(scorer, viewer)}?v={version}").status_code == 304
    assert flask_saw == []


@pytest.mark.parametrize(
    ("query", "status"),
    [
        ("v=00", 200),  # not the version as the page writes it: Flask compares the text, and sends the sheet
        ("v=0&x=1", 304),  # another argument: Flask's to answer (it reads v alone)
        ("", 200),  # no version at all
        ("v=", 200),
        ("v=99999999999999999999", 200),  # past any version
    ],
)
def test_any_other_poll_is_flask_s_to_answer(
    table: Table, game: str, flask_saw: list[str], query: str, status: int
) -> None:
    """Only `v=<the version>` alone is answered here; Flask answers the rest exactly as it did."""
    live, _ = _live(table, game)
    flask_saw.clear()
    assert table.client.get(f"{live}?{query}").status_code == status
    assert len(flask_saw) == 1


def test_no_such_link_or_game_and_other_methods_are_flask_s(table: Table, game: str, flask_saw: list[str]) -> None:
    """A stranger's key and a game past the evening's get Flask's 404, a number written 01 its 304, a POST its 405."""
    live, version = _live(table, game)
    key = live.split("/")[2]
    flask_saw.clear()
    assert table.client.get(f"{live.replace(key, 'x' * 24)}?v={version}").status_code == 404
    assert table.client.get(f"{live.replace('/games/1/', '/games/9/')}?v={version}").status_code == 404
    assert (
        table.client.get(f"{live.replace('/games/1/', '/games/01/')}?v={version}").status_code == 304
    )  # Flask reads 01 as 1
    assert table.post(f"{live}?v={version}").status_code == 405
    assert len(flask_saw) == 4


def test_a_database_error_leaves_the_poll_to_flask(
    table: Table, game: str, flask_saw: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The middleware never answers an error itself: Flask answers, with its own pages and logs."""
    live, version = _live(table, game)

    def locked(*args: Any) -> int:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(polls, "version_behind", locked)
    flask_saw.clear()
    assert table.client.get(f"{live}?v={version}").status_code == 304
    assert flask_saw == [f"{live}?v={version}"]


def test_the_server_asks_first_and_flask_does_not_read_the_version_again(
    table: Table, game: str, app: Flask, flask_saw: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`answer` (what the server asks on its event loop) gives the same 304; a poll it leaves to Flask is marked, and
    the middleware passes it on without a second read."""
    live, version = _live(table, game)
    quiet = app.extensions["quiet_polls"]
    poll = {"REQUEST_METHOD": "GET", "PATH_INFO": live, "QUERY_STRING": f"v={version}"}
    assert quiet.answer(dict(poll)) == (304, polls.UNCHANGED, b"")
    assert dict(polls.UNCHANGED) == {"Cache-Control": "no-store", "Vary": "Accept-Encoding", **HEADERS}
    stale = {**poll, "QUERY_STRING": f"v={version + 1}"}
    assert quiet.answer(stale) is None and isinstance(stale[polls.CHECKED], polls.Poll)
    other = {**poll, "PATH_INFO": "/e/x/games/1/chart"}
    assert quiet.answer(other) is None and other[polls.CHECKED] is True
    reads: list[str] = []
    monkeypatch.setattr(polls, "version_behind", lambda *asked: reads.append("read"))
    flask_saw.clear()
    fresh = table.client.get(f"{live}?v={version - 1}", environ_overrides={polls.CHECKED: True})
    assert fresh.status_code == 200 and reads == [] and flask_saw == [f"{live}?v={version - 1}"]


def _round_then_stale(table: Table, game: str) -> tuple[str, int]:
    """The live sheet's path and a version every phone had before a round was recorded."""
    live, version = _live(table, game)
    table.round(game, "A", {"B": "5H", "C": "12", "D": "KS"}, ALL)
    return live, version


def _text(reply: Any) -> str:
    """A reply's text, uncompressed."""
    data = reply.data
    return (gzip.decompress(data) if reply.headers.get("Content-Encoding") == "gzip" else data).decode()


PHONE = {"HX-Request": "true", "Accept-Encoding": "gzip, deflate", "Accept-Language": "en-GB,en;q=0.9"}


def test_the_sheet_drawn_for_the_first_phone_after_a_round_is_the_other_phones_answer(
    table: Table, game: str, flask_saw: list[str]
) -> None:
    """After a round the table's phones ask for the same new sheet: Flask draws it once, and the others get that
    very answer (its body as sent, compressed, and its headers but the date) without reaching Flask."""
    live, version = _round_then_stale(table, game)
    flask_saw.clear()
    first = table.client.get(f"{live}?v={version}", headers=PHONE)
    second = table.client.get(f"{live}?v={version}", headers=PHONE)
    assert first.status_code == second.status_code == 200 and first.headers["Content-Encoding"] == "gzip"
    assert second.data == first.data and 'id="live"' in _text(second)
    assert {k: v for k, v in first.headers.items() if k != "Date"} == dict(second.headers)
    assert flask_saw == [f"{live}?v={version}"]


def test_a_phone_in_another_language_or_encoding_gets_its_own_sheet(
    table: Table, game: str, flask_saw: list[str]
) -> None:
    """The kept answer is the one drawn for that language and those encodings: French (asked, or chosen with the
    switch's cookie) and an uncompressed answer are drawn for their own phones, then kept for them too."""
    live, version = _round_then_stale(table, game)
    flask_saw.clear()
    english = table.client.get(f"{live}?v={version}", headers=PHONE)
    french = table.client.get(f"{live}?v={version}", headers={**PHONE, "Accept-Language": "fr-FR,fr;q=0.9"})
    plain = table.client.get(f"{live}?v={version}", headers={**PHONE, "Accept-Encoding": "identity"})
    assert "Score sheet" in _text(english)
    assert "Feuille de marque" in _text(french)
    assert "Content-Encoding" not in plain.headers and "Score sheet" in _text(plain)
    table.client.set_cookie("lang", "fr")
    switched = table.client.get(f"{live}?v={version}", headers=PHONE)
    assert "Feuille de marque" in _text(switched)
    assert len(flask_saw) == 4
    assert table.client.get(f"{live}?v={version}", headers=PHONE).data == switched.data
    assert len(flask_saw) == 4


def test_a_kept_sheet_is_never_given_for_another_version(table: Table, game: str, flask_saw: list[str]) -> None:
    """A second round makes the kept sheet of the first one useless: a phone still behind gets the newest sheet."""
    live, version = _round_then_stale(table, game)
    first = table.client.get(f"{live}?v={version}", headers=PHONE)
    table.round(game, "B", {"A": "7H", "C": "3", "D": "QS"}, ALL)
    flask_saw.clear()
    newest = table.client.get(f"{live}?v={version}", headers=PHONE)
    assert newest.status_code == 200 and newest.data != first.data and len(flask_saw) == 1
    newer = re.search(r"/live\?v=(\d+)", _text(newest))
    assert newer is not None and int(newer[1]) > version


@pytest.mark.parametrize(
    ("headers", "kept"),
    [
        ([("Content-Type", "text/html"), ("Vary", "Accept-Encoding")], True),
        ([("Vary", "Accept-Encoding, Accept-Language")], True),
        ([("Vary", "Accept-Encoding"), ("Set-Cookie", "session=abc")], False),  # one phone's session
        ([("Vary", "Accept-Encoding, Cookie")], False),  # drawn from the phone's session
        ([("Vary", "HX-Request")], False),  # a header the kept answer's key does not hold
    ],
)
def test_only_an_answer_that_is_everyone_s_is_kept(headers: list[tuple[str, str]], kept: bool) -> None:
    """An answer that sets a cookie, or varies with a request header the key does not hold, is drawn for each
    phone."""
    assert polls.everyone_s(headers) is kept


def test_a_sheet_drawn_at_another_version_than_the_poll_read_is_not_kept(tmp_path: Any) -> None:
    """A round recorded between the poll's read and the drawing: the sheet drawn is not the version the poll read,
    and is not kept under it."""
    from referee.storage.games import Polled

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        environ[polls.DRAWN] = (7, 43)  # the view drew version 43
        start_response("200 OK", [("Content-Type", "text/html")])
        return [b"<div id=live>43</div>"]

    quiet = polls.QuietPolls(app, str(tmp_path / "unused.db"))
    poll = polls.Poll("/e/k/games/1/live", "41", Polled(42, 7, "2026-11-27", "[]"))
    environ = {"REQUEST_METHOD": "GET", polls.CHECKED: poll}
    assert b"".join(quiet(environ, lambda status, headers, exc_info=None: None)) == b"<div id=live>43</div>"
    assert len(quiet.sheets) == 0
    drawn_at_42 = dict(environ, **{polls.CHECKED: polls.Poll("/e/k/games/1/live", "41", Polled(43, 7, "x", "[]"))})
    b"".join(quiet(drawn_at_42, lambda status, headers, exc_info=None: None))
    assert len(quiet.sheets) == 1


def test_the_event_loop_never_waits_long_for_a_locked_database(
    table: Table, game: str, app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's event loop answers every phone of its process: its read gives up on a locked database after
    50 ms (and the poll goes to a thread), where the middleware's read, on a request's thread, waits 5 s as every
    request does."""
    live, version = _live(table, game)
    quiet = app.extensions["quiet_polls"]
    patience: list[int] = []
    read = polls.version_behind

    def timed(db: Any, *asked: Any) -> Any:
        patience.append(db.execute("PRAGMA busy_timeout").fetchone()[0])
        return read(db, *asked)

    monkeypatch.setattr(polls, "version_behind", timed)
    poll = {"REQUEST_METHOD": "GET", "PATH_INFO": live, "QUERY_STRING": f"v={version}"}
    assert quiet.answer(dict(poll)) is not None
    assert table.client.get(f"{live}?v={version}").status_code == 304
    assert patience == [50, 5000]

    def locked(*asked: Any) -> Any:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(polls, "version_behind", locked)
    given_up = dict(poll)
    assert quiet.answer(given_up) is None and given_up[polls.CHECKED] is True
