"""The race's books: what each phone sent and was told, what the final game record holds, and the counts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from bench.figures import ms, percentile, table
from bench.records import PLAYERS


@dataclass
class Send:
    """One request a phone sent with an entry: what, the answer's status (None: no answer), and its time."""

    phone: int
    action: str
    status: int | None
    ms: float
    acknowledged: bool
    refused: bool


@dataclass
class Entry:
    """One round a phone meant to record: its number, what it says, and every send made with it."""

    number: int
    winner: str
    hands: dict[str, str]
    sends: list[Send] = field(default_factory=list)

    @property
    def acknowledged(self) -> bool:
        """Some phone was told it was recorded."""
        return any(send.acknowledged for send in self.sends)


class Tracked(Protocol):
    """What a race kept: the entries made, every sheet read (status, ms) and the errors by kind."""

    entries: list[Entry]
    reads: list[tuple[int | None, float]]
    errors: Counter[str]


@dataclass
class Count:
    """What the game record holds against what the phones sent."""

    stored: Counter[int] = field(default_factory=Counter)  # entry number -> times stored
    misattributed: int = 0
    unknown: int = 0  # stored rounds that no phone sent
    base_changed: int = 0  # rounds of the imported game that changed


def same_round(stored: dict[str, object], sent: dict[str, object]) -> bool:
    """The stored round is the one imported: same winner and hands (cards as a list or a string, in order)."""

    def hands(event: dict[str, object]) -> dict[str, object]:
        given = event.get("hands")
        if not isinstance(given, dict):
            return {}
        return {name: hand.split() if isinstance(hand, str) else hand for name, hand in given.items()}

    keys = ("type", "winner")
    return all(stored.get(k) == sent.get(k) for k in keys) and hands(stored) == hands(sent)


def count(events: list[dict[str, object]], base: list[dict[str, object]]) -> Count:
    """Read the final game record: each stored entry's number, and the hands under another player's name."""
    found = Count()
    changed = sum(not same_round(a, b) for a, b in zip(events, base, strict=False))
    found.base_changed = changed + max(0, len(base) - len(events))
    for event in events[len(base) :]:
        hands = event.get("hands")
        if event.get("type") != "round" or not isinstance(hands, dict):
            found.unknown += 1
            continue
        numbers = set()
        for name, value in hands.items():
            if not isinstance(value, int) or name not in PLAYERS:
                found.unknown += 1
                break
            numbers.add(value // 10)
            if value % 10 != PLAYERS.index(name):
                found.misattributed += 1
        else:
            if len(numbers) == 1:
                found.stored[numbers.pop()] += 1
            else:
                found.misattributed += 1
    return found


def report(
    game: Tracked, found: Count, phones: int, entries: int, took: float, time_limit: float
) -> list[list[object]]:
    """Print the scenario's counts and latencies; the target rows."""
    made = [e for e in game.entries if e.sends]
    sends = [s for e in made for s in e.sends]
    acknowledged = [e for e in made if e.acknowledged]
    lost = [e for e in acknowledged if found.stored[e.number] == 0]
    doubled = sum(n - 1 for n in found.stored.values() if n > 1)
    refused_stored = sum(
        1 for e in made if not e.acknowledged and found.stored[e.number] and any(s.refused for s in e.sends)
    )
    unanswered_stored = sum(
        1 for e in made if not e.acknowledged and found.stored[e.number] and not any(s.refused for s in e.sends)
    )
    statuses = [s.status for s in sends if s.status is not None] + [st for st, _ in game.reads if st is not None]
    five = sum(1 for st in statuses if st >= 500)
    stopped = f", stopped by the {time_limit:.0f} s limit" if len(made) < phones * entries else ""
    print(
        f"{len(made):,} of {phones * entries:,} entries made in {took:.0f} s{stopped}; {len(sends):,} posts "
        f"and {len(game.reads):,} sheet reads.\n"
    )
    by_action: dict[str, Counter[str]] = {}
    for send in sends:
        tally = by_action.setdefault(send.action, Counter())
        tally["posts"] += 1
        tally[str(send.status)] += 1
        tally["acknowledged"] += send.acknowledged
        tally["refused"] += send.refused
    rows = []
    for action, tally in by_action.items():
        answers = ", ".join(
            f"{n} × {k}" for k, n in sorted(tally.items()) if k not in ("posts", "acknowledged", "refused")
        )
        rows.append([action, tally["posts"], answers, tally["acknowledged"], tally["refused"]])
    print(table(["how sent", "posts", "answers", "acknowledged", "refused (409/422)"], rows))
    counts = [
        ["entries acknowledged", len(acknowledged)],
        ["stored once", sum(1 for n in found.stored.values() if n == 1)],
        ["lost (acknowledged, not stored)", len(lost)],
        ["doubled (stored copies beyond the first)", doubled],
        ["misattributed (hands under another player's name)", found.misattributed],
        ["stored though refused", refused_stored],
        ["stored without an answer (a network error)", unanswered_stored],
        ["stored, sent by no phone", found.unknown],
        ["rounds of the imported game changed", found.base_changed],
        ["5xx answers", five],
        ["network errors and unexpected reads", sum(game.errors.values())],
    ]
    print(f"\n{table(['count', 'n'], counts)}")
    if game.errors:
        print("\nErrors: " + ", ".join(f"{n} × {kind}" for kind, n in game.errors.most_common()))
    latency = []
    for name, times in (
        ("sheet reads", [t for st, t in game.reads if st is not None]),
        ("posts", [s.ms for s in sends if s.status is not None]),
    ):
        if times:
            latency.append([name, len(times), *(ms(percentile(times, p)) for p in (50, 95, 99)), ms(max(times))])
    print(f"\n{table(['requests', 'n', 'p50', 'p95', 'p99', 'max'], latency)}\n")
    label = f"{phones} phones × {entries:,} entries on {len(made):,} made"
    return [
        [f"{label}: 0 lost", len(lost), none_wanted(len(lost))],
        [f"{label}: 0 doubled", doubled, none_wanted(doubled)],
        [f"{label}: 0 misattributed", found.misattributed, none_wanted(found.misattributed)],
        [f"{label}: 0 5xx", five, none_wanted(five)],
        [
            f"{label}: all {phones * entries:,} entries made",
            len(made),
            "met" if len(made) == phones * entries else "not reached",
        ],
    ]


def none_wanted(found: int) -> str:
    """The verdict on a count whose target is zero."""
    return "met" if found == 0 else "missed"
