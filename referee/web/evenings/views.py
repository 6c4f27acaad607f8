"""Evenings: create one, open it by its scorer or viewer link, and start its games."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, flash, g, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.rules.deal import draw_first_dealer
from referee.rules.record import RecordError
from referee.rules.table import rules_for
from referee.services.games import open_book
from referee.storage.evenings import Evening, create_evening
from referee.storage.games import create_game, games_of
from referee.storage.groups import group_of
from referee.storage.rulings import rulings_of
from referee.web.database import get_db
from referee.web.forms import AT_RANDOM, EveningForm, GameForm, house_rule_hints, split_names
from referee.web.games.kaiser_forms import KaiserGameForm, kaiser_game_form
from referee.web.games.sheets import evening_balances, summarise
from referee.web.htmx import redirect_to, render
from referee.web.links import open_evening

bp = Blueprint("evenings", __name__)


@bp.get("/new")
def new() -> ResponseReturnValue:
    """The form for a new evening."""
    form = EveningForm()
    return render("evenings/new.html", "evenings/_new_form.html", **_new_context(form))


def _new_context(form: EveningForm) -> dict[str, Any]:
    # No names suggested: a page without a key shows nothing of anybody's evenings (the players' names included).
    return {
        "form": form,
        "names": [],
        "hints": house_rule_hints(form.preset.data or "kaluki"),
        "action": url_for("evenings.create"),
    }


@bp.post("/new")
def create() -> ResponseReturnValue:
    """Create the evening, in a new group of its own, and open it with the scorer's link."""
    form = EveningForm()
    if not form.validate():
        return render("evenings/new.html", "evenings/_new_form.html", 422, **_new_context(form))
    evening = create_evening(
        get_db(),
        title=form.title.data or "",
        players=split_names(form.players.data),
        preset=form.preset.data,
        options=rules_for(form.preset.data, form.house.form.overrides()).changed(),
        chip_value=form.chip_value.data,
        currency=(form.currency.data or "").strip().upper(),
    )
    return redirect_to(url_for("evenings.show", key=evening.scorer_key))


@bp.get("/e/<key>")
def show(key: str) -> ResponseReturnValue:
    """The evening: its links, its games and every player's chips so far."""
    evening = open_evening(key)
    return render("evenings/show.html", "evenings/_games.html", **_show_context(evening, _game_form(evening)))


def _game_form(evening: Evening, formdata: object = None) -> GameForm:
    form = GameForm(formdata, preset=evening.preset, players=list(evening.players))
    form.players.choices = {name: name for name in evening.players}
    form.dealer_choices(evening.players)
    return form


def _show_context(evening: Evening, form: GameForm, kaiser_form: KaiserGameForm | None = None) -> dict[str, Any]:
    db = get_db()
    if kaiser_form is None and len(evening.players) >= 4:
        kaiser_form = kaiser_game_form(list(evening.players))
    games = [summarise(open_book(db, game)) for game in games_of(db, evening.id)]
    return {
        "evening": evening,
        "games": games,
        "balances": evening_balances(evening.players, games),
        "form": form,
        "kaiser_form": kaiser_form,
        "kaiser_hints": house_rule_hints(kaiser_form.preset.data if kaiser_form else "kaiser"),
        "viewer_url": url_for("evenings.show", key=evening.viewer_key, _external=True),
        "scorer_url": url_for("evenings.show", key=evening.scorer_key, _external=True),
        "rulings": rulings_of(db, evening.id),
        # The group's link goes to the scorer only: the viewer's link opens this evening and nothing else.
        "group": group_of(db, evening) if g.scorer else None,
    }


@bp.post("/e/<key>/games")
def start_game(key: str) -> ResponseReturnValue:
    """Start a game of the evening with the players ticked."""
    evening = open_evening(key, writing=True)
    form = _game_form(evening, request.form)
    if form.validate():
        players = [name for name in evening.players if name in form.players.data]
        drawn = form.first_dealer.data == AT_RANDOM
        first = draw_first_dealer(players) if drawn else players.index(form.first_dealer.data)
        try:
            game = create_game(
                get_db(),
                evening.id,
                form.preset.data,
                evening.options if form.preset.data == evening.preset else {},
                players,
                first,
            )
        except RecordError as error:
            form.form_errors.append(_("This game cannot start: %(reason)s", reason=str(error)))
        else:
            if drawn:
                flash(_("%(name)s was drawn at random to deal first.", name=players[first]))
            return redirect(url_for("games.show", key=key, number=game.number), 303)
    return render("evenings/show.html", "evenings/_games.html", 422, **_show_context(evening, form))


@bp.post("/e/<key>/kaiser")
def start_kaiser(key: str) -> ResponseReturnValue:
    """Start a Kaiser game of the evening: two teams of two, partners opposite, and the first dealer."""
    evening = open_evening(key, writing=True)
    form = kaiser_game_form(list(evening.players), request.form)
    if form.validate():
        seats = form.seats()
        try:
            options = rules_for(form.preset.data, form.house.form.overrides()).changed()
            drawn = form.dealer.data == AT_RANDOM
            dealer = draw_first_dealer(seats) if drawn else seats.index(form.dealer.data)
            game = create_game(get_db(), evening.id, form.preset.data, options, seats, dealer, form.teams())
        except RecordError as error:
            form.form_errors.append(_("This game cannot start: %(reason)s", reason=str(error)))
        else:
            if drawn:
                flash(_("%(name)s was drawn at random to deal first.", name=seats[dealer]))
            return redirect(url_for("games.show", key=key, number=game.number), 303)
    context = _show_context(evening, _game_form(evening), form)
    return render("evenings/show.html", "evenings/_games.html", 422, **context)
