"""Every player counts their own hand, on their own phone (#35): each player's own link sends that player's hand for
the next round and follows the sheet, nothing else; the scorer's round form fills itself; nothing is a round until the
scorer saves it, and the round saved is the one the scorer would have tapped."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from flask import Flask

from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_at_the_table import RAMI, events
from tests.web.test_kaiser import start as start_kaiser

PLAYERS = ["Ana", "Ben", "Cy"]


def own_links(table: Table, evening: str) -> dict[str, str]:
    """Each player's own link's key, from the scorer's list of them."""
    page = table.get(f"{evening}/players")
    assert page.status_code == 200
    found = re.findall(
        r"<summary>([^<]+)</summary>.*?<a href=\"[^\"]*/e/([^/\"]+)/hand\">", page.get_data(as_text=True), re.S
    )
    return dict(found)


def playing(table: Table, players: list[str] = PLAYERS, preset: str = "kaluki") -> tuple[str, str, dict[str, str]]:
    """An evening, its first game and each player's own key."""
    evening = table.evening("\n".join(players))
    game = table.game(evening, players, preset=preset)
    return evening, game, own_links(table, evening)


def send(table: Table, key: str, hand: str = "", *, out: str = "", number: int = 1, **more: str) -> Any:
    """A player's phone sends their hand for round `number` of game 1."""
    return table.post(f"/e/{key}/games/1/hand", {"number": str(number), "out": out, "hand": hand, **more})


def alerts(response: Any) -> list[str]:
    return [html.unescape(text) for text in re.findall(r'role="alert">([^<]*)<', response.get_data(as_text=True))]


def test_two_players_hands_fill_the_scorer_s_form_and_the_round_saved_holds_them(table: Table) -> None:
    _, game, keys = playing(table)
    sent = send(table, keys["Ben"], "7S QH KD")
    assert sent.status_code == 200 and "Sent: 3 cards, 27 points." in sent.get_data(as_text=True)
    assert send(table, keys["Cy"], out="out").status_code == 200
    page = html.unescape(table.get(game).get_data(as_text=True))
    assert re.search(r'name="hand:Ben"[^>]* value="7♠ Q♥ K♦"', page)  # as the picker types it
    assert "sent: 3 cards, 27 points" in page and "sent: went out" in page
    assert re.search(r'checked[^>]*name="winner"[^>]*value="Cy"', page)  # the one who went out, proposed
    filled = table.get(f"{game}/sent").get_json()
    assert filled["fields"] == {"hand:Ben": "7♠ Q♥ K♦"} and filled["winner"] == "Cy" and filled["conflict"] == ""
    assert events(table) == []  # nothing is a round until the scorer saves
    # The scorer types Ana's hand (no phone) and saves: the round holds exactly those hands.
    saved = table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "7♠ Q♥ K♦"})
    assert saved.status_code == 303
    assert events(table) == [{"type": "round", "winner": "Cy", "hands": {"Ana": 5, "Ben": ["7S", "QH", "KD"]}}]


def test_the_latest_hand_counts_until_the_round_is_saved_then_it_is_refused(table: Table) -> None:
    _, game, keys = playing(table)
    send(table, keys["Ben"], "7S")
    send(table, keys["Ben"], "9S 9H")
    assert table.get(f"{game}/sent").get_json()["fields"] == {"hand:Ben": "9♠ 9♥"}
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "18"})
    late = send(table, keys["Ben"], "7S")  # from a page drawn before the scorer saved: never stuck on round 1
    text = html.unescape(late.get_data(as_text=True))
    assert late.status_code == 409
    assert "Round 1 was recorded without your hand. This form is for round 2." in text
    assert re.search(r'name="number" type="hidden" value="2"', text)  # the next Send goes to round 2
    assert table.get(f"{game}/sent").get_json()["fields"] == {}  # round 2: nothing sent yet
    assert send(table, keys["Ben"], "9S", number=2).status_code == 200
    assert table.get(f"{game}/sent").get_json()["fields"] == {"hand:Ben": "9♠"}


