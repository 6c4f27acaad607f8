"""What every game's views share: open a game by its link, and save an entry with the rules' refusal on the form."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import abort, flash, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from referee.rules.events import EventError
from referee.rules.record import RecordError
from referee.storage.db import get_db
from referee.storage.games import Added, StaleEdit, StoredEvent, StoredGame, add_event, game_of
from referee.web.evenings import open_evening
from referee.web.forms import KeyedForm, SheetForm
from referee.web.htmx import wants_fragment

ALREADY_THERE = _l(
    "That entry was already on the sheet, recorded from another phone: it is kept once. "
    "If yours was another one, enter it again."
)


def open_game(key: str, number: int, *, writing: bool = False) -> StoredGame:
    """Game `number` of the evening behind the link: 404 for none, 403 for a write through the viewer's link."""
    evening = open_evening(key, writing=writing)
    game = game_of(get_db(), evening.id, number)
    if game is None:
        abort(404)
    return game


def saved(form: KeyedForm, write: Callable[[], object], *, at: int | None = None) -> bool:
    """Run `write`; a refusal of the rules lands on the form and nothing is written.

    A correction of the entry at position `at` can make a later entry impossible: the message says which.
    """
    try:
        write()
    except EventError as error:
        reason = error.reason
        if at is not None and error.position > at:
            reason = _("This correction makes a later entry impossible (%(error)s)", error=str(error))
        form.form_errors.append(reason)
        return False
    except (RecordError, StaleEdit) as error:
        form.form_errors.append(str(error))
        return False
    return True


def recorded(form: KeyedForm, game: StoredGame, event: dict[str, Any]) -> bool:
    """Add `event` to the game as `form` sent it (its one-time key, the sheet it was filled on), or say why not.

    When another phone recorded the very same entry since this one's sheet, it is kept once, and the page says so.
    """
    seen = form.seen_version() if isinstance(form, SheetForm) else None
    added: list[Added] = []
    if not saved(form, lambda: added.append(add_event(get_db(), game, event, form.submission.data, seen))):
        return False
    if added[0].from_another_phone:
        flash(str(ALREADY_THERE))
    return True


def event_position(events: Sequence[StoredEvent], slot: int) -> int:
    """The position (from 1) of the event at `slot` among the game's current events."""
    return next(n for n, event in enumerate(events, start=1) if event.slot == slot)


def after_write(key: str, number: int, page: Callable[[], ResponseReturnValue]) -> ResponseReturnValue:
    """After a write: the fresh game fragment from `page` for htmx, else back to the game page (POST, redirect, GET)."""
    if wants_fragment():
        return page()
    return redirect(url_for("games.show", key=key, number=number), 303)
