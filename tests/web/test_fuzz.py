"""Fuzzing every form of the app and every command (#13): random text, huge numbers, unicode and missing fields.

The app answers 2xx, 3xx or 4xx, never 5xx, and a refused write (4xx) leaves every table as it was; the command
exits 0, or 2 with one line on stderr. The settings keep the whole file under a minute.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import create_app
from referee.rules.options import OPTIONS
from referee.storage.db import connect
from tests.conftest import Runner
from tests.web.conftest import Table

FUZZ = settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    derandomize=True,  # the same examples on every run: a failure is always the same failure
)
PLAYERS = ["Ana", "Ben", "Céline", "Driss"]
CARDS = ["JK", "JK=6H", "9H", "9S", "10D", "QS", "AH", "2C", "7♣", "T♦", "RD", "*", "🃏", "X9", "=", ","]
TEXT = st.characters(exclude_categories=["Cs"])  # a form's text is UTF-8: a lone surrogate cannot be sent

# What a field may hold: anything typed, a number a field would take, a huge one, a card, a player, nothing.
junk = st.one_of(
    st.text(TEXT, max_size=30),
    st.integers(-(2**70), 2**70).map(str),
    st.integers(0, 200).map(str),
    st.sampled_from(["9" * 5000, "NaN", "1e999", "-0", "0,20", "٣", "²", " ", "\n", "%s", "{0}", "<b>"]),
    st.lists(st.sampled_from(CARDS), max_size=20).map(" ".join),
    st.sampled_from([*PLAYERS, "Ana & Céline", "Ben & Driss", "kaluki", "rami", "kaiser", "out", "evening"]),
)


def fields(*names: str) -> st.SearchStrategy[dict[str, str]]:
    """Some of the named fields (each maybe missing), each holding junk."""
    return st.fixed_dictionaries({}, optional=dict.fromkeys(names, junk))


HOUSE = [f"house-{name}" for name in OPTIONS]
KAISER_HOUSE = [f"kaiser-house-{name}" for name in OPTIONS]
HANDS = [f"hand:{name}" for name in [*PLAYERS, "Zoé"]]
LAID = [f"laid:{name}" for name in PLAYERS]
KEPT = [f"jokers:{name}" for name in PLAYERS]
SHEET = ["seen", "based_on", "submission"]
KAISER_GAME = ["kaiser-preset", "kaiser-first", "kaiser-partner", "kaiser-second", "kaiser-second_partner"]
OTHER_GAME = ["other-preset", "other-game_name", "other-players", "other-wins", "other-target", "other-chips",
              "other-chips_rate", "other-first_dealer"]  # fmt: skip
SCORES = [f"score:{name}" for name in PLAYERS]
FORMS = {
    "/new": ["title", "players", "preset", "chip_value", "currency", *HOUSE],
    "{evening}/games": ["preset", "players", "first_dealer"],
    "{evening}/games#kaiser": [*KAISER_GAME, "kaiser-dealer", *KAISER_HOUSE],
    "{game}/rounds": ["winner", "finish", *HANDS, *SHEET],
    "{rami}/rounds": ["winner", "finish", *HANDS, *LAID, *KEPT, *SHEET],
    "{game}/events/1": ["winner", "finish", *HANDS, *SHEET],
    "{game}/events/1/delete": SHEET,
    "{game}/void": SHEET,
    "{game}/reshuffle": ["again", *SHEET],
    "{game}/rematch": SHEET,
    "{game}/buyback": ["player", *SHEET],
    "{kaiser}/hands": ["bidder", "bid", "no_trump", "tricks", "five_hearts", "three_spades", "dealer", *SHEET],
    "{kaiser}/passed": ["dealer", *SHEET],
    "{kaiser}/hands/1": ["bidder", "bid", "tricks", "five_hearts", "three_spades", *SHEET],
    "{evening}/games#other": [*OTHER_GAME],
    "{other}/rounds": [*SCORES, *SHEET],
    "{other}/events/1": [*SCORES, *SHEET],
    "{other}/end": SHEET,
    "/desk/meld": ["rules", "cards"],
    "/desk/opening": ["rules", "meld_0", "meld_1", "meld_2", "meld_3", "all_in_one"],
    "/desk/joker": ["rules", "meld", "hand"],
    "/desk/best": ["rules", "hand", "minimise"],
    "{evening}/desk/best": ["rules", "hand", "minimise"],
    "/import": ["text"],
    "/import/choice": ["text", "choice", "scorer_link", "submission"],
    "{group}/new": ["title", "players", "preset", "chip_value", "currency", *HOUSE],
    "{evening}/settle/paid": ["payer", "payee", "chips", "submission"],
    "{evening}/settle/undo": ["payment", "submission"],
    "{own}/games/1/hand": ["number", "out", "hand", "laid", "submission"],
    "{own}/games/3/hand": [
        "number",
        "bidder",
        "bid",
        "no_trump",
        "tricks",
        "five_hearts",
        "three_spades",
        "submission",
    ],
}
PAGES = [
    "/e/{junk}",
    "{evening}/games/{junk}",
    "{game}/events/{junk}",
    "{game}/live?v={junk}",
    "{game}?all={junk}",
    "/lang/{junk}?next={junk}",
    "{evening}/players/{junk}",
    "{group}/players/{junk}",
    "/rules/{junk}",
    "/desk/{junk}",
    "/desk?preset={junk}",
    "{evening}/desk/{junk}",
]


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    # Each refused request is checked against a dump of the database: a small one, made once per test.
    yield create_app({"TESTING": True, "DATABASE": str(tmp_path / "fuzz.sqlite"), "SECRET_KEY": "test"})


@pytest.fixture
def urls(table: Table) -> dict[str, str]:
    evening = table.evening(players="\n".join(PLAYERS))
    game = table.game(evening, PLAYERS)
    table.round(game, "Ana", {"Ben": 5, "Céline": 10, "Driss": 2}, PLAYERS)
    rami = table.game(evening, PLAYERS, preset="rami")
    data = dict(zip(KAISER_GAME, ["kaiser", "Ana", "Céline", "Ben", "Driss"], strict=True)) | {"kaiser-dealer": "Ana"}
    kaiser = table.post(f"{evening}/games", {"family": "kaiser"} | data).headers["Location"]
    hand = {"bidder": "Ana", "bid": "7", "tricks": "6", "five_hearts": "Ana & Céline", "three_spades": "Ben & Driss"}
    assert table.post(f"{kaiser}/hands", hand).status_code == 303
    group = re.search(r'href="(/g/[^"]+)"', table.get(evening).get_data(as_text=True))
    assert group is not None
    started = {
        "family": "other",
        "other-preset": "other",
        "other-players": PLAYERS,
        "other-wins": "lowest",
        "other-chips": "per_place",
        "other-chips_rate": "1",
        "other-first_dealer": "Ana",
        "other-target": "100",
    }
    other = table.post(f"{evening}/games", started).headers["Location"]  # fmt: skip
    scores = {f"score:{name}": str(n) for n, name in enumerate(PLAYERS)}
    assert table.post(f"{other}/rounds", scores | {"seen": "0"}).status_code == 303
    own = re.search(r'href="[^"]*(/e/[^/"]+)/hand"', table.get(f"{evening}/players").get_data(as_text=True))
    assert own is not None  # a player's own link: it sends that player's hand
    urls = {"evening": evening, "game": game, "rami": rami, "kaiser": kaiser, "other": other, "group": group.group(1)}
    return urls | {"own": own.group(1)}


def dump(table: Table) -> list[str]:
    return list(connect(table.client.application.config["DATABASE"]).conn.iterdump())


@FUZZ
@given(data=st.data())
def test_every_form_answers_without_a_server_error_and_a_refusal_changes_nothing(
    table: Table, urls: dict[str, str], data: st.DataObject
) -> None:
    path = data.draw(st.sampled_from(sorted(FORMS)), label="form")
    values = data.draw(fields(*FORMS[path]), label="fields")
    htmx = data.draw(st.booleans(), label="htmx")
    before = dump(table)
    target, _, family = path.partition("#")  # one route starts every game: the form names its family
    response = table.post(target.format(**urls), {"family": family, **values} if family else values, htmx=htmx)
    assert response.status_code < 500, response.get_data(as_text=True)[-3000:]
    if response.status_code >= 400:
        assert dump(table) == before


@FUZZ
@given(data=st.data())
def test_every_page_answers_without_a_server_error(table: Table, urls: dict[str, str], data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(PAGES), label="page")
    past_sqlite = st.sampled_from([str(2**63), str(2**64), "9" * 30])
    word = data.draw(st.one_of(junk, st.integers(-(2**70), 2**70).map(str), past_sqlite), label="junk")
    quoted = re.sub(r"[^A-Za-z0-9_.~-]", lambda m: "".join(f"%{b:02X}" for b in m[0].encode()), word)
    response = table.get(path.format(**urls, junk=quoted))
    assert response.status_code < 500, path


def _endpoint(app: Flask, path: str, method: str) -> str:
    """The view a path of the fuzz lists reaches, its placeholders filled with plausible values."""
    placeholders = {"evening": "/e/k", "game": "/e/k/games/1", "rami": "/e/k/games/2", "kaiser": "/e/k/games/3",
                    "other": "/e/k/games/4"}  # fmt: skip
    filled = path.format(**placeholders, group="/g/k", own="/e/p", junk="1")
    endpoint, _ = app.url_map.bind("localhost").match(filled.split("?")[0].split("#")[0], method=method)
    return str(endpoint)


def test_the_fuzz_lists_every_form_and_every_page_with_a_parameter(app: Flask) -> None:
    # A view added later is fuzzed too, or this fails: every POST and every GET that reads its URL is listed.
    posts = {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())}
    assert posts - {_endpoint(app, path, "POST") for path in FORMS} == set()
    with_parameters = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and rule.arguments - {"key", "number"} and rule.endpoint != "static"
    }
    assert with_parameters - {_endpoint(app, path, "GET") for path in PAGES} == set()


# --- records, for /import and the command line ---------------------------------------------------------------------

json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**70), 2**70),
        st.floats(allow_nan=False),
        st.text(TEXT, max_size=12),
        st.sampled_from([*PLAYERS, "round", "void", "buyback", "hand", "passed", "kaluki", "rami", "kaiser", "JK 5C"]),
    ),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(TEXT, max_size=8), inner, max_size=4),
    max_leaves=20,
)
KEYS = ["format", "preset", "options", "players", "teams", "events", "first_dealer", "chip_value", "currency", "games"]
GAME = {
    "players": PLAYERS,
    "events": [{"type": "round", "winner": "Ana", "hands": {"Ben": "JK 5C", "Céline": 14, "Driss": ["AS"]}}],
}


@st.composite
def records(draw: st.DrawFn) -> str:
    """A record, a game or an evening, with some of its keys and events replaced by anything JSON holds."""
    game = json.loads(json.dumps(GAME))
    for key in draw(st.lists(st.sampled_from(KEYS), max_size=3)):
        game[key] = draw(json_values)
    if draw(st.booleans()):
        events = game.get("events")
        event = dict(events[0]) if isinstance(events, list) and events and isinstance(events[0], dict) else {}
        for key in draw(st.lists(st.sampled_from(["type", "winner", "hands", "all_in_one", "rami", "laid"]))):
            event[key] = draw(json_values)
        game["events"] = [event]
    record: Any = game
    if draw(st.booleans()):
        record = {"format": "referee.evening/1", "chip_value": "0.20", "currency": "EUR", "games": [game]}
        for key in draw(st.lists(st.sampled_from(["title", "players", "preset", "options", "chip_value"]))):
            record[key] = draw(json_values)
        if draw(st.booleans()):  # a group of that evening (made a /2 one), some of its keys replaced too
            evening = record | {"format": "referee.evening/2", "id": "e1"}
            record = {"format": "referee.group/1", "id": "g1", "title": "", "started": "2026-11-20T20:00:00+00:00"}
            record |= {"evenings": [evening], "evenings_started": ["2026-11-20T20:00:00+00:00"]}
            for key in draw(st.lists(st.sampled_from(["id", "title", "started", "evenings", "evenings_started"]))):
                record[key] = draw(json_values)
    return json.dumps(record, ensure_ascii=draw(st.booleans()))


@FUZZ
@given(record=records())
def test_an_imported_record_is_taken_or_refused_and_a_refusal_creates_nothing(table: Table, record: str) -> None:
    before = dump(table)
    response = table.post("/import", {"text": record})
    assert response.status_code in (200, 303, 422), response.get_data(as_text=True)[-3000:]
    if response.status_code != 303:  # refused, or here already: the choice page, which makes nothing yet
        assert dump(table) == before


def one_line_or_success(code: int, out: str, err: str) -> None:
    assert code in (0, 2), err
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("referee: "), err
        assert out == ""


@FUZZ
@given(record=records(), settle=st.booleans())
def test_replay_and_settle_exit_0_or_2_with_one_line(
    referee_inprocess: Runner, tmp_path: Path, record: str, settle: bool
) -> None:
    path = tmp_path / "record.json"
    path.write_text(record, encoding="utf-8")
    done = referee_inprocess("settle" if settle else "replay", "--json", str(path))
    one_line_or_success(done.code, done.out, done.err)


argument = st.one_of(
    st.sampled_from(CARDS),
    st.text(TEXT, min_size=1, max_size=12).filter(lambda text: not text.startswith("-")),
    st.sampled_from(["9" * 5000, "JK=JK", "10", "1e9", "9H,9S,JK"]),
)


@FUZZ
@given(
    command=st.sampled_from(["check", "opening", "penalty", "best", "release"]),
    preset=st.sampled_from(["kaluki", "kaluki-hunt", "kaluki-club", "rami", "rami-elimination", "kaiser", "whist"]),
    setting=st.one_of(st.none(), st.tuples(st.sampled_from(sorted(OPTIONS)), junk).map("=".join), st.none()),
    args=st.lists(argument, max_size=18),
)
def test_the_rules_commands_exit_0_or_2_with_one_line(
    referee_inprocess: Runner, command: str, preset: str, setting: str | None, args: list[str]
) -> None:
    options = ["--set", setting] if setting is not None else []
    done = referee_inprocess(command, "--preset", preset, *options, "--", *args)
    one_line_or_success(done.code, done.out, done.err)
