"""Evenings through the test client: creating one, its two links, starting games, refusals."""

from __future__ import annotations

import json
import re

import pytest

from referee.rules.options import OPTIONS
from referee.web.forms import EVENING_PRESETS, options_of
from referee.web.games.kaiser.start import KAISER_PRESETS
from tests.web.conftest import Table


def test_home_page_links_to_a_new_evening(table: Table) -> None:
    page = table.get("/").get_data(as_text=True)
    assert 'href="/new"' in page


def test_htmx_is_served_by_the_app_from_its_package(table: Table) -> None:
    response = table.get("/htmx.min.js")
    body = response.get_data()
    response.close()
    assert response.status_code == 200 and b"htmx" in body[:2000]


@pytest.mark.parametrize("url", ["/", "/new"])
def test_pages_load_nothing_from_outside_the_app(table: Table, url: str) -> None:
    page = table.get(url).get_data(as_text=True)
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_a_new_evening_redirects_to_its_scorer_page(table: Table) -> None:
    evening = table.evening(title="Friday")
    page = table.get(evening).get_data(as_text=True)
    assert "Friday" in page and "Start a game" in page and "Links for the other phones" in page


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        pytest.param({"players": ""}, "Name the players at the table.", id="no players"),
        pytest.param({"players": "Ana"}, "A game needs at least two players.", id="one player"),
        pytest.param({"players": "Ana, ana"}, "is listed twice", id="same name twice"),
        pytest.param({"players": "A,B,C,D,E,F,G,H,I,J,K,L,M"}, "At most twelve players", id="thirteen players"),
        pytest.param({"chip_value": "-1"}, "Number must be at least 0", id="negative chip"),
        pytest.param({"house-run_max": "x"}, "Type a whole number from 3 to 100000, not “x”.", id="bad house rule"),
        pytest.param(
            {"house-hunt_reward": "10", "preset": "rami"}, "hunt_reward is not a rule of rami", id="not a rule"
        ),
        pytest.param({"house-run_min": "9"}, "run_max (8) is below run_min (9)", id="inconsistent rules"),
    ],
)
def test_a_bad_evening_is_refused_with_422_and_the_reason(table: Table, fields: dict[str, str], message: str) -> None:
    data = {"players": "Ana\nBen", "preset": "kaluki", "chip_value": "0.10", "currency": "EUR", **fields}
    response = table.post("/new", data)
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert table.get("/new").status_code == 200


