"""Bad input and strangers (#13): the headers every response carries, pages that run under a strict CSP, the cookies'
flags, what a page without a key shows, the viewer's link writing nothing, and the links' keys kept out of the logs.
"""

from __future__ import annotations

import json
import logging
import re
import stat
from collections.abc import Iterator
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from werkzeug.test import Client, TestResponse

from referee import create_app
from referee.storage.db import connect
from referee.web.security import HEADERS
from tests.web.conftest import Table

EVENINGS = Path(__file__).parent.parent / "rules" / "evenings"


def secured(response: TestResponse) -> TestResponse:
    """Check the security headers of `response` (a 304's too), and return it."""
    headers = response.headers
    policy = dict(part.split(" ", 1) for part in headers["Content-Security-Policy"].split("; "))
    assert policy["default-src"] == policy["script-src"] == policy["style-src"] == "'self'"
    assert policy["object-src"] == policy["base-uri"] == policy["frame-ancestors"] == "'none'"
    assert policy["form-action"] == "'self'"
    assert "unsafe" not in headers["Content-Security-Policy"]  # neither 'unsafe-inline' nor 'unsafe-eval'
    assert headers["Referrer-Policy"] == "no-referrer"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    features = dict(part.split("=", 1) for part in headers["Permissions-Policy"].split(", "))
    assert features["camera"] == features["microphone"] == features["geolocation"] == features["payment"] == "()"
    assert features["screen-wake-lock"] == "(self)"
    assert "Strict-Transport-Security" not in headers
    return response


def scorer_and_viewer(table: Table, record: str = "kaluki_and_kaiser.json") -> tuple[str, str]:
    """Import an evening; return its scorer's and its viewer's URLs."""
    response = table.post("/import", {"text": (EVENINGS / record).read_text()})
    assert response.status_code == 303, response.get_data(as_text=True)
    scorer = str(response.headers["Location"])
    return scorer, f"/e/{viewer_key(table, scorer)}"


def viewer_key(table: Table, scorer: str) -> str:
    db = connect(table.client.application.config["DATABASE"])
    row = db.execute("SELECT viewer_key FROM evenings WHERE scorer_key = ?", [scorer.rsplit("/", 1)[1]]).fetchone()
    return str(row[0])


# --- 1. Every response carries the headers -------------------------------------------------------------------------


def test_every_kind_of_response_carries_the_security_headers(table: Table) -> None:
    scorer, viewer = scorer_and_viewer(table)
    page = secured(table.get("/"))
    assert page.status_code == 200
    assert secured(table.get("/new", headers={"HX-Request": "true"})).status_code == 200  # a fragment
    assert secured(table.get("/nowhere")).status_code == 404
    assert secured(table.get("/e/not-a-key")).status_code == 404
    stylesheet = re.search(r'href="(/static/css/referee\.css\?v=\w+)"', page.get_data(as_text=True))
    assert stylesheet
    assert secured(table.get(stylesheet.group(1))).status_code == 200  # a static file at its hashed URL
    assert secured(table.get("/static/js/picker.js")).status_code == 200
    assert secured(table.get("/static/nothing.js")).status_code == 404
    assert secured(table.get("/htmx.min.js")).status_code == 200
    assert secured(table.get("/lang/fr?next=/new")).status_code == 303  # a redirect
    assert secured(table.post(f"{viewer}/games", {"preset": "kaluki", "players": ["A", "B"]})).status_code == 403
    assert secured(table.post("/new", {"players": ""})).status_code == 422
    created = table.post("/new", {"players": "A\nB", "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"})
    assert secured(created).status_code == 303
    live = table.get(f"{scorer}/games/1").get_data(as_text=True)
    poll = re.search(r'hx-get="([^"]+/live\?v=\d+)"', live)
    assert poll
    unchanged = table.get(unescape(poll.group(1)), headers={"HX-Request": "true"})
    assert unchanged.status_code == 304 and unchanged.headers["Cache-Control"] == "no-store"
    page = table.get(f"{scorer}/games/1")
    assert {name: secured(unchanged).headers[name] for name in HEADERS} == {
        name: page.headers[name] for name in HEADERS
    }
    flask_s = table.get(unescape(poll.group(1)) + "&x=1", headers={"HX-Request": "true"})  # Flask's own 304
    assert flask_s.status_code == 304 and {name: flask_s.headers[name] for name in HEADERS} == HEADERS


