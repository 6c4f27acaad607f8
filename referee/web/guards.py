"""What keeps one client from freezing the app for the table: rate limits, a size cap, and their short answers.

The pages that compute on a stranger's input (the desk's answers, `/import`) and the pages that make an evening (an
import, `/new`) are limited with Flask-Limiter, counted in memory. The phones of a club share one router, so one
address is several tables: the desk and the import count per evening (the scorer's and the viewer's link of one
evening spend one budget), or per address for a page asked without a link, or through a link that opens nothing
(`/desk`, `/import`). Over those, two ceilings per address, one for each kind of request, stop one client's flood
without a link: the desk's (`REFEREE_ADDRESS_LIMIT`, link-less questions) and the one of what makes an evening
(`REFEREE_MAKING_LIMIT`, imports and new evenings). A burst of one kind never refuses the other kind, and a request
through a real link is never counted against either, so one evening's burst never locks another evening behind the
same router out (`REFEREE_DESK_LIMIT`, `REFEREE_IMPORT_LIMIT`). Limits are off under `TESTING` unless the test sets
`RATELIMIT_ENABLED`.
A request larger than `MAX_CONTENT_LENGTH` (an import's file or pasted text past 2 MB) is refused before
it is read. Either refusal is a short page in the reader's language or, asked by htmx, an alert above the page
the phone is on (the form it filled stays as it was).
"""

from __future__ import annotations

from flask import Flask, current_app, g, make_response, render_template, request
from flask.typing import ResponseReturnValue
from flask.wrappers import Response
from flask_babel import gettext as _
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import RequestEntityTooLarge, TooManyRequests

from referee.rules.record_data import LARGEST_RECORD
from referee.rules.solver import BUDGET, LONGEST_BUDGET
from referee.services.links import evening_behind
from referee.web.database import get_db
from referee.web.htmx import wants_fragment

ENVELOPE = 64 * 1024  # the rest of a request around the record: the form's other fields, multipart's boundaries
# Per link (or per address without one). A heated minute at a table is about 40 disputed melds from its 8 phones;
# three times that leaves room for questions asked again and for a second table on a link-less `/desk`.
DESK_LIMIT = "120 per minute"
# Per link or address: a table imports a record or two an evening; 10 a minute lets it fix a file and try again.
IMPORT_LIMIT = "10 per minute"
# Per address, over the desk's questions asked without a link: a few phones at their busiest behind one router fit
# under it; one client flooding at several hundred a minute, or through made-up links, is cut off (a best hand may
# work for seconds). A real link's requests are its evening's budget alone.
ADDRESS_LIMIT = "200 per minute"
# Per address, over what makes an evening (imports and new evenings): a club's tables start their evenings within a few
# minutes of each other behind one router; a client making hundreds is cut off. The desk never counts against it.
MAKING_LIMIT = "30 per minute"


def _through_link() -> str | None:
    """The evening behind the request's link (`evening:7`), whichever of its two links it is; None without a link, or
    for a link that opens nothing. Asked once per request."""
    if "referee_budget" not in g:
        key = (request.view_args or {}).get("key")
        found = evening_behind(get_db(), key) if isinstance(key, str) else None
        g.referee_budget = None if found is None else f"evening:{found[0].id}"
    budget: str | None = g.referee_budget
    return budget


def link_or_address() -> str:
    """Whose budget a request spends: the evening's it came through, else its address."""
    return _through_link() or get_remote_address()


def through_a_link() -> bool:
    """Whether the request came through a real link: the address's ceiling neither counts nor stops it."""
    return _through_link() is not None


# One limiter for every app of the process (Flask-Limiter's factory pattern): `init_app` gives it each app's
# configuration and a fresh in-memory count. A limit counts per link unless it says otherwise.
limiter = Limiter(key_func=link_or_address, storage_uri="memory://", headers_enabled=True)


def desk_limit() -> str:
    """The desk's limit per link (or per address without one), from the app's configuration."""
    return str(current_app.config["REFEREE_DESK_LIMIT"])


def import_limit() -> str:
    """The import's limit per link (or per address without one), from the app's configuration."""
    return str(current_app.config["REFEREE_IMPORT_LIMIT"])


def address_limit() -> str:
    """The desk's ceiling per address over its questions asked without a link, from the app's configuration."""
    return str(current_app.config["REFEREE_ADDRESS_LIMIT"])


def making_limit() -> str:
    """The ceiling per address over imports and new evenings, from the app's configuration."""
    return str(current_app.config["REFEREE_MAKING_LIMIT"])


# Each ceiling is one count per address, shared by every page it decorates (each a POST), one for each kind of request:
# a burst of desk questions never refuses an import or a new evening, nor the other way round.
desk_ceiling = limiter.shared_limit(
    address_limit, "address-desk", key_func=get_remote_address, methods=["POST"], exempt_when=through_a_link
)
making_ceiling = limiter.shared_limit(
    making_limit, "address-making", key_func=get_remote_address, methods=["POST"], exempt_when=through_a_link
)


def init_app(app: Flask) -> None:
    """Configure the limits and the size cap (the instance's config may change them), and their answers."""
    if app.extensions.get("referee_guards"):
        return
    app.extensions["referee_guards"] = True
    app.config.setdefault("REFEREE_DESK_LIMIT", DESK_LIMIT)
    app.config.setdefault("REFEREE_IMPORT_LIMIT", IMPORT_LIMIT)
    app.config["REFEREE_BEST_BUDGET"] = best_budget(app)
    app.config.setdefault("REFEREE_ADDRESS_LIMIT", ADDRESS_LIMIT)
    app.config.setdefault("REFEREE_MAKING_LIMIT", MAKING_LIMIT)
    app.config.setdefault("RATELIMIT_ENABLED", not app.testing)
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = LARGEST_RECORD + ENVELOPE
    # Flask keeps a form's text fields (not its files) to 500 KB: a record pasted as text may be as large as a file.
    app.config["MAX_FORM_MEMORY_SIZE"] = max(app.config.get("MAX_FORM_MEMORY_SIZE") or 0, LARGEST_RECORD + ENVELOPE)
    limiter.init_app(app)
    app.register_error_handler(TooManyRequests, too_many_requests)
    app.register_error_handler(RequestEntityTooLarge, too_large)


def best_budget(app: Flask) -> float:
    """The seconds the desk gives one best hand (`REFEREE_BEST_BUDGET`, 2 by default): a value past the ceiling
    (`LONGEST_BUDGET`, 10) is lowered to it, one that is not a number of seconds is the default; the log says so."""
    budget = app.config.get("REFEREE_BEST_BUDGET", BUDGET)
    if isinstance(budget, bool) or not isinstance(budget, int | float) or not budget > 0:
        app.logger.warning("REFEREE_BEST_BUDGET = %r is not a number of seconds: %g seconds are used", budget, BUDGET)
        return BUDGET
    if budget > LONGEST_BUDGET:
        app.logger.warning("REFEREE_BEST_BUDGET = %r is past the ceiling: %g seconds are used", budget, LONGEST_BUDGET)
        return LONGEST_BUDGET
    return float(budget)


def too_many_requests(error: TooManyRequests) -> ResponseReturnValue:
    """429: this table (its link) or this address asked too often; it may ask again in a minute."""
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
