"""Work a request leaves for after its answer: the server (`referee serve`, `referee.bridge`) runs it on one of its
threads once the phone has the answer; any other server (a test client, a WSGI server) runs it at once."""

from __future__ import annotations

from collections.abc import Callable

from flask import current_app, request

from referee.bridge import LATER
from referee.services import database
from referee.services.database import Database
from referee.web.database import get_db


def after_answer(work: Callable[[Database], object]) -> None:
    """`work` on the app's database once the answer is sent, on that thread's own connection; now, on this request's,
    where the server runs nothing after an answer."""
    waiting = request.environ.get(LATER)
    if waiting is None:
        work(get_db())
        return
    path = current_app.config["DATABASE"]

    def run() -> None:
        try:
            work(database.connection(path))
        finally:
            database.release()

    waiting.append(run)
