"""The web layer's extensions and blueprints, registered in one place."""

from __future__ import annotations

import secrets
import time
from importlib.resources import files
from pathlib import Path

from flask import Flask, g, request, send_from_directory
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, get_translations
from flask_compress import Compress
from flask_wtf.csrf import CSRFProtect
from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, meta

from referee.rules import words
from referee.rules.families import game_said
from referee.rules.option_words import preset_said
from referee.services import snapshots
from referee.services.desk import rules_said
from referee.web import app_shell, assets, errors, guards, home, language, local, polls, security
from referee.web.compiled import checked_cache
from referee.web.desk import views as desk
from referee.web.display import views as display
from referee.web.drawn import drawn_once
from referee.web.evenings import views as evenings
from referee.web.forms import one_time_fields, sheet_fields
from referee.web.games import tap_views
from referee.web.games import views as games
from referee.web.games.families import FAMILIES, PARTIALS, check_families, template_folders
from referee.web.games.family_check import drawing_problems
from referee.web.games.rummy.picker import card_picker
from referee.web.groups import season as _season  # noqa: F401 — the season's routes join the groups blueprint
from referee.web.groups import views as groups
from referee.web.hands import views as hands
from referee.web.history import views as history
from referee.web.htmx import htmx
from referee.web.language import LANGUAGES
from referee.web.settle import views as settle
from referee.web.share import views as share
from referee.web.transfer import views as transfer

HTMX_FOLDER = str(files("js_lib_htmx") / "static" / "htmx")


def select_locale() -> str | None:
    """The language chosen with the switch (a cookie), else the browser's best match."""
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(LANGUAGES, default="en")


def _secret_key(app: Flask) -> str:
    """The instance's own secret key, made once and kept in the instance folder."""
    path = Path(app.instance_path) / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(48))
        path.chmod(0o600)
    return path.read_text().strip()


# A phone's first pages, and the error pages: drawn before any request, so that drawing them never needs the disk.
FIRST_PAGES = (
    "games/show.html",
    "games/_game.html",
    "evenings/show.html",
    "home/index.html",
    "errors/error.html",
    "errors/_alert.html",
    "errors/_message.html",
)
WARM_WITHIN = 20.0  # seconds: past them, the rest of the first pages are compiled when first asked for


def warm(app: Flask, compiled: Path | None = None, within: float = WARM_WITHIN) -> None:
    """Compile the templates of the pages a phone opens first (a game's, with every family's partials, the evening's
    and the home page) and the error pages, and read each language's catalogue, so a server's first game page costs
    what the next does: `referee serve` calls it before its workers fork, and each inherits them.

    With `compiled`, a folder, the compiled templates are kept there (web/compiled.py: each signed by this instance and
    checked against its template's source), so the next start loads them instead of compiling them again; a file there
    that is damaged is compiled again, one that cannot be written is skipped. The warm-up stops after `within` seconds.
    """
    env = app.jinja_env
    if compiled is not None and env.bytecode_cache is None:
        env.bytecode_cache = checked_cache(compiled, app.config["SECRET_KEY"])
    names = set(FIRST_PAGES) | {f"{web.templates}/{partial}" for web in FAMILIES.values() for partial in PARTIALS}
    seen: set[str] = set()
    deadline = time.monotonic() + within
    while names and time.monotonic() < deadline:
        name = names.pop()
        if name in seen:
            continue
        seen.add(name)
        env.get_template(name)  # compiled once, and kept in the environment's cache
        source = env.loader.get_source(env, name)[0] if env.loader else ""
        names |= {found for found in meta.find_referenced_templates(env.parse(source)) if found} - seen
    if names:
        app.logger.warning(
            "the first pages were not all compiled within %.0f s: the rest are compiled when asked", within
        )
    for code in LANGUAGES:
        with app.test_request_context(headers={"Accept-Language": code}):
            get_translations()


