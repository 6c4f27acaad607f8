"""The table's screen (#44), in French on a television (1920×1080) and a laptop (1280×720) at once, while a Kaluki
game of four is played from phones, each player sending their own hand and the scorer saving each round.

On both screens, without a touch: who sent their hand shows before the round is recorded (their names, never a card:
a watcher on the page, from its first byte, looks for a card in every change of its text, and each answer of the
screen's URL is read too); each round recorded shows within two polls (the totals, what the round did, the next
round); the elimination and the pot are right; at the game's end the final standings and the evening's settle-up,
then the rematch. At every step nothing scrolls and nothing of the screen is below its fold; the totals are at
least 48 px tall at 1080p; axe finds nothing serious; the language check finds nothing. The poll is the page's own
(every 4 s): what the screen waits for is bounded by two polls and the browser's slack, never a fixed pause.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Response, expect

from referee.rules.families import rules_for
from tests.e2e.language_checks import foreign_to, read_page
from tests.e2e.pages import GamePage, HomePage
from tests.e2e.phone_checks import screenshot
from tests.e2e.test_accessibility import AXE, AXE_URL, violations
from tests.e2e.test_player_seats import SCORER, PlayerPhone, penalty
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

TABLE = ["Jérôme", "Anaïs", "Marie-Françoise", "Noé"]
SCREENS = {"1080p": {"width": 1920, "height": 1080}, "720p": {"width": 1280, "height": 720}}
PHONE = {"width": 390, "height": 844}
POLLS = 2 * 4_000 + 4_000  # ms: two of the screen's polls, and the browser's slack
LOOK = 2_000 + 3_000  # ms: one look of the scorer's form at the hands sent, and slack
TALLEST = 48  # px: a total read from three metres, at 1080p
# Each round: who goes out, and each other player's cards, tapped on their own phone. No buy-backs (a house rule):
# Noé passes 150 in round 3 and is out while the game goes on; round 5 puts Anaïs and Marie-Françoise out.
ROUNDS = [
    ("Jérôme", {"Anaïs": "KS QS", "Marie-Françoise": "5S", "Noé": "JK KH QD"}),  # 20, 5, 35
    ("Anaïs", {"Jérôme": "9S", "Marie-Françoise": "KD QD JD", "Noé": "JK KS KH QS JS 10S 9S"}),  # 9, 30, 74: Noé 109
    ("Marie-Françoise", {"Jérôme": "2C", "Anaïs": "3D", "Noé": "JK KS KH QS"}),  # 2, 3, 45: Noé 154, out
    ("Jérôme", {"Anaïs": "JK KS KH QS JS 10S 9S 8S", "Marie-Françoise": "JK KD QD JD 10D 9D 8D 7D"}),  # 82, 79
    ("Jérôme", {"Anaïs": "JK KS KH QS JS", "Marie-Françoise": "JK KD QD JD 10D"}),  # 55, 55: 160 and 169, out
]
# A card in the page's text, from the page's first byte on: as a page writes it (7♠, D♥), or as a record does (KS).
CARD_WATCH = r"""
(() => {
  const around = "(?![\\p{L}\\p{N}])";
  const card = new RegExp(
    `(?:^|[^\\p{L}\\p{N}])(?:(?:10|[2-9AKQJRDV])[♠♥♦♣]|(?:10|[2-9AKQJ])[SHDC]${around}|JK${around})`, "u");
  window.cardsSeen = [];
  const look = () => {
    const found = document.body && document.body.innerText.match(card);
    if (found) window.cardsSeen.push(found[0]);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener("DOMContentLoaded", look);
})();
"""
CARD = re.compile(r"(?<![\w])(?:(?:10|[2-9AKQJRDV])[♠♥♦♣]|(?:10|[2-9AKQJ])[SHDC](?!\w)|JK(?!\w))")
# Nothing scrolls, and nothing of the screen lies below or beside the window.
OVERFLOW = """() => {
  const root = document.documentElement;
  const problems = [];
  if (root.scrollHeight > innerHeight || root.scrollWidth > innerWidth)
    problems.push(`the page scrolls: ${root.scrollWidth}×${root.scrollHeight} in ${innerWidth}×${innerHeight}`);
  for (const element of document.querySelectorAll("#display *")) {
    const box = element.getBoundingClientRect();
    if (box.height && (box.bottom > innerHeight + 0.5 || box.right > innerWidth + 0.5))
      problems.push(`${element.tagName.toLowerCase()}.${element.className} ends at ${box.right}×${box.bottom}`);
  }
  return problems;
}"""
TOTALS = """() => Array.from(document.querySelectorAll("[data-total]")).map((total) => [
  total.getBoundingClientRect().height, parseFloat(getComputedStyle(total).fontSize)])"""


def own_links(page: Page, base_url: str, scorer_key: str, words: Words) -> dict[str, str]:
    """Each player's own link, as the scorer's list of them gives it."""
    page.goto(f"{base_url}/e/{scorer_key}/players")
    links = {}
    for name in TABLE:
        page.get_by_text(name, exact=True).click()
        href = page.locator("details[open] figcaption a").last.get_attribute("href")
        assert href and href.endswith("/hand")
        links[name] = href
    return links


def display_link(page: Page, base_url: str, scorer_key: str, words: Words) -> str:
    """The table's screen's link, as the scorer's evening page hands it out under its QR code."""
    page.goto(f"{base_url}/e/{scorer_key}")
    page.get_by_text(words("The table's screen"), exact=True).click()
    href = page.locator("details.display-qr figcaption a").get_attribute("href")
    assert href and href.endswith("/display")
    return href


def row(screen: Page, name: str) -> Any:
    """A place of the screen's standings, by its player's name."""
    return screen.locator("#display tbody tr").filter(has=screen.locator("th.name", has_text=name))


def fits(screen: Page, label: str) -> None:
    problems = screen.evaluate(OVERFLOW)
    assert not problems, f"{label}: " + "\n".join(problems)


@pytest.mark.parametrize("language", ["fr"])
def test_the_table_s_screen_follows_a_kaluki_game_played_from_phones(
    page: Page,
    new_context: Callable[..., BrowserContext],
    new_phone: Callable[..., Page],
    words: Words,
    base_url: str,
) -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed: run `npm ci --prefix tests/e2e` (no {AXE})")
    page.set_viewport_size(SCORER)
    HomePage.open(page, words).start_evening().create(TABLE, house={"max_buybacks": "0"}).start_game(
        first_dealer="Jérôme"
    )
    scorer_key = page.url.split("/e/")[1].split("/")[0]
    display = display_link(page, base_url, scorer_key, words)
    links = own_links(page, base_url, scorer_key, words)
    page.goto(f"{base_url}/e/{scorer_key}/games/1")
    scorer = GamePage(page, words).loaded()

    screens: dict[str, Page] = {}
    answers: list[str] = []  # every answer of the screen's own URL, as sent

    def read_answer(response: Response) -> None:
        if "/display" in response.url and response.status == 200:
            answers.append(response.text())

    for size, viewport in SCREENS.items():
        context = new_context(locale=words.locale)
        context.route(re.compile(re.escape(AXE_URL) + "$"), lambda route: route.fulfill(path=str(AXE)))
        context.add_init_script(CARD_WATCH)
        screen = context.new_page()
        screen.set_viewport_size(viewport)  # type: ignore[arg-type]
        screen.on("response", read_answer)
        screen.goto(display)
        expect(screen.get_by_role("heading", level=1)).to_be_visible()
        expect(screen.locator(".display-game")).to_contain_text(words("Round %(number)s", number=1))
        screens[size] = screen
    players = {}
    for name in TABLE:
        phone = new_phone()
        phone.set_viewport_size(PHONE)
        phone.goto(links[name])
        players[name] = PlayerPhone(phone, words, name)
        players[name].round_shown(1)

    pot = rules_for("kaluki").ante * len(TABLE)  # every player's ante; nobody buys back
    totals = dict.fromkeys(TABLE, 0)
    for number, (winner, hands) in enumerate(ROUNDS, start=1):
        for name, cards in hands.items():
            players[name].tap_cards(cards)
            players[name].send()
            players[name].sent()
        players[winner].went_out()
        players[winner].send()
        players[winner].sent()
        senders = ", ".join([*hands, winner])
        for screen in screens.values():  # who sent: their names, as the server received them, and nothing else
            expect(screen.locator("[data-hands-in]")).to_have_text(
                words("Hands in: %(names)s.", names=senders), timeout=POLLS
            )
            assert screen.evaluate("window.cardsSeen") == [], "a card on the screen"
        expect(scorer.entry.winner(winner)).to_be_checked(timeout=LOOK)
        for name in hands:
            expect(scorer.entry.row(name).locator("[data-sent-said]")).to_be_visible(timeout=LOOK)
        lines = scorer.rows().count()
        scorer.save_button().click()
        expect(scorer.rows()).to_have_count(lines + 1)
        for name, cards in hands.items():
            totals[name] += penalty(cards)
        over = number == len(ROUNDS)
        for size, screen in screens.items():
            went = words("Round %(number)s: %(name)s went out.", number=number, name=winner)
            expect(screen.locator("#display .said")).to_contain_text(went, timeout=POLLS)
            for name, total in totals.items():
                expect(row(screen, name).locator("[data-total]")).to_have_text(str(total))
            if not over:
                expect(screen.locator(".display-game")).to_contain_text(words("Round %(number)s", number=number + 1))
                expect(screen.locator("[data-pot]")).to_have_attribute("data-pot", str(pot))
                expect(screen.locator("[data-pot]")).to_have_text(
                    words.plural("The pot holds %(num)s chip.", "The pot holds %(num)s chips.", pot)
                )
                expect(screen.locator(".display-deal")).to_be_visible()
            if number == 3:  # Noé passed 150: out for good, the game going on without him
                out = words("%(name)s is out for good at %(score)s.", name="Noé", score=totals["Noé"])
                expect(screen.locator("#display .said")).to_contain_text(out)
                expect(row(screen, "Noé")).to_have_class(re.compile(r"\bstatus-out\b"))
                screenshot(screen, f"display-fr-{size}-round-3")
            fits(screen, f"round {number} at {size}")
        if not over:
            for name in TABLE:
                if totals[name] < 150:
                    players[name].round_shown(number + 1)

    # The game over: its final standings, the elimination said, and the evening's settle-up, on both screens.
    verdict = words("%(name)s wins the game and takes the pot of %(pot)s chips.", name="Jérôme", pot=pot)
    for size, screen in screens.items():
        expect(screen.get_by_role("table").first).to_contain_text(words("Final standings"))
        expect(screen.locator(".display-verdict")).to_have_text(verdict)
        for name in ("Anaïs", "Marie-Françoise"):
            said = words("%(name)s is out for good at %(score)s.", name=name, score=totals[name])
            expect(screen.locator("#display .said")).to_contain_text(said)
        ranked = screen.locator("#display .display-table tbody th.name").all_inner_texts()
        assert [name.strip() for name in ranked] == ["Jérôme", "Noé", "Anaïs", "Marie-Françoise"]  # winner, then totals
        settle = screen.locator(".display-settle")
        expect(settle).to_contain_text(words("Settle up"))
        assert settle.locator(".display-payments li").count() >= 1
        fits(screen, f"the game's end at {size}")
        if size == "1080p":
            for height, font in screen.evaluate(TOTALS):
                assert height >= TALLEST and font >= TALLEST, (height, font)
        found = violations(screen)
        assert not found, [f"{v['id']} ({v['impact']}): {v['help']}: {v['nodes'][:3]}" for v in found]
        screenshot(screen, f"display-fr-{size}-over")
        problems = foreign_to(read_page(screen))
        assert not problems, problems

    # The rematch: both screens follow the evening to its next game without a touch.
    page.get_by_role("button", name=words("Rematch: the same players and rules")).click()
    for size, screen in screens.items():
        expect(screen.locator(".display-game")).to_contain_text(words("Game %(number)s", number=2), timeout=POLLS)
        expect(screen.locator(".display-game")).to_contain_text(words("Round %(number)s", number=1))
        expect(screen.locator(".display-before")).to_contain_text(verdict)
        fits(screen, f"the rematch at {size}")
        screenshot(screen, f"display-fr-{size}-rematch")
        assert screen.evaluate("window.cardsSeen") == [], "a card on the screen"
    assert answers and not [CARD.findall(answer) for answer in answers if CARD.search(answer)]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_picture_is_shared_where_the_browser_takes_a_file_and_downloaded_elsewhere(
    new_context: Callable[..., BrowserContext], words: Words, base_url: str, language: str
) -> None:
    """Web Share is stubbed (Chromium's own share sheet is no test's to open): where `canShare` accepts the file, a tap
    hands the picture to `navigator.share`; where it does not, the tap downloads it."""
    context = new_context(locale=words.locale)
    page = context.new_page()
    page.set_viewport_size(PHONE)
    HomePage.open(page, words).start_evening().create(TABLE[:2], house={"max_buybacks": "0"}).start_game()
    scorer = GamePage(page, words).loaded()
    scorer.record_round(TABLE[0], {TABLE[1]: 150})
    game = page.url
    link = page.get_by_role("link", name=words("This game as a picture"))
    expect(link).to_be_visible()

    sharing = context.new_page()
    sharing.add_init_script(
        """window.shared = [];
        navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
        navigator.share = async (data) => { window.shared.push(data.files.map((f) => [f.name, f.type, f.size])); };"""
    )
    sharing.goto(game)
    picture = sharing.get_by_role("link", name=words("This game as a picture"))
    expect(picture).to_have_attribute("data-share-ready", "file")
    picture.click()
    sharing.wait_for_function("window.shared.length === 1")
    [[(name, kind, size)]] = sharing.evaluate("window.shared")
    assert name.startswith("referee-") and name.endswith("-1.png") and kind == "image/png" and 1000 < size < 300_000

    refusing = context.new_page()
    refusing.add_init_script(
        "navigator.canShare = () => false; navigator.share = async () => { throw new Error('not asked'); };"
    )
    refusing.goto(game)
    plain = refusing.get_by_role("link", name=words("The evening as a picture"))
    expect(plain).to_have_attribute("data-share-ready", "download")
    with refusing.expect_download() as download:
        plain.click()
    assert download.value.suggested_filename.endswith(".png")
