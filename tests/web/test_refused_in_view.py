"""A refused entry is in view on the phone that sent it (#34): its reason comes first in the answer, above what
another phone's entry did meanwhile (its outcome, the buy-backs it opened), and a list of players is said as one."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import Table

PLAYERS = ["Anaïs", "Lucas", "Marie", "Noé", "Zoé"]
GONE = {"en": "Lucas, Marie and Noé are no longer in the game", "fr": "Lucas, Marie et Noé ne sont plus en jeu"}


def _round(winner: str, hands: dict[str, int]) -> dict[str, str]:
    """A round's form as a phone fills it: the winner, and every player's hand (the winner's empty)."""
    return {"winner": winner, "finish": "out"} | {f"hand:{name}": str(hands.get(name, "")) for name in PLAYERS}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_second_scorer_s_refused_round_comes_before_the_first_one_s_outcome(table: Table, language: str) -> None:
    table.client.set_cookie("lang", language)
    game = table.game(table.evening("\n".join(PLAYERS)), PLAYERS)
    first = table.get(game).get_data(as_text=True)
    seen = re.search(r'name="seen"[^>]*value="(\d+)"', first)
    assert seen
    # Phone A records the round that puts three players out; phone B sends its round, filled on the sheet before.
    hands = {"Lucas": 150, "Marie": 155, "Noé": 160, "Zoé": 5}
    assert table.post(f"{game}/rounds", _round("Anaïs", hands), htmx=True).status_code == 200
    late = _round("Zoé", {"Anaïs": 5, "Lucas": 6, "Marie": 7, "Noé": 8}) | {"seen": seen.group(1)}
    refused = table.post(f"{game}/rounds", late, htmx=True)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    error = page.find('class="error" role="alert"')
    assert error != -1 and GONE[language] in page[error : error + 400]
    buy_back = page.find("buyback")  # the buy-backs the first phone's round opened
    assert buy_back != -1 and error < buy_back
