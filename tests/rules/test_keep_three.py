"""`keep_three` (000: "à condition qu’il conserve au moins trois cartes de ce groupe"): each meld on the table keeps
three of its cards together in some meld after, several may keep theirs in the same one, and a card is kept once
(docs/rules.md §2, Ruling: `keep_three` and merged melds). The referee's search against every way to choose."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, product

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import Card, parse_cards
from referee.rules.keep_three import unkept
from referee.rules.rearrange import rearrange_melds
from referee.rules.rummy_family import rummy_rules

CARDS = parse_cards("7H 7S 7D 7C 8H")
Meld = tuple[Card, ...]


def keeps(holds: list[Counter[str]], room: Counter[str]) -> bool:
    """Whether each meld of `holds` can keep three of its own cards in `room`, no card of it twice: every choice."""
    if not holds:
        return True
    first, rest = holds[0], holds[1:]
    threes = set(combinations(sorted((first & room).elements()), 3))
    return any(keeps(rest, room - Counter(three)) for three in threes)


def first_unkept(old: list[Meld], new: list[Meld]) -> int | None:
    """The first meld on the table that keeps three cards in no meld after; else the first whose keeping, with those
    before it, no choice of melds after allows."""
    holds = [Counter(str(card) for card in meld) for meld in old]
    rooms = [Counter(str(card) for card in meld) for meld in new]
    nowhere = [i for i, hold in enumerate(holds) if not any(keeps([hold], room) for room in rooms)]
    if nowhere:
        return nowhere[0]
    for count in range(1, len(holds) + 1):
        if not any(
            all(keeps([h for h, at in zip(holds[:count], where, strict=True) if at == j], room)
                for j, room in enumerate(rooms))
            for where in product(range(len(rooms)), repeat=count)
        ):  # fmt: skip
            return count - 1
    return None


meld = st.lists(st.sampled_from(CARDS), min_size=3, max_size=5).map(tuple)


@settings(max_examples=300, deadline=None)
@given(old=st.lists(meld, min_size=1, max_size=3), new=st.lists(meld, min_size=1, max_size=3))
def test_the_first_meld_that_cannot_keep_three_is_the_one_every_choice_leaves_out(
    old: list[Meld], new: list[Meld]
) -> None:
    assert unkept(old, new) == first_unkept(old, new)


def test_a_meld_that_keeps_nothing_is_named_before_two_that_compete() -> None:
    # 7♥ 7♠ 7♦ and 7♥ 7♠ 7♣ cannot both keep three in 7♥ 7♠ 7♦ 7♣; 2♣ 3♣ 4♣ 5♣ keeps three nowhere: it is named.
    table = [parse_cards(m) for m in ("7H 7S 7D", "7H 7S 7C", "2C 3C 4C 5C")]
    after = [parse_cards(m) for m in ("7H 7S 7D 7C", "7H 8H 9H", "7S 8S 9S", "AC 2C 3C", "4C 5C 6C")]
    answer = rearrange_melds(table, after, rummy_rules("kaluki"))
    assert (answer.valid, answer.rule) == (False, "table_rearrange")
    assert answer.reason == "meld 3 on the table (2♣ 3♣ 4♣ 5♣) would not keep three of its cards together in one meld"


def test_the_melds_after_may_come_in_any_order() -> None:
    table = [parse_cards("5H 6H 7H"), parse_cards("9C 9D 9S")]
    after = [parse_cards("9C 9D 9S 9H"), parse_cards("5H 6H 7H 8H")]
    assert rearrange_melds(table, after, rummy_rules("kaluki")).valid


def test_a_meld_rerouted_to_make_room_for_another_keeps_three_too() -> None:
    # The first meld could keep 7♥ 8♥ 9♥, which the second needs: it must keep 10♥ J♥ Q♥ instead.
    first, second = parse_cards("7H 8H 9H 10H JH QH"), parse_cards("7H 8H 9H")
    for room in ("7H 8H 9H 10H JH QH", "QH JH 10H 9H 8H 7H"):
        assert unkept([first, second], [parse_cards(room)]) is None
        assert unkept([second, first], [parse_cards(room)]) is None
    assert unkept([first, second], [parse_cards("7H 8H 9H 10H JH")]) == 1
