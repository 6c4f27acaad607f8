"""What the app says, in the language a browser test reads it in: English as written, or the French catalog's.

The page objects and the tests name what they look for by its English message (the catalog's msgid), and a
`Words` turns it into what the phone shows: `words("Pot: %(pot)s chips", pot=12)` is "Pot: 12 chips" in
English and "Cagnotte : 12 jetons" in French.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from gettext import NullTranslations

from babel.support import Translations

from referee import ROOT
from referee.rules.words import elide

CATALOG = ROOT / "translations"
LOCALES = {"en": "en-US", "fr": "fr-FR"}  # what the phone asks for (Accept-Language, navigator.language)
PLACEHOLDER = re.compile(r"%\((\w+)\)s")
FACE = re.compile(r"(?<![\w])([JQK])(?=[♠♥♦♣])")  # a face card's letter, before its suit


@dataclass(frozen=True)
class Words:
    """One language's words: each English message as the app shows it in that language."""

    language: str
    catalog: NullTranslations

    @property
    def locale(self) -> str:
        """The locale a phone set to this language has."""
        return LOCALES[self.language]

    def __call__(self, message: str, **values: object) -> str:
        """`message` translated, then its %(name)s placeholders filled, as gettext and `_()` do (French elided)."""
        text = self.catalog.gettext(message)
        return self._elided(text, values) % values if values else text

    def plural(self, singular: str, plural: str, num: int, **values: object) -> str:
        """The form of a plural message for `num`, its %(num)s filled, as ngettext does."""
        filled = {"num": num, **values}
        return self._elided(self.catalog.ngettext(singular, plural, num), filled) % filled

    def cards(self, text: str) -> str:
        """Cards as the phone writes them in its language: "Q♦ K♦" is "D♦ R♦" in French (the "card rank" letters)."""
        return FACE.sub(lambda face: self.catalog.pgettext("card rank", face[1]), text)

    def _elided(self, text: str, values: Mapping[str, object]) -> str:
        """French writes "d’Anaïs" where the message says "de %(name)s" (referee.web.language)."""
        return elide(text, values) if self.language == "fr" else text

    def pattern(self, message: str, *, whole: bool = True, **values: object) -> re.Pattern[str]:
        """A regex for `message` (the whole text, unless not `whole`), any value in the placeholders not given."""
        return _compile([self.catalog.gettext(message)], values, whole)

    def any_pattern(self, *messages: str, whole: bool = True) -> re.Pattern[str]:
        """A regex for any of `messages` (the whole text, unless not `whole`), any value in their placeholders."""
        return _compile([self.catalog.gettext(message) for message in messages], {}, whole)

    def plural_pattern(self, singular: str, plural: str, *, whole: bool = True) -> re.Pattern[str]:
        """A regex for any form of a plural message (the whole text, unless not `whole`), whatever its number."""
        return _compile({self.catalog.ngettext(singular, plural, num) for num in (1, 2, 5)}, {}, whole)


def _compile(texts: Iterable[str], values: Mapping[str, object], whole: bool) -> re.Pattern[str]:
    alternatives = "|".join(_fill(text, values) for text in texts)
    return re.compile(f"^(?:{alternatives})$" if whole else alternatives)


def _fill(text: str, values: Mapping[str, object]) -> str:
    parts = PLACEHOLDER.split(text)  # literal, name, literal, name, …, literal
    return "".join(
        (_literal(str(values[part])) if part in values else ".+?") if index % 2 else _literal(part)
        for index, part in enumerate(parts)
    )


def _literal(text: str) -> str:
    """`text` as a regex, any run of spaces (a French non-breaking space too) matching any whitespace."""
    return r"\s+".join(re.escape(word) for word in re.split(r"\s+", text))


@cache
def words_in(language: str) -> Words:
    """The words of `language` ("en" or "fr"); French from the compiled catalog the app reads too."""
    if language == "en":
        return Words("en", NullTranslations())
    catalog = Translations.load(str(CATALOG), [language])
    if not isinstance(catalog, Translations):
        raise LookupError(f"no compiled {language} catalog in {CATALOG}: compile it (./dev i18n, or pybabel compile)")
    return Words(language, catalog)


ENGLISH = words_in("en")
