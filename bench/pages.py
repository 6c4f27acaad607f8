"""The pages' speed: every page and htmx partial of a 100-round game through the test client, against the floor.

The floor is a minimal template rendered by a bare Flask app through the same test client: the least any
page can cost. The game is built through storage in a temporary database; a posted round is deleted again
after each run, so every run sees the same 100 rounds. Run it with `python -m bench.pages`.
"""

from __future__ import annotations

import argparse
import random
import re
import secrets
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from statistics import median
from typing import Any

from flask import Flask, render_template
from flask.testing import FlaskClient
from jinja2 import ChoiceLoader, DictLoader
from werkzeug.test import TestResponse

from bench.figures import ms, percentile, table, timed, verdict
from bench.machine import describe
from referee import create_app
from referee.rules.cards import full_deck
from referee.storage.db import connect
from referee.storage.evenings import create_evening
from referee.storage.games import add_event, create_game, revise_event

SEED = 20250601
ROUNDS = 100
CORRECTIONS = 5
RUNS, WARM_UP = 50, 5
PLAYERS = ("Ana", "Bruno", "Chloé", "Dmitri")
# Nobody is eliminated in 100 rounds, so every round has four players and the sheet stays full width.
OPTIONS = {"elimination_threshold": 100_000}
TARGET = 2.0
TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')
FLOOR_TEMPLATE = "<!doctype html><title>{{ title }}</title><p>{{ text }}</p>"
HTMX = {"HX-Request": "true"}


@dataclass(frozen=True)
class Game:
    """The benchmark's game: the evening's two links, the game's URL and its last round's slot."""

    scorer: str
    viewer: str
    url: str
    last_slot: int


def random_round(rng: random.Random) -> dict[str, Any]:
    """A round: a winner, and 1-9 cards left in each other hand, dealt from one shuffled pair of packs."""
    deck = list(full_deck(2, 4))
    rng.shuffle(deck)
    winner = rng.choice(PLAYERS)
    hands = {name: [str(deck.pop()) for _ in range(rng.randint(1, 9))] for name in PLAYERS if name != winner}
    return {"type": "round", "winner": winner, "hands": hands}


def build_game(path: Path, rng: random.Random, rounds: int = ROUNDS) -> Game:
    """A four-player Kaluki evening with one game of `rounds` rounds, five of them corrected, stored at `path`."""
    db = connect(path)
    evening = create_evening(
        db, title="Bench night", players=PLAYERS, preset="kaluki", options=OPTIONS, chip_value=Decimal("0.20"),
        currency="EUR",
    )  # fmt: skip
    game = create_game(db, evening.id, "kaluki", OPTIONS, PLAYERS, first_dealer=0)
    slots = [add_event(db, game, random_round(rng)).slot for _ in range(rounds)]
    for slot in rng.sample(slots, CORRECTIONS):
        revise_event(db, game, slot, random_round(rng), based_on=0)
    db.close()
    url = f"/e/{evening.scorer_key}/games/{game.number}"
    return Game(f"/e/{evening.scorer_key}", f"/e/{evening.viewer_key}", url, slots[-1])


def floor_app() -> Flask:
    """A bare Flask app with one route rendering a minimal template: the floor."""
    app = Flask("floor")
    app.jinja_loader = DictLoader({"floor.html": FLOOR_TEMPLATE})

    @app.get("/")
    def floor() -> str:
        return render_template("floor.html", title="floor", text="The least a page can cost.")

    return app


def referee_app(database: Path) -> Flask:
    """The app on the benchmark's database, with a minimal-template route of its own (its extensions' floor)."""
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "bench"})
    app.jinja_loader = ChoiceLoader([DictLoader({"bench/floor.html": FLOOR_TEMPLATE}), app.jinja_loader])

    @app.get("/bench-floor")
    def floor() -> str:
        return render_template("bench/floor.html", title="floor", text="The least a page can cost.")

    return app


class Poster:
    """Posts a round as the scorer's phone does, then deletes it so that the game keeps its 100 rounds."""

    def __init__(self, client: FlaskClient, database: Path, game: Game) -> None:
        self.client, self.database, self.game = client, database, game
        page = client.get(game.url).get_data(as_text=True)
        found = TOKEN.search(page)
        if found is None:
            raise SystemExit("the game page carries no CSRF token")
        self.token = found.group(1) or found.group(2)
        self.rng = random.Random(SEED)

    def form(self) -> dict[str, str]:
        """A fresh round's form, with its own one-time key."""
        event = random_round(self.rng)
        data = {"csrf_token": self.token, "submission": secrets.token_urlsafe(16), "winner": event["winner"]}
        data["finish"] = "out"
        for seat, name in enumerate(PLAYERS):
            if name in event["hands"]:
                data[f"hand_{seat}"] = " ".join(event["hands"][name])
        return data

    def post(self, htmx: bool) -> Callable[[], TestResponse]:
        """The timed request: a round posted with htmx (the fragment back) or without (a redirect)."""
        headers = {**HTMX, "X-CSRFToken": self.token} if htmx else {}
        return lambda: self.client.post(f"{self.game.url}/rounds", data=self.form(), headers=headers)

    def undo(self) -> None:
        """Delete the rounds posted since the game was built (not timed)."""
        with sqlite3.connect(self.database) as db:
            db.execute("DELETE FROM event_revisions WHERE slot > ?", [self.game.last_slot])


