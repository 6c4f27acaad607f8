"""A family's one-tap entries (`/void`, `/buyback`, `/reshuffle`, `/passed`: its `Tap`s), routed when the app is made
from the family registry, so a family registered later (a test's toy) has its taps routed as the built-in ones do.

Each tap answers through the game views' answers (`Sheet`): the entry it adds, or the entry form with its refusal."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, g, redirect, url_for
from flask.typing import ResponseReturnValue
from flask_babel import lazy_gettext as _l

from referee.services.games import Book
from referee.web.games.families import FAMILIES, screen_of, web_family_of
from referee.web.games.screens import Entered
from referee.web.games.views import bp, context_of, game_behind_link, offered, refused
from referee.web.htmx import render, wants_fragment

NOT_HERE = _l("This game has no such entry: nothing was saved.")  # a tap of another family's games


class TapAnswers:
    """What a family's taps answer with (`screens.Sheet`): the game views' answers."""

    def offered(self, book: Book, event: Entered, *, decided: bool = False) -> ResponseReturnValue:
        """Add the entry `event(book, form)` describes."""
        return offered(book, event, decided=decided)

    def refused(self, book: Book, reason: str) -> ResponseReturnValue:
        """The entry form with `reason` (422)."""
        return refused(book, screen_of(book.family).entry_form(book), reason)

    def entry_again(self, book: Book) -> ResponseReturnValue:
        """The next entry as it stands now: the page for a plain form, the entry for htmx."""
        if not wants_fragment():
            return redirect(url_for("games.show", key=g.key, number=book.game.number, _anchor="entry"), 303)
        return render("games/show.html", "games/_entry.html", **context_of(book, log=False))


def tapped(name: str) -> Callable[[str, int], ResponseReturnValue]:
    """The view of the tap `name`; refused (422) on a game whose family has no such tap."""

    def view(key: str, number: int) -> ResponseReturnValue:
        book = game_behind_link(key, number, writing=True)
        tap = next((tap for tap in web_family_of(book.family).taps if tap.name == name), None)
        if tap is None:
            return refused(book, screen_of(book.family).entry_form(book), str(NOT_HERE))
        return tap.answer(book, TapAnswers())

    return view


def add_taps(app: Flask) -> None:
    """Route every registered family's taps on `app`, under each game (`/e/<key>/games/<n>/<tap>`), as the games
    blueprint's endpoints (`games.void_round`): read from the registry as the app is made."""
    for tap in {tap.name: tap for web in FAMILIES.values() for tap in web.taps}.values():
        rule = f"{bp.url_prefix}/{tap.name}"
        app.add_url_rule(rule, f"{bp.name}.{tap.endpoint}", tapped(tap.name), methods=["POST"])