@pytest.mark.parametrize("name", ["a" * 300, "a" * 300 + ".css?v=0123456789ab", "a/" * 3000 + "b"])
def test_a_static_name_too_long_for_the_file_system_is_a_404_with_the_headers(table: Table, name: str) -> None:
    assert secured(table.get(f"/static/{name}")).status_code == 404


def test_no_strict_transport_security_even_over_https_or_behind_a_proxy(table: Table) -> None:
    assert "Strict-Transport-Security" not in table.get("/", base_url="https://localhost").headers
    assert "Strict-Transport-Security" not in table.get("/", headers={"X-Forwarded-Proto": "https"}).headers


# --- 1. No page needs 'unsafe-inline' or 'unsafe-eval' -------------------------------------------------------------


class InlineCode(HTMLParser):
    """Everything in a page that a strict CSP blocks: inline scripts and styles, event handlers, eval for htmx."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        if tag == "script" and "src" not in names:
            self.found.append("an inline <script>")
        if tag == "style":
            self.found.append("a <style> element")
        for name, value in attrs:
            text = (value or "").strip().lower()
            if name.startswith("on"):
                self.found.append(f"an event handler {name}= on <{tag}>")
            elif name == "style":
                self.found.append(f"a style attribute on <{tag}>")
            elif name.startswith(("hx-on", "data-hx-on")):
                self.found.append(f"{name} on <{tag}> (htmx evaluates it)")
            elif name in ("hx-vals", "hx-vars", "data-hx-vals") and "js:" in text:
                self.found.append(f"{name}=js: on <{tag}> (htmx evaluates it)")
            elif name == "hx-trigger" and "[" in text:
                self.found.append(f"an hx-trigger filter on <{tag}> (htmx evaluates it)")
            elif text.startswith("javascript:"):
                self.found.append(f"a javascript: URL in {name}= on <{tag}>")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    parser.close()
    return parser.found


def test_the_checker_finds_what_a_strict_csp_blocks() -> None:
    html = """<script>alert(1)</script><style>p{}</style><button onclick="print()">P</button>
    <p style="color:red">x</p><div hx-on:click="x()"></div><a href="javascript:void(0)">a</a>
    <div hx-trigger="click[ctrlKey]"></div><script src="/static/js/picker.js"></script>"""
    assert len(inline_code(html)) == 7


LINKED = re.compile(r'(?:href|src|hx-get|action)="(/[^"]*)"')


def crawl(table: Table, starts: list[str]) -> dict[str, TestResponse]:
    """Every page of the app reachable from `starts` by its links, forms' actions and htmx GETs (never /lang)."""
    seen: dict[str, TestResponse] = {}
    queue = list(starts)
    while queue:
        url = unescape(queue.pop(0))
        if url in seen or url.startswith(("//", "/lang/")) or "/static/" in url or "htmx.min.js" in url:
            continue
        response = seen[url] = table.client.get(url) if url.endswith(".png") else table.get(url)  # a picture (#44)
        if response.mimetype == "text/html":
            queue.extend(LINKED.findall(response.get_data(as_text=True)))
    return seen


