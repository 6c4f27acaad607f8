"""Page objects: what the scorer does on each page, found by role and label as a player reads them.

Each reads the page in its phone's language: it names what it looks for by its English message, and its
`Words` give what the phone shows (English by default). Tests name the app's words (a tab, a row of cards) in
English too, and the page objects translate them; players and presets are named as they are.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from playwright.sync_api import Locator, Page, expect

from tests.e2e.words import ENGLISH, Words

GAME_URL = re.compile(r"/e/([^/?#]+)/games/(\d+)(?:#entry)?$")  # a correction comes back to the entry, its result
EVENING_URL = re.compile(r"/e/([^/?#]+)$")


# A sheet cell shows a running total with the line's change beside it; a line is read as its changes.
CELLS = """cells => cells.map(cell => {
  const change = cell.querySelector('.change');
  const star = cell.classList.contains('winner') ? '★ ' : '';
  const text = cell.querySelector('.total') ? (change ? star + change.textContent : '') : cell.innerText;
  return text.split(/\\s+/).join(' ').trim();
})"""


def sheet_cells(row: Locator) -> list[str]:
    """A sheet line's cells as read: its heading, then each column's change (the winner starred)."""
    cells: list[str] = row.locator("th, td").evaluate_all(CELLS)
    return cells


def assert_fits_phone(page: Page) -> None:
    """The page never scrolls sideways on the phone."""
    # After a tap that navigates, the new page's elements can be found before its stylesheet has loaded: measured
    # then, an unstyled long link sticks out. The load event comes after the stylesheet.
    page.wait_for_load_state("load")
    scroll, inner = page.evaluate("[document.scrollingElement.scrollWidth, window.innerWidth]")
    if scroll > inner:
        wide = page.evaluate(WIDEST)  # which elements stick out, to say what to fix
        raise AssertionError(f"{page.url} scrolls sideways: {scroll}px of content in a {inner}px wide window: {wide}")


# The elements whose right edge passes the window's, as "tag.class (right edge px): text".
WIDEST = """Array.from(document.querySelectorAll("body *"))
  .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
  .slice(0, 6)
  .map((e) => `${e.tagName.toLowerCase()}.${e.className} (${Math.round(e.getBoundingClientRect().right)}px): `
    + (e.textContent || "").trim().replace(/\\s+/g, " ").slice(0, 50))"""


def alerts(page: Page) -> list[str]:
    """What the page says is wrong, as its alerts read."""
    return page.get_by_role("alert").all_inner_texts()


class Screen:
    """A page of the app on one phone, read in the phone's language."""

    def __init__(self, page: Page, words: Words = ENGLISH) -> None:
        self.page = page
        self.words = words


class HomePage(Screen):
    """The home page: what the app is, and the way to a new evening."""

    @classmethod
    def open(cls, page: Page, words: Words = ENGLISH) -> HomePage:
        """Open the home page, and check the app speaks the phone's language."""
        page.goto("/")
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        expect(page.locator("html")).to_have_attribute("lang", words.language)
        assert_fits_phone(page)
        return cls(page, words)

    def start_evening(self) -> NewEveningPage:
        self.page.get_by_role("link", name=self.words("Start an evening")).click()
        return NewEveningPage(self.page, self.words).loaded()


class NewEveningPage(Screen):
    """The form for a new evening."""

    def loaded(self) -> NewEveningPage:
        expect(self.page.get_by_role("heading", name=self.words("New evening"))).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def create(
        self,
        players: list[str],
        game: str = "kaluki",
        chip_value: str = "0.10",
        currency: str = "EUR",
        house: Mapping[str, str] | None = None,
    ) -> EveningPage:
        """Fill the form and press "Start the evening"."""
        page, words = self.page, self.words
        page.get_by_role("textbox", name=words("Players"), exact=True).fill("\n".join(players))
        page.get_by_label(words("Game"), exact=True).select_option(game)
        page.get_by_label(words("Value of a chip")).fill(chip_value)
        page.get_by_label(words("Currency")).fill(currency)
        if house:
            page.get_by_text(words("House rules"), exact=True).click()
            for option, value in house.items():  # by the option's own name: its label is in the page's language
                field = page.locator(f'[name="house-{option}"]')
                if field.evaluate("element => element.tagName") == "SELECT":
                    field.select_option(value)
                else:
                    field.fill(value)
        page.get_by_role("button", name=words("Start the evening")).click()
        return EveningPage(page, words).loaded()


