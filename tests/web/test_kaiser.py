"""A Kaiser game through the test client: teams, hands with their rule, passed deals, refusals, corrections."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest

from referee.storage.db import connect
from referee.storage.games import current_events
from tests.web.conftest import Table

NS, EW = "Ana & Céline", "Ben & Driss"


def kaiser_fields(data: dict[str, str]) -> dict[str, str]:
    """The Kaiser game form's fields as posted: each name prefixed, apart from the rummy game form's."""
    return {"family": "kaiser", **{f"kaiser-{name}": value for name, value in data.items()}}


def start(table: Table, preset: str = "kaiser", dealer: str = "Driss", **seats: str) -> str:
    """A Kaiser game of a four-player evening: Ana & Céline against Ben & Driss; returns its URL."""
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    table.get(evening)
    data = {"preset": preset, "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(f"{evening}/games", kaiser_fields({**data, **seats, "dealer": dealer}))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def hand(table: Table, game: str, bidder: str, bid: int, tricks: int, five: str, three: str, **extra: Any) -> Any:
    """Record a hand: the bidding team's tricks, and the team that took the 5♥ and the 3♠."""
    data = {"bidder": bidder, "bid": bid, "tricks": tricks, "five_hearts": five, "three_spades": three, **extra}
    if data.pop("no_trump", False):
        data["no_trump"] = "y"
    return table.post(f"{game}/hands", data)


def events(table: Table) -> list[dict[str, Any]]:
    db = connect(table.client.application.config["DATABASE"])
    return [event.data for event in current_events(db, 1)]


def rows(page: str) -> list[list[str]]:
    """The sheet's hand rows: number, bid, and the two teams' changes."""
    body = page.split('<tbody id="lines">')[1].split("</tbody>")[0]
    found = []
    for row in re.findall(r'<tr id="line-\d+" class="line-hand">(.*?)</tr>', body, re.S):
        cells = []
        for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S):
            change = re.search(r'class="change">([^<]*)<', cell)  # a team's cell: its running total, then the change
            cells.append(change.group(1) if change else re.sub(r"<[^>]+>|✎", "", cell).strip())
        found.append(cells)
    return found


@pytest.fixture
def game(table: Table) -> str:
    return start(table)


def test_a_hand_shows_each_teams_change_and_the_rule(table: Table, game: str) -> None:
    assert hand(table, game, "Ana", 7, 6, NS, EW).status_code == 303
    page = table.get(game).get_data(as_text=True)
    assert rows(page) == [["1", "Ana 7", "+18", "−1"]]
    assert "Ana &amp; Céline: bid 7 made with 11 points: scores 7 + 11 = 18<br>" in page
    assert "Ben &amp; Driss: not bidding, below 45: loses 1 point</small>" in page
    assert "made_bid" not in page and "adds its" not in page  # no option names, no "adds its -1 points"
    assert events(table) == [
        {
            "type": "hand",
            "dealer": "Driss",
            "bidder": "Ana",
            "bid": 7,
            "no_trump": False,
            "tricks": {NS: 6, EW: 2},
            "five_hearts": NS,
            "three_spades": EW,
        }
    ]
    assert "Ana deals" in page


def explained(page: str) -> list[str]:
    """Each hand's explanation lines, as a player reads them under the hand."""
    return [unescape(re.sub(r"<[^>]+>", "", line)).strip() for line in re.split(r"<br>|</small>", page) if ": " in line]


PLAIN = {
    "en": [
        "Ana & Céline: not bidding, below 45: loses 2 points",
        "Ben & Driss: bid 11 no trump made with 12 points: scores 11 + 12 = 23, doubled in no trump: 46",
        "Ana & Céline: bid 7 failed with 6 points: loses 7",
        "Ben & Driss: not bidding, at 46: adds nothing for its 4 points (at 45 or more, only a bid scores)",
    ],
    "fr": [
        "Ana & Céline : en défense, sous 45 : perd 2 points",
        "Ben & Driss : annonce 11 sans atout réussie avec 12 points : marque 11 + 12 = 23, doublé à sans atout : 46",
        "Ana & Céline : annonce 7 chutée avec 6 points : perd 7",
        "Ben & Driss : en défense, à 46 : n’ajoute rien pour ses 4 points (à 45 ou plus, seule une annonce marque)",
    ],
}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_hand_is_explained_in_plain_words_in_the_players_language(table: Table, game: str, lang: str) -> None:
    hand(table, game, "Ben", 11, 7, EW, NS, no_trump=True)  # Ben & Driss: (11 + 12) × 2 = 46, Ana & Céline −2
    hand(table, game, "Ana", 7, 4, NS, NS)  # Ana & Céline fail 7 with 6 points, Ben & Driss at 46 add nothing
    table.client.set_cookie("lang", lang)
    page = table.get(game).get_data(as_text=True)
    lines = [line for line in explained(page) if any(line.startswith(team) for team in (NS, EW))]
    assert [line.replace("\u00a0", " ") for line in lines] == PLAIN[lang]
    assert not re.search(r"made_bid|bid_out|bid_plus_points|adds its", page)


