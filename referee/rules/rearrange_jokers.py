"""Jokers in a rearrangement (docs/rules.md §2, Adding to the table): a joker taken back forms a new meld where a
joker cannot complete one; a group's joker leaves it only as a release lets it; a run's joker leaves it for a card that
takes its place (unless `run_joker_taken_without_card`).

The cards on the table can often be read more than one way: with two packs a card is there twice, and jokers are all
alike. Each check takes a reading under which the move is allowed when there is one, so the answer never depends on
the order in which the melds are given; a refusal names a meld found in the order of the melds' cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from referee.rules.cards import JOKER, Card, counted, in_cards_order
from referee.rules.flow import max_flow
from referee.rules.melds import MeldCheck
from referee.rules.release import group_release_refusal
from referee.rules.table import RummyRules
from referee.rules.words import or_list, say

Meld = Sequence[Card]
Refusal = tuple[int, str, str]  # the place of the meld on the table refused, why, and the option it rests on
JOKER_KEY = str(JOKER)


def completed_with_a_joker(old: Sequence[Meld], new: Sequence[Meld]) -> int | None:
    """The meld after that completes melds on the table with a joker taken from another, when every reading has one.

    A meld after holding every card of some melds on the table is those melds completed (001: "compléter une
    combinaison déjà existante") and holds no more jokers than they held; any other meld after is a new meld. With
    two packs a meld after may hold the cards of more melds than it completes, so which it completes is a reading:
    each meld on the table is completed by one meld after at most, the melds one completes fit in it together, and
    a meld on the table left out fits in none of the room left. The move is allowed when some reading has no meld
    after holding a joker from another meld; else the meld named is the first of the reading with the fewest.

    >>> from referee.rules.cards import parse_cards
    >>> table = [parse_cards("7H 8H 9H"), parse_cards("JK 7H 8H")]
    >>> completed_with_a_joker(table, [parse_cards("JK 7H 8H 9H"), parse_cards("7H 8H 9H")]) is None
    True
    >>> completed_with_a_joker([parse_cards("5H JK 7H"), parse_cards("9C 9D 9S")],
    ...                        [parse_cards("5H 6H 7H"), parse_cards("9C 9D 9S JK")])
    1
    """
    holds, rooms = [counted(meld) for meld in old], [counted(meld) for meld in new]
    order = in_cards_order(new)
    fits = [[j for j in order if not holds[i] - rooms[j]] for i in range(len(old))]
    named: list[int] = []
    for olds, news in _apart(fits, in_cards_order(old)):
        if any(rooms[j][JOKER_KEY] for j in news):
            named += _fewest_taken_jokers(olds, fits, holds, rooms, order)
    return min(named, key=order.index, default=None)


def _apart(fits: list[list[int]], order: list[int]) -> list[tuple[list[int], set[int]]]:
    """The melds on the table (in `order`) in parts that share no meld after they fit in, each with those melds."""
    parts: list[tuple[list[int], set[int]]] = []
    for i in order:
        if not fits[i]:
            continue  # completed by no meld after, in every reading
        touching = [part for part in parts if part[1] & set(fits[i])]
        olds = sorted([t for part in touching for t in part[0]] + [i], key=order.index)
        news = set(fits[i]).union(*(part[1] for part in touching))
        parts = [part for part in parts if all(part is not other for other in touching)] + [(olds, news)]
    return parts


def _fewest_taken_jokers(
    olds: list[int], fits: list[list[int]], holds: list[Counter[str]], rooms: list[Counter[str]], order: list[int]
) -> list[int]:
    """The melds after holding a joker from another meld, in the reading of the melds `olds` with the fewest (first
    in `order`): each of `olds` is completed by one of its `fits`, or left out where it fits in no room left."""
    room = {j: Counter(rooms[j]) for i in olds for j in fits[i]}
    completes: dict[int, list[int]] = {j: [] for j in room}
    left: list[int] = []
    best: list[list[int]] = []

    def read_out() -> None:
        if any(not holds[i] - room[j] for i in left for j in fits[i]):
            return  # a meld left out fits where it would be completed: no reading
        taking = [
            j
            for j in order
            if completes.get(j) and rooms[j][JOKER_KEY] > sum(holds[i][JOKER_KEY] for i in completes[j])
        ]
        if not best or (len(taking), [order.index(j) for j in taking]) < (
            len(best[0]),
            [order.index(j) for j in best[0]],
        ):
            best[:] = [taking]

    def read(k: int) -> None:
        if best and not best[0]:
            return  # a reading with no joker taken from another meld: the move is allowed
        if k == len(olds):
            read_out()
            return
        i = olds[k]
        for j in fits[i]:
            if not holds[i] - room[j]:
                room[j] -= holds[i]
                completes[j].append(i)
                read(k + 1)
                room[j] += holds[i]
                completes[j].pop()
        later = {j for t in olds[k + 1 :] for j in fits[t]}
        if all(holds[i] - room[j] or j in later for j in fits[i]):  # left out only where no room stays open to it
            left.append(i)
            read(k + 1)
            left.pop()

    read(0)
    return best[0]


def group_joker_refusal(on_table: Sequence[MeldCheck], new: Sequence[Meld], rules: RummyRules) -> Refusal | None:
    """A group on the table whose joker leaves it though `set_joker_release` keeps it there, and why; None when some
    reading lets go every joker that leaves a group.

    A group goes on in the meld after holding most of its natural cards (then of its jokers): the jokers it holds fewer
    than the group held are freed, and the cards that joined it must take them, as in a release (docs/rules.md §2, Joker
    release). Two groups of one rank (two packs) go on in two melds, the group keeping the most cards choosing first.
    Where groups, or melds after, keep as many, each choice is a reading; the refusal is that of the first reading, in
    the order of the melds' cards.
    """
    tables = [check.cards for check in on_table]
    groups = [n for n in in_cards_order(tables) if on_table[n].kind == "group" and counted(tables[n])[JOKER_KEY]]
    kept = {g: [_kept_cards(tables[g], later) for later in new] for g in groups}
    order = in_cards_order(new)

    @cache
    def go_on(left: frozenset[int], taken: frozenset[int]) -> Refusal | None:
        if not left:
            return None
        most = max(max(kept[g]) for g in left)
        first: Refusal | None = None
        for g in _unlike([g for g in groups if g in left and max(kept[g]) == most], tables):
            free = [j for j in order if j not in taken] or order  # more groups than melds after
            best = max(kept[g][j] for j in free)
            for j in _unlike([j for j in free if kept[g][j] == best], new):
                freed = counted(tables[g])[JOKER_KEY] - counted(new[j])[JOKER_KEY]
                why = group_release_refusal(tables[g], freed, new[j], rules) if freed > 0 else None
                outcome = (g, why, "set_joker_release") if why is not None else go_on(left - {g}, taken | {j})
                if outcome is None:
                    return None
                first = first or outcome
        return first

    return go_on(frozenset(groups), frozenset()) if groups else None


def _kept_cards(meld: Meld, later: Meld) -> tuple[int, int]:
    """How many of the natural cards of `meld`, then of all its cards, the meld after `later` holds."""
    kept = counted(meld) & counted(later)
    return sum(kept.values()) - kept[JOKER_KEY], sum(kept.values())


def _unlike(places: list[int], melds: Sequence[Meld]) -> list[int]:
    """`places` less those of a meld with the same cards as one before: the same cards give the same reading."""
    seen: set[tuple[str, ...]] = set()
    unlike = []
    for place in places:
        cards = tuple(str(card) for card in melds[place])
        if cards not in seen:
            seen.add(cards)
            unlike.append(place)
    return unlike


def run_joker_takers(options: Sequence[Card], rules: RummyRules) -> tuple[Card, ...]:
    """The cards that may take the place of a run's joker that could be `options`: its card when it is known; either
    card under `keep_three` with `either_card_takes_run_joker` (000), else none (001, 002).

    >>> from referee.rules.cards import parse_cards
    >>> from referee.rules.rummy_family import rummy_rules
    >>> [str(card) for card in run_joker_takers(parse_cards("QS 9S"), rummy_rules("kaluki"))]
    ['QS', '9S']
    >>> run_joker_takers(parse_cards("QS 9S"), rummy_rules("kaluki-hunt", {"table_rearrange": "keep_three"}))
    ()
    """
    either = rules.table_rearrange == "keep_three" and rules.either_card_takes_run_joker
    return tuple(options) if len(options) == 1 or either else ()


Node = tuple[object, ...]
START: Node = ("start",)
END: Node = ("end",)


def run_joker_refusal(on_table: Sequence[MeldCheck], after: Sequence[MeldCheck], rules: RummyRules) -> Refusal | None:
    """A run on the table whose joker leaves it with no card in its place, and why; None when none does, or where
    `run_joker_taken_without_card` lets it.

    A run's joker stays with its run in a run after holding some of its natural cards; one that leaves it needs a card
    that may take its place (`run_joker_takers`) in such a run. The jokers that stay and the cards that take their
    places are matched to the melds after (a flow), the runs taken in the order of their cards: the first that cannot
    be matched with those before it is named.
    """
    if rules.run_joker_taken_without_card:
        return None
    runs = [n for n in in_cards_order([check.cards for check in on_table]) if on_table[n].kind == "run"]
    rooms = [counted(check.cards) for check in after]
    capacity: Counter[tuple[Node, Node]] = Counter()
    jokers = 0
    for r in (r for r in runs if on_table[r].jokers):
        run = on_table[r]
        naturals = set(counted(run.cards)) - {JOKER_KEY}
        homes = [j for j, check in enumerate(after) if check.kind == "run" and naturals & set(rooms[j])]
        for k, options in enumerate(run.jokers):
            capacity[START, ("joker", r, k)] = 1
            for j in homes:
                for key in (JOKER_KEY, *(str(card) for card in run_joker_takers(options, rules))):
                    capacity[("joker", r, k), ("card", j, key)] = 1
        for j in homes:
            for key, count in rooms[j].items():
                capacity[("card", j, key), END] = count
        jokers += len(run.jokers)
        if max_flow(capacity, START, END) < jokers:
            return (r, *_why_run_joker(run, [rooms[j] for j in homes], rules))
    return None


def _why_run_joker(run: MeldCheck, homes: list[Counter[str]], rules: RummyRules) -> tuple[str, str]:
    """Why the run's joker may not leave it, and the option that says so: its card is not known, where either card it
    could be takes it only with `either_card_takes_run_joker`; or no card it stands for takes its place."""
    unknown = [options for options in run.jokers if len(options) > 1 and not run_joker_takers(options, rules)]
    there = {key for room in homes for key in room}
    rule = "run_joker_taken_without_card"
    if unknown and any(str(card) in there for options in unknown for card in options):
        rule = "either_card_takes_run_joker" if rules.table_rearrange == "keep_three" else rule
        reason = say(
            "the joker could be {cards}: it is taken only when its card is known",
            cards=or_list(card.symbol for card in unknown[0]),
        )
    else:
        could = dict.fromkeys(card for options in run.jokers for card in options)
        reason = say("no card it could stand for ({cards}) takes its place", cards=or_list(c.symbol for c in could))
    return say("at this table a run's joker is taken only by a card it stands for, and {reason}", reason=reason), rule
