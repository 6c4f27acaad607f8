"""The rulebooks' own words: for each option, the sentence of each source it rests on, quoted, with a gloss.

Sources are the seeds (000, 001 and 003 in French, 002 in English: `../shared/seeds/`) and, where a seed is
garbled or silent, the referee's own reading: the project's specification, `docs/rules.md` (English).
`sources.json` holds them as data, option → source → `{"text", "gloss"}`: the text exactly as the source's
file has it (its suits lost as `?` included), the gloss in the other language, for a reader who needs it.

A reader reads a seed in its own language, glossed in theirs, with each card whose suit the seed lost said in
words; the referee's reading is the project's own, and is read in the reader's language (`Quote.read_by`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, reduce
from importlib.resources import files
from types import MappingProxyType

from referee.rules.option_words import CHOICE_WORDS, LABELS, choice_said, preset_said
from referee.rules.presets import PRESETS, get_preset
from referee.rules.words import N_, in_english, say

RULES_MD = "docs/rules.md"  # the project's specification: the referee's reading
LANGUAGES: Mapping[str, str] = MappingProxyType({"000": "fr", "001": "fr", "002": "en", "003": "fr", RULES_MD: "en"})
# Each source as a player names it: a player never reads a file's name or number.
NAMES: Mapping[str, str] = MappingProxyType(
    {
        "000": N_("the Kaluki rulebook"),
        "001": N_("the Rami rulebook"),
        "002": N_("the English Kaluki rulebook"),
        "003": N_("the Kaiser rulebook"),
        "pagat": N_("pagat.com"),
        RULES_MD: N_("the referee's reading"),
    }
)


def source_said(source: str) -> str:
    """A source ("000", "pagat", "docs/rules.md") as a player names it, in the language spoken now.

    >>> source_said("000"), source_said("docs/rules.md")
    ('the Kaluki rulebook', "the referee's reading")
    """
    return say(NAMES.get(source, source))


_SOURCE_CODE = re.compile(r"\b(00[0-3]|pagat)\b(?!\.com)")


def sources_named(text: str) -> str:
    """`text` (said now) with each source's number replaced by its name, capitalised at the start of a sentence.

    >>> sources_named("000 accepts Q-K-A-2; 001 and pagat do not")
    'The Kaluki rulebook accepts Q-K-A-2; the Rami rulebook and pagat.com do not'
    """
    named = _SOURCE_CODE.sub(lambda match: str(source_said(match.group(1))), str(text))
    return named[:1].upper() + named[1:]


_CODE = re.compile(r"`([^`]*)`")
_SECTION = re.compile(r"\s*\(?§\d+(?:\.\d+)?\)?")
_SETTING = re.compile(r"^(\w+) = (\w+)$")


def _plain_code(code: str) -> str:
    setting = _SETTING.match(code)
    name, value = setting.groups() if setting else (code, "")
    if name in LABELS:
        label = f"“{say(LABELS[name])}”"
        return f"{label}: {choice_said(name, value)}" if value else label
    if code in PRESETS:
        return str(preset_said(code))
    chosen = next((option for option, choice in CHOICE_WORDS if choice == code), None)
    return f"“{choice_said(chosen, code)}”" if chosen else code


def plain(text: str) -> str:
    """The referee's own reading as a player reads it: no section numbers, options named by their labels.

    >>> plain("For the opening, each card of a meld counts as `meld_values` says (§4).")
    'For the opening, each card of a meld counts as “What cards count in a meld” says.'
    >>> plain("The ace is low (`A 2 3`) when `ace_low`.")
    'The ace is low (A 2 3) when “Ace before the 2”.'
    """
    return sources_named(_CODE.sub(lambda match: _plain_code(match.group(1)), _SECTION.sub("", text)))


# A card whose suit a seed's file lost, written as there: its rank (French R, D, V or English K, Q, J) and "?".
_LOST_SUITS = re.compile(r"(?<![\w?])(?:10|[2-9AJQKRDV])\?(?:-(?:10|[2-9AJQKRDV])\?)*(?![\w?])")
_RANKS: Mapping[str, str] = MappingProxyType(
    {
        "A": N_("ace"),
        "J": N_("jack"),
        "V": N_("jack"),
        "Q": N_("queen"),
        "D": N_("queen"),
        "K": N_("king"),
        "R": N_("king"),
    }
)


def lost_suits_said(cards: str) -> str:
    """Cards whose suit the source lost ("D?-R?-A?-2?") in words, said when shown: the ranks, and the suit lost.

    >>> lost_suits_said("D?-R?-A?-2?")
    'queen, king, ace, 2 (suit lost in the source)'
    """
    ranks = [say(_RANKS[rank]) if rank in _RANKS else rank for rank in cards.replace("?", "").split("-")]
    listed = reduce(lambda these, that: say("{these}, {that}", these=these, that=that), ranks)
    return say("{cards} (suit lost in the source)", cards=listed)


@dataclass(frozen=True)
class Reading:
    """A quote as one reader reads it: its text, in pieces, in `language`, and a gloss in the reader's own, if needed.

    Each piece is (text, language): None for the text's own language, the reader's for words said for the reader
    inside it (a card whose suit the source lost).
    """

    pieces: tuple[tuple[str, str | None], ...]
    language: str
    gloss: str | None
    gloss_language: str

    @property
    def text(self) -> str:
        """The whole text, its pieces joined."""
        return "".join(piece for piece, _language in self.pieces)


@dataclass(frozen=True)
class Quote:
    """One sentence an option rests on: its source, its text as written there, and a gloss in the other language."""

    source: str  # "000" … "003", or "docs/rules.md"
    text: str
    gloss: str  # English for a French source, French for an English one; "" for a reading said in any language

    @property
    def name(self) -> str:
        """The source as a player names it ("the Kaluki rulebook"), in the language spoken now."""
        return source_said(self.source)

    @property
    def heading(self) -> str:
        """The source's name where it heads a quote: said now, with a capital ("The Kaluki rulebook")."""
        name = str(self.name)
        return name[:1].upper() + name[1:]

    @property
    def shown(self) -> str:
        """The text as a player reads it: the referee's own reading without its section numbers and option codes, a
        seed's cards whose suit it lost said in words (in the language spoken now)."""
        if self.source != RULES_MD:
            return "".join(piece for piece, _language in self._seed_pieces(None))
        with in_english():  # the reading is English: its options and sources are named in English within it
            return plain(self.text)

    def _seed_pieces(self, reader: str | None) -> tuple[tuple[str, str | None], ...]:
        """A seed's text in pieces: as written, and each run of cards whose suit it lost said for `reader`."""
        pieces: list[tuple[str, str | None]] = []
        start = 0
        for match in _LOST_SUITS.finditer(self.text):
            pieces += [(self.text[start : match.start()], None), (str(lost_suits_said(match.group(0))), reader)]
            start = match.end()
        pieces.append((self.text[start:], None))
        return tuple((text, language) for text, language in pieces if text)

    def read_by(self, reader: str) -> Reading:
        """The quote as a reader of `reader` ("en", "fr") reads it, said now: a seed in its own language, glossed
        in the reader's when it is another; the referee's reading, the project's own, in the reader's language.

        >>> quote = Quote("000", "la séquence D?-R?-A?-2? sera acceptée", "the run Q K A 2 is accepted")
        >>> reading = quote.read_by("en")
        >>> reading.text
        'la séquence queen, king, ace, 2 (suit lost in the source) sera acceptée'
        >>> reading.pieces[1][1], reading.language, reading.gloss
        ('en', 'fr', 'the run Q K A 2 is accepted')
        >>> Quote("docs/rules.md", "A run has at most 13 cards.", "Une suite a au plus 13 cartes.").read_by("fr").text
        'Une suite a au plus 13 cartes.'
        """
        if self.source == RULES_MD and not self.gloss:  # a family's own reading: its words are in the catalogue
            return Reading(((plain(str(say(self.text))), None),), reader, None, reader)
        if self.source == RULES_MD and reader != self.language:  # its gloss is the same reading, in the other language
            return Reading(((plain(self.gloss), None),), self.gloss_language, None, self.gloss_language)
        if self.source == RULES_MD:
            return Reading(((self.shown, None),), self.language, None, self.gloss_language)
        own = None if reader == self.language else reader
        return Reading(self._seed_pieces(own), self.language, self.gloss_for(reader), self.gloss_language)

    @property
    def language(self) -> str:
        """The language the source is written in: "fr" or "en"."""
        return LANGUAGES[self.source]

    @property
    def gloss_language(self) -> str:
        """The language of the gloss: the other one."""
        return "fr" if self.language == "en" else "en"

    def gloss_for(self, reader: str) -> str | None:
        """The gloss a reader of `reader` ("en", "fr") needs, or None when they read the source's language.

        >>> quote = Quote("003", "La partie s’achèvera …", "The game ends …")
        >>> quote.gloss_for("fr") is None, quote.gloss_for("en")
        (True, 'The game ends …')
        """
        if reader == self.language or not self.gloss:
            return None
        return plain(self.gloss) if self.source == RULES_MD else self.gloss


