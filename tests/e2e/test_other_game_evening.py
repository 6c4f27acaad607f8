"""Any other game of the night (#43), on phones in French: an evening of four plays a Kaluki game, then a Belote kept as
an "Autre jeu" (a target of 100, the lowest total wins, a chip a place). The players send their own scores from their
phones, the scorer types one round, a second scorer's phone clashes and is refused, a round is corrected, the target
ends the game; the settle-up counts both games, the season and a player's history count the Belote, and the evening
exported then imported reads the same.

What a screen waits for is its poll's answer or the server's, never a fixed pause.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from urllib.parse import quote

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.pages import EVENING_URL, GAME_URL, GamePage, HomePage, assert_fits_phone
from tests.e2e.phone_checks import screenshot
from tests.e2e.test_player_seats import LOOK, POLLS, own_links
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

SCORER = {"width": 360, "height": 740}
PLAYER = {"width": 390, "height": 844}
TABLE = ["Zoë", "Jérôme", "Anaïs", "Marie-Françoise"]

# The Belote's rounds. Totals after each: 20 35 −5 40; then 50 45 20 90; round 1 corrected (Anaïs 5, not −5): 50 45 30
# 90; then 60 55 40 105: Marie-Françoise reaches 100, the game ends, and the lowest total, Anaïs's, wins.
SENT = {"Zoë": "20", "Jérôme": "35", "Anaïs": "−5", "Marie-Françoise": "40"}  # each from their own phone
TYPED = {"Zoë": "30", "Jérôme": "10", "Anaïs": "25", "Marie-Françoise": "50"}  # by the scorer
CLASHING = {"Zoë": "0", "Jérôme": "0", "Anaïs": "0", "Marie-Françoise": "0"}  # round 2 from a phone that missed it
LAST = {"Zoë": "10", "Jérôme": "10", "Anaïs": "10", "Marie-Françoise": "15"}
FINAL = {"Anaïs": 40, "Jérôme": 55, "Zoë": 60, "Marie-Françoise": 105}
# A chip a place among four: the places win 3, 1, −1 and −3 (docs/rules.md §11). The Kaluki game: Zoë goes out and
# the three others reach 150 in its first round (no buy-backs): Zoë wins the 12-chip pot and a chip from each, +12,
# the others −4 (3 ante, 1 to the winner).
CHIPS = {"Zoë": 12 - 1, "Jérôme": -4 + 1, "Anaïs": -4 + 3, "Marie-Françoise": -4 - 3}


def scores(page: Page, values: dict[str, str]) -> None:
    """Type each player's score into the other game's round form."""
    for name, value in values.items():
        page.get_by_role("textbox", name=name, exact=True).fill(value)


def start_belote(page: Page, words: Words) -> GamePage:
    """Start the Belote from the evening's page: its name, every player, the lowest total wins, 100, a chip a place."""
    page.get_by_text(words("Start another game"), exact=True).click()
    form = page.locator("form").filter(has=page.locator('[name="other-game_name"]'))
    form.locator('[name="other-game_name"]').fill("Belote")
    form.locator('[name="other-wins"][value="lowest"]').check()
    form.locator('[name="other-target"]').fill("100")
    form.locator('[name="other-chips"][value="per_place"]').check()
    form.locator('[name="other-chips_rate"]').fill("1")
    form.get_by_role("button", name=words("Start the game")).click()
    page.wait_for_url(GAME_URL)
    return GamePage(page, words).loaded()


