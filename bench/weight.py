"""The pages' weight over the wire, as a real `referee serve` sends it to a phone asking `Accept-Encoding: gzip, br`.

For a four-player Kaluki game of 10, 100 and 1,000 rounds (imported through `/import`): the first load of the
game page (the page and every script and stylesheet it links to), a round's htmx answer, and the live poll's
answer one round behind. Each is fetched twice: with `gzip, br` (the bytes the server sends, and the coding it
chose) and with `identity` (the raw bytes). Run it with `python -m bench.weight`.
"""

from __future__ import annotations

import argparse
import gzip
import random
from collections.abc import Sequence
from dataclasses import dataclass

from bench import markup
from bench.figures import table, verdict
from bench.machine import describe
from bench.phone import Phone, Reply, import_record
from bench.records import PLAYERS, SEED, game_record, random_hands
from bench.server import serve

KB = 1024
LENGTHS = (10, 100, 1000)
TARGET_FIRST_LOAD, TARGET_ROUND = 40 * KB, 4 * KB
COMPRESSED = "gzip, br"


@dataclass(frozen=True)
class Weight:
    """One thing fetched: what it is, the bytes sent compressed (and the coding used), and the raw bytes."""

    name: str
    sent: int
    encoding: str
    raw: int
    gzipped: int  # the raw bytes through gzip -6: what a server that compresses would send, for reference


def kb(size: int) -> str:
    """Bytes as KB (1,024 bytes), one decimal."""
    return f"{size / KB:.1f} KB"


def fetch(phone: Phone, path: str, headers: dict[str, str] | None = None) -> Reply:
    """GET `path`, refusing anything but 200."""
    reply = phone.get(path, headers)
    if reply.status != 200:
        raise SystemExit(f"GET {path}: status {reply.status}")
    return reply


def weigh_get(name: str, path: str, squeezed: Phone, plain: Phone, headers: dict[str, str] | None = None) -> Weight:
    """GET `path` compressed and raw: its weight."""
    sent, raw = fetch(squeezed, path, headers), fetch(plain, path, headers)
    return Weight(name, len(sent.body), sent.encoding, len(raw.body), gzip6(raw.body))


def gzip6(body: bytes) -> int:
    """The size of `body` through gzip at level 6, as web servers compress."""
    return len(gzip.compress(body, compresslevel=6, mtime=0))


def post_round(phone: Phone, page: str, rng: random.Random) -> tuple[Reply, str | None]:
    """Post a round from the game page's form as htmx does; the answer and the live version before it."""
    html = fetch(phone, page, {"Accept-Encoding": "identity"}).text()  # read as is: no decoder needed
    form = markup.round_form(html)
    if form is None:
        raise SystemExit(f"{page}: no round form (data-round) on the page")
    winner = rng.choice(form.players)
    hands = random_hands(rng, [p for p in form.players if p != winner])
    headers = phone.htmx(page, form.target, form.hidden_value("csrf_token"))
    reply = phone.post(form.action, form.fill(winner, hands), headers)
    if reply.status != 200:
        raise SystemExit(f"posting a round: status {reply.status}\n{reply.text()[:1000]}")
    return reply, markup.version_of(markup.live_url(html))


def measure(port: int, rounds: int, rng: random.Random) -> list[Weight]:
    """The first load, a round's htmx answer and a live poll answered 200, for a game of `rounds` rounds."""
    squeezed, plain = Phone(port, accept_encoding=COMPRESSED), Phone(port, accept_encoding="identity")
    evening = import_record(squeezed, game_record(rounds, players=PLAYERS))
    plain.cookies = squeezed.cookies  # one phone, fetching each thing twice
    page = f"{evening}/games/1"
    html = fetch(plain, page).text()
    weights = [weigh_get("the game page", page, squeezed, plain)]
    weights += [weigh_get(asset.split("?")[0], asset, squeezed, plain) for asset in markup.assets(html)]
    posted, before = post_round(squeezed, page, rng)
    posted_raw, _ = post_round(plain, page, rng)
    raw = posted_raw.body
    weights.append(Weight("a round's htmx answer (POST)", len(posted.body), posted.encoding, len(raw), gzip6(raw)))
    live = f"{page}/live?v={before}"
    headers = squeezed.htmx(page, "live")
    weights.append(weigh_get("the live poll, one round behind (200)", live, squeezed, plain, headers))
    squeezed.close()
    plain.close()
    return weights


def main(argv: Sequence[str] | None = None) -> None:
    """Print what each thing weighs at each game length, and the targets met or missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, nargs="+", default=list(LENGTHS), help="game lengths (10 100 1000)")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"## Weight over the wire\n\n{describe()}\n")
    print(
        "A real `referee serve` on 127.0.0.1; a four-player Kaluki game imported through /import; each thing fetched "
        f"with `Accept-Encoding: {COMPRESSED}` (sent: the body's bytes as they came, after de-chunking) and with "
        "`identity` (raw); gzip -6 of the raw bytes is what a compressing server would send, for reference. The raw "
        "answer to a round is that of a second round posted just after. KB = 1,024 bytes; headers not counted.\n"
    )
    targets = []
    with serve() as server:
        for rounds in args.rounds:
            weights = measure(server.port, rounds, rng)
            first = [w for w in weights if not w.name.startswith(("a round", "the live"))]
            total = {n: sum(getattr(w, n) for w in first) for n in ("sent", "raw", "gzipped")}
            load = Weight("**first load, in all**", total["sent"], "", total["raw"], total["gzipped"])
            rows = [[w.name, kb(w.sent), w.encoding, kb(w.raw), kb(w.gzipped)] for w in [*first, load]]
            rows += [[w.name, kb(w.sent), w.encoding, kb(w.raw), kb(w.gzipped)] for w in weights if w not in first]
            headers = ["what", "sent", "encoding", "raw", "raw through gzip -6"]
            print(f"### A game of {rounds:,} rounds\n\n{table(headers, rows)}\n")
            answer = next(w for w in weights if w.name.startswith("a round"))
            for name, weight, target in (
                ("first load", load, TARGET_FIRST_LOAD),
                ("a round's answer", answer, TARGET_ROUND),
            ):
                label = f"{rounds:,} rounds: {name} ≤ {target // KB} KB compressed"
                targets.append([label, kb(weight.sent), verdict(weight.sent, target), kb(weight.raw)])
    print("Targets (on the bytes sent to a phone that asks for gzip or br):\n")
    print(table(["target", "sent", "verdict", "raw"], targets))


if __name__ == "__main__":
    main()