def test_a_refused_evening_from_htmx_gets_the_form_fragment(table: Table) -> None:
    response = table.post("/new", {"players": "Ana", "chip_value": "1", "preset": "kaluki"}, htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "<html" not in page and 'id="new-evening"' in page
    assert "HX-Request" in response.headers.get("Vary", "")


def test_house_rules_are_kept_with_the_evening(table: Table) -> None:
    evening = table.evening(**{"house-opening_threshold": "51", "house-ace_wraps": "no"})
    game = table.game(evening, ["A", "B"])
    assert table.get(game).status_code == 200
    from referee.storage.db import connect

    db = connect(table.client.application.config["DATABASE"])
    stored = json.loads(db.execute("SELECT options FROM games").fetchone()[0])
    assert stored == {"opening_threshold": 51, "ace_wraps": False}


def test_the_viewer_link_reads_but_cannot_write(table: Table) -> None:
    evening = table.evening()
    game = table.game(evening, ["A", "B", "C", "D"])
    page = table.get(evening).get_data(as_text=True)
    viewer = re.search(r'href="http://localhost(/e/[^"]+)"', page.split("To follow the score")[1]).group(1)
    assert viewer != evening
    view = table.get(viewer).get_data(as_text=True)
    assert "Start a game" not in view and "the scorer's phone keeps the score" in view
    viewer_game = game.replace(evening, viewer)
    sheet = table.get(viewer_game).get_data(as_text=True)
    assert "Save the round" not in sheet and "<form" not in sheet
    assert table.post(f"{viewer_game}/void", {}).status_code == 403
    assert table.post(f"{viewer}/games", {"preset": "kaluki"}).status_code == 403


def test_an_unknown_link_is_404(table: Table) -> None:
    assert table.get("/e/not-a-key").status_code == 404


def test_a_write_without_the_csrf_token_is_refused(table: Table) -> None:
    evening = table.evening()
    response = table.client.post(f"{evening}/games", data={"preset": "kaluki", "players": ["A", "B"]})
    assert response.status_code == 400


def test_a_game_needs_two_ticked_players_and_a_dealer_among_them(table: Table) -> None:
    evening = table.evening()
    response = table.post(f"{evening}/games", {"preset": "kaluki", "players": ["A"], "first_dealer": "B"})
    page = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "A game needs at least two players." in page and "The first dealer must be one of" in page


def test_the_players_boxes_are_not_each_required_so_a_game_can_take_some_of_the_players(table: Table) -> None:
    page = table.get(table.evening()).get_data(as_text=True)
    boxes = re.findall(r'<input[^>]*name="players"[^>]*type="checkbox"[^>]*>', page)
    assert len(boxes) == 4 and not any("required" in box for box in boxes)


@pytest.mark.parametrize("typed", ["0,25", "0.25", " 0,25 "])
def test_a_chip_value_takes_a_decimal_comma_as_a_french_phone_types_it(table: Table, typed: str) -> None:
    evening = table.evening(chip_value=typed)
    exported = json.loads(table.get(f"{evening}/evening.json").get_data(as_text=True))
    assert exported["chip_value"] == "0.25"


def test_house_rule_yes_and_no_read_in_the_players_language(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    page = table.get("/new").get_data(as_text=True)
    assert '<option value="yes">oui</option>' in page and '<option value="no">non</option>' in page


HOUSE_LABELS = {  # a few of the house rules form's fields, as each language labels them
    "en": {"opening_threshold": "Points needed to open",
           "joker_can_extend": "A joker may be added to a meld on the table",
           "table_rearrange": "Rearranging the melds on the table"},
    "fr": {"opening_threshold": "Points pour la première pose",
           "joker_can_extend": "Un joker peut compléter une combinaison posée",
           "table_rearrange": "Réarranger les combinaisons posées"},
}  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_house_rules_are_labelled_in_plain_words_without_the_option_name(table: Table, lang: str) -> None:
    table.client.set_cookie("lang", lang)
    page = table.get("/new").get_data(as_text=True)
    labels = dict(re.findall(r'<label for="house-(\w+)">([^<]*)</label>', page))
    assert len(labels) == len(options_of(EVENING_PRESETS))
    for name, label in labels.items():
        assert label == OPTIONS[name].label_said() if lang == "en" else label != OPTIONS[name].label, name
        assert name not in label and name.replace("_", " ") not in label, name  # never the option's name
    for name, label in HOUSE_LABELS[lang].items():
        assert labels[name] == label
        hint = page.split(f'<label for="house-{name}">')[1].split("</div>")[0]
        assert "<code" not in hint and f">{name}<" not in hint  # the option's name is the rules page's, for the CLI
    assert 'name="house-opening_threshold"' in page and 'id="house-opening_threshold"' in page  # names unchanged


@pytest.mark.parametrize(
    ("lang", "choices"),
    [
        (
            "en",
            ["never", "each meld keeps three of its cards", "freely, if every meld is valid at the end of the turn"],
        ),
        (
            "fr",
            ["jamais", "chaque combinaison garde trois de ses cartes", "librement, si chaque combinaison est valide"],
        ),
    ],
)
def test_a_house_rule_s_choices_are_said_in_words_and_sent_as_the_option_s_values(
    table: Table, lang: str, choices: list[str]
) -> None:
    table.client.set_cookie("lang", lang)
    page = table.get("/new").get_data(as_text=True)
    select = page.split('name="house-table_rearrange">')[1].split("</select>")[0]
    options = re.findall(r'<option(?: selected)? value="(\w*)">([^<]*)</option>', select)
    assert [value for value, _ in options] == ["", "no", "keep_three", "manipulation"]  # what the records write
    assert all(said.startswith(expected) for (_, said), expected in zip(options[1:], choices, strict=True))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_kaiser_house_rules_are_labelled_in_plain_words(table: Table, lang: str) -> None:
    evening = table.evening()
    table.client.set_cookie("lang", lang)
    page = table.get(evening).get_data(as_text=True)
    labels = dict(re.findall(r'<label for="kaiser-house-(\w+)">([^<]*)</label>', page))
    assert set(labels) == set(options_of(KAISER_PRESETS))
    expected = {
        "en": ("Lowest bid", "What a made bid scores"),
        "fr": ("Annonce la plus basse", "Ce que marque une annonce réussie"),
    }
    assert (labels["min_bid"], labels["made_bid"]) == expected[lang]
    assert "<code" not in page and ">min_bid<" not in page  # the option's name is the rules page's, for the CLI
