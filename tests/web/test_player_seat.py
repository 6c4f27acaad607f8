"""Every player's phone, a full seat at the table (#42): the player's screen follows its game through cheap polls,
shows what each round did to that player, never leaves them stuck on a round already recorded, offers a choice when
they sit at two tables, and leaves conflicts to the scorer."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from referee.services import database
from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_at_the_table import RAMI, events
from tests.web.test_kaiser import start as start_kaiser
from tests.web.test_own_hands import own_links, playing, send
from tests.web.test_settle import ALL, play_rules_8_game


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def poll_of(page: str) -> str:
    """The URL a player's screen polls (`hands/_poll.html`)."""
    found = re.search(r'id="seat-poll"[^>]*hx-get="([^"]+)"', page)
    assert found, "no poll on the player's screen"
    return found.group(1)


def polled(table: Table, url: str) -> Any:
    return table.get(url, headers={"HX-Request": "true"})


def screen_of(table: Table, key: str, number: int | None = None) -> str:
    return text(table.get(f"/e/{key}/hand" + (f"/{number}" if number else "")))


def test_the_player_s_screen_shows_each_round_recorded_without_a_reload(table: Table) -> None:
    _, game, keys = playing(table)
    page = screen_of(table, keys["Ben"])
    poll = poll_of(page)
    assert polled(table, poll).status_code == 304  # nothing changed: the cheap answer
    assert (
        table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "23"}).status_code
        == 303
    )
    answer = polled(table, poll)
    assert answer.status_code == 200 and answer.headers["HX-Retarget"] == "#own-hand"  # a new round: redrawn whole
    shown = text(answer)
    assert "Round 1: Cy went out." in shown and "Your penalty: 23." in shown and "Your total: 23." in shown
    assert re.search(r'name="number" type="hidden" value="2"', shown)  # the next round's form
    assert polled(table, poll_of(shown)).status_code == 304


def test_a_hand_sent_by_another_player_redraws_only_what_never_holds_the_player_s_typing(table: Table) -> None:
    _, _, keys = playing(table)
    poll = poll_of(screen_of(table, keys["Ben"]))
    send(table, keys["Cy"], "7S")
    answer = polled(table, poll)
    shown = text(answer)
    assert answer.status_code == 200 and "HX-Retarget" not in answer.headers
    assert 'id="hands-in" hx-swap-oob="true"' in shown and "Hands in: Cy." in shown
    assert 'name="hand"' not in shown  # the form being filled is left as it is


def test_the_seat_s_unchanged_poll_is_one_statement_answered_before_the_app(table: Table, app: Any) -> None:
    _, _, keys = playing(table)
    poll = urlsplit(poll_of(screen_of(table, keys["Ben"])))
    quiet = app.extensions["quiet_polls"]
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": poll.path, "QUERY_STRING": poll.query}
    statements: list[str] = []
    database.quick_connection(app.config["DATABASE"]).conn.set_trace_callback(statements.append)
    try:
        answer = quiet.answer(environ)
    finally:
        database.quick_connection(app.config["DATABASE"]).conn.set_trace_callback(None)
    assert answer is not None and answer[0] == 304 and answer[2] == b""
    assert len(statements) == 1, statements
    assert parse_qs(poll.query)["at"]  # the screen the phone shows goes with it
    stale = {**environ, "QUERY_STRING": poll.query.replace("v=", "v=9")}
    assert quiet.answer(stale) is None  # a change goes on to the app, which draws it


def test_a_late_send_is_answered_with_the_next_round_s_form_and_keeps_nothing(table: Table) -> None:
    _, game, keys = playing(table)
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "23"})
    late = send(table, keys["Ben"], "7S", number=1)
    assert late.status_code == 409
    shown = text(late)
    assert "Round 1 was recorded without your hand. This form is for round 2." in shown
    again = send(
        table, keys["Ben"], "7S", number=int(re.findall(r'name="number" type="hidden" value="(\d+)"', shown)[0])
    )
    assert again.status_code == 200 and "Sent: 1 card, 7 points." in text(again)
    assert table.get(f"{game}/sent").get_json()["fields"] == {"hand:Ben": "7♠"}


