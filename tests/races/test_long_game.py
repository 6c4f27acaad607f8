"""Issue #12, case 5: ten scorer phones posting rounds at once on a game of 1,000 rounds.

Every round a phone was told is recorded (303, or 200 for htmx) is in the final game record exactly once, under
the names it was sent with; every refused one (409, 422) is not there at all; no answer is a 5xx.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from tests.conftest import Runner
from tests.events import rummy_round
from tests.races.phones import Phone, at_once
from tests.races.records import TABLE, long_game

ROUNDS = 1000
WRITERS = 10
TRIES = 4  # rounds each phone sends
ACCEPTED, REFUSED = (200, 303), (409, 422)


def test_the_long_game_record_replays_with_everybody_in(referee_script: Runner, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(long_game(ROUNDS)))

    done = referee_script("replay", "--json", str(path))

    assert done.code == 0, done.err
    standings = json.loads(done.out)
    assert standings["rounds"] == ROUNDS and not standings["over"]
    assert [player["status"] for player in standings["players"]] == ["in"] * len(TABLE)


def writer(phone: Phone, page: str, number: int) -> list[tuple[int, dict[str, Any]]]:
    """One scorer phone: reads the sheet, sends a round of its own (every hand says who sent it), again and again."""
    sent = []
    for attempt in range(TRIES):
        form = phone.get(page).round_form()
        winner = TABLE[(number + attempt) % len(TABLE)]
        losers = [name for name in TABLE if name != winner]
        # Within what 14 cards can cost (168): the first hand says which phone, the second which try.
        hands = dict(zip(losers, (100 + number, 100 + attempt, 7), strict=True))
        reply = phone.send(form, form.round(winner, hands), htmx=number % 2 == 0)
        sent.append((reply.status, rummy_round(winner, hands)))
    return sent


def test_ten_phones_posting_rounds_at_once_on_a_long_game_lose_and_double_nothing(
    phones: Callable[[], Phone],
) -> None:
    scorer = phones()
    page = scorer.import_record(long_game(ROUNDS)) + "/games/1"
    start = scorer.events(page)
    assert len(start) == ROUNDS

    writers = [phones() for _ in range(WRITERS)]
    results = at_once(*(partial(writer, phone, page, number) for number, phone in enumerate(writers)))

    sends = [send for result in results for send in result]
    statuses = Counter(status for status, _ in sends)
    assert set(statuses) <= {*ACCEPTED, *REFUSED}, statuses
    final = scorer.events(page)
    assert final[:ROUNDS] == start
    added = final[ROUNDS:]
    counted = Counter(json.dumps(event, sort_keys=True) for event in added)
    for status, event in sends:
        assert counted[json.dumps(event, sort_keys=True)] == (1 if status in ACCEPTED else 0), (status, event)
    assert len(added) == sum(statuses[status] for status in ACCEPTED) > 0


def test_ten_phones_sending_rounds_filled_on_one_sheet_record_exactly_one(phones: Callable[[], Phone]) -> None:
    scorer = phones()
    page = scorer.import_record(long_game(ROUNDS)) + "/games/1"
    writers = [phones() for _ in range(WRITERS)]
    for attempt in range(3):
        forms = [phone.get(page).round_form() for phone in writers]
        assert len({form.value("seen") for form in forms}) == 1
        rounds = [rummy_round("Ann", {"Bob": 100 + n, "Cat": 1 + attempt, "Dan": 2}) for n in range(WRITERS)]
        sends = [
            partial(phone.send, form, form.round("Ann", sent["hands"]), htmx=n % 2 == 0)
            for n, (phone, form, sent) in enumerate(zip(writers, forms, rounds, strict=True))
        ]

        statuses = [reply.status for reply in at_once(*sends)]

        accepted = [n for n, status in enumerate(statuses) if status in ACCEPTED]
        assert len(accepted) == 1 and all(status in (*ACCEPTED, 409) for status in statuses), statuses
        assert scorer.events(page)[-1] == rounds[accepted[0]]
        assert len(scorer.events(page)) == ROUNDS + attempt + 1
