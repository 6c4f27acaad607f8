"""Polls answered before Flask: a phone whose sheet is current gets its 304 from one SQL statement and nothing else.

Every phone at every table asks `…/games/<n>/live?v=<version>` every 4 s, and nearly every answer is "nothing new"
(304). Through Flask that answer cost about 1.5 ms on the machine it was measured on, nearly all of it the framework
(the request context, the session cookie's signature, the limiter, the language): at 500 tables, 450 polls a second
were most of a core. Here the same answer is the game's version read through the services (`version_behind`), and
compared with the one the phone has.

Only an exact, current poll is answered here: `GET`, a path of the live sheet, a query of `v=<digits>` alone, and
the version the database holds now (read each time, so that a phone polling any process sees every write). Anything
else (a new version, a link or game that does not exist, another query) goes to Flask, which answers it as before.

**The sheet after a round.** When a round is recorded, every phone of the table asks for the new sheet within
4 s: the first one's poll goes to Flask, which draws it, and the answer (status, headers and the body as sent,
compressed or not) is kept in this process (`QuietPolls.sheets`), under the game's version and what the answer
depends on: the link, the game, the evening's seats, the language asked for (the `lang` cookie and
Accept-Language), the encodings accepted and where the app is mounted. The other phones get that same answer here.
A kept answer is used only at the version it was drawn at, read from the database at each poll, so it is never
stale; an answer that sets a cookie, or varies with a request header the key does not hold (`Vary`), is never
kept.

**A player's own screen** (#42) polls its seat the same way (`/e/<key>/hand/live?v=<version>&at=<screen>`): the
seat's version, one statement (`own_hands.seat_version`: the evening's games, their latest version and the hands sent),
compared with the phone's, and 304 while they are the same. A changed seat goes to Flask, which draws what changed for
that player; nothing of it is kept for another phone (each player's screen is their own).

**The table's screen** (#44) polls its evening the same way (`/e/<key>/display/live?v=<version>&at=<game>`): the
evening's version as the screen shows it, one statement (`displays.display_version`: the evening's games, their
latest version, the hands sent and the payments marked), compared with the screen's, and 304 while they are the same.

Under `referee serve` the same answer is given even earlier, on the server's event loop (`answer`, which
`referee.bridge` asks before it hands a request to a thread): the poll never waits for a free thread behind a page
being drawn, and costs no thread hand-over. The middleware then knows the poll was already looked at (`CHECKED`)
and does not read the version twice. On the loop the read gives up on a locked database after 50 ms
(`database.quick_connection`): while the loop waited, no phone of the process would be answered; the poll then goes
to a thread, which waits as any request does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING

from werkzeug.http import parse_cookie

from referee.services import database
from referee.services.cache import Cache
from referee.services.displays import display_version
from referee.services.games import Polled, version_behind
from referee.services.own_hands import seat_version
from referee.web.security import HEADERS

if TYPE_CHECKING:
    from _typeshed import OptExcInfo
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

# A link's key (24 URL-safe characters, up to 64 accepted), then a game's number as Flask's route writes it.
LIVE_PATH = re.compile(r"/e/([A-Za-z0-9_-]{1,64})/games/([1-9][0-9]{0,18})/live")
ASKED = re.compile(r"v=([0-9]{1,19})")
# A player's own screen (#42): its seat's version (`hands.live`), and the screen the phone shows.
SEAT_PATH = re.compile(r"/e/([A-Za-z0-9_-]{1,64})/hand(?:/[1-9][0-9]{0,18})?/live")
SEAT_ASKED = re.compile(r"v=([0-9.]{1,80})&at=[0-9a-z-]{0,60}")
# The table's screen (#44): its evening's version (`display.live`), and the game (and its version) the screen shows.
DISPLAY_PATH = re.compile(r"/e/([A-Za-z0-9_-]{1,64})/display/live")
DISPLAY_ASKED = re.compile(r"v=([0-9.]{1,80})&at=[0-9.]{0,60}")
# What Flask's 304 carries (referee.web.games.views.live, the compression's Vary, and every answer's security
# headers, referee.web.security); nothing else.
UNCHANGED = [("Cache-Control", "no-store"), ("Vary", "Accept-Encoding"), *HEADERS.items()]
# The request headers a kept sheet may vary with (its Vary header): any other, and it is drawn for each phone.
VARIES_WITH = frozenset({"accept-encoding", "accept-language"})
# The sheets kept per process, weighed in bytes: about 2,000 compressed sheets of a 40-round game (bytes, which the
# garbage collector never walks).
SHEETS_BYTES = 8_000_000

# Set in the environ by a caller that already asked `answer`: True, or the poll whose answer the app is to draw.
CHECKED = "referee.polls.checked"
# Set in the environ by the live view: the game and the version of the sheet it answered with.
DRAWN = "referee.polls.drawn"

Answer = tuple[int, list[tuple[str, str]], bytes]


@dataclass(frozen=True)
class Poll:
    """A phone's poll of a live sheet: its path, the version it has, and what the database holds now."""

    path: str
    asked: str
    now: Polled

    @property
    def unchanged(self) -> bool:
        """Whether the phone's sheet is the game's version."""
        return str(self.now.version) == self.asked


