"""What every response tells the browser, and the links' keys kept out of the logs.

The app is served over plain HTTP on a café's or a club's Wi-Fi, and a link's key is the only thing that
opens an evening or a group: it is in the URL (`/e/<key>/…`, `/g/<key>/…`), so it must never leave the page in
a `Referer` header, nor be written in a log. Every response carries:

- a strict Content-Security-Policy: scripts and stylesheets from the app's own files only (no inline
  script, event handler or `style` attribute, no eval: htmx's `hx-on` is not used), no plug-ins, no
  `<base>`, forms sent to the app only, and no page of the app framed by another site;
- `Referrer-Policy: no-referrer`, `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (for the
  browsers that predate `frame-ancestors`);
- a Permissions-Policy denying the device features the app does not use (the screen wake lock stays
  allowed for the app itself).

A 304 carries them too, the polls' 304s answered before Flask included (`referee.web.polls.UNCHANGED`): every
answer of the app says the same thing to the browser, whatever path it took.

No HSTS: on a LAN the app is plain HTTP, and a reverse proxy that adds HTTPS sets HSTS itself.
"""

from __future__ import annotations

import logging
import re

from flask import Flask
from flask.logging import default_handler
from werkzeug.wrappers import Response

CONTENT_SECURITY_POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",  # the charts are inline SVG, drawn by the server: no image is loaded, no data: URL
    "worker-src": "'self'",  # the service worker, /sw.js (referee/web/app_shell.py)
    "manifest-src": "'self'",  # the web app manifest, /manifest.webmanifest
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
# Each a feature Chromium knows: it reports an unknown name in the console (it does not know `bluetooth`).
DENIED_FEATURES = (
    "accelerometer",
    "autoplay",
    "browsing-topics",
    "camera",
    "display-capture",
    "encrypted-media",
    "fullscreen",
    "geolocation",
    "gyroscope",
    "hid",
    "idle-detection",
    "local-fonts",
    "magnetometer",
    "microphone",
    "midi",
    "payment",
    "picture-in-picture",
    "publickey-credentials-get",
    "serial",
    "usb",
    "xr-spatial-tracking",
)
ALLOWED_FEATURES = {"screen-wake-lock": "(self)"}  # to keep the scorer's screen on during a game

HEADERS = {
    "Content-Security-Policy": "; ".join(f"{name} {value}" for name, value in CONTENT_SECURITY_POLICY.items()),
    "Permissions-Policy": ", ".join(
        [*(f"{feature}=()" for feature in DENIED_FEATURES), *(f"{f}={v}" for f, v in ALLOWED_FEATURES.items())]
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}

# A link's key in a path (an evening's `/e/<key>` or `/e/<key>/…`, a group's `/g/<key>…`), or in a query string
# that carries a path (`%2Fe%2F<key>`, `%2Fg%2F<key>`).
_KEY_IN_PATH = re.compile(r"(/|%2F)([eg])(/|%2F)[^/\s?#&%\"'<>]+", re.IGNORECASE)
# The loggers that write request paths: the app's (a 500), waitress' (an error while serving), the dev server's.
LOGGERS = ("waitress", "werkzeug")


def redact(text: str) -> str:
    """`text` with every link's key replaced by "…".

    >>> redact("Exception on /e/Zx8_k-Q2/games/3 [POST]")
    'Exception on /e/…/games/3 [POST]'
    >>> redact("GET /lang/fr?next=%2Fe%2FZx8_k-Q2%2Fdesk")
    'GET /lang/fr?next=%2Fe%2F…%2Fdesk'
    >>> redact("Exception on /g/Gr0up_Key/group.json [GET]")
    'Exception on /g/…/group.json [GET]'
    """
    return _KEY_IN_PATH.sub(r"\1\2\3…", text)


class RedactKeys(logging.Filter):
    """A logging filter that takes the links' keys out of a record's message, traceback and stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record in place (its message formatted once); never drop it."""
        try:
            message = record.getMessage()
        except (TypeError, ValueError, KeyError):
            return True  # a malformed record: the logging module reports it as it is
        record.msg, record.args = redact(message), ()
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def redact_keys_in(logger: logging.Logger) -> None:
    """Add the redacting filter to `logger`, once."""
    if not any(isinstance(existing, RedactKeys) for existing in logger.filters):
        logger.addFilter(RedactKeys())


def init_app(app: Flask) -> None:
    """Send the security headers with every response, and redact the keys from the app's and the servers' logs."""

    @app.after_request
    def security_headers(response: Response) -> Response:
        response.headers.update(HEADERS)
        return response

    for logger in (app.logger, *(logging.getLogger(name) for name in LOGGERS)):
        redact_keys_in(logger)
    log_once(app)


def log_once(app: Flask) -> None:
    """Write each record once, through the root logger's handler, as waitress' records are.

    Flask gives the app's logger a handler of its own when no logging is set up yet; waitress then sets up the
    root logger (`logging.basicConfig()`) when it starts serving, and every traceback was written by both. The
    app's own handler goes, and the root logger gets Flask's format now, unless logging is set up already (by a
    test, or by the host): waitress' `basicConfig()` then changes nothing.
    """
    app.logger.removeHandler(default_handler)
    logging.basicConfig(format="[%(asctime)s] %(levelname)s in %(module)s: %(message)s")
