"""Every page of the app, walked on a phone after a played evening: it fits, it reads, it takes a thumb, it is quiet.

The pages come from the app's route map: `test_every_get_route_is_walked_or_excluded` fails when a GET route is
neither a stop of the walk (`STOPS`) nor in `EXCLUDED` with its reason, so a new page cannot escape the walk.
On each stop, for the played evening of tests/e2e/played_evening.py (8 long accented names, a finished Kaluki
game, a Kaiser game, an 8-player Rami game, payments marked and one taken back, a group):

- the page never scrolls sideways (a sheet too wide for the phone scrolls in its own box, which then says so,
  and its legend names the leader hidden in it), and no header of the sheet is cut off;
- axe-core finds no serious or critical violation, and no id is on two elements;
- the console says no error (a script error, a resource refused, the Content-Security-Policy broken);
- every visible control is at least 44×44 px and on top, the folded sections (`<details>`) opened. The one
  exception is WCAG 2.5.8's "inline" one: a link inside a sentence (an `<a>` shown inline, in a block with words of
  its own besides its links) is as tall as its line (`phone_checks.untappable(in_sentences=True)`).

What is walked where, to stay within about three minutes on two shared cores (2 min 15 s here): every stop at
360×740 (the narrowest phone the app is made for, where widths break first) in English and French, light; then
the stops whose layout or colours differ the most (`DARK`: each game family's sheet, the settle-up, the rules, the
evening, the group, the desk) at 390×844 in French (the longer language), dark. The stylesheet has no width
breakpoint, so a page that fits at 360 fits at 390, and the theme changes colours only: that pass is for the dark
theme's contrast and the 390 px screenshots. A few pages are walked without JavaScript (`WITHOUT_SCRIPTS`), where
the links htmx replaces (*Open the chart*) show. A last test saves rounds on a page a script styled: htmx must copy
no `style` attribute, which the CSP refuses. Each page is photographed into `screenshots/` as
`walk-<language>-<width>[-dark|-nojs]-<stop>.png`, before the checks scroll it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Error, Page, Route, ViewportSize

from referee import create_app
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import GamePage, assert_fits_phone
from tests.e2e.phone_checks import screenshot, untappable
from tests.e2e.played_evening import PlayedEvening, another_game
from tests.e2e.test_accessibility import AXE, AXE_URL, violations
from tests.e2e.words import words_in

pytestmark = pytest.mark.e2e

Stop = Callable[[PlayedEvening], str]

STOPS: dict[str, Stop] = {
    "home": lambda e: "/",
    "new-evening": lambda e: "/new",
    "import": lambda e: "/import",
    "offline": lambda e: "/offline",
    "desk": lambda e: "/desk",
    "desk-opening": lambda e: "/desk/opening",
    "rules-kaluki": lambda e: "/rules/kaluki",
    "rules-rami": lambda e: "/rules/rami",
    "rules-kaiser": lambda e: "/rules/kaiser",
    "evening": lambda e: e.evening,
    "evening-viewer": lambda e: e.viewer,
    "evening-desk": lambda e: f"{e.evening}/desk",
    "evening-desk-best": lambda e: f"{e.evening}/desk/best",
    "evening-desk-joker": lambda e: f"{e.evening}/desk/joker",
    "evening-desk-extend": lambda e: f"{e.evening}/desk/extend",
    "evening-desk-rearrange": lambda e: f"{e.evening}/desk/rearrange",
    "evening-rules": lambda e: f"{e.evening}/rules",
    "kaluki-over": lambda e: e.kaluki,
    "kaluki-correction": lambda e: e.kaluki_fix,
    "kaiser": lambda e: e.kaiser,
    "kaiser-correction": lambda e: e.kaiser_fix,
    "rami-8": lambda e: e.rami,
    "rami-8-correction": lambda e: e.rami_fix,
    "rami-8-viewer": lambda e: e.viewer + e.rami.split(e.key, 1)[1],
    "rami-8-chart": lambda e: f"{e.rami}/chart",
    "buy-back": lambda e: e.waiting,
    "out-for-good": lambda e: f"{e.waiting}/out?out={quote(e.players[7])}",
    "history": lambda e: f"{e.evening}/players/{quote(e.players[1])}",
    "settle": lambda e: f"{e.evening}/settle",
    "settle-viewer": lambda e: f"{e.viewer}/settle",
    "group": lambda e: e.group,
    "group-viewer": lambda e: e.group_viewer,
    "group-next-evening": lambda e: f"{e.group}/new",
    "group-history": lambda e: f"{e.group}/players/{quote(e.players[0])}",
    "group-season": lambda e: f"{e.group}/season",
    "group-season-viewer": lambda e: f"{e.group_viewer}/season?game=kaluki&sort=won",
    "own-links": lambda e: f"{e.evening}/players",
    "own-hand": lambda e: e.own,  # a player at two games being played: they choose
    "own-hand-chosen": lambda e: f"{e.own}/{e.waiting.rsplit('/', 1)[-1]}",
    "game-rules": lambda e: f"{e.rami}/rules",
    "display": lambda e: e.display,  # the table's screen (#44), here on a phone: the waiting game's buy-back
    "not-found": lambda e: "/e/no-such-evening",
}
WITHOUT_SCRIPTS = ("kaluki-over", "rami-8", "settle", "group")
# The README's pictures: what a French 360×740 phone shows first of these stops (docs/screenshots/<name>.png),
# taken again when REFEREE_README_SCREENSHOTS=1 is set for the walk (README, "At the table").
README_SHOTS = {
    "evening": "evening",
    "kaluki-over": "sheet",
    "kaiser": "kaiser",
    "rami-8": "rami-8",
    "settle": "settle",
    "rules-kaluki": "rules",
    "group": "group",
    "group-season": "season",
}
README_FOLDER = Path(__file__).parents[2] / "docs" / "screenshots"
DARK = ("evening", "kaluki-over", "kaiser", "rami-8", "buy-back", "settle", "rules-kaluki", "group", "desk")

EXCLUDED = {
    "/static/<path:filename>": "the stylesheet, scripts and icons: files the pages load, not pages",
    "/htmx.min.js": "htmx, a script the pages load",
    "/sw.js": "the service worker, a script",
    "/manifest.webmanifest": "the web app manifest (JSON)",
    "/app-shell.json": "the service worker's list of files (JSON)",
    "/favicon.ico": "an icon",
    "/apple-touch-icon.png": "an icon",
    "/lang/<code>": "a redirect back to the page it was tapped on (every page is walked in both languages)",
    "/e/<key>/games/<int:number>/live": "the fragment other phones poll: the game page's #live, walked with it",
    "/e/<key>/evening.json": "a download: the evening record (JSON)",
    "/g/<key>/group.json": "a download: the group record (JSON)",
    "/e/<key>/games/<int:number>/game.json": "a download: the game record (JSON)",
    "/e/<key>/games/<int:number>/sheet.csv": "a download: the score sheet (CSV)",
    "/g/<key>/season.csv": "a download: the season's standings (CSV)",
    "/e/<key>/games/<int:number>/sent": "what the scorer's round form polls of the players' own hands (JSON)",
    "/e/<key>/hand/live": "the fragment a player's screen polls: walked with the screen",
    "/e/<key>/hand/<int:number>/live": "the fragment a player's screen of a game chosen polls: walked with it",
    "/e/<key>/display/live": "the fragment the table's screen polls: walked with the screen",
    "/e/<key>/games/<int:number>/picture.png": "a picture: the game's standings (PNG, tests/web/test_pictures.py)",
    "/e/<key>/picture.png": "a picture: the evening's result (PNG, tests/web/test_pictures.py)",
    "/e/<key>/games/<int:number>/bgstats": "a redirect to BG Stats' own site (tests/web/test_bgstats.py)",
}

STATUS = {"not-found": 404}  # every other stop answers 200

# A sheet wider than its box: a visible line says the sheet scrolls sideways, and the legend names the leader (whose
# column may be out of sight).
SCROLLER = """() => Array.from(document.querySelectorAll(".sheet-wrap"))
  .filter((box) => box.scrollWidth > box.clientWidth + 1)
  .flatMap((box) => {
    const problems = [];
    const hint = document.querySelector("[data-sheet-scrolls]");
    if (!hint || !hint.checkVisibility()) problems.push("the sheet scrolls sideways in its box, and nothing says so");
    const leader = box.querySelector("thead th.leader");
    const name = leader && (leader.querySelector(".name-card") || leader).textContent.replace("●", "").trim();
    const legend = document.querySelector("#sheet-legend");
    if (leader && !(legend && legend.checkVisibility() && legend.textContent.includes(name)))
      problems.push(`the legend does not name the leader, ${name}`);
    return problems;
  })"""
# A header of the sheet shows its name whole, or short (a tap shows it whole): never cut off.
CUT = """() => Array.from(document.querySelectorAll(".sheet thead th"))
  .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
  .map((cell) => `the sheet's header "${cell.innerText.trim()}" is cut off`)"""
# What axe-core (or a browser extension) may do to the page: give elements an inline style through the CSSOM.
STYLED = "() => document.querySelectorAll('#sheet-head, #sheet-head th').forEach((e) => { e.style.color = 'inherit'; })"
# Each id once on a page (a label, a fragment link, htmx's swaps find an element by its id).
TWICE = """() => {
  const count = new Map();
  for (const element of document.querySelectorAll("[id]")) count.set(element.id, (count.get(element.id) || 0) + 1);
  return [...count].filter(([, n]) => n > 1).map(([id, n]) => `id="${id}" is on ${n} elements`);
}"""


def test_every_get_route_is_walked_or_excluded(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "routes.sqlite"), "SECRET_KEY": "test"})
    routes = {rule.rule for rule in app.url_map.iter_rules() if "GET" in (rule.methods or ())}
    adapter = app.url_map.bind("localhost")
    dummy = PlayedEvening.made_up()
    walked = {adapter.match(STOPS[name](dummy).split("?")[0], return_rule=True)[0].rule for name in STOPS}
    assert not walked & EXCLUDED.keys(), "a route is walked and excluded"
    assert not EXCLUDED.keys() - routes, f"excluded routes the app no longer has: {EXCLUDED.keys() - routes}"
    assert routes <= walked | EXCLUDED.keys(), (
        f"GET routes neither walked nor excluded (a stop in STOPS, or a reason in EXCLUDED): "
        f"{sorted(routes - walked - EXCLUDED.keys())}"
    )


@pytest.fixture
def phone(new_context: Callable[..., BrowserContext], language: str, width: int, scheme: str) -> Page:
    """A phone of the walk: its language, width and colour scheme, axe-core served from the app's origin."""
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed: run `npm ci --prefix tests/e2e` (no {AXE})")
    context = new_context(locale={"en": "en-US", "fr": "fr-FR"}[language], color_scheme=scheme)
    source = AXE.read_text()

    def serve_axe(route: Route) -> None:
        route.fulfill(body=source, content_type="text/javascript")

    context.route(re.compile(re.escape(AXE_URL) + "$"), serve_axe)
    phone = context.new_page()
    phone.set_viewport_size(ViewportSize(width=width, height={360: 740, 390: 844}[width]))
    return phone


