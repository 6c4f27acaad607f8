"""The change log in words: what each correction of an entry changed, field by field."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from referee.rules.cards import SUIT_SYMBOLS, Card
from referee.rules.game import Kind
from referee.services.games import Book, Change
from referee.web.games.labels import FIELD, Field, per_player

SINGLE_VALUES = (
    Field.WINNER, Field.PLAYER, Field.ALL_IN_ONE, Field.RAMI, Field.BIDDER, Field.BID, Field.NO_TRUMP,
    Field.FIVE_HEARTS, Field.THREE_SPADES, Field.CALLS, Field.TRUMP,
)  # fmt: skip
PER_PLAYER = (Field.HANDS, Field.LAID, Field.TRICKS, Field.KEPT)


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


def _shown(value: Any, what: Field | None = None) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "—"
    if what is Field.CALLS and isinstance(value, list):
        return " · ".join(_call_shown(call) for call in value if isinstance(call, dict))
    if what is Field.TRUMP:
        return SUIT_SYMBOLS.get(str(value), str(value))
    if isinstance(value, list):
        return " ".join(Card.parse(card).symbol for card in value)
    return str(value)


def _call_shown(call: dict[str, Any]) -> str:
    """One call of an auction as the change log writes it: "Ana pass", "Ben 7 no trump"."""
    said = _("pass") if call.get("call") == "pass" else str(call.get("call"))
    if call.get("no_trump"):
        said = _("%(bid)s no trump", bid=said)
    return f"{call.get('player')} {said}"


def _entry_words(entry: dict[str, Any]) -> str:
    kind = entry.get("type")
    if kind == Kind.ROUND:
        return str(_("the round won by %(name)s", name=entry.get("winner")))
    if kind == Kind.BUYBACK:
        return str(_("the buy-back of %(name)s", name=entry.get("player")))
    if kind == Kind.HAND:
        return str(_("the hand %(name)s bid %(bid)s", name=entry.get("bidder"), bid=entry.get("bid")))
    if kind == Kind.RESHUFFLE:
        return str(_("the stock reshuffled"))
    if kind == Kind.PASSED:
        return str(_("the deal everybody passed"))
    return str(_("a void round"))


def describe_change(change: Change) -> Correction:
    """What a correction changed, field by field: a round's winner, hands and laid points, or a Kaiser hand's."""
    before, after = change.before or {}, change.after or {}
    differences: list[Difference] = []
    if after:
        for key in SINGLE_VALUES:
            if before.get(key) != after.get(key):
                differences.append(
                    Difference(str(FIELD[key]), _shown(before.get(key), key), _shown(after.get(key), key))
                )
        for key in PER_PLAYER:
            old, new = before.get(key) or {}, after.get(key) or {}
            for name in dict.fromkeys([*old, *new]):
                if old.get(name) != new.get(name):
                    differences.append(Difference(per_player(key, name), _shown(old.get(name)), _shown(new.get(name))))
    return Correction(change.at, _entry_words(before), not after, tuple(differences))


def entry_named(book: Book, position: int) -> str:
    """The entry at `position` of the log as the sheet names it: "round 6", "hand 3", "the buy-back of Ana".

    The sheet numbers rounds (or hands) only; a buy-back, a reshuffle or a passed deal is named by what it is.
    """
    entries = book.entries[: max(position, 0)]
    if not entries or position > len(book.entries):
        return str(_("the last entry"))
    data = entries[-1].data
    kind = data.get("type")
    if kind in (Kind.ROUND, Kind.VOID):
        number = sum(1 for entry in entries if entry.data.get("type") in (Kind.ROUND, Kind.VOID))
        return str(_("round %(number)s", number=number))
    if kind == Kind.HAND:
        number = sum(1 for entry in entries if entry.data.get("type") == Kind.HAND)
        return str(_("hand %(number)s", number=number))
    return _entry_words(data)


def corrected_words(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    """What one correction changed, in a line: "Ben's hand: 5 → 15; winner: Ana → Ben"."""
    change = describe_change(Change(0, 0, before, after, ""))
    return "; ".join(
        str(_("%(what)s: %(before)s → %(after)s", what=d.what, before=d.before, after=d.after))
        for d in change.differences
    )
