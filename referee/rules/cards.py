"""Cards: parsing every notation a player types, canonical notation, and pack limits (docs/rules.md §1).

A card is written two ways. Records, exports and the command line's JSON write its canonical notation (`str`:
`QH`, `10D`, `JK=6H`, docs/formats.md). A reader reads its `symbol` (`Q♥`), said in the reader's language when
it is shown: the picker's letters, `R D V` in French, `K Q J` in English.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from referee.rules.words import Said, joined, say, say_in, say_plural

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
# The faces' letters as a reader reads them, said in the reader's language: the picker's own words (R D V in French).
FACES = {11: say_in("card rank", "J"), 12: say_in("card rank", "Q"), 13: say_in("card rank", "K")}

_SUIT_INPUT = {
    "S": "S", "H": "H", "D": "D", "C": "C",
    "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip
_RANK_INPUT = {
    "A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13,
    "R": 13, "D": 12, "V": 11,  # French: roi, dame, valet
    **{str(n): n for n in range(2, 10)},
}  # fmt: skip
_JOKERS = {"JK", "*", "🃏"}
_SEPARATORS = re.compile(r"[\s,]+")


class CardError(ValueError):
    """A card, or a set of cards, that cannot be at the table."""


@dataclass(frozen=True)
class Card:
    """One playing card; a joker has rank 0, no suit, and maybe a declared identity.

    >>> Card.parse("10♥")
    Card.parse('10H')
    >>> str(Card.parse("jk=6h")), Card.parse("Qs").symbol
    ('JK=6H', 'Q♠')
    """

    rank: int
    suit: str
    declared: Card | None = None

    @classmethod
    def joker(cls, declared: Card | None = None) -> Card:
        """A joker, standing for `declared` when the player named its card."""
        return cls(0, "", declared)

    @classmethod
    def parse(cls, token: str) -> Card:
        """One card from any accepted notation: `10H`, `T♥`, `qs`, `RD` (roi de carreau), `JK`, `JK=6H`."""
        text = token.strip().replace("\ufe0f", "").upper()
        if not text:
            raise CardError(say("an empty card was given"))
        joker, sep, declared = text.partition("=")
        if joker in _JOKERS:
            if not sep:
                return cls.joker()
            try:
                identity = cls.parse(declared)
            except CardError:
                raise CardError(
                    say(
                        "{token!r}: a joker is declared as a card, like JK=6H, and {declared!r} is not a card",
                        token=token,
                        declared=declared,
                    )
                ) from None
            if identity.is_joker:
                raise CardError(say("{token!r}: a joker cannot be declared as another joker", token=token))
            return cls.joker(identity)
        if sep:
            raise CardError(say("{token!r}: only a joker can be declared as another card (JK=6H)", token=token))
        rank_text, suit_text = text[:-1], text[-1]
        suit = _SUIT_INPUT.get(suit_text)
        rank = _RANK_INPUT.get(rank_text)
        if suit is None and rank is None:
            raise CardError(say("{token!r} is not a card: write a rank then a suit, like 10H, QS or 7♣", token=token))
        if suit is None:
            raise CardError(
                say("{token!r} is not a card: {suit!r} is not a suit (S H D C or ♠ ♥ ♦ ♣)", token=token, suit=suit_text)
            )
        if rank is None:
            raise CardError(
                say(
                    "{token!r} is not a card: {rank!r} is not a rank (A 2-10 J Q K)",
                    token=token,
                    rank=rank_text or say("nothing"),
                )
            )
        return cls(rank, suit)

    @property
    def sort_key(self) -> tuple[int, int]:
        """Order for listing: by suit (S H D C), then rank; jokers last."""
        return (SUITS.index(self.suit), self.rank) if self.suit else (len(SUITS), 0)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.rank == 0

    @property
    def rank_name(self) -> str:
        """The rank as records write it: `A`, `2` … `10`, `J`, `Q`, `K`."""
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def rank_said(self) -> str:
        """The rank as a reader reads it, said in the reader's language: `A`, `2` … `10`, `J`, `Q`, `K` (`V D R`)."""
        return FACES.get(self.rank) or self.rank_name

    @property
    def symbol(self) -> str:
        """The card as a player reads it, said in the reader's language: `10♥`, `K♥` (`R♥`), `JK`, `JK (6♥)`."""
        return _symbol(self.rank, self.suit, self.declared)

    def __str__(self) -> str:
        if self.is_joker:
            return f"JK={self.declared}" if self.declared else "JK"
        return f"{self.rank_name}{self.suit}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


JOKER = Card.joker()


