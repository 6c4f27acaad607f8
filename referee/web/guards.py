"""What keeps one client from freezing the app for the table: rate limits, a size cap, and their short answers.

The pages that compute on a stranger's input (the desk's answers, `/import`) are limited per client with
Flask-Limiter, counted in memory: 30 answers a minute at the desk and 10 imports a minute by default
(`REFEREE_DESK_LIMIT`, `REFEREE_IMPORT_LIMIT`), off under `TESTING` unless the test sets `RATELIMIT_ENABLED`.
A request larger than `MAX_CONTENT_LENGTH` (an import's file or pasted text past 2 MB) is refused before
it is read. Either refusal is a short page in the reader's language or, asked by htmx, an alert above the page
the phone is on (the form it filled stays as it was).
"""

from __future__ import annotations

from flask import Flask, current_app, make_response, render_template
from flask.typing import ResponseReturnValue
from flask.wrappers import Response
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import RequestEntityTooLarge, TooManyRequests

from referee.web.htmx import wants_fragment

LARGEST_RECORD = 2 * 1024 * 1024  # bytes: an import's file or pasted text (a 1,000-round game is about 150 KB)
ENVELOPE = 64 * 1024  # the rest of a request around the record: the form's other fields, multipart's boundaries
DESK_LIMIT = "30 per minute"
IMPORT_LIMIT = "10 per minute"

# One limiter for every app of the process (Flask-Limiter's factory pattern): `init_app` gives it each app's
# configuration and a fresh in-memory count.
limiter = Limiter(key_func=get_remote_address, storage_uri="memory://", headers_enabled=True)


def desk_limit() -> str:
    """The desk's limit per client, from the app's configuration."""
    return str(current_app.config["REFEREE_DESK_LIMIT"])


def import_limit() -> str:
    """The import's limit per client, from the app's configuration."""
    return str(current_app.config["REFEREE_IMPORT_LIMIT"])


def init_app(app: Flask) -> None:
    """Configure the limits and the size cap (the instance's config may change them), and their answers."""
    if app.extensions.get("referee_guards"):
        return
    app.extensions["referee_guards"] = True
    app.config.setdefault("REFEREE_DESK_LIMIT", DESK_LIMIT)
    app.config.setdefault("REFEREE_IMPORT_LIMIT", IMPORT_LIMIT)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = LARGEST_RECORD + ENVELOPE
    # Flask keeps a form's text fields (not its files) to 500 KB: a record pasted as text may be as large as a file.
    app.config["MAX_FORM_MEMORY_SIZE"] = max(app.config.get("MAX_FORM_MEMORY_SIZE") or 0, LARGEST_RECORD + ENVELOPE)
    limiter.init_app(app)
    app.register_error_handler(TooManyRequests, too_many_requests)
    app.register_error_handler(RequestEntityTooLarge, too_large)


def too_many_requests(error: TooManyRequests) -> ResponseReturnValue:
    """429: this phone asked too often; it may ask again in a minute."""
    response = _refusal(_("Too many requests"), "errors/429.html", "errors/_429.html", 429)
    response.headers.setdefault("Retry-After", "60")
    return response


def too_large(error: RequestEntityTooLarge) -> ResponseReturnValue:
    """413: the request (an import's file or text) is larger than the app reads."""
    megabytes = LARGEST_RECORD // (1024 * 1024)
    return _refusal(_("Too large"), "errors/413.html", "errors/_413.html", 413, megabytes=megabytes)


def _refusal(title: str, page: str, fragment: str, status: int, **context: object) -> Response:
    """The refusal as its page, or for htmx as an alert above the page (the form the phone filled stays as it was)."""
    if not wants_fragment():
        response = make_response(render_template(page, **context), status)
    else:
        answer = render_template("errors/_alert.html", title=title, fragment=fragment, **context)
        response = make_response(answer, status)
        response.headers["HX-Retarget"] = "#alerts"
        response.headers["HX-Reswap"] = "innerHTML"
    response.vary.add("HX-Request")
    return response
