"""The referee desk on the phone: a meld, an opening, a joker, the best hand, the rules page and the disputes log."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Page, Request, expect

from referee.rules.presets import get_preset
from referee.rules.rummy_family import rummy_rules
from referee.rules.settings_said import describe, value_said
from referee.rules.sources import sources_named
from referee.storage.db import connect
from referee.storage.evenings import evening_by_key
from referee.storage.rulings import rulings_of
from tests.e2e.conftest import LiveApp
from tests.e2e.pages import DESK_TABS, EVENING_URL, DeskPage, EveningPage, HomePage, RulesPage

pytestmark = pytest.mark.e2e

DISPUTED = ("Q♦", "K♦", "A♦", "2♦")  # docs/rules.md: 000 accepts Q-K-A-2, 001 and pagat do not


@pytest.fixture
def desk(page: Page) -> DeskPage:
    """The desk's first question, "A meld", opened on the phone."""
    return DeskPage.open(page)


def test_the_desk_offers_every_question_and_the_presets(desk: DeskPage) -> None:
    expect(desk.tabs()).to_have_text(list(DESK_TABS))
    expect(desk.rules()).to_have_value("kaluki")
    assert "Kaluki, club rules" in desk.rules().locator("option").all_inner_texts()  # each preset named in words
    assert "kaluki-club" in [option.get_attribute("value") for option in desk.rules().locator("option").all()]
    expect(desk.picker.active()).to_have_text("The meld, in the order laid")


def test_a_disputed_wrap_around_run_under_two_presets(desk: DeskPage) -> None:
    meld = "The meld, in the order laid"
    desk.tap_into(meld, *DISPUTED)
    expect(desk.cards(meld)).to_have_value("QD KD AD 2D")

    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict).to_have_attribute("data-kind", "run")
    expect(verdict).to_have_attribute("data-value", "33")  # 10 + 10 + 11 + 2
    expect(verdict.locator(".verdict")).to_have_text("Q♦ K♦ A♦ 2♦: valid — run, 33 points")
    expect(desk.fix()).to_have_count(0)

    # The same cards, still in their row, under the club's rules: the ace may not turn the corner.
    desk.rules().select_option("kaluki-club")
    expect(desk.cards(meld)).to_have_value("QD KD AD 2D")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "false")
    expect(verdict).to_have_attribute("data-value", "0")
    expect(verdict.locator(".verdict")).to_have_text("Q♦ K♦ A♦ 2♦: not valid")
    expect(verdict).to_contain_text("the ace cannot sit in the middle of a run")
    expect(desk.cite()).to_have_text(
        re.compile(r"^The rule: Ace in the middle of a run \(K A 2\) — no, from pagat\.com")
    )
    expect(desk.fix()).to_have_text("To make it valid: remove 2♦")

    # Taking the 2♦ back off the picker, as the fix says, makes the run good under the club's rules too.
    desk.cards(meld).click()
    desk.picker.undo()
    expect(desk.cards(meld)).to_have_value("QD KD AD")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict).to_have_attribute("data-value", "31")


def test_a_joker_stands_for_its_card_in_the_order_laid(desk: DeskPage) -> None:
    desk.tap_into("The meld, in the order laid", "5♠", "JK", "7♠")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-valid", "true")
    expect(verdict).to_have_attribute("data-kind", "run")
    expect(verdict.get_by_text("Joker 1:")).to_have_text("Joker 1: 6♠")
    expect(verdict).to_have_attribute("data-value", "27")  # kaluki: a laid joker counts 15, not the 6 it stands for

    desk.rules().select_option("kaluki-club")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-value", "18")  # the club counts the card the joker represents


@pytest.mark.parametrize(
    ("preset", "first", "second", "total", "opens"),
    [
        ("kaluki", ("A♠", "2♠", "3♠"), ("8♥", "8♦", "8♣"), 40, True),  # 16 + 24: exactly the threshold
        ("kaluki", ("2♠", "3♠", "4♠"), ("10♥", "10♦", "10♣"), 39, False),  # 9 + 30: one short
        ("kaluki-club", ("8♣", "8♦", "JK"), ("4♠", "5♠", "6♠"), 39, False),  # the joker counts as an 8
        ("kaluki-club", ("8♣", "8♦", "JK"), ("5♠", "6♠", "7♠"), 42, True),
    ],
)
def test_an_opening_claim_against_the_threshold(
    page: Page, preset: str, first: tuple[str, ...], second: tuple[str, ...], total: int, opens: bool
) -> None:
    desk = DeskPage.open(page).tab("An opening")
    desk.rules().select_option(preset)
    desk.tap_into("Meld 1", *first)
    desk.tap_into("Meld 2", *second)

    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-total", str(total))
    expect(verdict).to_have_attribute("data-threshold", "40")
    expect(verdict).to_have_attribute("data-opens", str(opens).lower())
    expect(verdict.get_by_role("listitem")).to_have_count(2)  # each meld checked on its own line
    expect(verdict.get_by_role("listitem").first).to_have_text(re.compile("^" + " ".join(first) + ": "))
    expect(verdict.locator(".verdict")).to_have_text(
        f"Total {total}, needed 40: " + ("it opens" if opens else "it does not open")
    )
    if opens:
        expect(desk.cite()).to_have_count(0)
    else:
        expect(desk.cite()).to_have_text(re.compile(r"^The rule: Points needed to open — 40, from "))


