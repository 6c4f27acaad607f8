"""Every button that makes something makes it once (#23): a double tap or a resend of the same form (the same
one-time key) opens what the first one made."""

from __future__ import annotations

import re

from tests.web.conftest import Table
from tests.web.test_kaiser import kaiser_fields


def _games(table: Table, evening: str) -> list[str]:
    return re.findall(r'href="(/e/[^"]+/games/\d+)"', table.get(evening).get_data(as_text=True))


def test_start_the_game_tapped_twice_starts_one_game_and_charges_the_ante_once(table: Table) -> None:
    evening = table.evening()
    data = {"family": "rummy", "preset": "kaluki", "players": ["A", "B", "C", "D"], "first_dealer": "A"}
    first = table.post(f"{evening}/games", {**data, "submission": "tap-1"})
    second = table.post(f"{evening}/games", {**data, "submission": "tap-1"})  # 120 ms later, the same form
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    assert len(set(_games(table, evening))) == 1
    other = table.post(f"{evening}/games", {**data, "submission": "tap-2"})  # a new form: a new game
    assert other.headers["Location"] != first.headers["Location"]


def test_a_kaiser_game_started_twice_from_one_form_is_one_game(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    seats = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    data = kaiser_fields({**seats, "dealer": "Driss", "submission": "once"})
    first, second = (table.post(f"{evening}/games", data) for _ in range(2))
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]


def test_a_new_evening_sent_twice_is_one_evening(table: Table) -> None:
    data = {"players": "A\nB", "preset": "kaluki", "chip_value": "0.20", "currency": "EUR", "submission": "new-1"}
    first, second = (table.post("/new", data) for _ in range(2))
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]


def test_the_group_s_next_evening_sent_twice_is_one_evening(table: Table) -> None:
    evening = table.evening()
    group = re.search(r'href="(/g/[^"]+)"', table.get(evening).get_data(as_text=True))
    assert group is not None
    data = {"players": "A\nB", "preset": "kaluki", "chip_value": "0.20", "currency": "EUR", "submission": "next-1"}
    first, second = (table.post(f"{group[1]}/new", data) for _ in range(2))
    assert first.status_code == second.status_code == 303
    assert first.headers["Location"] == second.headers["Location"]
    page = table.get(group[1]).get_data(as_text=True)
    assert len(set(re.findall(r'href="(/e/[^"/]+)"', page))) == 2  # the first evening and the next one, once


def test_the_start_forms_carry_a_fresh_one_time_key_each(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    keys = re.findall(
        r'name="(?:kaiser-)?submission" type="hidden" value="([^"]+)"', table.get(evening).get_data(as_text=True)
    )
    again = re.findall(
        r'name="(?:kaiser-)?submission" type="hidden" value="([^"]+)"', table.get(evening).get_data(as_text=True)
    )
    assert len(keys) == 2 and not set(keys) & set(again)
