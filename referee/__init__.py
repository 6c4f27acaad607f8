"""referee: a scorekeeping and referee companion for real card nights."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Build the Flask app: configuration from the instance folder (or `test_config`), then the blueprints."""
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    app.config.from_mapping(
        SECRET_KEY="dev",
        DATABASE=str(Path(app.instance_path) / "referee.sqlite"),
        BABEL_TRANSLATION_DIRECTORIES=str(ROOT / "translations"),
        WTF_CSRF_TIME_LIMIT=None,  # a card night lasts longer than an hour
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)

    from referee.storage import db
    from referee.web import setup

    db.init_app(app)
    setup.init_app(app)
    return app