@cache
def quotes() -> Mapping[str, Mapping[str, Quote]]:
    """Every option's quotes, by source, as `sources.json` gives them."""
    data = json.loads((files("referee.rules") / "sources.json").read_text(encoding="utf-8"))
    return MappingProxyType(
        {
            option: MappingProxyType({source: Quote(source, q["text"], q["gloss"]) for source, q in by_source.items()})
            for option, by_source in data.items()
        }
    )


def quotes_for(option: str, preset: str) -> tuple[Quote, ...]:
    """The sentences `option` rests on: the preset's own seed first, or docs/rules.md for a preset from no seed.

    >>> [quote.source for quote in quotes_for("min_bid", "kaiser")]
    ['003', 'docs/rules.md']
    >>> [quote.source for quote in quotes_for("min_bid", "kaiser-pagat")]
    ['docs/rules.md', '003']
    """
    chosen = get_preset(preset)
    reading = dict(chosen.readings).get(option)
    if reading:  # a family's own preset: its own reading of the option, said in the reader's language
        return (Quote(RULES_MD, reading, ""),)
    own = chosen.source
    first = own if own in LANGUAGES else RULES_MD  # pagat is no seed: docs/rules.md says what the referee reads there
    found = quotes().get(option, {})
    return tuple(sorted(found.values(), key=lambda quote: (quote.source != first, quote.source == RULES_MD)))
