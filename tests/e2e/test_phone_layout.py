"""A real card night on a real phone: long names, 4 to 8 players, 390 and 360 px wide, in English and French.

The page never scrolls sideways (the score sheet may, inside its own box), every control takes a thumb, the
sheet's header names a narrow column short and shows the whole name on a tap, the leader and the player a round
from elimination are marked, and the card picker never opens the keyboard unless asked. The main pages are
photographed at 390×844 into `screenshots/` (README, "At the table").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import BrowserContext, Page, ViewportSize, expect

from tests.e2e.pages import GamePage
from tests.e2e.phone_checks import screenshot, sideways, untappable
from tests.e2e.played_evening import CardNight
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

PHONES = {"390x844": ViewportSize(width=390, height=844), "360x740": ViewportSize(width=360, height=740)}


def pages_of(nights: dict[int, CardNight]) -> Iterator[tuple[str, str]]:
    """(name, path) of every page a player reads at a card night: the evenings, games, corrections, histories."""
    yield "home", "/"
    yield "new-evening", "/new"
    yield "desk", "/desk"
    yield "rules", "/rules/kaluki"
    yield "not-found", "/e/no-such-evening"
    for count, night in nights.items():
        yield f"evening-{count}", night.evening
        yield f"kaluki-{count}", night.kaluki
        yield f"correction-{count}", night.correction
        yield f"history-{count}", f"{night.evening}/players/{night.players[-1]}"
        yield f"settle-{count}", f"{night.evening}/settle"
        yield f"viewer-{count}", night.viewer + night.kaluki.split(night.key, 1)[1]
    four = nights[4]
    assert four.rami and four.kaiser
    yield "rami-4", four.rami
    yield "kaiser-4", four.kaiser


@pytest.fixture
def size() -> str:
    """The phone's size: 390×844, unless the test is parametrized over `size`."""
    return "390x844"


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], words: Words, size: str) -> Page:
    """A touch phone of the test's size, in the test's language."""
    phone = new_context(locale=words.locale).new_page()  # touch, as every phone of these tests
    phone.set_viewport_size(PHONES[size])
    return phone


@pytest.mark.parametrize("size", PHONES)
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_page_fits_the_phone_and_takes_a_thumb(
    phone: Page, card_nights: dict[int, CardNight], language: str, size: str
) -> None:
    problems: list[str] = []
    for name, path in pages_of(card_nights):
        phone.goto(path)
        expect(phone.get_by_role("heading", level=1)).to_be_visible()
        if size == "390x844":
            screenshot(phone, f"{language}-{name}")  # before the checks scroll the sheet's box
        problems += sideways(phone) + untappable(phone)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("size", PHONES)
def test_a_narrow_sheet_shows_short_names_whole_on_a_tap(
    phone: Page, card_nights: dict[int, CardNight], size: str
) -> None:
    night = card_nights[8]
    phone.goto(night.kaluki)
    game = GamePage(phone).loaded()
    header = game.sheet.locator("thead")
    name = header.get_by_role("button", name="Maximilien Morel", exact=True)
    expect(name.locator("[aria-hidden=true]")).to_have_text("MM")  # shown short; its name says it whole
    expect(header.get_by_role("button", name="Marie-Hélène", exact=True)).to_contain_text("M-H")
    card = header.locator("[popover]").filter(has_text="Maximilien Morel")
    expect(card).to_be_hidden()
    name.tap()
    expect(card).to_be_visible()
    expect(phone.locator("[popover]:popover-open")).to_have_text("Maximilien Morel")
    phone.locator("h1").tap()  # a tap elsewhere closes it
    expect(phone.locator("[popover]:popover-open")).to_have_count(0)

    wrap = phone.locator(".sheet-wrap")
    box, first = wrap.bounding_box(), game.rows().first.locator("th").bounding_box()
    wrap.evaluate("box => box.scrollBy(1000, 0)")  # the round column stays as the sheet scrolls sideways
    assert box and first and game.rows().first.locator("th").bounding_box() == first
    assert first["x"] >= box["x"] - 0.5


