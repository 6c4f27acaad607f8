"""Every player's phone, a full seat at the table (#42): four phones in French (the scorer at 360×740, three players at
390×844) play Kaluki to its end, the players sending every hand. Each player's screen shows each round recorded (their
penalty and total) without a reload, within two of its polls; a stale page's late send is answered with the next
round's form; a hand sent with no connection arrives once the connection is back; two players who say they went out
leave nothing chosen; per round the scorer taps at most twice, each player at most their cards and two.

The poll is the page's own (every 4 s): what a screen waits for is its poll's answer, bounded by two polls and the
browser's slack, never a fixed pause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, Page, expect

from referee.storage.db import connect
from referee.storage.evenings import evening_by_key
from referee.storage.games import current_events, games_of
from tests.e2e.conftest import LiveApp
from tests.e2e.language_checks import foreign_to, read_page
from tests.e2e.pages import GamePage, HomePage
from tests.e2e.phone_checks import screenshot
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

SCORER = {"width": 360, "height": 740}
PLAYER = {"width": 390, "height": 844}
POLLS = 2 * 4_000 + 4_000  # ms: two of the screen's polls, and the browser's slack
LOOK = 2_000 + 3_000  # ms: one look of the scorer's form at the hands sent (static/js/sent.js), and slack
TABLE = ["Jérôme", "Anaïs", "Marie-Françoise"]


@dataclass
class Taps:
    """The taps a phone made during one round."""

    count: int = 0

    def tap(self, target: Locator) -> None:
        target.click()
        self.count += 1


@dataclass
class PlayerPhone:
    """A player's own screen: their hand for the round being played, and what the last round did to them."""

    page: Page
    words: Words
    name: str
    taps: Taps = field(default_factory=Taps)

    def screen(self) -> Locator:
        return self.page.locator("#own-hand")

    def round_shown(self, number: int) -> None:
        """Wait (two polls at most) until the screen's form is for round `number`."""
        expect(self.page.locator("input[name=number]")).to_have_value(str(number), timeout=POLLS)

    def tap_cards(self, cards: str) -> None:
        for card in cards.split():
            self.taps.tap(self.page.locator(f'[data-picker] button[data-card="{card}"]'))

    def went_out(self) -> None:
        self.taps.tap(self.page.get_by_label(self.words("Went out"), exact=True))

    def send(self) -> None:
        self.taps.tap(self.page.get_by_role("button", name=self.words("Send"), exact=True))

    def sent(self) -> None:
        """Wait until the server answered the send."""
        expect(self.screen().locator(".notice.sent")).to_be_visible()


def own_links(page: Page, base_url: str, scorer_key: str, words: Words, players: list[str] = TABLE) -> dict[str, str]:
    """Each player's own link, as the scorer's list of them gives it."""
    page.goto(f"{base_url}/e/{scorer_key}/players")
    expect(page.get_by_role("heading", name=words("Each player counts their own hand"))).to_be_visible()
    links = {}
    for name in players:
        page.get_by_text(name, exact=True).click()
        href = page.locator("details[open] figcaption a").last.get_attribute("href")
        assert href and href.endswith("/hand")
        links[name] = href
    return links


def and_said(words: Words, first: str, second: str) -> str:
    """Two names as a sentence lists them ("Jérôme et Anaïs")."""
    return words.catalog.gettext("{these} and {that}").format(these=first, that=second)


def recorded(live_app: LiveApp, scorer_key: str) -> list[dict[str, object]]:
    """The rounds stored for the evening's first game."""
    db = connect(live_app.database)
    try:
        found = evening_by_key(db, scorer_key)
        assert found is not None
        return [event.data for event in current_events(db, games_of(db, found[0].id)[0].id)]
    finally:
        db.close()


# Each round: who goes out, and each other player's cards (tapped on their own phone). No buy-backs (a house rule):
# a player at 150 is out, and the game ends with one player left.
ROUNDS = [
    ("Jérôme", {"Anaïs": "JK KH QD JC 10S 9S", "Marie-Françoise": "AS 2C 3D"}),  # Anaïs 64, Marie-Françoise 16
    ("Anaïs", {"Jérôme": "KS KH KD QS", "Marie-Françoise": "JK KS KH QS JS 10S"}),  # Jérôme 40, Marie-Françoise 81
    ("Marie-Françoise", {"Jérôme": "5S", "Anaïs": "JK KS KH QD JD 10D 9D"}),  # Jérôme 45, Anaïs 138
    ("Jérôme", {"Anaïs": "5H 6H", "Marie-Françoise": "JK KS KH QS JS"}),  # Anaïs 149, Marie-Françoise 136
    ("Jérôme", {"Anaïs": "2C", "Marie-Françoise": "JK 5C"}),  # Anaïs 151: out; Marie-Françoise 156: out
]
VALUES = {"JK": 15, "A": 11, "K": 10, "Q": 10, "J": 10, "10": 10, **{str(n): n for n in range(2, 10)}}


