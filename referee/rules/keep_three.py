"""`keep_three` (000): each meld on the table keeps at least three of its cards together in a meld after the
rearrangement (docs/rules.md §2, Ruling: `keep_three` and merged melds).

Several melds on the table may keep theirs in the same meld after (a merge), but a card is kept once; a joker that
leaves its meld is kept by the card that takes its place. Which meld after keeps which is a search; whether the cards
of some melds fit together in one meld after is a flow (`flow.max_flow`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.cards import JOKER, Card, canonical, counted
from referee.rules.flow import max_flow

KEPT = 3  # 000: "à condition qu'il conserve au moins trois cartes de ce groupe"
JOKER_KEY = str(JOKER)


@dataclass(frozen=True)
class Held:
    """What a meld on the table may keep together: its cards, and for its jokers, the cards that take their place."""

    cards: Counter[str]  # its natural cards as they lie
    jokers: int
    stand_ins: frozenset[str]  # the cards that may take its jokers' places: one that does counts as kept

    @classmethod
    def of(cls, meld: Sequence[Card], jokers: Sequence[Sequence[Card]] = ()) -> Held:
        """What the meld on the table holds, `jokers` giving for each joker the cards that may take its place."""
        cards = counted(meld)
        stand_ins = frozenset(canonical([card for options in jokers for card in options]))
        return cls(cards - Counter({JOKER_KEY: cards[JOKER_KEY]}), cards[JOKER_KEY], stand_ins)


def unkept(
    old: Sequence[Sequence[Card]], new: Sequence[Sequence[Card]], jokers: Sequence[Sequence[Sequence[Card]]] = ()
) -> int | None:
    """The first meld on the table that cannot keep three of its cards together in one meld after, if one cannot.

    Several melds on the table may keep theirs in the same meld after (merged runs), but a card is kept once:
    two melds keep the same card in one meld after only where it holds that card twice. A joker released from a
    meld is kept by the card that took its place (docs/rules.md §2, `keep_three`): "9H 9S JK" kept as "9H 9S 9D".
    `jokers`: for each meld on the table, the cards that may take each of its jokers' places (none given: none).
    A meld that keeps three nowhere is named first; else the first whose keeping, with the melds before it, fails.

    >>> from referee.rules.cards import parse_cards
    >>> unkept([parse_cards("5H 6H 7H"), parse_cards("8H 9H 10H")], [parse_cards("5H 6H 7H 8H 9H 10H")]) is None
    True
    >>> unkept([parse_cards("7H 7S 7D"), parse_cards("7H 7S 7C")], [parse_cards("7H 7S 7D 7C")])
    1
    """
    stands = list(jokers) or [()] * len(old)
    holds = [Held.of(meld, options) for meld, options in zip(old, stands, strict=True)]
    rooms = [counted(later) for later in new]
    choices = [[j for j, room in enumerate(rooms) if _fits([hold], room)] for hold in holds]
    alone = next((i for i, where in enumerate(choices) if not where), None)
    if alone is not None or _all_kept(holds, choices, rooms):
        return alone
    return next(count - 1 for count in range(1, len(holds) + 1) if not _all_kept(holds[:count], choices, rooms))


def _all_kept(holds: list[Held], choices: list[list[int]], rooms: list[Counter[str]]) -> bool:
    """Whether each meld on the table (`holds`) keeps three of its cards in one of its `choices` of meld after.

    A search over which meld after each one keeps its cards in.
    """
    kept_in: list[int] = []

    def place(i: int) -> bool:
        if i == len(holds):
            return True
        for j in choices[i]:
            kept_in.append(j)
            together = [holds[t] for t, where in enumerate(kept_in) if where == j]
            if _fits(together, rooms[j]) and place(i + 1):
                return True
            kept_in.pop()
        return False

    return place(0)


Node = tuple[str, int | str]


def _fits(holds: list[Held], room: Counter[str]) -> bool:
    """Whether the melds `holds` can each keep three of their cards in one meld after holding `room`, no card twice.

    A flow: three from each meld, through the cards it holds (its jokers through the joker or the cards that take
    their places), to the meld after, each card as often as it holds it.
    """
    capacity: Counter[tuple[Node, Node]] = Counter()
    for i, hold in enumerate(holds):
        capacity[("start", ""), ("meld", i)] = KEPT
        for key, count in hold.cards.items():
            capacity[("meld", i), ("card", key)] = min(count, room[key])
        if hold.jokers:
            capacity[("meld", i), ("jokers", i)] = hold.jokers
            for key in {JOKER_KEY, *hold.stand_ins}:
                capacity[("jokers", i), ("card", key)] = min(hold.jokers, room[key])
    for key, count in room.items():
        capacity[("card", key), ("end", "")] = count
    return max_flow(capacity, ("start", ""), ("end", "")) == KEPT * len(holds)
