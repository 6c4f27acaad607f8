"""Groups on the web: the group's page, its next evening filled in, its players' histories and names, its keys."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask

from referee.storage.db import connect
from tests.web.conftest import Table


def page(table: Table, url: str) -> str:
    """The page's main part, its spaces squeezed (the head's title names the group)."""
    response = table.get(url)
    assert response.status_code == 200, response.status_code
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", unescape(html[html.index("<main>") :]))


def group_keys(app: Flask, evening: str) -> tuple[str, str]:
    """The scorer and viewer keys of the group of the evening at the scorer URL `evening`."""
    db = connect(app.config["DATABASE"])
    row = db.execute(
        "SELECT groups.scorer_key, groups.viewer_key FROM groups JOIN evenings ON evenings.group_id = groups.id "
        "WHERE evenings.scorer_key = ?",
        [evening.rsplit("/", 1)[1]],
    ).fetchone()
    return str(row[0]), str(row[1])


def listed(html: str) -> str:
    """The group page's list of evenings."""
    return html[html.index('id="group-evenings"') : html.index("</ul>", html.index('id="group-evenings"'))]


def viewer_of(app: Flask, evening: str) -> str:
    db = connect(app.config["DATABASE"])
    row = db.execute("SELECT viewer_key FROM evenings WHERE scorer_key = ?", [evening.rsplit("/", 1)[1]]).fetchone()
    return f"/e/{row[0]}"