@dataclass(frozen=True)
class Balance:
    """A player's chips on the evening page."""

    name: str
    chips: str


class EveningPage(Screen):
    """An evening opened with the scorer's link: its games, its chips, and the form to start a game."""

    def loaded(self) -> EveningPage:
        expect(self.page.get_by_role("heading", name=self.words("Games"), exact=True)).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def start_game(
        self, players: list[str] | None = None, game: str | None = None, first_dealer: str | None = None
    ) -> GamePage:
        """Tick the game's players (all of the evening's by default) and press "Start the game"."""
        page, words = self.page, self.words
        # The form under "Start a game" (a Kaiser game has its own form, with a "Game" and a "First dealer" too).
        form = page.locator("form").filter(has=page.get_by_role("heading", name=words("Start a game"), exact=True))
        if game is not None:
            form.get_by_label(words("Game"), exact=True).select_option(game)
        if players is not None:
            for box in form.get_by_role("checkbox").all():
                box.set_checked(box.get_attribute("value") in players)
        if first_dealer is not None:
            form.get_by_label(words("First dealer")).select_option(label=first_dealer)
        form.get_by_role("button", name=words("Start the game")).click()
        page.wait_for_url(GAME_URL)
        return GamePage(page, words).loaded()

    def links(self) -> Locator:
        """The "Links for the other phones", opened."""
        self.page.get_by_text(self.words("Links for the other phones")).click()
        return self.page.locator("details").filter(has_text=self.words("Links for the other phones"))

    def _link(self, message: str) -> str:
        link = self.links().get_by_role("paragraph").filter(has_text=self.words(message)).get_by_role("link")
        href = link.get_attribute("href")
        assert href, f"no link after {self.words(message)!r}"
        return href

    def viewer_link(self) -> str:
        """The read-only link, as the scorer reads it off the page."""
        return self._link("To follow the score (no changes possible):")

    def scorer_link(self) -> str:
        """The scorer's link, for another phone to keep the score too."""
        return self._link("To keep the score (anyone with it can change it):")

    def balances(self) -> list[Balance]:
        """ "Chips so far": each player's chips over the evening's games."""
        header = self.page.get_by_role("columnheader", name=self.words("Player"))
        table = self.page.get_by_role("table").filter(has=header)
        return [
            Balance(*(cell.strip() for cell in row.get_by_role("cell").all_inner_texts()))
            for row in table.locator("tbody").get_by_role("row").all()
        ]

    def open_game(self, number: int) -> GamePage:
        self.page.get_by_role("link", name=self.words("Game %(number)s", number=number), exact=True).click()
        self.page.wait_for_url(GAME_URL)
        return GamePage(self.page, self.words).loaded()


class Picker(Screen):
    """The card picker: it types the tapped cards into the hand whose row was last focused or clicked."""

    def card(self, card: str) -> Locator:
        """A card's button, named as on the screen: "7♠", "10♥", or "JK" for the joker."""
        return self.page.get_by_role("button", name=self.words("Joker") if card == "JK" else card, exact=True)

    def tap(self, *cards: str) -> None:
        for card in cards:
            self.card(card).click()

    def undo(self) -> None:
        self.page.get_by_role("button", name=self.words.catalog.pgettext("picker", "Undo tap")).click()

    def clear(self) -> None:
        self.page.get_by_role("button", name=self.words("Clear hand")).click()

    def active(self) -> Locator:
        """The name of the player whose hand the taps go into."""
        return self.page.get_by_text(self.words("Cards for")).locator("strong")


