"""The floor: the least a server can do for a club night's phones, measured beside referee (#36, BENCHMARKS.md).

A plain Flask app on the same granian, one process of 8 threads, that answers the same requests at the same
addresses as `referee serve` does for `bench.club`'s phones: a game's page with its round form, the live poll (304
from a version number, else a sheet of about 3 KB), and a round posted, which does one durable SQLite insert (WAL,
`synchronous=FULL`) and draws a small page; and for a table of every phone (`bench.club --phones every`, #45) a
player's own screen and the table's screen, each with its poll (304 from the same version, else the screen). It
knows no rules, checks nothing and keeps no replay: whatever referee spends beyond it is the price of being referee.
Its games are those of a copy of referee's database, read when it starts (`prepare`: each link's page and its game's
version and players); every link of an evening follows its game's one version.

`launch` runs it as `bench.server.serve` runs `referee serve`: `serve(launch=FLOOR)` gives a `Server` like any.
`bench.stack_floor` is served the same way, on the same database.
"""

from __future__ import annotations

import json
import os
import resource
import sqlite3
import threading
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Flask, Response, abort, request

if TYPE_CHECKING:
    from sqlite_utils import Database

FLOOR = "import sys\nfrom bench.floor import launch\nlaunch(sys.argv[1:])\n"  # `serve(launch=FLOOR)`
THREADS = 8
LINES = 40  # the sheet's lines: about 3 KB, as a 40-round game's
DATABASE = "REFEREE_FLOOR_DATABASE"
BACKLOG, SPARE_FILES, MOST_CONNECTIONS = 2048, 256, 60_000  # referee/server.py's
# Every link's page, and the game it follows: the scorer's and the viewer's game pages, each player's own screen and
# the table's screen (these two follow the evening's latest game).
PAGES = """
SELECT '/e/' || e.scorer_key || '/games/' || g.number, g.id FROM games AS g JOIN evenings AS e ON e.id = g.evening_id
UNION ALL
SELECT '/e/' || e.viewer_key || '/games/' || g.number, g.id FROM games AS g JOIN evenings AS e ON e.id = g.evening_id
UNION ALL
SELECT '/e/' || e.display_key || '/display', MAX(g.id) FROM games AS g JOIN evenings AS e ON e.id = g.evening_id
WHERE e.display_key IS NOT NULL GROUP BY e.id
UNION ALL
SELECT '/e/' || h.key || '/hand', MAX(g.id) FROM hand_links AS h JOIN games AS g ON g.evening_id = h.evening_id
GROUP BY h.key
"""

app = Flask(__name__)
_local = threading.local()


def _db() -> sqlite3.Connection:
    """This thread's connection: WAL, every commit synced (`synchronous=FULL`), autocommit."""
    connection: sqlite3.Connection | None = getattr(_local, "db", None)
    if connection is None:
        connection = sqlite3.connect(os.environ[DATABASE], isolation_level=None, check_same_thread=False)
        connection.execute("PRAGMA journal_mode=WAL")
        connection.execute("PRAGMA synchronous=FULL")
        connection.execute("PRAGMA busy_timeout=5000")
        _local.db = connection
    return connection


FOUND = (
    "SELECT g.id, g.version, g.players FROM floor_pages AS p JOIN floor_games AS g ON g.id = p.game WHERE p.path = ?"
)


def found(db: sqlite3.Connection | Database, path: str) -> tuple[int, int, list[str]]:
    """The game behind the page `path` (read through either floor's connection): its id, version and players; 404 for
    no such page."""
    row = db.execute(FOUND, [path]).fetchone()
    if row is None:
        abort(404)
    return int(row[0]), int(row[1]), json.loads(row[2])


def unchanged() -> Response:
    """The poll's answer while nothing changed."""
    return Response(status=304, headers={"Cache-Control": "no-store"})


def _sheet(page: str, version: int, players: list[str], target: str = "live") -> str:
    """About 3 KB: the live poll's attributes and a sheet of `LINES` lines."""
    head = "".join(f"<th>{escape(name)}</th>" for name in players)
    lines = "".join(
        f"<tr><td>{line}</td>" + "".join(f"<td>{line * 3 + seat}</td>" for seat in range(len(players))) + "</tr>"
        for line in range(1, LINES + 1)
    )
    return (
        f'<div id="{target}" hx-get="{page}/live?v={version}" hx-trigger="every 4s" hx-swap="outerHTML">'
        f"<table><thead><tr><th>#</th>{head}</tr></thead><tbody>{lines}</tbody></table></div>"
    )


def _form(page: str, version: int, players: list[str]) -> str:
    """The round form, as `bench.markup.round_form` reads referee's."""
    winners = "".join(
        f'<label><input type="radio" name="winner" value="{escape(name)}" data-winner> {escape(name)}</label>'
        for name in players
    )
    hands = "".join(
        f'<div data-player="{escape(name)}"><input name="hand:{escape(name)}" data-hand></div>' for name in players
    )
    return (
        f'<form id="entry" data-round hx-post="{page}/rounds" hx-target="#entry" hx-swap="outerHTML">'
        f'<input type="hidden" name="csrf_token" value="floor"><input type="hidden" name="seen" value="{version}">'
        f"{winners}{hands}<button>Save</button></form>"
    )