def next_evening(table: Table, group: str, players: str = "A\nB", **fields: str) -> str:
    """Start the group's next evening; return its scorer URL."""
    data = {"players": players, "preset": "kaluki", "chip_value": "0.20", "currency": "EUR", **fields}
    response = table.post(f"{group}/new", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return str(response.headers["Location"])


def number(html: str, label: str) -> str:
    found = re.search(rf"<th scope=\"row\">{re.escape(label)}</th><td class=\"num\">([^<]+)</td>", html)
    assert found, f"no {label!r} on the page"
    return found.group(1)


def test_an_evening_from_new_has_a_group_of_its_own_that_only_its_scorer_link_shows(app: Flask, table: Table) -> None:
    evening = table.evening(title="Friday")
    scorer, viewer = group_keys(app, evening)
    assert f'href="/g/{scorer}"' in page(table, evening)
    html = page(table, viewer_of(app, evening))
    assert scorer not in html and viewer not in html and "/g/" not in html  # a viewer reaches this evening only
    other = table.evening()
    assert group_keys(app, other)[0] != scorer  # each evening from /new starts a group of its own


def test_the_group_page_lists_its_evenings_the_one_being_played_first(app: Flask, table: Table) -> None:
    first = table.evening(players="A\nB", title="First")
    group = f"/g/{group_keys(app, first)[0]}"
    table.game(first, ["A", "B"])  # a game not over: the evening is being played
    second = next_evening(table, group, title="Second")
    html = listed(page(table, group))
    assert html.index("First") < html.index("Second")  # the one being played first, although older
    assert html.count("being played") == 1
    assert f'href="{first}"' in html and f'href="{second}"' in html  # the scorer's link opens them to score
    assert group_keys(app, second)[0] == group.rsplit("/", 1)[1]  # the evening from the group's page joined it
    assert f'href="{group}/new"' in page(table, group)


def test_newest_first_when_none_is_being_played(app: Flask, table: Table) -> None:
    first = table.evening(title="Older")
    group = f"/g/{group_keys(app, first)[0]}"
    next_evening(table, group, title="Newer")
    html = listed(page(table, group))
    assert html.index("Newer") < html.index("Older") and "being played" not in html


def test_the_group_s_viewer_link_reads_and_never_writes(app: Flask, table: Table) -> None:
    evening = table.evening(title="Friday")
    scorer, viewer = group_keys(app, evening)
    html = page(table, f"/g/{viewer}")
    assert "Friday" in html and f'href="{viewer_of(app, evening)}"' in html
    assert evening not in html and scorer not in html  # no scorer's key behind the viewer's link
    assert f"/g/{viewer}/new" not in html
    assert table.get(f"/g/{viewer}/new").status_code == 403
    response = table.post(
        f"/g/{viewer}/new", {"players": "A\nB", "preset": "kaluki", "chip_value": "0", "currency": ""}
    )
    assert response.status_code == 403
    assert connect(app.config["DATABASE"]).table("evenings").count == 1  # nothing made
    assert table.get("/g/nope").status_code == 404


def test_the_next_evening_is_filled_in_with_the_group_s_players_and_house_rules(app: Flask, table: Table) -> None:
    evening = table.evening(
        players="Ana\nBen\nCleo", chip_value="0.50", currency="CHF", **{"house-opening_threshold": "51"}
    )
    group = f"/g/{group_keys(app, evening)[0]}"
    form = table.get(f"{group}/new").get_data(as_text=True)
    assert re.search(r"<textarea[^>]*>\s*Ana\nBen\nCleo</textarea>", form)
    assert re.search(r'id="house-opening_threshold"[^>]*value="51"|value="51"[^>]*id="house-opening_threshold"', form)
    assert re.search(r'id="chip_value"[^>]*value="0.50"|value="0.50"[^>]*id="chip_value"', form)
    assert re.search(r'id="currency"[^>]*value="CHF"|value="CHF"[^>]*id="currency"', form)
    new = next_evening(table, group, players="Ana\nBen\nCleo", **{"house-opening_threshold": "51"})
    assert (
        "opening_threshold"
        in connect(app.config["DATABASE"])
        .execute("SELECT options FROM evenings WHERE scorer_key = ?", [new.rsplit("/", 1)[1]])
        .fetchone()[0]
    )


def test_a_bad_next_evening_is_refused_on_its_form_and_makes_nothing(app: Flask, table: Table) -> None:
    evening = table.evening()
    group = f"/g/{group_keys(app, evening)[0]}"
    response = table.post(f"{group}/new", {"players": "A", "preset": "kaluki", "chip_value": "0", "currency": ""})
    assert response.status_code == 422
    assert "A game needs at least two players." in response.get_data(as_text=True)
    assert connect(app.config["DATABASE"]).table("evenings").count == 1


def test_name_suggestions_are_the_group_s_only(app: Flask, table: Table) -> None:
    ours = table.evening(players="Ana\nBen")
    next_evening(table, f"/g/{group_keys(app, ours)[0]}", players="Ana\nCleo")
    table.evening(players="Zoé\nYves")  # a stranger's group
    form = table.get(f"/g/{group_keys(app, ours)[0]}/new").get_data(as_text=True)
    datalist = re.search(r'<datalist id="known-names">(.*?)</datalist>', form, re.S)
    assert datalist and re.findall(r'<option value="([^"]+)">', datalist.group(1)) == ["Ana", "Ben", "Cleo"]
    assert "Zoé" not in form and "Yves" not in form
    assert "Ana" not in table.get("/new").get_data(as_text=True)  # without a key, nobody's names


def test_histories_cover_the_group_s_evenings_and_never_another_group_s(app: Flask, table: Table) -> None:
    friday = table.evening(players="A\nB", title="Friday")
    group = f"/g/{group_keys(app, friday)[0]}"
    game = table.game(friday, ["A", "B"])
    assert table.round(game, "B", {"A": 30}, ["A", "B"]).status_code in (200, 303)
    saturday = next_evening(table, group, players="A\nC", title="Saturday")
    game = table.game(saturday, ["A", "C"])
    assert table.round(game, "A", {"C": 20}, ["A", "C"]).status_code in (200, 303)
    stranger = table.evening(players="A\nD", title="Elsewhere")  # another group, a player of the same name
    table.game(stranger, ["A", "D"])

    html = page(table, f"{group}/players/A")
    html = html[html.index("</h1>") :]  # past the way back to the group, named after its first evening
    assert "Friday" in html and "Saturday" in html and "Elsewhere" not in html
    assert number(html, "Games played") == "2" and number(html, "Rummy rounds played") == "2"
    assert f'href="{saturday}/games/1"' in html and f'href="{friday}/games/1"' in html  # the scorer's links
    assert html.index("Saturday") < html.index("Friday")  # newest first

    theirs = f"/g/{group_keys(app, stranger)[0]}"
    html = page(table, f"{theirs}/players/A")
    assert "Friday" not in html and "Saturday" not in html and number(html, "Games played") == "1"
    html = page(table, theirs)
    assert "Friday" not in html and "Saturday" not in html and ">B<" not in html and ">C<" not in html
    assert table.get(f"{theirs}/players/B").status_code == 404  # not one of their players
    assert table.get(f"{group}/players/D").status_code == 404

    viewer = f"/g/{group_keys(app, friday)[1]}"
    html = page(table, f"{viewer}/players/A")
    assert friday not in html and saturday not in html  # the viewer's links, never the scorer's
    assert f'href="{viewer_of(app, saturday)}/games/1"' in html


def test_an_evening_s_history_stays_that_evening_s(app: Flask, table: Table) -> None:
    friday = table.evening(players="A\nB", title="Friday")
    table.game(friday, ["A", "B"])
    saturday = next_evening(table, f"/g/{group_keys(app, friday)[0]}", players="A\nB", title="Saturday")
    table.game(saturday, ["A", "B"])
    html = page(table, f"{saturday}/players/A")
    assert number(html, "Games played") == "1" and "Friday" not in html


def test_the_home_page_lists_nothing_from_the_server(app: Flask, table: Table) -> None:
    evening = table.evening(title="Friday")
    html = table.get("/").get_data(as_text=True)
    assert "data-remembered hidden" in html and "Friday" not in html
    assert "/e/" not in html and "/g/" not in html and group_keys(app, evening)[0] not in html
    assert re.search(r'<script src="/static/js/remember\.js[^"]*" defer>', html)
