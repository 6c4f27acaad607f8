"""A player's history at an evening: the numbers, the evening's games only, the charts, and no leaked keys."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path
from typing import Any

from referee.storage.db import connect
from tests.events import kaiser_hand, rummy_round
from tests.web.conftest import Table

GAMES = Path(__file__).parent.parent / "rules" / "games"


def evening(table: Table, title: str, *games: dict[str, Any]) -> str:
    """Import an evening of these games; return its scorer URL."""
    record = {"format": "referee.evening/1", "title": title, "chip_value": "0.20", "currency": "EUR"}
    response = table.post("/import", {"text": json.dumps({**record, "games": list(games)})})
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def imported(table: Table, path: Path) -> str:
    response = table.post("/import", {"text": path.read_text()})
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def kaluki(players: list[str], *events: dict[str, Any]) -> dict[str, Any]:
    return {"format": "referee.game/1", "preset": "kaluki", "players": players, "events": list(events)}


def page(table: Table, url: str) -> str:
    response = table.get(url)
    assert response.status_code == 200, response.status_code
    return re.sub(r"\s+", " ", unescape(response.get_data(as_text=True)))


def number(html: str, label: str) -> str:
    found = re.search(rf"<th scope=\"row\">{re.escape(label)}</th><td class=\"num\">([^<]+)</td>", html)
    assert found, f"no {label!r} on the page"
    return found.group(1)


def polylines(html: str) -> list[list[str]]:
    return [points.split() for points in re.findall(r'<polyline class="series series-\d" points="([^"]+)"', html)]


def viewer_key(scorer: str, db_path: str) -> str:
    db = connect(db_path)
    row = db.execute("SELECT viewer_key FROM evenings WHERE scorer_key = ?", [scorer.rsplit("/", 1)[1]]).fetchone()
    return str(row[0])


# Friday: A beats B (B reaches 150 and is eliminated, so A wins). Saturday: C goes out all in one, A in play.
FRIDAY = kaluki(["A", "B"], rummy_round("A", {"B": 30}), rummy_round("B", {"A": 25}), rummy_round("A", {"B": 150}))
SATURDAY = kaluki(["A", "C"], rummy_round("C", {"A": 40}, all_in_one=True))


def test_a_player_s_numbers_and_games_are_those_of_the_link_s_evening_only(table: Table) -> None:
    friday = evening(table, "Friday", FRIDAY)
    saturday = evening(table, "Saturday", SATURDAY, kaluki(["A", "C"], rummy_round("A", {"C": 20})))
    html = page(table, f"{saturday}/players/A")
    assert "Saturday" in html and "Friday" not in html  # the same name at another evening may be somebody else
    assert html.index(f'href="{saturday}/games/2"') < html.index(f'href="{saturday}/games/1"')  # newest first
    assert number(html, "Games played") == "2"
    assert number(html, "Games won") == "0"
    assert number(html, "Rummy rounds played") == "2"
    assert number(html, "Average penalty per round") == "20.0"  # 40 and 0 (won) over 2 rounds
    assert number(html, "Kalukis") == "0"
    assert number(page(table, f"{saturday}/players/C"), "Kalukis") == "1"
    assert table.get(f"{friday}/players/C").status_code == 404  # C did not play on Friday: not that link's to show
    html = page(table, f"{friday}/players/A")
    assert "Saturday" not in html and number(html, "Games played") == "1" and number(html, "Games won") == "1"
    # 0 (won) + 25 + 0 (won) = 25 over 3 rounds = 8.33…, shown to one decimal, halves up
    assert number(html, "Rummy rounds played") == "3" and number(html, "Average penalty per round") == "8.3"
    assert "a round the player won counts 0" in html
    assert "<strong>won</strong>, final score 25" in html
    assert "still being played, 40 so far" in page(table, f"{saturday}/players/A")


def test_only_the_games_of_the_link_s_evening_are_linked(table: Table) -> None:
    friday = evening(table, "Friday", FRIDAY)
    saturday = evening(table, "Saturday", SATURDAY)
    database = table.client.application.config["DATABASE"]
    html = page(table, f"{saturday}/players/A")
    assert f'href="{saturday}/games/1"' in html
    assert friday.rsplit("/", 1)[1] not in html and viewer_key(friday, database) not in html
    assert len(re.findall(r'href="[^"]*/games/\d+"', html)) == 1
    viewer = f"/e/{viewer_key(saturday, database)}"
    html = page(table, f"{viewer}/players/A")
    assert f'href="{viewer}/games/1"' in html and saturday.rsplit("/", 1)[1] not in html


def test_kalukis_buybacks_and_the_average_penalty_of_the_rules_8_game(table: Table) -> None:
    url = imported(table, GAMES / "kaluki_four_players.json")
    b, c = page(table, f"{url}/players/B"), page(table, f"{url}/players/C")
    assert number(b, "Kalukis") == "1" and number(c, "Kalukis") == "0"
    assert number(b, "Buy-backs") == "1" and number(c, "Buy-backs") == "2"
    assert number(c, "Games won") == "1" and number(b, "Games won") == "0"
    # C's rounds: 62, 88, 20, won, 90, 3, won = 263 over 7 rounds = 37.57…
    assert number(c, "Rummy rounds played") == "7" and number(c, "Average penalty per round") == "37.6"
    # A is out for good after round 6, so A's line stops there; the others played all 7 rounds
    assert [len(points) for points in polylines(c)] == [7, 8, 8, 8]
    assert "Running totals over 7 rounds: A 155; B 153; C 148; D 185 (eliminated at 150)" in c


def test_a_rami_counts_as_a_kaluki_and_points_mode_counts_the_cards_left(table: Table) -> None:
    elimination = {"preset": "rami-elimination", "players": ["A", "B", "C"]}
    points = {"preset": "rami", "players": ["A", "B", "C"]}
    url = evening(
        table,
        "Rami",
        elimination | {"events": [rummy_round("A", {"B": 30, "C": 12}, rami="with_table")]},  # ×2: B takes 60
        points | {"events": [rummy_round("B", {"A": 5, "C": 10}, laid={"A": 70, "B": 90, "C": 0})]},  # A's cards: 5
    )
    html = page(table, f"{url}/players/A")
    assert number(html, "Kalukis") == "1" and number(html, "Average penalty per round") == "2.5"  # (0 + 5) / 2
    html = page(table, f"{url}/players/B")
    assert number(html, "Rummy rounds played") == "2" and number(html, "Average penalty per round") == "30.0"
    assert "wins at 1000" in html and "eliminated at 500" in html


def test_a_kaiser_game_counts_for_its_four_players_and_wins_for_the_winning_team(table: Table) -> None:
    teams = {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]}
    game = {"format": "referee.game/1", "preset": "kaiser", "teams": teams}
    # Ana bids 7 and NS take 6 tricks and the 5♥, EW the 3♠: NS 18 a hand; Driss, then Ana, then Ben dealing.
    hands = [kaiser_hand("Ana", 7, {"NS": 6, "EW": 2}, "NS", "EW", dealer=dealer) for dealer in ("Driss", "Ana", "Ben")]
    one = evening(table, "One hand", game | {"events": hands[:1]})
    won = evening(table, "To 52", game | {"events": hands})
    for name in ("Ana", "Ben", "Céline", "Driss"):
        html = page(table, f"{one}/players/{name}")
        assert number(html, "Games played") == "1" and "Rummy rounds played" not in html  # a hand is no round
        assert number(html, "Games won") == "0"
        assert number(page(table, f"{won}/players/{name}"), "Games won") == ("1" if name in teams["NS"] else "0")
    html = page(table, f"{won}/players/Ben")
    assert "team EW · lost, final score −3" in html
    assert "Running totals over 3 hands: NS (Ana, Céline) 54; EW (Ben, Driss) −3 (wins at 52)" in html
    assert [len(points) for points in polylines(html)] == [4, 4]  # this evening's one game: 3 hands from 0


def test_an_unknown_name_is_404_and_a_player_without_games_sees_none(table: Table) -> None:
    url = evening(table, "Friday", FRIDAY)
    assert table.get(f"{url}/players/Zoé").status_code == 404
    assert table.get("/e/not-a-key/players/A").status_code == 404
    other = table.evening("A\nB\nNew")
    assert "No game yet." in page(table, f"{other}/players/New")
    assert "No game yet." in page(table, f"{other}/players/A")  # A's games on Friday are not this evening's
    assert table.get(f"{url}/players/New").status_code == 404  # not a player of Friday, and no game anywhere


def test_an_entry_that_no_longer_replays_is_left_out_with_the_ones_after_it(table: Table) -> None:
    url = evening(table, "Friday", kaluki(["A", "B"], rummy_round("A", {"B": 30}), rummy_round("B", {"A": 25})))
    db = connect(table.client.application.config["DATABASE"])
    # As if a rule had changed since: the first round now names a stranger, so it and every later one stop counting.
    bad = json.dumps(rummy_round("Zed", {"B": 30}))
    db.table("event_revisions").insert({"game_id": 1, "slot": 1, "revision": 1, "event": bad, "created_at": "2025"})
    db.conn.commit()
    html = page(table, f"{url}/players/A")
    assert "Entry 1 no longer replays" in html
    assert number(html, "Rummy rounds played") == "0" and polylines(html) == []


def test_the_last_20_games_are_listed_and_every_game_is_counted(table: Table) -> None:
    url = evening(table, "Marathon", *(kaluki(["A", "B"], rummy_round("B", {"A": n})) for n in range(1, 22)))
    html = page(table, f"{url}/players/A")
    assert number(html, "Games played") == "21" and number(html, "Average penalty per round") == "11.0"
    assert html.count("· Marathon · Kaluki ·") == 20
    assert "The last 20 games; 1 earlier game is counted above but not listed." in html
    assert f'href="{url}/games/21"' in html and f'href="{url}/games/1"' not in html  # newest first
