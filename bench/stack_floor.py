"""The stack floor (#45): the least the project's chosen stack does for a club night's phones, beside referee.

`bench.floor` is bare Flask: it shows what referee spends beyond a web framework. This one answers the same requests
at the same addresses, on the same granian, threads and database, with the rest of the stack referee is built on,
each as plainly as its documentation shows it: Flask's signed session (the cookie), a Flask-WTF form whose CSRF token
the round post must bring back, Flask-Babel (the language from Accept-Language, the words through gettext from the
project's catalogue), flask-htmx (a fragment for htmx, else the page), Flask-Compress as referee configures it, a
Jinja template for every answer (bench/stack_floor_templates; the sheet a partial of about 3 KB), and one
sqlite-utils insert per round in one durable transaction (WAL, `synchronous=FULL`, as referee's database). It knows
no rules: what referee spends beyond it is the price of being referee rather than the price of its stack.

`serve(launch=STACK_FLOOR)` (`bench.server`) runs it as `referee serve` runs: `bench.floor.launch`, on this app.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from functools import cache
from pathlib import Path

from flask import Flask, Response, redirect, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import Babel
from flask_babel import lazy_gettext as _l
from flask_compress import Compress
from flask_htmx import HTMX
from flask_wtf import FlaskForm
from sqlite_utils import Database
from wtforms import HiddenField, RadioField, StringField
from wtforms.validators import InputRequired

from bench.floor import DATABASE, LINES, found, unchanged
from bench.floor import launch as launch_floor

STACK_FLOOR = "import sys\nfrom bench.stack_floor import launch\nlaunch(sys.argv[1:])\n"  # `serve(launch=STACK_FLOOR)`
LANGUAGES = ("en", "fr")

app = Flask(__name__, template_folder="stack_floor_templates")
app.config.update(
    SECRET_KEY=os.urandom(32),
    BABEL_TRANSLATION_DIRECTORIES=str(Path(__file__).absolute().parent.parent / "translations"),
    COMPRESS_ALGORITHM=["br", "gzip"],  # referee/web/setup.py's
    COMPRESS_BR_LEVEL=5,
)
Babel(app, locale_selector=lambda: request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0])
htmx = HTMX(app)
Compress(app)
_local = threading.local()


def _db() -> Database:
    """This thread's database: WAL, every commit synced (`synchronous=FULL`), as referee's connections."""
    db: Database | None = getattr(_local, "db", None)
    if db is None:
        db = Database(sqlite3.connect(os.environ[DATABASE], check_same_thread=False))
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        db.execute("PRAGMA busy_timeout=5000")
        _local.db = db
    return db


@cache
def round_form(players: tuple[str, ...]) -> type[FlaskForm]:
    """The round form of a table of `players`: the version seen, the winner, each player's hand (CSRF by Flask-WTF)."""
    fields: dict[str, object] = {"seen": HiddenField()}
    choices = [(name, name) for name in players]
    fields["winner"] = RadioField(_l("Winner"), choices=choices, validators=[InputRequired()])
    fields |= {f"hand:{name}": StringField(name) for name in players}
    return type("RoundForm", (FlaskForm,), fields)


def _drawn(template: str, page: str, version: int, players: list[str], status: int = 200, **more: object) -> Response:
    """`template` drawn for the game behind `page` at `version`."""
    poll = f"{page}/live?v={version}"
    context = {"players": players, "lines": LINES, "target": "live", "poll_id": "poll", "poll": poll}
    return Response(render_template(template, **(context | more)), status, mimetype="text/html")


def _form(page: str, version: int, players: list[str], form: FlaskForm | None = None) -> dict[str, object]:
    """The round form's context: a fresh form at `version` unless `form` is given."""
    if form is None:
        form = round_form(tuple(players))(formdata=None, seen=str(version))
    return {"form": form, "action": f"{page}/rounds"}


@app.get("/")
def home() -> str:
    """Ready."""
    return "stack floor"


@app.get("/e/<key>/games/<int:number>")
def page(key: str, number: int) -> ResponseReturnValue:
    """The game's page (for htmx, its sheet and round form alone)."""
    _, version, players = found(_db(), request.path)
    template = "game.html" if htmx and not htmx.boosted else "page.html"
    return _drawn(template, request.path, version, players, lang=request.accept_languages.best_match(LANGUAGES),
                  **_form(request.path, version, players))  # fmt: skip


@app.get("/e/<key>/games/<int:number>/live")
def live(key: str, number: int) -> ResponseReturnValue:
    """304 while the version is the one the phone has, else the sheet."""
    path = request.path.removesuffix("/live")
    _, version, players = found(_db(), path)
    if request.args.get("v") == str(version):
        return unchanged()
    return _drawn("sheet.html", path, version, players)


@app.post("/e/<key>/games/<int:number>/rounds")
def round_posted(key: str, number: int) -> ResponseReturnValue:
    """The round form checked (its CSRF token, a winner of the table), one durable insert (the round, and the game's
    next version), then for htmx the fresh form with the new line and the poll, else a redirect to the page."""
    path = request.path.removesuffix("/rounds")
    db = _db()
    game, version, players = found(db, path)
    form = round_form(tuple(players))()
    if not form.validate_on_submit():
        return _drawn("form.html", path, version, players, 422, **_form(path, version, players, form))
    db.execute("BEGIN IMMEDIATE")  # the write lock first, as referee's unit of work: sqlite-utils reads the table
    try:
        db["floor_rounds"].insert({"game": game, "body": json.dumps(form.data, ensure_ascii=False)})
        db.execute("UPDATE floor_games SET version = version + 1 WHERE id = ?", [game])
        _, version, _ = found(db, path)
        db.execute("COMMIT")
    except BaseException:
        db.rollback()
        raise
    if not htmx:
        return redirect(path, 303)
    return _drawn("written.html", path, version, players, posted=form, **_form(path, version, players))


@app.get("/e/<key>/hand")
@app.get("/e/<key>/display")
@app.get("/e/<key>/hand/live")
@app.get("/e/<key>/display/live")
def screen(key: str) -> ResponseReturnValue:
    """A player's own screen, or the table's: 304 for a poll at the current version, else the screen and its poll."""
    path = request.path.removesuffix("/live")
    _, version, players = found(_db(), path)
    if request.path.endswith("/live") and request.args.get("v") == str(version):
        return unchanged()
    if path.endswith("/hand"):
        return _drawn("seat.html", path, version, players, target="seat-poll", poll_id="seat-poll")
    return _drawn("sheet.html", path, version, players, target="display", poll_id="display-poll")


def launch(argv: list[str]) -> None:
    """`<instance> serve --host H --port P`, as `bench.server.serve` starts a server: serve the stack floor there."""
    launch_floor(argv, "bench.stack_floor:app")
