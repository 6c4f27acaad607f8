"""Any other game of the night on the phone: its web part, as the registry reads it (`OTHER_WEB`)."""

from __future__ import annotations

from referee.rules.other_family import OTHER
from referee.rules.other_game import OtherGame, OtherRules
from referee.web.games.family import web_family
from referee.web.games.other.display import OtherDisplay
from referee.web.games.other.layout import OtherLayout
from referee.web.games.other.own_hand import OtherOwnScore
from referee.web.games.other.screen import OtherScreen
from referee.web.games.other.start import OtherStart
from referee.web.games.other.taps import TAPS
from referee.web.games.other.words import WORDS
from referee.web.games.other.worked import worked_examples

# What the app draws of the family as it is made, to check it draws every screen: a round, corrected from its line.
EXAMPLE = {
    "format": "referee.game/1",
    "preset": "other",
    "options": {"game_name": "Belote", "target": 1000},
    "players": ["Ana & Ben", "Cy & Di"],
    "events": [{"type": "round", "scores": {"Ana & Ben": 120, "Cy & Di": -20}}],
}

OTHER_WEB = web_family(
    OTHER.name,
    EXAMPLE,
    OtherGame,
    OtherRules,
    OtherScreen(),
    OtherLayout(),
    OtherStart(),
    "games/other",
    desk=False,
    worked=worked_examples,
    words=WORDS,
    taps=TAPS,
    own=OtherOwnScore(),
    display=OtherDisplay(),
)
