"""The app as a phone keeps it: web app manifest, icons, service worker, and the QR codes other phones join by.

- `/manifest.webmanifest` names the app, its colours and icons, so a phone can put it on its home screen;
- `/sw.js`, the service worker, at the root so that its scope is the whole app: it keeps the app shell
  (`/app-shell.json` lists it) and the last copy of every page the phone saw, for when the network drops;
- `/favicon.ico` and `/apple-touch-icon.png`, where browsers look for them without being told;
- `qr_svg` and `reachable`, for templates: a link as an inline SVG QR code (drawn here, no script), with the host
  a phone at the table can reach.

The icons are drawn in static/icons/*.svg; scripts/icons.py makes their PNG sizes and the favicon.
"""

from __future__ import annotations

import ipaddress
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from flask import Blueprint, current_app, jsonify, render_template, send_from_directory, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup, escape
from werkzeug.wrappers import Response

from referee.web.assets import read_whole

bp = Blueprint("app_shell", __name__)

THEME_COLOUR = "#0b6b3a"  # static/css/referee.css: --accent
BACKGROUND_COLOUR = "#fdfcf8"  # static/css/referee.css: --bg
ICON_SIZES = (192, 512)
# The static files a phone keeps from its first visit on (besides htmx): every stylesheet and script.
SHELL_FOLDERS = ("css", "js")
WORKER = "sw.js"


def _static_folder() -> Path:
    return Path(current_app.static_folder or "static")


def _file(folder: str, name: str, **options: object) -> Response:
    """A small file of static/, read whole: compressed like a page, and never left open by a closed connection."""
    response = send_from_directory(_static_folder() / folder, name, **options)
    read_whole(response)
    return response


@bp.get("/manifest.webmanifest")
def manifest() -> ResponseReturnValue:
    """The web app manifest: what a phone needs to install the app on its home screen."""
    icon = "icons/icon-{size}.png"
    icons: list[dict[str, str]] = [
        {"src": url_for("static", filename=icon.format(size=size)), "sizes": f"{size}x{size}", "type": "image/png"}
        for size in ICON_SIZES
    ]
    icons.append(
        {
            "src": url_for("static", filename="icons/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        }
    )
    icons.append({"src": url_for("static", filename="icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    data = {
        "id": "/",
        "name": _("referee: card nights"),
        "short_name": "referee",
        "description": _("Keeps the score and referees Kaluki, Rami and Kaiser at the table."),
        "lang": str(get_locale()),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": icons,
    }
    response = jsonify(data)
    response.mimetype = "application/manifest+json"
    response.vary.add("Accept-Language")
    response.vary.add("Cookie")
    return response


@bp.get("/sw.js")
def service_worker() -> ResponseReturnValue:
    """The service worker, served from the root so that it may keep every page of the app."""
    response = _file("js", WORKER, mimetype="text/javascript", max_age=0)
    response.cache_control.no_cache = True  # a new version reaches the phones at their next visit
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/app-shell.json")
def shell() -> ResponseReturnValue:
    """What the service worker keeps when it installs: the static files at their hashed URLs, and the offline page."""
    folder = _static_folder()
    files = sorted(
        path.relative_to(folder).as_posix()
        for name in SHELL_FOLDERS
        for path in (folder / name).glob("*")
        if path.is_file() and path.name != WORKER
    )
    static = [url_for("htmx_script"), *(url_for("static", filename=name) for name in files)]
    response = jsonify({"static": static, "offline": url_for("app_shell.offline")})
    response.cache_control.no_cache = True
    return response


@bp.get("/offline")
def offline() -> ResponseReturnValue:
    """What a phone shows for a page it never saw, while the server cannot be reached."""
    return render_template("app_shell/offline.html")


@bp.get("/favicon.ico")
def favicon() -> ResponseReturnValue:
    """The icon a browser asks for at the root without being told."""
    return _file("icons", "favicon.ico", max_age=86400)


@bp.get("/apple-touch-icon.png")
def apple_touch_icon() -> ResponseReturnValue:
    """The home-screen icon iPhones ask for at the root."""
    return _file("icons", "apple-touch-icon.png", max_age=86400)


def _is_loopback(host: str | None) -> bool:
    if not host:
        return False
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def reachable(url: str) -> str:
    """`url` with a host phones at the table can reach: a loopback host becomes the LAN address serve found."""
    # A page opened on the server's own machine (http://127.0.0.1/…) would hand out links no phone can open.
    table = current_app.config.get("REFEREE_TABLE_URL")
    parts = urlsplit(url)
    if not table or not _is_loopback(parts.hostname):
        return url
    base = urlsplit(str(table))
    return urlunsplit((base.scheme, base.netloc, parts.path, parts.query, parts.fragment))


def reaches_no_phone(url: str) -> bool:
    """Whether `url` points at the server's own machine, which no other phone can open."""
    return _is_loopback(urlsplit(url).hostname)


def qr_svg(url: str, label: str) -> Markup:
    """`url` as a QR code: an inline SVG (black on white, with its quiet zone) named `label` for screen readers."""
    import segno

    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=4, dark="#000", light="#fff", svgclass="qr", title=label)
    # segno writes its own markup (escaping the title); the URL is in it only as the code's modules.
    return Markup(svg.replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1))  # noqa: S704


@bp.app_context_processor
def helpers() -> dict[str, object]:
    """What every template may use: `qr_svg`, `reachable` and `reaches_no_phone`."""
    return {"qr_svg": qr_svg, "reachable": reachable, "reaches_no_phone": reaches_no_phone}
