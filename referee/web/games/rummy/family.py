"""Kaluki and Rami on the phone: the rummy family's web part, as the registry reads it (`RUMMY_WEB`)."""

from __future__ import annotations

from referee.rules.rummy import RummyGame
from referee.rules.rummy_family import RUMMY
from referee.rules.table import RummyRules
from referee.web.games.family import web_family
from referee.web.games.rummy.display import RummyDisplay
from referee.web.games.rummy.layout import RummyLayout
from referee.web.games.rummy.own_hand import RummyOwnHand
from referee.web.games.rummy.screen import RummyScreen
from referee.web.games.rummy.settings import rummy_setting
from referee.web.games.rummy.start import RummyStart
from referee.web.games.rummy.taps import TAPS
from referee.web.games.rummy.words import WORDS
from referee.web.games.rummy.worked import worked_examples

# What the app draws of the family as it is made, to check it draws every screen: a round, corrected from its line.
EXAMPLE = {
    "format": "referee.game/1",
    "preset": "kaluki",
    "players": ["Ana", "Ben", "Céline"],
    "events": [{"type": "round", "winner": "Ana", "hands": {"Ben": ["KS", "QS"], "Céline": 12}}],
}

RUMMY_WEB = web_family(
    RUMMY.name,
    EXAMPLE,
    RummyGame,
    RummyRules,
    RummyScreen(),
    RummyLayout(),
    RummyStart(),
    "games/rummy",
    desk=True,
    worked=worked_examples,
    words=WORDS,
    taps=TAPS,
    own=RummyOwnHand(),
    setting=rummy_setting,
    display=RummyDisplay(),
)