def test_releasing_a_joker_from_a_three_card_group(page: Page) -> None:
    desk = DeskPage.open(page).tab("A joker")
    expect(desk.rules()).to_have_value("kaluki")
    desk.tap_into("The meld on the table", "9♥", "9♠", "JK")
    desk.tap_into("Your cards", "9♦")

    verdict = desk.ask()  # docs/rules.md §2, joker release: any_missing in kaluki (000)
    expect(verdict).to_have_attribute("data-released", "true")
    expect(desk.cite()).to_have_text(re.compile(r"^The rule: Taking a joker back from a group — "))

    desk.rules().select_option("kaluki-hunt")  # both_missing (002)
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-released", "false")
    expect(verdict.locator(".verdict")).to_have_text("No: the joker stays.")
    expect(verdict).to_contain_text("only both missing suits together (9♦ and 9♣)")
    expect(desk.cite()).to_have_text(
        re.compile(r"^The rule: Taking a joker back from a group — only by adding both missing suits")
    )

    desk.tap_into("Your cards", "9♣")
    expect(desk.cards("Your cards")).to_have_value("9D 9C")
    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-released", "true")
    expect(verdict.locator(".verdict")).to_have_text("Yes: the joker comes free.")
    expect(verdict.get_by_text(re.compile("^Then: "))).to_contain_text("meld the joker again this turn")


def test_the_best_way_to_lay_a_hand(page: Page) -> None:
    desk = DeskPage.open(page).tab("Best hand")
    desk.tap_into("Your hand", "9♣", "9♦", "9♥", "9♠", "5♥", "6♥", "7♥", "K♣")
    expect(page.get_by_role("radio", name="the most value laid")).to_be_checked()

    verdict = desk.ask()
    expect(verdict).to_have_attribute("data-laid", "54")  # 36 + 18
    expect(verdict).to_have_attribute("data-penalty", "10")
    melds = [set(text.split()) for text in verdict.get_by_role("listitem").all_inner_texts()]
    assert sorted(melds, key=len) == [{"5♥", "6♥", "7♥"}, {"9♣", "9♦", "9♥", "9♠"}]
    expect(verdict.locator(".verdict")).to_have_text("Laid: 54 points — it opens")
    expect(verdict).to_contain_text("Left in hand once they are laid: K♣, 10 penalty points")
    # The round ending now, before the melds are laid: the whole hand counts (docs/rules.md §5, #16).
    expect(verdict).to_have_attribute("data-hand-penalty", "64")
    expect(verdict).to_contain_text("If the round ended now, before they are laid, the whole hand would cost 64")


def test_one_ask_is_one_request_and_taps_are_none(desk: DeskPage, base_url: str) -> None:
    page = desk.page
    page.wait_for_load_state("networkidle")
    origin = urlsplit(base_url)[:2]
    sent: list[Request] = []
    page.on("request", lambda request: sent.append(request) if urlsplit(request.url)[:2] == origin else None)

    desk.tap_into("The meld, in the order laid", *DISPUTED)
    desk.picker.undo()
    desk.picker.tap("2♦")
    desk.rules().select_option("kaluki-club")
    assert sent == [], f"tapping the picker asked the app: {[r.url for r in sent]}"

    desk.ask()
    expect(desk.verdict()).to_have_attribute("data-valid", "false")
    assert [(r.method, urlsplit(r.url).path) for r in sent] == [("POST", "/desk/meld")]
    assert sent[0].headers.get("hx-request") == "true"  # the answer alone, not the whole page


def test_the_rules_page_lists_every_option_of_the_preset(desk: DeskPage) -> None:
    rules = desk.rules_tab()
    assert rules.preset() == "kaluki"
    rules = rules.open_preset("kaluki-club")

    options = rules.options()
    assert sorted(option.name for option in options) == sorted(get_preset("kaluki-club").option_names())  # by topic
    club = rummy_rules("kaluki-club")  # each value in words, each source by its name
    expected = {
        name: (value_said(name, getattr(club, name)), meaning, sources_named(source))
        for name, _value, meaning, source in describe(club)
    }
    for option in options:
        value, meaning, source = expected[option.name]
        assert option.value == value, f"{option.name} shows {option.value}, the preset says {value}"
        # The meaning, the source, then the rulebook's own sentences quoted (tests/rules/test_sources.py checks them).
        assert option.meaning.startswith(" ".join(f"{meaning} Source: {source}".split())), option.name
    assert {option.name: option.value for option in options}["ace_wraps"] == "no"
    assert rules.changed_options() == []  # a preset has no house rules
    expect(rules.examples().first).to_be_visible()

    rules.page.get_by_role("link", name="Ask the referee").click()
    desk = DeskPage(rules.page).loaded()
    expect(desk.rules()).to_have_value("kaluki-club")


