"""After every write and desk question, on a 360×740 phone in French, its result is where the eye is (#23, point 2).

Each write of `IN_PLACE` (a round, a buy-back, a refusal, a correction, a Kaiser hand…), each desk question of
`QUESTIONS` (asked with the page at its top, then at its bottom) and each settle-up payment is done on the phone, and
its result is then checked three ways: it is in the viewport (its top on the screen, and as much of it as fits half
the screen), it is focused or inside the focused element, and it sits in an aria-live region (or role=alert, status)
so that a screen reader reads it; its words keep French typography (a no-break space before : ; ! ?, no straight
apostrophe). A refusal also keeps what was typed.
A write that opens a new page (`NEW_PAGES`: a game started, a rematch, the group's next evening) is checked as a new
page: its heading, status line and first form in view, its title naming it, the focus at its start (where a screen
reader starts reading it, once it has said its title).
The games are set up through the app's forms with a test client (`Table`), in one evening of the live app, so that
the phone spends its time on the actions. Each result is photographed into `screenshots/` as
`result-fr-360-<action>.png`, to be looked at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.e2e.conftest import LiveApp
from tests.e2e.kaiser_pages import KaiserGamePage, SettleUpPage, start_kaiser_game
from tests.e2e.pages import GAME_URL, DeskPage, EveningPage, GamePage
from tests.e2e.phone_checks import screenshot
from tests.e2e.played_evening import GROUP, Scorer
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

PHONE = ViewportSize(width=360, height=740)
PLAYERS = ("Marie-Françoise", "Anaïs", "Jean-Sébastien", "Zoë")
TEAMS = ((PLAYERS[0], PLAYERS[2]), (PLAYERS[1], PLAYERS[3]))
FIRST, SECOND = (" & ".join(team) for team in TEAMS)

# Where a result is, as the phone shows it: in view, focused (or inside what is), inside what a screen reader reads out.
SEEN = """(result) => {
  const focused = document.activeElement;
  const box = result.getBoundingClientRect();
  const height = window.innerHeight;
  const shown = Math.min(box.bottom, height) - Math.max(box.top, 0);
  const seen = {
    "in view": box.top >= 0 && box.top < height && shown >= Math.min(box.height, height / 2) - 1,
    "focused": Boolean(focused && focused !== document.body && focused.contains(result)),
    "announced": Boolean(result.closest('[aria-live]:not([aria-live="off"]), [role="alert"], [role="status"]')),
  };
  const named = focused ? `<${focused.tagName.toLowerCase()}${focused.id ? "#" + focused.id : ""}>` : "nothing";
  return {missing: Object.keys(seen).filter((check) => !seen[check]),
    said: `from ${Math.round(box.top)} to ${Math.round(box.bottom)} px of ${height}, the focus on ${named}`};
}"""


def seen(page: Page, result: Locator, action: str) -> list[str]:
    """What is wrong with `result` once the phone has had the time to show it: where it is, then its words."""
    expect(result).to_be_visible()
    handle = result.element_handle()
    try:
        page.wait_for_function(f"(result) => ({SEEN})(result).missing.length === 0", arg=handle, timeout=3000)
    except PlaywrightTimeoutError:
        found = page.evaluate(f"(result) => ({SEEN})(result)", handle)
        return [f"{action}: not {', '.join(found['missing'])} ({found['said']})"]
    return [f"{action}: {problem} in {result.inner_text()!r}" for problem in typography(result.inner_text())]


# French typography: a no-break space (narrow or not) before : ; ! ? and one apostrophe, the typographic one.
BEFORE_PUNCTUATION = re.compile(r"(?:^|[^\u00a0\u202f])[:;!?](?=\s|$)")


def typography(text: str) -> list[str]:
    """What breaks French typography in `text`: a sign of two parts without its no-break space, a straight quote."""
    problems = [f"no no-break space before {found[0][-1]!r}" for found in BEFORE_PUNCTUATION.finditer(text)]
    return problems + (["a straight apostrophe"] if "'" in text else [])


@dataclass(frozen=True)
class Table:
    """The evening the actions play in, and the scorer that sets up its games through the app's forms."""

    scorer: Scorer
    evening: str
    group: str

    def game(self, players: tuple[str, ...] = PLAYERS, *rounds: tuple[str, dict[str, int]]) -> str:
        """A new Kaluki game of the evening, its first dealer the first player, with `rounds` recorded (each the
        player who went out and the others' hands, in points): its path."""
        game = self.scorer.game(self.evening, "kaluki", players)
        for winner, hands in rounds:
            self.scorer.round(game, winner, hands)
        return game

    def kaiser(self) -> str:
        """A new Kaiser game of the evening, the teams of `TEAMS`, Zoë dealing first: its path."""
        (first, partner), (second, second_partner) = TEAMS
        return self.scorer.kaiser(self.evening, (first, second, partner, second_partner))

    def another_evening(self) -> Table:
        """An evening of its own, with the same players."""
        return new_table(self.scorer)