def test_every_refusal_is_a_sentence(table: Table) -> None:
    _, game, keys = playing(table)
    crafted = send(table, keys["Ben"], "7S", out="no")
    assert crafted.status_code == 422
    errors = re.findall(r'class="error" role="alert">([^<]+)<', text(crafted))
    assert errors and all(error[0].isupper() and error.rstrip()[-1] in ".?" for error in errors), errors
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "160"})  # out
    out = send(table, keys["Ben"], "7S", number=2)
    assert out.status_code in (409, 422)
    assert table.get(f"{game}/sent").get_json()["fields"] == {}


def test_a_player_eliminated_is_told_the_scorer_decides_the_buy_back(table: Table) -> None:
    _, game, keys = playing(table)
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "160"})
    shown = screen_of(table, keys["Ben"])
    assert "You are eliminated at 160. The scorer asks whether you buy back" in shown
    assert 'name="hand"' not in shown


def test_the_end_of_a_game_shows_the_final_standings_then_the_next_game(table: Table) -> None:
    evening = table.evening("\n".join(ALL))
    game = table.game(evening, ALL)
    keys = own_links(table, evening)
    play_rules_8_game(table, game)
    shown = screen_of(table, keys["B"])
    assert "Final standings" in shown and "This game is over." in shown and 'name="hand"' not in shown
    poll = poll_of(shown)
    assert polled(table, poll).status_code == 304
    assert table.post(f"{game}/rematch", {}).status_code == 303
    follow = polled(table, poll)
    assert follow.status_code == 200 and "Game 2" in text(follow)  # the next game, without a tap
    assert "The last game's result" in text(follow) and 'name="hand"' in text(follow)


