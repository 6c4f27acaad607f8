"""This phone remembers: the home page lists the groups and evenings this phone opened, newest first, and which link
it opened them with; another phone's home page lists none of them."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from referee.storage.db import connect
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import EveningPage, HomePage, assert_fits_phone
from tests.e2e.phone_checks import untappable
from tests.e2e.played_evening import CardNight
from tests.e2e.test_accessibility import AXE, AXE_URL, said, violations
from tests.e2e.words import Words

pytestmark = pytest.mark.e2e


def remembered(page: Page, words: Words) -> Locator:
    """The home page's list of what this phone opened."""
    section = page.locator("section").filter(has=page.get_by_role("heading", name=words("Opened on this phone")))
    return section.get_by_role("listitem")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_phone_reopening_the_home_page_finds_its_evening_and_its_group(
    page: Page, words: Words, new_phone: Callable[..., Page]
) -> None:
    home = HomePage.open(page, words)
    expect(page.get_by_role("heading", name=words("Opened on this phone"))).to_be_hidden()  # nothing opened yet
    new = home.start_evening()
    page.get_by_label(words("Name of the evening")).fill("Vendredi 21")
    new.create(["Ana", "Ben", "Cleo"])
    evening_path = re.sub(r"^https?://[^/]+", "", page.url)

    page.get_by_role("link", name="Vendredi 21", exact=True).click()  # the evening's group
    expect(page.get_by_role("heading", level=1)).to_contain_text("Vendredi 21")
    group_path = re.sub(r"^https?://[^/]+", "", page.url)
    assert group_path.startswith("/g/")
    assert_fits_phone(page)

    again = page.context.new_page()  # the phone comes back later: a new tab, the home page
    page.close()
    HomePage.open(again, words)
    items = remembered(again, words)
    expect(items).to_have_count(2)
    expect(items.nth(0).get_by_role("link")).to_have_attribute("href", group_path)  # newest first
    expect(items.nth(0)).to_contain_text(words("group"))
    expect(items.nth(1).get_by_role("link")).to_have_attribute("href", evening_path)
    expect(items.nth(1)).to_contain_text(words("scorer link"))
    assert_fits_phone(again)
    assert untappable(again) == []

    items.nth(1).get_by_role("link").click()
    EveningPage(again, words).loaded()  # the evening, with its scorer's link: the score can be kept
    assert again.url.endswith(evening_path)

    other = new_phone()  # another phone: the server lists it nothing
    HomePage.open(other, words)
    expect(other.get_by_role("heading", name=words("Opened on this phone"))).to_be_hidden()
    expect(other.locator(f'a[href="{evening_path}"], a[href="{group_path}"]')).to_have_count(0)


def test_the_viewer_s_link_is_remembered_as_the_viewer_s(
    page: Page, words: Words, new_phone: Callable[..., Page]
) -> None:
    evening = HomePage.open(page, words).start_evening().create(["Ana", "Ben"])
    viewer = re.sub(r"^https?://[^/]+", "", evening.viewer_link())
    follower = new_phone()
    follower.goto(viewer)
    expect(
        follower.get_by_text(words("You are following this evening: the scorer's phone keeps the score."))
    ).to_be_visible()
    HomePage.open(follower, words)
    items = remembered(follower, words)
    expect(items).to_have_count(1)
    expect(items.first.get_by_role("link")).to_have_attribute("href", viewer)
    expect(items.first.get_by_role("link")).to_have_text(words("Card night"))
    expect(items.first).to_contain_text(words("viewer link"))


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_group_s_pages_fit_a_phone_and_have_no_serious_accessibility_violation(
    new_context: Callable[..., BrowserContext], words: Words, live_app: LiveApp, card_nights: dict[int, CardNight]
) -> None:
    if not AXE.is_file():
        pytest.skip(f"axe-core is not installed: run `npm ci --prefix tests/e2e` (no {AXE})")
    night = card_nights[4]
    db = connect(live_app.database)
    row = db.execute(
        "SELECT groups.scorer_key, groups.viewer_key FROM groups JOIN evenings ON evenings.group_id = groups.id "
        "WHERE evenings.scorer_key = ?",
        [night.key],
    ).fetchone()
    db.close()
    context = new_context(locale=words.locale)
    source = AXE.read_text()
    context.route(
        re.compile(re.escape(AXE_URL) + "$"), lambda route: route.fulfill(body=source, content_type="text/javascript")
    )
    page = context.new_page()
    problems: list[str] = []
    paths = {
        "group": f"/g/{row[0]}",
        "group's viewer": f"/g/{row[1]}",
        "group's next evening": f"/g/{row[0]}/new",
        "group's player": f"/g/{row[0]}/players/{night.players[0]}",
        "home": "/",
    }
    for name, path in paths.items():
        page.goto(path)
        expect(page.get_by_role("heading", level=1)).to_be_visible()
        assert_fits_phone(page)
        problems += untappable(page) + said(name, page, violations(page))
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    page.goto(paths["group"])
    expect(page.get_by_role("link", name=night.players[0], exact=True)).to_be_visible()
    expect(page.get_by_role("link", name=words("Start the group's next evening"))).to_be_visible()