FINISHES = {
    "out": "Went out",
    "all_in_one": "Kaluki (all in one)",
    "with_table": "Rami using others' melds",
    "own_cards": "Rami with own cards only",
}


class RoundEntry(Screen):
    """The round form, the same on the game page and on a round's correction page."""

    def __init__(self, page: Page, words: Words = ENGLISH) -> None:
        super().__init__(page, words)
        self.picker = Picker(page, words)

    def winner(self, name: str) -> Locator:
        group = self.page.get_by_role("group", name=self.words("Who went out?"))
        return group.get_by_role("radio", name=name, exact=True)

    def finish(self, finish: str) -> Locator:
        """How the winner went out: "out", "all_in_one", "with_table" or "own_cards"."""
        return self.page.get_by_role("radio", name=self.words(FINISHES[finish]), exact=True)

    def hand(self, name: str) -> Locator:
        """The player's hand: the cards left (typed or tapped) or a number of points."""
        return self.page.get_by_role("textbox", name=name, exact=True)

    def row(self, name: str) -> Locator:
        return self.page.locator("[data-hand-row]").filter(has=self.page.get_by_text(name, exact=True))

    def laid(self, name: str) -> Locator:
        """Rami: what the player laid during the round: the points, or the cards."""
        return self.page.get_by_role("textbox", name=self.words("%(name)s laid", name=name), exact=True)

    def penalty(self, name: str) -> Locator:
        """The running count under the player's hand."""
        return self.row(name).locator("output")

    def fill(
        self,
        winner: str,
        hands: Mapping[str, str | int],
        finish: str = "out",
        laid: Mapping[str, int | str] | None = None,
    ) -> None:
        """Fill the form without saving it: the winner, how, each loser's cards or points, and laid points."""
        self.winner(winner).check()
        self.finish(finish).check()
        for name, hand in hands.items():
            self.hand(name).fill(str(hand))
        for name, points in (laid or {}).items():
            self.laid(name).fill(str(points))


@dataclass(frozen=True)
class Standing:
    """A player's column at the foot of the score sheet."""

    total: int
    status: str  # "in", "eliminated" or "out"
    buybacks_left: int | None
    chips: str  # as printed: "+33", "−16"


STATUSES = ("in", "eliminated", "out")


