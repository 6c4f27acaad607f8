"""Polls answered before Flask: a phone whose sheet is current gets its 304 from one SQL statement and nothing else.

Every phone at every table asks `…/games/<n>/live?v=<version>` every 4 s, and nearly every answer is "nothing new"
(304). Through Flask that answer cost about 1.5 ms on the machine it was measured on, nearly all of it the framework
(the request context, the session cookie's signature, the limiter, the language): at 500 tables, 450 polls a second
were most of a core. Here the same answer is the game's version read through the services (`version_behind`), and
compared with the one the phone has.

Only an exact, current poll is answered here: `GET`, a path of the live sheet, a query of `v=<digits>` alone, and
the version the database holds now (read each time, so that a phone polling any process sees every write). Anything
else (a new version, a link or game that does not exist, another query) goes to Flask, which answers it as before.
No state is kept between requests, so no process can answer from a stale copy.

Under `referee serve` the same answer is given even earlier, on the server's event loop (`answer`, which
`referee.bridge` asks before it hands a request to a thread): the poll never waits for a free thread behind a page
being drawn, and costs no thread hand-over. The middleware then knows the poll was already looked at (`CHECKED`)
and does not read the version twice.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Iterable
from typing import Any

from referee.services import database
from referee.services.games import version_behind

# A link's key (24 URL-safe characters, up to 64 accepted), then a game's number as Flask's route writes it.
LIVE_PATH = re.compile(r"/e/([A-Za-z0-9_-]{1,64})/games/([1-9][0-9]{0,18})/live")
ASKED = re.compile(r"v=([0-9]{1,19})")
# What Flask's 304 carries (referee.web.games.views.live, and the compression's Vary); nothing else, as in #22.
UNCHANGED = [("Cache-Control", "no-store"), ("Vary", "Accept-Encoding")]

# Set in the environ by a caller that already asked `answer`: the middleware then passes the request straight on.
CHECKED = "referee.polls.checked"

StartResponse = Callable[..., Any]
Answer = tuple[int, list[tuple[str, str]], bytes]
WSGIApp = Callable[[dict[str, Any], StartResponse], Iterable[bytes]]


class QuietPolls:
    """WSGI middleware: a poll whose version is still the game's gets its 304 here; every other request goes on."""

    def __init__(self, app: WSGIApp, path: str) -> None:
        self.app, self.path = app, path

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        """Answer an unchanged poll with a 304, else call the app."""
        if not environ.get(CHECKED) and environ.get("REQUEST_METHOD") == "GET" and self.unchanged(environ):
            start_response("304 NOT MODIFIED", list(UNCHANGED))
            return []
        return self.app(environ, start_response)

    def answer(self, environ: dict[str, Any]) -> Answer | None:
        """The 304 of an unchanged poll, as status, headers and body; else None, and the request is marked looked at."""
        if environ.get("REQUEST_METHOD") == "GET" and self.unchanged(environ):
            return 304, list(UNCHANGED), b""
        environ[CHECKED] = True
        return None

    def unchanged(self, environ: dict[str, Any]) -> bool:
        """Whether the request is a poll of a game whose version is the one the phone already has."""
        where = LIVE_PATH.fullmatch(environ.get("PATH_INFO", ""))
        asked = ASKED.fullmatch(environ.get("QUERY_STRING", ""))
        if where is None or asked is None:
            return False
        try:
            version = version_behind(database.connection(self.path), where[1], int(where[2]))
        except sqlite3.Error:
            return False  # Flask answers it, with its error pages and logs
        finally:
            database.release()
        return version is not None and str(version) == asked[1]
