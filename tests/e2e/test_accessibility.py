"""axe-core on every page a player reads, in English and French, light and dark: no serious or critical violation.

axe-core comes from its npm package (tests/e2e/package.json: `npm ci --prefix tests/e2e`, which .ci/run does) and
is served to the page from the app's own origin by the test, so the pages' Content-Security-Policy stays as it is.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

from tests.e2e.played_evening import CardNight
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e

AXE = Path(__file__).parent / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL = "/__tests__/axe.min.js"  # answered by the test itself, never by the app
SERIOUS = ("serious", "critical")


def pages_of(night: CardNight, others: dict[int, CardNight]) -> Iterator[tuple[str, str]]:
    """(name, path) of every kind of page: the open ones, an evening's, each game family's, and the error pages."""
    assert night.rami and night.kaiser
    yield "home", "/"
    yield "new evening", "/new"
    yield "import", "/import"
    yield "desk", "/desk"
    yield "rules", "/rules/kaluki"
    yield "evening", night.evening
    yield "Kaluki game", night.kaluki
    yield "Rami game", night.rami
    yield "Kaiser game", night.kaiser
    yield "correction", night.correction
    yield "evening's desk", f"{night.evening}/desk"
    yield "evening's rules", f"{night.evening}/rules"
    yield "settle-up", f"{night.evening}/settle"
    yield "history", f"{night.evening}/players/{night.players[0]}"
    yield "viewer's game", night.viewer + night.kaluki.split(night.key, 1)[1]
    yield "8 players' game", others[8].kaluki
    yield "404", "/e/no-such-evening"
    yield "404 in an evening", f"{night.evening}/games/99"


def violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(url=AXE_URL)
    found: list[dict[str, Any]] = page.evaluate(
        """async () => (await axe.run(document, { resultTypes: ["violations"] })).violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ") + ": " + n.failureSummary.split("\\n").slice(1).join(" "))
        }))"""
    )
    return [violation for violation in found if violation["impact"] in SERIOUS]


def said(name: str, page: Page, found: list[dict[str, Any]]) -> list[str]:
    return [
        f"{name} ({page.url}): {v['id']} ({v['impact']}) {v['help']}\n    " + "\n    ".join(v["nodes"][:5])
        for v in found
    ]


@pytest.fixture
def checked_phone(new_context: Callable[..., BrowserContext], words: Words, scheme: str) -> Page:
    """A phone in the test's language and colour scheme, which can load axe-core from the app's origin."""
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed: run `npm ci --prefix tests/e2e` (no {AXE})")
    context = new_context(locale=words.locale, color_scheme=scheme)
    source = AXE.read_text()

    def serve_axe(route: Route) -> None:
        route.fulfill(body=source, content_type="text/javascript")

    context.route(re.compile(re.escape(AXE_URL) + "$"), serve_axe)
    return context.new_page()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_no_page_has_a_serious_accessibility_violation(
    checked_phone: Page, card_nights: dict[int, CardNight], language: str, scheme: str
) -> None:
    page = checked_phone
    problems: list[str] = []
    for name, path in pages_of(card_nights[4], card_nights):
        page.goto(path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches") == (scheme == "dark")
        problems += said(name, page, violations(page))
    assert not problems, f"{len(problems)} serious violations:\n" + "\n".join(problems)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_error_pages_after_a_write_have_no_serious_violation(
    new_context: Callable[..., BrowserContext], card_nights: dict[int, CardNight], words: Words, language: str
) -> None:
    """The pages a refused write lands on: a write through the viewer's link (403), a form that is not right (422)."""
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed: run `npm ci --prefix tests/e2e` (no {AXE})")
    context = new_context(locale=words.locale)
    context.route(re.compile(re.escape(AXE_URL) + "$"), lambda route: route.fulfill(path=str(AXE)))
    page = context.new_page()
    night = card_nights[4]
    page.goto(night.viewer)
    token = json.loads(page.locator("body").get_attribute("hx-headers") or "{}")["X-CSRFToken"]
    page.evaluate(
        """([action, token]) => {
            const form = Object.assign(document.createElement("form"), { method: "post", action });
            form.append(Object.assign(document.createElement("input"), { name: "csrf_token", value: token }));
            document.body.append(form);
            form.submit();
        }""",
        [f"{night.viewer}/games", token],
    )
    expect(page.get_by_role("heading", name=words("Read-only link"))).to_be_visible()
    problems = said("403", page, violations(page))

    page.goto("/new")
    page.locator("form#new-evening").evaluate("form => { form.noValidate = true; }")  # the server refuses it
    page.get_by_role("button", name=words("Start the evening")).click()  # no players: refused on the form
    expect(page.get_by_role("alert").first).to_be_visible()
    problems += said("422", page, violations(page))
    assert not problems, "\n".join(problems)
