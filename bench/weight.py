"""The pages' weight: bytes of the score sheet's first load (the page, its CSS and scripts, htmx included) and of
a round's htmx response, raw and gzipped.

The app itself sends them raw (waitress does not compress); gzip is what a compressing proxy would send.
Run it with `python -m bench.weight`.
"""

from __future__ import annotations

import gzip
import random
import re
import tempfile
from collections.abc import Sequence
from pathlib import Path

from flask.testing import FlaskClient

from bench.figures import table, verdict
from bench.machine import describe
from bench.pages import SEED, Game, Poster, build_game, referee_app

KB = 1024
ROUND_SIZES = (10, 100)
TARGET_FIRST_LOAD, TARGET_ROUND = 40 * KB, 4 * KB
ASSET = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"')


def weigh(body: bytes) -> tuple[int, int]:
    """Raw bytes and gzipped bytes (level 6, as web servers compress)."""
    return len(body), len(gzip.compress(body, compresslevel=6, mtime=0))


def fetch(client: FlaskClient, url: str) -> bytes:
    """The body at `url`, refusing anything but 200."""
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url}: status {response.status_code}")
    return response.get_data()


def first_load(client: FlaskClient, url: str) -> list[tuple[str, int, int]]:
    """The page at `url` and every script and linked file it loads: name, raw bytes, gzipped bytes."""
    page = fetch(client, url)
    parts = [("page", *weigh(page))]
    for asset in dict.fromkeys(ASSET.findall(page.decode())):
        if asset.startswith("/"):
            parts.append((asset.split("?")[0], *weigh(fetch(client, asset))))
    return parts


def kb(size: int) -> str:
    """Bytes as KB (1,024 bytes), one decimal."""
    return f"{size / KB:.1f} KB"


def measure(rounds: int, folder: Path) -> tuple[list[tuple[str, int, int]], tuple[int, int], tuple[int, int]]:
    """The first load, a round's htmx response and the sheet's htmx partial, for a game of `rounds` rounds."""
    database = folder / f"weight-{rounds}.sqlite"
    game: Game = build_game(database, random.Random(SEED), rounds)
    client = referee_app(database).test_client()
    parts = first_load(client, game.url)
    poster = Poster(client, database, game)
    response = poster.post(htmx=True)()
    if response.status_code != 200:
        raise SystemExit(f"posting a round: status {response.status_code}")
    poster.undo()
    partial = client.get(game.url, headers={"HX-Request": "true"}).get_data()
    return parts, weigh(response.get_data()), weigh(partial)


def main(argv: Sequence[str] | None = None) -> None:
    """Print each part of the first load and a round's response, raw and gzipped, and the targets."""
    print(f"## Weight\n\n{describe()}\n")
    print("The scorer's score sheet of a four-player Kaluki game; KB = 1,024 bytes, gzip at level 6.\n")
    targets = []
    with tempfile.TemporaryDirectory(prefix="referee-bench-") as folder:
        for rounds in ROUND_SIZES:
            parts, posted, partial = measure(rounds, Path(folder))
            load = (sum(p[1] for p in parts), sum(p[2] for p in parts))
            rows = [[name, kb(r), kb(z)] for name, r, z in parts]
            rows.append(["first load, in all", kb(load[0]), kb(load[1])])
            rows.append(["a round's htmx response (POST)", kb(posted[0]), kb(posted[1])])
            rows.append(["the sheet's htmx partial (GET)", kb(partial[0]), kb(partial[1])])
            print(f"### A game of {rounds} rounds\n\n{table(['what', 'raw', 'gzip'], rows)}\n")
            for name, size, target in (
                ("first load", load, TARGET_FIRST_LOAD),
                ("a round's response", posted, TARGET_ROUND),
            ):
                label = f"{rounds} rounds: {name} ≤ {target // KB} KB gzip"
                targets.append([label, kb(size[1]), verdict(size[1], target), kb(size[0])])
    print("Targets (on the gzipped bytes; raw is what the app sends without a compressing proxy):\n")
    print(table(["target", "gzip", "verdict", "raw"], targets))


if __name__ == "__main__":
    main()