@pytest.mark.parametrize(
    ("bidder", "bid", "tricks", "five", "three", "extra", "expected"),
    [
        pytest.param("Ana", 9, 5, EW, NS, {}, ["1", "Ana 9", "−9", "+8"], id="§8 failed bid loses it"),
        pytest.param(
            "Ana", 8, 7, NS, EW, {"no_trump": True}, ["1", "Ana 8 no trump", "+40", "−2"], id="§8 no trump doubles"
        ),
        pytest.param("Ben", 6, 8, EW, EW, {}, ["1", "Ben 6", "0", "+16"], id="a team that took every trick"),
    ],
)
def test_rules_8_hands_through_the_app(
    table: Table, game: str, bidder: str, bid: int, tricks: int, five: str, three: str, extra: Any, expected: list[str]
) -> None:
    assert hand(table, game, bidder, bid, tricks, five, three, **extra).status_code == 303
    assert rows(table.get(game).get_data(as_text=True)) == [expected]


def test_the_45_rule_the_other_team_at_45_adds_nothing(table: Table, game: str) -> None:
    hand(table, game, "Ben", 11, 7, EW, NS, no_trump=True)  # Ben & Driss: (11 + 12) × 2 = 46
    hand(table, game, "Ana", 7, 4, NS, NS)  # §8: Ana & Céline fail 7 with 6 points, Ben & Driss at 46 add nothing
    page = table.get(game).get_data(as_text=True)
    assert rows(page)[1] == ["2", "Ana 7", "−7", "0"]
    assert "not bidding, at 46: adds nothing for its 4 points (at 45 or more, only a bid scores)" in page


def test_a_team_reaching_52_wins_and_the_hand_form_goes(table: Table, game: str) -> None:
    hand(table, game, "Ben", 11, 7, EW, NS, no_trump=True)  # 46
    assert hand(table, game, "Ben", 6, 5, EW, NS).status_code == 303  # 6 + 10 = 16: 62
    page = table.get(game).get_data(as_text=True)
    assert "Ben &amp; Driss win the game, 62 to −2." in page
    assert "Record a hand" not in page and "Everybody passed" not in page
    refused = hand(table, game, "Ana", 7, 6, NS, EW)
    assert refused.status_code == 422 and "the game is over" in refused.get_data(as_text=True)
    assert len(events(table)) == 2


@pytest.mark.parametrize(
    ("preset", "bid", "tricks", "five", "three", "message"),
    [
        pytest.param("kaiser", 4, 6, NS, EW, "a bid is from 5 to 12 at this table, not 4", id="bid below 5"),
        pytest.param("kaiser", 13, 6, NS, EW, "a bid is from 5 to 12 at this table, not 13", id="bid above 12"),
        pytest.param("kaiser-pagat", 5, 6, NS, EW, "a bid is from 6 to 12 at this table, not 5", id="pagat bid 5"),
        pytest.param("kaiser", 7, 9, NS, EW, "cannot take 9 tricks: a hand has 8", id="nine tricks"),
        pytest.param("kaiser", 7, 8, NS, EW, "took no trick, so it cannot have taken the 3♠", id="3♠ without a trick"),
        pytest.param("kaiser", 7, 0, NS, EW, "took no trick, so it cannot have taken the 5♥", id="5♥ without a trick"),
    ],
)
def test_an_illegal_bid_or_impossible_tricks_are_refused_with_the_reason_and_nothing_saved(
    table: Table, preset: str, bid: int, tricks: int, five: str, three: str, message: str
) -> None:
    game = start(table, preset)
    response = hand(table, game, "Ana", bid, tricks, five, three)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True).replace("&amp;", "&")
    assert events(table) == []