def new_table(scorer: Scorer) -> Table:
    """A new evening of the four players, with a chip worth 0,20 €."""
    evening = scorer.evening(PLAYERS)
    return Table(scorer, evening, GROUP.findall(scorer.get(evening))[0])


@pytest.fixture(scope="module")
def table(live_app: LiveApp) -> Table:
    """One evening of four for the whole module."""
    return new_table(Scorer.on(live_app.database))


@pytest.fixture
def language() -> str:
    """French: the longer language, where a result is likeliest to be pushed off the screen."""
    return "fr"


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], words: Words) -> Page:
    """A 360×740 phone in French."""
    phone = new_context(locale=words.locale).new_page()
    phone.set_viewport_size(PHONE)
    return phone


# --- Writes answered in place: each does its write on the phone and returns what shows its result -------------------


def outcome(page: Page, said: re.Pattern[str]) -> Locator:
    """The line of what the last entry did (above the round or hand entry) that reads `said`."""
    return page.locator("#outcome li").filter(has_text=said)


def a_round(page: Page, words: Words, table: Table) -> list[Locator]:
    """A Kaluki round saved: the outcome's first line, "Manche 1 : …"."""
    page.goto(table.game())
    GamePage(page, words).loaded().record_round(PLAYERS[0], {PLAYERS[1]: 12, PLAYERS[2]: "7H 8H", PLAYERS[3]: 30})
    return [outcome(page, words.pattern("Round %(number)s: %(name)s went out.", number=1, name=PLAYERS[0]))]


def an_elimination(page: Page, words: Words, table: Table) -> list[Locator]:
    """A round that eliminates Zoë: the outcome says so, and both choices of the offer are in view."""
    page.goto(table.game())
    game = GamePage(page, words).loaded()
    game.record_round(PLAYERS[0], {PLAYERS[1]: 12, PLAYERS[2]: 7, PLAYERS[3]: 150})
    for choice in (words.pattern("Buy back for %(cost)s chips"), words("Out for good")):
        expect(game.offer(PLAYERS[3]).get_by_role("button", name=choice)).to_be_in_viewport()
    return [outcome(page, words.pattern("%(name)s is eliminated at %(score)s.", name=PLAYERS[3], score=150))]


def waiting(table: Table) -> str:
    """A game whose first round put Zoë at 150: whether she buys back waits to be decided."""
    return table.game(PLAYERS, (PLAYERS[0], {PLAYERS[1]: 12, PLAYERS[2]: 7, PLAYERS[3]: 150}))


def a_buy_back(page: Page, words: Words, table: Table) -> list[Locator]:
    """Zoë buys back: the outcome says at what cost and where she restarts."""
    page.goto(waiting(table))
    GamePage(page, words).loaded().buy_back(PLAYERS[3])
    said = words.pattern("%(name)s bought back for %(cost)s chips and restarts at %(score)s.", name=PLAYERS[3])
    return [outcome(page, said)]


def out_for_good(page: Page, words: Words, table: Table) -> list[Locator]:
    """Zoë out for good: the offer says the next round goes on without her."""
    page.goto(waiting(table))
    game = GamePage(page, words).loaded()
    game.out_for_good(PLAYERS[3])
    said = words("Out for good: the next round goes on without %(name)s.", name=PLAYERS[3])
    return [game.offer(PLAYERS[3]).get_by_text(said)]


