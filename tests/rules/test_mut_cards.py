"""Cards as a player types and reads them (docs/rules.md §1): exact refusals, notations and pack limits."""

from __future__ import annotations

import pytest

from referee.rules.cards import JOKER, Card, CardError, canonical, check_pack_limits, full_deck, parse_cards


def refusal(token: str) -> str:
    """What the referee says of a token that is not a card."""
    with pytest.raises(CardError) as caught:
        Card.parse(token)
    return str(caught.value)


@pytest.mark.parametrize(
    ("token", "words"),
    [
        ("   ", "an empty card was given"),
        ("JK=ZZ", "'JK=ZZ': a joker is declared as a card, like JK=6H, and 'ZZ' is not a card"),
        ("JK=*", "'JK=*': a joker cannot be declared as another joker"),
        ("7H=6H", "'7H=6H': only a joker can be declared as another card (JK=6H)"),
        ("ZZ", "'ZZ' is not a card: write a rank then a suit, like 10H, QS or 7♣"),
        ("7X", "'7X' is not a card: 'X' is not a suit (S H D C or ♠ ♥ ♦ ♣)"),
        ("ZH", "'ZH' is not a card: 'Z' is not a rank (A 2-10 J Q K)"),
        ("H", "'H' is not a card: 'nothing' is not a rank (A 2-10 J Q K)"),
    ],
)
def test_a_bad_token_is_refused_in_these_words(token: str, words: str) -> None:
    """Each kind of bad token gets its own sentence, naming the token as typed."""
    assert refusal(token) == words


def test_spaces_and_the_emoji_variation_selector_are_ignored() -> None:
    """A token read from a phone may carry spaces and U+FE0F after a suit symbol."""
    assert Card.parse("  qs ") == Card(12, "S")
    assert Card.parse("7♣\ufe0f") == Card(7, "C")
    assert Card.parse(" jk=6h ") == Card.joker(Card(6, "H"))


def test_a_joker_declared_and_plain() -> None:
    """A plain joker has no identity; a declared one keeps the card it stands for."""
    assert Card.parse("JK") == JOKER == Card(0, "", None)
    declared = Card.parse("JK=KD")
    assert declared.is_joker and declared.declared == Card(13, "D")


@pytest.mark.parametrize(
    ("card", "text", "symbol", "name"),
    [
        (Card(1, "S"), "AS", "A♠", "A"),
        (Card(10, "H"), "10H", "10♥", "10"),
        (Card(11, "D"), "JD", "J♦", "J"),
        (Card(12, "C"), "QC", "Q♣", "Q"),
        (Card(13, "S"), "KS", "K♠", "K"),
        (Card(2, "H"), "2H", "2♥", "2"),
    ],
)
def test_a_card_is_written_and_shown(card: Card, text: str, symbol: str, name: str) -> None:
    """A natural card's notation, symbol and rank name."""
    assert (str(card), card.symbol, card.rank_name) == (text, symbol, name)
    assert repr(card) == f"Card.parse({text!r})"
    assert not card.is_joker


def test_a_joker_is_written_and_shown() -> None:
    """A joker reads JK, and a declared joker also names its card."""
    declared = Card.joker(Card(6, "H"))
    assert (str(JOKER), JOKER.symbol, repr(JOKER)) == ("JK", "JK", "Card.parse('JK')")
    assert (str(declared), declared.symbol, repr(declared)) == ("JK=6H", "JK (6♥)", "Card.parse('JK=6H')")


def test_cards_sort_by_suit_then_rank_with_jokers_last() -> None:
    """Listing order: spades, hearts, diamonds, clubs, each from the ace up, then the jokers."""
    cards = parse_cards("JK 2C KH AH 5S AS 3D")
    assert [str(c) for c in sorted(cards, key=lambda c: c.sort_key)] == ["AS", "5S", "AH", "KH", "3D", "2C", "JK"]
    assert JOKER.sort_key == (4, 0)
    assert Card(13, "C").sort_key == (3, 13)


def test_parse_cards_reads_separators_and_lists() -> None:
    """Spaces, tabs, newlines and commas separate cards; a list of strings reads as one string."""
    assert parse_cards("") == ()
    assert parse_cards(" ,, ") == ()
    assert parse_cards("7H,\t8H\n9H ,,10H") == (Card(7, "H"), Card(8, "H"), Card(9, "H"), Card(10, "H"))
    assert parse_cards(["7H 8H", "", "JK"]) == (Card(7, "H"), Card(8, "H"), JOKER)


def test_canonical_writes_every_joker_jk() -> None:
    """JSON output writes a declared joker as a plain JK."""
    assert canonical(parse_cards("JK=6H 10D JK")) == ["JK", "10D", "JK"]


def limit(text: str, packs: int, jokers: int) -> str | None:
    """The pack-limit refusal for these cards, or None when they can all be in play."""
    try:
        check_pack_limits(parse_cards(text), packs=packs, jokers=jokers)
    except CardError as error:
        return str(error)
    return None


def test_pack_limits_allow_exactly_the_cards_in_play() -> None:
    """As many copies as packs, and as many jokers as in play, are fine."""
    assert limit("7S 7S JK JK", packs=2, jokers=2) is None
    assert limit("7S", packs=1, jokers=0) is None
    assert limit("", packs=1, jokers=0) is None


@pytest.mark.parametrize(
    ("text", "packs", "jokers", "words"),
    [
        ("JK JK", 1, 1, "2 jokers were given but only 1 is in play"),
        ("JK JK JK", 2, 2, "3 jokers were given but only 2 are in play"),
        ("JK=6H JK=7H", 2, 1, "2 jokers were given but only 1 is in play"),
        ("JK", 1, 0, "1 jokers were given but only 0 are in play"),
        ("7S 7S", 1, 2, "7♠ appears 2 times but only 1 pack is in play"),
        ("7S 7S 7S", 2, 2, "7♠ appears 3 times but only 2 packs are in play"),
        ("9C 9C 9C 7H 7H 7H", 2, 0, "7♥ appears 3 times but only 2 packs are in play"),
        ("7H 7H 7H 7S 7S 7S", 2, 0, "7♠ appears 3 times but only 2 packs are in play"),
    ],
)
def test_pack_limits_refuse_in_these_words(text: str, packs: int, jokers: int, words: str) -> None:
    """Too many jokers, or a card more often than the packs hold it; the first card in listing order is named."""
    assert limit(text, packs, jokers) == words


def test_a_declared_joker_counts_as_a_joker_not_as_its_card() -> None:
    """JK=7S is a joker: it does not count as a third 7♠ with two packs."""
    assert limit("7S 7S JK=7S", packs=2, jokers=1) is None


def test_the_full_deck() -> None:
    """Every card of each pack, ace to king in each suit, and the jokers."""
    deck = full_deck(2, 3)
    assert len(deck) == 2 * 52 + 3
    assert deck.count(Card(1, "S")) == 2 and deck.count(Card(13, "C")) == 2 and deck.count(JOKER) == 3
    assert deck[0] == Card(1, "S") and deck[12] == Card(13, "S") and deck[13] == Card(1, "H")
    assert Card(0, "S") not in deck
    assert full_deck(1, 0) == tuple(Card(rank, suit) for suit in "SHDC" for rank in range(1, 14))
