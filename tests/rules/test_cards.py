"""Cards and notation (docs/rules.md §1): every accepted spelling, canonical output, errors and pack limits; each
refusal word for word, how a card is written and shown, and the full deck."""

from __future__ import annotations

import pytest

from referee.rules.cards import JOKER, Card, CardError, check_pack_limits, full_deck, parse_cards
from referee.rules.cards import canonical as canonical_cards
from referee.rules.rummy_family import rummy_rules


def names(text: str | list[str]) -> list[str]:
    return [str(card) for card in parse_cards(text)]


RANKS = [
    ("A", "A"),
    *[(str(n), str(n)) for n in range(2, 11)],
    ("J", "J"),
    ("Q", "Q"),
    ("K", "K"),
    ("T", "10"),
    ("R", "K"),
    ("D", "Q"),
    ("V", "J"),
]


@pytest.mark.parametrize(
    ("rank", "canonical"),
    [pytest.param(rank, canonical, id=f"§1 rank {rank}") for rank, canonical in RANKS],
)
@pytest.mark.parametrize("suit", ["S", "H", "D", "C"])
def test_every_rank_is_read_and_written_canonically(rank: str, canonical: str, suit: str) -> None:
    assert str(Card.parse(f"{rank}{suit}")) == f"{canonical}{suit}"


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        pytest.param("TH", "10H", id="§1 T is accepted for 10"),
        pytest.param("RD", "KD", id="§1 French R roi = K (roi de carreau)"),
        pytest.param("DD", "QD", id="§1 French D dame = Q (dame de carreau)"),
        pytest.param("VC", "JC", id="§1 French V valet = J"),
        pytest.param("R♠", "KS", id="§1 French rank with a suit symbol"),
    ],
)
def test_other_rank_letters(token: str, canonical: str) -> None:
    assert str(Card.parse(token)) == canonical


@pytest.mark.parametrize(
    ("token", "canonical"),
    [
        pytest.param("7S", "7S", id="§1 suit letter S"),
        pytest.param("7H", "7H", id="§1 suit letter H"),
        pytest.param("7D", "7D", id="§1 suit letter D"),
        pytest.param("7C", "7C", id="§1 suit letter C"),
        pytest.param("7♠", "7S", id="§1 suit symbol ♠"),
        pytest.param("7♥", "7H", id="§1 suit symbol ♥"),
        pytest.param("7♦", "7D", id="§1 suit symbol ♦"),
        pytest.param("7♣", "7C", id="§1 suit symbol ♣"),
        pytest.param("10♥", "10H", id="§1 ten with a symbol"),
        pytest.param("Q♠", "QS", id="§1 court card with a symbol"),
    ],
)
def test_suits_letters_and_symbols(token: str, canonical: str) -> None:
    assert str(Card.parse(token)) == canonical


@pytest.mark.parametrize(
    "token",
    [
        pytest.param("JK", id="§1 joker JK"),
        pytest.param("Jk", id="§1 joker Jk"),
        pytest.param("jk", id="§1 joker jk (case-insensitive)"),
        pytest.param("jK", id="§1 joker jK (case-insensitive)"),
        pytest.param("*", id="§1 joker *"),
        pytest.param("🃏", id="§1 joker 🃏"),
    ],
)
def test_joker_spellings(token: str) -> None:
    card = Card.parse(token)
    assert card.is_joker
    assert card.declared is None
    assert str(card) == "JK"
    assert names(f"5H {token} 7H") == ["5H", "JK", "7H"]


@pytest.mark.parametrize(
    ("token", "declared"),
    [
        pytest.param("JK=6H", "6H", id="§1 declared joker JK=6H"),
        pytest.param("jk=6h", "6H", id="§1 declared joker, lower case"),
        pytest.param("JK=6♥", "6H", id="§1 declared joker, suit symbol"),
        pytest.param("JK=10S", "10S", id="§1 declared joker as a ten"),
        pytest.param("JK=TS", "10S", id="§1 declared joker as T"),
        pytest.param("Jk=qd", "QD", id="§1 declared joker as a queen"),
    ],
)
def test_declared_joker(token: str, declared: str) -> None:
    card = Card.parse(token)
    assert card.is_joker
    assert card.declared == Card.parse(declared)
    assert str(card) == f"JK={declared}"
    assert Card.parse(str(card)) == card


@pytest.mark.parametrize(
    ("tokens", "canonical"),
    [
        pytest.param(["qs", "Qs", "qS", "QS"], "QS", id="§1 case-insensitive queen"),
        pytest.param(["10h", "10H", "th", "tH", "Th"], "10H", id="§1 case-insensitive ten"),
        pytest.param(["ac", "aC", "Ac", "AC"], "AC", id="§1 case-insensitive ace"),
        pytest.param(["rd", "Rd", "rD"], "KD", id="§1 case-insensitive French roi"),
        pytest.param(["vs", "vS"], "JS", id="§1 case-insensitive French valet"),
    ],
)
def test_case_insensitive(tokens: list[str], canonical: str) -> None:
    assert {str(Card.parse(token)) for token in tokens} == {canonical}


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        pytest.param("10H JK qs 7♣", ["10H", "JK", "QS", "7C"], id="§1 the example 10H JK qs 7♣"),
        pytest.param("10H,JK,qs,7♣", ["10H", "JK", "QS", "7C"], id="§1 commas"),
        pytest.param("10H, JK, qs, 7♣", ["10H", "JK", "QS", "7C"], id="§1 commas and spaces"),
        pytest.param("  10H   JK ,qs ,  7♣  ", ["10H", "JK", "QS", "7C"], id="§1 repeated separators"),
        pytest.param("9♥ 9♠ 🃏", ["9H", "9S", "JK"], id="§1 symbols throughout"),
        pytest.param("RD DD VD TD", ["KD", "QD", "JD", "10D"], id="§1 French letters in a run"),
    ],
)
def test_separators_and_canonical_order(text: str, canonical: list[str]) -> None:
    assert names(text) == canonical


