"""Finding and keeping the app (#15): the QR codes other phones join by, the manifest, icons and service worker.

A QR code is read back the way a phone's camera would: its SVG drawn to pixels (resvg) and decoded (zxing-cpp).
"""

from __future__ import annotations

import io
import json
import re
from html import unescape
from typing import Any

import pytest
from flask import Flask
from PIL import Image
from werkzeug.test import TestResponse

from referee.web.app_shell import reachable
from tests.web.conftest import Table

QR = re.compile(r'<svg role="img" aria-label="([^"]+)".*?</svg>', re.DOTALL)


def read_qr_codes(html: str) -> dict[str, str]:
    """Every QR code of the page, decoded from its drawing: label → the text it holds."""
    import resvg_py
    import zxingcpp

    found = {}
    for match in QR.finditer(html):
        svg = match.group(0).replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
        image = Image.open(io.BytesIO(bytes(resvg_py.svg_to_bytes(svg_string=svg, zoom=2))))
        codes = zxingcpp.read_barcodes(image)
        assert len(codes) == 1, f"the QR code {match.group(1)!r} cannot be read"
        found[match.group(1)] = codes[0].text
    return found


def fetched(table: Table, url: str, **kwargs: Any) -> TestResponse:
    """The response to GET `url`, read whole and closed (a file's response holds the file open until then)."""
    response = table.client.get(url, **kwargs)
    response.get_data()
    response.close()
    return response


def links(table: Table, scorer: str) -> tuple[str, str]:
    """The evening's scorer and viewer links, as absolute URLs of the test client (http://localhost/…)."""
    page = table.get(scorer).get_data(as_text=True)
    viewer = re.search(r'href="(http://localhost/e/[^"]+)"', page.split("To follow the score")[1])
    assert viewer
    return f"http://localhost{scorer}", viewer.group(1)


# --- The QR codes --------------------------------------------------------------------------------------------------


def test_the_scorer_s_evening_page_shows_its_links_as_qr_codes_the_scorer_s_behind_a_tap(table: Table) -> None:
    scorer = table.evening(title="Friday")
    scorer_url, viewer_url = links(table, scorer)
    page = table.get(scorer).get_data(as_text=True)
    codes = read_qr_codes(page)
    display = codes.pop("QR code of the table's screen")  # #44: for a laptop or a television facing the table
    assert codes == {"QR code of the viewer link": viewer_url, "QR code of the scorer link": scorer_url}
    assert display.startswith("http://localhost/e/") and display.endswith("/display") and display != viewer_url
    hidden = page.split('<details class="scorer-qr">')[1].split("</details>")[0]
    assert "QR code of the scorer link" in hidden and "QR code of the viewer link" not in hidden
    assert 'data-share-url="' + viewer_url + '"' in page and 'data-share-title="Friday"' in page
    assert "<script>" not in page and " style=" not in page


def test_the_viewer_s_page_shows_the_viewer_link_s_qr_code_only(table: Table) -> None:
    scorer = table.evening()
    scorer_url, viewer_url = links(table, scorer)
    page = table.get(viewer_url.removeprefix("http://localhost")).get_data(as_text=True)
    assert read_qr_codes(page) == {"QR code of the viewer link": viewer_url}
    assert scorer_url not in page and "scorer-qr" not in page


def test_a_page_opened_on_the_server_s_machine_gives_the_lan_address_serve_found(app: Flask, table: Table) -> None:
    app.config["REFEREE_TABLE_URL"] = "http://192.168.1.20:8111/"
    scorer = table.evening()
    on_this_machine = {"base_url": "http://127.0.0.1:8111"}
    page = table.client.get(scorer, **on_this_machine).get_data(as_text=True)
    codes = read_qr_codes(page)
    assert codes["QR code of the viewer link"].startswith("http://192.168.1.20:8111/e/")
    assert codes["QR code of the scorer link"] == f"http://192.168.1.20:8111{scorer}"
    assert "other phones cannot open this address" not in page
    # Opened from a phone, by whatever address it used: that address.
    from_a_phone = table.client.get(scorer, base_url="http://10.0.0.7:8111").get_data(as_text=True)
    assert read_qr_codes(from_a_phone)["QR code of the scorer link"] == f"http://10.0.0.7:8111{scorer}"


def test_a_page_opened_on_loopback_without_a_lan_address_says_phones_cannot_open_it(table: Table) -> None:
    scorer = table.evening()
    page = table.client.get(scorer, base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert read_qr_codes(page)["QR code of the scorer link"] == f"http://127.0.0.1:5000{scorer}"
    assert "other phones cannot open this address" in page


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("http://127.0.0.1:8111/e/abc?x=1", "http://192.168.1.20:8111/e/abc?x=1"),
        ("http://localhost:8111/e/abc", "http://192.168.1.20:8111/e/abc"),
        ("http://[::1]:8111/e/abc", "http://192.168.1.20:8111/e/abc"),
        ("http://10.0.0.7:8111/e/abc", "http://10.0.0.7:8111/e/abc"),
        ("https://cards.example.org/e/abc", "https://cards.example.org/e/abc"),
    ],
)
def test_only_a_loopback_link_is_given_the_lan_address(app: Flask, url: str, expected: str) -> None:
    app.config["REFEREE_TABLE_URL"] = "http://192.168.1.20:8111/"
    with app.app_context():
        assert reachable(url) == expected