@pytest.mark.parametrize(
    ("missing", "message"),
    [
        ("bidder", "Pick the player who won the bid."),
        ("bid", "Pick the bid."),
        ("tricks", "Pick the bidding team's tricks."),
        ("five_hearts", "Pick the team that took the 5♥."),
    ],
)
def test_a_hand_says_what_is_missing(table: Table, game: str, missing: str, message: str) -> None:
    data = {"bidder": "Ana", "bid": 7, "tricks": 6, "five_hearts": NS, "three_spades": EW}
    del data[missing]
    response = table.post(f"{game}/hands", data)
    assert response.status_code == 422 and message in unescape(response.get_data(as_text=True))
    assert events(table) == []


def test_everybody_passed_moves_the_deal_and_is_not_a_hand(table: Table, game: str) -> None:
    assert table.post(f"{game}/passed", {}).status_code == 303
    page = unescape(table.get(game).get_data(as_text=True))
    assert "Everybody passed on Driss's deal." in page and "Ana deals" in page
    hand(table, game, "Ana", 7, 6, NS, EW)
    assert events(table)[0] == {"type": "passed", "dealer": "Driss"}
    assert events(table)[1]["dealer"] == "Ana"
    assert rows(table.get(game).get_data(as_text=True))[0][0] == "1"


def test_in_kaiser_pagat_the_dealer_must_bid_so_nobody_can_pass(table: Table) -> None:
    game = start(table, "kaiser-pagat")
    assert "Everybody passed" not in table.get(game).get_data(as_text=True)
    response = table.post(f"{game}/passed", {})
    assert response.status_code == 422 and "when everybody passes, the dealer must bid" in response.get_data(
        as_text=True
    )


def test_the_first_dealer_deals_first_and_the_deal_goes_to_the_left(table: Table) -> None:
    game = start(table, dealer="Céline")
    assert "Céline deals" in table.get(game).get_data(as_text=True)
    hand(table, game, "Ana", 7, 6, NS, EW)
    assert events(table)[0]["dealer"] == "Céline"
    assert "Driss deals" in table.get(game).get_data(as_text=True)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ({"partner": "Ana"}, "“Ana” cannot play in two places: Kaiser needs four players."),
        ({"dealer": "Eve"}, "The first dealer must be one of the four players."),
    ],
)
def test_a_kaiser_game_needs_four_different_players(table: Table, seats: dict[str, str], message: str) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss\nEve")
    data = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(f"{evening}/games", kaiser_fields({**data, "dealer": "Ana", **seats}))
    assert response.status_code == 422 and message in response.get_data(as_text=True)
    assert "Game 1" not in table.get(evening).get_data(as_text=True)


def test_an_evening_of_three_offers_no_kaiser_game(table: Table) -> None:
    assert "Start a Kaiser game" not in table.get(table.evening("A\nB\nC")).get_data(as_text=True)


def test_correcting_a_past_hand_scores_every_later_hand_again_and_logs_it(table: Table, game: str) -> None:
    hand(table, game, "Ana", 7, 6, NS, EW)
    hand(table, game, "Ben", 7, 5, EW, NS)
    page = table.get(game).get_data(as_text=True)
    slot = re.search(r"/events/(\d+)\"", page).group(1)
    form = table.get(f"{game}/hands/{slot}").get_data(as_text=True)
    assert re.search(r'<input checked id="bidder-0" name="bidder" type="radio" value="Ana">', form)
    assert 'name="bid" value="7" checked' in form and 'name="tricks" value="6" checked' in form
    corrected = {"bidder": "Ana", "bid": 9, "tricks": 6, "five_hearts": NS, "three_spades": EW, "based_on": "0"}
    assert table.post(f"{game}/hands/{slot}", corrected).status_code == 303
    page = table.get(game).get_data(as_text=True)
    assert [row[:4] for row in rows(page)] == [["1", "Ana 9", "+20", "−1"], ["2", "Ben 7", "0", "+17"]]
    assert "<del>7</del> → <ins>9</ins>" in page
    stale = table.post(f"{game}/hands/{slot}", corrected | {"bid": 10})
    assert stale.status_code == 422 and "someone changed this event meanwhile" in stale.get_data(as_text=True)