def test_no_page_has_an_inline_script_an_event_handler_or_a_style_attribute(table: Table) -> None:
    scorer, viewer = scorer_and_viewer(table)
    table.game(scorer, ["A", "B"])  # a game being played: the round form and its card picker
    pages = crawl(table, ["/", "/new", "/import", "/desk", "/rules/kaluki", scorer, viewer])
    kinds = {re.sub(r"/e/[^/]+", "/e/KEY", re.sub(r"\d+", "N", url.split("?")[0])) for url in pages}
    for kind in ("/", "/new", "/import", "/desk/best", "/rules/rami", "/e/KEY", "/e/KEY/games/N", "/e/KEY/settle"):
        assert kind in kinds, f"the crawl missed {kind}"
    for kind in ("/e/KEY/games/N/events/N", "/e/KEY/games/N/chart", "/e/KEY/players/A"):
        assert kind in kinds, f"the crawl missed {kind}"
    assert any(re.search(r"/games/2/events/\d+$", url) for url in pages), "the crawl missed the Kaiser hand's edit page"
    assert "/e/KEY/desk/joker" in kinds and "/e/KEY/rules" in kinds and "/e/KEY/evening.json" in kinds
    answers = [
        table.post("/desk/meld", {"rules": "kaluki", "cards": "9H 9S JK"}),
        table.post(f"{scorer}/desk/opening", {"rules": "evening", "meld_0": "9C 9D 9H 9S"}),
        table.post(f"{viewer}/desk/joker", {"rules": "evening", "meld": "9H 9S JK", "hand": "9D 9C"}),
        table.post("/desk/best", {"rules": "kaluki", "hand": "9H 9S 9D 4C"}),
        table.post("/desk/meld", {"rules": "kaluki", "cards": ""}),
        table.post("/new", {"players": ""}),
        table.post("/import", {"text": "not a record"}),
        table.post(f"{scorer}/games/3/rounds", {"winner": "A", "finish": "out", "hand:B": "1S 1S"}),
        table.get("/nowhere"),
    ]
    for url, response in [*pages.items(), *((f"answer {n}", r) for n, r in enumerate(answers))]:
        secured(response)
        if response.mimetype == "text/html":
            assert inline_code(response.get_data(as_text=True)) == [], url
    for url in [url for url, response in pages.items() if response.mimetype == "text/html"]:
        fragment = table.get(url, headers={"HX-Request": "true"})
        assert inline_code(fragment.get_data(as_text=True)) == [], f"{url} (htmx)"


def test_htmx_is_told_not_to_inject_its_indicator_styles(table: Table) -> None:
    html = table.get("/").get_data(as_text=True)
    meta = re.search(r"<meta name=\"htmx-config\" content='([^']+)'>", html)
    assert meta
    config = json.loads(meta.group(1))
    assert config["includeIndicatorStyles"] is False
    assert {"code": "422", "swap": True} in config["responseHandling"]


# --- 2. Cookies ----------------------------------------------------------------------------------------------------


def cookies_set(response: TestResponse) -> dict[str, set[str]]:
    """Each cookie the response sets, with its attributes: "httponly", "samesite=Lax", "path=/"…"""
    found = {}
    for header in response.headers.getlist("Set-Cookie"):
        cookie, *attributes = (part.strip() for part in header.split(";"))
        found[cookie.split("=", 1)[0]] = {attribute(text) for text in attributes}
    return found


def attribute(text: str) -> str:
    name, equals, value = text.partition("=")
    return f"{name.lower()}{equals}{value}"


def test_the_session_cookie_that_holds_the_csrf_token_is_lax_and_http_only(table: Table) -> None:
    response = table.get("/new")
    assert 'name="csrf_token"' in response.get_data(as_text=True)
    cookies = cookies_set(response)
    assert set(cookies) == {"session"}  # Flask-WTF keeps its token in the session: there is no other cookie
    assert {"httponly", "samesite=Lax", "path=/"} <= cookies["session"]
    assert "secure" not in cookies["session"]  # plain HTTP on the LAN


def test_the_language_cookie_is_lax_and_http_only_and_secure_over_https(table: Table) -> None:
    cookie = cookies_set(table.get("/lang/fr?next=/"))["lang"]
    assert {"httponly", "samesite=Lax"} <= cookie and "secure" not in cookie
    assert "secure" in cookies_set(table.get("/lang/en?next=/", base_url="https://localhost"))["lang"]


