"""Played evenings for the browser tests, made through the app's forms by one builder (`Scorer`): a test client of a
second app on the live app's database, which reads the form token off the pages it gets as a browser does, so that
the browser tests spend their time looking at pages, not filling forms.

Two sets are made once per session from it:
- the card nights of the phone-layout and accessibility tests (`seat_card_nights`): evenings of 4, 6 and 8 players
  with real names (accents, hyphens, up to 16 letters), each with a Kaluki game of two rounds that leaves a leader
  and a player within a round's reach of elimination; the 4-player evening also has a Rami game and a Kaiser game,
  the 6-player one a game of 24 rounds;
- the evening of the walks of every page (`play_an_evening`, tests/e2e/test_route_walk.py, test_table_language.py):
  eight players with long accented names; a Kaluki game played to its end (one round puts three players out and the
  first takes the pot), a Kaiser game with a hand, a Rami game of eight players whose leader sits in the last column
  but one, a Kaluki game waiting for a buy-back to be decided; on the settle-up two payments marked and one of them
  taken back; and the evening's group with a second evening.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from flask.testing import FlaskClient

from referee import create_app

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')
VIEWER = re.compile(r'href="(?:https?://[^/"]+)?(/e/[^"/]+)"')
GROUP = re.compile(r'href="(/g/[^"/]+)"')
DISPLAY = re.compile(r'href="(?:https?://[^/"]+)?(/e/[^"/]+/display)"')
PAYMENT = re.compile(r'data-payment="([^"&>]+)(?:>|&gt;)([^"&>]+):(\d+)"')
MADE = re.compile(r'name="payment" value="(\d+)"')


class Scorer:
    """A test client that plays evenings through the app's forms, reading the form token off the pages it gets."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = ""

    @classmethod
    def on(cls, database: Path) -> Scorer:
        """A scorer on a second app that writes into the live app's `database`."""
        return cls(create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"}).test_client())

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

    def evening(self, players: Sequence[str], preset: str = "kaluki", **house: str) -> str:
        """A new evening of `players`, a chip worth 0.20 EUR, with house rules `house`: its scorer's path."""
        data = {"players": "\n".join(players), "preset": preset, "chip_value": "0.20", "currency": "EUR"}
        return self.post("/new", data | {f"house-{name}": value for name, value in house.items()})

    def game(self, evening: str, preset: str, players: Sequence[str]) -> str:
        """A new game of the evening, its first dealer the first player: its path."""
        return self.post(f"{evening}/games", {"preset": preset, "players": list(players), "first_dealer": players[0]})

    def round(
        self, game: str, winner: str, hands: Mapping[str, object], laid: Mapping[str, object] | None = None
    ) -> None:
        """A round `winner` went out of, with each other player's hand and, in Rami, the points each laid."""
        data = {"winner": winner, "finish": "out"} | {f"laid:{name}": str(v) for name, v in (laid or {}).items()}
        self.post(f"{game}/rounds", data | {f"hand:{name}": str(value) for name, value in hands.items()})

    def kaiser(self, evening: str, players: Sequence[str]) -> str:
        """A new Kaiser game: the first and third player against the second and fourth, the fourth dealing."""
        seats = {"preset": "kaiser", "first": players[0], "partner": players[2], "second": players[1]}
        seats |= {"second_partner": players[3], "dealer": players[3]}
        return self.post(
            f"{evening}/games", {"family": "kaiser"} | {f"kaiser-{name}": value for name, value in seats.items()}
        )

    def kaiser_hand(self, game: str, players: Sequence[str]) -> None:
        """The first player bids 7; the first team takes 6 tricks and the 5♥, the other the 3♠."""
        hand = {"bidder": players[0], "bid": "7", "tricks": "6"}
        hand |= {"five_hearts": f"{players[0]} & {players[2]}", "three_spades": f"{players[1]} & {players[3]}"}
        self.post(f"{game}/hands", hand)

    def first_entry(self, game: str, kind: str = "events") -> str:
        """The correction page of the game's first entry, as its sheet links it (at `kind`/<slot>)."""
        slot = re.search(rf'{re.escape(game)}/events/(\d+)"', self.get(game))
        assert slot, f"{game}: the sheet links its first entry's correction"
        return f"{game}/{kind}/{slot[1]}"


# --- the card nights --------------------------------------------------------------------------------------------------

NIGHT_NAMES = (
    "Bernadette",
    "Guillaume",
    "Stéphanie",
    "Christophe",
    "Marie-Hélène",
    "Jean-Baptiste",
    "Éloïse",
    "Maximilien Morel",  # 16 letters: the longest name the tests seat
)


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


def seat_card_nights(database: Path) -> dict[int, CardNight]:
    """The evenings of 4, 6 and 8 players, by their number of players, written into the live app's `database`."""
    scorer = Scorer.on(database)
    nights = {}
    for count in (4, 6, 8):
        players = NIGHT_NAMES[:count]
        evening = scorer.evening(players, max_players="8")  # Kaluki seats 5 at most unless the house says more
        viewer = next(path for path in VIEWER.findall(scorer.get(evening)) if path != evening)
        kaluki = scorer.game(evening, "kaluki", players)
        # The first player leads; the fourth ends within a round's reach (90) of elimination at 150.
        first = {players[1]: "JK KD QD 9C", players[2]: 25, players[3]: 90}
        second = {players[0]: 30, players[2]: 40, players[3]: 40}
        for winner, hands in ((players[0], first), (players[1], second)):
            others = {name: hands.get(name, 10 + number) for number, name in enumerate(players) if name != winner}
            scorer.round(kaluki, winner, others)
        night = CardNight(players, evening, viewer, kaluki, scorer.first_entry(kaluki))
        if count == 4:
            night = _other_games(scorer, night)
        if count == 6:
            night = replace(night, long=_long_game(scorer, night))
        nights[count] = night
    return nights


def _long_game(scorer: Scorer, night: CardNight) -> str:
    """A Kaluki game of 24 rounds of a few points each, which eliminate nobody."""
    players = night.players
    game = scorer.game(night.evening, "kaluki", players)
    for number in range(24):
        winner = players[number % len(players)]
        scorer.round(
            game, winner, {name: 1 + (number + seat) % 3 for seat, name in enumerate(players) if name != winner}
        )
    return game


def _other_games(scorer: Scorer, night: CardNight) -> CardNight:
    """A Rami game with a round, and a Kaiser game with a hand, in the 4-player evening."""
    evening, players = night.evening, night.players
    rami = scorer.game(evening, "rami", players)
    scorer.round(rami, players[0], dict.fromkeys(players[1:], 12), laid={players[0]: 60, players[1]: 30})
    kaiser = scorer.kaiser(evening, players)
    scorer.kaiser_hand(kaiser, players)
    return replace(night, rami=rami, kaiser=kaiser)


# --- the evening of the walk ------------------------------------------------------------------------------------------

NAMES = (
    "Marie-Françoise",
    "Łukasz Wróblewski",
    "Zoë",
    "Jean-Sébastien",
    "Bénédicte",
    "Maximilien Morel",
    "Ségolène",
    "Anne-Sophie Müller",
)


@dataclass(frozen=True)
class PlayedEvening:
    """The paths of the played evening's pages, as its scorer (and its viewer) opens them."""

    players: tuple[str, ...]
    evening: str
    viewer: str
    group: str
    group_viewer: str
    kaluki: str  # over: the first player took the pot
    kaiser: str
    rami: str  # eight players
    waiting: str  # a Kaluki game whose last round eliminated a player who may buy back
    kaluki_fix: str  # the correction page of each game's first entry
    kaiser_fix: str
    rami_fix: str
    own: str  # a player's own page, with the hand they sent for the waiting game's next round
    display: str  # the table's screen (#44): the waiting game, the latest being played

    @classmethod
    def made_up(cls) -> PlayedEvening:
        """An evening of the right shape whose keys open nothing: to read its paths without a server."""
        evening, game = "/e/scorer", "/e/scorer/games/1"
        return cls(
            NAMES,
            evening,
            "/e/viewer",
            "/g/group",
            "/g/viewer",
            game,
            game,
            game,
            game,
            f"{game}/events/1",
            f"{game}/hands/1",
            f"{game}/events/1",
            "/e/player/hand",
            "/e/screen/display",
        )

    @property
    def key(self) -> str:
        """The scorer's key, as in the evening's path."""
        return self.evening.rsplit("/", 1)[-1]


def play_an_evening(database: Path) -> PlayedEvening:
    """The played evening, written into the live app's `database`."""
    scorer = Scorer.on(database)
    players = NAMES
    evening = scorer.evening(players, max_players="8")
    page = scorer.get(evening)
    viewer = next(path for path in VIEWER.findall(page) if path != evening)
    group = GROUP.findall(page)[0]
    group_viewer = next(
        path for path in re.findall(r'href="(?:https?://[^/"]+)?(/g/[^"/]+)"', scorer.get(group)) if path != group
    )

    kaluki = scorer.game(evening, "kaluki", players[:4])
    scorer.round(kaluki, players[0], dict.fromkeys(players[1:4], 150))

    kaiser = scorer.kaiser(evening, players[4:8])
    scorer.kaiser_hand(kaiser, players[4:8])
    rami = scorer.game(evening, "rami", players)
    for laid in (120, 75):  # the seventh player leads, in a column out of a narrow phone's sight
        hands = {name: 5 + seat for seat, name in enumerate(players) if name != players[6]}
        scorer.round(rami, players[6], hands, laid={players[6]: laid, players[1]: 35})

    waiting = scorer.game(evening, "kaluki", players[4:8])
    scorer.round(waiting, players[4], {players[5]: "JK KD QD 9C", players[6]: "20", players[7]: "155"})

    _settle(scorer, evening)
    scorer.post(
        f"{group}/new", {"players": "\n".join(players[:5]), "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"}
    )
    # A Kaiser hand is corrected at `hands/<slot>` as well as at `events/<slot>`, the address its sheet links.
    fixes = (scorer.first_entry(kaluki), scorer.first_entry(kaiser, "hands"), scorer.first_entry(rami))
    own = _own_hand(scorer, evening, waiting, players[6])
    display = DISPLAY.findall(scorer.get(evening))[0]
    return PlayedEvening(
        players, evening, viewer, group, group_viewer, kaluki, kaiser, rami, waiting, *fixes, own, display
    )


def _own_hand(scorer: Scorer, evening: str, game: str, player: str) -> str:
    """`player`'s own page, once they sent their hand for the next round of `game` from it."""
    links = dict(
        re.findall(
            r"<summary>([^<]+)</summary>.*?href=\"[^\"]*(/e/[^/\"]+)/hand\"", scorer.get(f"{evening}/players"), re.S
        )
    )
    own = links[html.escape(player)] if html.escape(player) in links else links[player]
    number = game.rsplit("/", 1)[-1]
    sent = scorer.client.post(
        f"{own}/games/{number}/hand", data={"csrf_token": scorer.token, "number": "2", "out": "", "hand": "KD QD 9C"}
    )
    assert sent.status_code == 200, sent.get_data(as_text=True)[-2000:]
    return f"{own}/hand"


def another_game(database: Path, preset: str, players: tuple[str, ...]) -> str:
    """A game of an evening of its own, for a test that writes into it and leaves the walked pages as they are."""
    scorer = Scorer.on(database)
    return scorer.game(scorer.evening(players, preset), preset, players)


def _settle(scorer: Scorer, evening: str) -> None:
    """Two payments of the plan marked as made, and the second taken back."""
    plan = PAYMENT.findall(scorer.get(f"{evening}/settle"))
    assert len(plan) >= 2, plan
    for payer, payee, chips in plan[:2]:
        scorer.post(f"{evening}/settle/paid", {"payer": payer, "payee": payee, "chips": chips})
    made = MADE.findall(scorer.get(f"{evening}/settle"))
    scorer.post(f"{evening}/settle/undo", {"payment": made[-1]})
