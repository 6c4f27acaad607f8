"""The app's error pages: what went wrong in the reader's language, that nothing was saved, and a way back.

Each is a page of the app (its bar, its stylesheet, the language switch), answered with the error's status. The
guards answer 413 and 429 themselves (`guards.py`). Inside an evening the way back is the evening's page.

A database the server cannot write (its disk full, the file or its folder read-only, a disk error) is said plainly:
503, what the host must do, one line in the log and no traceback (`cannot_write`). SQLite wrote nothing of the
request (each write is one transaction), and reads go on working.
"""

from __future__ import annotations

from flask import Flask, current_app, g, make_response, render_template, request
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError

from referee.services import database
from referee.services.database import CannotWrite
from referee.web.htmx import wants_fragment

# The title and the explanation of each status the app answers with a page of its own.
PAGES = {
    400: (_l("Not understood"), _l("The referee could not read what was sent. Nothing was saved.")),
    403: (
        _l("Read-only link"),
        _l("This link follows the score but cannot change it. Nothing was saved: the scorer's link keeps the score."),
    ),
    404: (
        _l("Page not found"),
        _l("Nothing is at this address: the link may be cut short or mistyped, or what it showed is not here."),
    ),
    422: (_l("Cannot be recorded"), _l("What was sent cannot be recorded as it is. Nothing was saved.")),
    500: (
        _l("Something went wrong"),
        _l("The referee hit a problem and saved nothing of this request. Go back and try again in a moment."),
    ),
}
EXPIRED = (
    _l("The form has expired"),
    _l("The page was open too long, or the browser refuses cookies. Nothing was saved: reload the page, send again."),
)

# What the host is told of each reason the database cannot be written.
CANNOT_WRITE = {
    CannotWrite.FULL: (
        _l("The server's disk is full"),
        _l(
            "The referee cannot write: the disk of the machine it runs on is full. Nothing of this request was saved. "
            "The host must free space on that disk; then send it again."
        ),
    ),
    CannotWrite.READ_ONLY: (
        _l("The server cannot write"),
        _l(
            "The referee cannot write to its database: the file, or its folder, is read-only. Nothing of this request "
            "was saved. The host must let the user that runs referee write the file and its folder again."
        ),
    ),
    CannotWrite.DISK_ERROR: (
        _l("The server cannot write"),
        _l(
            "The referee cannot write to its database: the disk answered with an error. Nothing of this request was "
            "saved. The host must check the disk (is it full, or gone?); then send it again."
        ),
    ),
}
CANNOT_WRITE[CannotWrite.CANNOT_OPEN] = CANNOT_WRITE[CannotWrite.READ_ONLY]
RETRY_AFTER = "60"  # seconds: the host needs a minute at least, and a round kept on a phone is sent again then


def cannot_write(error: database.StorageError) -> ResponseReturnValue:
    """503 for a database the server cannot write, with the cause and what the host must do; any other error of the
    database goes on to be a 500."""
    path = current_app.config["DATABASE"]
    why = database.cannot_write(error, path)
    if why is None:
        raise error
    current_app.logger.error(  # the app's logger: a link's key in the path is redacted
        "cannot write the database %s: %s (SQLite %s); nothing of %s %s was saved",
        path,
        error,
        getattr(error, "sqlite_errorname", why.name),
        request.method,
        request.path,
    )
    title, message = CANNOT_WRITE[why]
    if wants_fragment():  # htmx: an alert above the page the phone is on, its form as it was
        fragment = render_template("errors/_alert.html", title=title, fragment="errors/_message.html", message=message)
        response = make_response(fragment, 503)
        response.headers["HX-Retarget"] = "#alerts"
        response.headers["HX-Reswap"] = "innerHTML"
    else:
        page = render_template("errors/error.html", status=503, title=title, message=message, key=g.get("key"))
        response = make_response(page, 503)
    response.headers["Retry-After"] = RETRY_AFTER
    response.vary.add("HX-Request")
    return response


def error_page(error: HTTPException) -> ResponseReturnValue:
    """The error's page in the reader's language, with a way back (the evening's page inside an evening)."""
    status = error.code or 500
    title, message = EXPIRED if isinstance(error, CSRFError) else PAGES.get(status, PAGES[500])
    try:
        page = render_template("errors/error.html", status=status, title=title, message=message, key=g.get("key"))
    except Exception:  # the page itself failed (a broken template or storage): say it plainly
        return f"<!doctype html><title>{status}</title><p>{escape(str(title))}</p>", status
    return page, status


def init_app(app: Flask) -> None:
    """Answer each status in `PAGES` (and an expired form) with its page."""
    for status in PAGES:
        app.register_error_handler(status, error_page)
    app.register_error_handler(CSRFError, error_page)
    app.register_error_handler(InternalServerError, error_page)
    app.register_error_handler(database.StorageError, cannot_write)