def test_a_list_of_strings_reads_like_one_string() -> None:
    assert names(["10H JK", "qs,7♣"]) == names("10H JK qs 7♣") == ["10H", "JK", "QS", "7C"]


def test_canonical_notation_is_rank_then_suit() -> None:
    # docs/formats.md: rank A 2 … 10 J Q K then suit S H D C, a joker as JK.
    assert names("a♠ t♥ 10♦ j♣ q♠ k♥ 2♦ jk") == ["AS", "10H", "10D", "JC", "QS", "KH", "2D", "JK"]


@pytest.mark.parametrize(
    ("text", "offending"),
    [
        pytest.param("ZZ", "ZZ", id="§1 unknown card ZZ"),
        pytest.param("11H", "11H", id="§1 unknown rank 11"),
        pytest.param("1S", "1S", id="§1 unknown rank 1"),
        pytest.param("0S", "0S", id="§1 unknown rank 0"),
        pytest.param("7X", "7X", id="§1 unknown suit X"),
        pytest.param("H7", "H7", id="§1 suit before rank"),
        pytest.param("10", "10", id="§1 a rank without a suit"),
        pytest.param("10H 7x QS", "7x", id="§1 the offending token among good ones, as typed"),
        pytest.param("10H,JK,qs,BB", "BB", id="§1 the offending token after commas"),
        pytest.param("JK=ZZ", "ZZ", id="§1 a joker declared as no card"),
    ],
)
def test_bad_card_names_the_offending_token(text: str, offending: str) -> None:
    with pytest.raises(CardError) as raised:
        parse_cards(text)
    assert offending in str(raised.value)
    assert isinstance(raised.value, ValueError)


def test_bad_input_names_only_the_bad_token() -> None:
    with pytest.raises(CardError) as raised:
        parse_cards("10H QS 7X")
    message = str(raised.value)
    assert "7X" in message
    assert "10H" not in message and "QS" not in message


def names_the_card(message: str, *spellings: str) -> bool:
    return any(spelling in message for spelling in spellings)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("7S 7S 7S", id="§1 a third 7♠ with two packs"),
        pytest.param("7♠ 7S 7s", id="§1 a third 7♠ in mixed notation"),
        pytest.param("8S 7S 9S 7S 10S 7S", id="§1 a third 7♠ among other cards"),
    ],
)
def test_a_third_card_with_two_packs_is_refused(text: str) -> None:
    with pytest.raises(CardError) as raised:
        check_pack_limits(parse_cards(text), packs=2, jokers=4)
    assert names_the_card(str(raised.value), "7♠", "7S")


def test_two_of_a_card_with_two_packs_is_fine() -> None:
    check_pack_limits(parse_cards("7S 7S 7H 7H JK JK JK JK"), packs=2, jokers=4)


def test_a_third_card_with_three_packs_is_fine() -> None:
    check_pack_limits(parse_cards("7S 7S 7S"), packs=3, jokers=6)
    with pytest.raises(CardError):
        check_pack_limits(parse_cards("7S 7S 7S 7S"), packs=3, jokers=6)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("JK JK JK JK JK", id="§1 a fifth joker with four"),
        pytest.param("JK * 🃏 jk Jk", id="§1 a fifth joker in mixed notation"),
        pytest.param("JK JK JK JK JK=6H", id="§1 a declared joker is still a joker"),
    ],
)
def test_a_fifth_joker_with_four_is_refused(text: str) -> None:
    with pytest.raises(CardError) as raised:
        check_pack_limits(parse_cards(text), packs=2, jokers=4)
    assert names_the_card(str(raised.value).lower(), "joker", "jk")


def test_four_jokers_with_four_is_fine() -> None:
    check_pack_limits(parse_cards("JK JK JK JK 5H"), packs=2, jokers=4)


@pytest.mark.parametrize(
    ("preset", "players", "packs", "jokers"),
    [
        pytest.param("kaluki", None, 2, 4, id="§1 kaluki: 2 packs, 4 jokers"),
        pytest.param("kaluki-club", None, 2, 2, id="§3 kaluki-club: 2 jokers"),
        pytest.param("rami", 4, 2, 4, id="§1 rami: 2 packs for 2-4 players"),
        pytest.param("rami", 5, 3, 6, id="§1 rami: 3 packs for 5-6 players"),
        pytest.param("rami", 8, 4, 8, id="§1 rami: 4 packs for 7-8 players"),
    ],
)
def test_pack_limits_of_the_presets(preset: str, players: int | None, packs: int, jokers: int) -> None:
    rules = rummy_rules(preset)
    assert (rules.pack_count(players), rules.joker_count(players)) == (packs, jokers)
    in_play = parse_cards(["7S"] * packs + ["JK"] * jokers)
    check_pack_limits(in_play, rules.pack_count(players), rules.joker_count(players))
    with pytest.raises(CardError, match=r"7♠|7S"):
        check_pack_limits((*in_play, Card.parse("7S")), rules.pack_count(players), rules.joker_count(players))
    with pytest.raises(CardError, match=r"(?i)joker|JK"):
        check_pack_limits((*in_play, Card.parse("JK")), rules.pack_count(players), rules.joker_count(players))


# --- exact refusals, how a card is written and shown, and the full deck -----------------------------------------------


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
    assert canonical_cards(parse_cards("JK=6H 10D JK")) == ["JK", "10D", "JK"]


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
