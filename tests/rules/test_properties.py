"""Properties of the rules engine, checked with hypothesis on melds and hands dealt from real packs.

Melds are drawn without replacement from the cards in play under each preset (its packs and jokers), so
they always respect the pack limits of docs/rules.md §1: random handfuls, groups of one rank and runs of one
suit, some cards replaced by jokers (sometimes declared as the card they replace), in any order.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import example, given, settings
from hypothesis import strategies as st

from referee.rules.cards import SUITS, Card, check_pack_limits, full_deck, parse_cards
from referee.rules.families import family_playing
from referee.rules.melds import check_meld
from referee.rules.presets import PRESETS
from referee.rules.rummy_family import rummy_rules
from referee.rules.table import RummyRules
from referee.rules.values import penalty

RUMMY_PRESETS = tuple(name for name in PRESETS if family_playing(name).name == "rummy")
RULES = {preset: rummy_rules(preset) for preset in RUMMY_PRESETS}
EXAMPLES = settings(max_examples=500, deadline=None)

# docs/rules.md §4, written out here rather than taken from the engine.
PENALTY_TABLE = {1: 11, **{n: n for n in range(2, 10)}, 10: 10, 11: 10, 12: 10, 13: 10}
SALON_HAND = {1: 15, **{n: 5 for n in range(2, 10)}, 10: 10, 11: 10, 12: 10, 13: 10}


def deck(rules: RummyRules) -> tuple[Card, ...]:
    return full_deck(rules.pack_count(), rules.joker_count())


@st.composite
def handful(draw: st.DrawFn, rules: RummyRules, min_size: int = 3, max_size: int = 8) -> list[Card]:
    """Any cards from the packs in play, each physical card at most once."""
    cards = deck(rules)
    picks = draw(st.lists(st.integers(0, len(cards) - 1), min_size=min_size, max_size=max_size, unique=True))
    return [cards[i] for i in picks]


@st.composite
def jokered(draw: st.DrawFn, naturals: list[Card], jokers: int) -> list[Card]:
    """Replace some of `naturals` by jokers (at most `jokers`, keeping one natural), sometimes declared."""
    most = min(jokers, len(naturals) - 1)
    replaced = draw(st.sets(st.integers(0, len(naturals) - 1), max_size=most))
    meld = []
    for n, card in enumerate(naturals):
        if n in replaced:
            meld.append(Card.joker(card) if draw(st.booleans()) and draw(st.booleans()) else Card.joker())
        else:
            meld.append(card)
    return meld


@st.composite
def group_meld(draw: st.DrawFn, rules: RummyRules) -> list[Card]:
    """Cards of one rank (a suit at most `packs` times), some turned into jokers."""
    rank = draw(st.integers(1, 13))
    pool = [Card(rank, suit) for suit in SUITS for _ in range(rules.pack_count())]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=3, max_size=5, unique=True))
    return draw(jokered([pool[i] for i in picks], rules.joker_count()))


@st.composite
def run_meld(draw: st.DrawFn, rules: RummyRules) -> list[Card]:
    """Consecutive cards of one suit (possibly round the ace), some turned into jokers."""
    suit = draw(st.sampled_from(SUITS))
    start = draw(st.integers(0, 12))
    length = draw(st.integers(3, 13))
    naturals = [Card((start + k) % 13 + 1, suit) for k in range(length)]
    return draw(jokered(naturals, rules.joker_count()))


@st.composite
def preset_and_meld(
    draw: st.DrawFn, presets: Sequence[str] = RUMMY_PRESETS, jokers: bool = True
) -> tuple[str, list[Card]]:
    """A preset and a meld laid in any order, from that preset's packs."""
    preset = draw(st.sampled_from(presets))
    rules = RULES[preset]
    if not jokers:
        rules = rummy_rules(preset, {"jokers": 0})
    meld = draw(st.one_of(handful(rules), group_meld(rules), run_meld(rules)))
    check_pack_limits(meld, rules.pack_count(), rules.joker_count())
    return preset, draw(st.permutations(meld))


def text(cards: Sequence[Card]) -> str:
    return " ".join(str(card) for card in cards)


@st.composite
def two_orders(
    draw: st.DrawFn, presets: Sequence[str] = RUMMY_PRESETS, jokers: bool = True
) -> tuple[str, list[Card], list[Card]]:
    """A preset and one meld laid in two orders."""
    preset, meld = draw(preset_and_meld(presets, jokers))
    return preset, meld, draw(st.permutations(meld))