def a_refused_round(hand: str, reason: str) -> Callable[[Page, Words, Table], list[Locator]]:
    """A round where Zoë's hand is typed as `hand`, which the referee refuses, saying `reason` (a regex)."""

    def refused(page: Page, words: Words, table: Table) -> list[Locator]:
        page.goto(table.game())
        game = GamePage(page, words).loaded()
        typed = {PLAYERS[1]: "12", PLAYERS[2]: "7H 8H", PLAYERS[3]: hand}
        game.entry.fill(PLAYERS[0], typed)
        game.save_button().click()
        error = page.locator("#entry .error").first
        expect(error).to_have_text(re.compile(reason))
        for name, value in typed.items():  # what was typed stays on the form
            expect(game.entry.hand(name)).to_have_value(value)
        expect(game.entry.winner(PLAYERS[0])).to_be_checked()
        expect(game.rows()).to_have_count(0)
        return [error]

    return refused


def a_correction(page: Page, words: Words, table: Table) -> list[Locator]:
    """Anaïs's hand of round 1 corrected from 12 to 21: the notice says what changed."""
    page.goto(table.game(PLAYERS, (PLAYERS[0], {PLAYERS[1]: 12, PLAYERS[2]: 7, PLAYERS[3]: 30})))
    correction = GamePage(page, words).loaded().correct_round(1)
    correction.entry.hand(PLAYERS[1]).fill("21")
    correction.save()
    changed = words(
        "%(what)s: %(before)s → %(after)s", what=words("%(name)s's hand", name=PLAYERS[1]), before=12, after=21
    )
    said = words.pattern(
        "Correction saved, %(entry)s: %(changes)s.", entry=words("round %(number)s", number=1), changes=changed
    )
    return [page.locator("#entry .notice").filter(has_text=said)]


def a_kaiser_hand(page: Page, words: Words, table: Table) -> list[Locator]:
    """A Kaiser hand saved (18 and −1): each team's change and total, and the next dealer."""
    page.goto(table.kaiser())
    KaiserGamePage(page, words).loaded().record_hand(PLAYERS[0], 7, 6, FIRST, SECOND)  # 18 and −1
    return [
        outcome(page, words.pattern("%(team)s: %(change)s, now %(score)s.", team=FIRST, change="+18", score=18)),
        outcome(page, words.pattern("%(team)s: %(change)s, now %(score)s.", team=SECOND, change="−1", score="−1")),
        outcome(page, words.pattern("%(name)s deals next.", name=PLAYERS[0])),
    ]


def a_refused_kaiser_hand(page: Page, words: Words, table: Table) -> list[Locator]:
    """A Kaiser hand the referee refuses: the reason, and the hand as it was tapped."""
    page.goto(table.kaiser())
    game = KaiserGamePage(page, words).loaded()
    game.refused_hand(PLAYERS[1], 9, 8, SECOND, FIRST)  # the first team took no trick, so not the 3♠
    bid = page.get_by_role("group", name=words("Bid"), exact=True).get_by_role("radio", name="9", exact=True)
    expect(bid).to_be_checked()  # what was tapped stays
    return [page.locator("#entry .error").first]


IN_PLACE: dict[str, Callable[[Page, Words, Table], list[Locator]]] = {
    "round": a_round,
    "eliminated": an_elimination,
    "buy-back": a_buy_back,
    "out-for-good": out_for_good,
    "refused-three-3S": a_refused_round("3S 3S 3S", "3♠"),
    "refused-points": a_refused_round("999", "999"),
    "correction": a_correction,
    "kaiser-hand": a_kaiser_hand,
    "kaiser-refused": a_refused_kaiser_hand,
}


@pytest.mark.parametrize("action", IN_PLACE)
def test_the_result_of_a_write_is_in_view_focused_and_announced(
    phone: Page, words: Words, table: Table, action: str
) -> None:
    """The write's result is in view, focused and announced, right after the write."""
    problems = [problem for result in IN_PLACE[action](phone, words, table) for problem in seen(phone, result, action)]
    screenshot(phone, f"result-fr-360-{action}")
    assert not problems, "\n".join(problems)


