"""referee: a scorekeeping and referee companion for real card nights."""

from __future__ import annotations

import stat
from collections.abc import Mapping
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # Flask is imported by create_app alone: the rules commands start without the web app.
    from flask import Flask

ROOT = Path(__file__).resolve().parent.parent
# A built wheel carries templates/, static/ and the compiled translations/ here (setup.py); the repository does not.
PACKAGED = Path(__file__).resolve().parent / "_app"


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app: configuration from the instance folder (or `test_config`), then the blueprints."""
    from flask import Flask

    files = PACKAGED if (PACKAGED / "templates").is_dir() else ROOT
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(files / "templates"),
        static_folder=str(files / "static"),
    )
    app.config.from_mapping(
        SECRET_KEY="dev",  # noqa: S106 — a placeholder: outside tests, web.setup makes the instance's own key
        DATABASE=str(Path(app.instance_path) / "referee.sqlite"),
        BABEL_TRANSLATION_DIRECTORIES=str(files / "translations"),
        WTF_CSRF_TIME_LIMIT=None,  # a card night lasts longer than an hour
        # The session cookie holds the CSRF token: not sent with a form another site posts here (only with a
        # link followed to the app), never read by a script. Not Secure: on a LAN the app is plain HTTP (behind
        # an HTTPS proxy, set SESSION_COOKIE_SECURE = True in the instance's config.py).
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_HTTPONLY=True,
        # Pages send no Referer (the URL holds the link's key), so over HTTPS Flask-WTF's check that the
        # Referer is this host would refuse every form; the CSRF token and the SameSite cookie stay.
        WTF_CSRF_SSL_STRICT=False,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    # The instance folder holds the secret key and (by default) the database: its owner's alone, made or found.
    instance = Path(app.instance_path)
    instance.mkdir(mode=0o700, parents=True, exist_ok=True)
    mode = stat.S_IMODE(instance.stat().st_mode)
    if mode & 0o077:
        with suppress(OSError):  # another user's folder, or a read-only disk: left as it is
            instance.chmod(mode & 0o700)

    from referee.web import database, setup

    database.init_app(app)
    setup.init_app(app)
    return app
