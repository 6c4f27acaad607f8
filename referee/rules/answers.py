"""What the phone asks a game before it records anything, answered by the rules: refusals and the stock's taps.

A game answers the same questions in every family (`referee.rules.game.Game`): who the next round waits
for (`waiting_for`, `verify_next`), and what a "stock ran out" tap means now (`stock_ran_out`). Every
answer is a frozen value whose words are said when shown (`referee.rules.words`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol, runtime_checkable

from referee.rules.rummy_events import Reshuffle, Void
from referee.rules.words import and_list, say, say_plural


@dataclass(frozen=True)
class Refusal:
    """Why what the phone asks cannot happen now, in a player's words, and the players it waits for (if any)."""

    reason: str  # said in the reader's language when shown (a `Said`)
    players: tuple[str, ...] = ()

    def __str__(self) -> str:
        return str(self.reason)


class Refused(ValueError):
    """A triad's `do` asked for what its `verify` refuses."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.reason)
        self.refusal = refusal


NO_STOCK = Refusal(say("this game has no stock: every card is dealt"))  # a Said: no language kept


def undecided(players: Sequence[str]) -> Refusal | None:
    """Why the next round waits: buy-backs nobody decided; None when there are none.

    >>> str(undecided(["Ana", "Ben"]))
    'Ana and Ben: buy back or out for good? The next round waits for each eliminated player to decide'
    >>> undecided([]) is None
    True
    """
    if not players:
        return None
    return Refusal(
        say(
            "{names}: buy back or out for good? The next round waits for each eliminated player to decide",
            names=and_list(players),
        ),
        tuple(players),
    )


def players_changed(seen: Collection[str], now: Collection[str], winner: str | None = None) -> Refusal | None:
    """Why a round filled in for the players `seen` still in cannot be recorded when `now` are: some left or came back.

    The winner's own hand may be left out of what was filled in (the phone greys it); nothing seen says nothing.

    >>> str(players_changed({"Ana", "Ben", "Eve"}, {"Ana", "Ben", "Driss"}, winner="Ana"))
    'the players changed since this round was filled in: Eve is no longer in the game; Driss is in the game again'
    >>> str(players_changed({"Ana", "Ben", "Eve", "Zoé"}, {"Ana"}, winner="Ana"))
    'the players changed since this round was filled in: Ben, Eve and Zoé are no longer in the game'
    >>> players_changed({"Ben"}, {"Ana", "Ben"}, winner="Ana") is None
    True
    """
    gone, back = sorted(set(seen) - set(now)), sorted(set(now) - set(seen) - {winner})
    if not seen or not (gone or back):
        return None
    changes = []
    if gone:
        changes.append(
            say_plural(
                "{names} is no longer in the game", "{names} are no longer in the game", len(gone), names=and_list(gone)
            )
        )
    if back:
        changes.append(
            say_plural("{names} is in the game again", "{names} are in the game again", len(back), names=and_list(back))
        )
    both = changes[0] if len(changes) == 1 else say("{gone}; {back}", gone=changes[0], back=changes[1])
    return Refusal(say("the players changed since this round was filled in: {changes}", changes=both))


class StockAnswer(StrEnum):
    """What a "stock ran out" tap means, from what the phone showed and what the game says."""

    RESHUFFLE = "to_reshuffle"  # the first time this round: record a reshuffle
    VOID = "to_void"  # it ran out again this round: record a void round (000)
    MARKED_ELSEWHERE = "marked_elsewhere"  # another phone marked the reshuffle: nothing recorded
    PAST = "past"  # the reshuffle this phone showed belongs to a round recorded since: nothing recorded


@dataclass(frozen=True)
class StockCall:
    """A "stock ran out" tap answered: the event to record, or None and what to tell the phone."""

    answer: StockAnswer
    event: Reshuffle | Void | None
    message: str = ""  # when nothing is recorded: why (a `Said`)


def stock_call(reshuffled: bool, seen_reshuffled: bool) -> StockCall:
    """What a "stock ran out" tap means when the round in play was `reshuffled` and the phone showed `seen_reshuffled`.

    A phone that did not show the first reshuffle never voids a round by itself, and one that showed a
    reshuffle of a round recorded since changes nothing.

    >>> [stock_call(now, seen).answer.value for now in (False, True) for seen in (False, True)]
    ['to_reshuffle', 'past', 'marked_elsewhere', 'to_void']
    """
    if reshuffled and seen_reshuffled:
        return StockCall(StockAnswer.VOID, Void())
    if reshuffled:
        return StockCall(
            StockAnswer.MARKED_ELSEWHERE,
            None,
            say(
                "another phone had already marked the stock reshuffled in this round: if it ran out again, say so "
                "again and the round is void"
            ),
        )
    if seen_reshuffled:
        return StockCall(
            StockAnswer.PAST,
            None,
            say(
                "the round shown as reshuffled is already recorded: nothing was recorded; if the stock of this "
                "round ran out, say so again"
            ),
        )
    return StockCall(StockAnswer.RESHUFFLE, Reshuffle())


@runtime_checkable
class Stocked(Protocol):
    """A game whose rounds are played from a stock that may run out, with players who may buy back in: rummy's.

    The questions only such a game answers, besides the `Game`'s (a family without them, Kaiser, answers none).
    """

    def waiting_for(self, decided: Collection[str] = ()) -> tuple[str, ...]:
        """The players whose decision the next round waits for (a buy-back), but for those `decided` out for good."""

    def verify_next(self, decided: Collection[str] = ()) -> Refusal | None:
        """Why the next round cannot be recorded yet though the rules would take it, or None."""

    def verify_seen(self, seen: Collection[str], winner: str | None = None) -> Refusal | None:
        """Why a round filled in while `seen` were still in cannot be recorded now, or None."""

    def verify_stock_ran_out(self) -> Refusal | None:
        """Why the stock cannot run out now, or None."""

    def stock_ran_out(self, seen_reshuffled: bool) -> StockCall:
        """What the stock running out means now: a reshuffle, a void round, or nothing and why; Refused if never."""