@pytest.mark.parametrize("language", ["fr"])
def test_an_evening_with_a_kaluki_game_and_a_belote_kept_as_an_other_game(
    page: Page, new_phone: Callable[..., Page], words: Words, base_url: str
) -> None:
    page.set_viewport_size(SCORER)
    evening = HomePage.open(page, words).start_evening().create(TABLE, house={"max_buybacks": "0"})
    scorer_home = page.url
    kaluki = evening.start_game(first_dealer="Zoë")
    kaluki.record_round("Zoë", {name: 150 for name in TABLE[1:]})
    expect(kaluki.verdict()).to_be_visible()

    page.goto(scorer_home)
    belote = start_belote(page, words)
    game_url = page.url
    expect(page.get_by_role("heading", name="Belote")).to_be_visible()
    assert list(belote.totals()) == TABLE

    # Round 1: each player sends their score from their own phone; the scorer's form fills itself, and one tap saves.
    key = scorer_home.split("/e/")[1].split("/")[0]
    links = own_links(page, base_url, key, words, TABLE)
    page.goto(game_url)
    belote = GamePage(page, words).loaded()
    players: dict[str, Page] = {}
    for name in TABLE:
        phone = players[name] = new_phone()
        phone.set_viewport_size(PLAYER)
        phone.goto(links[name])
        expect(phone.get_by_label(words("My score this round"))).to_be_visible()
        phone.get_by_label(words("My score this round")).fill(SENT[name])
        phone.get_by_role("button", name=words("Send"), exact=True).click()
        expect(phone.locator("#own-hand .notice.sent")).to_be_visible()
    for name, value in SENT.items():
        expect(page.get_by_role("textbox", name=name, exact=True)).to_have_value(value.replace("−", "-"), timeout=LOOK)
    screenshot(players["Anaïs"], "other-game-sent-fr-390")
    belote.save_round()
    assert [line[1:] for line in belote.lines()] == [["+20", "+35", "−5", "+40"]]
    for phone in players.values():  # every phone shows the round recorded, without a reload
        expect(phone.locator("#own-hand")).to_contain_text(words("Round %(number)s", number=1), timeout=POLLS)

    # Round 2: a second scorer's phone, opened now, will miss it; the scorer types it.
    second = new_phone()
    second.set_viewport_size(SCORER)
    second.goto(game_url)
    GamePage(second, words).loaded()
    scores(page, TYPED)
    belote.save_round()
    scores(second, CLASHING)
    second.get_by_role("button", name=words("Save the round")).click()
    clash = second.locator("section.clash")
    expect(clash).to_contain_text(words("Round %(number)s was recorded from another phone", number=2))
    expect(clash.get_by_role("alert")).to_have_text(
        words(
            "Your entry was filled on an older sheet and differs from it. Which one is right? Nothing is saved until "
            "you choose."
        )
    )
    screenshot(second, "other-game-clash-fr-360")
    assert len(belote.lines()) == 2  # the clash wrote nothing

    # Round 1 corrected: Anaïs had 5, not −5.
    correction = belote.correct_round(1)
    scores(page, {"Anaïs": "5"})
    belote = correction.save()
    assert [line[1:] for line in belote.lines()] == [["+20", "+35", "+5", "+40"], ["+30", "+10", "+25", "+50"]]
    expect(belote.change_log()).to_contain_text("Anaïs")

    # Round 3: Marie-Françoise reaches 100, and the lowest total wins.
    screenshot(page, "other-game-playing-fr-360")
    scores(page, LAST)
    belote.save_round()
    expect(page.get_by_role("heading", name=words("End of the game"))).to_be_visible()
    won = words("%(name)s wins the game with %(total)s.", name="Anaïs", total=40)
    expect(page.locator(".game-end .verdict")).to_have_text(won)
    assert belote.totals() == {name: str(total) for name, total in FINAL.items()}
    assert_fits_phone(page)
    screenshot(page, "other-game-over-fr-360")
    page.set_viewport_size(PLAYER)
    screenshot(page, "other-game-over-fr-390")
    page.set_viewport_size(SCORER)
    for phone in players.values():
        expect(phone.locator("#own-hand")).to_contain_text(words("Final standings"), timeout=POLLS)

    # The settle-up counts both games: the Kaluki pot and the Belote's places.
    page.goto(f"{scorer_home}/settle")
    for name, chips in CHIPS.items():  # a chip is worth 0,10 €
        sign = "+" if chips > 0 else "−"
        money = f"{sign}{abs(chips) // 10},{abs(chips) % 10}0 €"
        expect(page.get_by_role("row", name=f"{name} {sign}{abs(chips)} {money}", exact=True)).to_be_visible()
    payments = page.get_by_role("list").first.get_by_role("listitem")
    expect(payments).to_have_count(3)  # each of the three others pays Zoë
    for payer, chips in (("Anaïs", 1), ("Jérôme", 3), ("Marie-Françoise", 7)):
        expect(payments.filter(has_text=f"{payer} paie 0,{chips}0 € à Zoë")).to_have_count(1)
    expect(
        page.get_by_text("Belote · Zoë 60, Jérôme 55, Anaïs 40, Marie-Françoise 105 · gagnée par Anaïs")
    ).to_be_visible()
    screenshot(page, "other-game-settle-fr-360")

    # A player's history and the group's season count the Belote.
    page.goto(f"{scorer_home}/players/{quote('Anaïs')}")
    expect(page.get_by_text(words("Other games won"), exact=True).first).to_be_visible()
    page.goto(scorer_home)
    page.locator(".group-link a").click()
    page.get_by_role("link", name=words("The season: standings, head to head, charts")).click()
    header = page.get_by_role("columnheader", name=words("Other games won"))
    expect(header).to_be_visible()
    column = page.get_by_role("columnheader").all_inner_texts()
    at = next(n for n, text in enumerate(column) if words("Other games won") in text)
    row = page.get_by_role("row").filter(has=page.get_by_role("rowheader", name="Anaïs")).first
    assert row.locator("th, td").nth(at).inner_text().strip() == "1"

    # Exported, then imported beside it: the same games.
    exported = json.loads(page.request.get(f"{scorer_home}/evening.json").text())
    belote_record = exported["games"][1]
    assert belote_record["preset"] == "other" and belote_record["options"]["game_name"] == "Belote"
    page.goto(f"{base_url}/import")
    page.get_by_label(words("Or paste its text")).fill(json.dumps(exported, ensure_ascii=False))
    page.get_by_role("button", name=words("Import"), exact=True).click()
    page.get_by_role("button", name=words("Keep both")).click()
    expect(page).to_have_url(EVENING_URL)
    assert page.url != scorer_home
    imported = json.loads(page.request.get(f"{page.url}/evening.json").text())
    assert imported["games"] == exported["games"]
    assert imported["changes"] == exported["changes"]