def test_a_correction_that_ends_the_game_early_is_refused(table: Table, game: str) -> None:
    hand(table, game, "Ben", 11, 7, EW, NS, no_trump=True)  # 46
    hand(table, game, "Ana", 7, 6, NS, EW)  # Ben & Driss at 46 still count their −1
    hand(table, game, "Ana", 7, 6, NS, EW)
    second = re.findall(r"/events/(\d+)\"", table.get(game).get_data(as_text=True))[1]
    winning = {"bidder": "Ben", "bid": 6, "tricks": 8, "five_hearts": EW, "three_spades": EW, "based_on": "0"}
    response = table.post(f"{game}/hands/{second}", winning)  # 45 + 16: Ben & Driss would win at hand 2
    assert response.status_code == 422
    assert "This correction makes hand 3 impossible: the game is over" in response.get_data(as_text=True)
    assert events(table)[1]["bidder"] == "Ana"


def test_the_same_hand_from_two_phones_on_the_same_sheet_is_recorded_once(table: Table, game: str) -> None:
    seen = re.search(r'name="seen" type="hidden" value="(\d+)"', table.get(game).get_data(as_text=True)).group(1)
    for phone in ("one", "two"):
        response = hand(table, game, "Ana", 7, 6, NS, EW, submission=phone, seen=seen, dealer="Driss")
        assert response.status_code == 303
    assert len(events(table)) == 1


def test_the_viewer_sees_the_hands_but_cannot_record(table: Table, game: str) -> None:
    hand(table, game, "Ana", 7, 6, NS, EW)
    evening = table.get(game.split("/games/")[0]).get_data(as_text=True)
    viewer = re.search(r"To follow the score[^<]*<br><a href=\"([^\"]+)\"", evening).group(1)
    page = table.get(f"{viewer}/games/1").get_data(as_text=True)
    assert rows(page) == [["1", "Ana 7", "+18", "−1"]] and "Record a hand" not in page
    assert table.post(f"{viewer}/games/1/hands", {"bidder": "Ana"}).status_code == 403


def test_other_phones_poll_the_kaiser_sheet(table: Table, game: str) -> None:
    page = table.get(game).get_data(as_text=True)
    live = re.search(r'hx-get="([^"]+/live\?v=\d+)"', page).group(1).replace("&amp;", "&")
    assert table.get(live).status_code == 304
    hand(table, game, "Ana", 7, 6, NS, EW)
    fresh = table.get(live)
    assert fresh.status_code == 200 and "+18" in fresh.get_data(as_text=True)


def test_kaiser_moves_no_chips_and_shows_on_the_evening_and_the_settle_up(table: Table, game: str) -> None:
    hand(table, game, "Ana", 7, 6, NS, EW)
    evening = game.split("/games/")[0]
    page = table.get(evening).get_data(as_text=True)
    assert "Ana &amp; Céline 18, Ben &amp; Driss −1" in page and "1 hand" in page
    settle = table.get(f"{evening}/settle").get_data(as_text=True)
    assert "Nobody owes anything." in settle and "Kaiser ·" in settle


def test_a_kaiser_sheet_downloads_as_csv(table: Table, game: str) -> None:
    table.post(f"{game}/passed", {})
    hand(table, game, "Ana", 8, 7, NS, EW, no_trump=True)
    sheet = table.get(f"{game}/sheet.csv").get_data(as_text=True).splitlines()
    assert sheet == [
        f"Hand,Entry,Bid,{NS},{EW}",
        ",passed,Everybody passed on Driss's deal.,,",
        "1,hand,Ana 8 no trump,+40,-2",  # a spreadsheet adds "-2", not the page's "−2"
        ",Total,,40,-2",
        f",Players,,{NS},{EW}",
    ]


