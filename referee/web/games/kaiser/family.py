"""Kaiser on the phone: its web part, as the registry reads it (`KAISER_WEB`)."""

from __future__ import annotations

from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_family import KAISER
from referee.rules.kaiser_rules import KaiserRules
from referee.web.games.family import web_family
from referee.web.games.kaiser.display import KaiserDisplay
from referee.web.games.kaiser.layout import KaiserLayout
from referee.web.games.kaiser.own_hand import KaiserOwnHand
from referee.web.games.kaiser.screen import KaiserScreen
from referee.web.games.kaiser.start import KaiserStart
from referee.web.games.kaiser.taps import TAPS
from referee.web.games.kaiser.words import WORDS
from referee.web.games.kaiser.worked import worked_examples

# What the app draws of the family as it is made, to check it draws every screen: a hand, corrected from its line.
EXAMPLE = {
    "format": "referee.game/1",
    "preset": "kaiser",
    "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
    "first_dealer": "Driss",
    "events": [
        {"type": "hand", "dealer": "Driss", "bidder": "Ana", "bid": 7, "no_trump": False, "tricks": {"NS": 6},
         "five_hearts": "NS", "three_spades": "NS"}
    ],
}  # fmt: skip

KAISER_WEB = web_family(
    KAISER.name,
    EXAMPLE,
    KaiserGame,
    KaiserRules,
    KaiserScreen(),
    KaiserLayout(),
    KaiserStart(),
    "games/kaiser",
    desk=False,
    worked=worked_examples,
    words=WORDS,
    taps=TAPS,
    own=KaiserOwnHand(),
    display=KaiserDisplay(),
)
