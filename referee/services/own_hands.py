"""Each player's own hand, sent from their own phone (README, *Each player counts their own hand*).

A player's own link opens their evening as the viewer's link does (it follows the sheet) and may do one thing more:
send that player's hand for the next round of a game being played. A hand sent is kept beside the game, never in
it: the scorer's round form fills itself from the hands sent, and nothing is a round until the scorer saves it. The
latest hand a player sent for a round counts; a round recorded leaves the hands sent for it behind.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from sqlite_utils import Database

from referee.rules.words import say
from referee.services.books import Book
from referee.services.database import StorageError, cannot_write, path_of, unit_of_work
from referee.services.games import books_of
from referee.storage import own_hands as stored
from referee.storage.evenings import Evening
from referee.storage.own_hands import HandLink, SentHand

__all__ = ["HandLink", "HandRefused", "Refusal", "Seat", "SentHand", "hands_sent", "player_behind", "players_links",
           "seat_of", "seat_version", "send_hand"]  # fmt: skip


class Refusal(StrEnum):
    """Why a hand sent is not kept."""

    OVER = "over"  # the game is over
    RECORDED = "recorded"  # its round is recorded already (a page drawn before the scorer saved it)
    NOT_BEGUN = "not begun"  # its round is not the next one (a form not made by the page)
    NOT_IN = "not in"  # the player plays no hand now (out of the game, or eliminated)


class HandRefused(Exception):
    """A hand a player's phone sent that cannot be kept: why (`why`), and the reason in words."""

    def __init__(self, why: Refusal, reason: object) -> None:
        super().__init__(reason)
        self.why = why


def players_links(db: Database, evening: Evening) -> dict[str, HandLink]:
    """Each of the evening's players' own link, made the first time they are asked for; on a disk that cannot be
    written, only the links made before (the others are made once it can)."""
    links = stored.links_of(db, evening.id)
    missing = [name for name in evening.players if name not in links]
    if missing:
        try:
            with unit_of_work(db):
                stored.make_links(db, evening.id, missing)
        except StorageError as error:
            if cannot_write(error, path_of(db)) is None:
                raise
        else:
            links = stored.links_of(db, evening.id)
    return {name: links[name] for name in evening.players if name in links}


def player_behind(db: Database, key: str) -> str | None:
    """The player whose own link is `key`; None when it is no player's link (a scorer's, a viewer's, or none)."""
    link = stored.link_by_key(db, key)
    return None if link is None else link.player


@dataclass(frozen=True)
class Seat:
    """Where a player's own link sits now: the game its screen shows (None when the player is to choose among several
    being played, or sits in none yet), the games being played that seat them, and the game they last finished before
    the one shown (its final standings wait above a game that has just begun)."""

    player: str
    book: Book | None
    playing: tuple[Book, ...]
    finished: Book | None = None

    @property
    def choosing(self) -> bool:
        """Whether the player is to choose between games being played (two tables, one evening)."""
        return self.book is None and len(self.playing) > 1


def seat_of(db: Database, evening: Evening, player: str, chosen: int | None = None) -> Seat:
    """The games of the evening as `player`'s own screen shows them: the game `chosen`, if it seats them; else the one
    game being played that seats them; else, when they sit in several, none (they choose); else the last game they
    sat in, over."""
    seated = [book for book in books_of(db, evening.id) if player in book.record.players]
    playing = tuple(book for book in seated if not book.state.over)
    shown = next((book for book in seated if book.game.number == chosen), None)
    if shown is None and len(playing) == 1:
        shown = playing[0]
    elif shown is None and not playing and seated:
        shown = seated[-1]
    before = [book for book in seated if book.state.over and shown is not None and book.game.number < shown.game.number]
    return Seat(player, shown, playing, before[-1] if before else None)


def seat_version(db: Database, key: str) -> str | None:
    """What a player's own screen shows, as a word that changes whenever the screen would (a game started, an entry
    written or corrected, a hand sent); None when `key` is no player's link. One statement."""
    return stored.seat_version(db, key)


def send_hand(db: Database, book: Book, player: str, number: int, now: int, hand: Mapping[str, object]) -> SentHand:
    """Keep `player`'s hand for round `number` of `book`'s game, over any they sent for it before, when the game's
    next round is `now`; HandRefused says why not (the game is over, the round is recorded, the player is not in)."""
    if book.state.over:
        raise HandRefused(Refusal.OVER, say("the game is over: no hand goes to it"))
    if number < now:
        raise HandRefused(Refusal.RECORDED, say("round {number} is already recorded", number=number))
    if number != now:
        raise HandRefused(
            Refusal.NOT_BEGUN, say("round {number} has not begun: the next round is {now}", number=number, now=now)
        )
    if player not in book.state.still_in():
        raise HandRefused(Refusal.NOT_IN, say("{name} is out of the game and plays no hand", name=player))
    with unit_of_work(db):
        at = stored.send_hand(db, book.game.id, number, player, hand)
    return SentHand(player, number, hand, at)


def hands_sent(db: Database, book: Book, number: int) -> dict[str, SentHand]:
    """The hands sent for round `number` of `book`'s game by the players still in, by player."""
    still_in = set(book.state.still_in())
    return {name: sent for name, sent in stored.hands_sent(db, book.game.id, number).items() if name in still_in}
