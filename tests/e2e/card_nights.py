"""Real card nights for the phone-layout and accessibility tests, set up once per session through the app's forms.

Three evenings of 4, 6 and 8 players with real names (accents, hyphens, up to 16 letters), each with a Kaluki game
of two rounds that leaves a leader and a player within a round's reach of elimination; the 4-player evening also
has a Rami game and a Kaiser game. They are posted with a test client of a second app on the live app's database,
so the browser tests spend their time looking at pages, not filling forms.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask.testing import FlaskClient

from referee import create_app

NAMES = (
    "Bernadette",
    "Guillaume",
    "Stéphanie",
    "Christophe",
    "Marie-Hélène",
    "Jean-Baptiste",
    "Éloïse",
    "Maximilien Morel",  # 16 letters: the longest name the tests seat
)
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')
VIEWER = re.compile(r'href="(?:https?://[^/"]+)?(/e/[^"/]+)"')


@dataclass(frozen=True)
class CardNight:
    """An evening's players and the paths of its pages (scorer's links, and the viewer's evening)."""

    players: tuple[str, ...]
    evening: str
    viewer: str
    kaluki: str  # the Kaluki game's page
    correction: str  # the correction page of its first round
    rami: str | None = None
    kaiser: str | None = None
    long: str | None = None  # a game of 24 rounds: its sheet is taller than the phone

    @property
    def key(self) -> str:
        """The scorer's key, as in the evening's path."""
        return self.evening.rsplit("/", 1)[-1]


class Poster:
    """A test client that reads the form token off the pages it gets, as a browser does."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = ""

    def get(self, path: str) -> str:
        text = self.client.get(path).get_data(as_text=True)
        found = TOKEN.search(text)
        if found:
            self.token = found.group(1) or found.group(2)
        return text

    def post(self, path: str, data: dict[str, Any]) -> str:
        """Post a form and return where it sent the phone (the path of its redirect)."""
        if not self.token:
            self.get("/new")
        response = self.client.post(path, data={"csrf_token": self.token, **data})
        assert response.status_code == 303, f"{path}: {response.status_code} {response.get_data(as_text=True)[-2000:]}"
        return urlsplit(response.headers["Location"]).path


def _rounds(poster: Poster, game: str, players: tuple[str, ...]) -> None:
    """Two rounds: the first player leads, the fourth ends within a round's reach (90) of elimination at 150."""
    first = {players[1]: "JK KD QD 9C", players[2]: 25, players[3]: 90}
    second = {players[0]: 30, players[2]: 40, players[3]: 40}
    for winner, hands in ((players[0], first), (players[1], second)):
        data = {"winner": winner, "finish": "out"}
        for number, name in enumerate(players):
            if name != winner:
                data[f"hand:{name}"] = str(hands.get(name, 10 + number))
        poster.post(f"{game}/rounds", data)


def seat_card_nights(database: Path) -> dict[int, CardNight]:
    """The evenings of 4, 6 and 8 players, by their number of players, written into the live app's `database`."""
    app = create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"})
    poster = Poster(app.test_client())
    nights = {}
    for count in (4, 6, 8):
        players = NAMES[:count]
        evening = poster.post(
            "/new",
            {"players": "\n".join(players), "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"}
            | {"house-max_players": "8"},  # Kaluki seats 5 at most unless the house says more
        )
        found = VIEWER.findall(poster.get(evening))
        viewer = next(path for path in found if path != evening)
        kaluki = poster.post(
            f"{evening}/games", {"preset": "kaluki", "players": list(players), "first_dealer": players[0]}
        )
        _rounds(poster, kaluki, players)
        slot = re.search(rf"{re.escape(kaluki)}/events/(\d+)\"", poster.get(kaluki))
        assert slot, "the sheet links its first round's correction"
        night = CardNight(players, evening, viewer, kaluki, f"{kaluki}/events/{slot[1]}")
        if count == 4:
            night = _other_games(poster, night)
        if count == 6:
            night = replace(night, long=_long_game(poster, night))
        nights[count] = night
    return nights


def _long_game(poster: Poster, night: CardNight) -> str:
    """A Kaluki game of 24 rounds of a few points each, which eliminate nobody."""
    players = night.players
    game = poster.post(
        f"{night.evening}/games", {"preset": "kaluki", "players": list(players), "first_dealer": players[0]}
    )
    for number in range(24):
        winner = players[number % len(players)]
        data = {"winner": winner, "finish": "out"}
        data |= {f"hand:{name}": str(1 + (number + seat) % 3) for seat, name in enumerate(players) if name != winner}
        poster.post(f"{game}/rounds", data)
    return game


def _other_games(poster: Poster, night: CardNight) -> CardNight:
    """A Rami game with a round, and a Kaiser game with a hand, in the 4-player evening."""
    evening, players = night.evening, night.players
    rami = poster.post(f"{evening}/games", {"preset": "rami", "players": list(players), "first_dealer": players[0]})
    data = {"winner": players[0], "finish": "out", f"laid:{players[0]}": "60", f"laid:{players[1]}": "30"}
    data |= {f"hand:{name}": "12" for name in players[1:]}
    poster.post(f"{rami}/rounds", data)
    seats = {"preset": "kaiser", "first": players[0], "partner": players[2], "second": players[1]}
    seats |= {"second_partner": players[3], "dealer": players[3]}
    kaiser = poster.post(
        f"{evening}/games", {"family": "kaiser"} | {f"kaiser-{name}": value for name, value in seats.items()}
    )
    hand = {"bidder": players[0], "bid": "7", "tricks": "6"}
    hand |= {"five_hearts": f"{players[0]} & {players[2]}", "three_spades": f"{players[1]} & {players[3]}"}
    poster.post(f"{kaiser}/hands", hand)
    return CardNight(night.players, evening, night.viewer, night.kaluki, night.correction, rami, kaiser)
