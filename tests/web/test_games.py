"""A game through the test client: rounds, buy-backs, void rounds, undo, corrections, refusals."""

from __future__ import annotations

import re

import pytest

from referee.storage.db import connect
from referee.storage.games import current_events
from tests.web.conftest import Table

ALL = ["A", "B", "C", "D"]


def chips_shown(page: str) -> list[str]:
    """The chips row of the score sheet, as printed."""
    row = page.split(">Chips</th>")[1].split("</tr>")[0]
    return re.findall(r'<td class="num">([^<]+)</td>', row)


@pytest.fixture
def game(table: Table) -> str:
    return table.game(table.evening(), ALL)


def test_the_rules_8_game_through_the_app_ends_with_c_taking_the_pot(table: Table, game: str) -> None:
    def play(winner: str, hands: dict[str, int], still_in: list[str], **extra: str) -> None:
        response = table.round(game, winner, hands, still_in, **extra)
        assert response.status_code == 303, response.get_data(as_text=True)

    def buy(name: str) -> None:
        assert table.post(f"{game}/buyback", {"player": name}).status_code == 303

    play("A", {"B": 40, "C": 62, "D": 55}, ALL)
    play("B", {"A": 48, "C": 88, "D": 101}, ALL, finish="all_in_one")
    page = table.get(game).get_data(as_text=True)
    assert "C is eliminated" in page and "Buy back for 5 chips" in page and "restarts at 48" in page
    buy("C"), buy("D")
    play("D", {"A": 30, "B": 75, "C": 20}, ALL)
    play("C", {"A": 77, "B": 20, "D": 110}, ALL)
    buy("A"), buy("D")
    play("B", {"A": 20, "C": 90, "D": 10}, ALL)
    buy("A"), buy("C")
    play("D", {"A": 10, "B": 30, "C": 3}, ALL)
    buy("B")
    play("C", {"B": 5, "D": 40}, ["B", "C", "D"])
    page = table.get(game).get_data(as_text=True)
    assert "C wins the game and takes the pot of 47 chips." in page
    assert chips_shown(page) == ["−16", "−4", "+33", "−13"]  # a true minus sign


def test_a_round_without_javascript_redirects_and_with_htmx_returns_the_fragment(table: Table, game: str) -> None:
    response = table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    assert response.status_code == 303 and response.headers["Location"].endswith(game.split("localhost")[-1] + "#entry")
    table.get(game)
    response = table.post(
        f"{game}/rounds", {"winner": "B", "finish": "out", "hand:A": "4", "hand:C": "5", "hand:D": "6"}, htmx=True
    )
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in page and 'id="entry"' in page
    assert 'hx-swap-oob="beforeend:#lines"' in page and page.count('<tr id="line-') == 1  # only the new line
    assert "HX-Request" in response.headers["Vary"]


def test_the_full_page_and_the_fragment_come_from_one_template(table: Table, game: str) -> None:
    page = table.get(game).get_data(as_text=True)
    fragment = table.get(game, headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" in page and "<html" not in fragment
    assert fragment.strip().startswith('<div id="game"') and 'id="game"' in page
    boosted = table.get(game, headers={"HX-Request": "true", "HX-Boosted": "true"}).get_data(as_text=True)
    assert "<html" in boosted


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        pytest.param({"B": "7X"}, "&#39;7X&#39; is not a card", id="unknown card"),
        pytest.param(
            {"B": "7S 7S", "C": "7S"}, "7♠ appears 3 times but only 2 packs are in play", id="third 7 of spades"
        ),
        pytest.param({"B": "JK JK JK", "C": "JK JK"}, "5 jokers were given but only 4 are in play", id="fifth joker"),
        pytest.param({"B": "5"}, "Tap C&#39;s cards or type the total.", id="missing hand"),
    ],
)
def test_an_impossible_round_is_refused_with_the_reason_and_nothing_saved(
    table: Table, game: str, hands: dict[str, str], message: str
) -> None:
    full = {"B": "5", "C": "5", "D": "5", **hands}
    if "missing" in message or "Tap" in message:
        full = hands | {"D": "5"}
    response = table.round(game, "A", full, ALL)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert _events(table) == []


def test_a_round_needs_a_winner(table: Table, game: str) -> None:
    response = table.post(f"{game}/rounds", {"finish": "out", "hand:A": "", "hand:B": "3", "hand:C": "", "hand:D": ""})
    assert response.status_code == 422 and "Pick the player who went out." in response.get_data(as_text=True)