def penalty(cards: str) -> int:
    """What cards left in a hand cost in Kaluki."""
    return sum(VALUES[card if card == "JK" else card[:-1]] for card in cards.split())


@pytest.mark.parametrize("language", ["fr"])
def test_four_phones_play_kaluki_to_its_end_each_player_sending_their_hand(
    page: Page, new_phone: Callable[..., Page], words: Words, live_app: LiveApp, base_url: str
) -> None:
    page.set_viewport_size(SCORER)
    home = HomePage.open(page, words)
    home.start_evening().create(TABLE, house={"max_buybacks": "0"}).start_game(first_dealer="Jérôme")
    scorer_key = page.url.split("/e/")[1].split("/")[0]
    links = own_links(page, base_url, scorer_key, words)
    page.goto(f"{base_url}/e/{scorer_key}/games/1")
    scorer = GamePage(page, words).loaded()
    players: dict[str, PlayerPhone] = {}
    for name in TABLE:
        phone = new_phone()
        phone.set_viewport_size(PLAYER)
        phone.goto(links[name])
        players[name] = PlayerPhone(phone, words, name)
        players[name].round_shown(1)
    totals = dict.fromkeys(TABLE, 0)
    scorer_taps = Taps()

    for number, (winner, hands) in enumerate(ROUNDS, start=1):
        for player in players.values():
            player.taps = Taps()
        if number == 3:  # Anaïs's phone loses its connection: her hand waits on it, and goes once it is back
            players["Anaïs"].page.context.set_offline(True)
        if number == 2:  # Jérôme says he went out by mistake, as Anaïs does: the scorer's to settle, nothing chosen
            for name in ("Jérôme", "Anaïs"):
                players[name].went_out()
                players[name].send()
                players[name].sent()
            conflict = words(
                "%(names)s each say they went out: choose who did.", names=and_said(words, "Jérôme", "Anaïs")
            )
            expect(page.locator("[data-sent-conflict]")).to_have_text(conflict, timeout=LOOK)
            expect(page.locator("input[name=winner]:checked")).to_have_count(0)
            screenshot(page, "own-hands-conflict-fr-360")
            players["Jérôme"].page.get_by_label(words("No, I have cards left"), exact=True).click()
        for name, cards in hands.items():
            players[name].tap_cards(cards)
            players[name].send()
        if number != 2:
            players[winner].went_out()
            players[winner].send()
        if number == 3:
            offline = players["Anaïs"]
            waiting = offline.page.locator("[data-outbox]")
            expect(waiting).to_be_visible()
            expect(waiting).to_contain_text(words("your hand for round %(number)s", number=3))
            screenshot(offline.page, "own-hand-offline-fr-390")
            offline.page.context.set_offline(False)
            expect(waiting).to_be_hidden(timeout=LOOK + 5_000)  # sent once the connection is back
        for name in hands:
            players[name].sent()
        entry = scorer.entry
        for name in hands:
            expect(entry.row(name).locator("[data-sent-said]")).to_be_visible(timeout=LOOK)
        expect(entry.winner(winner)).to_be_checked(timeout=LOOK)  # proposed: the one who says they went out
        if number == 4:  # Anaïs's page stops hearing from the server: her next send comes late
            players["Anaïs"].page.route("**/hand/live*", lambda route: route.abort())
        lines = scorer.rows().count()
        scorer_taps.tap(scorer.save_button())
        expect(scorer.rows()).to_have_count(lines + 1)
        assert scorer_taps.count <= 2, f"round {number}: the scorer tapped {scorer_taps.count} times"
        scorer_taps = Taps()
        for name, cards in hands.items():
            totals[name] += penalty(cards)
        for name, player in players.items():
            if number != 2 or name != "Jérôme":  # his mistake, and its correction, cost him taps of his own
                assert player.taps.count <= len(hands.get(name, "").split()) + 2, (number, name, player.taps.count)
        for name, player in players.items():
            if number == 4 and name == "Anaïs":
                continue
            screen = player.screen()
            said = words("Round %(number)s: %(name)s went out.", number=number, name=winner)
            expect(screen).to_contain_text(said, timeout=POLLS)
            total = words("Your total: %(total)s. Your chips in this game: %(chips)s.", total=totals[name], chips=0)
            expect(screen).to_contain_text(total.split(".")[0])
            if name in hands:
                expect(screen).to_contain_text(words("Your penalty: %(points)s.", points=penalty(hands[name])))
        if number == 4:  # Anaïs's late send: answered with round 5's form, and told so
            late = players["Anaïs"]
            late.tap_cards("7S")
            late.send()
            moved = words(
                "Round %(recorded)s was recorded without your hand. This form is for round %(now)s.", recorded=4, now=5
            )
            expect(late.screen().get_by_role("status").filter(has_text=moved)).to_be_visible()
            expect(late.page.locator("input[name=number]")).to_have_value("5")
            late.page.unroute("**/hand/live*")
            screenshot(late.page, "own-hand-late-fr-390")
        if number < len(ROUNDS):
            for name in TABLE:
                if totals[name] < 150:
                    players[name].round_shown(number + 1)
    over = words("This game is over. When the scorer starts the next one, it shows here.")
    for player in players.values():
        expect(player.screen()).to_contain_text(words("Final standings"), timeout=POLLS)
        expect(player.screen()).to_contain_text(over)
    screenshot(players["Jérôme"].page, "own-hand-over-fr-390")
    assert [event["winner"] for event in recorded(live_app, scorer_key)] == [winner for winner, _ in ROUNDS]
    assert recorded(live_app, scorer_key)[2]["hands"]["Anaïs"] == ROUNDS[2][1]["Anaïs"].split()  # sent once back
    # The next game of the evening reaches every phone without a tap.
    page.get_by_role("button", name=words("Rematch: the same players and rules")).click()
    for player in players.values():
        expect(player.screen()).to_contain_text(words("Game %(number)s", number=2), timeout=POLLS)
        expect(player.page.locator("input[name=number]")).to_have_value("1")


