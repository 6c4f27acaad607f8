"""One card alphabet per language: a card the reader reads is said in the reader's letters (R D V in French, K Q J in
English), while records, exports and the command line keep the canonical notation (docs/formats.md)."""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator

import pytest
from markupsafe import escape

from referee.rules.cards import Card, canonical, check_pack_limits, parse_cards, symbols
from referee.rules.laid import laid_groups, laid_text
from referee.rules.melds import check_meld
from referee.rules.rummy_family import rummy_rules
from referee.rules.words import Said, joined, say, speaking

CARD_RANK = {"J": "V", "Q": "D", "K": "R"}  # the picker's French letters (translations/fr, context "card rank")
FRENCH = {
    "{cards} is missing": "il manque {cards}",
    "{card} appears {count} times but only {n} packs are in play": "{card} apparaît {count} fois pour {n} paquets",
}
ENGLISH_LETTER = re.compile(r"(?<![A-Za-z])[KQJ][♠♥♦♣]")


def _french_plural(singular: str, plural: str, n: int) -> str:
    message = singular if n < 2 else plural
    return FRENCH.get(message, message)


def _french_in(context: str, message: str) -> str:
    return CARD_RANK.get(message, message) if context == "card rank" else message


@pytest.fixture
def french() -> Iterator[None]:
    with speaking(lambda m: FRENCH.get(m, m), _french_plural, pgettext=_french_in):
        yield


@pytest.mark.parametrize(
    ("typed", "english", "in_french"),
    [
        pytest.param("KH", "K♥", "R♥", id="king"),
        pytest.param("QS", "Q♠", "D♠", id="queen"),
        pytest.param("JD", "J♦", "V♦", id="jack"),
        pytest.param("AC", "A♣", "A♣", id="ace"),
        pytest.param("10H", "10♥", "10♥", id="ten"),
        pytest.param("JK", "JK", "JK", id="joker"),
        pytest.param("JK=QH", "JK (Q♥)", "JK (D♥)", id="a joker declared as a face"),
        pytest.param("JK=6H", "JK (6♥)", "JK (6♥)", id="a joker declared as a number"),
    ],
)
def test_a_card_reads_in_the_letters_of_the_language_spoken_when_shown(
    typed: str, english: str, in_french: str
) -> None:
    symbol = Card.parse(typed).symbol  # made once, in English, as a cached replay holds it
    assert (symbol, str(symbol), f"{symbol}") == (english, english, english)
    with speaking(lambda m: m, lambda s, p, n: s, pgettext=_french_in):
        assert (str(symbol), f"{symbol}", str(escape(Card.parse(typed).symbol))) == (in_french, in_french, in_french)
    assert str(symbol) == english


def test_records_keep_the_canonical_notation_in_any_language(french: None) -> None:
    cards = parse_cards("KH QS JD JK=QH 10C")
    assert [str(card) for card in cards] == ["KH", "QS", "JD", "JK=QH", "10C"]
    assert canonical(cards) == ["KH", "QS", "JD", "JK", "10C"]
    assert laid_text(laid_groups("kh qh jh / jk=qd")) == "KH QH JH / JK=QD"
    assert [card.rank_name for card in cards[:3]] == ["K", "Q", "J"]


def test_both_alphabets_and_the_symbols_are_typed_in_any_language(french: None) -> None:
    assert parse_cards("RH D♠ vd K♥ QS J♦") == parse_cards("KH QS JD KH QS JD")


def test_cards_side_by_side_are_said_in_the_reader_s_letters() -> None:
    row = symbols(parse_cards("QH KH AH 2H"))
    assert row == "Q♥ K♥ A♥ 2♥"
    with speaking(lambda m: m, lambda s, p, n: s, pgettext=_french_in):
        assert str(row) == "D♥ R♥ A♥ 2♥"
        assert str(symbols(parse_cards("QH KH"), " | ")) == "D♥ | R♥"
        assert str(joined(["9♦", say("{rank}♥", rank=Card.parse("KH").rank_said)])) == "9♦ R♥"
    assert symbols(parse_cards("9H 10H")) == "9♥ 10♥" and not isinstance(symbols(parse_cards("9H 10H")), Said)


def test_a_refusal_made_in_english_names_the_cards_in_french_when_shown_in_french(french: None) -> None:
    with speaking(lambda m: m, lambda s, p, n: s if n < 2 else p):  # made in English, as a cached replay holds it
        gap = check_meld(parse_cards("JH KH 2H"), rummy_rules("kaluki")).reason  # a run of hearts missing its queen
        with pytest.raises(ValueError, match="K♠ appears 3 times") as pack:
            check_pack_limits(parse_cards("KS KS KS"), packs=2, jokers=4)
    assert gap is not None and "Q♥" in gap
    said = str(gap)
    assert "D♥" in said and not ENGLISH_LETTER.search(said), said
    assert str(pack.value) == "R♠ apparaît 3 fois pour 2 paquets"


def test_a_card_s_words_pickle_without_a_language() -> None:
    reason = check_meld(parse_cards("QH KS JD"), rummy_rules("kaluki")).reason
    assert isinstance(reason, Said)
    with speaking(lambda m: m, lambda s, p, n: s, pgettext=_french_in):
        kept = pickle.loads(pickle.dumps(reason))  # noqa: S301 - our own bytes
        assert "D♥ R♠ V♦" in str(kept)
    assert kept == reason and "Q♥ K♠ J♦" in str(kept)