def test_the_same_form_sent_twice_is_recorded_once(table: Table, game: str) -> None:
    for _ in range(2):
        response = table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission="one-key")
        assert response.status_code == 303
    assert len(_events(table)) == 1


def _seen(table: Table, game: str) -> str:
    """The game version the round form on the page was filled on."""
    return re.search(r'name="seen" type="hidden" value="(\d+)"', table.get(game).get_data(as_text=True)).group(1)


def test_the_same_round_from_two_phones_on_the_same_sheet_is_recorded_once(table: Table, game: str) -> None:
    seen = _seen(table, game)
    for phone in ("first-phone", "second-phone"):
        response = table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission=phone, seen=seen)
        assert response.status_code == 303
    assert len(_events(table)) == 1


def test_two_different_rounds_from_two_phones_on_one_sheet_are_never_two_rounds(table: Table, game: str) -> None:
    seen = _seen(table, game)
    table.round(game, "A", {"B": 20, "C": 2, "D": 3}, ALL, submission="first-phone", seen=seen)
    clash = table.round(game, "A", {"B": 21, "C": 2, "D": 3}, ALL, submission="second-phone", seen=seen)
    page = clash.get_data(as_text=True)
    assert clash.status_code == 409 and "Round 1 was recorded from another phone" in page
    assert "Keep the recorded one" in page and "Replace it with mine" in page
    assert [event["hands"]["B"] for event in _events(table)] == [20]  # nothing saved yet
    replace = re.search(r'<form method="post" action="([^"]+/events/\d+)">(.*?)</form>', page, re.S)
    fields = dict(re.findall(r'name="([^"]+)" (?:type="hidden" )?value="([^"]*)"', replace.group(2)))
    assert fields["hand:B"] == "21" and fields["based_on"] == "0"
    assert table.post(replace.group(1), fields).status_code == 303
    assert [event["hands"]["B"] for event in _events(table)] == [21]  # one round, corrected
    assert "<del>20</del> → <ins>21</ins>" in table.get(game).get_data(as_text=True)


def test_a_phone_that_keeps_the_recorded_round_gets_a_fresh_form(table: Table, game: str) -> None:
    seen = _seen(table, game)
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission="first-phone", seen=seen)
    clash = table.round(game, "B", {"A": 1, "C": 2, "D": 3}, ALL, submission="second-phone", seen=seen)
    assert clash.status_code == 409 and f'href="{game.split("localhost")[-1]}"' in clash.get_data(as_text=True)
    assert [event["winner"] for event in _events(table)] == ["A"]
    table.round(game, "B", {"A": 1, "C": 2, "D": 3}, ALL, submission="third", seen=_seen(table, game))
    assert [event["winner"] for event in _events(table)] == ["A", "B"]


def test_the_same_round_again_after_a_new_look_at_the_sheet_is_a_new_round(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission="first", seen=_seen(table, game))
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission="second", seen=_seen(table, game))
    assert len(_events(table)) == 2


def test_a_round_undone_meanwhile_is_recorded_again(table: Table, game: str) -> None:
    seen = _seen(table, game)
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission="first", seen=seen)
    slot = re.search(r"/events/(\d+)/delete", table.get(game).get_data(as_text=True)).group(1)
    table.post(f"{game}/events/{slot}/delete", {"based_on": "0"})
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL, submission="second", seen=seen)
    assert len(_events(table)) == 1


def test_cards_are_counted_with_the_penalty_table(table: Table, game: str) -> None:
    table.round(game, "A", {"B": "JK KS AH 10D 8C", "C": "0", "D": "2"}, ALL)
    events = _events(table)
    assert events[0]["hands"]["B"] == ["JK", "KS", "AH", "10D", "8C"]
    assert ">54</td>" in table.get(game).get_data(as_text=True)


def test_void_round_and_undo(table: Table, game: str) -> None:
    assert table.post(f"{game}/void", {}).status_code == 303
    assert _events(table) == [{"type": "void"}]
    page = table.get(game).get_data(as_text=True)
    slot = re.search(r"/events/(\d+)/delete", page).group(1)
    assert table.post(f"{game}/events/{slot}/delete", {"based_on": "0"}).status_code == 303
    assert _events(table) == []
    assert "a void round" in table.get(game).get_data(as_text=True)  # the change log keeps it


def test_a_buyback_for_a_player_still_in_is_refused(table: Table, game: str) -> None:
    response = table.post(f"{game}/buyback", {"player": "A"})
    assert response.status_code == 422
    assert "A is still in the game" in response.get_data(as_text=True)