def test_a_hand_the_packs_cannot_hold_is_refused_on_the_player_s_phone_with_the_reason(table: Table) -> None:
    _, game, keys = playing(table)
    refused = send(table, keys["Ben"], "7S 7S 7S")
    assert refused.status_code == 422
    assert "Ben's cards: 7♠ appears 3 times but only 2 packs are in play." in alerts(refused)  # a sentence
    too_many = send(
        table,
        keys["Ben"],
        " ".join(["2C"] * 2 + ["3C"] * 2 + ["4C"] * 2 + ["5C"] * 2 + ["6C"] * 2 + ["7C"] * 2 + ["8C"] * 2 + ["9C"]),
    )
    assert too_many.status_code == 422 and "a player holds at most 14" in " ".join(alerts(too_many))
    assert table.get(f"{game}/sent").get_json()["fields"] == {}


def test_two_players_who_say_they_went_out_are_the_scorer_s_to_settle(table: Table) -> None:
    _, game, keys = playing(table)
    send(table, keys["Ana"], out="out")
    send(table, keys["Cy"], out="all_in_one")
    filled = table.get(f"{game}/sent").get_json()
    assert filled["winner"] is None and filled["conflict"] == "Ana and Cy each say they went out: choose who did."
    page = html.unescape(table.get(game).get_data(as_text=True))
    assert "Ana and Cy each say they went out: choose who did." in page
    assert not re.search(r'checked[^>]*name="winner"', page)  # nothing chosen for the scorer
    assert events(table) == []


def test_rami_laid_melds_and_the_hand_reach_the_scorer_s_form(table: Table) -> None:
    _, game, keys = playing(table, RAMI, "rami")
    sent = send(table, keys["Bob"], "5H 6H", laid="9C 9D 9H / AS")
    assert sent.status_code == 200 and "30 points laid" in sent.get_data(as_text=True)
    page = html.unescape(table.get(game).get_data(as_text=True))
    assert re.search(r'name="laid:Bob"[^>]* value="9♣ 9♦ 9♥ / A♠"', page)
    assert re.search(r'name="hand:Bob"[^>]* value="5♥ 6♥"', page)


def test_a_player_link_sends_only_its_own_player_s_hand(table: Table) -> None:
    _, game, keys = playing(table)
    send(table, keys["Ben"], "7S", player="Ana", **{"hand:Ana": "KS"})  # fields for another player are ignored
    assert table.get(f"{game}/sent").get_json()["fields"] == {"hand:Ben": "7♠"}


def test_a_player_link_follows_the_sheet_and_never_sees_another_hand_or_the_scorer_s_link(table: Table) -> None:
    evening, game, keys = playing(table)
    send(table, keys["Ben"], "7S QH KD")
    scorer_key = evening.rsplit("/", 1)[1]
    for page in (table.get(f"/e/{keys['Ana']}/hand"), table.get(game.replace(scorer_key, keys["Ana"]))):
        text = html.unescape(page.get_data(as_text=True))
        assert page.status_code == 200 and scorer_key not in text
        assert "7♠ Q♥ K♦" not in text and "27 points" not in text and "Record a round" not in text
    assert "Hands in: Ben." in html.unescape(table.get(f"/e/{keys['Ana']}/hand").get_data(as_text=True))


def _write_routes(app: Flask) -> list[str]:
    """Every route that writes through an evening's link."""
    return sorted(
        rule.rule
        for rule in app.url_map.iter_rules()
        if "POST" in (rule.methods or ())
        and rule.rule.startswith("/e/<key>")
        and rule.endpoint != "hands.send_own_hand"
    )


def test_every_write_through_a_player_s_link_is_refused_and_changes_nothing(app: Flask, table: Table) -> None:
    _, game, keys = playing(table)
    table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "160", "hand:Ben": "5"})
    db = connect(app.config["DATABASE"])
    counts = {name: db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in db.table_names()}  # noqa: S608
    routes = _write_routes(app)
    assert "/e/<key>/games/<int:number>/rounds" in routes and "/e/<key>/settle/paid" in routes
    ben = keys["Ben"]
    for rule in routes:
        url = (
            rule.replace("<key>", ben).replace("<int:number>", "1").replace("<int:slot>", "1").replace("<kind>", "meld")
        )
        fields = {
            "winner": "Ben",
            "hand:Ana": "5",
            "hand:Cy": "5",
            "player": "Ana",
            "cards": "5H 6H 7H",
            "based_on": "0",
        }
        answer = table.post(url, fields)
        expected = 200 if rule.endswith("/desk/<kind>") else 403  # the desk answers and keeps nothing, as for a viewer
        assert answer.status_code == expected, rule
    for url in (f"/e/{ben}/players", f"/e/{ben}/games/1/sent", f"/e/{ben}/games/1/events/1"):
        assert table.get(url).status_code == 403, url
    db = connect(app.config["DATABASE"])
    assert {name: db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] for name in db.table_names()} == counts  # noqa: S608


