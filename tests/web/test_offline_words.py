"""What the game page gives static/js/queue.js to say of a round kept on the phone while the connection is down (#15).

The notice itself is the browser's (tests/e2e/test_offline_round.py); here, its words: in the phone's language,
for the family's unit (a round, a Kaiser hand), with the number the next entry will have and the field that names
who went out (or won the bid).
"""

from __future__ import annotations

import re
from html import unescape

from tests.web.conftest import Table
from tests.web.test_kaiser import EW, NS, hand, start

WORDS = re.compile(r"<span hidden data-outbox-words (.*?)></span>", re.DOTALL)
ATTRIBUTE = re.compile(r'data-([\w-]+)="([^"]*)"')


def outbox_words(html: str) -> dict[str, str]:
    """The words the page gives the outbox notice, by name; empty when the page gives none."""
    found = WORDS.search(html)
    return {name: unescape(value) for name, value in ATTRIBUTE.findall(found.group(1))} if found else {}


def test_a_rummy_game_page_names_the_next_round_and_its_winner_field(table: Table) -> None:
    evening = table.evening("Ann\nBen\nCal")
    game = table.game(evening, ["Ann", "Ben", "Cal"])
    assert table.round(game, "Ben", {"Ann": 12, "Cal": 31}, ["Ann", "Ben", "Cal"]).status_code == 303
    words = outbox_words(table.get(game).get_data(as_text=True))
    assert words == {
        "next": "2",
        "who": "winner",
        "named": "round {number} ({name} went out)",
        "unnamed": "round {number}",
        "waiting": "Waiting to send: {entry}",
        "refused": "Not recorded: {entry}. {reason}",
        "unknown": "The server did not take it.",
        "send": "Send now",
        "forget": "Forget it",
    }


def test_the_words_are_in_the_phone_s_language(table: Table) -> None:
    evening = table.evening("Ann\nBen\nCal")
    game = table.game(evening, ["Ann", "Ben", "Cal"])
    words = outbox_words(table.get(game, headers={"Accept-Language": "fr-FR"}).get_data(as_text=True))
    assert words["named"] == "manche {number} ({name} a fini)"
    assert words["waiting"] == "En attente d’envoi\u00a0: {entry}"
    assert words["refused"] == "Non enregistrée\u00a0: {entry}. {reason}"
    assert (words["send"], words["forget"]) == ("Envoyer maintenant", "L’oublier")


def test_a_kaiser_game_page_names_the_next_hand_and_its_bidder_field(table: Table) -> None:
    game = start(table)
    assert hand(table, game, "Ana", 7, 6, NS, EW).status_code == 303
    words = outbox_words(table.get(game).get_data(as_text=True))
    assert (words["next"], words["who"]) == ("2", "bidder")
    assert (words["named"], words["unnamed"]) == ("hand {number} ({name} won the bid)", "hand {number}")
    assert 'name="bidder"' in table.get(game).get_data(as_text=True)  # the field queue.js reads the name from


def test_a_viewer_s_page_keeps_no_words_for_it(table: Table) -> None:
    evening = table.evening("Ann\nBen\nCal")
    game = table.game(evening, ["Ann", "Ben", "Cal"])
    page = table.get(evening).get_data(as_text=True)
    viewer = re.search(r'href="http://localhost(/e/[^"]+)"', page.split("To follow the score")[1])
    assert viewer
    shown = table.client.get(viewer.group(1) + game[game.index("/games/") :]).get_data(as_text=True)
    assert "Score sheet" in shown and outbox_words(shown) == {}