def test_correcting_a_past_round_recomputes_and_logs_before_and_after(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 40, "C": 62, "D": 55}, ALL)
    table.round(game, "B", {"A": 48, "C": 88, "D": 101}, ALL)
    assert "D is eliminated" in table.get(game).get_data(as_text=True)
    page = table.get(f"{game}/events/1").get_data(as_text=True)
    assert 'value="55"' in page
    response = table.post(
        f"{game}/events/1",
        {"winner": "A", "finish": "out", "hand:B": "40", "hand:C": "62", "hand:D": "25", "based_on": "0"},
    )
    assert response.status_code == 303
    page = table.get(game).get_data(as_text=True)
    assert "D is eliminated" not in page and ">126</td>" in page
    assert "the round won by A" in page and "<del>55</del> → <ins>25</ins>" in page


def test_an_edit_made_on_an_old_version_is_refused(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    data = {"winner": "A", "finish": "out", "hand:B": "9", "hand:C": "2", "hand:D": "3", "based_on": "0"}
    assert table.post(f"{game}/events/1", data).status_code == 303
    response = table.post(f"{game}/events/1", data | {"hand:B": "8"})
    assert response.status_code == 422
    assert "someone changed this event meanwhile" in response.get_data(as_text=True)


def test_a_correction_sent_without_the_revision_it_was_made_from_is_refused(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    data = {"winner": "A", "finish": "out", "hand:B": "9", "hand:C": "2", "hand:D": "3", "based_on": "0"}
    assert table.post(f"{game}/events/1", data).status_code == 303  # corrected once: its revision is 1
    for without in ({}, {"based_on": ""}):
        data = {"winner": "A", "finish": "out", "hand:B": "8", "hand:C": "2", "hand:D": "3", **without}
        response = table.post(f"{game}/events/1", data)
        assert response.status_code == 422
        assert "This form was not made by this page: reload it and try again." in response.get_data(as_text=True)
    assert _events(table)[0]["hands"]["B"] == 9


def test_a_correction_that_breaks_a_later_event_is_refused(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 1, "C": 2, "D": 160}, ALL)
    table.post(f"{game}/buyback", {"player": "D"})
    data = {"winner": "A", "finish": "out", "hand:B": "1", "hand:C": "2", "hand:D": "10", "based_on": "0"}
    response = table.post(f"{game}/events/1", data)
    assert response.status_code == 422
    said = response.get_data(as_text=True)  # the entry named as the sheet names it, not by its place in the log
    assert "This correction makes the buy-back of D impossible: D is still in the game" in said
    assert "event 2" not in said
    assert _events(table)[0]["hands"]["D"] == 160


def test_rami_points_mode_round(table: Table) -> None:
    game = table.game(table.evening(players="Alice\nBob\nCédric"), ["Alice", "Bob", "Cédric"], preset="rami")
    data = {"winner": "Alice", "finish": "own_cards", "hand:Alice": "", "hand:Bob": "55", "hand:Cédric": "70"}
    data |= {"laid:Alice": "95", "laid:Bob": "30"}
    assert table.post(f"{game}/rounds", data).status_code == 303
    page = table.get(game).get_data(as_text=True)
    totals = page.split(">Total</th>")[1].split("</tr>")[0]
    assert re.findall(r'<td class="num[^"]*">([^<]+)</td>', totals) == ["520", "30", "0"]


def _events(table: Table) -> list[dict]:
    db = connect(table.client.application.config["DATABASE"])
    game_id = db.execute("SELECT id FROM games").fetchone()[0]
    return [event.data for event in current_events(db, game_id)]


def test_other_phones_poll_the_sheet_and_get_304_while_nothing_changed(table: Table, game: str) -> None:
    page = table.get(game).get_data(as_text=True)
    live = re.search(r'hx-get="([^"]+/live\?v=\d+)"', page).group(1).replace("&amp;", "&")
    unchanged = table.get(live)
    assert unchanged.status_code == 304 and unchanged.headers["Cache-Control"] == "no-store"
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    changed = table.get(live)
    assert changed.status_code == 200 and 'id="live"' in changed.get_data(as_text=True)
    fresh = re.search(r'hx-get="([^"]+/live\?v=\d+)"', changed.get_data(as_text=True)).group(1)
    assert fresh != live and table.get(fresh).status_code == 304


def test_the_game_page_charts_the_running_totals_once_a_round_is_played(table: Table, game: str) -> None:
    assert "Chart of the running totals" in table.get(game).get_data(as_text=True)  # there from the start
    assert "No round yet." in table.get(f"{game}/chart", headers={"HX-Request": "true"}).get_data(as_text=True)
    table.round(game, "A", {"B": 10, "C": 20, "D": 30}, ALL)
    page = table.get(game).get_data(as_text=True)
    assert f'hx-get="{game}/chart"' in page and "<polyline" not in page  # drawn only when opened
    fragment = table.get(f"{game}/chart", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in fragment and fragment.count('<polyline class="series') == 4
    assert "eliminated at 150" in table.get(f"{game}/chart").get_data(as_text=True)  # a page of its own, no JS


def test_a_hand_typed_with_other_digits_is_refused_not_a_crash(table: Table, game: str) -> None:
    response = table.round(game, "A", {"B": "²", "C": 2, "D": 3}, ALL)
    assert response.status_code == 422 and len(_events(table)) == 0


def test_a_rounds_htmx_answer_does_not_grow_with_the_game(table: Table, game: str) -> None:
    sizes = []
    for number in range(1, 41):
        winner = ALL[number % 4]
        hands = {name: 1 for name in ALL if name != winner}
        response = table.post(
            f"{game}/rounds",
            {"winner": winner, "finish": "out", **{f"hand:{name}": str(hands.get(name, "")) for name in ALL}},
            htmx=True,
        )
        assert response.status_code == 200
        sizes.append(len(response.get_data()))
    # The same few parts, whatever the game's length: compared round for round with the same winner (who went out
    # and who deals next are named in the answer, so the answer's size depends on the winner).
    assert max(abs(late - early) for early, late in zip(sizes[8:12], sizes[36:40], strict=True)) < 100
    page = table.get(game).get_data(as_text=True)
    assert page.count('<tr id="line-') == 20 and "Show the 20 earlier entries" in page
    assert table.get(f"{game}?all=1").get_data(as_text=True).count('<tr id="line-') == 40


def test_a_form_filled_before_a_player_was_eliminated_never_puts_a_hand_on_another_player(
    table: Table, game: str
) -> None:
    seen = _seen(table, game)  # phone B's sheet: A, B, C and D in
    table.round(game, "A", {"B": 150, "C": 5, "D": 5}, ALL)  # phone A: B is eliminated
    stale = {"hand:A": "5", "hand:B": "7", "hand:C": "30", "hand:D": ""}
    response = table.post(f"{game}/rounds", {"winner": "D", "finish": "out", **stale, "seen": seen})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "B is no longer in the game" in page
    assert [event["hands"] for event in _events(table)] == [{"B": 150, "C": 5, "D": 5}]  # nothing saved
    assert 'value="30"' in page  # C's 30 is kept on the fresh form, B's field is gone
    assert "Buy back for 5 chips" in table.get(game).get_data(as_text=True)  # still offered


def test_a_correction_of_a_round_deleted_meanwhile_says_so(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 1, "C": 2, "D": 3}, ALL)
    page = table.get(f"{game}/events/1").get_data(as_text=True)
    fields = dict(re.findall(r'name="(based_on|submission)" type="hidden" value="([^"]*)"', page))
    assert table.post(f"{game}/events/1/delete", {"based_on": "0"}).status_code == 303
    response = table.post(f"{game}/events/1", {"winner": "A", "finish": "out", "hand:B": "9", **fields})
    assert response.status_code == 422 and "deleted from another phone meanwhile" in response.get_data(as_text=True)
    assert _events(table) == []


def test_a_buy_back_has_its_line_on_the_sheet_and_in_the_htmx_answer(table: Table, game: str) -> None:
    table.round(game, "A", {"B": 40, "C": 62, "D": 55}, ALL)
    table.round(game, "B", {"A": 48, "C": 88, "D": 101}, ALL, finish="all_in_one")
    answer = table.post(f"{game}/buyback", {"player": "C"}, htmx=True).get_data(as_text=True)
    added = answer.split('hx-swap-oob="beforeend:#lines"', 1)
    assert len(added) == 2 and "↺" in added[1].split("</tbody>", 1)[0]  # the new line, out of band
    sheet = table.get(game).get_data(as_text=True).split('id="lines"', 1)[1].split("</tbody>", 1)[0]
    assert sheet.count("<tr") >= 3 and "↺" in sheet  # two rounds and the buy-back