ELIMINATED = (
    "You are eliminated at %(score)s. The scorer asks whether you buy back, for %(cost)s chips, back at %(restart)s: "
    "your next hand waits for that choice."
)
STATES = ("waiting", "sent", "recorded", "refused", "out", "buy-back", "over", "offline")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_player_s_screen_speaks_the_phone_s_language_in_every_state(
    page: Page, new_phone: Callable[..., Page], words: Words, base_url: str, language: str
) -> None:
    page.set_viewport_size(SCORER)
    HomePage.open(page, words).start_evening().create(TABLE).start_game(first_dealer="Jérôme")
    scorer_key = page.url.split("/e/")[1].split("/")[0]
    links = own_links(page, base_url, scorer_key, words)
    page.goto(f"{base_url}/e/{scorer_key}/games/1")
    scorer = GamePage(page, words).loaded()
    phone = new_phone()
    phone.set_viewport_size(PLAYER)
    anais = PlayerPhone(phone, words, "Anaïs")
    found: dict[str, list[str]] = {}

    def read(state: str) -> None:
        found[state] = foreign_to(read_page(phone))
        screenshot(phone, f"own-hand-{state}-{language}-390")

    phone.goto(links["Anaïs"])
    read("waiting")
    anais.tap_cards("KS QS")
    anais.send()
    anais.sent()
    read("sent")
    scorer.record_round("Jérôme", {"Anaïs": "KS QS", "Marie-Françoise": 12})
    anais.round_shown(2)
    read("recorded")
    phone.locator("input[name=hand]").fill("7S 7S 7S")
    anais.send()
    expect(phone.get_by_role("alert").first).to_be_visible()
    read("refused")
    scorer.record_round("Jérôme", {"Anaïs": 150, "Marie-Françoise": 12})
    eliminated = words.pattern(ELIMINATED, whole=False, score=170)
    expect(anais.screen()).to_contain_text(eliminated, timeout=POLLS)
    read("buy-back")
    scorer.out_for_good("Anaïs")
    scorer.record_round("Marie-Françoise", {"Jérôme": 10})
    expect(anais.screen()).to_contain_text(words("You are out of this game: no hand to send."), timeout=POLLS)
    read("out")
    scorer.record_round("Jérôme", {"Marie-Françoise": 160})
    expect(anais.screen()).to_contain_text(words("Final standings"), timeout=POLLS)
    read("over")
    phone.context.set_offline(True)  # the page as the phone keeps it: the note at its top says it is offline
    expect(phone.locator("[data-offline-note]")).to_be_visible(timeout=POLLS)
    read("offline")
    phone.context.set_offline(False)
    assert set(found) == set(STATES)
    assert not any(found.values()), {state: problems for state, problems in found.items() if problems}