# A whole suit without jokers: laid A 2 … K or 2 … K A, it is the same meld.
WHOLE_SUIT = list(parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))
WHOLE_SUIT_ACE_LAST = WHOLE_SUIT[1:] + WHOLE_SUIT[:1]


@EXAMPLES
@given(two_orders())
def test_card_order_never_changes_validity(laid: tuple[str, list[Card], list[Card]]) -> None:
    preset, meld, other = laid
    rules = RULES[preset]
    assert check_meld(meld, rules).valid == check_meld(other, rules).valid, f"{preset}: {text(meld)} / {text(other)}"


@EXAMPLES
@given(two_orders(jokers=False))
@example(("kaluki-club", WHOLE_SUIT, WHOLE_SUIT_ACE_LAST))
@example(("rami", WHOLE_SUIT, WHOLE_SUIT_ACE_LAST))
def test_card_order_never_changes_a_joker_free_value(laid: tuple[str, list[Card], list[Card]]) -> None:
    preset, meld, other = laid
    rules = RULES[preset]
    first, second = check_meld(meld, rules), check_meld(other, rules)
    assert (first.valid, first.value) == (second.valid, second.value), f"{preset}: {text(meld)} / {text(other)}"


@EXAMPLES
@given(two_orders(presets=("kaluki",)))
@example(("kaluki", WHOLE_SUIT, WHOLE_SUIT_ACE_LAST))
def test_card_order_never_changes_a_kaluki_value(laid: tuple[str, list[Card], list[Card]]) -> None:
    _, meld, other = laid
    rules = RULES["kaluki"]
    first, second = check_meld(meld, rules), check_meld(other, rules)
    assert (first.valid, first.value) == (second.valid, second.value), f"{text(meld)} / {text(other)}"


@EXAMPLES
@given(preset_and_meld(presets=("kaluki",)))
def test_a_kaluki_meld_is_worth_its_penalty_table(laid: tuple[str, list[Card]]) -> None:
    # kaluki: meld_values = penalty table (ace always 11), joker_meld_value = 15.
    _, meld = laid
    result = check_meld(meld, RULES["kaluki"])
    if result.valid:
        assert result.value == sum(15 if card.is_joker else PENALTY_TABLE[card.rank] for card in meld)


@EXAMPLES
@given(preset_and_meld())
def test_a_valid_meld_reversed_stays_valid_with_the_same_value(laid: tuple[str, list[Card]]) -> None:
    preset, meld = laid
    rules = RULES[preset]
    forward = check_meld(meld, rules)
    if forward.valid:
        backward = check_meld(meld[::-1], rules)
        assert backward.valid, f"{preset}: {text(meld[::-1])}: {backward.reason}"
        assert (backward.kind, backward.value) == (forward.kind, forward.value), f"{preset}: {text(meld)}"


@st.composite
def preset_and_hand(draw: st.DrawFn) -> tuple[str, list[Card]]:
    preset = draw(st.sampled_from(RUMMY_PRESETS))
    return preset, draw(handful(RULES[preset], min_size=0, max_size=15))


def hand_value(card: Card, table: str) -> int:
    """docs/rules.md §4: the penalty table (joker 15) or the salon table for hands (joker 20, ace 15)."""
    if card.is_joker:
        return 20 if table == "salon" else 15
    return (SALON_HAND if table == "salon" else PENALTY_TABLE)[card.rank]


@EXAMPLES
@given(preset_and_hand(), st.data())
def test_penalty_is_the_sum_of_the_card_values(dealt: tuple[str, list[Card]], data: st.DataObject) -> None:
    preset, hand = dealt
    rules = RULES[preset]
    assert penalty(hand, rules) == sum(hand_value(card, rules.hand_values) for card in hand)
    cut = data.draw(st.integers(0, len(hand)), label="cut")
    assert penalty(hand, rules) == penalty(hand[:cut], rules) + penalty(hand[cut:], rules)


NATURALS = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
ANY_CARD = st.one_of(
    st.sampled_from(NATURALS),
    st.just(Card.joker()),
    st.sampled_from(NATURALS).map(Card.joker),
)
RANK_SPELLINGS = {
    1: ["A", "a"],
    10: ["10", "T", "t"],
    11: ["J", "j", "V", "v"],
    12: ["Q", "q", "D", "d"],
    13: ["K", "k", "R", "r"],
    **{n: [str(n)] for n in range(2, 10)},
}
SUIT_SPELLINGS = {"S": ["S", "s", "♠"], "H": ["H", "h", "♥"], "D": ["D", "d", "♦"], "C": ["C", "c", "♣"]}
JOKER_SPELLINGS = ["JK", "Jk", "jk", "*", "🃏"]


