"""What a round's answer draws once and what it draws fresh (#22): the card picker once per language and pack, the
round form's fields by hand, each write button its own one-time key, WTForms' messages still in the reader's
language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask, template_rendered

from tests.web.conftest import Table

ALL = ["A", "B", "C", "D"]
PICKER = "games/rummy/_picker.html"


@pytest.fixture(autouse=True)
def nothing_kept(app: Flask) -> None:
    """What the app drew and kept as it was made (its families' pages, the first app of a process) is forgotten: each
    test counts its own draws, whichever test runs first."""
    app.extensions.pop("drawn_once", None)


@pytest.fixture
def drawn(app: Flask) -> Iterator[list[str]]:
    """The names of the templates rendered on their own (not included) while the test runs."""
    names: list[str] = []

    def seen(sender: Any, template: Any, context: Any, **extra: Any) -> None:
        names.append(template.name)

    template_rendered.connect(seen, app)
    yield names
    template_rendered.disconnect(seen, app)


def _html(response: Any) -> str:
    return str(response.get_data(as_text=True))


def test_the_card_picker_is_drawn_once_per_language_and_pack(table: Table, drawn: list[str]) -> None:
    """Two pages and a round in English draw the picker once; French draws its own, with R, D, V."""
    game = table.game(table.evening(), ALL)
    english = _html(table.get(game))
    table.round(game, "A", {"B": "5H", "C": "12", "D": "KS"}, ALL)
    again = _html(table.get(game))
    assert drawn.count(PICKER) == 1
    assert english.count('data-card="QH"') == again.count('data-card="QH"') == 1
    assert 'aria-label="Q♥"' in english
    table.client.set_cookie("lang", "fr")
    french = _html(table.get(game))
    assert drawn.count(PICKER) == 2
    assert 'aria-label="D♥"' in french and 'data-typed="R♠"' in french
    assert "Cartes pour" in french


def test_rami_s_picker_has_the_next_meld_button_and_kaluki_s_does_not(table: Table) -> None:
    """The picker drawn for a form with laid cards is not the one drawn for Kaluki's, though both are kept."""
    evening = table.evening()
    kaluki = _html(table.get(table.game(evening, ALL)))
    rami = _html(table.get(table.game(evening, ALL, "rami")))
    assert "data-meld" not in kaluki
    assert "data-meld hidden" in rami


def test_a_refused_round_keeps_what_was_typed_and_tapped_escaped(table: Table) -> None:
    """The hand-written inputs keep the winner, the finish and every hand as sent, markup escaped."""
    game = table.game(table.evening(), ALL)
    table.get(game)
    sent = {"winner": "C", "finish": "all_in_one", "hand:A": "<b>7H", "hand:B": '"KS', "hand:D": "9Z"}
    answer = _html(table.post(f"{game}/rounds", sent, htmx=True))
    assert '<input checked data-winner="" id="winner-2" name="winner" required type="radio" value="C">' in answer
    assert '<input checked id="finish-1" name="finish" type="radio" value="all_in_one">' in answer
    assert 'name="hand:A" spellcheck="false" type="text" value="&lt;b&gt;7H">' in answer
    assert 'name="hand:B" spellcheck="false" type="text" value="&#34;KS">' in answer
    assert 'id="hand-3" name="hand:D"' in answer and 'value="9Z"' in answer
    assert answer.count("checked") == 2


def test_every_write_button_of_a_round_s_answer_has_its_own_key_and_the_page_s_token(table: Table) -> None:
    """The entry, void, reshuffle and undo forms each carry a fresh key and the token; a void is then taken as sent."""
    game = table.game(table.evening(), ALL)
    table.get(game)
    answer = _html(
        table.post(f"{game}/rounds", {"winner": "A", "hand:B": "5H", "hand:C": "3", "hand:D": "KS"}, htmx=True)
    )
    keys = re.findall(r'<input name="submission" type="hidden" value="([^"]+)">', answer)
    tokens = set(re.findall(r'<input name="csrf_token" type="hidden" value="([^"]+)">', answer))
    assert len(keys) == len(set(keys)) == 4  # the round form, void, reshuffle, undo
    assert len(tokens) == 1  # one token for the page (signed with the time: not always the last page's text)
    table.token = tokens.pop()  # the void below is sent with the answer's own token
    void = re.search(r'action="([^"]+/void)"', answer)
    assert void is not None
    first = table.post(void[1], {"submission": keys[1], "seen": "1"}, htmx=True)
    second = table.post(void[1], {"submission": keys[1], "seen": "1"}, htmx=True)  # a double tap: recorded once
    assert first.status_code == second.status_code == 200
    assert re.search(r"/live\?v=(\d+)", _html(table.get(game)))[1] == "2"  # type: ignore[index]  # a round, one void


def test_wtforms_own_messages_follow_the_reader_s_language(table: Table) -> None:
    """A joker count that is not a number is refused in WTForms' words, in English and then in French."""
    game = table.game(table.evening(), ALL, "rami")
    table.get(game)
    sent = {"winner": "A", "hand:B": "5H", "hand:C": "3", "hand:D": "KS", "jokers:B": "x"}
    assert "Not a valid integer value." in _html(table.post(f"{game}/rounds", sent, htmx=True))
    table.client.set_cookie("lang", "fr")
    assert "N&#39;est pas un entier valide." in _html(table.post(f"{game}/rounds", sent, htmx=True))


def _round_forms_kept(app: Flask) -> list[tuple[Any, ...]]:
    """The keys of the blank round forms' fields the app keeps: (language, (layout, sending))."""
    return [key for key in app.extensions.get("drawn_once", {}) if key[1][0][0] == "round form"]


def _fields(page: str) -> str:
    """A round form's fields: from the winner's choices to the card picker."""
    found = re.search(r'<fieldset class="choices">.*?(?=\s*<div class="picker")', page, re.S)
    assert found is not None
    return found.group(0)


def test_a_blank_round_form_is_drawn_once_per_players_and_language_and_never_with_what_was_typed(
    app: Flask, table: Table
) -> None:
    """#36: a round's answer draws the blank form's fields from what the page drew, for the same players and language
    only; a refused form shows what was typed, and the next blank one is blank again."""
    evening = table.evening()
    four, three = table.game(evening, ALL), table.game(evening, ["A", "B", "C"])
    page = _html(table.get(four))
    assert len(_round_forms_kept(app)) == 1
    answer = _html(
        table.post(f"{four}/rounds", {"winner": "A", "hand:B": "5H", "hand:C": "3", "hand:D": "KS"}, htmx=True)
    )
    assert _fields(answer) == _fields(page) and len(_round_forms_kept(app)) == 1  # the same fields, kept
    other = _html(table.get(three))
    assert 'name="hand:C"' in _fields(other) and 'name="hand:D"' not in _fields(other)
    assert len(_round_forms_kept(app)) == 2
    refused = _html(table.post(f"{three}/rounds", {"winner": "A", "hand:B": "9Z", "hand:C": "3"}, htmx=True))
    assert 'value="9Z"' in refused and len(_round_forms_kept(app)) == 2  # drawn as typed, not kept
    assert 'value="9Z"' not in _html(table.get(three)) and 'value=""' in _fields(_html(table.get(three)))
    table.client.set_cookie("lang", "fr")
    french = _fields(_html(table.get(four)))
    assert "Qui est sorti" in french and "Who went out" not in french and len(_round_forms_kept(app)) == 3


def _picker(page: str) -> tuple[str, int]:
    """The card picker's id on a page, and how many cards it shows."""
    found = re.search(r'<div class="picker" hidden data-picker id="(picker-\w+)"(.*?)<button type="submit"', page, re.S)
    assert found is not None
    return found.group(1), found.group(2).count("data-card=")


def test_a_round_s_answer_keeps_the_picker_the_phone_shows(table: Table) -> None:
    """#45: the 57 buttons of the card picker are not sent again with each round: the answer's picker is empty, under
    the id of the page's (htmx keeps the phone's), and says where a phone without it finds it whole."""
    evening = table.evening()
    game = table.game(evening, ALL)
    page = _html(table.get(game))
    shown, cards = _picker(page)
    assert cards == 53  # 52 cards and the joker
    answer = _html(
        table.post(f"{game}/rounds", {"winner": "A", "hand:B": "5H", "hand:C": "3", "hand:D": "KS"}, htmx=True)
    )
    assert _picker(answer) == (shown, 0)
    assert f'id="{shown}" hx-preserve="true" data-picker-from="{game}"' in answer
    assert _picker(_html(table.get(game)))[1] == 53  # the page itself draws it whole
    refused = _html(table.post(f"{game}/rounds", {"winner": "A", "hand:B": "9Z", "hand:C": "3"}, htmx=True))
    assert _picker(refused) == (shown, 53)  # a refusal draws it whole, as the page does
    table.client.set_cookie("lang", "fr")
    french, _ = _picker(_html(table.get(game)))
    assert french != shown  # another language's picker (R D V) is never kept for this one's
    rami = table.game(evening, ALL, "rami")
    assert _picker(_html(table.get(rami)))[0] not in (shown, french)  # nor another game's cards
