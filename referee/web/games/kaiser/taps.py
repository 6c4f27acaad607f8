"""The Kaiser sheet's one-tap entry: a deal everybody passed, on the sheet the scorer saw (the deal passes left)."""

from __future__ import annotations

from referee.rules.kaiser_events import PassedDeal
from referee.web.games.screens import one_tap

TAPS = (
    one_tap("passed", "passed_deal", lambda book, form: PassedDeal(form.get("dealer") or book.state.dealer() or "")),
)