def test_a_form_posted_over_https_is_accepted_though_pages_send_no_referer(table: Table) -> None:
    # Flask-WTF would refuse an HTTPS form without a Referer; the pages send none (Referrer-Policy: no-referrer).
    https = {"base_url": "https://localhost"}
    table.get("/new", **https)
    data = {"csrf_token": table.token, "players": "A\nB", "preset": "kaluki", "chip_value": "0.20", "currency": "EUR"}
    assert table.client.post("/new", data=data, **https).status_code == 303
    assert table.client.post("/new", data={**data, "csrf_token": "forged"}, **https).status_code == 400


# --- 4. A page without a key shows nothing of anybody's evenings ---------------------------------------------------


def test_the_new_evening_form_suggests_no_names_entered_at_other_evenings(table: Table) -> None:
    table.evening("Ann\nZoltan\nBertrand")
    stranger = Table(table.client.application.test_client())
    pages = [
        stranger.get("/new"),
        stranger.get("/new", headers={"HX-Request": "true"}),
        stranger.post("/new", {"players": "", "preset": "kaluki"}),  # the form again, with its errors
    ]
    for response in pages:
        html = response.get_data(as_text=True)
        assert "Zoltan" not in html and "Bertrand" not in html
        assert re.search(r'<datalist id="known-names">\s*</datalist>', html)


def test_a_stranger_s_evening_cannot_read_another_evening_s_player_history(table: Table) -> None:
    record = {"format": "referee.evening/1", "title": "Friday at Maud's", "chip_value": "0.20", "currency": "EUR"}
    game = {"format": "referee.game/1", "preset": "kaluki", "players": ["Ann", "Bertrand"]}
    events = [{"type": "round", "winner": "Bertrand", "hands": {"Ann": 37}}]
    text = json.dumps({**record, "games": [{**game, "events": events}]})
    assert table.post("/import", {"text": text}).status_code == 303
    stranger = Table(table.client.application.test_client())
    theirs = stranger.evening("Ann\nEve")
    # What the page shows (its head holds hashed asset URLs, where "37" may well appear).
    html = stranger.get(f"{theirs}/players/Ann").get_data(as_text=True).split("<main")[1]
    assert "No game yet." in html
    assert "Maud" not in html and "Bertrand" not in html and not re.search(r"\b37\b", html)
    stranger.game(theirs, ["Ann", "Eve"])
    html = stranger.get(f"{theirs}/players/Ann").get_data(as_text=True).split("<main")[1]
    assert re.search(r"Games played</th><td class=\"num\">1<", html)
    assert "Maud" not in html and "Bertrand" not in html
    assert stranger.get(f"{theirs}/players/Bertrand").status_code == 404


# --- 5. The viewer's link writes nothing ---------------------------------------------------------------------------


def rulings_stored(table: Table) -> int:
    db = connect(table.client.application.config["DATABASE"])
    return int(db.execute("SELECT count(*) FROM rulings").fetchone()[0])


@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_a_question_asked_on_the_viewer_s_link_is_answered_and_stores_nothing(table: Table, htmx: bool) -> None:
    scorer, viewer = scorer_and_viewer(table)
    desk = table.get(f"{viewer}/desk").get_data(as_text=True)
    assert "does not keep the ruling" in unescape(desk)
    response = table.post(f"{viewer}/desk/meld", {"rules": "evening", "cards": "9H 9S JK"}, htmx=htmx)
    assert response.status_code == 200
    assert 'data-valid="true"' in response.get_data(as_text=True)
    assert rulings_stored(table) == 0
    assert "Rulings asked tonight" not in table.get(viewer).get_data(as_text=True)
    table.post(f"{scorer}/desk/meld", {"rules": "evening", "cards": "9H 9S JK"}, htmx=htmx)
    assert rulings_stored(table) == 1  # the scorer's link keeps its rulings in the disputes log
    assert "does not keep the ruling" not in unescape(table.get(f"{scorer}/desk").get_data(as_text=True))