# --- Writes that open a new page: each returns what must be in view besides the page's heading --------------------


def rummy_started(page: Page, words: Words, table: Table) -> list[Locator]:
    """A Kaluki game started from the evening: its status line and its round entry."""
    page.goto(table.evening)
    EveningPage(page, words).loaded().start_game(list(PLAYERS), first_dealer=PLAYERS[1])
    return [page.locator("#status"), page.get_by_role("heading", name=words("Record a round"))]


def kaiser_started(page: Page, words: Words, table: Table) -> list[Locator]:
    """A Kaiser game started from the evening: its status line and its hand entry."""
    page.goto(table.evening)
    start_kaiser_game(EveningPage(page, words).loaded(), TEAMS, dealer=PLAYERS[3])
    return [page.locator("#status"), page.get_by_role("heading", name=words("Record a hand"))]


def a_rematch(page: Page, words: Words, table: Table) -> list[Locator]:
    """A rematch of a game that is over: the new game's status line and round entry."""
    page.goto(table.game((PLAYERS[1], PLAYERS[3]), (PLAYERS[1], {PLAYERS[3]: 150})))  # Zoë out: Anaïs wins
    page.get_by_role("button", name=words("Rematch: the same players and rules")).click()
    page.wait_for_url(GAME_URL)
    GamePage(page, words).loaded()
    return [page.locator("#status"), page.get_by_role("heading", name=words("Record a round"))]


def the_next_evening(page: Page, words: Words, table: Table) -> list[Locator]:
    """The group's next evening: what it is (players, game, chip) and which games its players allow."""
    page.goto(table.group)
    page.get_by_role("link", name=words("Start the group's next evening")).click()
    page.get_by_role("button", name=words("Start the evening")).click()
    EveningPage(page, words).loaded()
    # Its players, game and chip, and the games its players allow; the form to start a game is further down.
    return [page.locator("p.meta").first, page.locator("p.meta.seating")]


# Each write that opens a page, and the title its page has (a screen reader says it first).
NEW_PAGES: dict[str, tuple[Callable[[Page, Words, Table], list[Locator]], str]] = {
    "rummy-started": (rummy_started, "Game %(number)s"),
    "kaiser-started": (kaiser_started, "Game %(number)s"),
    "rematch": (a_rematch, "Game %(number)s"),
    "next-evening": (the_next_evening, "Evening"),
}
AT_THE_START = "() => document.activeElement === document.body && window.scrollY === 0"


@pytest.mark.parametrize("action", NEW_PAGES)
def test_a_write_that_opens_a_page_shows_its_top(phone: Page, words: Words, table: Table, action: str) -> None:
    """The new page opens at its top, the focus at its start, its title naming it, its status line and form in view."""
    act, title = NEW_PAGES[action]
    shown = act(phone, words, table)
    expect(phone).to_have_title(re.compile(f"^(?:{words.pattern(title, whole=False).pattern}) · referee$"))
    for element in (phone.get_by_role("heading", level=1), *shown):
        expect(element).to_be_in_viewport()
    if shown[0].get_attribute("id") == "status":
        expect(shown[0]).to_have_role("status")
    phone.wait_for_function(AT_THE_START)
    screenshot(phone, f"result-fr-360-{action}")
    said = [element.inner_text() for element in shown]
    assert not [problem for text in said for problem in typography(text)], said


# --- The desk: each question with an answer, asked with the page at its top and at its bottom -----------------------

