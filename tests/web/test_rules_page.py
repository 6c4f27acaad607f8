"""The rules page of every preset, Kaiser's included, and the rulebook's sentences on it and in each ruling."""

from __future__ import annotations

import re
from html import unescape

import pytest

from referee.rules.presets import PRESETS
from referee.rules.sources import quotes_for
from tests.web.conftest import Table
from tests.web.test_kaiser import kaiser_fields


@pytest.mark.parametrize("preset", PRESETS)
def test_every_presets_rules_page_shows_each_option_with_its_quotes(table: Table, preset: str) -> None:
    response = table.get(f"/rules/{preset}")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    for name in PRESETS[preset].option_names():
        option = page.split(f'id="{preset}-{name}"')[1].split('<div class="option')[0]
        for quote in quotes_for(name, preset):  # the referee's own reading without its codes and section numbers
            assert quote.shown in unescape(option), (name, quote.source)
            assert "`" not in quote.shown and "§" not in quote.shown
        assert f'data-source="{quotes_for(name, preset)[0].source}"' in option


def test_the_kaiser_rules_page_shows_its_options_sources_and_worked_examples(table: Table) -> None:
    page = unescape(table.get("/rules/kaiser-pagat").get_data(as_text=True))
    assert "<strong>6</strong> <small><code>min_bid</code></small>" in page
    assert "<strong>the dealer must bid</strong> <small><code>all_pass</code></small>" in page
    assert "Source: The Kaiser rulebook: next dealer; pagat.com: dealer forced" in page
    shown = re.sub(r"<[^>]*>", " ", page.split("<main>")[1])  # what the reader sees, not the tags' data
    assert not re.search(r"\b00[0-3]\b", shown)  # sources by their names, never a number
    assert "le donneur suivant prend du service" in page  # 003's sentence, in French
    assert "And if no player has bid, everyone lays their cards down" in page  # with its English gloss
    assert "A bids 7 and takes 6 tricks with the 5♥; B takes 2 with the 3♠" in page
    assert "A +11, B −1" in page and "A +8, B +2; A reaches 52 and wins" in page
    assert "Ask the referee" not in page  # the desk referees melds: Kaiser has none
    assert 'href="/rules/kaiser" ' in page or 'href="/rules/kaiser">' in page


def test_an_unknown_preset_has_no_rules_page(table: Table) -> None:
    assert table.get("/rules/whist").status_code == 404


def test_a_french_reader_reads_the_french_seed_without_gloss_and_the_english_one_glossed(table: Table) -> None:
    table.client.set_cookie("lang", "fr")
    page = unescape(table.get("/rules/kaluki-hunt").get_data(as_text=True))
    hunt = page.split('id="kaluki-hunt-hunt_reward"')[1].split('<div class="option')[0]
    assert "Players who Hunt are rewarded with 40 points" in hunt and "Qui fait un Hunt reçoit 40 points" in hunt
    target = unescape(table.get("/rules/kaiser").get_data(as_text=True)).split('id="kaiser-target"')[1]
    assert "La partie s’achèvera" in target.split("</figure>")[0]
    assert "The game ends when one of the teams" not in target.split("</figure>")[0]


def test_the_evening_rules_page_shows_its_kaiser_games_rules(table: Table) -> None:
    evening = table.evening("Ana\nBen\nCéline\nDriss")
    seats = {"preset": "kaiser-pagat", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(f"{evening}/games", kaiser_fields({**seats, "dealer": "Driss", "house-target": "40"}))
    assert response.status_code == 303
    page = unescape(table.get(f"{evening}/rules").get_data(as_text=True))
    assert "<code>run_max</code>" in page  # the evening's own (rummy) rules
    game = page.split('id="game-1"')[1]
    assert "Game 1: Kaiser, pagat.com scoring" in game and "House rules changed here: Score that ends the game" in game
    assert "<strong>40</strong> <small><code>target</code></small>" in game
    assert 'id="game-1-min_bid"' in game
    assert "A +8, B +2; A reaches 52 and wins" in game  # A 44, B 40 before: both past 40, A bid and wins


def test_a_desk_ruling_quotes_the_sentence_of_the_rule_it_rests_on(table: Table) -> None:
    page = unescape(
        table.post("/desk/meld", {"rules": "kaluki", "cards": "3S 4S 5S 6S 7S 8S 9S 10S JS"}).get_data(as_text=True)
    )
    cite = page.split('class="cite"')[1]
    assert "Most cards in a run — 8, from the Kaluki rulebook" in cite
    assert "trois à huit cartes portant la même couleur" in cite  # 000's sentence
    assert re.search(r'data-source="000"', cite)
    table.client.set_cookie("lang", "fr")
    page = unescape(table.post("/desk/meld", {"rules": "rami", "cards": "5D JK JK 8D"}).get_data(as_text=True))
    cite = page.split('class="cite"')[1]
    assert "qu'un seul joker par combinaison" in cite and "There may be at most one joker" not in cite


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Points needed to open: <strong>40</strong>"), ("fr", "Points pour la première pose")],
)
def test_every_option_is_named_in_a_player_s_words_with_its_command_line_name_small(
    table: Table, language: str, label: str
) -> None:
    table.client.set_cookie("lang", language)
    page = table.get("/rules/kaluki").get_data(as_text=True)
    assert label in page and "<small><code>opening_threshold</code></small>" in page