@st.composite
def spelt(draw: st.DrawFn, card: Card) -> str:
    """`card` in any notation docs/rules.md §1 accepts."""
    if card.is_joker:
        if card.declared is None:
            return draw(st.sampled_from(JOKER_SPELLINGS))
        return draw(st.sampled_from(["JK", "Jk", "jk"])) + "=" + draw(spelt(card.declared))
    return draw(st.sampled_from(RANK_SPELLINGS[card.rank])) + draw(st.sampled_from(SUIT_SPELLINGS[card.suit]))


@EXAMPLES
@given(st.lists(ANY_CARD, max_size=12))
def test_canonical_notation_parses_back_to_the_same_cards(cards: list[Card]) -> None:
    canonical = [str(card) for card in cards]
    assert list(parse_cards(" ".join(canonical))) == cards
    assert [str(card) for card in parse_cards(",".join(canonical))] == canonical


@EXAMPLES
@given(st.data(), st.lists(ANY_CARD, min_size=1, max_size=12))
def test_any_notation_parses_to_the_canonical_cards(data: st.DataObject, cards: list[Card]) -> None:
    tokens = [data.draw(spelt(card), label="token") for card in cards]
    separators = [data.draw(st.sampled_from([" ", ",", ", ", "  ", " , "]), label="sep") for _ in tokens]
    typed = "".join(token + sep for token, sep in zip(tokens, separators, strict=True))
    parsed = parse_cards(typed)
    assert list(parsed) == cards
    assert list(parse_cards(" ".join(str(card) for card in parsed))) == list(parsed)


def meld_value(rank: int, rules: RummyRules, *, low: bool) -> int:
    """docs/rules.md §4 for melds: penalty table, face (ace 1 in a low run) or salon (ace 15, 5 in a low run)."""
    if rules.meld_values == "salon":
        if rank == 1:
            return 5 if low else 15
        return 10 if rank >= 10 else 5
    if rank == 1:
        return 1 if low and rules.meld_values == "face" else 11
    return PENALTY_TABLE[rank]


def joker_value(rank: int, rules: RummyRules, *, low: bool) -> int:
    if isinstance(rules.joker_meld_value, int):
        return rules.joker_meld_value
    return meld_value(rank, rules, low=low)


def reading_values(meld: list[Card], kind: str, rules: RummyRules) -> set[int]:
    """Every value some reading of `meld` as a `kind` could have, worked out from docs/rules.md §2 and §4."""
    fixed = [card.declared or card for card in meld if not card.is_joker or card.declared]
    free = sum(card.is_joker and card.declared is None for card in meld)
    if kind == "group":
        rank = fixed[0].rank
        naturals = sum(not card.is_joker for card in meld)
        high = meld_value(rank, rules, low=False)
        return {naturals * high + (len(meld) - naturals) * joker_value(rank, rules, low=False)}
    values = set()
    places = {card.rank - 1 for card in fixed}
    n = len(meld)
    for start in range(13):
        window = [(start + k) % 13 for k in range(n)]
        if not places <= set(window) or len(places) + free != n:
            continue
        ace_at = window.index(0) if 0 in window else None
        if ace_at is not None:
            if ace_at == 0 and not rules.ace_low:
                continue
            if ace_at == n - 1 and not rules.ace_high:
                continue
            if 0 < ace_at < n - 1 and not rules.ace_wraps:
                continue
        # A low run starts with its ace; an ace inside a wrap may be read either way.
        lows = {True} if ace_at == 0 else {False} if ace_at in (None, n - 1) else {True, False}
        for low in lows:
            natural_places = {card.rank - 1 for card in meld if not card.is_joker}
            values.add(
                sum(
                    meld_value(p + 1, rules, low=low) if p in natural_places else joker_value(p + 1, rules, low=low)
                    for p in window
                )
            )
    return values


@EXAMPLES
@given(preset_and_meld())
def test_a_valid_meld_is_worth_the_sum_of_its_cards_in_some_reading(laid: tuple[str, list[Card]]) -> None:
    preset, meld = laid
    rules = RULES[preset]
    result = check_meld(meld, rules)
    if result.valid:
        assert result.kind is not None
        assert result.value in reading_values(meld, result.kind, rules), f"{preset}: {text(meld)}"
        assert len(result.jokers) == sum(card.is_joker for card in meld)
