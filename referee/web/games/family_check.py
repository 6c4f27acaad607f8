"""The app's start check of every family's web part: what the web asks of a family, drawn once as the app is made.

For each family registered, its example game (`WebFamily.example`) is replayed and drawn as a phone would ask for it:
the rules page of each of its presets, its game page as the scorer sees it (the entry form, the buttons of its taps,
what its last entry did), the form correcting its first correctable entry, its start form on an evening, and the
player's own form where its players send their hands. A part that is missing, or that fails to draw, is named, and the
app refuses to start (`check_families`): never a 500 on a game's first page. A registry drawn once is not drawn again
by the next app of the process (a test makes many).
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

from flask import Flask, g, render_template

from referee.rules.families import FAMILIES as ENGINE_FAMILIES
from referee.rules.families import rules_for
from referee.rules.presets import PRESETS
from referee.services.evenings import Evening
from referee.services.games import Book, example_book
from referee.web.desk.rules_page import rules_shown
from referee.web.forms import house_rule_hints
from referee.web.games.families import FAMILIES, WebFamily
from referee.web.games.views import context_of, edit_page

_drawn: set[tuple[int, ...]] = set()  # the registries already drawn in this process, by their web parts' identities


def drawing_problems(app: Flask) -> list[str]:
    """What fails to draw of each family's web part, in words (its family and the screen, then the error); []."""
    drawn = tuple(id(web) for web in FAMILIES.values())
    if drawn in _drawn:
        return []
    problems = []
    for web in FAMILIES.values():
        problems += [f"{web.name}: {problem}" for problem in _family_problems(app, web)]
    if not problems:
        _drawn.add(drawn)
    return problems


def _family_problems(app: Flask, web: WebFamily) -> list[str]:
    """What fails to draw of `web`'s screens for its example game."""
    try:
        book = example_book(web.example)
    except Exception as error:  # the example itself: a record its family cannot read
        return [f"its example game does not read ({error})"]
    correctable = next(
        (n for n, entry in enumerate(book.entries, 1) if ENGINE_FAMILIES[web.name].correctable(entry.data["type"])),
        None,
    )
    screens: list[tuple[str, Callable[[], object]]] = [
        *((f"the rules page of {preset}", _rules_page(preset)) for preset in _presets(web.name)),
        ("its game page", lambda: render_template("games/_game.html", **context_of(book))),
        ("its start form", lambda: _start_form(web, book)),
    ]
    if correctable is None:
        return ["its example game has no entry corrected from its line"]
    slot = book.entries[correctable - 1].slot
    screens.append(
        ("its correction form", lambda: edit_page(book, web.screen.edit_form(book, correctable), slot, correctable))
    )
    if web.own is not None:
        screens.append(("a player's own form", lambda: _own_form(web, book)))
    problems = []
    with app.test_request_context():
        g.key, g.scorer, g.player_link, g.evening = "check", True, False, _evening(book)
        for name, draw in screens:
            try:
                draw()
            except Exception as error:
                problems.append(f"{name} does not draw ({type(error).__name__}: {error})")
    return problems


def _presets(family: str) -> list[str]:
    """The presets of `family`'s games."""
    games = ENGINE_FAMILIES[family].games
    return [name for name, preset in PRESETS.items() if preset.game in games]


def _rules_page(preset: str) -> Callable[[], object]:
    """Drawing the rules page of `preset`."""

    def draw() -> object:
        rules = rules_for(preset)
        return render_template("desk/rules.html", rules=rules, shown=rules_shown(rules), other_games=[], presets=[])

    return draw


def _evening(book: Book) -> Evening:
    """An evening of the example game's players."""
    return Evening(0, "check", "check-viewer", "", book.game.players, "kaluki", {}, Decimal("0.20"), "EUR", "", 0)


def _start_form(web: WebFamily, book: Book) -> object:
    """The family's start form on the example's evening (none is drawn when the evening cannot seat its game)."""
    form = web.start.form(_evening(book))
    if form is None:
        return ""
    hints = house_rule_hints(form.preset.data)
    return render_template(web.start.template, form=form, hints=hints, evening=_evening(book))


def _own_form(web: WebFamily, book: Book) -> object:
    """The player's own form for the example's next entry, as its first player fills it."""
    own = web.own
    assert own is not None  # noqa: S101 — asked only of a family that has one
    player = book.game.players[0]
    context = {"game": book.game, "form": own.form(book, player), "number": own.number(book), "player": player}
    return render_template(own.template, **context, **own.context(book))
