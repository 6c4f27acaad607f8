"""The desk's building questions (docs/rules.md §2, Adding to the table): add to a meld, rearrange the table."""

from __future__ import annotations

import json
import re

import pytest

from tests.conftest import Runner
from tests.web.conftest import Table
from tests.web.test_desk import answer_of


def cite_of(page: str) -> str:
    """The line of the answer that names the rule a ruling rests on."""
    found = re.search(r'<p class="cite">(.*?)</p>', page, re.S)
    assert found, "the answer cites a rule"
    return found.group(1)


def command_line_of(page: str) -> str:
    """The option a ruling rests on, as the command line names it: behind "For the command line", folded."""
    found = re.search(r'<details class="command-line">.*?<code class="option-name">(.*?)</code>', page, re.S)
    assert found, "the answer names its option for the command line"
    return found.group(1)


def in_french(table: Table) -> Table:
    table.client.set_cookie("lang", "fr")
    return table


@pytest.mark.parametrize("kind", ["extend", "rearrange"])
def test_each_building_tab_opens_and_is_listed(table: Table, kind: str) -> None:
    page = table.get(f"/desk/{kind}").get_data(as_text=True)
    assert "data-picker-form" in page and 'aria-current="page"' in page
    assert "Add to a meld" in page and "Rearrange" in page
    assert "Only a player who has opened may add to the melds on the table" in page
    assert f'action="/desk/{kind}"' in page and f'hx-post="/desk/{kind}"' in page


def test_the_building_tabs_speak_french(table: Table) -> None:
    page = in_french(table).get("/desk/extend").get_data(as_text=True)
    assert "Compléter" in page and "Réarranger" in page and "Les cartes à ajouter" in page
    assert "Seul un joueur qui a fait sa première pose" in page
    page = table.get("/desk/rearrange").get_data(as_text=True)
    assert "Sur la table, combinaison 1" in page and "Après, combinaison 4" in page


@pytest.mark.parametrize(
    ("rules", "meld", "cards"),
    [
        pytest.param("kaluki", "5H 6H 7H", "8H 4H", id="a run at both ends"),
        pytest.param("kaluki-club", "9H 9S 9D", "9C", id="the fourth suit"),
        pytest.param("kaluki", "9H 9S 9D 9C", "9H", id="a fifth card"),
        pytest.param("rami", "5H 6H 7H", "JK", id="a joker in rami"),
        pytest.param("kaluki", "8H 7H 6H", "JK", id="a joker on a run going down"),
    ],
)
def test_an_extension_gets_the_same_ruling_in_the_app_and_the_command(
    table: Table, referee_inprocess: Runner, rules: str, meld: str, cards: str
) -> None:
    page = table.post("/desk/extend", {"rules": rules, "meld": meld, "cards": cards}).get_data(as_text=True)
    shown = answer_of(page)
    data = json.loads(referee_inprocess("extend", "--preset", rules, "--json", meld, *cards.split()).out)
    assert shown["valid"] == str(data["valid"]).lower() and int(shown["value"]) == data["value"]
    assert shown["kind"] == (data["kind"] or "") and shown["meld"] == " ".join(data["meld"])
    jokers = re.findall(r'data-joker="([^"]*)"', page)
    assert [sorted(j.split()) for j in jokers] == [sorted(options) for options in data["jokers"]]
    if not data["valid"]:
        assert data["reason"].replace("'", "&#39;") in page


def test_a_refused_joker_cites_the_rule_in_english_and_in_french(table: Table) -> None:
    data = {"rules": "rami", "meld": "5H 6H 7H", "cards": "JK"}
    page = table.post("/desk/extend", data).get_data(as_text=True)
    assert "a joker cannot be added to a meld already on the table" in page
    assert "The rule: A joker may be added to a meld on the table — no, from the Rami rulebook" in page
    page = in_french(table).post("/desk/extend", data).get_data(as_text=True)
    assert "non, les cartes ne peuvent pas être ajoutées" in page
    assert "un joker ne peut pas être ajouté à une combinaison déjà posée" in page
    assert "Un joker peut compléter une combinaison posée — non, d’après le livret du Rami" in page
    cited = page.index("Un joker peut compléter une combinaison posée")
    assert "joker_can_extend" not in page[:cited]  # the option's name only behind "for the command line", folded
    assert (
        '<summary>Pour la ligne de commande</summary><p><code class="option-name">--set joker_can_extend=…</code>'
        in page
    )