def test_the_leader_and_the_player_a_round_from_elimination_are_marked(
    page: Page, card_nights: dict[int, CardNight], words: Words
) -> None:
    night = card_nights[4]
    page.goto(night.kaluki)
    game = GamePage(page, words).loaded()
    totals = game.sheet.locator("tfoot tr.totals td")
    # Bernadette 30, Guillaume 44, Stéphanie 65, Christophe 130; the costliest round so far added 90 (Christophe's
    # first): 44 + 90 stays under 150, 65 + 90 and 130 + 90 do not.
    expect(totals.nth(0)).to_have_class("num status-in leader")
    expect(totals.nth(2)).to_have_class("num status-in danger")
    expect(totals.nth(3)).to_have_class("num status-in danger")
    marks = totals.evaluate_all("cells => cells.map(cell => getComputedStyle(cell, '::before').content)")
    assert marks == ['"♛ "', "none", '"! "', '"! "'], "a mark beside the colour, never the colour alone"
    legend = page.locator("#sheet-legend")  # and the marks said in words
    expect(legend).to_contain_text(words("leads"))
    expect(legend).to_contain_text(
        words(
            "close to elimination at %(threshold)s: the costliest round so far added %(reach)s points",
            threshold=150,
            reach=90,
        )
    )
    colours = game.sheet.locator("thead th.name-col").evaluate_all(
        "cells => cells.map(cell => getComputedStyle(cell).borderTopColor)"
    )
    assert len(set(colours)) == 4, f"one colour per player: {colours}"


def test_choosing_a_hand_never_opens_the_keyboard(page: Page, card_nights: dict[int, CardNight]) -> None:
    night = card_nights[4]
    page.goto(night.kaluki)
    game = GamePage(page).loaded()
    entry, picker = game.entry, game.entry.picker
    first, second = night.players[1], night.players[2]
    entry.winner(night.players[0]).check()
    for name in (first, second):
        entry.row(name).locator("label").tap()
        expect(picker.active()).to_have_text(name)
        expect(entry.hand(name)).to_have_attribute("inputmode", "none")  # no keyboard for a field chosen
    picker.tap("JK", "K♦", "9♣")
    expect(entry.hand(second)).to_have_value("JK KD 9C")
    expect(entry.row(second).locator("[data-cards-shown]")).to_have_text(f"{picker.words('Joker')} K♦ 9♣")

    page.get_by_role("button", name="Type instead").tap()
    expect(entry.hand(second)).to_be_focused()
    expect(entry.hand(second)).not_to_have_attribute("inputmode", "none")  # asked for: the keyboard opens
    entry.row(first).locator("label").tap()
    expect(entry.hand(second)).to_have_attribute("inputmode", "none")
    expect(entry.hand(first)).to_have_attribute("inputmode", "none")


@pytest.mark.parametrize("size", PHONES)
def test_a_long_sheet_scrolls_in_its_box_with_its_header_and_totals_in_view(
    phone: Page, card_nights: dict[int, CardNight], size: str
) -> None:
    night = card_nights[6]
    assert night.long
    phone.goto(night.long)
    game = GamePage(phone).loaded()
    expect(game.rows()).to_have_count(24)
    wrap = phone.locator(".sheet-wrap")
    box = wrap.bounding_box()
    assert box and box["height"] < PHONES[size]["height"], "the sheet's box is shorter than the phone"
    assert wrap.evaluate("box => box.scrollTop > 0 && box.scrollTop + box.clientHeight >= box.scrollHeight - 1"), (
        "the sheet opens on its latest rounds"
    )
    header, totals = game.sheet.locator("thead th").nth(1), game.sheet.locator("tfoot tr.totals td").first
    for top in (0, 300, 100_000):
        wrap.evaluate("(box, top) => box.scrollTo(0, top)", top)
        head, total = header.bounding_box(), totals.bounding_box()
        assert head and total
        assert abs(head["y"] - box["y"]) < 1, f"scrolled to {top}: the header row stays at the top of the box"
        assert total["y"] + total["height"] <= box["y"] + box["height"] + 1, f"scrolled to {top}: the totals show"
