"""The Kaiser change log's words: its entries (a hand, a deal everybody passed) and the values a correction changes
(the bidder, the bid, the 5♥ and 3♠, the auction, the trump, each team's tricks)."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from referee.rules.cards import SUIT_SYMBOLS
from referee.rules.kaiser_events import KaiserKind
from referee.web.games.entry_words import Entry, EntryWords


def named(entry: Entry) -> str:
    """A Kaiser entry in words: "the hand Ana bid 7", "the deal everybody passed"."""
    if entry.get("type") == KaiserKind.HAND:
        return str(_("the hand %(name)s bid %(bid)s", name=entry.get("bidder"), bid=entry.get("bid")))
    return str(_("the deal everybody passed"))


def numbered(entries: Sequence[Entry]) -> str | None:
    """The last entry as the sheet numbers it, "hand 3", when it is a hand; else None."""
    if entries[-1].get("type") != KaiserKind.HAND:
        return None
    return str(_("hand %(number)s", number=sum(1 for entry in entries if entry.get("type") == KaiserKind.HAND)))


def auction(value: object) -> str:
    """An auction as the change log writes it: "Ana pass · Ben 7 no trump"."""
    calls = value if isinstance(value, list) else []
    return " · ".join(_call(call) for call in calls if isinstance(call, dict))


def _call(call: dict[str, object]) -> str:
    said = _("pass") if call.get("call") == "pass" else str(call.get("call"))
    if call.get("no_trump"):
        said = _("%(bid)s no trump", bid=said)
    return f"{call.get('player')} {said}"


def trump(value: object) -> str:
    """A trump suit as its symbol."""
    return SUIT_SYMBOLS.get(str(value), str(value))


WORDS = EntryWords(
    named=named,
    numbered=numbered,
    single=(
        ("bidder", lambda: str(_l("bidder"))),
        ("bid", lambda: str(_l("bid"))),
        ("no_trump", lambda: str(_l("no trump"))),
        ("five_hearts", lambda: str(_l("5♥ taken by"))),
        ("three_spades", lambda: str(_l("3♠ taken by"))),
        ("calls", lambda: str(_l("the auction"))),
        ("trump", lambda: str(_l("trump"))),
    ),
    per_player=(("tricks", lambda team: str(_l("%(team)s's tricks", team=team))),),
    shown={"calls": auction, "trump": trump},
)
