"""The season page of a group of 100 evenings of 10 games (#25), measured beside the group's page.

In-process, through Flask's test client, on a temporary database. The group is one group record (`referee.group/1`)
stored as an import stores it: 100 evenings a week apart, four players each, every evening six Kaluki games, three
Rami games (`rami-elimination`) and one Kaiser game, all played to their end with random hands and buy-backs (the
rules engine deals the rounds, so every game is a legal one). Timed: the group's page, the season page (cold: the
process's replays and figures forgotten; warm: as a second phone reads it), the season filtered (Kaiser; the last
ten weeks), its CSV, and the season right after one round of one game is corrected. Run it with
`python -m bench.season`.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from statistics import median
from typing import Any

from flask.testing import FlaskClient

from bench.figures import ms, percentile, runs, table, timed, verdict
from bench.machine import describe
from referee import create_app
from referee.rules.game_record import read_game
from referee.rules.group_record import read_group
from referee.services.books import BOOKS
from referee.services.database import unit_of_work
from referee.services.season import FIGURES, season_of
from referee.storage.db import connect
from referee.storage.group_transfer import store_group
from referee.storage.groups import Group

SEED = 20261125
EVENINGS, KALUKI, RAMI, KAISER = 100, 6, 3, 1
PLAYERS = ("Ana", "Bruno", "Chloé", "Dmitri")
TARGET = 100.0  # ms: the season of 100 evenings of 10 games (issue #25)
RUNS, WARM_UP = 30, 3


def rummy_game(rng: random.Random, preset: str) -> dict[str, Any]:
    """A rummy game played to its end: a random winner of the players still in, random penalties, some buy-backs."""
    record: dict[str, Any] = {"format": "referee.game/1", "preset": preset, "players": list(PLAYERS), "events": []}
    game = read_game(record)
    state: Any = game.start()
    most = 60 if preset == "kaluki" else 200
    while not state.over:
        for offer in state.offers():
            if rng.random() < 0.3:
                event = {"type": "buyback", "player": offer.player}
                state, _ = state.apply(game.parse_event(event, len(record["events"]) + 1), len(record["events"]) + 1)
                record["events"].append(event)
        still = list(state.still_in())
        winner = rng.choice(still)
        event = {"type": "round", "winner": winner, "hands": {n: rng.randint(2, most) for n in still if n != winner}}
        state, _ = state.apply(game.parse_event(event, len(record["events"]) + 1), len(record["events"]) + 1)
        record["events"].append(event)
    return record


def kaiser_game(rng: random.Random) -> dict[str, Any]:
    """A Kaiser game played to its end: each hand a team bids 7 and makes it (18 points), the other loses 1."""
    teams = {"NS": [PLAYERS[0], PLAYERS[2]], "EW": [PLAYERS[1], PLAYERS[3]]}
    record: dict[str, Any] = {"format": "referee.game/1", "preset": "kaiser", "teams": teams, "events": []}
    game = read_game(record)
    state: Any = game.start()
    dealer = PLAYERS[3]
    while not state.over:
        team, other = ("NS", "EW") if rng.random() < 0.5 else ("EW", "NS")
        event = {
            "type": "hand", "dealer": dealer, "bidder": teams[team][0], "bid": 7, "no_trump": False,
            "tricks": {team: 6, other: 2}, "five_hearts": team, "three_spades": other,
        }  # fmt: skip
        state, _ = state.apply(game.parse_event(event, len(record["events"]) + 1), len(record["events"]) + 1)
        record["events"].append(event)
        dealer = state.dealer() or dealer
    return record


def group_record(seed: int = SEED) -> dict[str, Any]:
    """The group: `EVENINGS` evenings a week apart, each of `KALUKI` + `RAMI` + `KAISER` finished games."""
    rng = random.Random(seed)
    start = datetime(2024, 1, 5, 19, 0, tzinfo=UTC)
    evenings, times = [], []
    for number in range(EVENINGS):
        games = [rummy_game(rng, "kaluki") for _ in range(KALUKI)] + [
            rummy_game(rng, "rami-elimination") for _ in range(RAMI)
        ]
        games += [kaiser_game(rng) for _ in range(KAISER)]
        evenings.append(
            {
                "format": "referee.evening/2", "id": f"{seed:x}{number:04d}", "title": f"Week {number + 1}",
                "players": list(PLAYERS), "preset": "kaluki", "options": {}, "chip_value": "0.20", "currency": "EUR",
                "games": games, "changes": [], "rulings": [], "payments": [],
            }
        )  # fmt: skip
        times.append((start + timedelta(days=7 * number)).isoformat(timespec="seconds"))
    return {
        "format": "referee.group/1", "id": f"season{seed:x}", "title": "Fridays", "started": times[0],
        "evenings": evenings, "evenings_started": times,
    }  # fmt: skip


def _stored(db: Any, data: dict[str, Any]) -> Group:
    """The group record read (every game replayed) and stored as a new group, as /import stores it."""
    record = read_group(data)
    with unit_of_work(db):
        return store_group(db, record)


def forget() -> None:
    """This process's replays and season figures forgotten: the next read is a cold one."""
    BOOKS.clear()
    FIGURES.clear()