def test_rulings_asked_in_an_evening_are_kept_on_its_page(home: HomePage, live_app: LiveApp) -> None:
    evening = home.start_evening().create(["Ann", "Ben", "Cal"], game="kaluki")
    page = evening.page
    key = EVENING_URL.search(page.url)
    assert key, page.url
    expect(page.get_by_role("heading", name="Rulings asked tonight")).to_have_count(0)

    page.get_by_role("link", name="Ask the referee").click()
    desk = DeskPage(page).loaded()
    expect(desk.rules().locator("option:checked")).to_have_text("This evening's rules (Kaluki)")
    desk.tap_into("The meld, in the order laid", *DISPUTED)
    expect(desk.ask()).to_have_attribute("data-valid", "true")

    desk.tab("A joker")
    desk.tap_into("The meld on the table", "9♥", "9♠", "JK")
    desk.tap_into("Your cards", "9♦")
    expect(desk.ask()).to_have_attribute("data-released", "true")  # 000: a card of any missing suit frees it
    page.reload()
    expect(desk.log().get_by_role("listitem")).to_have_count(2)  # the evening's desk shows the log too

    page.get_by_role("link", name=re.compile("Card night")).click()
    EveningPage(page).loaded()
    log = page.locator("section").filter(has=page.get_by_role("heading", name="Rulings asked tonight"))
    lines = [" ".join(text.split()) for text in log.get_by_role("listitem").all_inner_texts()]
    assert len(lines) == 2, lines
    assert "· Kaluki · 9♥ 9♠ JK with 9♦ → yes" in lines[0], lines
    assert "Q♦ K♦ A♦ 2♦ → valid run, 33 points" in lines[1], lines  # newest first

    db = connect(live_app.database)
    try:
        found = evening_by_key(db, key[1])
        assert found is not None
        kept = rulings_of(db, found[0].id)
        assert [(r.kind, r.rules, r.question) for r in kept] == [
            ("joker", "kaluki", "9♥ 9♠ JK with 9♦"),
            ("meld", "kaluki", "Q♦ K♦ A♦ 2♦"),
        ]
        assert kept[1].answer == "valid run, 33 points"
    finally:
        db.close()


def test_an_evenings_house_rules_on_its_desk_and_rules_page(home: HomePage) -> None:
    evening = home.start_evening().create(["Ann", "Ben"], game="kaluki", house={"ace_wraps": "no"})
    page = evening.page
    page.get_by_role("link", name="The rules").click()
    rules = RulesPage(page).loaded()
    assert rules.preset() == "kaluki"
    expect(page.get_by_text("House rules changed here: Ace in the middle of a run (K A 2)")).to_be_visible()
    assert rules.changed_options() == ["ace_wraps"]
    expect(rules.examples().and_(page.locator(".changed")).first).to_be_visible()  # an example that changes
    expect(page.get_by_role("columnheader", name="Here")).to_be_visible()

    page.get_by_role("link", name="Ask the referee").click()
    desk = DeskPage(page).loaded()
    desk.tap_into("The meld, in the order laid", *DISPUTED)
    expect(desk.ask()).to_have_attribute("data-valid", "false")
    expect(desk.cite()).to_have_text(
        re.compile(r"^The rule: Ace in the middle of a run \(K A 2\) — no, from the house rules")
    )
    expect(desk.fix()).to_have_text("To make it valid: remove 2♦")


def test_the_log_names_an_evenings_house_rules_as_a_player_reads_them(home: HomePage) -> None:
    evening = home.start_evening().create(["Ann", "Ben"], game="kaluki", house={"ace_wraps": "no"})
    page = evening.page
    page.get_by_role("link", name="Ask the referee").click()
    desk = DeskPage(page).loaded()
    desk.tap_into("The meld, in the order laid", *DISPUTED)
    expect(desk.ask()).to_have_attribute("data-valid", "false")

    page.get_by_role("link", name=re.compile("Card night")).click()
    EveningPage(page).loaded()
    log = page.locator("section").filter(has=page.get_by_role("heading", name="Rulings asked tonight"))
    (line,) = log.get_by_role("listitem").all_inner_texts()
    rules = line.split(" · ")[1]
    assert rules == "Kaluki, with house rules (Ace in the middle of a run (K A 2): no)", line
    assert not re.search(r"[{}']|True|False|_", rules), f"the rules are shown as the code names them: {rules!r}"
