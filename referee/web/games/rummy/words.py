"""The rummy change log's words: its entries (a round, a buy-back, a reshuffle, a void round) and the values a
correction changes (the winner, the finish, each player's hand, laid points and jokers kept)."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from referee.rules.rummy_events import RummyKind
from referee.web.games.entry_words import Entry, EntryWords

ROUNDS = (RummyKind.ROUND, RummyKind.VOID)  # what the sheet numbers: the rounds, void ones included


def named(entry: Entry) -> str:
    """A rummy entry in words: "the round won by Ana", "the buy-back of Ben"."""
    kind = entry.get("type")
    if kind == RummyKind.ROUND:
        return str(_("the round won by %(name)s", name=entry.get("winner")))
    if kind == RummyKind.BUYBACK:
        return str(_("the buy-back of %(name)s", name=entry.get("player")))
    if kind == RummyKind.RESHUFFLE:
        return str(_("the stock reshuffled"))
    return str(_("a void round"))


def numbered(entries: Sequence[Entry]) -> str | None:
    """The last entry as the sheet numbers it, "round 6", when it is a round; else None."""
    if entries[-1].get("type") not in ROUNDS:
        return None
    return str(_("round %(number)s", number=sum(1 for entry in entries if entry.get("type") in ROUNDS)))


WORDS = EntryWords(
    named=named,
    numbered=numbered,
    single=(
        ("winner", lambda: str(_l("winner"))),
        ("player", lambda: str(_l("player"))),
        ("all_in_one", lambda: str(_l("all in one"))),
        ("rami", lambda: str(_l("rami"))),
    ),
    per_player=(
        ("hands", lambda name: str(_l("%(name)s's hand", name=name))),
        ("laid", lambda name: str(_l("%(name)s laid", name=name))),
        ("unreturned_jokers", lambda name: str(_l("jokers %(name)s kept", name=name))),
    ),
)
