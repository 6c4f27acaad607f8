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


# What the log says at start of a disk that refuses every write (the app still serves every page).
REFUSES = {
    database.CannotWrite.FULL: "the disk of the database %s is full: pages are shown, but nothing can be written "
    "until space is freed on it",
    database.CannotWrite.READ_ONLY: "the database %s is on a read-only disk: pages are shown, but nothing can be "
    "written until it is writable again",
}


def init_app(app: Flask) -> None:
    """Migrate the database now, before the first request (say it in one line when its disk refuses every write), and
    tidy the connection after each request."""
    path = app.config["DATABASE"]
    database.prepare(path)
    refuses = database.disk_refuses(path)
    if refuses is not None:
        app.logger.warning(REFUSES[refuses], path)
    app.teardown_appcontext(release_db)