def walk(phone: Page, stop: str, path: str, shot: str, *, scripts: bool = True) -> list[str]:
    """Open `path` and say what is wrong with it, each problem on a line."""
    said: list[str] = []

    def listen(message: ConsoleMessage) -> None:
        expected = STATUS.get(stop, 200) != 200 and message.location.get("url") == phone.url
        if message.type == "error" and not expected:  # a 404 page's own status is said in the console too
            said.append(f"console: {message.text} ({message.location.get('url')})")

    def crashed(error: Error) -> None:
        said.append(f"script error: {error}")

    phone.on("console", listen)
    phone.on("pageerror", crashed)
    response = phone.goto(path)
    assert response is not None and response.status == STATUS.get(stop, 200), f"{path}: {response and response.status}"
    phone.wait_for_load_state("load")
    screenshot(phone, shot)  # before the checks scroll the page and the sheet's box
    problems: list[str] = []
    try:
        assert_fits_phone(phone)
    except AssertionError as wide:
        problems.append(str(wide))
    problems += phone.evaluate(SCROLLER) + phone.evaluate(CUT) + phone.evaluate(TWICE)
    if scripts:
        found = violations(phone)
        problems += [f"axe: {v['id']} ({v['impact']}) {v['help']}: " + "; ".join(v["nodes"][:4]) for v in found]
    phone.evaluate("() => document.querySelectorAll('details').forEach((folded) => { folded.open = true; })")
    phone.wait_for_load_state("networkidle")  # a folded chart is fetched as it opens
    problems += untappable(phone, in_sentences=True)
    return problems + said


