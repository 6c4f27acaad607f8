"""The error pages: the app's own page in the reader's language, with the status, a way back, and nothing saved."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

from tests.web.conftest import Table

WAYS_BACK = {"en": ("Back to the start", "Back to the evening"), "fr": ("Retour à l’accueil", "Retour à la soirée")}


def page_of(response: Any) -> str:
    text: str = response.get_data(as_text=True)
    assert 'rel="stylesheet"' in text and 'class="bar"' in text, "the app's own page, styled"
    return text


@pytest.mark.parametrize(
    ("language", "title"), [("en", "Page not found"), ("fr", "Page introuvable")], ids=["en", "fr"]
)
def test_an_unknown_address_is_a_404_page_in_the_reader_s_language(table: Table, language: str, title: str) -> None:
    response = table.get("/e/no-such-evening", headers={"Accept-Language": language})
    assert response.status_code == 404
    text = page_of(response)
    assert f"<h1>{title}</h1>" in text and f'lang="{language}"' in text
    start, evening = WAYS_BACK[language]
    assert f'href="/">{start}</a>' in text and evening not in text  # no evening to go back to


def test_a_missing_game_of_an_evening_leads_back_to_the_evening(table: Table) -> None:
    evening = table.evening()
    response = table.get(f"{evening}/games/99")
    assert response.status_code == 404
    path = re.sub(r"^https?://[^/]+", "", evening)
    assert f'href="{path}">Back to the evening</a>' in page_of(response)


def test_a_write_through_the_viewer_s_link_is_a_403_page_and_saves_nothing(table: Table) -> None:
    evening = table.evening()
    viewer = re.findall(r'href="(?:http://localhost)?(/e/[^"/]+)"', table.get(evening).get_data(as_text=True))
    viewer_path = next(path for path in viewer if not evening.endswith(path))
    response = table.post(f"{viewer_path}/games", {"preset": "kaluki", "players": ["A", "B"], "first_dealer": "A"})
    assert response.status_code == 403
    text = page_of(response)
    assert "<h1>Read-only link</h1>" in text and "Nothing was saved" in text
    assert "Game 1" not in table.get(evening).get_data(as_text=True)


def test_a_server_error_is_a_page_that_says_nothing_was_saved(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table(app.test_client())
    evening = table.evening()

    def broken(*args: Any) -> None:
        raise RuntimeError("the storage broke")

    monkeypatch.setattr("referee.services.evenings.games_of", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False  # as served
    response = table.get(evening, headers={"Accept-Language": "fr"})
    assert response.status_code == 500
    text = page_of(response)
    assert "<h1>Un problème est survenu</h1>" in text and "n’a rien enregistré" in text
    assert "Erreur 500" in text


def test_an_expired_form_says_so(app: Flask) -> None:
    app.config["WTF_CSRF_ENABLED"] = True
    response = app.test_client().post("/new", data={"players": "A\nB", "csrf_token": "stale"})
    assert response.status_code == 400
    assert "<h1>The form has expired</h1>" in page_of(response)
