"""The table's screen (#44): a read-only link of its own, handed out by the scorer, that follows the evening through
cheap polls, shows who sent their hand (never a card of it), each family's part through the registry, and at a game's
end the final standings with the evening's settle-up."""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Flask

from referee.services import database
from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_kaiser import start as start_kaiser
from tests.web.test_own_hands import _write_routes, own_links, playing, send

CARD = re.compile(r"(?<![\w])(?:10|[2-9AKQJRDV])[♠♥♦♣]")  # a card as a page writes it, in either language


def text(response: Any) -> str:
    return html.unescape(response.get_data(as_text=True))


def display_of(table: Table, evening: str) -> str:
    """The table's screen's path, as the scorer's evening page hands it out (with its QR code)."""
    page = text(table.get(evening))
    found = re.search(r'<details class="display-qr">.*?href="http://localhost(/e/[^"/]+/display)"', page, re.S)
    assert found, "the scorer's evening page hands out the table's screen"
    return found.group(1)


def poll_of(page: str) -> str:
    """The URL the table's screen polls (`display/_display.html`)."""
    found = re.search(r'id="display-poll"[^>]*hx-get="([^"]+)"', page)
    assert found, "no poll on the table's screen"
    return found.group(1)


def polled(table: Table, url: str) -> Any:
    return table.get(url, headers={"HX-Request": "true"})


def test_the_screen_follows_each_round_and_names_who_sent_their_hand_never_a_card(table: Table) -> None:
    evening, game, keys = playing(table)
    display = display_of(table, evening)
    page = text(table.get(display))
    assert "Game 1" in page and "Round 1" in page and "Waiting for: Ana, Ben and Cy." in page
    poll = poll_of(page)
    assert polled(table, poll).status_code == 304
    send(table, keys["Ben"], "7S QH KD")
    sent = text(polled(table, poll))
    assert "Hands in: Ben." in sent and "Waiting for: Ana and Cy." in sent
    assert not CARD.findall(sent) and "7S" not in sent and "27" not in sent  # names only: no card, no count
    assert 'class="display fresh' not in sent  # a hand sent is no new entry: nothing is highlighted
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "7S QH KD"})
    recorded = text(polled(table, poll_of(sent)))
    assert 'class="display fresh' in recorded  # what the round changed, highlighted once
    assert "Round 1: Cy went out." in recorded and "Round 2" in recorded
    assert re.search(r'class="num change changed">\+27<', recorded)  # Ben's penalty, beside his total
    assert not CARD.findall(recorded)
    again = text(polled(table, poll_of(recorded).replace("v=", "v=0").replace("at=", "at=0")))  # another version
    assert 'class="display fresh' in again
    assert 'class="display fresh' not in text(table.get(display))  # a screen opened afresh highlights nothing


def test_the_screen_s_unchanged_poll_is_one_statement_answered_before_the_app(table: Table, app: Flask) -> None:
    evening, _, _ = playing(table)
    poll = urlsplit(poll_of(text(table.get(display_of(table, evening)))))
    quiet = app.extensions["quiet_polls"]
    environ = {"REQUEST_METHOD": "GET", "PATH_INFO": poll.path, "QUERY_STRING": poll.query}
    statements: list[str] = []
    database.quick_connection(app.config["DATABASE"]).conn.set_trace_callback(statements.append)
    try:
        answer = quiet.answer(environ)
    finally:
        database.quick_connection(app.config["DATABASE"]).conn.set_trace_callback(None)
    assert answer is not None and answer[0] == 304 and answer[2] == b""
    assert len(statements) == 1 and "display_key" in statements[0], statements
    assert parse_qs(poll.query)["at"]
    assert quiet.answer({**environ, "QUERY_STRING": poll.query.replace("v=", "v=9")}) is None  # a change: the app's


def test_every_write_through_the_screen_s_link_is_refused_and_changes_nothing(app: Flask, table: Table) -> None:
    evening, game, _ = playing(table)
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "160", "hand:Ben": "5"})
    screen = display_of(table, evening).split("/")[2]
    db = connect(app.config["DATABASE"])
    counts = {name: db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in db.table_names()}  # noqa: S608
    routes = [*_write_routes(app), "/e/<key>/games/<int:number>/hand"]  # and a player's hand: it is nobody's
    assert "/e/<key>/games/<int:number>/rounds" in routes and "/e/<key>/settle/paid" in routes
    for rule in routes:
        url = rule.replace("<key>", screen).replace("<int:number>", "1").replace("<int:slot>", "1")
        fields = {"winner": "Ben", "hand:Ana": "5", "hand:Cy": "5", "player": "Ana", "cards": "5H 6H 7H", "number": "2"}
        answer = table.post(url.replace("<kind>", "meld"), {**fields, "based_on": "0", "hand": "5"})
        expected = {"/e/<key>/desk/<kind>": 200, "/e/<key>/games/<int:number>/hand": 404}.get(rule, 403)
        assert answer.status_code == expected, rule  # the desk answers and keeps nothing, as for a viewer
    for url in (f"/e/{screen}/players", f"/e/{screen}/games/1/sent", f"/e/{screen}/games/1/events/1"):
        assert table.get(url).status_code == 403, url
    assert table.get(f"/e/{screen}/hand").status_code == 404  # no player's seat
    db = connect(app.config["DATABASE"])
    assert {name: db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in db.table_names()} == counts  # noqa: S608
    # It reads what the viewer's link reads, and shows nothing of the scorer's.
    page = text(table.get(f"/e/{screen}"))
    assert "You are following this evening" in page and "Links for the other phones" not in page


