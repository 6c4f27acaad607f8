"""The change log in words: what each correction of an entry changed, value by value, in its family's words
(`entry_words.EntryWords`)."""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from referee.rules.cards import parse_cards, symbols
from referee.rules.words import shown
from referee.services.games import Book, Change
from referee.web.games.entry_words import EntryWords
from referee.web.games.families import web_family_of


@dataclass(frozen=True)
class Difference:
    """One value a correction changed: what it is (in words), before and after."""

    what: str
    before: str
    after: str


@dataclass(frozen=True)
class Correction:
    """One line of the change log, in words: when, which entry, and each value before and after."""

    at: str
    entry: str  # the entry as it was before: "the round won by Ana"
    deleted: bool
    differences: tuple[Difference, ...]


def _shown(value: object, words: EntryWords, key: str = "") -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "—"
    if key in words.shown:
        return words.shown[key](value)
    if isinstance(value, list):
        return str(symbols(parse_cards([str(card) for card in value])))  # said now, in the reader's language
    if isinstance(value, int):
        return shown(value)  # a true minus sign: "−5"
    return str(value)


def _words(book: Book) -> EntryWords:
    return web_family_of(book.family).words


def describe_change(book: Book, change: Change) -> Correction:
    """What a correction of `book`'s game changed, value by value, in its family's words."""
    words = _words(book)
    before, after = change.before or {}, change.after or {}
    differences: list[Difference] = []
    if after:
        for key, label in words.single:
            if before.get(key) != after.get(key):
                shown = _shown(before.get(key), words, key), _shown(after.get(key), words, key)
                differences.append(Difference(label(), *shown))
        for key, label_of in words.per_player:
            old, new = before.get(key) or {}, after.get(key) or {}
            for name in dict.fromkeys([*old, *new]):
                if old.get(name) != new.get(name):
                    differences.append(
                        Difference(label_of(name), _shown(old.get(name), words), _shown(new.get(name), words))
                    )
    return Correction(change.at, words.named(before), not after, tuple(differences))


def entry_named(book: Book, position: int) -> str:
    """The entry at `position` of the log as the sheet names it: "round 6", "hand 3", "the buy-back of Ana".

    The sheet numbers rounds (or hands) only; a buy-back, a reshuffle or a passed deal is named by what it is.
    """
    entries = book.entries[: max(position, 0)]
    if not entries or position > len(book.entries):
        return str(_("the last entry"))
    words = _words(book)
    datas = [entry.data for entry in entries]
    return words.numbered(datas) or words.named(datas[-1])


def corrected_words(book: Book, before: dict[str, object] | None, after: dict[str, object] | None) -> str:
    """What one correction of `book`'s game changed, in a line: "Ben's hand: 5 → 15; winner: Ana → Ben"."""
    change = describe_change(book, Change(0, 0, before, after, ""))
    return "; ".join(
        str(_("%(what)s: %(before)s → %(after)s", what=d.what, before=d.before, after=d.after))
        for d in change.differences
    )
