"""What a page must not show in the phone's language (issue #34): `foreign_to` lists what is wrong with a page's text,
read by `read_page` outside the elements marked in another language.

On a French page:
- an English sentence: a message of the French catalog (3 words or more) whose translation differs, found as its
  English text (each placeholder any text on the same line), or a word French never writes (the, and, with, round…);
- a card written with K, Q or J (French writes R, D, V);
- an option or preset code (`ace_wraps`, `kaluki-hunt`), except in a "For the command line" fold;
- a rank followed by "?", where a suit was lost;
- a hyphen-minus before a number, where a negative number needs "−" (U+2212): a hyphen after a letter or a digit (a
  name, a date, a range) is no minus;
- a colon, semicolon, exclamation or question mark without the space French puts before it.
On an English page, the mirror: a French translation found as it is, a word English never writes (le, la, est,
manche, donne…), a card written with R, D or V, a space before a colon, and the same codes, lost suits and minus
signs.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from babel.messages.pofile import read_po
from playwright.sync_api import Page

from referee.rules.options import OPTIONS
from referee.rules.presets import PRESETS
from tests.e2e.words import CATALOG

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")
WORD = re.compile(r"[^\W\d_]+")
SUITS = "♠♥♦♣"
# Words one language writes and the other never does, each on its own (not inside a longer word).
NEVER = {
    "fr": re.compile(r"\b(?:the|and|with|round|rounds|went out|of|is)\b", re.IGNORECASE),
    "en": re.compile(r"\b(?:le|la|les|est|une|manche|manches|donne|joueur|joueurs)\b", re.IGNORECASE),
}
# A face card's letter before its suit, as the other language writes it.
FACES = {"fr": re.compile(rf"(?<!\w)[JQK](?=[{SUITS}])"), "en": re.compile(rf"(?<!\w)[RDV](?=[{SUITS}])")}
CODES = re.compile(
    r"(?<![\w-])(?:"
    + "|".join(
        re.escape(code) for code in sorted({*OPTIONS, *PRESETS}, key=len, reverse=True) if "_" in code or "-" in code
    )
    + r")(?![\w-])"
)
LOST_SUIT = re.compile(r"(?<!\w)(?:10|[2-9AJQKRDV])\?")
HYPHEN_MINUS = re.compile(r"(?<![\w\-/])-\s?\d")  # an address's key may start with "-0": not a number
# French puts a (no-break) space before : ; ! ? and English none: the other language's typography (a time, 21:30, and
# an address, https://, are no punctuation).
SPACING = {"fr": re.compile(r"(?<=[^\W_)»])[:;!?](?![\d/])"), "en": re.compile(r"[\xa0\u202f][:;!?]")}

# A folded chart is fetched as it opens (templates/games/_chart.html): it is drawn once its link gave way.
DRAWN = """() => Array.from(document.querySelectorAll("details[hx-get] .chart-slot"))
  .every((slot) => !slot.querySelector("a"))"""
# The page's text as a phone shows it (title, innerText, placeholders, labels read out), each fold opened, without the
# elements marked in another language than the page's; then the same without the "For the command line" folds.
READ = """() => {
  const language = document.documentElement.lang.split("-")[0];
  for (const element of document.body.querySelectorAll("[lang]")) {
    if (element.isConnected && element.lang.split("-")[0] !== language) element.replaceWith(" ");
  }
  const attributes = () => Array.from(document.body.querySelectorAll("[placeholder], [aria-label], img[alt]"))
    .map((element) => element.getAttribute("placeholder") || element.getAttribute("aria-label") || element.alt);
  const read = () => [document.title, document.body.innerText, ...attributes()].join("\\n");
  const text = read();
  document.querySelectorAll("details.command-line").forEach((fold) => fold.remove());
  return [language, text, read()];
}"""


@dataclass(frozen=True)
class Reading:
    """A page's text in its language: all of it, and the part outside the folds for the command line."""

    language: str
    text: str
    plain: str


def read_page(page: Page) -> Reading:
    """The text of the page as the phone shows it, every `<details>` opened; the page is changed while it is read."""
    page.evaluate("() => document.querySelectorAll('details').forEach((folded) => { folded.open = true; })")
    page.wait_for_function(DRAWN)
    language, text, plain = page.evaluate(READ)
    return Reading(language, text, plain)


def foreign_to(reading: Reading) -> list[str]:
    """What the page shows that is not its language's, each as its kind and a few words around it."""
    language, text = reading.language, reading.text
    found = [(f"the other language's message {message!r}", text, at) for message, at in _sentences(language, text)]
    checks = {
        "a word of the other language": (NEVER[language], text),
        "a card written the other language's way": (FACES[language], text),
        "a code word": (CODES, reading.plain),
        "a lost suit": (LOST_SUIT, text),
        "a hyphen for a minus": (HYPHEN_MINUS, text),
        "the other language's spacing": (SPACING[language], text),
    }
    found += [(kind, read, at) for kind, (pattern, read) in checks.items() for at in pattern.finditer(read)]
    return [f"{kind}: {_around(read, at)!r}" for kind, read, at in found]


def _sentences(language: str, text: str) -> Iterator[tuple[str, re.Match[str]]]:
    """The other language's messages found in `text`, with where."""
    for message, pattern in _messages_not_in(language):
        found = pattern.search(text)
        if found:
            yield message, found


@cache
def _messages_not_in(language: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The messages of 3 words or more a page in `language` never shows: on a French page the English text of each
    message whose translation differs, on an English page the translation."""
    with (CATALOG / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as po:
        catalog = read_po(po)
    texts = set()
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or not all(strings) or set(ids) == set(strings):
            continue
        texts |= set(ids if language == "fr" else strings) - set(strings if language == "fr" else ids)
    patterns = ((text, _pattern(text)) for text in sorted(texts))
    return tuple((text, pattern) for text, pattern in patterns if pattern)


def _pattern(message: str) -> re.Pattern[str] | None:
    """A message as a regex: its fixed parts as written (any whitespace for a space), each placeholder between them
    any text on the same line; none when its fixed parts hold fewer than 3 words."""
    parts = [part.replace("%%", "%") for part in PLACEHOLDER.split(message)]
    while parts and not parts[0].strip():
        parts.pop(0)
    while parts and not parts[-1].strip():
        parts.pop()
    if len(WORD.findall(" ".join(parts))) < 3:
        return None
    fixed = r"[^\n]+?".join(r"\s+".join(re.escape(word) for word in part.split()) for part in parts)
    return re.compile(rf"(?<![\w-]){fixed}(?![\w-])", re.IGNORECASE)


def _around(text: str, found: re.Match[str], reach: int = 30) -> str:
    return " ".join(text[max(0, found.start() - reach) : found.end() + reach].split())