# --- 3. The keys stay out of the logs ------------------------------------------------------------------------------


def test_a_link_s_key_is_redacted_from_the_log_of_a_server_error(
    app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    table = Table(app.test_client())
    scorer = table.evening()
    key = scorer.rsplit("/", 1)[1]

    def broken(*args: Any) -> None:
        raise RuntimeError(f"the storage broke while reading /e/{key}/games")

    monkeypatch.setattr("referee.services.evenings.games_of", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served: Flask answers 500 and logs the exception
    with caplog.at_level(logging.ERROR):
        response = table.get(scorer)
    assert secured(response).status_code == 500
    assert key not in caplog.text
    assert "Exception on /e/… [GET]" in caplog.text
    assert "RuntimeError: the storage broke while reading /e/…/games" in caplog.text


def test_a_group_s_key_is_redacted_from_the_log_of_a_server_error(
    app: Flask, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(key: str) -> None:
        raise RuntimeError(f"the storage broke while reading /g/{key}/group.json")

    monkeypatch.setattr("referee.web.groups.views.open_group", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    with caplog.at_level(logging.ERROR):
        response = app.test_client().get("/g/Gr0up_SecretKey")
    assert secured(response).status_code == 500
    assert "SecretKey" not in caplog.text
    assert "Exception on /g/… [GET]" in caplog.text
    assert "RuntimeError: the storage broke while reading /g/…/group.json" in caplog.text


def test_each_traceback_is_logged_once_as_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(*args: Any) -> None:
        raise RuntimeError("the storage broke")

    # As `referee serve` runs: no logging set up when the app is made, then waitress' `logging.basicConfig()`.
    root = logging.getLogger()
    pytest_handlers = root.handlers[:]
    root.handlers.clear()
    try:
        app = create_app({"DATABASE": str(tmp_path / "r.sqlite"), "SECRET_KEY": "test", "RATELIMIT_ENABLED": False})
        logging.basicConfig()
        scorer = Table(app.test_client()).evening()
        monkeypatch.setattr("referee.services.evenings.games_of", broken)
        capsys.readouterr()
        assert app.test_client().get(scorer).status_code == 500
    finally:
        root.handlers[:] = pytest_handlers
    logged = capsys.readouterr().err
    assert logged.count("Traceback (most recent call last)") == 1, logged
    assert logged.count("RuntimeError: the storage broke") == 1 and "Exception on /e/… [GET]" in logged


@pytest.mark.parametrize("logger", ["waitress", "werkzeug"])
def test_a_link_s_key_is_redacted_from_the_servers_logs(
    app: Flask, caplog: pytest.LogCaptureFixture, logger: str
) -> None:
    try:
        raise ValueError("bad /e/Zx8_k-Q2SecretKey/settle")
    except ValueError:
        logging.getLogger(logger).exception("Exception while serving %s", "/e/Zx8_k-Q2SecretKey/games/2")
    logging.getLogger(logger).error('"GET /lang/fr?next=%%2Fe%%2F%s%%2Fdesk HTTP/1.1" 303 -', "Zx8_k-Q2SecretKey")
    logging.getLogger(logger).error("Exception while serving %s", "/g/Gr0up_SecretKey/group.json")
    logging.getLogger(logger).error('"GET /lang/fr?next=%%2Fg%%2F%s HTTP/1.1" 303 -', "Gr0up_SecretKey")
    assert "SecretKey" not in caplog.text
    assert "Exception while serving /e/…/games/2" in caplog.text and "ValueError: bad /e/…/settle" in caplog.text
    assert "next=%2Fe%2F…%2Fdesk" in caplog.text
    assert "Exception while serving /g/…/group.json" in caplog.text and "next=%2Fg%2F… HTTP/1.1" in caplog.text


# --- The database and the instance folder are their owner's alone (#22) --------------------------------------------


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_database_and_instance_folder_are_readable_by_their_owner_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    instance = tmp_path / "instance"
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(instance))
    database = instance / "referee.sqlite"
    table = Table(create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"}).test_client())
    table.evening()  # a write: the -wal and -shm files are there
    assert mode(instance) == 0o700
    files = [database, instance / "referee.sqlite-wal", instance / "referee.sqlite-shm"]
    assert [mode(file) for file in files] == [0o600] * 3


def test_an_existing_database_and_instance_folder_are_tightened_at_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    instance.chmod(0o755)
    database = instance / "referee.sqlite"
    before = connect(database)  # kept open: its -wal and -shm stay
    before.execute("CREATE TABLE kept (x)")
    files = [database, instance / "referee.sqlite-wal", instance / "referee.sqlite-shm"]
    for file in files:
        file.chmod(0o644)
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(instance))
    create_app({"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"})
    assert mode(instance) == 0o700
    assert [mode(file) for file in files] == [0o600] * 3
    before.close()


# --- Behind a reverse proxy ----------------------------------------------------------------------------------------


@pytest.fixture
def served(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """What `referee serve` hands the server: the app and the options (granian itself is not started)."""
    handed: dict[str, Any] = {}
    monkeypatch.setattr("referee.cli.serve.create_app", lambda: app)
    monkeypatch.setattr("referee.server.run", lambda app, **options: handed.update(app=app, **options))
    yield handed


def test_serve_behind_a_proxy_trusts_its_forwarded_scheme_and_host_and_the_links_say_https(
    served: dict[str, Any],
) -> None:
    from referee import server
    from referee.cli import cli

    done = CliRunner().invoke(cli, ["serve", "--host", "127.0.0.1", "--port", "8123", "--trusted-proxy", "127.0.0.1"])
    assert done.exit_code == 0, done.output
    assert served["host"] == "127.0.0.1" and served["trusted_proxy"] == "127.0.0.1"
    # What the server puts in front of the app with these options (referee/server.py).
    behind = server.wsgi_for(served["app"], served["trusted_proxy"])
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example.org", "X-Forwarded-For": "203.0.113.9"}
    through_the_proxy = {"headers": proxied, "environ_base": {"REMOTE_ADDR": "127.0.0.1"}}
    client = Client(behind)
    created = client.get("/new", **through_the_proxy)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', created.get_data(as_text=True))
    assert token
    data = {
        "csrf_token": token.group(1),
        "players": "A\nB",
        "preset": "kaluki",
        "chip_value": "0.20",
        "currency": "EUR",
    }
    response = client.post("/new", data=data, **through_the_proxy)
    assert response.status_code == 303
    evening = client.get(response.headers["Location"], **through_the_proxy).get_data(as_text=True)
    assert "https://cards.example.org/e/" in evening and "http://cards" not in evening
    # From anywhere else the same headers are dropped: a phone on the LAN cannot pretend to come through the proxy.
    from_the_lan = {"headers": proxied, "environ_base": {"REMOTE_ADDR": "192.168.1.23"}}
    evening = Client(behind).get(response.headers["Location"], **from_the_lan).get_data(as_text=True)
    assert "http://localhost/e/" in evening and "cards.example.org" not in evening


def test_serve_without_a_proxy_listens_on_every_network_and_trusts_no_forwarded_header(
    served: dict[str, Any],
) -> None:
    from referee.cli import cli

    done = CliRunner().invoke(cli, ["serve", "--port", "8123"])
    assert done.exit_code == 0, done.output
    assert served["host"] == "0.0.0.0" and served["trusted_proxy"] is None  # noqa: S104 — the default checked
    from referee import server

    assert server.wsgi_for(served["app"], None) is served["app"]  # Flask alone reads no X-Forwarded-* header