# --- Installing the app --------------------------------------------------------------------------------------------


def test_the_manifest_names_the_app_its_colours_and_icons_each_of_its_size(table: Table) -> None:
    response = table.get("/manifest.webmanifest")
    assert response.status_code == 200 and response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] and manifest["short_name"] == "referee"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] == "#0b6b3a" and manifest["background_color"] == "#fdfcf8"
    purposes = set()
    for icon in manifest["icons"]:
        served = fetched(table, icon["src"])
        assert served.status_code == 200 and served.mimetype == icon["type"], icon
        if icon["type"] == "image/png":
            width, height = Image.open(io.BytesIO(served.data)).size
            assert icon["sizes"] == f"{width}x{height}", icon
        purposes.add(icon.get("purpose", "any"))
    assert {icon["sizes"] for icon in manifest["icons"]} >= {"192x192", "512x512"}
    assert purposes == {"any", "maskable"}


def test_the_manifest_speaks_the_phone_s_language(table: Table) -> None:
    french = json.loads(table.get("/manifest.webmanifest", headers={"Accept-Language": "fr"}).get_data(as_text=True))
    assert french["lang"] == "fr" and french["description"].startswith("Tient")


@pytest.mark.parametrize(
    ("url", "size"),
    [("/favicon.ico", (48, 48)), ("/apple-touch-icon.png", (180, 180))],
)
def test_the_icons_browsers_ask_for_at_the_root_answer(table: Table, url: str, size: tuple[int, int]) -> None:
    response = fetched(table, url)
    assert response.status_code == 200
    image = Image.open(io.BytesIO(response.data))
    assert image.size == size
    if url == "/apple-touch-icon.png":
        assert image.convert("RGBA").getextrema()[3] == (255, 255)  # iOS wants it opaque


def test_every_page_links_the_manifest_the_theme_colour_and_the_icons(table: Table) -> None:
    page = table.get("/").get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<meta name="theme-color" content="#0b6b3a">' in page
    for icon in ('rel="icon" href="/static/icons/favicon.ico', 'rel="apple-touch-icon" href="/static/icons/apple-'):
        assert re.search(re.escape(icon) + r"[^?]*\?v=[0-9a-f]{12}\"", page), icon  # kept a year, like the scripts
    assert re.search(r'<script src="/static/js/phone\.js\?v=[0-9a-f]{12}" defer>', page)


def test_the_service_worker_is_served_from_the_root_and_never_kept_stale(table: Table) -> None:
    response = fetched(table, "/sw.js")
    assert response.status_code == 200 and response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response.headers["Cache-Control"]
    assert 'addEventListener("fetch"' in response.get_data(as_text=True)


def test_the_app_shell_lists_the_static_files_at_their_hashed_urls_and_each_answers(table: Table) -> None:
    shell = json.loads(table.get("/app-shell.json").get_data(as_text=True))
    assert shell["offline"] == "/offline"
    paths = [url.split("?")[0] for url in shell["static"]]
    assert {"/htmx.min.js", "/static/css/referee.css", "/static/js/phone.js"} <= set(paths)
    assert "/static/js/sw.js" not in paths
    for url in shell["static"]:
        assert re.search(r"\?v=[0-9a-f]{12}$", url), url
        assert table.get(url).status_code == 200, url
    offline = table.get("/offline")
    assert offline.status_code == 200 and "this phone has not kept a copy of this page" in offline.get_data(
        as_text=True
    )


def test_the_policy_lets_the_app_s_own_worker_and_manifest_load(table: Table) -> None:
    header = table.get("/").headers["Content-Security-Policy"]
    policy = dict(part.split(" ", 1) for part in header.split("; "))
    assert policy["worker-src"] == "'self'" and policy["manifest-src"] == "'self'"


def test_a_game_page_offers_to_keep_the_screen_on_the_scorer_s_by_default(table: Table) -> None:
    scorer = table.evening()
    game = table.game(scorer, ["A", "B"])
    toggle = re.compile(r'<p class="wake-lock" data-wake-lock hidden[^>]*>\s*<label><input type="checkbox" ([^>]*)>')
    found = toggle.search(table.get(game).get_data(as_text=True))
    assert found and found.group(1) == "data-wake-lock-toggle checked"
    page = table.get(game).get_data(as_text=True)  # the video that keeps it on over plain HTTP, served by the app
    for media in re.findall(r'data-(?:webm|mp4)="([^"]+)"', page):
        with table.client.get(unescape(media)) as served:
            assert served.status_code == 200 and served.mimetype.startswith("video/")
    assert len(re.findall(r'data-(?:webm|mp4)="/static/media/awake', page)) == 2
    _, viewer_url = links(table, scorer)
    viewer_game = viewer_url.removeprefix("http://localhost") + "/games/1"
    found = toggle.search(table.get(viewer_game).get_data(as_text=True))
    assert found and found.group(1) == "data-wake-lock-toggle"
