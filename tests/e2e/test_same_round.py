"""The same round sent twice at once is saved once: from two scorers' phones, a double tap, or a resend.

Two phones that saw the same sheet and enter the same round record it once (the form's `seen` version);
the same form sent twice records it once (its one-time `submission` key). Two different rounds are both kept.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from referee.storage.db import connect
from referee.storage.evenings import evening_by_key
from referee.storage.games import games_of
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import GAME_URL, EveningPage, GamePage, HomePage, alerts
from tests.e2e.words import Words

pytestmark = [pytest.mark.e2e, pytest.mark.parametrize("language", ["en", "fr"])]

ROUNDS = re.compile(r"/games/\d+/rounds$")  # where the round form is sent
PLAYERS = ["Ann", "Ben", "Cal"]


@dataclass(frozen=True)
class Round:
    """A round as the scorer enters it (who went out, each other hand's cards or points) and its line on the sheet."""

    winner: str
    hands: dict[str, str | int]
    line: list[str]

    def enter(self, game: GamePage) -> None:
        """Fill the round form on `game` without saving it."""
        game.entry.fill(self.winner, self.hands)


BEN_OUT = Round("Ben", {"Ann": "QH KH", "Cal": 31}, ["+20", "★ 0", "+31"])
CAL_OUT = Round("Cal", {"Ann": 5, "Ben": "JK"}, ["+5", "+15", "★ 0"])


class Gate:
    """Holds each round a phone sends until `count` have been sent, then lets them all through together.

    So no phone sees an answer before every phone has sent its round, and the app gets them at once.
    """

    def __init__(self, count: int) -> None:
        self.count = count
        self.held: list[Route] = []

    def __call__(self, route: Route) -> None:
        self.held.append(route)
        if len(self.held) == self.count:
            for held in self.held:
                held.fallback()  # on through the context's guard to the app

    def hold_rounds_of(self, *pages: Page) -> None:
        for page in pages:
            page.route(ROUNDS, self)


def stored_events(live_app: LiveApp, key: str) -> list[dict[str, Any]]:
    """Every revision the database holds for the evening's game, deleted or not: a duplicate cannot hide."""
    db = connect(live_app.database)
    try:
        found = evening_by_key(db, key)
        assert found is not None, f"no evening behind {key}"
        (game,) = games_of(db, found[0].id)
        rows = db.query("SELECT event FROM event_revisions WHERE game_id = ? ORDER BY id", [game.id])
        return [json.loads(row["event"]) if row["event"] else {"deleted": True} for row in rows]
    finally:
        db.close()


def expect_rounds(game: GamePage, *rounds: Round) -> None:
    """The sheet shows exactly these rounds' lines, in this order, and the page says nothing is wrong."""
    expect(game.rows()).to_have_count(len(rounds))
    assert game.lines() == [[f"{number} ✎", *played.line] for number, played in enumerate(rounds, start=1)]
    assert alerts(game.page) == []


@pytest.fixture
def two_scorers(home: HomePage, words: Words, new_phone: Callable[..., Page]) -> tuple[GamePage, GamePage]:
    """One game kept on two phones: the scorer's, and a second phone that opened the scorer's link."""
    evening = home.start_evening().create(PLAYERS)
    scorer_link = evening.scorer_link()
    scorer = evening.start_game()
    phone = new_phone()
    phone.goto(scorer_link)
    second = EveningPage(phone, words).loaded().open_game(1)
    assert second.key == scorer.key
    return scorer, second


def send_both(scorer: GamePage, second: GamePage) -> list[int]:
    """Both phones press "Save the round", the app getting both rounds at once; the statuses of the answers."""
    Gate(2).hold_rounds_of(scorer.page, second.page)
    with scorer.page.expect_response(ROUNDS) as first, second.page.expect_response(ROUNDS) as other:
        scorer.save_button().click()
        second.save_button().click()
    return [first.value.status, other.value.status]


def test_the_same_round_from_two_phones_at_once_is_saved_once(
    two_scorers: tuple[GamePage, GamePage], live_app: LiveApp
) -> None:
    scorer, second = two_scorers
    BEN_OUT.enter(scorer)
    BEN_OUT.enter(second)

    assert send_both(scorer, second) == [200, 200]

    expect_rounds(scorer, BEN_OUT)
    expect_rounds(second, BEN_OUT)
    assert stored_events(live_app, scorer.key) == [
        {"type": "round", "winner": "Ben", "hands": {"Ann": ["QH", "KH"], "Cal": 31}}
    ]


def test_two_different_rounds_from_two_phones_at_once_are_never_two_rounds(
    two_scorers: tuple[GamePage, GamePage], live_app: LiveApp
) -> None:
    scorer, second = two_scorers
    BEN_OUT.enter(scorer)
    CAL_OUT.enter(second)

    assert sorted(send_both(scorer, second)) == [200, 409]  # one is recorded, the other phone is asked

    winners = [event["winner"] for event in stored_events(live_app, scorer.key)]
    assert len(winners) == 1
    asked = second if winners == ["Ben"] else scorer
    words = asked.words
    clash = asked.page.get_by_role("region", name=words.pattern("Round %(number)s was recorded from another phone"))
    expect(clash).to_be_visible()
    asked.page.get_by_role("button", name=words("Replace it with mine")).click()  # a correction, in the log
    asked.page.wait_for_url(GAME_URL)
    expect(asked.rows()).to_have_count(1)
    mine = "Cal" if winners == ["Ben"] else "Ben"
    assert [event["winner"] for event in stored_events(live_app, scorer.key)] == [*winners, mine]  # a revision


def test_a_double_tap_on_save_saves_the_round_once(home: HomePage, live_app: LiveApp) -> None:
    game = home.start_evening().create(PLAYERS).start_game()
    BEN_OUT.enter(game)

    game.save_button().dblclick()  # htmx queues the second tap, then drops it with the form the answer replaced

    expect_rounds(game, BEN_OUT)
    assert len(stored_events(live_app, game.key)) == 1


def send_twice_at_once(form: Locator) -> list[dict[str, Any]]:
    """The form as it stands sent twice at once, as a resend on a weak connection does; where each answer landed."""
    answers: list[dict[str, Any]] = form.evaluate(
        """form => Promise.all([1, 2].map(() =>
            fetch(form.action, {method: "POST", body: new FormData(form)})
                .then(answer => ({status: answer.status, url: answer.url}))))"""
    )
    return answers


def test_a_form_sent_twice_at_once_is_saved_once(home: HomePage, words: Words, live_app: LiveApp) -> None:
    game = home.start_evening().create(PLAYERS).start_game()
    BEN_OUT.enter(game)

    answers = send_twice_at_once(game.page.locator("form").filter(has=game.save_button()))

    assert answers == [{"status": 200, "url": game.page.url}] * 2  # both sent back to the sheet (POST, redirect, GET)
    game.page.reload()
    expect_rounds(game, BEN_OUT)
    assert len(stored_events(live_app, game.key)) == 1

    # A void round has no round to compare: only the form's one-time key tells a resend from a second void.
    void = game.page.get_by_role("button", name=words("Void round"))
    answers = send_twice_at_once(game.page.locator("form").filter(has=void))

    assert answers == [{"status": 200, "url": game.page.url}] * 2
    game.page.reload()
    expect(game.rows()).to_have_count(2)
    assert game.lines()[1] == [f"2 {words('void')}", "", "", ""]
    assert [event["type"] for event in stored_events(live_app, game.key)] == ["round", "void"]