# Each question's rows (by their English label), and its verdict in the phone's words.
QUESTIONS: dict[str, tuple[dict[str, str], Callable[[Words], str]]] = {
    "meld": (
        {"The meld, in the order laid": "QD KD AD 2D"},
        lambda w: w.cards("Q♦ K♦ A♦ 2♦") + w.catalog.pgettext("punctuation", ": ") + w("valid"),
    ),
    "opening": (
        {"Meld 1": "AS 2S 3S", "Meld 2": "8H 8D 8C"},
        lambda w: w("Total %(total)s, needed %(threshold)s:", total=40, threshold=40) + " " + w("it opens"),
    ),
    "joker": ({"The meld on the table": "9H 9S JK", "Your cards": "9D"}, lambda w: w("Yes: the joker comes free.")),
    "best": (
        {"Your hand": "9C 9D 9H 9S 5H 6H 7H KC"},
        lambda w: w("Laid: %(value)s points", value=54) + " — " + w("it opens"),
    ),
    "extend": (
        {"The meld on the table": "5H 6H 7H", "The cards to add": "8H 4H"},
        lambda w: w("yes, the cards can be added"),
    ),
    "rearrange": (
        {"On the table, meld 1": "4D 5D 6D 7D", "After, meld 1": "5D 6D 7D", "After, meld 2": "4D 4H 4C"},
        lambda w: w("Yes: the melds may be rearranged so."),
    ),
}
SCROLLED = {"top": "window.scrollTo(0, 0)", "bottom": "window.scrollTo(0, document.scrollingElement.scrollHeight)"}


@pytest.mark.parametrize("question", QUESTIONS)
def test_a_desk_verdict_is_in_view_after_asking_from_the_top_or_the_bottom(
    phone: Page, words: Words, table: Table, question: str
) -> None:
    """After *Demander* the verdict is in view, focused and announced, wherever the page was scrolled to."""
    rows, verdict = QUESTIONS[question]
    phone.goto(f"{table.evening}/desk/{question}")  # an evening's desk: its log of rulings lies below the answer
    desk = DeskPage(phone, words).loaded()
    for label, cards in rows.items():
        desk.cards(label).fill(cards)
    ask = phone.get_by_role("button", name=words("Ask"), exact=True)
    problems = []
    for where, scroll in SCROLLED.items():
        old = desk.answer().element_handle()
        phone.evaluate(scroll)
        ask.dispatch_event("click")  # a tap where the page is, without scrolling to the button first
        phone.wait_for_function("(old) => !old.isConnected", arg=old)
        said = desk.verdict().locator(".verdict")
        expect(said).to_contain_text(verdict(words))
        problems += seen(phone, said, f"{question}, asked from the {where}")
        screenshot(phone, f"result-fr-360-desk-{question}-{where}")
    assert not problems, "\n".join(problems)


# --- The settle-up: a payment marked paid, then taken back -----------------------------------------------------------


def test_a_payment_marked_then_undone_says_so_in_view_and_the_page_fits(
    phone: Page, words: Words, table: Table
) -> None:
    """Marking a payment paid, then taking it back, each says so in view, and the page stays 360 px wide."""
    evening = table.another_evening()  # its plan: three payments to Marie-Françoise, who took the pot
    evening.game(PLAYERS, (PLAYERS[0], dict.fromkeys(PLAYERS[1:], 150)))
    phone.goto(f"{evening.evening}/settle")
    settle = SettleUpPage(phone, words).loaded()
    settle.mark_paid(settle.payments()[0].key)
    paid = phone.locator("#plan .notice").filter(
        has_text=words.pattern("Recorded: %(payer)s paid %(payee)s %(amount)s.", payee=PLAYERS[0])
    )
    problems = seen(phone, paid, "paid")
    problems += wider(phone, "paid")
    screenshot(phone, "result-fr-360-settle-paid")

    phone.once("dialog", lambda dialog: dialog.accept())
    phone.locator("#plan").get_by_role("button", name=words("Undo")).click()
    undone = phone.locator("#plan .notice").filter(has_text=words("Payment taken back: it is in the plan again."))
    problems += seen(phone, undone, "undone")
    problems += wider(phone, "undone")
    screenshot(phone, "result-fr-360-settle-undo")
    assert not problems, "\n".join(problems)


def wider(page: Page, action: str) -> list[str]:
    """The page's width, if it is wider than the phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    return [f"{action}: the page is {width} px wide on a {PHONE['width']} px phone"] if width > PHONE["width"] else []