def test_the_screen_answers_its_own_link_only(table: Table) -> None:
    evening, _, keys = playing(table)
    display = display_of(table, evening)
    viewer = re.search(r"/e/([^/\"]+)\"[^>]*>[^<]*</a></figcaption>", text(table.get(evening)))
    assert viewer
    for key in (evening.split("/")[2], viewer.group(1), keys["Ana"]):
        assert table.get(f"/e/{key}/display").status_code == 404
        assert table.get(f"/e/{key}/display/live?v=0&at=").status_code == 404
    assert table.get(display).status_code == 200
    assert "display-qr" not in text(table.get(f"/e/{viewer.group(1)}"))  # the scorer's to hand out


def test_an_evening_made_before_the_screen_gets_its_link_when_first_asked(app: Flask, table: Table) -> None:
    evening = table.evening()
    db = connect(app.config["DATABASE"])
    with db.conn:
        db.execute("UPDATE evenings SET display_key = NULL")  # as migration m019 leaves an older evening
    first = display_of(table, evening)
    assert display_of(table, evening) == first  # made once, then kept
    assert table.get(first).status_code == 200


def test_an_elimination_and_the_buy_back_it_offers_show_as_they_happen(table: Table) -> None:
    evening, game, _ = playing(table)
    display = display_of(table, evening)
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "150", "hand:Ben": "20"})
    page = text(table.get(display))
    assert "Ana is eliminated at 150." in page and "Ana may buy back: 5 chips, back at 20." in page
    assert "The pot holds 9 chips." in page
    table.post(f"{game}/buyback", {"player": "Ana"})
    page = text(table.get(display))
    assert "Ana bought back for 5 chips and restarts at 20." in page and "The pot holds 14 chips." in page


def test_at_a_game_s_end_the_screen_shows_the_final_standings_the_settle_up_then_the_next_game(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCy", **{"house-max_buybacks": "0"})
    game = table.game(evening, ["Ana", "Ben", "Cy"])
    display = display_of(table, evening)
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "150", "hand:Ben": "20"})
    assert "Ana is out for good at 150." in text(table.get(display))
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ben": "160"})
    over = text(table.get(display))
    assert "Final standings" in over and "Cy wins the game and takes the pot of 9 chips." in over
    assert "Settle up" in over and re.search(r"(Ana|Ben) pays Cy €\d", over)
    names = re.findall(r'<th scope="row" class="name[^"]*">([^<\s]+)', over)
    assert names == ["Cy", "Ana", "Ben"]  # the winner first, then the lowest total
    rematch = table.post(f"{game}/rematch", {})
    assert rematch.status_code == 303
    follows = text(table.get(display))
    assert "Game 2" in follows and "The last game: Cy wins the game" in follows and "Round 1" in follows


def test_a_kaiser_game_shows_its_teams_their_race_to_52_the_bid_and_the_deal(table: Table) -> None:
    game = start_kaiser(table)
    evening = game.split("/games/")[0]
    display = display_of(table, evening)
    team = "Ana & Céline"
    hand = {"bidder": "Ana", "bid": "7", "tricks": "6", "five_hearts": team, "three_spades": "Ben & Driss"}
    assert table.post(f"{game}/hands", hand).status_code == 303
    page = text(table.get(display))
    assert "The race to 52" in page and "Hand 1: Ana bid 7." in page and "Hand 2" in page
    assert re.search(r'class="race-done" width="\d+"', page)
    assert "Deals" in page and "Calls first" in page
    keys = own_links(table, evening)
    sent = table.post(f"/e/{keys['Céline']}/games/1/hand", {"number": "2", **hand, "bid": "8", "tricks": "7"})
    assert sent.status_code == 200
    page = text(table.get(display))
    assert "Hands in: Céline." in page and "bid 8" not in page  # a Kaiser hand sent is named, never said
