"""The group's season page: three evenings played through the app (a Kaluki, a Rami and a Kaiser game, a correction,
an evening imported twice and kept as a copy), every figure checked against the settle-ups and the game records."""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass
from html import unescape

import pytest
from flask import Flask

from referee.rules.game_record import read_game
from referee.storage.db import connect
from tests.web.conftest import Table
from tests.web.test_evening_backups import forms
from tests.web.test_groups import group_keys, next_evening
from tests.web.test_kaiser import hand, kaiser_fields

NS, EW = "Ana & Céline", "Ben & Driss"
FOUR = ["Ana", "Ben", "Céline", "Driss"]


@dataclass(frozen=True)
class Played:
    """The three evenings' scorer URLs, their games, and the group's two links."""

    group: str
    viewer: str
    evenings: tuple[str, str, str]
    games: tuple[str, ...]  # Friday's Kaluki and Kaiser, Saturday's Rami, Sunday's Kaluki
    copy: str  # Sunday imported again and kept as a copy


def signed(chips: int) -> str:
    """Chips as the page writes them: signed, and 0 without a sign."""
    return f"{chips:+d}" if chips else "0"


def ok(response: object) -> None:
    status = response.status_code  # type: ignore[attr-defined]
    assert status in (200, 303), response.get_data(as_text=True)[:2000]  # type: ignore[attr-defined]


def play(app: Flask, table: Table) -> Played:
    """Friday: a Kaluki game (with a buy-back and a correction) and a Kaiser game; Saturday: a Rami game; Sunday: a
    Kaluki game; then Sunday's export imported again and kept as a copy."""
    friday = table.evening(players="\n".join(FOUR), title="Friday")
    scorer, viewer = group_keys(app, friday)
    group = f"/g/{scorer}"

    kaluki = table.game(friday, ["Ana", "Ben", "Céline"])
    three = ["Ana", "Ben", "Céline"]
    ok(table.round(kaluki, "Ana", {"Ben": 30, "Céline": 40}, three))
    ok(table.round(kaluki, "Céline", {"Ana": 20, "Ben": 150}, three))  # Ben out at 180: he buys back
    ok(table.post(f"{kaluki}/buyback", {"player": "Ben"}))
    ok(table.round(kaluki, "Ana", {"Ben": 160, "Céline": 150}, three))  # both out: Ana wins
    correction = {"winner": "Ana", "finish": "out", "hand:Ben": "35", "hand:Céline": "45", "based_on": "0"}
    ok(table.post(f"{kaluki}/events/1", correction))  # the first round corrected: 35 and 45

    table.get(friday)
    seats = {"preset": "kaiser", "first": "Ana", "second": "Ben", "partner": "Céline", "second_partner": "Driss"}
    response = table.post(f"{friday}/games", kaiser_fields({**seats, "dealer": "Driss"}))
    assert response.status_code == 303, response.get_data(as_text=True)
    kaiser = response.headers["Location"]
    for _ in range(3):
        assert hand(table, kaiser, "Ana", 7, 6, NS, EW).status_code == 303  # Ana & Céline +18 a hand, to 54

    saturday = next_evening(table, group, players="Ana\nBen\nCéline", title="Saturday")
    rami = table.game(saturday, three, preset="rami-elimination")
    for hands in ({"Ben": 200, "Céline": 200}, {"Ben": 200, "Céline": 100}, {"Ben": 200, "Céline": 230}):
        ok(table.round(rami, "Ana", hands, three))

    sunday = next_evening(table, group, players="Ben\nDriss", title="Sunday")
    last = table.game(sunday, ["Ben", "Driss"])
    ok(table.round(last, "Driss", {"Ben": 150}, ["Ben", "Driss"]))

    exported = table.get(f"{sunday}/evening.json").get_data(as_text=True)
    choice = table.post("/import", {"text": exported})
    assert choice.status_code == 200  # this evening is here already: keep both, or replace
    _, keep = forms(choice.get_data(as_text=True))
    made = table.post("/import/choice", keep)
    assert made.status_code == 303
    return Played(
        group, f"/g/{viewer}", (friday, saturday, sunday), (kaluki, kaiser, rami, last), made.headers["Location"]
    )