def test_a_player_at_two_games_being_played_chooses_and_each_player_reaches_their_own(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy\nDi\nEd")
    first = table.game(evening, ["Ana", "Ben", "Cy"])
    second = table.game(evening, ["Ben", "Di", "Ed"], preset="rami")
    keys = own_links(table, evening)
    assert "Game 1" in screen_of(table, keys["Ana"]) and "Game 2" not in screen_of(table, keys["Ana"])
    assert "Game 2" in screen_of(table, keys["Di"])
    choice = screen_of(table, keys["Ben"])
    assert "You sit at two games being played" in choice and 'name="hand"' not in choice
    assert f"/e/{keys['Ben']}/hand/1" in choice and f"/e/{keys['Ben']}/hand/2" in choice
    chosen = screen_of(table, keys["Ben"], 2)
    assert "Rami" in chosen and "/games/2/hand?chosen=1" in chosen and "/hand/2/live?" in chosen
    sent = table.post(f"/e/{keys['Ben']}/games/2/hand?chosen=1", {"number": "1", "out": "", "hand": "9S"})
    assert sent.status_code == 200 and "/hand/2/live?" in text(sent)
    assert table.get(f"{second}/sent").get_json()["fields"] == {"hand:Ben": "9♠"}
    assert table.get(f"{first}/sent").get_json()["fields"] == {}


def test_the_evening_s_rules_cover_every_game_and_each_game_links_to_its_own(table: Table) -> None:
    evening = table.evening("\n".join(RAMI))
    table.game(evening, list(RAMI))
    rami = table.game(evening, list(RAMI), preset="rami")
    rules = text(table.get(f"{evening}/rules"))
    assert 'id="game-2"' in rules and "Game 2: Rami" in rules
    page = text(table.get(rami))
    assert f'href="{rami}/rules"' in page
    own = table.get(f"{rami}/rules")
    assert own.status_code == 200 and "Rami" in text(own)


def test_a_way_from_the_score_to_my_hand_and_back(table: Table) -> None:
    evening, game, keys = playing(table)
    key = keys["Ben"]
    scorer = evening.rsplit("/", 1)[1]
    sheet = text(table.get(game.replace(scorer, key)))
    assert f'class="button primary" href="/e/{key}/hand"' in sheet
    assert f'href="/e/{key}/hand"' in text(table.get(f"/e/{key}"))
    assert f'href="/e/{key}/games/1"' in screen_of(table, key)
    assert f'href="/e/{scorer}/hand"' not in text(table.get(game))  # the scorer has no hand of their own


def test_rami_s_kept_joker_is_declared_from_the_player_s_phone(table: Table) -> None:
    _, game, keys = playing(table, RAMI, "rami")
    shown = screen_of(table, keys["Bob"])
    assert 'name="jokers"' in shown
    sent = send(table, keys["Bob"], "5H 6H", jokers="1")
    assert sent.status_code == 200 and "1 joker kept" in text(sent)
    assert table.get(f"{game}/sent").get_json()["fields"]["jokers:Bob"] == "1"


def test_kaiser_claims_that_disagree_are_the_scorer_s_to_settle(table: Table) -> None:
    game = start_kaiser(table)
    keys = own_links(table, game.split("/games/")[0])
    ours, theirs = "Ana & Céline", "Ben & Driss"
    ana = {"number": "1", "bidder": "Ana", "bid": "7", "tricks": "6", "five_hearts": ours, "three_spades": ours}
    ben = {"number": "1", "bidder": "Ben", "bid": "8", "tricks": "8", "five_hearts": theirs, "three_spades": theirs}
    assert table.post(f"/e/{keys['Céline']}/games/1/hand", ana).status_code == 200
    waiting = screen_of(table, keys["Driss"])
    assert "Waiting for the hand of the team that won the bid" not in waiting  # one hand is all a deal needs
    assert table.post(f"/e/{keys['Ben']}/games/1/hand", ben).status_code == 200  # the other team claims the bid
    filled = table.get(f"{game}/sent").get_json()
    assert filled["fields"] == {} and "disagree" in filled["conflict"]
    page = text(table.get(game))
    assert "Céline sent: Ana bid 7, 6 tricks" in page and "Ben sent: Ben bid 8, 8 tricks" in page
    assert not re.search(r'name="bid" value="\d+" checked', page)  # nothing chosen
    assert events(table) == []


def test_kaiser_s_latest_hand_is_the_one_the_server_got_last_whatever_the_clock(table: Table, app: Any) -> None:
    game = start_kaiser(table)
    keys = own_links(table, game.split("/games/")[0])
    team = "Ana & Céline"
    first = {"number": "1", "bidder": "Ana", "bid": "7", "tricks": "6", "five_hearts": team, "three_spades": team}
    assert table.post(f"/e/{keys['Ana']}/games/1/hand", first).status_code == 200
    assert table.post(f"/e/{keys['Ana']}/games/1/hand", {**first, "tricks": "7"}).status_code == 200
    db = connect(app.config["DATABASE"])
    with db.conn:
        db.execute("UPDATE sent_hands SET sent_at = '2026-01-01T00:00:00+00:00'")  # one second for both
    assert table.get(f"{game}/sent").get_json()["fields"]["tricks"] == "7"


@pytest.mark.parametrize("language", ["fr"])
def test_kaiser_on_a_french_phone_says_no_english_word(table: Table, language: str) -> None:
    game = start_kaiser(table)
    keys = own_links(table, game.split("/games/")[0])
    table.client.set_cookie("lang", language)
    team = "Ana & Céline"
    hand = {"number": "1", "bidder": "Ana", "bid": "7", "no_trump": "y", "tricks": "6", "five_hearts": team,
            "three_spades": team}  # fmt: skip
    sent = text(table.post(f"/e/{keys['Céline']}/games/1/hand", hand))
    assert "Ana a annoncé 7 sans atout, 6 levées" in sent
    for english in ("no trump", "tricks", "Round", "round", "manche"):
        assert english not in re.sub(r"<[^>]+>", " ", sent.split('id="own-hand"', 1)[1]), english
    assert "Donne 1" in sent
