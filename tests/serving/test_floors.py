"""The benchmarks' floors (bench/floor.py, bench/stack_floor.py; #36, #45) served as `python -m bench versus` serves
them, on a database seeded as it seeds one: each starts, takes a round from the form its page shows, and answers each
kind of poll 304 while nothing changed, then the news once a round is written. Behaviour only: `bench versus` times
them, never a test.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bench.club import Table, a_round, poll_in, round_form_in, seed
from bench.floor import FLOOR
from bench.markup import RoundForm
from bench.phone import Phone
from bench.records import SEED
from bench.server import Server, serve
from bench.stack_floor import STACK_FLOOR

HTMX = {"HX-Request": "true"}


def a_round_on(form: RoundForm) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """A round on `form` as `bench.club`'s scorers post one (its fields and htmx's headers), its hands the seed's."""
    return a_round(form, random.Random(SEED))  # noqa: S311  # a seeded workload, no secret


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Table]:
    """One evening of one four-player game of three rounds, with its players' own links."""
    database = tmp_path_factory.mktemp("floors") / "referee.sqlite"
    (seeded,) = seed(database, 1, 3, SEED, links=True)
    return database, seeded


@pytest.fixture(params=[STACK_FLOOR, FLOOR], ids=["stack floor", "floor"])
def floor(request: pytest.FixtureRequest, table: tuple[Path, Table]) -> Iterator[Server]:
    """A floor serving a copy of the table's database (started when its home page answers)."""
    with serve(database=table[0], launch=request.param) as server:
        yield server


@pytest.fixture
def phone() -> Iterator[Callable[[Server], Phone]]:
    """Phones on a server, each with its own connection and cookies, closed after the test."""
    made: list[Phone] = []

    def on(server: Server) -> Phone:
        made.append(Phone(server.port))
        return made[-1]

    yield on
    for each in made:
        each.close()


def test_a_round_posted_from_the_page_s_form_is_taken_and_moves_the_poll_on(
    floor: Server, table: tuple[Path, Table], phone: Callable[[Server], Phone]
) -> None:
    at, scorer = table[1], phone(floor)
    page = scorer.get(at.page, HTMX)
    assert page.status == 200
    form = round_form_in(page.text())
    assert form is not None and len(form.players) == 4
    assert scorer.get(f"{at.page}/live?v={at.version}", HTMX).status == 304

    answer = scorer.post(form.action, *a_round_on(form))

    assert answer.status == 200
    assert round_form_in(answer.text()) is not None
    moved = poll_in(answer.text())
    assert moved is not None and moved != f"{at.page}/live?v={at.version}"
    assert scorer.get(f"{at.page}/live?v={at.version}", HTMX).status == 200
    assert scorer.get(moved, HTMX).status == 304


@pytest.mark.parametrize("screen", ["viewer", "hand", "display"])
def test_each_screen_polls_304_until_a_round_then_has_the_news(
    floor: Server, table: tuple[Path, Table], phone: Callable[[Server], Phone], screen: str
) -> None:
    at, scorer, watcher = table[1], phone(floor), phone(floor)
    path = {"viewer": at.viewer, "hand": at.hands[0], "display": at.display}[screen]
    url = poll_in(watcher.get(path, HTMX).text())
    assert url is not None and "/live?" in url
    assert watcher.get(url, HTMX).status == 304

    form = round_form_in(scorer.get(at.page, HTMX).text())
    assert form is not None
    assert scorer.post(form.action, *a_round_on(form)).status == 200

    news = watcher.get(url, HTMX)
    assert news.status == 200
    assert poll_in(news.text()) not in (None, url)


def test_the_stack_floor_checks_the_form_s_token_and_redirects_a_plain_post(
    table: tuple[Path, Table], phone: Callable[[Server], Phone]
) -> None:
    at = table[1]
    with serve(database=table[0], launch=STACK_FLOOR) as server:
        scorer = phone(server)
        form = round_form_in(scorer.get(at.page).text())
        assert form is not None
        data, _ = a_round_on(form)

        forged = [(name, "forged" if name == "csrf_token" else value) for name, value in data]
        assert scorer.post(form.action, forged, HTMX).status == 422
        stranger = phone(server)  # no session cookie: its token is no one's
        assert stranger.post(form.action, data, HTMX).status == 422

        plain = scorer.post(form.action, data)
        assert plain.status == 303
        assert plain.location == at.page
