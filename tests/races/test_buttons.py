"""Issue #12, cases 3 and 4: each button that writes has its own one-time key.

"Paid" tapped on two phones at once records the payment once; two buttons of one page (two payments, two
buy-backs) tapped one after the other are both recorded.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable
from contextlib import closing
from functools import partial

from tests.events import rummy_round
from tests.races.phones import Phone, Reply, at_once
from tests.races.records import buyback, evening, game
from tests.servers import Served

# Ann takes the pot: Bob pays her (and Cat too, in the second evening).
ANN_WINS = evening(game(rummy_round("Ann", {"Bob": 150}), players=("Ann", "Bob")))
ANN_WINS_TWICE = evening(game(rummy_round("Ann", {"Bob": 150, "Cat": 160}), players=("Ann", "Bob", "Cat")))


def payments(server: Served, evening: str) -> list[tuple[str, str, int]]:
    """The payments stored for the evening at `evening` (`/e/<scorer key>`), read from the server's database."""
    key = evening.rsplit("/", 1)[-1]
    query = (
        "SELECT payer, payee, chips FROM payments JOIN evenings ON evenings.id = payments.evening_id "
        "WHERE evenings.scorer_key = ? ORDER BY payments.id"
    )
    uri = f"file:{server.instance / 'referee.sqlite'}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        return [(payer, payee, chips) for payer, payee, chips in db.execute(query, [key])]


def plan(reply: Reply) -> list[str]:
    """The payments left in the settle-up's plan, as `payer>payee:chips`."""
    assert reply.status == 200
    return re.findall(r'data-payment="([^"]+)"', reply.text.replace("&gt;", ">"))


def test_paid_tapped_on_two_phones_at_once_is_recorded_once(server: Served, phones: Callable[[], Phone]) -> None:
    a, b = phones(), phones()
    for _ in range(30):  # each time on a fresh evening
        home = a.import_record(ANN_WINS)
        pages = [phone.get(f"{home}/settle") for phone in (a, b)]
        assert plan(pages[0]) == plan(pages[1]) == ["Bob>Ann:4"]
        forms = [page.form("/settle/paid") for page in pages]
        assert forms[0].value("submission") != forms[1].value("submission")

        replies = at_once(*(partial(phone.send, form, form.sent()) for phone, form in zip((a, b), forms, strict=True)))

        assert sorted(reply.status for reply in replies) == [303, 422]
        assert payments(server, home) == [("Bob", "Ann", 4)]
        assert plan(b.get(f"{home}/settle")) == []


def test_two_paid_buttons_of_one_page_tapped_one_after_the_other_are_both_recorded(
    server: Served, phones: Callable[[], Phone]
) -> None:
    a = phones()
    home = a.import_record(ANN_WINS_TWICE)
    page = a.get(f"{home}/settle")
    assert plan(page) == ["Bob>Ann:4", "Cat>Ann:4"]
    first, second = page.forms("/settle/paid")

    assert a.send(first, first.sent()).status == 303
    assert a.send(second, second.sent()).status == 303

    assert payments(server, home) == [("Bob", "Ann", 4), ("Cat", "Ann", 4)]
    assert plan(a.get(f"{home}/settle")) == []


def test_two_buybacks_of_one_page_tapped_one_after_the_other_are_both_recorded(phones: Callable[[], Phone]) -> None:
    a = phones()
    eliminating = rummy_round("Ann", {"Bob": 150, "Cat": 160, "Dan": 3})
    game_page = a.import_record(game(eliminating)) + "/games/1"
    offers = a.get(game_page).forms("/buyback")
    assert [offer.value("player") for offer in offers] == ["Bob", "Cat"]

    assert [a.send(offer, offer.sent()).status for offer in offers] == [303, 303]

    assert a.events(game_page) == [eliminating, buyback("Bob"), buyback("Cat")]
    assert a.get(game_page).round_form().hands == ["Ann", "Bob", "Cat", "Dan"]
