"""Any other game's one-tap entry: the scorer ends the game (the totals as they stand decide it)."""

from __future__ import annotations

from referee.rules.other_game import End
from referee.web.games.screens import one_tap

END = one_tap("end", "end_game", lambda book, form: End())
TAPS = (END,)
