"""The settle-up after a Kaluki game and a Kaiser game in one evening, on the scorer's phone, in English and French:
the Kaluki chips become money and one payment, the Kaiser game is listed but moves no chips."""

from __future__ import annotations

import json
import subprocess
from decimal import Decimal

import pytest
from babel.numbers import format_currency
from playwright.sync_api import Page, expect

from tests.conftest import REFEREE_SCRIPT
from tests.e2e.kaiser_pages import SettleUpPage, start_kaiser_game
from tests.e2e.pages import EveningPage, HomePage
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

NS, EW = "Ana & Céline", "Ben & Driss"


def referee_settle(page: Page, evening_url: str) -> list[dict[str, object]]:
    """What `referee settle` says of the evening the page exports."""
    exported = page.request.get(f"{evening_url}/evening.json").text()
    run = [str(REFEREE_SCRIPT), "settle", "--json", "-"]
    done = subprocess.run(run, input=exported, capture_output=True, text=True, check=True)
    payments: list[dict[str, object]] = json.loads(done.stdout)["payments"]
    return payments


@pytest.mark.parametrize("language", ["en", "fr"])
def test_settle_up_after_a_kaluki_game_and_a_kaiser_game(home: HomePage, words: Words) -> None:
    evening = home.start_evening().create(["Ana", "Ben", "Céline", "Driss"], chip_value="0.20")
    evening_url = evening.page.url

    kaluki = evening.start_game(players=["Ana", "Ben"], first_dealer="Ana")
    kaluki.record_round("Ana", {"Ben": 150})  # Ben is out at 150: Ana is left, and takes the pot
    expect(kaluki.verdict()).to_be_visible()

    evening.page.goto(evening_url)
    game = start_kaiser_game(EveningPage(evening.page, words).loaded(), (("Ana", "Céline"), ("Ben", "Driss")), "Ben")
    game.record_hand("Ben", 11, 7, EW, NS, no_trump=True)  # (11 + 12) × 2 = 46
    game.record_hand("Driss", 6, 5, EW, NS)  # 5 + 5 = 10 made: 6 + 10, Ben & Driss reach 62
    expect(game.verdict()).to_be_visible()

    evening.page.goto(evening_url)
    evening.page.get_by_role("link", name=words("Settle up")).click()
    settle = SettleUpPage(evening.page, words).loaded()

    def euros(amount: str) -> str:  # as the phone's language writes it: "€0.80", "0,80 €", "−€0.80" (a true minus)
        return " ".join(format_currency(Decimal(amount), "EUR", locale=words.language).split()).replace("-", "−")

    assert settle.balances() == {
        "Ana": ("+4", f"+{euros('0.80')}"),
        "Ben": ("−4", euros("-0.80")),
        "Céline": ("0", euros("0")),
        "Driss": ("0", euros("0")),
    }
    payments = settle.payments()
    assert [payment.text for payment in payments] == [
        words("%(payer)s pays %(payee)s %(amount)s", payer="Ben", payee="Ana", amount=euros("0.80"))
        + " "
        + words.plural("%(num)s chip", "%(num)s chips", 4).join("()")
    ]
    assert referee_settle(evening.page, evening_url) == [
        {"from": "Ben", "to": "Ana", "chips": 4, "amount": "0.80"}
    ]  # the command and the page agree

    games = settle.games()
    assert len(games) == 2
    assert games[0].startswith("Kaluki ·") and words("won by %(name)s", name="Ana") in games[0]
    assert games[1].startswith("Kaiser ·") and words("won by %(name)s", name=EW) in games[1]

    settle.mark_paid("Ben>Ana:4")
    expect(evening.page.get_by_text(words("Nobody owes anything."))).to_be_visible()
