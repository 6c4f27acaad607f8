"""A French card night of five on a 360×740 phone (#34): every player out for good is struck through on the sheet,
their name shortened or not; a name is shortened only when it does not fit; the hand's field shows five cards.

The evening is played through the app's forms (tests/e2e/played_evening.py's `Scorer`); its sheet is photographed
into `screenshots/` as `sheet-fr-360-out-for-good.png` (the first screen) before the checks.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize

from tests.e2e.conftest import LiveApp
from tests.e2e.pages import GamePage, assert_fits_phone
from tests.e2e.phone_checks import SCREENSHOTS
from tests.e2e.played_evening import Scorer
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

NARROW = ViewportSize(width=360, height=740)
FIVE = ("Marie-France", "Jérôme", "Benoît", "Bernadette", "Léa")  # "M-F", "Beno." and "Bern." in five columns
OUT = FIVE[:3]  # put out by the first round, out for good at the second
HAND = "JK R♠ A♥ 10♦ 8♣"  # five cards as a French phone writes them (R: roi)


@pytest.fixture(scope="module")
def night(live_app: LiveApp) -> str:
    """A Kaluki game of five whose first round puts three players out, and whose second goes on without them."""
    scorer = Scorer.on(live_app.database)
    game = scorer.game(scorer.evening(FIVE), "kaluki", FIVE)
    scorer.round(game, "Léa", {"Marie-France": 155, "Benoît": 160, "Jérôme": 165, "Bernadette": 20})
    scorer.post(f"{game}/rounds", {"winner": "Léa", "finish": "out", "hand:Bernadette": "10", "out": list(OUT)})
    return game


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], words: Words) -> Page:
    """A 360×740 phone."""
    phone = new_context(locale=words.locale).new_page()
    phone.set_viewport_size(NARROW)
    return phone


# The text of each header of a player out for good, and whether a line crosses it: a short name's own text (the
# header's line does not cross into its button), else the header's.
STRUCK = """cells => cells.map((cell) => {
  const shown = cell.querySelector(".name > [aria-hidden]") || cell;
  const struck = getComputedStyle(shown).textDecorationLine.includes("line-through");
  return [shown.textContent.replace("●", "").trim(), struck];
})"""
# Each player's header: the name it shows (short or whole), and whether it shows it uncut.
SHOWN = """cells => cells.map((cell) => [
  (cell.querySelector(".name > [aria-hidden]") || cell).textContent.replace("●", "").trim(),
  cell.scrollWidth <= cell.clientWidth,
])"""


@pytest.mark.parametrize("language", ["fr"])
def test_every_player_out_for_good_is_struck_through_shortened_or_not(
    phone: Page, night: str, words: Words, language: str
) -> None:
    phone.goto(night)
    game = GamePage(phone, words).loaded()
    SCREENSHOTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(SCREENSHOTS / "sheet-fr-360-out-for-good.png"))
    out = game.sheet.locator("thead th.status-out").evaluate_all(STRUCK)
    assert out == [["M-F", True], ["Jérôme", True], ["Beno.", True]], out


@pytest.mark.parametrize("language", ["fr"])
def test_a_name_is_shortened_only_when_it_does_not_fit(phone: Page, night: str, words: Words, language: str) -> None:
    phone.goto(night)
    game = GamePage(phone, words).loaded()
    headers = game.sheet.locator("thead th.name-col").evaluate_all(SHOWN)
    # five columns: five letters each, and "Jérôme" whole while the others leave room to spare
    assert headers == [["M-F", True], ["Jérôme", True], ["Beno.", True], ["Bern.", True], ["Léa", True]], headers


@pytest.mark.parametrize("language", ["fr"])
def test_the_hand_s_field_shows_five_cards_written_with_symbols(
    phone: Page, live_app: LiveApp, words: Words, language: str
) -> None:
    players = ("Łukasz Wróblewski", "Bernadette", "Zoë", "Christophe")  # the name's column at its widest
    scorer = Scorer.on(live_app.database)
    phone.goto(scorer.game(scorer.evening(players), "kaluki", players))
    game = GamePage(phone, words).loaded()
    for name in players:
        field = game.entry.hand(name)
        field.fill(HAND)
        width, room = field.evaluate("field => [field.scrollWidth, field.clientWidth]")
        assert width <= room, f"{name}: {HAND!r} needs {width} px in a field of {room} px"
    assert_fits_phone(phone)
