"""Markup drawn once and kept: the parts of a page that depend only on what their key names and on the reader's
language, such as the card picker and a fresh round form's fields (#36). Whatever changes from one answer to the next
(a token, a one-time key, the version seen) stays outside them, drawn each time."""

from __future__ import annotations

from collections.abc import Callable, Hashable

from flask import current_app
from flask_babel import get_locale
from markupsafe import Markup

# Drawn parts a process keeps, all forgotten past it: a club's tables each have their own players, so a blank round
# form's fields (3–4 KB) are one per table and language still playing; 2,048 of them are about 8 MB.
KEPT = 2048


def drawn_once(key: Hashable | None, caller: Callable[[], str]) -> Markup:
    """The markup `caller()` draws, drawn once per `key` and language and kept by the app; drawn each time for None.

    In a template, `{% call drawn_once(key) %}…{% endcall %}`: the key must name everything the block shows besides
    the words of the reader's language.
    """
    if key is None:
        return Markup(caller())  # noqa: S704 — the app's own template, escaped as it rendered
    kept: dict[Hashable, Markup] = current_app.extensions.setdefault("drawn_once", {})
    full = (str(get_locale()), key)
    found = kept.get(full)
    if found is None:
        if len(kept) >= KEPT:
            kept.clear()
        found = kept[full] = Markup(caller())  # noqa: S704 — the app's own template, escaped as it rendered
    return found