@pytest.fixture
def played(app: Flask, table: Table) -> Played:
    return play(app, table)


def text(table: Table, url: str) -> str:
    response = table.get(url)
    assert response.status_code == 200, response.status_code
    html = response.get_data(as_text=True)
    return re.sub(r"\s+", " ", unescape(html[html.index("<main>") :]))


def settled(table: Table, evening: str) -> dict[str, int]:
    """The evening's result as its settle-up page shows it: each player's chips."""
    html = table.get(f"{evening}/settle").get_data(as_text=True)
    return {
        name: int(chips.replace("−", "-"))
        for name, chips in re.findall(r'<tr><td>([^<]+)</td><td class="num">([-+−0-9]+)</td>', html)
    }


def figures(html: str) -> dict[str, dict[str, str]]:
    """The standings' figures: player → figure → text."""
    found: dict[str, dict[str, str]] = {}
    for name, row in re.findall(r'<tr data-player="([^"]+)">(.*?)</tr>', html):
        cells = re.findall(r'<td class="[^"]*" data-figure="(\w+)">(.*?)</td>', row)
        # the page's minus sign (−) read as Python's, so that a figure reads as a number
        found[name] = {figure: re.sub(r"<[^>]+>", "", value).strip().replace("−", "-") for figure, value in cells}
    return found


def order(html: str) -> list[str]:
    return re.findall(r'<tr data-player="([^"]+)">', html)