@cache  # a pack has 54 kinds of card (and a joker as many declarations): each is said the same way every time
def _symbol(rank: int, suit: str, declared: Card | None) -> str:
    if not rank:
        stands_for = declared.symbol if declared else None
        if isinstance(stands_for, Said):
            return Said("JK ({card})", values={"card": stands_for})
        return f"JK ({stands_for})" if stands_for else "JK"
    face = FACES.get(rank)
    if face is None:
        return f"{RANK_NAMES.get(rank, rank)}{SUIT_SYMBOLS[suit]}"
    return Said("{rank}" + SUIT_SYMBOLS[suit], values={"rank": face})


def symbols(cards: Iterable[Card], separator: str = " ") -> str:
    """The cards as a player reads them, side by side, said in the reader's language when shown.

    >>> symbols(parse_cards("KH QH 10H JK=JH"))
    'K♥ Q♥ 10♥ JK (J♥)'
    """
    return joined((card.symbol for card in cards), separator)


def typed(cards: Iterable[Card], separator: str = " ") -> str:
    """The cards as a player types them, said in the reader's language when shown: their symbols, and a joker declared
    as a card written `JK=8♦`, so that `parse_cards` reads them back (a form filled for a correction).

    >>> typed(parse_cards("KH 10D JK=QS JK"))
    'K♥ 10♦ JK=Q♠ JK'
    """
    return joined((_typed(card) for card in cards), separator)


def _typed(card: Card) -> str:
    """One card as a player types it: its symbol, or `JK=` and the symbol of the card a declared joker stands for."""
    if not card.is_joker or card.declared is None:
        return card.symbol
    stands_for = card.declared.symbol
    return Said("JK={card}", values={"card": stands_for}) if isinstance(stands_for, Said) else f"JK={stands_for}"


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from a string separated by spaces or commas, or from a list of such strings.

    >>> [str(c) for c in parse_cards("10H JK qs 7♣, t♦")]
    ['10H', 'JK', 'QS', '7C', '10D']
    """
    chunks = [text] if isinstance(text, str) else list(text)
    tokens = [t for chunk in chunks for t in _SEPARATORS.split(chunk) if t]
    return tuple(Card.parse(t) for t in tokens)


def canonical(cards: Iterable[Card]) -> list[str]:
    """Cards as JSON output writes them (docs/formats.md): `10H`, `QS`, and every joker `JK`, declared or not.

    >>> canonical(parse_cards("10♥ qs JK=8D"))
    ['10H', 'QS', 'JK']
    """
    return [str(JOKER) if c.is_joker else str(c) for c in cards]


def counted(cards: Iterable[Card]) -> Counter[str]:
    """How many of each card `cards` hold as they lie on the table, in canonical notation: a joker is a joker.

    >>> counted(parse_cards("9H 9H JK JK=9D"))
    Counter({'9H': 2, 'JK': 2})
    """
    return Counter(canonical(cards))


def in_cards_order(melds: Sequence[Sequence[Card]]) -> list[int]:
    """The places of `melds` in the order of their cards (card by card, by suit then rank): the same melds come in
    the same order whatever order they were given in; identical melds keep theirs.

    >>> in_cards_order([parse_cards("9C 9D 9S"), parse_cards("5H 6H 7H"), parse_cards("5H 6H")])
    [2, 1, 0]
    """
    keys = [tuple((card.sort_key, str(card)) for card in meld) for meld in melds]
    return sorted(range(len(melds)), key=lambda place: (keys[place], place))


def check_pack_limits(cards: Sequence[Card], packs: int, jokers: int) -> None:
    """Refuse cards that cannot all be in play with `packs` packs and `jokers` jokers.

    >>> check_pack_limits(parse_cards("7S 7S 7S"), packs=2, jokers=4)
    Traceback (most recent call last):
    referee.rules.cards.CardError: 7♠ appears 3 times but only 2 packs are in play
    """
    counts = Counter(Card(c.rank, c.suit) for c in cards)
    joker_count = counts.pop(JOKER, 0)
    if joker_count > jokers:
        raise CardError(
            say_plural(
                "{given} jokers were given but only {n} is in play",
                "{given} jokers were given but only {n} are in play",
                jokers,
                given=joker_count,
            )
        )
    for card, count in sorted(counts.items(), key=lambda item: item[0].sort_key):
        if count > packs:
            raise CardError(
                say_plural(
                    "{card} appears {count} times but only {n} pack is in play",
                    "{card} appears {count} times but only {n} packs are in play",
                    packs,
                    card=card.symbol,
                    count=count,
                )
            )


def full_deck(packs: int, jokers: int) -> tuple[Card, ...]:
    """Every card in play: `packs` packs of 52 and `jokers` jokers."""
    naturals = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return tuple(naturals * packs) + (JOKER,) * jokers