@dataclass(frozen=True)
class Page:
    """One timed request: its name, the call, the status it must answer and what to do after it (untimed)."""

    name: str
    request: Callable[[], TestResponse]
    status: int = 200
    after: Callable[[], None] | None = None


def pages(client: FlaskClient, poster: Poster, game: Game) -> list[Page]:
    """Every main page and htmx partial of the app, on the 100-round game."""

    def get(url: str, htmx: bool = False) -> Callable[[], TestResponse]:
        return lambda: client.get(url, headers=HTMX if htmx else {})

    edit = f"{game.url}/events/{game.last_slot}"
    return [
        Page("referee app floor (minimal template)", get("/bench-floor")),
        Page("home", get("/")),
        Page("new evening", get("/new")),
        Page("new evening, partial", get("/new", htmx=True)),
        Page("evening (scorer)", get(game.scorer)),
        Page("evening (scorer), partial", get(game.scorer, htmx=True)),
        Page("evening (viewer)", get(game.viewer)),
        Page("evening (viewer), partial", get(game.viewer, htmx=True)),
        Page("game sheet (scorer)", get(game.url)),
        Page("game sheet (scorer), partial", get(game.url, htmx=True)),
        Page("game sheet (viewer)", get(game.url.replace(game.scorer, game.viewer))),
        Page("game sheet (viewer), partial", get(game.url.replace(game.scorer, game.viewer), htmx=True)),
        Page("edit last round", get(edit)),
        Page("edit last round, partial", get(edit, htmx=True)),
        Page("post a round, htmx (fragment back)", poster.post(htmx=True), 200, poster.undo),
        Page("post a round, no JS (redirect)", poster.post(htmx=False), 303, poster.undo),
    ]


def time_all(requests: Sequence[Page], runs: int) -> dict[str, list[float]]:
    """`runs` timings of each request in a row, after a warm-up; a wrong status stops the benchmark."""
    times: dict[str, list[float]] = {}
    for page in requests:
        taken = times.setdefault(page.name, [])
        for run in range(WARM_UP + runs):
            response, took = timed(page.request)
            if response.status_code != page.status:
                raise SystemExit(f"{page.name}: status {response.status_code}, expected {page.status}")
            if page.after:
                page.after()
            if run >= WARM_UP:
                taken.append(took)
    return times


def main(argv: Sequence[str] | None = None) -> None:
    """Print each page's median and p95, its ratio to the floor, and the target met or missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=RUNS)
    runs = parser.parse_args(argv).runs
    print(f"## Pages\n\n{describe()}\n")
    print(
        f"A four-player Kaluki game of {ROUNDS} rounds ({CORRECTIONS} corrected) built through storage; each request\n"
        f"through Flask's test client, {runs} times in a row after {WARM_UP} of warm-up. The Flask floor is timed\n"
        "first and again last. Times in ms; × floor is the median over the Flask floor's median (both runs).\n"
    )
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        database = Path(folder) / "bench.sqlite"
        game = build_game(database, random.Random(SEED))
        client = referee_app(database).test_client()
        bare = floor_app().test_client()
        floor = [
            Page(f"Flask floor (bare app, minimal template), {when}", lambda: bare.get("/"))
            for when in ("first", "last")
        ]
        timed_pages = pages(client, Poster(client, database, game), game)
        times = time_all([floor[0], *timed_pages, floor[1]], runs)
    base = median(times[floor[0].name] + times[floor[1].name])
    rows, met = [], 0
    for name, taken in times.items():
        ratio = median(taken) / base
        judged = "—" if name.startswith(("Flask floor", "referee app floor")) else verdict(ratio, TARGET)
        met += judged == "met"
        rows.append([name, ms(median(taken)), ms(percentile(taken, 95)), f"{ratio:.1f}×", judged])
    print(table(["request", "median", "p95", "× floor", f"≤ {TARGET:.0f}× floor"], rows))
    print(f"\nTarget, every page and partial ≤ {TARGET:.0f}× the Flask floor: {met} of {len(timed_pages) - 1} met.")


if __name__ == "__main__":
    main()
