"""The referee desk through the test client: every question, refusals, boundaries, and the disputes log."""

from __future__ import annotations

import re

import pytest

from referee.rules.examples import examples
from tests.conftest import Runner
from tests.web.conftest import Table


def answer_of(page: str) -> dict[str, str]:
    """The data-* attributes of the answer box: the same values as the command's JSON."""
    box = re.search(r'<div class="verdict-box[^"]*"([^>]*)>', page)
    assert box, page
    return dict(re.findall(r'data-([a-z]+)="([^"]*)"', box.group(1)))


@pytest.mark.parametrize("kind", ["meld", "opening", "joker", "best"])
def test_each_question_page_opens(table: Table, kind: str) -> None:
    page = table.get(f"/desk/{kind}", follow_redirects=True).get_data(as_text=True)
    assert "data-picker-form" in page and "Ask" in page


@pytest.mark.parametrize(
    "example", [pytest.param(e, id=e.name) for e in examples() if e.command in ("check", "opening")]
)
def test_every_worked_example_gets_the_same_ruling_in_the_app_and_the_command(
    table: Table, referee_inprocess: Runner, example: object
) -> None:
    import json

    assert not example.settings  # the examples are asked under their presets as they are
    if example.command == "check":
        page = table.post("/desk/meld", {"rules": example.preset, "cards": example.question[0]}).get_data(as_text=True)
        shown = answer_of(page)
        done = referee_inprocess("check", "--preset", example.preset, "--json", *example.question[0].split())
        data = json.loads(done.out)
        assert shown["valid"] == str(data["valid"]).lower()
        assert int(shown["value"]) == data["value"] and shown["kind"] == (data["kind"] or "")
        jokers = re.findall(r'data-joker="([^"]*)"', page)
        assert [sorted(j.split()) for j in jokers] == [sorted(options) for options in data["jokers"]]
    else:
        melds = {f"meld_{n}": meld for n, meld in enumerate(example.question)}
        page = table.post("/desk/opening", {"rules": example.preset, **melds}).get_data(as_text=True)
        shown = answer_of(page)
        done = referee_inprocess("opening", "--preset", example.preset, "--json", *example.question)
        data = json.loads(done.out)
        assert shown["opens"] == str(data["opens"]).lower() and int(shown["total"]) == data["total"]


@pytest.mark.parametrize(
    ("melds", "opens"),
    [
        pytest.param(["2S 3S 4S", "10H 10D 10C"], False, id="39 is refused"),
        pytest.param(["AS 2S 3S", "8H 8D 8C"], True, id="exactly 40 opens"),
    ],
)
def test_opening_threshold_boundaries(table: Table, melds: list[str], opens: bool) -> None:
    # kaluki counts the penalty table: 2 + 3 + 4 + 3 × 10 = 39; 11 + 2 + 3 + 3 × 8 = 40.
    data = {"rules": "kaluki", **{f"meld_{n}": meld for n, meld in enumerate(melds)}}
    shown = answer_of(table.post("/desk/opening", data).get_data(as_text=True))
    assert shown["opens"] == str(opens).lower()


def test_opening_at_39_and_40(table: Table) -> None:
    refused = answer_of(
        table.post("/desk/opening", {"rules": "kaluki-club", "meld_0": "8C 8D JK", "meld_1": "4S 5S 6S"}).get_data(
            as_text=True
        )
    )
    assert refused == {"opens": "false", "total": "39", "threshold": "40"}
    accepted = answer_of(
        table.post("/desk/opening", {"rules": "kaluki-club", "meld_0": "8C 8D JK", "meld_1": "5S 6S 7S"}).get_data(
            as_text=True
        )
    )
    assert accepted["opens"] == "true" and accepted["total"] == "42"


@pytest.mark.parametrize(
    ("rules", "cards", "valid", "rule"),
    [
        pytest.param("kaluki", "3S 4S 5S 6S 7S 8S 9S 10S", "true", None, id="8-card run in kaluki"),
        pytest.param(
            "kaluki",
            "3S 4S 5S 6S 7S 8S 9S 10S JS",
            "false",
            "Most cards in a run — 8, from the Kaluki rulebook",
            id="9-card run in kaluki",
        ),
        pytest.param("kaluki", "9H 9H JK", "false", "group_joker_distinct_suits", id="duplicates with a joker"),
        pytest.param(
            "kaluki-club",
            "QD KD AD 2D",
            "false",
            "Ace in the middle of a run (K A 2) — no, from pagat.com",
            id="Q-K-A-2 in club",
        ),
        pytest.param("kaluki", "QD KD AD 2D", "true", None, id="Q-K-A-2 in kaluki"),
    ],
)
def test_meld_rulings_cite_the_rule(table: Table, rules: str, cards: str, valid: str, rule: str | None) -> None:
    page = table.post("/desk/meld", {"rules": rules, "cards": cards}).get_data(as_text=True)
    assert answer_of(page)["valid"] == valid
    if rule:
        assert "The rule: " in page and rule in page


def test_an_invalid_meld_says_what_would_fix_it(table: Table) -> None:
    page = table.post("/desk/meld", {"rules": "kaluki-club", "cards": "QD KD AD 2D"}).get_data(as_text=True)
    assert "To make it valid: remove 2♦" in page


