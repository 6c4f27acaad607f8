"""What a request costs in SQL (issue #21): a round posted by htmx runs at most 8 statements, a poll answered 304
one.

The app is served over real HTTP by waitress, in this process, so that every connection it opens can be traced
with SQLite's trace callback: `sqlite3.connect` is wrapped before the app opens any. Every callback counts, the
sqlite3 module's own BEGIN and COMMIT included. One server thread, warmed up by a first request, is a phone
talking to the thread that already holds its connection, as every thread does after its first request.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import waitress
from waitress import wasyncore

from referee import create_app
from tests.races.phones import Phone

ROUND_POST, POLL_304 = 8, 1


class Traced:
    """Every statement run on a connection opened since the wrapping, in order."""

    def __init__(self) -> None:
        self.statements: list[str] = []
        self.lock = threading.Lock()

    def take(self) -> list[str]:
        """The statements since the last take."""
        with self.lock:
            taken, self.statements = self.statements, []
        return taken

    def __call__(self, sql: str) -> None:
        with self.lock:
            self.statements.append(sql)


@pytest.fixture
def traced(monkeypatch: pytest.MonkeyPatch) -> Traced:
    """Each connection opened from now on traced into one list."""
    found = Traced()
    original = sqlite3.connect

    def connect(*args: Any, **kwargs: Any) -> sqlite3.Connection:
        connection = original(*args, **kwargs)
        connection.set_trace_callback(found)
        return connection

    monkeypatch.setattr(sqlite3, "connect", connect)
    return found


@pytest.fixture
def base(tmp_path: Path, traced: Traced) -> Iterator[str]:
    """The app on a fresh database, served by waitress with one thread on a free loopback port."""
    app = create_app({"DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test", "RATELIMIT_ENABLED": False})
    server: Any = waitress.create_server(app, host="127.0.0.1", port=0, threads=1)
    stop = threading.Event()

    def loop() -> None:
        while not stop.is_set():
            wasyncore.loop(timeout=0.05, map=server._map, count=1)

    thread = threading.Thread(target=loop, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        stop.set()
        thread.join(5)
        server.task_dispatcher.shutdown()
        for channel in list(server._map.values()):  # the listening socket and every phone's connection still open
            channel.close()


def _game(phone: Phone) -> str:
    """A four-player Kaluki game made through the forms, nobody ever eliminated; its page's path."""
    form = phone.get("/new").form("/new")
    reply = phone.send(
        form, form.sent(title="Cost", players="Ana\nBen\nCéline\nDriss", **{"house-elimination_threshold": "none"})
    )
    assert reply.status == 303 and reply.location, reply.text[:500]
    evening = reply.location
    (start,) = [form for form in phone.get(evening).forms(f"{evening}/games") if form.value("family") == "rummy"]
    reply = phone.send(start, start.sent(first_dealer="Ana"))
    assert reply.status == 303 and reply.location, reply.text[:500]
    return reply.location


def _rounds(phone: Phone, game: str, count: int, taken: Callable[[], list[str]]) -> list[list[str]]:
    """Post `count` rounds as htmx does, each from the fresh form the last answer carried; each post's statements."""
    page = phone.get(game)
    posts = []
    for number in range(count):
        form = page.round_form()
        winner = ("Ana", "Ben", "Céline", "Driss")[number % 4]
        losers = [name for name in form.hands if name != winner]
        hands = {name: f"{rank}C {rank}D" for name, rank in zip(losers, (5, 6, 7), strict=True)}
        taken()
        page = phone.send(form, form.round(winner, hands), htmx=True)
        posts.append(taken())
        assert page.status == 200, re.findall(r"class=\"error[^>]*>([^<]*)", page.text)
    return posts


def test_a_round_posted_by_htmx_runs_at_most_eight_statements(base: str, traced: Traced) -> None:
    phone = Phone(base)
    game = _game(phone)
    posts = _rounds(phone, game, 6, traced.take)
    assert len(phone.events(game)) == 6
    costs = [len(post) for post in posts]
    assert max(costs) <= ROUND_POST, "\n".join(max(posts, key=len))
    assert not any(sql.startswith("PRAGMA") for post in posts for sql in post)  # the thread's connection is kept


def test_a_poll_answered_304_runs_one_statement(base: str, traced: Traced) -> None:
    phone = Phone(base)
    game = _game(phone)
    _rounds(phone, game, 2, traced.take)
    version = re.search(r'id="poll"[^>]*[?&amp;]v=(\d+)', phone.get(game).text)
    assert version is not None
    version = version.group(1)
    traced.take()
    for _ in range(5):
        reply = phone.get(f"{game}/live?v={version}")
        assert reply.status == 304
        statements = traced.take()
        assert len(statements) <= POLL_304, statements
    changed = phone.get(f"{game}/live?v=0")
    assert changed.status == 200 and "Ana" in changed.text