def variant(environ: WSGIEnvironment) -> tuple[str, ...]:
    """What of a request the live sheet's answer depends on besides its game: the language chosen (the `lang`
    cookie, else Accept-Language), the encodings the phone accepts, and where the app is mounted."""
    chosen = parse_cookie(environ["HTTP_COOKIE"]).get("lang", "") if "HTTP_COOKIE" in environ else ""
    return (
        chosen,
        environ.get("HTTP_ACCEPT_LANGUAGE", ""),
        environ.get("HTTP_ACCEPT_ENCODING", ""),
        environ.get("SCRIPT_NAME", ""),
    )


def everyone_s(headers: list[tuple[str, str]]) -> bool:
    """Whether an answer may go to every phone that asks the same: it sets no cookie, and varies with no request
    header but those `variant` keeps."""
    for name, value in headers:
        lowered = name.lower()
        if lowered == "set-cookie":
            return False
        if lowered == "vary" and any(part.strip().lower() not in VARIES_WITH for part in value.split(",")):
            return False
    return True


def status_line(status: int) -> str:
    """A status as WSGI writes it: `304 NOT MODIFIED`, as Werkzeug does."""
    return f"{status} {HTTPStatus(status).phrase.upper()}"


class QuietPolls:
    """WSGI middleware: a poll whose version is still the game's gets its 304 here, and a poll of a version already
    drawn for another phone gets that same answer; every other request goes on."""

    def __init__(self, app: WSGIApplication, path: str) -> None:
        self.app, self.path = app, path
        self.sheets: Cache[Answer] = Cache(SHEETS_BYTES, weigh=lambda answer: len(answer[2]) + 500)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """Answer an unchanged poll with a 304 and a poll of a kept sheet with it; else call the app, keeping the
        sheet it draws for a poll."""
        if not environ.get(CHECKED):
            answer = self.looked_at(environ, quick=False)
            if answer is not None:
                status, headers, body = answer
                start_response(status_line(status), headers)
                return [body] if body else []
        poll = environ.get(CHECKED)
        if isinstance(poll, Poll):
            return self.drawn(poll, environ, start_response)
        return self.app(environ, start_response)

    def answer(self, environ: WSGIEnvironment) -> Answer | None:
        """What the server asks on its event loop: `looked_at`, with a read that never waits long for a locked
        database (`database.quick_connection`): the poll it gives up goes to a thread, which waits as any request."""
        return self.looked_at(environ, quick=True)

    def looked_at(self, environ: WSGIEnvironment, *, quick: bool) -> Answer | None:
        """The 304 of an unchanged poll, or the answer kept for the version a stale poll is to get, as status,
        headers and body; else None, and the request is marked looked at (with its poll, whose answer is kept)."""
        getting = environ.get("REQUEST_METHOD") == "GET"
        if getting and (self.seat_unchanged(environ, quick=quick) or self.display_unchanged(environ, quick=quick)):
            environ[CHECKED] = True
            return 304, list(UNCHANGED), b""
        poll = self.poll(environ, quick=quick) if getting else None
        if poll is not None and poll.unchanged:
            return 304, list(UNCHANGED), b""
        cached = None if poll is None else self.sheets.get((poll.now, poll.path, variant(environ)))
        if cached is not None:
            return cached[0], list(cached[1]), cached[2]
        environ[CHECKED] = poll or True
        return None

    def poll(self, environ: WSGIEnvironment, *, quick: bool = False) -> Poll | None:
        """The request as a poll of a live sheet, with the game's version read now (on the `quick` connection when
        asked); None for any other request, a link or game that does not exist, or a database that cannot be read
        (Flask answers those)."""
        where = LIVE_PATH.fullmatch(environ.get("PATH_INFO", ""))
        asked = ASKED.fullmatch(environ.get("QUERY_STRING", ""))
        if where is None or asked is None:
            return None
        try:
            db = database.quick_connection(self.path) if quick else database.connection(self.path)
            now = version_behind(db, where[1], int(where[2]))
        except database.StorageError:
            return None  # Flask answers it, with its error pages and logs
        finally:
            if not quick:
                database.release()
        return None if now is None else Poll(where[0], asked[1], now)

    def seat_unchanged(self, environ: WSGIEnvironment, *, quick: bool = False) -> bool:
        """Whether the request polls a player's own screen whose seat is still at the version the phone has (one
        statement); False for any other request, or a database that cannot be read (Flask answers those)."""
        return self._unchanged(environ, SEAT_PATH, SEAT_ASKED, seat_version, quick=quick)

    def display_unchanged(self, environ: WSGIEnvironment, *, quick: bool = False) -> bool:
        """Whether the request polls a table's screen whose evening is still at the version the screen has (one
        statement); False for any other request, or a database that cannot be read (Flask answers those)."""
        return self._unchanged(environ, DISPLAY_PATH, DISPLAY_ASKED, display_version, quick=quick)

    def _unchanged(
        self,
        environ: WSGIEnvironment,
        path: re.Pattern[str],
        query: re.Pattern[str],
        version_of: Callable[[database.Database, str], str | None],
        *,
        quick: bool,
    ) -> bool:
        """Whether the request's path is `path` and its query `query`, whose version is the one `version_of` reads
        now for the link in its path."""
        where = path.fullmatch(environ.get("PATH_INFO", ""))
        asked = query.fullmatch(environ.get("QUERY_STRING", "")) if where else None
        if where is None or asked is None:
            return False
        try:
            db = database.quick_connection(self.path) if quick else database.connection(self.path)
            return version_of(db, where[1]) == asked[1]
        except database.StorageError:
            return False
        finally:
            if not quick:
                database.release()

    def drawn(self, poll: Poll, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        """The app's answer to a stale poll, kept for the other phones when it is the sheet of the version the poll
        read, and everyone's."""
        started: list[tuple[str, list[tuple[str, str]]]] = []

        def starting(
            status: str, headers: list[tuple[str, str]], exc_info: OptExcInfo | None = None
        ) -> Callable[[bytes], object]:
            started[:] = [(status, headers)]
            return start_response(status, headers, exc_info)  # WSGI's write(), which Flask never calls

        result = self.app(environ, starting)
        try:
            body = b"".join(result)
        finally:
            close = getattr(result, "close", None)
            if close is not None:
                close()
        [(status, headers)] = started
        drawn_now = environ.get(DRAWN) == (poll.now.game_id, poll.now.version)
        if status.startswith("200 ") and drawn_now and everyone_s(headers):
            undated = [(name, value) for name, value in headers if name.lower() != "date"]
            self.sheets.put((poll.now, poll.path, variant(environ)), (200, undated, body))
        return [body]