def init_app(app: Flask) -> None:
    """Attach security headers, guards, CSRF, htmx, Babel, compression, hashed static URLs and the blueprints."""
    check_families(Path(app.root_path, app.template_folder or "templates"))  # every family has its screens
    folders = template_folders()  # a family shipped apart brings its partials in a folder of its own
    if folders:
        own: list[BaseLoader] = [app.jinja_loader] if app.jinja_loader else []
        app.jinja_loader = ChoiceLoader([*own, *(FileSystemLoader(folder) for folder in folders)])
    if app.config["SECRET_KEY"] == "dev" and not app.testing:  # noqa: S105 — the placeholder, replaced here
        app.config["SECRET_KEY"] = _secret_key(app)
    # A game's snapshot is read only when signed under this instance's key (a database from elsewhere is replayed).
    snapshots.sign_with(app.config["SECRET_KEY"])
    security.init_app(app)
    guards.init_app(app)
    errors.init_app(app)
    CSRFProtect(app)
    htmx.init_app(app)
    language.init_app(app, select_locale)
    # Brotli where the browser takes it (browsers offer it over HTTPS only), else gzip. Bodies under
    # COMPRESS_MIN_SIZE (500 bytes) and anything but a 2xx (a 304) are sent as they are.
    app.config.setdefault("COMPRESS_ALGORITHM", ["br", "gzip"])
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)  # the default, 4, makes htmx larger than gzip does
    Compress(app)

    @app.before_request
    def speak_the_request_language() -> None:
        """The rules engine's messages in the request's language, through the request's catalogue (read once: a page
        says its cards' letters many times)."""
        catalogue = get_translations()
        g.voice = words.speaking(
            catalogue.ugettext, catalogue.ungettext, elides=language.elides(), pgettext=catalogue.upgettext
        )

    @app.teardown_request
    def stop_speaking(error: BaseException | None) -> None:
        voice = g.pop("voice", None)
        if voice is not None:
            voice.stop()

    @app.get("/htmx.min.js")
    def htmx_script() -> ResponseReturnValue:
        """htmx, served from its installed package (never a CDN, never a copy)."""
        return send_from_directory(HTMX_FOLDER, "htmx.min.js", max_age=86400)

    assets.init_app(app, {"htmx_script": Path(HTMX_FOLDER) / "htmx.min.js"})

    @app.context_processor
    def languages() -> dict[str, object]:
        return {"languages": LANGUAGES, "get_locale": get_locale, "money": local.money, "chip_worth": local.chip_worth}

    app.add_template_global(card_picker)
    app.add_template_global(drawn_once)
    app.add_template_global(one_time_fields)
    app.add_template_global(sheet_fields)

    app.add_template_filter(local.local_time)
    app.add_template_filter(local.day)
    app.add_template_filter(local.number)
    app.add_template_filter(words.signed)  # "+6", "−3", "0": a true minus sign
    app.add_template_filter(rules_said)
    app.add_template_filter(preset_said)
    app.add_template_filter(game_said)
    app.register_blueprint(home.bp)
    app.register_blueprint(evenings.bp)
    app.register_blueprint(games.bp)
    tap_views.add_taps(app)  # each family's one-tap entries, from the registry as it stands now
    app.register_blueprint(hands.bp)
    app.register_blueprint(display.bp)
    app.register_blueprint(desk.bp)
    app.register_blueprint(settle.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(transfer.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(groups.bp)
    app.register_blueprint(app_shell.bp)
    # An unchanged poll (most of a club night's requests) is answered before Flask: referee/web/polls.py. The server
    # asks the same object first, on its event loop (referee.server.bridge_for).
    quiet = polls.QuietPolls(app.wsgi_app, app.config["DATABASE"])
    app.wsgi_app = quiet  # type: ignore[method-assign]
    app.extensions["quiet_polls"] = quiet
    undrawn = drawing_problems(app)  # every family's screens drawn once: none answers a 500 on its first page
    if undrawn:
        raise RuntimeError("referee cannot start: " + "; ".join(undrawn))
