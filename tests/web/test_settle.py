"""The settle-up page: balances over the finished games, the fewest payments in money, payments marked made."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import Table

ALL = ["A", "B", "C", "D"]


def play_rules_8_game(table: Table, game: str) -> None:
    rounds = [
        ("A", {"B": 40, "C": 62, "D": 55}, ALL, {}),
        ("B", {"A": 48, "C": 88, "D": 101}, ALL, {"finish": "all_in_one"}),
        ("buy", ["C", "D"]),
        ("D", {"A": 30, "B": 75, "C": 20}, ALL, {}),
        ("C", {"A": 77, "B": 20, "D": 110}, ALL, {}),
        ("buy", ["A", "D"]),
        ("B", {"A": 20, "C": 90, "D": 10}, ALL, {}),
        ("buy", ["A", "C"]),
        ("D", {"A": 10, "B": 30, "C": 3}, ALL, {}),
        ("buy", ["B"]),
        ("C", {"B": 5, "D": 40}, ["B", "C", "D"], {}),
    ]
    for step in rounds:
        if step[0] == "buy":
            for name in step[1]:
                assert table.post(f"{game}/buyback", {"player": name}).status_code == 303
        else:
            winner, hands, still_in, extra = step
            assert table.round(game, winner, hands, still_in, **extra).status_code == 303


def payments(page: str) -> list[str]:
    return re.findall(r'data-payment="([^"]+)"', page.replace("&gt;", ">"))


def test_the_settle_up_pays_c_and_stays_stable_as_payments_are_made(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ALL)
    play_rules_8_game(table, game)
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    assert payments(page) == ["A>C:16", "B>C:4", "D>C:13"]
    assert "A pays C €3.20" in page and "+€6.60" in page
    response = table.post(f"{evening}/settle/paid", {"payer": "A", "payee": "C", "chips": "16"})
    assert response.status_code == 303
    assert payments(table.get(f"{evening}/settle").get_data(as_text=True)) == ["B>C:4", "D>C:13"]


def test_a_game_still_being_played_is_left_out_and_said(table: Table) -> None:
    evening = table.evening()
    table.game(evening, ["A", "B"])
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    assert "Game 1 is still being played" in page and "Nobody owes anything." in page


def test_a_payment_not_in_the_plan_is_refused(table: Table) -> None:
    evening = table.evening()
    response = table.post(f"{evening}/settle/paid", {"payer": "A", "payee": "B", "chips": "5"})
    assert response.status_code == 422 and "no longer in the plan" in response.get_data(as_text=True)


def test_the_viewer_sees_the_plan_but_cannot_mark_payments(table: Table) -> None:
    evening = table.evening()
    page = table.get(evening).get_data(as_text=True)
    viewer = re.search(r'href="http://localhost(/e/[^"]+)"', page.split("To follow the score")[1]).group(1)
    assert table.get(f"{viewer}/settle").status_code == 200
    assert table.post(f"{viewer}/settle/paid", {"payer": "A", "payee": "B", "chips": "1"}).status_code == 403


def test_referee_settle_gives_the_same_payments_as_the_page(table: Table, tmp_path, referee_inprocess) -> None:  # type: ignore[no-untyped-def]
    import json

    evening = table.evening()
    play_rules_8_game(table, table.game(evening, ALL))
    path = tmp_path / "evening.json"
    path.write_text(table.get(f"{evening}/evening.json").get_data(as_text=True))
    done = referee_inprocess("settle", "--json", str(path))
    assert done.code == 0, done.err
    from_command = [f"{p['from']}>{p['to']}:{p['chips']}" for p in json.loads(done.out)["payments"]]
    assert from_command == payments(table.get(f"{evening}/settle").get_data(as_text=True))


def test_two_paid_buttons_of_one_page_each_have_their_key_and_are_both_recorded(table: Table) -> None:
    evening = table.evening()
    play_rules_8_game(table, table.game(evening, ALL))
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    keys = re.findall(r'name="submission" type="hidden" value="([^"]+)"', page)
    assert len(keys) == 3 and len(set(keys)) == 3  # one key a button
    first = {"payer": "A", "payee": "C", "chips": "16", "submission": keys[0]}
    second = {"payer": "D", "payee": "C", "chips": "13", "submission": keys[2]}
    assert table.post(f"{evening}/settle/paid", first).status_code == 303
    assert table.post(f"{evening}/settle/paid", second).status_code == 303  # the same old page: still recorded
    assert table.post(f"{evening}/settle/paid", first).status_code == 303  # a resend: answered as the first time
    assert payments(table.get(f"{evening}/settle").get_data(as_text=True)) == ["B>C:4"]


def test_a_payment_marked_by_mistake_is_taken_back_and_the_result_stays_shown(table: Table) -> None:
    evening = table.evening()
    play_rules_8_game(table, table.game(evening, ALL))
    table.post(f"{evening}/settle/paid", {"payer": "A", "payee": "C", "chips": "16"})
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    assert "Left to settle, in money" in page and "A paid C €3.20" in page
    assert '<p class="notice" role="status" data-result>Recorded: A paid C €3.20.</p>' in page  # what was done, on top
    assert re.search(r"<td>A</td><td class=\"num\">−16</td>.*?<td class=\"num\">€0.00</td>", page)  # result, then left
    assert "Recorded: A paid C" not in table.get(f"{evening}/settle").get_data(as_text=True)  # said once
    payment = re.search(r'name="payment" value="(\d+)"', page).group(1)
    assert table.post(f"{evening}/settle/undo", {"payment": payment, "submission": "undo-1"}).status_code == 303
    assert "Payment taken back: it is in the plan again." in table.get(f"{evening}/settle").get_data(as_text=True)
    assert table.post(f"{evening}/settle/undo", {"payment": payment, "submission": "undo-2"}).status_code == 422
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    assert payments(page) == ["A>C:16", "B>C:4", "D>C:13"] and "Left to settle" not in page


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_zero_balance_is_written_0_without_a_sign(table: Table, lang: str) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B"])
    assert table.round(game, "A", {"B": 150}, ["A", "B"]).status_code == 303  # B out at 150: A takes the pot
    table.client.set_cookie("lang", lang)
    page = table.get(f"{evening}/settle").get_data(as_text=True)
    rows = dict(re.findall(r'<tr><td>([A-D])</td><td class="num">([^<]*)</td>', page))
    assert rows == {"A": "+4", "B": "−4", "C": "0", "D": "0"}  # C and D did not play: no "+0"
    assert not re.search(r"\+0(?![\d.,])", page)  # nor a signed zero anywhere else on the page
