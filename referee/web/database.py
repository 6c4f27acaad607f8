"""The request's database: this thread's connection to the app's file, handed to the services explicitly."""

from __future__ import annotations

from flask import Flask, current_app

from referee.services import database
from referee.services.database import Database


def get_db() -> Database:
    """The connection this request works on (this thread's, kept between requests)."""
    return database.connection(current_app.config["DATABASE"])


def release_db(error: BaseException | None = None) -> None:
    """After a request: no transaction is left open on the thread's connection."""
    database.release()


def init_app(app: Flask) -> None:
    """Migrate the database now, before the first request, and tidy the connection after each request."""
    database.prepare(app.config["DATABASE"])
    app.teardown_appcontext(release_db)
