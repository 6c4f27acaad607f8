"""The server's time per request, at rounds 10, 100 and 1,000 of a four-player Kaluki game.

In-process, through Flask's test client (CSRF on, as in production), on a temporary database. The games are
imported through `/import` (evening records of copies of the same game, each under the app's size cap).
Timed: the game page, its htmx partial, the live poll answered 304 (the current version) and 200 (the version
before the last round), and posting a round with htmx, each time on a fresh copy of the game whose page was
read just before (untimed), so every post sees a game of the same length. Run it with `python -m bench.pages`.
"""

from __future__ import annotations

import argparse
import gc
import random
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import median

from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict
from werkzeug.test import TestResponse

from bench import markup
from bench.figures import ms, percentile, table, timed, verdict
from bench.machine import describe
from bench.records import SEED, as_text, batches, evening_record, game_record, random_hands
from referee import create_app

LENGTHS = (10, 100, 1000)
RUNS, WARM_UP, POSTS = 50, 5, 30
BUDGET = 20.0  # seconds: a measurement stops repeating after this (at least MIN_RUNS runs)
MIN_RUNS = 5
TARGET_POST, TARGET_304, TARGET_PAGE, FLAT = 5.0, 1.0, 10.0, 1.5
PAGE_TARGET_AT = 100


@dataclass(frozen=True)
class Measured:
    """One request's timings at one game length (ms)."""

    name: str
    rounds: int
    times: list[float]


def app_client(database: Path) -> FlaskClient:
    """The app on a temporary database, as production configures it but for the database and secret key."""
    # The games are set up through /import from one address: its limit a minute (where the app has one) is lifted.
    config = {"DATABASE": str(database), "SECRET_KEY": "bench", "REFEREE_IMPORT_LIMIT": "100000 per minute"}
    return create_app(config).test_client()


def check(response: TestResponse, status: int, what: str) -> TestResponse:
    """`response`, or stop the benchmark when its status is not `status`."""
    if response.status_code != status:
        text = response.get_data(as_text=True)[:1500]
        raise SystemExit(f"{what}: status {response.status_code}, expected {status}\n{text}")
    return response


def import_games(client: FlaskClient, rounds: int, copies: int, seed: int) -> list[str]:
    """Import `copies` copies of a `rounds`-round game, as few evenings as the app's size cap allows; their pages."""
    pages = []
    for games in batches([game_record(rounds, seed)] * copies):
        page = check(client.get("/import"), 200, "/import").get_data(as_text=True)
        hidden, text = markup.plain_form(page, "/import")
        if text is None:
            raise SystemExit("the import page has no text area to paste a record in")
        data = MultiDict([*hidden, (text, as_text(evening_record(games)))])
        location = check(client.post("/import", data=data), 303, "importing the games").headers["Location"]
        evening = location.split("localhost", 1)[-1]
        pages += [f"{evening}/games/{number}" for number in range(1, len(games) + 1)]
    return pages


def htmx_headers(page: str, target: str | None, token: str | None) -> dict[str, str]:
    """The headers htmx sends with a request from `page` swapping into `target`."""
    headers = {"HX-Request": "true", "HX-Current-URL": f"http://localhost{page}"}
    if target:
        headers["HX-Target"] = target
    if token:
        headers["X-CSRFToken"] = token
    return headers


def repeat(action: Callable[[], TestResponse], status: int, what: str, runs: int) -> list[float]:
    """Up to `runs` timings of `action` (ms) after the warm-up, each answer checked; stops after BUDGET seconds."""
    for _ in range(WARM_UP):
        check(action(), status, what)
    gc.collect()
    times: list[float] = []
    deadline = time.monotonic() + BUDGET
    while len(times) < runs and (len(times) < MIN_RUNS or time.monotonic() < deadline):
        response, took = timed(action)
        check(response, status, what)
        times.append(took)
    return times


class Poster:
    """Posts rounds with htmx, each on a fresh copy of the game whose page was just read (untimed)."""

    def __init__(self, client: FlaskClient, games: list[str], rng: random.Random) -> None:
        self.client, self.games, self.rng = client, iter(games), rng
        self.before: dict[str, str | None] = {}  # game page -> its live version before the round posted

    def post(self) -> float:
        """Read a fresh copy's page (untimed), then post a round from its form: the post's time (ms)."""
        page = next(self.games)
        html = check(self.client.get(page, headers={"HX-Request": "true"}), 200, page).get_data(as_text=True)
        form = markup.round_form(html)
        if form is None:
            raise SystemExit(f"{page}: no round form (data-round) in the page")
        self.before[page] = markup.version_of(markup.live_url(html))
        winner = self.rng.choice(form.players)
        data = MultiDict(form.fill(winner, random_hands(self.rng, [p for p in form.players if p != winner])))
        headers = htmx_headers(page, form.target, form.hidden_value("csrf_token"))
        response, took = timed(lambda: self.client.post(form.action, data=data, headers=headers))
        check(response, 200, "posting a round")
        return took