class GamePage(Screen):
    """A game: the score sheet, buy-back offers, the round entry, void and undo, and the change log."""

    def __init__(self, page: Page, words: Words = ENGLISH) -> None:
        super().__init__(page, words)
        self.sheet = page.get_by_role("table", name=words("Score sheet"))
        self.entry = RoundEntry(page, words)

    def loaded(self) -> GamePage:
        expect(self.sheet).to_be_visible()
        assert_fits_phone(self.page)
        return self

    @property
    def key(self) -> str:
        found = GAME_URL.search(self.page.url)
        assert found, f"not a game page: {self.page.url}"
        return found[1]

    def rows(self) -> Locator:
        """The sheet's lines (rounds, void rounds, buy-backs), as rows."""
        return self.sheet.locator("tbody").get_by_role("row")

    def _lines(self) -> Locator:
        return self.rows()

    def _then_lines(self, count: int, action: str) -> None:
        """Wait for the sheet to show `count` lines after `action`, or fail with what the page said."""
        try:
            expect(self._lines()).to_have_count(count)
        except AssertionError as error:
            raise AssertionError(f"{action} was not recorded; the page says {alerts(self.page)}") from error

    def record_round(
        self,
        winner: str,
        hands: Mapping[str, str | int],
        all_in_one: bool = False,
        *,
        finish: str | None = None,
        laid: Mapping[str, int | str] | None = None,
    ) -> None:
        """Enter a round on the form and save it: `hands` gives each loser's cards ("JK 5C") or points."""
        before = self._lines().count()
        self.entry.fill(winner, hands, finish or ("all_in_one" if all_in_one else "out"), laid)
        self.save_round(before)

    def save_button(self) -> Locator:
        """ "Save the round", under the round form."""
        return self.page.get_by_role("button", name=self.words("Save the round"))

    def save_round(self, lines_before: int | None = None) -> None:
        before = self._lines().count() if lines_before is None else lines_before
        self.save_button().click()
        self._then_lines(before + 1, "the round")

    def offers(self) -> Locator:
        """The "Buy back for N chips" buttons: one per eliminated player who may buy back."""
        return self.page.get_by_role("button", name=self.words.pattern("Buy back for %(cost)s chips"))

    def offer(self, name: str) -> Locator:
        """The choice an eliminated player's elimination asks for: buy back, or out for good."""
        return self.page.get_by_role("group", name=self.words("%(name)s is eliminated", name=name), exact=True)

    def buy_back(self, name: str) -> None:
        before = self._lines().count()
        self.offer(name).get_by_role("button", name=self.words.pattern("Buy back for %(cost)s chips")).click()
        self._then_lines(before + 1, f"{name}'s buy-back")

    def out_for_good(self, name: str) -> None:
        """Tap "Out for good" for `name`: nothing is saved, the next round goes on without them."""
        self.offer(name).get_by_role("button", name=self.words("Out for good"), exact=True).click()
        said = self.words("Out for good: the next round goes on without %(name)s.", name=name)
        expect(self.offer(name).get_by_text(said)).to_be_visible()

    def void_round(self) -> None:
        before = self._lines().count()
        self.page.once("dialog", lambda dialog: dialog.accept())
        self.page.get_by_role("button", name=self.words("Void round")).click()
        self._then_lines(before + 1, "the void round")

    def reshuffle(self) -> Locator:
        """Tap "Stock reshuffled": the line the entry answers with, that the round's stock was reshuffled once."""
        self.page.get_by_role("button", name=self.words("Stock reshuffled"), exact=True).click()
        said = self.words(
            "The stock was reshuffled once in this round: if it runs out again with no winner, the round is void."
        )
        return self.page.locator("#entry [data-reshuffled]").filter(has_text=said)

    def undo_last(self) -> None:
        before = self._lines().count()
        self.page.once("dialog", lambda dialog: dialog.accept())
        self.page.get_by_role("button", name=self.words("Undo the last entry")).click()
        self._then_lines(before - 1, "the undo")

    def names(self) -> list[str]:
        headers = self.sheet.locator("thead").get_by_role("columnheader").all_inner_texts()[1:]
        return [header.replace("●", "").strip() for header in headers]

    def _foot(self, label: str) -> list[str]:
        header = self.page.get_by_role("rowheader", name=self.words(label), exact=True)
        row = self.sheet.get_by_role("row").filter(has=header)
        return [" ".join(cell.split()) for cell in row.get_by_role("cell").all_text_contents()]

    def _status(self, cell: str) -> str:
        """ "in", "eliminated" or "out", from a status cell as shown: a sign, then the word ("✓ in")."""
        shown = {" ".join(self.words(status).split()): status for status in STATUSES}
        word = cell.split(maxsplit=1)[-1]
        assert word in shown, f"{cell!r} is not a status in {self.words.language}: {sorted(shown)}"
        return shown[word]

    def standings(self) -> dict[str, Standing]:
        """Each player's total, status, buy-backs left and chips, read off the foot of the sheet."""
        names = self.names()
        totals, statuses, chips = self._foot("Total"), self._foot("Status"), self._foot("Chips")
        buybacks = self._foot("Buy-backs left") or [""] * len(names)
        return {
            name: Standing(int(total), self._status(status), int(left) if left else None, chip)
            for name, total, status, left, chip in zip(names, totals, statuses, buybacks, chips, strict=True)
        }

    def totals(self) -> dict[str, str]:
        """Each player's total as the foot of the sheet prints it, for a game of any family ("−5")."""
        names = [name.split("\n")[-1] for name in self.names()]  # a long name under its short one ("M-F")
        return dict(zip(names, self._foot("Total"), strict=True))

    def lines(self) -> list[list[str]]:
        """Each line of the sheet: its heading (round number, "buy-back"), then each player's change that round."""
        return [sheet_cells(row) for row in self._lines().all()]

    def verdict(self) -> Locator:
        """ "C wins the game and takes the pot of 47 chips.", once the game is over."""
        won = ("%(name)s wins the game.", "%(name)s wins the game and takes the pot of %(pot)s chips.")
        return self.page.get_by_text(self.words.any_pattern(*won))

    def correct_round(self, number: int) -> CorrectionPage:
        """Open round `number`'s correction page from its number on the sheet."""
        link = self.sheet.get_by_role("link", name=re.compile(rf"^{number}\b")).and_(
            self.page.get_by_title(self.words("Correct this round"))
        )
        link.click()
        return CorrectionPage(self.page, self.words).loaded()

    def change_log(self) -> Locator:
        """The change log, opened."""
        summary = self.words.plural_pattern("%(num)s correction", "%(num)s corrections")
        self.page.get_by_text(summary).click()
        return self.page.locator("details").filter(has=self.page.get_by_text(summary))


