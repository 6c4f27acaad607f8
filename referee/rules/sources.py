"""The rulebooks' own words: for each option, the sentence of each source it rests on, quoted, with a gloss.

Sources are the seeds (000, 001 and 003 in French, 002 in English: `../shared/seeds/`) and, where a seed is
garbled or silent, the referee's own reading: the project's specification, `docs/rules.md` (English).
`sources.json` holds them as data, option → source → `{"text", "gloss"}`: the text exactly as the source's
file has it (its suits lost as `?` included), the gloss in the other language, for a reader who needs it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from types import MappingProxyType

from referee.rules.presets import get_preset

RULES_MD = "docs/rules.md"  # the project's specification: the referee's reading
LANGUAGES: Mapping[str, str] = MappingProxyType({"000": "fr", "001": "fr", "002": "en", "003": "fr", RULES_MD: "en"})


@dataclass(frozen=True)
class Quote:
    """One sentence an option rests on: its source, its text as written there, and a gloss in the other language."""

    source: str  # "000" … "003", or "docs/rules.md"
    text: str
    gloss: str  # English for a French source, French for an English one

    @property
    def language(self) -> str:
        """The language the source is written in: "fr" or "en"."""
        return LANGUAGES[self.source]

    def gloss_for(self, reader: str) -> str | None:
        """The gloss a reader of `reader` ("en", "fr") needs, or None when they read the source's language.

        >>> quote = Quote("003", "La partie s’achèvera …", "The game ends …")
        >>> quote.gloss_for("fr") is None, quote.gloss_for("en")
        (True, 'The game ends …')
        """
        return None if reader == self.language else self.gloss


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
    own = get_preset(preset).source
    first = own if own in LANGUAGES else RULES_MD  # pagat is no seed: docs/rules.md says what the referee reads there
    found = quotes().get(option, {})
    return tuple(sorted(found.values(), key=lambda quote: (quote.source != first, quote.source == RULES_MD)))