def measure(client: FlaskClient, rounds: int, runs: int, posts: int, seed: int) -> list[Measured]:
    """Every timed request at one game length."""
    page, *copies = import_games(client, rounds, WARM_UP + posts + 1, seed)  # the first stays as imported
    version = markup.version_of(markup.live_url(check(client.get(page), 200, page).get_data(as_text=True)))
    if version is None:
        raise SystemExit(f"{page}: no live poll (an hx-get to …/live?v=) on the page")
    poster = Poster(client, copies, random.Random(seed))
    for _ in range(WARM_UP):
        poster.post()
    gc.collect()
    posted = [poster.post() for _ in range(posts)]
    behind_page, behind = next(iter(poster.before.items()))
    live_headers = {"HX-Request": "true", "HX-Target": "live", "HX-Current-URL": f"http://localhost{page}"}
    requests: list[tuple[str, Callable[[], TestResponse], int]] = [
        ("game page (full)", lambda: client.get(page), 200),
        ("game page, htmx partial", lambda: client.get(page, headers={"HX-Request": "true"}), 200),
        ("live poll, unchanged (304)", lambda: client.get(f"{page}/live?v={version}", headers=live_headers), 304),
        ("live poll, one round behind (200)", lambda: client.get(f"{behind_page}/live?v={behind}"), 200),
    ]
    found = [Measured(name, rounds, repeat(action, status, name, runs)) for name, action, status in requests]
    return [*found, Measured("post a round (htmx)", rounds, posted)]


def target_of(name: str, rounds: int) -> float | None:
    """The target (ms, on the median) of a request at a game length, if it has one."""
    if name.startswith("post"):
        return TARGET_POST
    if "304" in name:
        return TARGET_304
    if name == "game page (full)" and rounds == PAGE_TARGET_AT:
        return TARGET_PAGE
    return None


def report(found: list[Measured]) -> None:
    """The figures by request and length, then the targets."""
    rows = []
    for m in found:
        target = target_of(m.name, m.rounds)
        judged = "—" if target is None else f"≤ {target:g} ms: {verdict(median(m.times), target)}"
        rows.append([m.name, f"{m.rounds:,}", len(m.times), ms(median(m.times)), ms(percentile(m.times, 95)), judged])
    print(table(["request", "rounds", "n", "median", "p95", "target (median)"], rows))
    targets = []
    by = {(m.name, m.rounds): m.times for m in found}
    lengths = sorted({m.rounds for m in found})
    for name, limit in (("post a round (htmx)", TARGET_POST), ("live poll, unchanged (304)", TARGET_304)):
        worst = max(median(by[name, n]) for n in lengths)
        targets.append([f"{name} ≤ {limit:g} ms at every length", ms(worst), verdict(worst, limit)])
        if len(lengths) > 1:
            growth = median(by[name, lengths[-1]]) / median(by[name, lengths[0]])
            label = f"{name} flat: {lengths[-1]:,} rounds ≤ {FLAT:g}× {lengths[0]:,} rounds"
            targets.append([label, f"{growth:.1f}×", verdict(growth, FLAT)])
    if PAGE_TARGET_AT in lengths:
        page = median(by["game page (full)", PAGE_TARGET_AT])
        targets.append(
            [f"game page (full) ≤ {TARGET_PAGE:g} ms at {PAGE_TARGET_AT} rounds", ms(page), verdict(page, TARGET_PAGE)]
        )
    print("\nTargets (on the median; for every length, the worst length):\n")
    print(table(["target", "measured", "verdict"], targets))


def main(argv: Sequence[str] | None = None) -> None:
    """Time each request at each game length and print the figures beside the targets."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, nargs="+", default=list(LENGTHS), help="game lengths (10 100 1000)")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed runs of each GET")
    parser.add_argument("--posts", type=int, default=POSTS, help="timed posts, each on a fresh copy of the game")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    print(f"## Pages: server time\n\n{describe()}\n")
    print(
        "A four-player Kaluki game (nobody eliminated) imported through /import; each request through Flask's test "
        f"client, in-process, CSRF on. Each GET {args.runs} times after {WARM_UP} of warm-up (fewer when that passes "
        f"{BUDGET:.0f} s); {args.posts} posts after {WARM_UP} of warm-up, each on a fresh copy of the game whose page "
        "was read just before (untimed). The 200 poll asks with the version the page had before a round was posted. "
        "Times in ms.\n"
    )
    found: list[Measured] = []
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        client = app_client(Path(folder) / "bench.sqlite")
        for rounds in args.rounds:
            found += measure(client, rounds, args.runs, args.posts, args.seed)
    report(found)


if __name__ == "__main__":
    main()