@pytest.mark.parametrize(
    ("rules", "melds", "valid", "words"),
    [
        pytest.param(
            "kaluki",
            {"before_0": "4D 5D 6D 7D", "after_0": "5D 6D 7D", "after_1": "4D 4H 4C"},
            "true",
            "From the hand: 4♥ 4♣",
            id="000: take the end of a run",
        ),
        pytest.param(
            "kaluki",
            {"before_0": "4D 5D 6D 7D 8D 9D", "after_0": "4D 5D JK", "after_1": "6D 7D JK", "after_2": "8D 9D JK"},
            "false",
            "would not keep three of its cards together in one meld",
            id="000: a meld torn apart",
        ),
        pytest.param(
            "rami",
            {"before_0": "6S 7S 8S 9S 10S", "after_0": "6S 7S 8S", "after_1": "8S 9S 10S"},
            "false",
            "The rule: Rearranging the melds on the table — never, from the Rami rulebook",
            id="rami: no manipulation by default",
        ),
    ],
)
def test_rearranging_the_table(table: Table, rules: str, melds: dict[str, str], valid: str, words: str) -> None:
    page = table.post("/desk/rearrange", {"rules": rules, **melds}).get_data(as_text=True)
    assert answer_of(page)["valid"] == valid
    assert words in page


def test_a_rearrangement_in_french(table: Table) -> None:
    data = {"rules": "kaluki", "before_0": "4D 5D 6D", "after_0": "5D 6D", "after_1": "4D 4H 4C"}
    page = in_french(table).post("/desk/rearrange", data).get_data(as_text=True)
    assert answer_of(page) == {"valid": "false", "penalty": "0", "laid": "0"}
    assert "Non\u00a0: les combinaisons ne peuvent pas être réarrangées ainsi." in page
    assert "la combinaison 1 après coup (5♦ 6♦) n’est pas valide" in page


def test_a_rearrangement_shows_what_it_lays(table: Table) -> None:
    """docs/rules.md §2, What a rearrangement lays: 001's "10 points (et non pas 15)", on the desk as in the command."""
    evening = table.evening(preset="rami", **{"house-table_rearrange": "manipulation"})
    data = {"rules": "evening", "before_0": "4D 5D 6D 7D", "after_0": "5D 6D 7D", "after_1": "4D 4H 4C"}
    page = table.post(f"{evening}/desk/rearrange", data).get_data(as_text=True)
    assert answer_of(page) == {"valid": "true", "penalty": "0", "laid": "10"}
    assert "This move lays 10 points: the cards from the hand, and the change in value of the cards moved" in page
    assert "4♦ 5♦ 6♦ 7♦ into 5♦ 6♦ 7♦ | 4♦ 4♥ 4♣" in table.get(evening).get_data(as_text=True)
    page = in_french(table).post(f"{evening}/desk/rearrange", data).get_data(as_text=True)
    assert "Ce coup pose 10 points" in page


@pytest.mark.parametrize(
    ("kind", "data"),
    [
        pytest.param("extend", {"meld": "5H 6H 7H", "cards": "8H"}, id="add to a meld"),
        pytest.param("rearrange", {"before_0": "4D 5D 6D 7D", "after_0": "5D 6D 7D", "after_1": "4D 4H 4C"}, id="re"),
    ],
)
def test_a_player_who_has_not_opened_is_answered_no_with_the_rule(
    table: Table, kind: str, data: dict[str, str]
) -> None:
    """docs/rules.md §2, Adding to the table: Ruling, not opened yet; the box unticked, the same cards are fine."""
    page = table.get(f"/desk/{kind}").get_data(as_text=True)
    assert 'name="not_opened"' in page and "I have not opened yet" in page
    page = table.post(f"/desk/{kind}", {"rules": "kaluki", **data, "not_opened": "y"}).get_data(as_text=True)
    assert answer_of(page)["valid"] == "false"
    assert "only a player who has opened may add to the melds on the table or rearrange them" in page
    assert "opening_threshold" in command_line_of(page) and "opening_threshold" not in cite_of(page)
    assert "il n&#39;est pas possible d&#39;intervenir réellement dans le jeu" in page  # 001's sentence, quoted
    assert answer_of(table.post(f"/desk/{kind}", {"rules": "kaluki", **data}).get_data(as_text=True))["valid"] == "true"
    page = in_french(table).post(f"/desk/{kind}", {"rules": "kaluki", **data, "not_opened": "y"}).get_data(as_text=True)
    assert "Je n’ai pas encore fait ma première pose" in page
    assert "seul un joueur qui a fait sa première pose peut compléter" in page