def measured(client: FlaskClient, path: str, times: int) -> list[float]:
    """`times` warm timings of a GET of `path` (ms), each checked to answer 200."""

    def get() -> None:
        response = client.get(path)
        if response.status_code != 200:
            raise SystemExit(f"{path}: status {response.status_code}")

    return runs(get, times, WARM_UP)


def cold(client: FlaskClient, path: str, times: int = 3) -> list[float]:
    """`times` cold timings of a GET of `path`: the caches forgotten before each."""
    found = []
    for _ in range(times):
        forget()
        found.append(timed(lambda: client.get(path))[1])
    return found


def row(name: str, times: list[float], target: float | None = None) -> list[object]:
    """A table row: median, p95, max, and the verdict against `target`."""
    p50 = median(times)
    return [
        name,
        len(times),
        ms(p50),
        ms(percentile(times, 95)),
        ms(max(times)),
        verdict(p50, target) if target else "—",
    ]


def main(argv: list[str] | None = None) -> None:
    """Build the group, time the pages, print the figures as Markdown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args(argv)
    print(describe())
    print(f"load average at start: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    with tempfile.TemporaryDirectory() as folder:
        database = Path(folder) / "season.sqlite"
        app = create_app({"DATABASE": str(database), "SECRET_KEY": "bench"})
        db = connect(database)
        data, built = timed(group_record)
        group, stored = timed(lambda: _stored(db, data))
        games = db.execute("SELECT COUNT(*), (SELECT COUNT(*) FROM event_revisions) FROM games").fetchone()
        took = f"built in {built / 1000:.1f} s, stored in {stored / 1000:.1f} s"
        print(f"group: {EVENINGS} evenings, {games[0]} games, {games[1]} entries ({took})")
        client = app.test_client()
        season = season_of(db, group)
        total = sum(standing.chips for standing in season.standings)
        counted = sum(line.games for line in season.evenings)
        print(f"counted: {len(season.evenings)} evenings, {counted} finished games; the chips add up to {total}")
        base = f"/g/{group.viewer_key}"
        pages: list[tuple[str, str, float | None]] = [
            ("group page", base, None),
            ("season page", f"{base}/season", TARGET),
            ("season, Kaiser only", f"{base}/season?game=kaiser", TARGET),
            ("season, last ten weeks", f"{base}/season?from=2025-09-26", TARGET),
            ("season, sorted by win rate", f"{base}/season?sort=rate", TARGET),
            ("season as CSV", f"{base}/season.csv", TARGET),
        ]
        rows = [row(f"{name} (cold)", cold(client, path)) for name, path, _ in pages[:2]]
        measured(client, f"{base}/season", 1)  # warm again after the cold runs
        rows += [row(name, measured(client, path, args.runs), target) for name, path, target in pages]
        rows.append(row("season after a correction", corrected(client, db, base, args.runs), TARGET))
        service = runs(lambda: season_of(db, group), args.runs, WARM_UP)
        rows.append(row("season_of (the service alone)", service))
        print(table(["request", "runs", "median ms", "p95 ms", "max ms", f"target ≤ {TARGET:.0f} ms"], rows))
    print(f"load average at end: {' '.join(f'{v:.2f}' for v in os.getloadavg())}")


def corrected(client: FlaskClient, db: Any, base: str, times: int) -> list[float]:
    """The season read right after one round of one game is corrected: that game is replayed, the others are not."""
    game_id, slot, event = db.execute(
        "SELECT game_id, slot, event FROM event_revisions WHERE event LIKE '%\"round\"%' ORDER BY id DESC LIMIT 1"
    ).fetchone()
    found = []
    for revision in range(1, times + 1):
        # A correction as the app writes one: a new revision of the entry, and the game's new version.
        with db.conn:
            db.execute(
                "INSERT INTO event_revisions (game_id, slot, revision, event, created_at) VALUES (?, ?, ?, ?, ?)",
                [game_id, slot, revision, event, "2026-11-25T00:00:00+00:00"],
            )
            db.execute(
                "UPDATE games SET version = (SELECT MAX(id) FROM event_revisions WHERE game_id = ?) WHERE id = ?",
                [game_id, game_id],
            )
        found.append(timed(lambda: client.get(f"{base}/season"))[1])
    return found


if __name__ == "__main__":
    main()
