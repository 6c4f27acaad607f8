"""Limits that fit a card night behind one router (#22): a budget per link, a ceiling per address."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from werkzeug.test import TestResponse

from referee import create_app
from referee.storage.db import connect
from referee.web.guards import ADDRESS_LIMIT, DESK_LIMIT, MAKING_LIMIT
from tests.web.conftest import Table

CAFE = "203.0.113.7"  # the café router every phone of the table is behind
QUESTIONS: list[tuple[str, dict[str, str]]] = [
    ("meld", {"rules": "evening", "cards": "9H 9S JK"}),
    ("meld", {"rules": "evening", "cards": "3S 4S 5S 6S"}),
    ("opening", {"rules": "evening", "meld_0": "8C 8D JK", "meld_1": "4S 5S 6S"}),
    ("joker", {"rules": "evening", "meld": "9H 9S JK", "hand": "9D"}),
    ("best", {"rules": "evening", "hand": "9C 9D 9H 9S 5H 6H 7H KC", "minimise": "value"}),
]


def per_minute(limit: str) -> int:
    number, per, unit = limit.split()
    assert (per, unit) == ("per", "minute")
    return int(number)


def dump(app: Flask) -> list[str]:
    """Every row of every table: a refused request leaves this the same."""
    return list(connect(app.config["DATABASE"]).conn.iterdump())


class Phone(Table):
    """A phone of the table: its own cookies and CSRF token, the café's address."""

    def post(self, url: str, data: dict[str, Any] | None = None, *, htmx: bool = False, **kwargs: Any) -> TestResponse:
        return super().post(url, data, htmx=htmx, environ_overrides={"REMOTE_ADDR": CAFE}, **kwargs)


def limited_app(tmp_path: Path, **limits: str) -> Flask:
    config = {"TESTING": True, "DATABASE": str(tmp_path / "limits.sqlite"), "SECRET_KEY": "test"}
    return create_app({**config, "RATELIMIT_ENABLED": True, **limits})


@pytest.fixture
def cafe(tmp_path: Path) -> Flask:
    """The app with its real limits on."""
    return limited_app(tmp_path)


def test_eight_phones_behind_one_router_get_every_answer_of_a_heated_minute(cafe: Flask) -> None:
    phones = [Phone(cafe.test_client()) for _ in range(8)]
    evening = phones[0].evening()
    statuses = []
    for asked in range(40):  # each phone asks 5 questions, of every kind, within the minute
        kind, data = QUESTIONS[asked % len(QUESTIONS)]
        statuses.append(phones[asked % 8].post(f"{evening}/desk/{kind}", data).status_code)
    assert statuses == [200] * 40
    assert per_minute(DESK_LIMIT) >= 2 * 40  # room for the answers asked again in that minute


