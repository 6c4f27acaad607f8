"""Page objects for Kaiser and the settle-up: what the scorer taps, found by role and label in the phone's language."""

from __future__ import annotations

import re
from dataclasses import dataclass

from playwright.sync_api import Locator, expect

from tests.e2e.pages import GAME_URL, EveningPage, Screen, alerts, assert_fits_phone, sheet_cells


def start_kaiser_game(
    evening: EveningPage, teams: tuple[tuple[str, str], tuple[str, str]], dealer: str, preset: str = "kaiser"
) -> KaiserGamePage:
    """Open "Start a Kaiser game" on the evening page, seat the two teams, pick the first dealer, and start."""
    page, words = evening.page, evening.words
    page.get_by_text(words("Start a Kaiser game"), exact=True).click()
    form = page.locator("form").filter(has=page.get_by_role("button", name=words("Start the Kaiser game")))
    form.get_by_label(words("Game"), exact=True).select_option(preset)
    (first, partner), (second, second_partner) = teams
    for label, name in (
        ("Team 1", first),
        ("Team 1: partner", partner),
        ("Team 2", second),
        ("Team 2: partner", second_partner),
        ("First dealer", dealer),
    ):
        form.get_by_label(words(label), exact=True).select_option(label=name)
    form.get_by_role("button", name=words("Start the Kaiser game")).click()
    page.wait_for_url(GAME_URL)
    return KaiserGamePage(page, words).loaded()


@dataclass(frozen=True)
class HandRow:
    """A hand as the sheet shows it: its number, the bid, each team's change, and the rule under it."""

    number: str
    bid: str
    changes: tuple[str, str]
    rules: str


class KaiserGamePage(Screen):
    """A Kaiser game: the sheet with each hand's rule, the hand entry, everybody passed, undo."""

    @property
    def sheet(self) -> Locator:
        return self.page.get_by_role("table", name=self.words("Score sheet"))

    def loaded(self) -> KaiserGamePage:
        expect(self.sheet).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def _entries(self) -> Locator:
        """The sheet's entries: a hand's line, or a passed deal's."""
        return self.sheet.locator("tbody tr.line-hand, tbody tr.line-passed")

    def _then_entries(self, count: int, action: str) -> None:
        try:
            expect(self._entries()).to_have_count(count)
        except AssertionError as error:
            raise AssertionError(f"{action} was not recorded; the page says {alerts(self.page)}") from error

    def fill_hand(
        self, bidder: str, bid: int, tricks: int, five_hearts: str, three_spades: str, *, no_trump: bool = False
    ) -> None:
        """Tap the hand in without saving it: who won the bid, the bid, the bidding team's tricks, the two cards."""
        page, words = self.page, self.words
        page.get_by_role("group", name=words("Who won the bid?")).get_by_role("radio", name=bidder).check()
        page.get_by_role("group", name=words("Bid"), exact=True).get_by_role("radio", name=str(bid), exact=True).check()
        page.get_by_role("checkbox", name=words("No trump (counts double)")).set_checked(no_trump)
        tricks_group = page.get_by_role("group", name=words("Tricks taken by the bidding team"))
        tricks_group.get_by_role("radio", name=str(tricks), exact=True).check()
        for question, team in (("Who took the 5♥?", five_hearts), ("Who took the 3♠?", three_spades)):
            page.get_by_role("group", name=words(question)).get_by_role("radio", name=team, exact=True).check()

    def record_hand(
        self, bidder: str, bid: int, tricks: int, five_hearts: str, three_spades: str, *, no_trump: bool = False
    ) -> None:
        """Enter a hand and save it: it must show on the sheet."""
        before = self._entries().count()
        self.fill_hand(bidder, bid, tricks, five_hearts, three_spades, no_trump=no_trump)
        self.page.get_by_role("button", name=self.words("Save the hand")).click()
        self._then_entries(before + 1, f"{bidder}'s bid of {bid}")

    def refused_hand(
        self, bidder: str, bid: int, tricks: int, five_hearts: str, three_spades: str, *, no_trump: bool = False
    ) -> list[str]:
        """Enter a hand the referee refuses: what it says, once it says it; nothing is added to the sheet."""
        before = self._entries().count()
        self.fill_hand(bidder, bid, tricks, five_hearts, three_spades, no_trump=no_trump)
        self.page.get_by_role("button", name=self.words("Save the hand")).click()
        expect(self.page.get_by_role("alert").first).to_be_visible()
        expect(self._entries()).to_have_count(before)
        return alerts(self.page)

    def everybody_passed(self) -> None:
        before = self._entries().count()
        self.page.once("dialog", lambda dialog: dialog.accept())
        self.page.get_by_role("button", name=self.words("Everybody passed")).click()
        self._then_entries(before + 1, "the passed deal")

    def hands(self) -> list[HandRow]:
        """Every hand on the sheet (passed deals left out), with the rule shown under it."""
        found = []
        for row in self.sheet.locator("tbody tr.line-hand").all():
            number, bid, first, second = sheet_cells(row)
            rules = row.locator("xpath=following-sibling::tr[1]").inner_text()
            found.append(HandRow(number.replace("✎", "").strip(), bid, (first, second), " ".join(rules.split())))
        return found

    def passed_deals(self) -> Locator:
        return self.sheet.locator("tbody tr.line-passed")

    def totals(self) -> list[int]:
        header = self.page.get_by_role("rowheader", name=self.words("Total"), exact=True)
        row = self.sheet.get_by_role("row").filter(has=header)
        return [int(cell.replace("−", "-")) for cell in row.get_by_role("cell").all_inner_texts()]

    def status(self) -> Locator:
        """The line above the sheet: "Ben deals · first to 52 wins"."""
        return self.page.locator("#live p.status")

    def verdict(self) -> Locator:
        return self.page.get_by_role("status").filter(
            has_text=self.words.pattern("%(team)s win the game, %(score)s to %(other)s.")
        )

    def entry_form(self) -> Locator:
        return self.page.get_by_role("heading", name=self.words("Record a hand"))

    def correct_hand(self, number: int) -> KaiserGamePage:
        """Open hand `number`'s correction page, leave it to the caller to change it, and save it."""
        link = self.sheet.get_by_role("link", name=re.compile(rf"^{number}\b"))
        link.click()
        expect(self.page.get_by_role("heading", name=self.words.pattern("Correct hand %(number)s"))).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def save_correction(self) -> KaiserGamePage:
        self.page.get_by_role("button", name=self.words("Save the correction")).click()
        self.page.wait_for_url(GAME_URL)
        return self.loaded()


