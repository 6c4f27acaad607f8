"""The desk's best hand: what is left once the melds are laid, what the whole hand costs now, and the time budget."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from sqlite_utils import Database

from referee import create_app
from tests.web.conftest import Table

SEVENTEEN = "8D 5C 4D 3D 7D 5D 3D 4C 6C 6C 3C 6D 6D JK JK JK JK"  # the largest hand kaluki's desk takes


def answer_of(page: str) -> dict[str, str]:
    box = re.search(r'<div class="verdict-box[^"]*"([^>]*)>', page)
    assert box, page
    return dict(re.findall(r'data-([a-z-]+)="([^"]*)"', box.group(1)))


def rows(table: Table) -> list[str]:
    return list(Database(table.client.application.config["DATABASE"]).conn.iterdump())


def test_the_answer_says_what_is_left_and_what_the_whole_hand_costs_if_the_round_ended_now(table: Table) -> None:
    question = {"rules": "kaluki", "hand": "9C 9D 9H 9S 5H 6H 7H KC", "minimise": "value"}
    page = table.post("/desk/best", question).get_data(as_text=True)
    shown = answer_of(page)
    assert (shown["laid"], shown["penalty"], shown["hand-penalty"]) == ("54", "10", "64")
    assert "Left in hand once they are laid: K♣, 10 penalty points" in page
    assert "If the round ended now, before they are laid, the whole hand would cost 64 penalty points." in page


def test_the_answer_in_french(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    page = table.post("/desk/best", {"rules": "kaluki", "hand": "9C 9D 9H KC", "minimise": "value"}).get_data(
        as_text=True
    )
    assert "Reste en main une fois posées\u00a0: R♣, 10 points de pénalité" in page
    assert "Si la manche s’arrêtait maintenant, avant de les poser, la main entière coûterait 37 points" in page


def test_the_largest_hand_is_answered_in_time(table: Table) -> None:
    page = table.post("/desk/best", {"rules": "kaluki", "hand": SEVENTEEN, "minimise": "value"})
    assert page.status_code == 200
    shown = answer_of(page.get_data(as_text=True))
    assert (shown["laid"], shown["penalty"], shown["hand-penalty"]) == ("126", "0", "126")


def budgeted(tmp_path: Path, seconds: float) -> Table:
    config = {
        "TESTING": True,
        "DATABASE": str(tmp_path / "budget.sqlite"),
        "SECRET_KEY": "test",
        "REFEREE_BEST_BUDGET": seconds,
    }
    return Table(create_app(config).test_client())


def test_a_search_past_the_budget_is_refused_clearly_and_nothing_is_kept(tmp_path: Path) -> None:
    table = budgeted(tmp_path, 1e-6)
    evening = table.evening()
    before = rows(table)
    response = table.post(f"{evening}/desk/best", {"rules": "kaluki", "hand": SEVENTEEN, "minimise": "value"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "this hand has too many ways to lay it to work out in 1e-06 seconds: no best arrangement is given" in page
    assert 'class="verdict-box' not in page
    assert rows(table) == before  # no ruling in the evening's log


def test_the_budget_refusal_in_french(tmp_path: Path) -> None:
    table = budgeted(tmp_path, 1e-6)
    table.client.set_cookie("lang", "fr")
    response = table.post("/desk/best", {"rules": "kaluki", "hand": SEVENTEEN, "minimise": "value"})
    assert response.status_code == 422
    assert "cette main se pose de trop de façons pour être résolue en 1e-06 secondes" in response.get_data(as_text=True)


def test_the_evening_log_keeps_both_figures(table: Table) -> None:
    evening = table.evening()
    table.post(f"{evening}/desk/best", {"rules": "kaluki", "hand": "9C 9D 9H KC", "minimise": "value"})
    page = table.get(f"{evening}/desk/best").get_data(as_text=True)
    assert "lays 27, leaves 10 (the whole hand: 37)" in page


@pytest.mark.parametrize(
    ("seconds", "used", "said"),
    [
        pytest.param(600, 10.0, "REFEREE_BEST_BUDGET = 600 is past the ceiling: 10 seconds are used", id="600"),
        pytest.param("5", 2.0, "REFEREE_BEST_BUDGET = '5' is not a number of seconds: 2 seconds are used", id="'5'"),
        pytest.param(0, 2.0, "REFEREE_BEST_BUDGET = 0 is not a number of seconds: 2 seconds are used", id="0"),
        pytest.param(10, 10.0, None, id="10"),
    ],
)
def test_a_budget_past_the_ceiling_or_not_a_number_is_replaced_and_the_log_says_so(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, seconds: object, used: float, said: str | None
) -> None:
    with caplog.at_level(logging.WARNING):
        app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "r.sqlite"), "REFEREE_BEST_BUDGET": seconds})
    assert app.config["REFEREE_BEST_BUDGET"] == used
    assert [record.getMessage() for record in caplog.records] == ([said] if said else [])


@pytest.mark.parametrize(
    ("house", "hand", "opens_with"),
    [
        pytest.param(
            {}, "JK 10C 9C 9C JK 10C", "JK JK 9♣ 10♣",
            id="docs/rules.md §2 distinct_melds: the twin runs do not open together, 9♣ 10♣ JK JK does",
        ),
        pytest.param(
            {"house-opening_scope": "single_meld"}, "6H 3H 2H 8H 9H 5H 7H AH 4H", "A♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥",
            id="docs/rules.md §2 single_meld: A♥-8♥ alone reaches 40",
        ),
    ],
)  # fmt: skip
def test_the_answer_says_the_hand_opens_when_some_of_its_melds_do(
    table: Table, house: dict[str, str], hand: str, opens_with: str
) -> None:
    evening = table.evening(**house)
    question = {"rules": "evening", "hand": hand, "minimise": "value"}
    page = table.post(f"{evening}/desk/best", question).get_data(as_text=True)
    assert "it opens" in page and "it does not open" not in page
    log = table.get(f"{evening}/desk/best").get_data(as_text=True)
    assert f"opens with {opens_with}" in log


def test_a_hand_that_cannot_open_is_said_so_in_the_log(table: Table) -> None:
    evening = table.evening()
    table.post(f"{evening}/desk/best", {"rules": "kaluki", "hand": "5H 6H 7H 5H 6H 7H 2C 3C 4C", "minimise": "value"})
    assert "lays 45, leaves 0 (the whole hand: 45); does not open" in table.get(f"{evening}/desk/best").get_data(
        as_text=True
    )
