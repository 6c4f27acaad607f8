"""The browser tests' table: the app on a live loopback server, headless Chromium at a phone's size.

Every browser context made here refuses, and reports, any request that leaves the app's own origin, and fails the
test on any message of the browser's console about the Content-Security-Policy (something it blocked) or the
Permissions-Policy (a feature it does not know).
The phones speak English; a test parametrized over `language` ("en", "fr") runs on phones set to each.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Route
from werkzeug.serving import BaseWSGIServer, WSGIRequestHandler, make_server

from referee import create_app
from tests.e2e.pages import HomePage
from tests.e2e.played_evening import CardNight, PlayedEvening, play_an_evening, seat_card_nights
from tests.e2e.words import Words, words_in

CHROMIUM = "/usr/bin/chromium"  # Debian's package: Playwright cannot download its own browsers here
CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
PHONE = {"width": 390, "height": 844}
# What Chromium's console says when the app's headers refuse something the page does, or cannot be read.
POLICY_MESSAGES = ("Content Security Policy", "Permissions-Policy")


@dataclass(frozen=True)
class LiveApp:
    """The app serving on loopback: its address and the SQLite file it writes."""

    url: str
    database: Path


class QuietHandler(WSGIRequestHandler):
    """The development server's handler without a log line per request."""

    def log_request(self, *args: Any, **kwargs: Any) -> None:
        pass


@pytest.fixture(scope="session")
def live_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveApp]:
    """The app served in this process (werkzeug's threaded server) on a free loopback port, with its own temporary
    database, for the whole session; not `referee serve` (tests/servers.py), so that the played evenings can be
    written into its database beside it."""
    folder = tmp_path_factory.mktemp("e2e")
    database = folder / "referee.sqlite"
    app = create_app({"DATABASE": str(database), "SECRET_KEY": "test"})
    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True, request_handler=QuietHandler)
    thread = threading.Thread(target=server.serve_forever, name="live-app", daemon=True)
    thread.start()
    yield LiveApp(f"http://127.0.0.1:{server.server_port}", database)
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def card_nights(live_app: LiveApp) -> dict[int, CardNight]:
    """Evenings of 4, 6 and 8 players with long names, each with a game under way, set up once for the session."""
    return seat_card_nights(live_app.database)


@pytest.fixture(scope="session")
def evening(live_app: LiveApp) -> PlayedEvening:
    """The played evening of the walks of every page (tests/e2e/test_route_walk.py, test_table_language.py), made
    once for the session; the walks only read it."""
    return play_an_evening(live_app.database)


@pytest.fixture(scope="session")
def base_url(live_app: LiveApp) -> str:
    """The live app's address: `page.goto("/new")` goes there."""
    return live_app.url


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": PHONE, "has_touch": True}


@pytest.fixture
def new_context(new_context: Callable[..., BrowserContext], base_url: str) -> Iterator[Callable[..., BrowserContext]]:
    """pytest-playwright's contexts, each guarded: the page loads no resource from outside the app, and breaks none
    of its security headers."""
    origin = urlsplit(base_url)[:2]
    foreign: list[str] = []
    refused: list[str] = []

    def only_the_app(route: Route) -> None:
        if urlsplit(route.request.url)[:2] == origin:
            route.fallback()
        else:
            foreign.append(f"{route.request.resource_type} {route.request.url}")
            route.abort("blockedbyclient")

    def against_the_policies(message: ConsoleMessage) -> None:
        if any(words in message.text for words in POLICY_MESSAGES):
            refused.append(f"{message.location.get('url', '?')}: {message.text}")

    def make(**kwargs: Any) -> BrowserContext:
        context = new_context(**kwargs)
        context.set_default_timeout(10_000)
        context.route("**/*", only_the_app)
        context.on("console", against_the_policies)
        return context

    yield make
    assert not foreign, "the page loads no resource from outside the app, but asked for:\n" + "\n".join(foreign)
    assert not refused, "the page breaks the app's security headers:\n" + "\n".join(refused)


@pytest.fixture
def language() -> str:
    """The phones' language: English, unless the test is parametrized over `language`."""
    return "en"


@pytest.fixture
def words(language: str) -> Words:
    """What the app says in the phones' language, for the page objects and the test's own expectations."""
    return words_in(language)


@pytest.fixture
def context(new_context: Callable[..., BrowserContext], words: Words) -> BrowserContext:
    """The scorer's phone, set to the test's language (the app takes it from the browser's Accept-Language)."""
    return new_context(locale=words.locale)


@pytest.fixture
def new_phone(new_context: Callable[..., BrowserContext], words: Words) -> Callable[..., Page]:
    """Another phone at the table, in the test's language: a page in a browser context of its own."""

    def make(**kwargs: Any) -> Page:
        return new_context(locale=words.locale, **kwargs).new_page()

    return make


@pytest.fixture
def home(page: Page, words: Words) -> HomePage:
    """The home page, opened on the scorer's phone."""
    return HomePage.open(page, words)
