"""The words a player reads for the engine's categories: statuses, finishes, and each family's types of entry as it
declares them (the values a correction changes are each family's, `rummy/words.py` and `kaiser/words.py`).

One table each, in the catalogue, so no template keeps its own translation table.
"""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

from referee.rules.families import FAMILIES
from referee.rules.game import Status
from referee.rules.rummy_events import Finish

STATUS = {Status.IN: _l("in"), Status.ELIMINATED: _l("eliminated"), Status.OUT: _l("out")}
STATUS_MARK = {Status.IN: "✓", Status.ELIMINATED: "⚠", Status.OUT: "✗"}
FINISH = {
    Finish.OUT: _l("Went out"),
    Finish.ALL_IN_ONE: _l("all in one"),
    Finish.WITH_TABLE: _l("rami"),
    Finish.OWN_CARDS: _l("rami, own cards"),
}


def entry_said(family: str, kind: str) -> str:
    """What the sheet, its CSV and the change log call an entry of type `kind` of `family`'s games, in the reader's
    words ("manche", not "round"): as the family declares it."""
    return str(FAMILIES[family].kind_said(kind))