def record(table: Table, game: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(table.get(f"{game}/game.json").get_data(as_text=True))
    return data


def history(table: Table, group: str, name: str, label: str) -> str:
    html = text(table, f"{group}/players/{name}")
    found = re.search(rf'<th scope="row">{re.escape(label)}</th><td class="num">([^<]+)</td>', html)
    assert found, label
    return found.group(1)


def test_every_figure_is_the_settle_ups_and_the_records(table: Table, played: Played) -> None:
    html = text(table, f"{played.group}/season")
    shown = figures(html)
    assert sorted(shown) == sorted(FOUR)

    # Chips: each evening's settle-up, added up; money is the chips at 0.20 EUR; the season adds up to zero.
    results = [settled(table, evening) for evening in played.evenings]
    chips = {name: sum(result.get(name, 0) for result in results) for name in FOUR}
    assert sum(chips.values()) == 0 and any(chips.values())
    for name in FOUR:
        assert shown[name]["chips"] == signed(chips[name])
        amount = abs(chips[name]) * 20
        sign = "+" if chips[name] > 0 else ("-" if chips[name] < 0 else "")
        assert shown[name]["money"] == f"{sign}€{amount // 100}.{amount % 100:02d}"

    # Evenings played, best and worst: the settle-ups again (Driss played Friday's Kaiser only: no chips then).
    for name in FOUR:
        sat = [n for n, evening in enumerate(played.evenings) if name in settled(table, evening)]
        assert shown[name]["evenings"] == str(len(sat))
        counted = [(results[n][name], n) for n in sat if name in results[n]]
        chip_evenings = [(c, n) for c, n in counted if not (name == "Driss" and n == 0)]
        best = max(chip_evenings, key=lambda item: item[0])
        worst = min(chip_evenings, key=lambda item: item[0])
        assert shown[name]["best"].endswith(f"{best[0]:+d}" if best[0] else " 0"), (name, shown[name]["best"])
        assert shown[name]["worst"].endswith(f"{worst[0]:+d}" if worst[0] else " 0"), (name, shown[name]["worst"])

    # Games played and won, buy-backs and the average penalty: the group's history of each player, which reads them
    # from the same records (every game here is over).
    for name in FOUR:
        assert shown[name]["games"] == history(table, played.group, name, "Games played")
        assert shown[name]["won"] == history(table, played.group, name, "Games won")
        assert shown[name]["buybacks"] == history(table, played.group, name, "Buy-backs")
        penalty = history(table, played.group, name, "Average penalty per round")
        assert shown[name]["penalty"] == ("–" if penalty == "–" else penalty), name

    # The records: who won each game (the Kaiser team's two players), and so the win rate.
    won = dict.fromkeys(FOUR, 0)
    sat_in = dict.fromkeys(FOUR, 0)
    for game in played.games:
        state = read_game(record(table, game)).standings()
        for name in FOUR:
            side = state.side_of(name) or name
            if name in state.still_in() or state.score_of(name) is not None:
                sat_in[name] += 1
                won[name] += state.winner == side
    for name in FOUR:
        assert shown[name]["won"] == str(won[name]) and shown[name]["games"] == str(sat_in[name])
        assert shown[name]["rate"] == f"{round(100 * won[name] / sat_in[name])} %"

    # Eliminations, read off the records: Ben at Friday's round 2 and 3, Céline at round 3; Saturday's last round
    # puts Ben and Céline out; Sunday's, Ben.
    assert {name: shown[name]["eliminations"] for name in FOUR} == {"Ana": "0", "Ben": "4", "Céline": "2", "Driss": "0"}
    # Kaiser: three hands, Ana & Céline 7 + 11 = 18 each, Ben & Driss -1 each (the hands' rule on the sheet).
    kaiser = table.get(played.games[1]).get_data(as_text=True)
    assert kaiser.count("scores 7 + 11 = 18") == 3 and kaiser.count("loses 1 point") == 3
    assert {name: shown[name]["points"] for name in FOUR} == {
        "Ana": "18.0",
        "Ben": "-1.0",
        "Céline": "18.0",
        "Driss": "-1.0",
    }
    # The first round was corrected: Ben 35, Céline 45 count, not 30 and 40.
    assert record(table, played.games[0])["events"][0]["hands"] == {"Ben": 35, "Céline": 45}  # type: ignore[index]

    # The leader: the most chips, marked as on the sheet.
    top = max(chips.values())
    leaders = [name for name in FOUR if chips[name] == top]
    for name in leaders:
        mark = '<span class="standing leader" aria-hidden="true">♛</span>'
        assert re.search(rf'<th scope="row" class="player-\d leader">{mark} <a [^>]+>{name}</a>', html)
    assert order(html)[0] in leaders


def test_head_to_head_and_partnerships(table: Table, played: Played) -> None:
    html = text(table, f"{played.group}/season")
    pairs = dict(re.findall(r'<tr data-pair="([^"]+)"><th scope="row">.*?</th><td class="num">([^<]+)</td>', html))
    # Friday's Kaluki: Ana wins, Ben and Céline out in the same round, Ben with the higher total. Friday's Kaiser:
    # Ana & Céline beat Ben & Driss (partners are not counted against each other). Saturday's Rami: Ana wins, Ben
    # (600) behind Céline (530), out together. Sunday: Driss beats Ben.
    assert pairs == {
        "Ana|Ben": "3 – 0",
        "Ana|Céline": "2 – 0",
        "Ana|Driss": "1 – 0",
        "Ben|Céline": "0 – 3",
        "Ben|Driss": "0 – 1",
        "Céline|Driss": "1 – 0",
    }
    games = dict(re.findall(r'<tr data-pair="([^"]+)">.*?<td class="num">[^<]+</td><td class="num">(\d+)</td>', html))
    assert games == {
        "Ana|Ben": "3", "Ana|Céline": "2", "Ana|Driss": "1", "Ben|Céline": "3", "Ben|Driss": "1", "Céline|Driss": "1",
    }  # fmt: skip
    teams = re.findall(
        r'<tr data-team="([^"]+)"><th scope="row">[^<]+</th><td class="num">(\d+)</td><td class="num">(\d+)</td>', html
    )
    assert teams == [("Ana|Céline", "1", "1"), ("Ben|Driss", "1", "0")]


def test_the_copy_kept_is_counted_once_and_a_correction_counts_at_once(table: Table, played: Played) -> None:
    html = text(table, f"{played.group}/season")
    assert "3 evenings · 4 finished games" in html
    copy_group = re.search(r'href="(/g/[^"]+)"', text(table, played.copy))
    assert copy_group
    copy = text(table, f"{copy_group.group(1)}/season")  # the copy is another evening, in a group of its own
    assert "1 evening · 1 finished game" in copy and "Ana" not in copy

    before = figures(html)["Ben"]["penalty"]
    correction = {"winner": "Driss", "finish": "out", "hand:Ben": "155", "based_on": "0"}
    ok(table.post(f"{played.games[3]}/events/1", correction))
    after = figures(text(table, f"{played.group}/season"))["Ben"]
    assert after["penalty"] != before
    assert after["penalty"] == history(table, played.group, "Ben", "Average penalty per round")


def test_filters_are_kept_in_the_url_and_each_season_adds_up_to_zero(table: Table, played: Played) -> None:
    for game, count in (("kaluki", 2), ("rami", 1), ("kaiser", 1)):
        html = text(table, f"{played.group}/season?game={game}")
        assert f"{count} finished game" in html
        assert f'<option value="{game}" selected>' in html
        shown = figures(html)
        if game != "kaiser":
            assert sum(int(row["chips"]) for row in shown.values()) == 0
        else:
            assert "chips" not in next(iter(shown.values()))  # Kaiser moves no chips: no chip column
        link = re.search(r'<a href="([^"]+sort=won[^"]*)"', html)
        assert link and f"game={game}" in link.group(1)  # a sort keeps the filter
    friday = settled(table, played.evenings[0])
    assert friday == {name: friday[name] for name in FOUR}
    html = text(table, f"{played.group}/season?to=1999-01-01")
    assert "No finished game for these choices yet." in html and 'value="1999-01-01"' in html
    html = text(table, f"{played.group}/season?game=nonsense&from=garbage")
    assert "3 evenings · 4 finished games" in html


def test_sorting_by_a_column_best_first(table: Table, played: Played) -> None:
    html = text(table, f"{played.group}/season")
    chips = [int(figures(html)[name]["chips"]) for name in order(html)]
    assert chips == sorted(chips, reverse=True)  # most chips first, by default
    html = text(table, f"{played.group}/season?sort=name")
    assert order(html) == ["Ana", "Ben", "Céline", "Driss"]
    assert 'aria-sort="ascending"' in html
    html = text(table, f"{played.group}/season?sort=won")
    won = [int(figures(html)[name]["won"]) for name in order(html)]
    assert won == sorted(won, reverse=True) and 'aria-sort="descending"' in html
    html = text(table, f"{played.group}/season?sort=penalty")
    penalties = [float(figures(html)[name]["penalty"]) for name in order(html) if figures(html)[name]["penalty"] != "–"]
    assert penalties == sorted(penalties)


def test_the_csv_has_the_page_s_figures_in_safe_cells(table: Table, played: Played) -> None:
    shown = figures(text(table, f"{played.group}/season"))
    response = table.get(f"{played.group}/season.csv")
    assert response.status_code == 200 and response.mimetype == "text/csv"
    assert 'filename="season.csv"' in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    head = rows[0]
    assert head[:9] == [
        "Player",
        "Evenings",
        "Games played",
        "Games won",
        "Win rate (%)",
        "Eliminations",
        "Buy-backs",
        "Other games won",  # every family's counts, in the registry's order
        "Net chips",
    ]
    assert "Money (EUR)" in head
    for row in rows[1:]:
        line = dict(zip(head, row, strict=True))
        name = line["Player"]
        assert line["Net chips"] == str(int(shown[name]["chips"]))
        assert line["Games played"] == shown[name]["games"] and line["Eliminations"] == shown[name]["eliminations"]
        assert f"€{line['Money (EUR)'].lstrip('-')}" in shown[name]["money"]
    assert sum(int(row[8]) for row in rows[1:]) == 0


def test_a_formula_in_a_name_is_written_as_text(app: Flask, table: Table) -> None:
    evening = table.evening(players="=HYPERLINK(1)\nBen")
    game = table.game(evening, ["=HYPERLINK(1)", "Ben"])
    ok(table.round(game, "Ben", {"=HYPERLINK(1)": 150}, ["=HYPERLINK(1)", "Ben"]))
    rows = list(
        csv.reader(io.StringIO(table.get(f"/g/{group_keys(app, evening)[0]}/season.csv").get_data(as_text=True)))
    )
    assert [row[0] for row in rows[1:]] == ["Ben", "'=HYPERLINK(1)"]
    assert rows[1][7] == "+4" or rows[1][7].lstrip("+").isdigit()


def test_both_links_read_it_and_a_stranger_gets_404(table: Table, played: Played) -> None:
    scorer = text(table, f"{played.group}/season")
    viewer = text(table, f"{played.viewer}/season")
    assert figures(scorer) == figures(viewer)
    assert played.group.rsplit("/", 1)[1] not in viewer  # no scorer's key behind the viewer's link
    assert table.get(f"{played.viewer}/season.csv").status_code == 200
    assert table.get("/g/nope/season").status_code == 404
    assert table.get("/g/nope/season.csv").status_code == 404
    assert f'href="{played.group}/season"' in text(table, played.group)  # reached from the group's page
    assert f'href="{played.viewer}/season"' in text(table, played.viewer)


def test_in_french_the_numbers_are_french(table: Table, played: Played) -> None:
    table.client.set_cookie("lang", "fr")
    html = text(table, f"{played.group}/season")  # the words come with the catalogue (.i18n/season.po)
    assert '<html lang="fr">' in table.get(f"{played.group}/season").get_data(as_text=True)
    shown = figures(html)
    assert shown["Ana"]["points"] == "18,0" and shown["Ben"]["points"] == "-1,0"
    assert re.fullmatch(r"[-+]?\d+,\d\d\s€", shown["Ben"]["money"]), shown["Ben"]["money"]


def test_a_date_range_keeps_the_evenings_of_those_days_and_their_settle_ups(table: Table, played: Played) -> None:
    db = connect(table.client.application.config["DATABASE"])
    for evening, day in zip(played.evenings, ("2026-01-02", "2026-01-03", "2026-01-04"), strict=True):
        db.execute("UPDATE evenings SET created_at = ? WHERE scorer_key = ?", [f"{day}T12:00:00+00:00", evening[3:]])
    db.conn.commit()
    for start, end, kept in (
        ("2026-01-03", "", (1, 2)),
        ("", "2026-01-03", (0, 1)),
        ("2026-01-03", "2026-01-03", (1,)),
    ):
        html = text(table, f"{played.group}/season?from={start}&to={end}")
        assert f"{len(kept)} evening" in html and f'value="{start or end}"' in html
        results = [settled(table, played.evenings[n]) for n in kept]
        shown = figures(html)
        for name, row in shown.items():
            total = sum(result.get(name, 0) for result in results)
            assert row.get("chips", "0") == signed(total), (start, end, name)
            assert row["evenings"] == str(sum(name in result for result in results))
        assert sum(int(row.get("chips", "0")) for row in shown.values()) == 0
    csv_link = re.search(r'href="([^"]+season\.csv[^"]*)"', text(table, f"{played.group}/season?from=2026-01-03"))
    assert csv_link and "from=2026-01-03" in csv_link.group(1)  # the CSV is the filtered season's


def test_a_game_being_played_waits_until_it_is_over(table: Table, played: Played) -> None:
    before = figures(text(table, f"{played.group}/season"))
    game = table.game(played.evenings[2], ["Ben", "Driss"])
    ok(table.round(game, "Ben", {"Driss": 40}, ["Ben", "Driss"]))
    html = text(table, f"{played.group}/season")
    assert "1 game is still being played: it counts once it is over." in html
    assert figures(html) == before
    ok(table.round(game, "Ben", {"Driss": 120}, ["Ben", "Driss"]))  # Driss out at 160: Ben wins
    after = figures(text(table, f"{played.group}/season"))
    assert int(after["Ben"]["games"]) == int(before["Ben"]["games"]) + 1
    assert int(after["Ben"]["won"]) == int(before["Ben"]["won"]) + 1
    assert after["Ben"]["chips"] == signed(sum(settled(table, e).get("Ben", 0) for e in played.evenings))
