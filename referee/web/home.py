"""The home page and the language switch."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, abort, redirect, render_template, request
from flask.typing import ResponseReturnValue

from referee.rules.presets import PRESETS
from referee.web.language import LANGUAGES

bp = Blueprint("home", __name__)
YEAR = 365 * 24 * 3600


@bp.get("/")
def index() -> str:
    """What the app is, and the button to start an evening."""
    return render_template("home/index.html", presets=PRESETS.values())


@bp.get("/lang/<code>")
def language(code: str) -> ResponseReturnValue:
    """Switch the language (kept in a cookie) and go back to the page it was asked from."""
    if code not in LANGUAGES:
        abort(404)
    back = request.args.get("next", "/")
    if urlsplit(back).netloc or not back.startswith("/"):
        back = "/"  # only ever back into this app
    response = redirect(back, 303)
    # Read by the server only: no script needs it. Secure whenever the request came over HTTPS (behind a proxy).
    response.set_cookie("lang", code, max_age=YEAR, samesite="Lax", httponly=True, secure=request.is_secure)
    return response
