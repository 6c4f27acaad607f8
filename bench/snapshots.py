"""What opening a game costs without its book in memory: a replay from its start against a read of its snapshot.

In this process, on a temporary database: four-player Kaluki games of 40 and 200 rounds (`bench.records`), written
as an import writes them. For each: the replay of every entry (what a process did before #22 when its cache had let
the game go), the snapshot's pickling (what a write does once in `EVERY` entries) and its size, and the game opened
from its snapshot with 0 and with `EVERY - 1` entries written since (what a process does now). Then a book's memory
(tracemalloc) replayed and read from a snapshot, and the objects the garbage collector walks for it. Run it with
`python -m bench.snapshots`.
"""

from __future__ import annotations

import gc
import tempfile
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from bench.figures import ms, percentile, runs, table
from bench.machine import describe
from bench.records import evening_record, game_record

REPEAT = 30


def main() -> None:
    """Print the figures for games of 40 and 200 rounds."""
    from referee.storage.db import connect

    print(f"## Opening a game: a replay, or its snapshot\n\n{describe()}\n")
    rows: list[list[object]] = []
    memory: list[list[object]] = []
    with tempfile.TemporaryDirectory(prefix="referee-snapshots-") as folder:
        db = connect(Path(folder) / "referee.sqlite")
        for rounds in (40, 200):
            timings, weights = _one_game(db, rounds)
            rows += [[rounds, what, ms(percentile(times, 50)), ms(percentile(times, 99))] for what, times in timings]
            memory.append([rounds, *weights])
    print(table(["rounds", "what", "p50 ms", "p99 ms"], rows))
    print()
    print(table(["rounds", "snapshot", "book replayed", "book from its snapshot", "objects the GC walks"], memory))


def _one_game(db: Any, rounds: int) -> tuple[list[tuple[str, list[float]]], list[str]]:
    """The timings of one game of `rounds` rounds, and its weights."""
    from referee.services import books, snapshots
    from referee.services.database import unit_of_work
    from referee.storage import games as stored
    from referee.storage import snapshots as stored_snapshots
    from referee.storage.transfer import read_record, store_record

    record = read_record(evening_record([game_record(rounds)]))
    with unit_of_work(db):
        evening = store_record(db, record)
    (game,) = stored.games_of(db, evening.id)
    version = stored.game_version(db, game.id)
    events = stored.current_events(db, game.id)
    ids = [row[0] for row in db.execute("SELECT id FROM event_revisions WHERE game_id = ? ORDER BY id", [game.id])]
    lag = books.EVERY - 1
    book = books.read_book(game, events, version)
    made = snapshots.snapshot_of(book.payload(), game.id, version)
    older = snapshots.snapshot_of(books.read_book(game, events[:-lag], ids[-1 - lag]).payload(), game.id, ids[-1 - lag])
    if made is None or older is None:
        raise SystemExit("no snapshot could be made of the benchmark's game")
    timings = [
        ("replayed from its start", runs(partial(books.read_book, game, events, version), REPEAT, 3)),
        ("snapshot made (pickled)", runs(partial(snapshots.dump, book.payload()), REPEAT, 3)),
        (
            "opened from its snapshot",
            runs(partial(books.caught_up, db, game, stored_snapshots.VersionAndSnapshot(version, made)), REPEAT, 3),
        ),
        (
            f"opened from a snapshot {lag} entries behind",
            runs(partial(books.caught_up, db, game, stored_snapshots.VersionAndSnapshot(version, older)), REPEAT, 3),
        ),
    ]
    weights = [
        f"{len(made.state) / 1024:.0f} KB",
        *_weighed(partial(books.read_book, game, events, version), partial(snapshots.load, made, game.id)),
    ]
    return timings, weights


def _weighed(replay: Callable[[], object], load: Callable[[], object]) -> list[str]:
    """The memory of a book replayed and of one read from its snapshot (tracemalloc), and its objects tracked."""
    found = []
    for make in (replay, load):
        gc.collect()
        tracemalloc.start()
        copies = [make() for _ in range(10)]
        size = tracemalloc.get_traced_memory()[0] / 10
        tracemalloc.stop()
        found.append(f"{size / 1024:.0f} KB")
        del copies
    gc.collect()
    before = len(gc.get_objects())
    loaded = [load() for _ in range(10)]
    found.append(f"{(len(gc.get_objects()) - before) / 10:,.0f}")
    del loaded
    return found


if __name__ == "__main__":
    main()