def test_an_identity_on_the_desk_under_the_evenings_house_rules(table: Table) -> None:
    """docs/rules.md §2, Identities: with `identities`, 7♥ 7♥ 7♥ is a meld in Rami (4 packs), worth 15."""
    evening = table.evening(preset="rami", **{"house-identities": "yes"})
    page = table.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "7H 7H 7H"}).get_data(as_text=True)
    assert answer_of(page) == {"valid": "true", "kind": "identity", "value": "15"}
    assert "valid — identity, 15 points" in page
    page = table.post(f"{evening}/desk/meld", {"rules": "evening", "cards": "7H 7H JK"}).get_data(as_text=True)
    assert "an identity holds copies of one card only: a joker cannot stand in it" in page
    assert "identities" in command_line_of(page) and "identities" not in cite_of(page)


@pytest.mark.parametrize(
    ("kind", "data", "message"),
    [
        pytest.param("extend", {"meld": "5H 6H 7H", "cards": "8X"}, "&#39;8X&#39; is not a card", id="unknown card"),
        pytest.param("extend", {"meld": "", "cards": "8H"}, "Tap or type the meld on the table.", id="no meld"),
        pytest.param("extend", {"meld": "5H 6H 7H", "cards": ""}, "Tap or type the cards you would add.", id="none"),
        pytest.param(
            "extend", {"meld": "5H 5H 6H 7H", "cards": "5H"}, "5♥ appears 3 times but only 2 packs", id="third 5H"
        ),
        pytest.param("rearrange", {"before_0": "", "after_0": "4D 5D 6D"}, "Tap or type a meld on the table.", id="no"),
        pytest.param("rearrange", {"before_0": "4D 5D 6D", "after_0": ""}, "Tap or type a meld it becomes.", id="to"),
        pytest.param(
            "rearrange", {"before_0": "4D 5D 6D", "after_0": "4D 5D 6D 7Q"}, "&#39;7Q&#39; is not a card", id="bad card"
        ),
    ],
)
def test_bad_building_questions_get_422_and_the_reason(
    table: Table, kind: str, data: dict[str, str], message: str
) -> None:
    response = table.post(f"/desk/{kind}", {"rules": "kaluki", **data}, htmx=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and message in page and '<section id="answer"' in page
    assert 'class="verdict-box' not in page


def test_without_javascript_the_answer_comes_in_the_whole_page(table: Table) -> None:
    response = table.post("/desk/extend", {"rules": "kaluki", "meld": "5H 6H 7H", "cards": "8H"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" in page and answer_of(page)["valid"] == "true"
    fragment = table.post("/desk/extend", {"rules": "kaluki", "meld": "5H 6H 7H", "cards": "8H"}, htmx=True)
    assert fragment.get_data(as_text=True).strip().startswith('<section id="answer"')
    assert "HX-Request" in fragment.headers["Vary"]


def test_a_building_ruling_is_kept_in_the_evening_log(table: Table) -> None:
    evening = table.evening()
    table.get(f"{evening}/desk/extend")
    table.post(f"{evening}/desk/extend", {"rules": "evening", "meld": "5H 6H 7H", "cards": "8H"})
    table.post(f"{evening}/desk/rearrange", {"rules": "evening", "before_0": "4D 5D 6D 7D", "after_0": "4D 5D 6D 7D"})
    shown = table.get(evening).get_data(as_text=True)
    assert "5♥ 6♥ 7♥ with 8♥" in shown and "yes: 5♥ 6♥ 7♥ 8♥, run, 26 points" in shown
    assert "4♦ 5♦ 6♦ 7♦ into 4♦ 5♦ 6♦ 7♦" in shown