class CorrectionPage(Screen):
    """A past round's correction page: the round form filled as it was recorded."""

    def __init__(self, page: Page, words: Words = ENGLISH) -> None:
        super().__init__(page, words)
        self.entry = RoundEntry(page, words)

    def loaded(self) -> CorrectionPage:
        expect(self.page.get_by_role("heading", name=self.words.pattern("Correct round %(number)s"))).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def save(self) -> GamePage:
        self.page.get_by_role("button", name=self.words("Save the correction")).click()
        try:
            self.page.wait_for_url(GAME_URL)
        except Exception as error:
            raise AssertionError(f"the correction was not saved; the page says {alerts(self.page)}") from error
        return GamePage(self.page, self.words).loaded()


DESK_TABS = ("A meld", "An opening", "A joker", "Best hand", "Add to a meld", "Rearrange", "The rules")


class DeskPage(Screen):
    """The referee desk: a question (a meld, an opening, a joker, a hand) under some rules, and the answer."""

    def __init__(self, page: Page, words: Words = ENGLISH) -> None:
        super().__init__(page, words)
        self.picker = Picker(page, words)

    @classmethod
    def open(cls, page: Page, kind: str | None = None, words: Words = ENGLISH) -> DeskPage:
        page.goto(f"/desk/{kind}" if kind else "/desk")
        return cls(page, words).loaded()

    def loaded(self) -> DeskPage:
        expect(self.page.get_by_role("heading", name=self.words("Ask the referee"), level=1)).to_be_visible()
        expect(self.picker.card("JK")).to_be_visible()  # picker.js has shown the picker
        assert_fits_phone(self.page)
        return self

    def tabs(self) -> Locator:
        return self.page.get_by_role("navigation", name=self.words("Questions")).get_by_role("link")

    def tab(self, name: str) -> DeskPage:
        """Go to another question ("An opening", "A joker", "Best hand") by its tab."""
        self.tabs().filter(has_text=self.words(name)).click()
        expect(self.tabs().and_(self.page.locator("[aria-current=page]"))).to_have_text(self.words(name))
        return self.loaded()

    def rules_tab(self) -> RulesPage:
        self.tabs().filter(has_text=self.words("The rules")).click()
        return RulesPage(self.page, self.words).loaded()

    def rules(self) -> Locator:
        """The "Rules" select: a preset, or the evening's rules inside an evening."""
        return self.page.get_by_label(self.words("Rules"), exact=True)

    def cards(self, label: str) -> Locator:
        """A row of cards: "The meld, in the order laid", "Meld 1", "The meld on the table", "Your hand"…"""
        return self.page.get_by_role("textbox", name=self.words(label), exact=True)

    def tap_into(self, label: str, *cards: str) -> None:
        """Touch the row, then tap its cards on the picker, in the order laid."""
        self.cards(label).click()
        expect(self.picker.active()).to_have_text(self.words(label))
        self.picker.tap(*cards)

    def answer(self) -> Locator:
        """The section the answer is swapped into."""
        return self.page.locator("#answer")

    def verdict(self) -> Locator:
        """The answer's box: its data-* attributes carry the values (data-valid, data-total, data-released…)."""
        return self.answer().locator(".verdict-box")

    def ask(self) -> Locator:
        """Press "Ask" and wait for the new answer to replace the old one; return the verdict box."""
        old = self.answer().element_handle()
        self.page.get_by_role("button", name=self.words("Ask"), exact=True).click()
        old.wait_for_element_state("hidden")  # htmx swapped the section out (hidden = detached too)
        expect(self.answer()).to_be_attached()
        if alerts(self.page):
            raise AssertionError(f"the referee did not answer; the page says {alerts(self.page)}")
        assert_fits_phone(self.page)
        return self.verdict()

    def cite(self) -> Locator:
        """ "The rule: …": the option the ruling rests on, its value here and its source."""
        return self.answer().get_by_text(self.words.pattern("The rule: %(rule)s"))

    def fix(self) -> Locator:
        return self.answer().get_by_text(self.words.pattern("To make it valid: %(fix)s"))

    def log(self) -> Locator:
        """ "Rulings asked tonight", on an evening's desk."""
        heading = self.page.get_by_role("heading", name=self.words("Rulings asked tonight"))
        return self.page.locator("section").filter(has=heading)