@dataclass(frozen=True)
class Payment:
    """A payment of the settle-up plan as the page writes it."""

    text: str
    key: str  # "payer>payee:chips"


class SettleUpPage(Screen):
    """The settle-up: the balances in chips and money, the payments, the games."""

    def loaded(self) -> SettleUpPage:
        expect(self.page.get_by_role("heading", name=self.words("Settle up"), level=1)).to_be_visible()
        assert_fits_phone(self.page)
        return self

    def balances(self) -> dict[str, tuple[str, str]]:
        """Each player's chips and money, as printed."""
        header = self.page.get_by_role("columnheader", name=self.words("Player"))
        table = self.page.get_by_role("table").filter(has=header)
        rows = {}
        for row in table.locator("tbody tr").all():
            name, chips, money = (" ".join(t.split()) for t in row.get_by_role("cell").all_inner_texts())
            rows[name] = (chips, money)
        return rows

    def payments(self) -> list[Payment]:
        items = self.page.locator("ul.payments > li").all()
        return [
            Payment(" ".join(item.locator("span").first.inner_text().split()), item.get_attribute("data-payment") or "")
            for item in items
        ]

    def mark_paid(self, key: str) -> None:
        """Tap *Paid* beside one payment; the page then lists the others."""
        item = self.page.locator(f'ul.payments > li[data-payment="{key}"]')
        item.get_by_role("button", name=self.words("Paid")).click()
        expect(item).to_have_count(0)

    def games(self) -> list[str]:
        """The evening's games, one line each, as the summary lists them."""
        heading = self.page.get_by_role("heading", name=self.words("The games"))
        expect(heading).to_be_visible()
        return [" ".join(t.split()) for t in self.page.locator("ol.games > li").all_inner_texts()]