@pytest.mark.parametrize(
    ("rules", "meld", "hand", "released"),
    [
        pytest.param("kaluki", "9H 9S JK", "9D", "true", id="any_missing (000): one missing suit releases it"),
        pytest.param("kaluki-hunt", "9H 9S JK", "9D", "false", id="both_missing (002): one suit is not enough"),
        pytest.param("kaluki-hunt", "9H 9S JK", "9D 9C", "true", id="both_missing (002): both suits release it"),
        pytest.param("rami", "QS KS JK", "AS", "true", id="a run's joker for its card"),
    ],
)
def test_joker_release(table: Table, rules: str, meld: str, hand: str, released: str) -> None:
    page = table.post("/desk/joker", {"rules": rules, "meld": meld, "hand": hand}).get_data(as_text=True)
    assert answer_of(page)["released"] == released


def test_best_hand(table: Table) -> None:
    page = table.post("/desk/best", {"rules": "kaluki", "hand": "9C 9D 9H 9S 5H 6H 7H KC", "minimise": "value"})
    assert answer_of(page.get_data(as_text=True)) == {"laid": "54", "penalty": "10"}


@pytest.mark.parametrize(
    ("kind", "data", "message"),
    [
        pytest.param("meld", {"cards": "7X"}, "&#39;7X&#39; is not a card", id="unknown card"),
        pytest.param("meld", {"cards": "7S 7S 7S"}, "7♠ appears 3 times", id="third 7 of spades"),
        pytest.param("meld", {"cards": ""}, "Tap or type the meld", id="nothing asked"),
        pytest.param("opening", {"meld_0": ""}, "Tap or type at least one meld", id="no meld"),
    ],
)
def test_bad_questions_get_422_and_the_reason(table: Table, kind: str, data: dict[str, str], message: str) -> None:
    response = table.post(f"/desk/{kind}", {"rules": "kaluki", **data}, htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and message in page and '<section id="answer"' in page


@pytest.mark.parametrize("htmx", [False, True], ids=["page", "htmx"])
@pytest.mark.parametrize("text", ["x" * 1_900_000, "9H " * 600_000], ids=["not cards", "600,000 cards"])
def test_a_huge_question_is_refused_and_not_sent_back(table: Table, htmx: bool, text: str) -> None:
    page = table.post("/desk/meld", {"rules": "kaluki", "cards": "7X"}, htmx=htmx).get_data(as_text=True)
    response = table.post("/desk/meld", {"rules": "kaluki", "cards": text}, htmx=htmx)
    refusal = response.get_data(as_text=True)
    assert response.status_code == 422 and "At most 200 characters: type the cards, like 9H 9S JK." in refusal
    assert len(refusal) < len(page) + 500  # the page, and at most 200 characters of what was sent


def test_an_answer_from_htmx_is_the_answer_fragment(table: Table) -> None:
    response = table.post("/desk/meld", {"rules": "kaluki", "cards": "9H 9S JK"}, htmx=True)
    page = response.get_data(as_text=True)
    assert "<html" not in page and page.strip().startswith('<section id="answer"')
    assert "HX-Request" in response.headers["Vary"]


def test_rulings_asked_at_an_evening_are_kept_and_shown(table: Table) -> None:
    evening = table.evening(**{"house-run_max": "13"})
    page = table.get(f"{evening}/desk").get_data(as_text=True)
    assert "This evening&#39;s rules (Kaluki)" in page
    answer = table.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "3S 4S 5S 6S 7S 8S 9S 10S JS"})
    assert answer_of(answer.get_data(as_text=True))["valid"] == "true"
    shown = table.get(evening).get_data(as_text=True)
    assert "Rulings asked tonight" in shown and "valid run, 62 points" in shown
    # The rules it was asked under, in words: the game and the house rule, never the option's code.
    assert "Kaluki, with house rules (Most cards in a run: 13)" in shown and "run_max" not in shown


def test_a_ruling_s_rules_are_said_in_words_and_an_unknown_label_as_it_is() -> None:
    from referee.services.desk import rules_said

    assert rules_said("kaluki-club") == "Kaluki, club rules"
    said = rules_said("rami (opening_threshold = 51, ace_wraps = no, packs = auto)")
    assert said == (
        "Rami, with house rules (Points needed to open: 51; Ace in the middle of a run (K A 2): no; "
        "Packs of cards: auto (by the number of players))"
    )
    for label in ("whist", "kaluki (run_max = many)", "kaluki (nonsense = 1)", "kaluki (run_max = 9"):
        assert rules_said(label) == label


def test_the_rules_page_lists_every_option_and_the_examples(table: Table) -> None:
    from referee.rules.presets import get_preset

    page = table.get("/rules/kaluki-club").get_data(as_text=True)
    for name in get_preset("kaluki-club").option_names():  # each by its words, its code for the command line
        assert f'id="kaluki-club-{name}"' in page and f"<code>{name}=" in page
    assert "Worked examples" in page and "Q♦ K♦ A♦ 2♦" in page


def test_the_evening_rules_page_shows_which_examples_change(table: Table) -> None:
    evening = table.evening(**{"house-ace_wraps": "no"})
    page = table.get(f"{evening}/rules").get_data(as_text=True)
    assert "House rules changed here: Ace in the middle of a run (K A 2)" in page and 'class="changed"' in page


def test_an_htmx_answer_at_an_evening_brings_the_rulings_list_up_to_date(table: Table) -> None:
    evening = table.evening()
    table.get(f"{evening}/desk")
    response = table.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "9H 9S JK"}, htmx=True)
    page = response.get_data(as_text=True)
    rulings = page.split('<section id="rulings"')[1]
    assert rulings.startswith(' class="log" hx-swap-oob="true">')
    assert "Rulings asked tonight" in rulings and "9♥ 9♠ JK" in rulings