@dataclass(frozen=True)
class RuleOption:
    """One option on the rules page, under its topic: its name (for the command line), value and meaning."""

    name: str
    value: str
    meaning: str


class RulesPage(Screen):
    """The rules of a preset, or of an evening with its house rules: the rules at this table, every option folded by
    topic, the worked examples, and the options' names only in the folded "For the command line"."""

    def loaded(self) -> RulesPage:
        expect(self.page.get_by_role("heading", name=self.words("The rules"), level=1)).to_be_visible()
        expect(self.page.get_by_role("heading", name=self.words("The rules at this table")).first).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def preset(self) -> str:
        """The preset, as the command line names it (`--preset kaluki` in "For the command line")."""
        command = self.page.locator(".command-line pre").first.text_content() or ""
        return command.split("--preset ", 1)[1].split()[0]

    def open_preset(self, name: str) -> RulesPage:
        games = self.page.get_by_role("navigation", name=self.words("Games"))
        games.locator(f'a[href$="/rules/{name}"]').click()  # the link names the game in words, its address by name
        expect(self.page.locator(".command-line pre").first).to_contain_text(f"--preset {name}")
        return self.loaded()

    def open_topics(self) -> None:
        """Open every folded topic of the preset's rules, a tap each."""
        for topic in self.page.locator("main > details.topic").all():
            if topic.get_attribute("open") is None:
                topic.locator("> summary").click()

    def options(self) -> list[RuleOption]:
        """Each option as listed, its topic opened: name (from its anchor), value as shown, meaning with its source."""
        self.open_topics()
        prefix = f"{self.preset()}-"
        found = []
        for line in self.page.locator("main > details.topic dl.options > div").all():
            name = (line.get_attribute("id") or "").removeprefix(prefix)
            value = line.locator("dt strong").inner_text().strip()
            found.append(RuleOption(name, value, " ".join(line.locator("dd").inner_text().split())))
        return found

    def changed_options(self) -> list[str]:
        """The options the house changed, by name (from their anchors)."""
        prefix = f"{self.preset()}-"
        lines = self.page.locator("main > details.topic dl.options > div.changed").all()
        return [(line.get_attribute("id") or "").removeprefix(prefix) for line in lines]

    def examples(self) -> Locator:
        """The worked examples' rows, their fold opened."""
        for worked in self.page.locator("main > details[id$='-worked']").all():
            if worked.get_attribute("open") is None:
                worked.locator("> summary").click()
        header = self.page.get_by_role("columnheader", name=self.words("Question"))
        return self.page.get_by_role("table").filter(has=header).locator("tbody").get_by_role("row")
