"""Any other game's change log words: its entries (a round, the end) and the values a correction changes (each seat's
score)."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from referee.rules.other_game import OtherKind
from referee.web.games.entry_words import Entry, EntryWords


def named(entry: Entry) -> str:
    """An entry in words: "a round", "the end of the game"."""
    return str(_("the end of the game")) if entry.get("type") == OtherKind.END else str(_("a round"))


def numbered(entries: Sequence[Entry]) -> str | None:
    """The last entry as the sheet numbers it, "round 6", when it is a round; else None."""
    if entries[-1].get("type") != OtherKind.ROUND:
        return None
    return str(_("round %(number)s", number=sum(1 for entry in entries if entry.get("type") == OtherKind.ROUND)))


WORDS = EntryWords(
    named=named,
    numbered=numbered,
    single=(),
    per_player=(("scores", lambda name: str(_l("%(name)s's score", name=name))),),
)
