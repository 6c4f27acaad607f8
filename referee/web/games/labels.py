"""The words a player reads for the engine's categories: statuses, finishes and entry kinds (the values a correction
changes are each family's, `rummy/words.py` and `kaiser/words.py`).

One table each, in the catalogue, so no template keeps its own translation table.
"""

from __future__ import annotations

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
    Kind.ROUND: _l("round"),
    Kind.HAND: _l("hand"),
    Kind.VOID: _l("void"),
    Kind.BUYBACK: _l("buy-back"),
    Kind.PASSED: _l("passed"),
}
