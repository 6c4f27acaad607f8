"""The events of a game record (docs/formats.md, *Game records*) as the tests write them: a rummy round and a Kaiser
hand, each from one builder.

Each writes its event as a record does: a round's `all_in_one` only when it is one, a hand's `no_trump` always.
Any other key of the event (`laid`, `rami`, `calls`, `trump`…) goes in as a keyword, as does a key a test changes to
see it refused; a value the builder would write otherwise (a round's `all_in_one: 1`) is set with `|` on its result.
"""

from __future__ import annotations

from typing import Any


def rummy_round(winner: str, hands: Any, *, all_in_one: bool = False, **more: Any) -> dict[str, Any]:
    """A round `winner` went out of: each other player's hand, as points or cards; `all_in_one` for a kaluki."""
    return {"type": "round", "winner": winner, "hands": hands} | ({"all_in_one": True} if all_in_one else {}) | more


def kaiser_hand(
    bidder: str,
    bid: int,
    tricks: Any,
    five_hearts: str,
    three_spades: str,
    *,
    dealer: str | None = None,
    no_trump: bool = False,
    **more: Any,
) -> dict[str, Any]:
    """A Kaiser hand `bidder` won the auction of with `bid`: the tricks by team (one team's, or both), and the teams
    that took the 5♥ and the 3♠. Without `dealer` for a test that deals the hands round the table itself."""
    dealt = {} if dealer is None else {"dealer": dealer}
    return {
        "type": "hand", **dealt, "bidder": bidder, "bid": bid, "no_trump": no_trump, "tricks": tricks,
        "five_hearts": five_hearts, "three_spades": three_spades,
    } | more  # fmt: skip
