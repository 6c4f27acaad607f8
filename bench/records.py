"""The benchmarks' games, as game and evening records (docs/formats.md) to send to `/import`.

A four-player Kaluki game in which nobody is ever eliminated (the house rule `elimination_threshold=none`), so
that a game of 1,000 rounds still has four players in every round; the winner turns round the table, and every
other player keeps 1-9 cards dealt from one shuffled pair of packs. `python -m bench.records 1000 > game.json`
writes one, for `referee replay game.json`.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any
from urllib.parse import urlencode

SEED = 20250601
PLAYERS = ("Ana", "Bruno", "Chloé", "Dmitri")
OPTIONS: dict[str, Any] = {"elimination_threshold": None}  # "none": nobody is ever eliminated
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
DECK = tuple([f"{rank}{suit}" for suit in SUITS for rank in RANKS] * 2 + ["JK"] * 4)


def random_hands(rng: random.Random, losers: list[str]) -> dict[str, str]:
    """1-9 cards left in each loser's hand, dealt from one shuffled pair of packs and four jokers."""
    deck = list(DECK)
    rng.shuffle(deck)
    return {name: " ".join(deck.pop() for _ in range(rng.randint(1, 9))) for name in losers}


def random_round(rng: random.Random, number: int, players: tuple[str, ...] = PLAYERS) -> dict[str, Any]:
    """Round `number` (from 0): its winner in turn round the table, the others' hands at random."""
    winner = players[number % len(players)]
    return {"type": "round", "winner": winner, "hands": random_hands(rng, [p for p in players if p != winner])}


def game_record(rounds: int, seed: int = SEED, players: tuple[str, ...] = PLAYERS) -> dict[str, Any]:
    """A Kaluki game record of `rounds` rounds in which nobody is eliminated."""
    rng = random.Random(f"{seed}-{rounds}")
    return {
        "format": "referee.game/1",
        "preset": "kaluki",
        "options": OPTIONS,
        "players": list(players),
        "events": [random_round(rng, number, players) for number in range(rounds)],
    }


IMPORT_BYTES = 1_500_000  # an import's form, urlencoded, stays under this (the app refuses requests past 2 MB)


def as_text(record: dict[str, Any]) -> str:
    """A record as the import form's text: compact JSON."""
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def batches(games: list[dict[str, Any]], most: int = IMPORT_BYTES) -> list[list[dict[str, Any]]]:
    """The games in evenings small enough to import in one request each (a game alone when it is larger)."""
    found: list[list[dict[str, Any]]] = [[]]
    size = 0
    for game in games:
        weight = len(urlencode([("text", as_text(game))]))
        if found[-1] and size + weight > most:
            found.append([])
            size = 0
        found[-1].append(game)
        size += weight
    return found


def evening_record(games: list[dict[str, Any]]) -> dict[str, Any]:
    """An evening record holding `games`, in order: game n of the imported evening is `games[n - 1]`."""
    return {"format": "referee.evening/1", "chip_value": "0.20", "currency": "EUR", "games": games}


def main(argv: list[str] | None = None) -> None:
    """Print a game record of the number of rounds given (100 by default)."""
    args = sys.argv[1:] if argv is None else argv
    print(json.dumps(game_record(int(args[0]) if args else 100), ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
