"""The words a player reads for the engine's categories: statuses, finishes, entry kinds and corrected fields.

One table each, in the catalogue, so no template keeps its own translation table.
"""

from __future__ import annotations

from enum import StrEnum

from flask_babel import lazy_gettext as _l

from referee.rules.game import Kind, Status
from referee.rules.rummy_events import Finish

STATUS = {Status.IN: _l("in"), Status.ELIMINATED: _l("eliminated"), Status.OUT: _l("out")}
STATUS_MARK = {Status.IN: "✓", Status.ELIMINATED: "⚠", Status.OUT: "✗"}
FINISH = {
    Finish.OUT: _l("Went out"),
    Finish.ALL_IN_ONE: _l("all in one"),
    Finish.WITH_TABLE: _l("rami"),
    Finish.OWN_CARDS: _l("rami, own cards"),
}
KIND = {
    Kind.VOID: _l("void"),
    Kind.BUYBACK: _l("buy-back"),
    Kind.PASSED: _l("passed"),
}


class Field(StrEnum):
    """A part of an entry that a correction can change, as the change log names it."""

    WINNER = "winner"
    PLAYER = "player"
    ALL_IN_ONE = "all_in_one"
    RAMI = "rami"
    BIDDER = "bidder"
    BID = "bid"
    NO_TRUMP = "no_trump"
    FIVE_HEARTS = "five_hearts"
    THREE_SPADES = "three_spades"
    CALLS = "calls"
    TRUMP = "trump"
    HANDS = "hands"
    LAID = "laid"
    TRICKS = "tricks"
    KEPT = "unreturned_jokers"


FIELD = {
    Field.WINNER: _l("winner"),
    Field.PLAYER: _l("player"),
    Field.ALL_IN_ONE: _l("all in one"),
    Field.RAMI: _l("rami"),
    Field.BIDDER: _l("bidder"),
    Field.BID: _l("bid"),
    Field.NO_TRUMP: _l("no trump"),
    Field.FIVE_HEARTS: _l("5♥ taken by"),
    Field.THREE_SPADES: _l("3♠ taken by"),
    Field.CALLS: _l("the auction"),
    Field.TRUMP: _l("trump"),
}


def per_player(field: Field, name: str) -> str:
    """The label of one player's (or team's) part of a field: "Ana's hand", "Ana laid", "NS's tricks"."""
    if field is Field.HANDS:
        return str(_l("%(name)s's hand", name=name))
    if field is Field.LAID:
        return str(_l("%(name)s laid", name=name))
    if field is Field.KEPT:
        return str(_l("jokers %(name)s kept", name=name))
    return str(_l("%(team)s's tricks", team=name))
