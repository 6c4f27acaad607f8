"""After each write the entry starts with its outcome; a buy-back is decided before the next round; the game's end
says the pot and offers a rematch."""

from __future__ import annotations

import re

from referee.rules.game_record import read_game
from referee.storage.db import connect
from referee.storage.games import current_events, games_of
from tests.web.conftest import Table
from tests.web.test_kaiser import EW, NS, hand, start

ALL = ["A", "B", "C", "D"]
NO_DECISION = "buy back or out for good?"


def _events(table: Table, number: int = 1) -> list[dict]:
    db = connect(table.client.application.config["DATABASE"])
    try:
        game_id = db.execute("SELECT id FROM games WHERE number = ?", [number]).fetchone()[0]
        return [event.data for event in current_events(db, game_id)]
    finally:
        db.close()


def _entry(page: str) -> str:
    """The scorer's entry, from its start to the end of the page."""
    return page[page.index('<div id="entry"') :]


def _eliminating_round(table: Table, game: str) -> str:
    """A wins round 1; B reaches 150 and is eliminated. Returns the htmx answer."""
    table.get(game)
    response = table.post(
        f"{game}/rounds", {"winner": "A", "finish": "out", "hand:B": "150", "hand:C": "5", "hand:D": "5"}, htmx=True
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["HX-Reswap"] == "outerHTML show:#entry:top"  # the phone shows the top of the entry
    return response.get_data(as_text=True)


def test_a_round_that_eliminates_a_player_answers_with_its_outcome_and_the_choice_first(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    entry = _entry(_eliminating_round(table, game))
    outcome = entry[: entry.index('<form class="round"')]  # before the next round's form
    assert "Round 1: A went out." in outcome and "B is eliminated at 150." in outcome
    assert "The pot holds 12 chips. C deals next." in outcome  # A dealt; B, eliminated, is skipped
    assert "<legend>B is eliminated</legend>" in outcome
    assert "Buy back for 5 chips</button>" in outcome and "Out for good</button>" in outcome
    assert "restarts at 5" in outcome


def test_the_next_round_is_refused_until_the_buy_back_is_decided(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    _eliminating_round(table, game)
    hands = {"winner": "C", "finish": "out", "hand:A": "3", "hand:D": "4"}
    response = table.post(f"{game}/rounds", hands, htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and f"B: {NO_DECISION}" in page
    assert response.headers["HX-Reswap"] == "outerHTML show:#entry:top"
    assert 'value="3"' in page  # the hands typed are kept on the form
    void = table.post(f"{game}/void", {"seen": "1"})
    assert void.status_code == 422 and NO_DECISION in void.get_data(as_text=True)
    without_js = table.post(f"{game}/rounds", hands)
    assert without_js.status_code == 422 and NO_DECISION in without_js.get_data(as_text=True)
    assert len(_events(table)) == 1  # nothing saved


def test_out_for_good_travels_with_the_next_round_and_puts_the_player_out(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    _eliminating_round(table, game)
    chosen = table.get(f"{game}/out?out=B", headers={"HX-Request": "true"})
    page = chosen.get_data(as_text=True)
    assert chosen.status_code == 200 and page.startswith("") and "<html" not in page
    assert "Out for good: the next round goes on without B." in page
    assert page.count('<input type="hidden" name="out" value="B">') >= 2  # the round form and the void form
    assert "Out for good</button>" not in page  # chosen; buying back is still offered
    assert "Buy back for 5 chips</button>" in page
    full = table.get(f"{game}/out?out=B&out=Nobody").get_data(as_text=True)  # without JavaScript: the whole page
    assert "<html" in full and 'value="Nobody"' not in full  # only a player who may buy back is kept
    response = table.post(
        f"{game}/rounds", {"winner": "C", "finish": "out", "hand:A": "3", "hand:D": "4", "out": "B"}, htmx=True
    )
    assert response.status_code == 200
    assert [event["type"] for event in _events(table)] == ["round", "round"]
    assert "B did not buy back: out for good." in _entry(response.get_data(as_text=True))
    assert ">B is eliminated<" not in table.get(game).get_data(as_text=True)


def test_a_buy_back_keeps_the_other_players_decision(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    table.get(game)
    data = {"winner": "A", "finish": "out", "hand:B": "150", "hand:C": "160", "hand:D": "5"}
    assert table.post(f"{game}/rounds", data, htmx=True).status_code == 200
    response = table.post(f"{game}/buyback", {"player": "C", "out": "B"}, htmx=True)
    page = _entry(response.get_data(as_text=True))
    assert response.status_code == 200 and "C bought back for 5 chips and restarts at 5." in page
    assert "Out for good: the next round goes on without B." in page
    assert '<input type="hidden" name="out" value="B">' in page[page.index('<form class="round"') :]


def test_a_viewer_sees_the_buy_back_waiting_but_no_button(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ALL)
    _eliminating_round(table, game)
    page = table.get(evening).get_data(as_text=True)
    viewer = re.search(r'href="(http://localhost/e/[^"]+)"[^>]*>[^<]*</a>', page.split("no changes possible")[1])
    assert viewer
    viewer_game = viewer.group(1).replace("http://localhost", "") + "/games/1"
    seen = table.get(viewer_game).get_data(as_text=True)
    assert "the scorer asks whether they buy back" in seen and "Buy back for" not in seen


def test_an_old_record_with_a_round_after_an_elimination_still_replays() -> None:
    record = {
        "players": ["A", "B", "C"],
        "events": [
            {"type": "round", "winner": "A", "hands": {"B": 150, "C": 5}},
            {"type": "round", "winner": "C", "hands": {"A": 5}},
        ],
    }
    final = read_game(record).standings()
    assert [str(player.status) for player in final.players] == ["in", "out", "in"]


def test_the_end_of_the_game_says_the_pot_in_chips_and_money_and_offers_a_rematch(table: Table) -> None:
    evening = table.evening(players="A\nB\nC")
    game = table.game(evening, ["A", "B", "C"])
    assert table.round(game, "A", {"B": 150, "C": 5}, ["A", "B", "C"]).status_code == 303
    assert table.round(game, "A", {"C": 160}, ["A", "C"], out="B").status_code == 303  # B out, C eliminated: A left
    page = table.get(game).get_data(as_text=True)
    assert "Buy back for" not in page and "Save the round" not in page
    end = page[page.index('class="game-end"') :]
    assert "A takes the pot: 9 chips." in end and "That is €1.80." in end  # 3 antes of 3 chips, 0.20 each
    assert "Rematch: the same players and rules" in end
    french = table.get(game, headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "A remporte la cagnotte\u00a0: 9 jetons." in french and "Soit 1,80\u00a0€." in french
    rematch = table.post(f"{game}/rematch", {})
    assert rematch.status_code == 303 and rematch.headers["Location"].endswith("/games/2")
    again = table.post(f"{game}/rematch", {})  # a double tap opens the rematch made
    assert again.status_code == 303 and again.headers["Location"].endswith("/games/2")
    db = connect(table.client.application.config["DATABASE"])
    try:
        first, second = games_of(db, 1)
    finally:
        db.close()
    assert (second.preset, second.options, second.players) == (first.preset, first.options, first.players)
    assert second.first_dealer == (first.first_dealer + 1) % 3


def test_a_rematch_of_a_game_followed_by_others_is_its_own_and_made_once(table: Table) -> None:
    evening = table.evening(players="A\nB")
    game = table.game(evening, ["A", "B"])
    assert table.round(game, "A", {"B": 160}, ["A", "B"]).status_code == 303  # B is out: A wins game 1
    table.game(evening, ["A", "B"], preset="rami")  # game 2, started meanwhile, is no rematch of game 1
    for _ in range(2):  # a double tap, or two phones
        rematch = table.post(f"{game}/rematch", {})
        assert rematch.status_code == 303 and rematch.headers["Location"].endswith("/games/3")
    db = connect(table.client.application.config["DATABASE"])
    try:
        assert [g.preset for g in games_of(db, 1)] == ["kaluki", "rami", "kaluki"]
    finally:
        db.close()


def test_a_rematch_waits_for_the_end_of_the_game(table: Table) -> None:
    game = table.game(table.evening(), ALL)
    response = table.post(f"{game}/rematch", {})
    assert response.status_code == 422 and "This game is not over yet" in response.get_data(as_text=True)
    assert table.get(game.replace("/games/1", "/games/2")).status_code == 404


def test_a_kaiser_rematch_keeps_the_teams_and_passes_the_first_deal(table: Table) -> None:
    game = start(table)
    hand(table, game, "Ben", 11, 7, EW, NS, no_trump=True)
    assert hand(table, game, "Ben", 6, 5, EW, NS).status_code == 303  # Ben & Driss reach 62
    page = table.get(game).get_data(as_text=True)
    assert "Rematch: the same players and rules" in page and "takes the pot" not in page  # Kaiser has no pot
    assert table.post(f"{game}/rematch", {}).status_code == 303
    db = connect(table.client.application.config["DATABASE"])
    try:
        first, second = games_of(db, 1)
    finally:
        db.close()
    assert (second.preset, second.players, second.seating) == (first.preset, first.players, first.seating)
    assert second.first_dealer == (first.first_dealer + 1) % 4
