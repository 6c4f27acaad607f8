"""A finished game handed to BG Stats (#44): its link carries the play as BG Stats documents it ("Push plays to BG Stats
from other apps or websites": `createPlay.html?data=<url-encoded JSON>`), built from the game's record; checked field by
field."""

from __future__ import annotations

import json
import re
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs, urlsplit

from flask import Flask

from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_kaiser import hand
from tests.web.test_kaiser import start as start_kaiser

STARTED = "2026-11-27T19:30:00+00:00"
ENDED = "2026-11-27T21:05:00+00:00"  # 95 minutes later


def timed(app: Flask, number: int = 1) -> None:
    """Game `number` started at STARTED, its entries all written at ENDED."""
    db = connect(app.config["DATABASE"])
    with db.conn:
        db.execute("UPDATE games SET created_at = ? WHERE number = ?", [STARTED, number])
        db.execute(
            "UPDATE event_revisions SET created_at = ? WHERE game_id = (SELECT id FROM games WHERE number = ?)",
            [ENDED, number],
        )


def play_sent(table: Table, game: str) -> dict[str, Any]:
    """The play the game's BG Stats link hands over: the JSON of its `data`."""
    response = table.get(f"{game}/bgstats")
    assert response.status_code == 303
    link = response.headers["Location"]
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == "https://app.bgstatsapp.com/createPlay.html"
    data = parse_qs(parts.query)["data"]
    assert len(data) == 1 and set(parse_qs(parts.query)) == {"data"}
    return json.loads(data[0])  # type: ignore[no-any-return]


def local(stored: str) -> str:
    """A stored time as the play's date: the server's time zone, "YYYY-MM-DD HH:MM:SS"."""
    return datetime.fromisoformat(stored).astimezone().strftime("%Y-%m-%d %H:%M:%S")


def test_a_finished_kaluki_game_is_handed_to_bg_stats_as_its_documented_play(app: Flask, table: Table) -> None:
    evening = table.evening("Marie-Françoise\nJérôme\nNoé", title="Vendredi", **{"house-max_buybacks": "0"})
    game = table.game(evening, ["Marie-Françoise", "Jérôme", "Noé"])
    timed(app)
    table.post(f"{game}/rounds", {"winner": "Jérôme", "finish": "out", "hand:Marie-Françoise": "40", "hand:Noé": "150"})
    assert table.get(f"{game}/bgstats").status_code == 404  # a game being played is no play yet
    assert f'href="{game}/bgstats"' not in table.get(game).get_data(as_text=True)
    table.post(f"{game}/rounds", {"winner": "Jérôme", "finish": "out", "hand:Marie-Françoise": "120"})
    timed(app)
    assert f'href="{game}/bgstats"' in table.get(game).get_data(as_text=True)  # offered once it is over
    play = play_sent(table, game)
    assert play["sourceName"] == "referee"
    assert isinstance(play["sourcePlayId"], str) and play["sourcePlayId"]
    assert play["playDate"] == local(STARTED)
    assert play["durationMin"] == 95
    assert play["board"] == ""  # the game as its rulebook plays it: no variant
    assert play["comments"] == "Vendredi · Game 1"
    assert play["game"] == {"name": "Kaluki", "highestWins": False, "noPoints": False, "sourceGameId": "kaluki"}
    mf = "Marie-Françoise"
    assert play["players"] == [  # in seat order, each with their total, place and whether they won
        {"name": mf, "score": 160, "rank": 3, "winner": False, "role": "", "sourcePlayerId": mf},
        {"name": "Jérôme", "score": 0, "rank": 1, "winner": True, "role": "", "sourcePlayerId": "Jérôme"},
        {"name": "Noé", "score": 150, "rank": 2, "winner": False, "role": "", "sourcePlayerId": "Noé"},
    ]
    # Its rematch is another play, of its own.
    table.post(f"{game}/rematch", {})
    rematch = re.sub(r"/games/1$", "/games/2", game)
    table.post(
        f"{rematch}/rounds", {"winner": "Noé", "finish": "out", "hand:Marie-Françoise": "150", "hand:Jérôme": "150"}
    )
    assert play_sent(table, rematch)["sourcePlayId"] != play["sourcePlayId"]


def test_a_kaiser_game_hands_each_player_their_team_s_score_and_place(app: Flask, table: Table) -> None:
    game = start_kaiser(table, preset="kaiser-pagat")
    for _ in range(6):  # Ana & Céline bid 7 and take every trick, the 5♥ and the 3♠ in each hand: 52 before long
        hand(table, game, "Ana", 7, 8, "Ana & Céline", "Ana & Céline")
        if "win the game" in table.get(game).get_data(as_text=True):
            break
    play = play_sent(table, game)
    assert play["game"] == {"name": "Kaiser", "highestWins": True, "noPoints": False, "sourceGameId": "kaiser-pagat"}
    assert play["board"] == "Kaiser, pagat.com scoring"  # the variant played
    players = {player["name"]: player for player in play["players"]}
    assert set(players) == {"Ana", "Ben", "Céline", "Driss"}
    winners, losers = players["Ana"], players["Ben"]
    assert winners["rank"] == 1 and winners["winner"] and winners["role"] == "Ana & Céline"
    assert losers["rank"] == 2 and not losers["winner"] and losers["role"] == "Ben & Driss"
    assert winners["score"] >= 52 and players["Céline"]["score"] == winners["score"]
    assert players["Driss"]["score"] == losers["score"]
