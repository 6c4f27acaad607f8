"""Responses compressed for the phones (gzip, brotli where accepted), static files at hashed URLs cached a year."""

from __future__ import annotations

import gzip
import hashlib
import re
from collections.abc import Callable
from pathlib import Path

import brotli
import pytest
from flask import Flask, make_response
from flask.typing import ResponseReturnValue
from werkzeug.test import TestResponse

from referee.web.assets import ONE_YEAR
from tests.web.conftest import Table

ROOT = Path(__file__).resolve().parents[2]
CSRF = re.compile(r'(name="csrf_token" type="hidden" value=|"X-CSRFToken": )"[^"]+"')
# The page's scripts and stylesheets (its manifest and icons are no text to compress: tests/web/test_app_shell.py).
ASSET = re.compile(r'<(?:script[^>]*\ssrc|link rel="stylesheet"[^>]*\shref)="(/[^"]+)"')
IMMUTABLE = f"public, max-age={ONE_YEAR}, immutable"


def same_page(one: bytes, other: bytes) -> bool:
    """The same page but for its CSRF tokens (signed afresh with the time)."""
    return CSRF.sub("TOKEN", one.decode()) == CSRF.sub("TOKEN", other.decode())


def vary(response: TestResponse) -> set[str]:
    return {part.strip().lower() for part in response.headers.get("Vary", "").split(",")}


@pytest.mark.parametrize(
    ("accepted", "encoding", "decompress"),
    [
        pytest.param("gzip, deflate", "gzip", gzip.decompress, id="plain HTTP: gzip"),
        pytest.param("gzip, deflate, br, zstd", "br", brotli.decompress, id="HTTPS: brotli"),
        pytest.param("br;q=0.5, gzip", "gzip", gzip.decompress, id="the client's preference"),
    ],
)
def test_a_page_comes_compressed_as_the_browser_accepts(
    table: Table, accepted: str, encoding: str, decompress: Callable[[bytes], bytes]
) -> None:
    plain = table.get("/")
    response = table.client.get("/", headers={"Accept-Encoding": accepted})
    assert response.headers["Content-Encoding"] == encoding
    assert int(response.headers["Content-Length"]) == len(response.get_data()) < len(plain.get_data())
    assert same_page(decompress(response.get_data()), plain.get_data())
    assert "accept-encoding" in vary(response) and "accept-encoding" in vary(plain)


def test_without_accept_encoding_nothing_is_compressed(table: Table) -> None:
    response = table.get("/")
    assert "Content-Encoding" not in response.headers
    assert response.get_data(as_text=True).startswith("<!doctype html>")


def test_an_htmx_partial_is_compressed_and_varies_on_both_headers(table: Table) -> None:
    page = table.get("/new")
    response = table.client.get("/new", headers={"HX-Request": "true", "Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    fragment = gzip.decompress(response.get_data()).decode()
    assert "<!doctype" not in fragment and 'id="new-evening"' in fragment
    assert len(fragment) < len(page.get_data())
    assert {"hx-request", "accept-encoding"} <= vary(response)


@pytest.fixture
def small(app: Flask) -> Flask:
    """The app with two extra routes: a tiny page and a bare 304."""

    @app.get("/test/tiny")
    def tiny() -> ResponseReturnValue:
        return "<p>tiny</p>"

    @app.get("/test/unchanged")
    def unchanged() -> ResponseReturnValue:
        return make_response("", 304)

    return app


@pytest.mark.parametrize("url", ["/test/tiny", "/test/unchanged"])
def test_tiny_bodies_and_304s_are_sent_as_they_are(small: Flask, url: str) -> None:
    response = small.test_client().get(url, headers={"Accept-Encoding": "gzip, br"})
    assert "Content-Encoding" not in response.headers
    assert response.get_data() in (b"<p>tiny</p>", b"")


def test_static_urls_in_a_page_carry_the_hash_of_the_file(table: Table) -> None:
    page = table.get("/").get_data(as_text=True)
    assets = ASSET.findall(page)
    stylesheet = next(url for url in assets if url.startswith("/static/css/referee.css"))
    expected = hashlib.sha256((ROOT / "static" / "css" / "referee.css").read_bytes()).hexdigest()[:12]
    assert stylesheet == f"/static/css/referee.css?v={expected}"
    assert any(url.startswith("/htmx.min.js?v=") for url in assets)
    assert all(re.search(r"\?v=[0-9a-f]{12}$", url) for url in assets), assets


def test_hashed_static_urls_are_cached_for_a_year(table: Table) -> None:
    for url in ASSET.findall(table.get("/").get_data(as_text=True)):
        response = table.client.get(url, headers={"Accept-Encoding": "gzip"})
        body = response.get_data()
        response.close()
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == IMMUTABLE, url
        assert response.headers["Content-Encoding"] == "gzip" and gzip.decompress(body), url


def test_a_hashed_static_file_asked_again_is_304_and_still_immutable(table: Table) -> None:
    url = next(u for u in ASSET.findall(table.get("/").get_data(as_text=True)) if u.startswith("/static/"))
    first = table.client.get(url, headers={"Accept-Encoding": "br"})
    first.close()
    again = table.client.get(url, headers={"Accept-Encoding": "br", "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""
    assert "Content-Encoding" not in again.headers
    assert again.headers["Cache-Control"] == IMMUTABLE


@pytest.mark.parametrize(
    "url",
    [
        pytest.param("/static/css/referee.css", id="static without the hash"),
        pytest.param("/static/css/referee.css?v=000000000000", id="static with an old hash"),
        pytest.param("/htmx.min.js", id="htmx without the hash"),
    ],
)
def test_a_static_url_without_the_current_hash_is_not_immutable(table: Table, url: str) -> None:
    response = table.get(url)
    response.close()
    assert response.status_code == 200
    assert "immutable" not in response.headers.get("Cache-Control", "")
    assert "31536000" not in response.headers.get("Cache-Control", "")
