"""The live sheet other phones poll: rendered once per version, link and language, and kept (`LIVE_SHEETS`)."""

from __future__ import annotations

from collections.abc import Hashable

from flask import g, render_template, request
from flask_babel import get_locale

from referee.services import games as service
from referee.services.cache import Cache
from referee.services.database import Database
from referee.web.database import get_db
from referee.web.games.sheets import build_sheet

# The live sheet of each game, link and language, with the version it shows, weighed in characters: about 1,200 sheets
# of a 40-round game (text, which the garbage collector never walks). Used only at its version: never stale.
LIVE_SHEETS: Cache[tuple[int, str]] = Cache(16_000_000, weigh=lambda cached: len(cached[1]))


def live_sheet(key: str, behind: service.GameBehind) -> str:
    """The live sheet of the game `behind` the link, rendered once per version, link and language: every phone of
    a table asks for it after each round, and all but the first get the same text again."""
    db = get_db()
    cached = LIVE_SHEETS.get(_live_key(db, key, behind))
    if cached is not None and cached[0] == behind.version:
        return cached[1]
    g.evening, g.scorer, g.key = behind.evening, behind.scorer, key
    book = service.open_book(db, behind.game, behind.version)
    text = render_template("games/_live.html", game=book.game, sheet=build_sheet(book), version=book.version)
    LIVE_SHEETS.put(_live_key(db, key, behind), (book.version, text))
    return text


def _live_key(db: Database, key: str, behind: service.GameBehind) -> Hashable:
    """What a game's live sheet depends on besides its version: the game, the link (its links, the scorer's pencil),
    the evening's seats (the players' colours), the reader's language, and where the app is mounted."""
    where = (service.game_key(db, behind.game), key, tuple(behind.evening.players))
    return (*where, str(get_locale()), request.script_root)
