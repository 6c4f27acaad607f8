"""A played evening for the walk of every page (tests/e2e/test_route_walk.py), made through the app's forms.

Eight players with long accented names; a Kaluki game played to its end (one round puts three players out and the
first takes the pot), a Kaiser game with a hand, a Rami game of eight players whose leader sits in the last column
but one, a Kaluki game waiting for a buy-back to be decided; on the settle-up two payments marked and one of them
taken back; and the evening's group with a second evening. Posted with a test client of a second app on the live
app's database, as tests/e2e/card_nights.py does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from referee import create_app
from tests.e2e.card_nights import VIEWER, Poster

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
GROUP = re.compile(r'href="(/g/[^"/]+)"')
PAYMENT = re.compile(r'data-payment="([^"&>]+)(?:>|&gt;)([^"&>]+):(\d+)"')
MADE = re.compile(r'name="payment" value="(\d+)"')


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
        )

    @property
    def key(self) -> str:
        """The scorer's key, as in the evening's path."""
        return self.evening.rsplit("/", 1)[-1]


def play_an_evening(database: Path) -> PlayedEvening:
    """The played evening, written into the live app's `database`."""
    poster = Poster(create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"}).test_client())
    players = NAMES
    evening = poster.post(
        "/new",
        {"players": "\n".join(players), "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"}
        | {"house-max_players": "8"},
    )
    page = poster.get(evening)
    viewer = next(path for path in VIEWER.findall(page) if path != evening)
    group = GROUP.findall(page)[0]
    group_viewer = next(
        path for path in re.findall(r'href="(?:https?://[^/"]+)?(/g/[^"/]+)"', poster.get(group)) if path != group
    )

    kaluki = _game(poster, evening, "kaluki", players[:4])
    out = {f"hand:{name}": "150" for name in players[1:4]}
    poster.post(f"{kaluki}/rounds", {"winner": players[0], "finish": "out"} | out)

    kaiser = _kaiser(poster, evening, players[4:8])
    rami = _rami(poster, evening, players)

    waiting = _game(poster, evening, "kaluki", players[4:8])
    hands = {players[5]: "JK KD QD 9C", players[6]: "20", players[7]: "155"}
    poster.post(
        f"{waiting}/rounds", {"winner": players[4], "finish": "out"} | {f"hand:{n}": v for n, v in hands.items()}
    )

    _settle(poster, evening)
    poster.post(
        f"{group}/new", {"players": "\n".join(players[:5]), "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"}
    )
    # A Kaiser hand is corrected at `hands/<slot>` as well as at `events/<slot>`, the address its sheet links.
    fixes = (
        _first_entry(poster, game, kind) for game, kind in ((kaluki, "events"), (kaiser, "hands"), (rami, "events"))
    )
    return PlayedEvening(players, evening, viewer, group, group_viewer, kaluki, kaiser, rami, waiting, *fixes)


def _first_entry(poster: Poster, game: str, kind: str) -> str:
    """The correction page of the game's first entry, as its sheet links it."""
    slot = re.search(rf'{re.escape(game)}/events/(\d+)"', poster.get(game))
    assert slot, f"{game}: the sheet links its first entry's correction"
    return f"{game}/{kind}/{slot[1]}"


def another_game(database: Path, preset: str, players: tuple[str, ...]) -> str:
    """A game of an evening of its own, for a test that writes into it and leaves the walked pages as they are."""
    poster = Poster(create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"}).test_client())
    data = {"players": "\n".join(players), "preset": preset, "chip_value": "0.20", "currency": "EUR"}
    return _game(poster, poster.post("/new", data), preset, players)


def _game(poster: Poster, evening: str, preset: str, players: tuple[str, ...]) -> str:
    return poster.post(f"{evening}/games", {"preset": preset, "players": list(players), "first_dealer": players[0]})


def _rami(poster: Poster, evening: str, players: tuple[str, ...]) -> str:
    """Two rounds of Rami for eight: the seventh player leads, in a column out of a narrow phone's sight."""
    rami = _game(poster, evening, "rami", players)
    for winner, laid in ((players[6], 120), (players[6], 75)):
        data = {"winner": winner, "finish": "out", f"laid:{winner}": str(laid), f"laid:{players[1]}": "35"}
        data |= {f"hand:{name}": str(5 + seat) for seat, name in enumerate(players) if name != winner}
        poster.post(f"{rami}/rounds", data)
    return rami


def _kaiser(poster: Poster, evening: str, players: tuple[str, ...]) -> str:
    seats = {"preset": "kaiser", "first": players[0], "partner": players[2], "second": players[1]}
    seats |= {"second_partner": players[3], "dealer": players[3]}
    kaiser = poster.post(
        f"{evening}/games", {"family": "kaiser"} | {f"kaiser-{name}": value for name, value in seats.items()}
    )
    hand = {"bidder": players[0], "bid": "7", "tricks": "6"}
    hand |= {"five_hearts": f"{players[0]} & {players[2]}", "three_spades": f"{players[1]} & {players[3]}"}
    poster.post(f"{kaiser}/hands", hand)
    return kaiser


def _settle(poster: Poster, evening: str) -> None:
    """Two payments of the plan marked as made, and the second taken back."""
    plan = PAYMENT.findall(poster.get(f"{evening}/settle"))
    assert len(plan) >= 2, plan
    for payer, payee, chips in plan[:2]:
        poster.post(f"{evening}/settle/paid", {"payer": payer, "payee": payee, "chips": chips})
    made = MADE.findall(poster.get(f"{evening}/settle"))
    poster.post(f"{evening}/settle/undo", {"payment": made[-1]})