def _seat(page: str, version: int, players: list[str]) -> str:
    """A player's own screen: the totals, and its poll."""
    totals = "".join(f"<li>{escape(name)} {LINES * 60 + seat}</li>" for seat, name in enumerate(players))
    return f'<div id="own-hand"><ol>{totals}</ol><div id="seat-poll" hx-get="{page}/live?v={version}"></div></div>'


@app.get("/")
def home() -> str:
    """Ready."""
    return "floor"


@app.get("/e/<key>/games/<int:number>")
def page(key: str, number: int) -> Response | str:
    """The game's page: its sheet and round form."""
    path = request.path
    _, version, players = found(_db(), path)
    shown = _sheet(path, version, players) + _form(path, version, players)
    return f"<!doctype html><title>floor</title><main>{shown}</main>"


@app.get("/e/<key>/games/<int:number>/live")
def live(key: str, number: int) -> Response | str:
    """304 while the version is the one the phone has, else the sheet."""
    path = request.path.removesuffix("/live")
    _, version, players = found(_db(), path)
    if request.args.get("v") == str(version):
        return unchanged()
    return _sheet(path, version, players)


@app.post("/e/<key>/games/<int:number>/rounds")
def round_posted(key: str, number: int) -> Response | str:
    """One durable insert (the round, and the game's next version), then a small page: the new line and the form."""
    path = request.path.removesuffix("/rounds")
    body = json.dumps(request.form.to_dict(), ensure_ascii=False)
    db = _db()
    db.execute("BEGIN IMMEDIATE")
    try:
        game, _, _ = found(db, path)
        db.execute("INSERT INTO floor_rounds (game, body) VALUES (?, ?)", [game, body])
        db.execute("UPDATE floor_games SET version = version + 1 WHERE id = ?", [game])
        _, version, players = found(db, path)
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise
    return f'<p>Round saved.</p><div hx-get="{path}/live?v={version}"></div>{_form(path, version, players)}'


@app.get("/e/<key>/hand")
@app.get("/e/<key>/display")
def screen(key: str) -> Response | str:
    """A player's own screen, or the table's screen: what it shows, and its poll."""
    path = request.path
    _, version, players = found(_db(), path)
    return _seat(path, version, players) if path.endswith("/hand") else _sheet(path, version, players, "display")


@app.get("/e/<key>/hand/live")
@app.get("/e/<key>/display/live")
def screen_live(key: str) -> Response | str:
    """304 while the version is the one the screen has, else the screen."""
    path = request.path.removesuffix("/live")
    _, version, players = found(_db(), path)
    if request.args.get("v") == str(version):
        return unchanged()
    return _seat(path, version, players) if path.endswith("/hand") else _sheet(path, version, players, "display")


def prepare(instance: Path) -> Path:
    """The floor's database beside referee's copy in `instance`: each game's version and players, each link's page."""
    floor = instance / "floor.sqlite"
    source = sqlite3.connect(instance / "referee.sqlite")
    games = source.execute("SELECT id, version, players FROM games").fetchall()
    pages = source.execute(PAGES).fetchall()
    source.close()
    target = sqlite3.connect(floor, isolation_level=None)
    target.execute("PRAGMA journal_mode=WAL")
    target.execute("CREATE TABLE floor_games (id INTEGER PRIMARY KEY, version INTEGER NOT NULL, players TEXT NOT NULL)")
    target.execute("CREATE TABLE floor_pages (path TEXT PRIMARY KEY, game INTEGER NOT NULL)")
    target.execute("CREATE TABLE floor_rounds (id INTEGER PRIMARY KEY, game INTEGER NOT NULL, body TEXT NOT NULL)")
    target.execute("BEGIN")
    target.executemany("INSERT INTO floor_games VALUES (?, ?, ?)", games)
    target.executemany("INSERT INTO floor_pages VALUES (?, ?)", pages)
    target.execute("COMMIT")
    target.close()
    return floor


def launch(argv: list[str], served: str = "bench.floor:app") -> None:
    """`<instance> serve --host H --port P`, as `bench.server.serve` starts a server: serve the floor (or the app
    `served`, on the same database) there."""
    from granian import Granian
    from granian.constants import HTTPModes, Interfaces

    instance = Path(argv[0])
    host, port = argv[argv.index("--host") + 1], int(argv[argv.index("--port") + 1])
    os.environ[DATABASE] = str(prepare(instance))
    # The connections a process holds and the kernel's queue, as `referee serve` sets them (referee/server.py, not
    # imported: the floor starts as bare as it serves): thousands of phones keep a connection open each, and granian's
    # default holds as many as it has threads while the rest wait.
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    Granian(served, address=host, port=port, interface=Interfaces.WSGI, workers=1,
            blocking_threads=THREADS, http=HTTPModes.http1, backlog=BACKLOG,
            backpressure=min(hard - SPARE_FILES, MOST_CONNECTIONS)).serve()  # fmt: skip
