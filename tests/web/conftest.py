"""The app on a fresh database, and a client that reads the CSRF token off the page like a browser."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from referee import create_app

TOKEN = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"|"X-CSRFToken": "([^"]+)"')


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})
    yield app


class Table:
    """A test client that posts forms with the CSRF token the page gave it."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.token = ""

    def get(self, url: str, **kwargs: Any) -> TestResponse:
        response = self.client.get(url, **kwargs)
        found = TOKEN.search(response.get_data(as_text=True))
        if found:
            self.token = found.group(1) or found.group(2)
        return response

    def post(self, url: str, data: dict[str, Any] | None = None, *, htmx: bool = False, **kwargs: Any) -> TestResponse:
        if not self.token:
            self.get("/new")
        headers = {"HX-Request": "true", "X-CSRFToken": self.token} if htmx else {}
        form = {"csrf_token": self.token, **(data or {})}
        return self.client.post(url, data=form, headers=headers, **kwargs)

    def evening(self, players: str = "A\nB\nC\nD", **fields: Any) -> str:
        """Create an evening and return its scorer URL."""
        data = {"players": players, "preset": "kaluki", "chip_value": "0.20", "currency": "EUR", **fields}
        response = self.post("/new", data)
        assert response.status_code == 303, response.get_data(as_text=True)
        return response.headers["Location"]

    def game(self, evening: str, players: list[str], preset: str = "kaluki", dealer: str | None = None) -> str:
        """Start a game of the evening and return its URL."""
        data = {"preset": preset, "players": players, "first_dealer": dealer or players[0]}
        response = self.post(f"{evening}/games", data)
        assert response.status_code == 303, response.get_data(as_text=True)
        return response.headers["Location"]

    def round(self, game: str, winner: str, hands: dict[str, Any], players: list[str], **extra: Any) -> TestResponse:
        """Record a round: `hands` maps each loser to cards or points; `players` are the ones still in."""
        data: dict[str, Any] = {"winner": winner, "finish": extra.pop("finish", "out")}
        for name in players:
            data[f"hand:{name}"] = str(hands.get(name, ""))
        data.update(extra)
        return self.post(f"{game}/rounds", data)


@pytest.fixture
def table(app: Flask) -> Table:
    return Table(app.test_client())