def test_kaiser_house_rules_play_as_the_house_says(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    seats = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(f"{evening}/games", kaiser_fields({**seats, "dealer": "Driss", "house-target": "20"}))
    game = response.headers["Location"]
    hand(table, game, "Ana", 7, 6, NS, EW)  # +18
    hand(table, game, "Ben", 5, 2, NS, NS)  # Ben & Driss fail with 2: Ana & Céline add their 8 → 26 ≥ 20
    assert "Ana &amp; Céline win the game, 26 to −6." in table.get(game).get_data(as_text=True)
    assert json.loads(table.get(f"{game}/game.json").get_data(as_text=True))["options"] == {"target": 20}


def test_a_bad_kaiser_house_rule_is_refused_on_its_field(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    seats = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(
        f"{evening}/games",
        kaiser_fields({**seats, "dealer": "Driss", "house-min_bid": "twelve"}),
    )
    assert response.status_code == 422 and "min_bid" in response.get_data(as_text=True)
    assert "Game 1" not in table.get(evening).get_data(as_text=True)


def test_the_kaiser_page_charts_both_teams_running_totals(table: Table, game: str) -> None:
    hand(table, game, "Ana", 7, 6, NS, EW)
    page = table.get(f"{game}/chart").get_data(as_text=True)
    assert page.count('<polyline class="series') == 2 and "wins at 52" in page


def seen_and_dealer(table: Table, game: str) -> dict[str, str]:
    """The sheet version and the dealer the hand form on the page was filled with."""
    page = table.get(game).get_data(as_text=True)
    form = page.split('class="round kaiser-hand"')[1]
    return {
        "seen": re.search(r'name="seen" type="hidden" value="(\d+)"', form).group(1),
        "dealer": re.search(r'name="dealer" type="hidden" value="([^"]+)"', form).group(1),
    }


def test_everybody_passed_from_two_phones_on_the_same_sheet_is_recorded_once(table: Table, game: str) -> None:
    sheet = seen_and_dealer(table, game)
    for phone in ("one", "two"):
        assert table.post(f"{game}/passed", {**sheet, "submission": phone}).status_code == 303
    assert events(table) == [{"type": "passed", "dealer": "Driss"}]


def test_a_hand_refused_because_another_phone_recorded_one_can_be_sent_again(table: Table, game: str) -> None:
    stale = seen_and_dealer(table, game)
    hand(table, game, "Ana", 7, 6, NS, EW, submission="first", **stale)
    clash = hand(table, game, "Ben", 8, 5, EW, NS, submission="second", **stale)
    assert clash.status_code == 409 and "Hand 1 was recorded from another phone" in clash.get_data(as_text=True)
    refused = hand(table, game, "Ben", 8, 5, EW, NS, submission="second", dealer="Driss")  # not said which sheet
    page = refused.get_data(as_text=True)
    assert refused.status_code == 422 and "Ana deals now, not Driss" in page
    fresh = {
        "seen": re.search(r'name="seen" type="hidden" value="(\d+)"', page).group(1),
        "dealer": re.search(r'name="dealer" type="hidden" value="([^"]+)"', page).group(1),
    }
    assert fresh["dealer"] == "Ana" and fresh != stale
    assert hand(table, game, "Ben", 8, 5, EW, NS, submission="second", **fresh).status_code == 303
    assert [event["dealer"] for event in events(table)] == ["Driss", "Ana"]


def test_an_idle_phone_sending_an_entry_already_recorded_is_told(table: Table, game: str) -> None:
    idle = seen_and_dealer(table, game)
    hand(table, game, "Ana", 7, 6, NS, EW, submission="busy", **idle)
    response = hand(table, game, "Ana", 7, 6, NS, EW, submission="idle", **idle)
    assert response.status_code == 303 and len(events(table)) == 1
    assert "That entry was already on the sheet, recorded from another phone" in table.get(game).get_data(as_text=True)
    assert "recorded from another phone" not in table.get(game).get_data(as_text=True)  # said once


@pytest.mark.parametrize("field", ["seen", "based_on"])
def test_a_number_field_with_other_digits_is_not_a_crash(table: Table, game: str, field: str) -> None:
    hand(table, game, "Ana", 7, 6, NS, EW)
    slot = re.search(r"/events/(\d+)\"", table.get(game).get_data(as_text=True)).group(1)
    data = {"bidder": "Ana", "bid": 8, "tricks": 6, "five_hearts": NS, "three_spades": EW, "based_on": "0", field: "²"}
    assert table.post(f"{game}/hands/{slot}", data).status_code in (303, 422)
    assert hand(table, game, "Ben", 7, 6, EW, NS, **{field: "²"}).status_code in (303, 422)


def test_a_round_posted_to_a_kaiser_game_is_read_as_a_hand_and_refused(table: Table, game: str) -> None:
    response = table.post(f"{game}/rounds", {"winner": "Ana"})
    assert response.status_code == 422 and "Pick the player who won the bid." in response.get_data(as_text=True)
    assert events(table) == []


def test_two_teams_with_the_same_name_are_refused_plainly(table: Table) -> None:
    evening = table.evening("X & Y\nZ\nX\nY & Z")
    seats = {"preset": "kaiser", "first": "X & Y", "partner": "Z", "second": "X", "second_partner": "Y & Z"}
    response = table.post(f"{evening}/games", kaiser_fields({**seats, "dealer": "Z"}))
    assert response.status_code == 422
    assert "Both teams would be called “X &amp; Y &amp; Z”." in response.get_data(as_text=True)
