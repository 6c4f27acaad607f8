"""Cards and notation (docs/rules.md §1): every accepted spelling, canonical output, errors and pack limits."""

from __future__ import annotations

import pytest

from referee.rules.cards import Card, CardError, check_pack_limits, parse_cards
from referee.rules.table import rummy_rules


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
