"""What a player's own screen shows (#42): the game they sit in (or the games to choose from), what its last entry did
to them, the standings, and their hand's form for the entry being played, or why they send none.

The screen follows its game as the sheet does: its poll (`hands/_poll.html`) asks for the seat's version, one SQL
statement (`seat_version`), answered 304 while nothing changed. When something did, the screen is drawn again: whole
when it shows another game, entry or state (`screen_key`), else only its parts that never hold what the player is
typing (what the last entry did, whose hands are in), so that a hand half tapped is never lost to a poll.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from referee.services.games import Book
from referee.services.own_hands import Seat, SentHand, hands_sent
from referee.web.database import get_db
from referee.web.forms import KeyedForm
from referee.web.games.families import web_family_of
from referee.web.games.own_hands import OwnHand
from referee.web.games.sheets import Sheet, build_sheet


@dataclass(frozen=True)
class Screen:
    """One state of a player's own screen."""

    seat: Seat
    version: str  # the seat's version when it was drawn: what its poll compares
    own: OwnHand | None  # how the game shown takes a player's hand (None: a family whose scorer counts every hand)
    sheet: Sheet | None  # the game shown, its columns and result only
    finished: Sheet | None  # the game the player last finished, shown above one that has just begun
    number: int  # the entry a hand sent now is for
    sent: dict[str, SentHand]  # the hands sent for it so far, by player
    sits_out: str  # why the player sends no hand now ("" when they send one)
    recap: tuple[str, ...]  # what the last entry did, and did to the player

    @property
    def book(self) -> Book | None:
        """The game shown."""
        return self.seat.book

    @property
    def state(self) -> str:
        """What the screen shows, in a word: a hand's form, none (out, or awaiting a buy-back), a game over, a choice of
        games, or no game yet."""
        if self.seat.choosing:
            return "choose"
        if self.book is None or self.own is None:
            return "none"
        if self.book.state.over:
            return "over"
        return "out" if self.sits_out else "form"

    @property
    def key(self) -> str:
        """What tells this screen from another: its game, entry and state (a poll that finds the same draws only the
        parts that change within it)."""
        game = self.book.game.number if self.book is not None else 0
        return f"{game}-{self.number}-{self.state}-{len(self.seat.playing)}"

    @property
    def waiting(self) -> str:
        """Whose hand the entry still waits for, in a sentence."""
        if self.own is None or self.book is None or self.state not in ("form", "out"):
            return ""
        return self.own.waiting(self.book, self.sent)


def screen_of(seat: Seat, version: str) -> Screen:
    """The screen of `seat`, at the seat's `version`."""
    book = seat.book
    own = None if book is None or seat.choosing else web_family_of(book.family).own
    if book is None or own is None:
        return Screen(seat, version, None, None, None, 0, {}, "", ())
    number = own.number(book)
    over = book.state.over
    sent = {} if over else hands_sent(get_db(), book, number)
    finished = build_sheet(seat.finished, lines=False) if seat.finished is not None and not book.entries else None
    return Screen(
        seat,
        version,
        own,
        build_sheet(book, lines=False),
        finished,
        number,
        sent,
        "" if over else own.sits_out(book, seat.player),
        own.recap(book, seat.player),
    )


def screen_context(
    key: str, screen: Screen, chosen: int | None = None, form: KeyedForm | None = None, **said: object
) -> dict[str, object]:
    """What `hands/_screen.html` draws: the screen, the player's form (fresh unless given), and what a send said; its
    poll keeps to the game `chosen`, when the player chose one."""
    book, own, player = screen.book, screen.own, screen.seat.player
    context: dict[str, object] = {
        "screen": screen,
        "player": player,
        "book": book,
        "own": own,
        "poll": url_for("hands.live", key=key, number=chosen, v=screen.version, at=screen.key),
        "chosen": chosen,
    }
    if book is not None and own is not None and screen.state == "form":
        if form is None:
            form = own.form(book, player)
            mine = screen.sent.get(player)
            if mine is not None:
                own.fill(book, form, mine.hand)
        context.update(game=book.game, form=form, number=screen.number, **own.context(book))
        mine = screen.sent.get(player)
        context["mine"] = own.said(book, mine.hand) if mine is not None else ""
    elif book is not None:
        context["game"] = book.game
    return {**context, **said}
