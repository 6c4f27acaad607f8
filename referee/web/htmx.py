"""The one place that reads htmx's headers: does this request want a fragment or the whole page?"""

from __future__ import annotations

from flask import make_response, redirect, render_template
from flask.wrappers import Response
from flask_htmx import HTMX
from werkzeug.wrappers import Response as BaseResponse

htmx = HTMX()


def wants_fragment() -> bool:
    """An htmx request that is neither boosted nor a history restore wants only the fragment."""
    return bool(htmx) and not htmx.boosted and not htmx.history_restore_request


def render(page: str, fragment: str, status: int = 200, /, **context: object) -> Response:
    """Render the fragment for htmx, else the page that includes it; either way `Vary: HX-Request`."""
    response = make_response(render_template(fragment if wants_fragment() else page, **context), status)
    response.vary.add("HX-Request")
    return response


def redirect_to(url: str) -> BaseResponse:
    """Go to `url`: htmx follows `HX-Redirect` (a whole new page), a plain form a 303 redirect."""
    if htmx:
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
        return response
    return redirect(url, 303)