@pytest.mark.parametrize("stop", STOPS)
@pytest.mark.parametrize(("language", "width", "scheme"), [("en", 360, "light"), ("fr", 360, "light")])
def test_the_page_fits_reads_and_takes_a_thumb(
    phone: Page, evening: PlayedEvening, stop: str, language: str, width: int, scheme: str
) -> None:
    problems = walk(phone, stop, STOPS[stop](evening), f"walk-{language}-{width}-{stop}")
    assert not problems, "\n".join(problems)
    if language == "fr" and stop in README_SHOTS and os.environ.get("REFEREE_README_SCREENSHOTS"):
        phone.goto(STOPS[stop](evening))
        phone.wait_for_load_state("networkidle")
        phone.screenshot(path=str(README_FOLDER / f"{README_SHOTS[stop]}.png"))  # the first screen, as a phone shows it


@pytest.mark.parametrize("stop", DARK)
@pytest.mark.parametrize(("language", "width", "scheme"), [("fr", 390, "dark")])
def test_the_page_in_the_dark_at_390(
    phone: Page, evening: PlayedEvening, stop: str, language: str, width: int, scheme: str
) -> None:
    problems = walk(phone, stop, STOPS[stop](evening), f"walk-{language}-{width}-dark-{stop}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("stop", WITHOUT_SCRIPTS)
@pytest.mark.parametrize(("language", "width", "scheme"), [("fr", 360, "light")])
def test_the_page_without_javascript(
    new_context: Callable[..., BrowserContext],
    evening: PlayedEvening,
    stop: str,
    language: str,
    width: int,
    scheme: str,
) -> None:
    """What htmx fills in (the chart) shows its link instead, and a page must fit and take a thumb as well."""
    phone = new_context(locale="fr-FR", java_script_enabled=False).new_page()
    phone.set_viewport_size(ViewportSize(width=360, height=740))
    problems = walk(phone, stop, STOPS[stop](evening), f"walk-{language}-{width}-nojs-{stop}", scripts=False)
    assert not problems, "\n".join(problems)


def test_a_round_saved_after_a_script_styled_the_sheet_breaks_no_policy(
    new_context: Callable[..., BrowserContext], live_app: LiveApp, evening: PlayedEvening
) -> None:
    """htmx settles no `style` attribute: one set through the CSSOM (axe-core, an extension) would be copied onto
    the new sheet with `setAttribute`, which the Content-Security-Policy refuses (conftest.py fails on it)."""
    game = another_game(live_app.database, "kaluki", evening.players[:3])
    phone = new_context(locale="fr-FR").new_page()
    phone.goto(game)
    sheet = GamePage(phone, words_in("fr")).loaded()
    for number, winner in enumerate(evening.players[:2]):
        phone.evaluate(STYLED)
        sheet.record_round(winner, {name: 10 + number for name in evening.players[:3] if name != winner})