def test_a_viewer_s_link_has_no_hand_to_send_and_no_list_of_links(table: Table) -> None:
    evening, _, _ = playing(table)
    viewer = re.search(r"/e/([^/\"]+)\"[^>]*>[^<]*</a></figcaption>", table.get(evening).get_data(as_text=True))
    assert viewer
    assert table.get(f"/e/{viewer.group(1)}/hand").status_code == 404
    assert table.get(f"/e/{viewer.group(1)}/players").status_code == 403
    assert table.post(f"/e/{viewer.group(1)}/games/1/hand", {"number": "1", "hand": "5"}).status_code == 404


@pytest.mark.parametrize("language", ["fr"])
def test_a_player_s_screen_speaks_the_table_s_language(table: Table, language: str) -> None:
    _, _, keys = playing(table)
    table.client.set_cookie("lang", language)
    sent = send(table, keys["Ben"], "7S QH KD")
    text = html.unescape(sent.get_data(as_text=True))
    assert "Envoyé\u00a0: 3 cartes, 27 points." in text
    assert "D♥" in text and "Q♥" not in text  # the card picker's letters and the hand sent, in French


def test_a_kaiser_hand_comes_from_the_bidding_team_s_phone_for_the_scorer_to_confirm(table: Table) -> None:
    game = start_kaiser(table)
    evening = game.split("/games/")[0]
    keys = own_links(table, evening)
    team = "Ana & Céline"
    hand = {"number": "1", "bidder": "Ana", "bid": "7", "tricks": "6", "five_hearts": team, "three_spades": team}
    refused = table.post(f"/e/{keys['Ben']}/games/1/hand", hand)  # Ben plays against the bidder
    assert refused.status_code == 422
    assert "The bidding team sends the hand: Ben did not play with Ana." in html.unescape(
        refused.get_data(as_text=True)
    )
    sent = table.post(f"/e/{keys['Céline']}/games/1/hand", hand)
    assert sent.status_code == 200 and "Sent: Ana bid 7, 6 tricks." in html.unescape(sent.get_data(as_text=True))
    page = html.unescape(table.get(game).get_data(as_text=True))
    assert "Céline sent: Ana bid 7, 6 tricks" in page
    assert re.search(r'name="bid" value="7" checked', page) and re.search(r'name="tricks" value="6" checked', page)
    assert events(table) == []  # the scorer confirms: nothing is recorded before
    fields = {"bidder": "Ana", "bid": "7", "tricks": "6", "five_hearts": team, "three_spades": team}
    assert table.post(f"{game}/hands", fields).status_code == 303
    assert [event["bidder"] for event in events(table)] == ["Ana"]


def test_the_scorer_s_next_round_form_still_takes_the_players_hands(table: Table) -> None:
    _, game, keys = playing(table)
    saved = table.post(f"{game}/rounds", {"winner": "Cy", "finish": "out", "hand:Ana": "5", "hand:Ben": "6"}, htmx=True)
    assert saved.status_code == 200 and 'data-sent-url="' in saved.get_data(as_text=True)  # round 2's form looks too
    send(table, keys["Ben"], "9S", number=2)
    assert table.get(f"{game}/sent").get_json()["fields"] == {"hand:Ben": "9♠"}


def test_a_hand_from_a_form_without_its_round_is_refused_with_the_reason(table: Table) -> None:
    _, game, keys = playing(table)
    refused = table.post(f"/e/{keys['Ben']}/games/1/hand", {"number": "x", "out": "", "hand": "7S"})
    assert refused.status_code == 422
    assert "This form was not made by this page: reload it and try again." in alerts(refused)
    assert table.get(f"{game}/sent").get_json()["fields"] == {}