def test_a_flood_without_a_link_is_cut_off_by_the_address_s_ceiling_and_writes_nothing(tmp_path: Path) -> None:
    # The desk without a link allows more than the ceiling here, so that the ceiling is what stops the flood.
    app = limited_app(tmp_path, REFEREE_DESK_LIMIT="500 per minute")
    flooder = Phone(app.test_client())
    evening = flooder.evening()
    ceiling = per_minute(ADDRESS_LIMIT)
    assert ceiling < 300  # several hundred a minute from one address are refused
    question = {"rules": "kaluki", "cards": "9H 9S JK"}
    made_up = [f"/e/made-up-{number}/desk/meld" for number in range(ceiling // 2)]
    statuses = {flooder.post("/desk/meld", question).status_code for _ in range(ceiling - len(made_up))}
    statuses |= {flooder.post(link, question).status_code for link in made_up}  # no link: no way around it
    assert statuses <= {200, 404}
    before = dump(app)
    response = flooder.post("/desk/meld", question)
    assert response.status_code == 429 and response.headers["Retry-After"]
    assert "This phone asked the referee too often" in response.get_data(as_text=True)
    htmx = flooder.post("/desk/meld", question, htmx=True)
    assert htmx.status_code == 429 and htmx.headers["HX-Retarget"] == "#alerts"
    assert dump(app) == before
    kind, data = QUESTIONS[0]
    assert flooder.post(f"{evening}/desk/{kind}", data).status_code == 200  # an evening's link has its own budget
    other = Table(app.test_client())  # another address is not held back by this one
    assert other.post("/desk/meld", question).status_code == 200


def test_one_evening_s_burst_never_locks_another_evening_behind_the_same_router_out(cafe: Flask) -> None:
    first, second = Phone(cafe.test_client()), Phone(cafe.test_client())
    evenings = [first.evening(), second.evening()]
    viewers = [_viewer(first, evenings[0]), _viewer(second, evenings[1])]
    kind, data = QUESTIONS[0]
    budget = per_minute(DESK_LIMIT)
    burst = [first.post(f"{(evenings[0], viewers[0])[n % 2]}/desk/{kind}", data).status_code for n in range(300)]
    assert burst.count(200) == budget and set(burst[budget:]) == {429}  # its scorer and viewer links: one budget
    answers = [second.post(f"{(evenings[1], viewers[1])[n % 2]}/desk/{QUESTIONS[n % 5][0]}", QUESTIONS[n % 5][1])
               for n in range(40)]  # fmt: skip
    assert [answer.status_code for answer in answers] == [200] * 40
    assert second.post("/import", {"text": "{"}).status_code == 422  # its imports too: read, and refused as they are


def _viewer(phone: Phone, evening: str) -> str:
    """The viewer's link of the evening at `evening` (its scorer's link), as its page shows it."""
    page = phone.get(evening).get_data(as_text=True)
    links = {f"/e/{key}" for key in re.findall(r"/e/([A-Za-z0-9_-]{16,})(?![A-Za-z0-9_-]|/display)", page)} - {evening}
    assert len(links) == 1, links
    return links.pop()


def test_two_evenings_behind_one_address_have_their_own_budgets(tmp_path: Path) -> None:
    app = limited_app(tmp_path, REFEREE_DESK_LIMIT="3 per minute")
    phone = Phone(app.test_client())
    first, second = phone.evening(), phone.evening()
    kind, data = QUESTIONS[0]
    assert [phone.post(f"{first}/desk/{kind}", data).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert [phone.post(f"{second}/desk/{kind}", data).status_code for _ in range(4)] == [200, 200, 200, 429]
    # The desk asked without a link counts per address, apart from the links' budgets.
    question = {"rules": "kaluki", "cards": "9H 9S JK"}
    assert [phone.post("/desk/meld", question).status_code for _ in range(4)] == [200, 200, 200, 429]


def test_a_burst_of_desk_questions_never_refuses_an_import_or_a_new_evening_from_that_address(tmp_path: Path) -> None:
    """#41: 210 link-less desk questions from a club's router used to spend the ceiling its imports and new evenings
    shared: each kind of request has its own budget now."""
    app = limited_app(tmp_path, REFEREE_DESK_LIMIT="500 per minute")
    phone = Phone(app.test_client())
    question = {"rules": "kaluki", "cards": "9H 9S JK"}
    burst = [phone.post("/desk/meld", question).status_code for _ in range(per_minute(ADDRESS_LIMIT) + 10)]
    assert burst[-1] == 429 and burst.count(200) == per_minute(ADDRESS_LIMIT)
    assert phone.post("/import", {"text": "{"}).status_code == 422  # read, and refused as it is: not a 429
    assert phone.evening().startswith("/e/")  # a new evening is made


def test_a_flood_of_new_evenings_is_cut_off_and_the_desk_still_answers(tmp_path: Path) -> None:
    app = limited_app(tmp_path)
    phone = Phone(app.test_client())
    ceiling = per_minute(MAKING_LIMIT)
    made = [phone.evening() for _ in range(ceiling)]
    assert len(set(made)) == ceiling
    before = dump(app)
    data = {"players": "A\nB", "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"}
    refused = phone.post("/new", data)
    assert refused.status_code == 429 and refused.headers["Retry-After"]
    assert phone.post("/import", {"text": "{"}).status_code == 429  # imports and new evenings: one budget
    assert dump(app) == before
    assert phone.post("/desk/meld", {"rules": "kaluki", "cards": "9H 9S JK"}).status_code == 200
    kind, question = QUESTIONS[0]
    assert phone.post(f"{made[0]}/desk/{kind}", question).status_code == 200
