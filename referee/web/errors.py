"""The app's error pages: what went wrong in the reader's language, that nothing was saved, and a way back.

Each is a page of the app (its bar, its stylesheet, the language switch), answered with the error's status. The
guards answer 413 and 429 themselves (`guards.py`). Inside an evening the way back is the evening's page.
"""

from __future__ import annotations

from flask import Flask, g, render_template
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l
from flask_wtf.csrf import CSRFError
from markupsafe import escape
from werkzeug.exceptions import HTTPException, InternalServerError

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
