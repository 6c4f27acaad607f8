"""Issue #12, case 1: a phone whose sheet is behind never puts a hand on another player.

Phone B fills its round on a sheet where four players are in; meanwhile phone A records a round that eliminates
one of them. B's round is refused with who changed, and nothing is stored. And a correction that changes who
is in, sent at the same moment as the next round, never leaves both standing with a hand on the wrong player.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TypeVar

import pytest

from tests.events import rummy_round
from tests.races.phones import Phone, at_once
from tests.races.records import game

T = TypeVar("T")


def after(seconds: float, call: Callable[[], T]) -> T:
    """`call()`, `seconds` from now."""
    time.sleep(seconds)
    return call()


def test_a_round_filled_before_a_player_was_eliminated_elsewhere_is_refused(phones: Callable[[], Phone]) -> None:
    a, b = phones(), phones()
    page = a.import_record(game()) + "/games/1"
    stale = b.get(page).round_form()
    assert stale.hands == ["Ann", "Bob", "Cat", "Dan"]

    fresh = a.get(page).round_form()
    assert a.send(fresh, fresh.round("Ann", {"Bob": 150, "Cat": 5, "Dan": 5})).status == 303
    before = a.events(page)

    reply = b.send(stale, stale.round("Dan", {"Ann": 5, "Bob": 7, "Cat": 30}))

    assert reply.status == 422
    assert "Bob is no longer in the game" in reply.text
    assert a.events(page) == before == [rummy_round("Ann", {"Bob": 150, "Cat": 5, "Dan": 5})]
    again = b.get(page)
    assert again.round_form().hands == ["Ann", "Cat", "Dan"]
    assert [offer.value("player") for offer in again.forms("/buyback")] == ["Bob"]


@pytest.mark.parametrize(
    ("recorded", "corrected", "next_round"),
    [
        # The correction brings Bob back in; the next round was filled without him.
        ({"Bob": 150, "Cat": 5, "Dan": 5}, {"Bob": 15}, ("Cat", {"Ann": 7, "Dan": 9})),
        # The correction eliminates Bob; the next round was filled with him (read by position, Bob's 9 would be Cat's).
        ({"Bob": 15, "Cat": 5, "Dan": 5}, {"Bob": 150}, ("Dan", {"Ann": 7, "Bob": 9, "Cat": 11})),
    ],
    ids=["back-in", "eliminated"],
)
def test_a_correction_and_a_round_at_once_never_put_a_hand_under_another_name(
    phones: Callable[[], Phone],
    recorded: dict[str, int],
    corrected: dict[str, int],
    next_round: tuple[str, dict[str, int]],
) -> None:
    a, b = phones(), phones()
    first = rummy_round("Ann", recorded)
    # Each time on a fresh game; let go together, and also with one of the two a little behind, so that the race
    # surely goes each way.
    for behind_correction, behind_round in [(0, 0), (0, 0), (0, 0), (0.05, 0), (0, 0.05)]:
        page = a.import_record(game(first)) + "/games/1"
        correction = a.get(f"{page}/events/1").round_form()
        entry = b.get(page).round_form()
        fixed = {**recorded, **corrected}
        winner, hands = next_round

        fix = correction.sent(**{correction.hand_fields[name]: str(points) for name, points in fixed.items()})
        replies = at_once(
            partial(after, behind_correction, partial(a.send, correction, fix)),
            partial(after, behind_round, partial(b.send, entry, entry.round(winner, hands))),
        )
        statuses = [reply.status for reply in replies]

        # The two cannot both stand: whichever came second is refused, and nothing of it is stored.
        assert sorted(statuses) == [303, 422]
        stored = a.events(page)
        if statuses[0] == 303:
            assert stored == [rummy_round("Ann", fixed)]
        else:
            assert stored == [first, rummy_round(winner, hands)]
