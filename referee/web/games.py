"""A game's page: the score sheet, the round entry, buy-backs, corrections and the change log."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, make_response, redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.rules.rummy import IN, apply, close_buybacks, new_game
from referee.rules.rummy_events import rummy_event_from_json
from referee.storage.db import get_db
from referee.storage.games import (
    StoredGame,
    change_log,
    current_events,
    game_version,
    revise_event,
)
from referee.web.charts import chart_for_game
from referee.web.entries import after_write, event_position, open_game, recorded, saved
from referee.web.forms import BuybackForm, DeleteForm, RoundForm, SheetForm, revision_of, round_event, round_form
from referee.web.htmx import render
from referee.web.kaiser import kaiser_page
from referee.web.sheets import Sheet, build_sheet, describe_change, game_sheet, picker_data

bp = Blueprint("games", __name__, url_prefix="/e/<key>/games/<int:number>")


def _page(game: StoredGame, status: int = 200, form: RoundForm | None = None, **extra: Any) -> ResponseReturnValue:
    """The game page, or its `_game.html` fragment for htmx, with the round form (fresh or as sent)."""
    if game.teams is not None:
        return kaiser_page(game, status, **extra)
    db = get_db()
    events = current_events(db, game.id)
    sheet = build_sheet(game, events)
    version = game_version(db, game.id)
    if form is None:
        form = round_form(list(sheet.still_in), sheet.rules)
    form.seen.data = version  # a refused round is sent again on the sheet shown now
    context = {
        "game": game,
        "sheet": sheet,
        "form": form,
        "void_form": SheetForm(formdata=None, seen=version),
        "buyback_form": BuybackForm(formdata=None),
        "delete_form": DeleteForm(formdata=None),
        "picker": picker_data(sheet.rules, len(game.players)),
        "log": [describe_change(change) for change in change_log(db, game.id)],
        "version": version,
        **extra,
    }
    return render("games/show.html", "games/_game.html", status, **context)


@bp.get("/live")
def live(key: str, number: int) -> ResponseReturnValue:
    """The sheet other phones poll: 304 while the game has not changed since version `v`, else the fresh sheet."""
    game = open_game(key, number)
    db = get_db()
    version = game_version(db, game.id)
    if request.args.get("v") == str(version):
        response = make_response("", 304)
    else:
        events = current_events(db, game.id)
        sheet = game_sheet(game, events)
        context = {
            "game": game,
            "sheet": sheet,
            "version": version,
            "buyback_form": BuybackForm(formdata=None),
        }
        response = make_response(render_template(f"{'kaiser' if game.teams else 'games'}/_live.html", **context))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/chart")
def chart(key: str, number: int) -> ResponseReturnValue:
    """The running totals as a chart: the fragment the game page fetches when it is opened, or a page of its own."""
    game = open_game(key, number)
    drawn = chart_for_game(game, current_events(get_db(), game.id))
    return render("games/chart.html", "components/chart.html", game=game, chart=drawn)


@bp.get("")
def show(key: str, number: int) -> ResponseReturnValue:
    """The score sheet, with the round entry for the scorer."""
    return _page(open_game(key, number))


@bp.post("/rounds")
def record_round(key: str, number: int) -> ResponseReturnValue:
    """Record a round from the form; any refusal comes back on the form with status 422."""
    game = open_game(key, number, writing=True)
    if game.teams is not None:
        abort(404)  # a Kaiser game records hands, not rounds
    sheet = build_sheet(game, current_events(get_db(), game.id))
    form = round_form(list(sheet.still_in), sheet.rules, request.form)
    event = round_event(form, list(sheet.still_in), sheet.rules) if form.validate() else None
    if event is not None and recorded(form, game, event):
        return after_write(key, number, lambda: _page(game))
    return _page(game, 422, form)


@bp.post("/void")
def void_round(key: str, number: int) -> ResponseReturnValue:
    """Record a void round: nobody scores and no chips move."""
    game = open_game(key, number, writing=True)
    form = SheetForm()
    if form.validate() and recorded(form, game, {"type": "void"}):
        return after_write(key, number, lambda: _page(game))
    return _page(game, 422, errors=form.form_errors or [_("The form expired: try again.")])


@bp.post("/buyback")
def buyback(key: str, number: int) -> ResponseReturnValue:
    """An eliminated player buys back in."""
    game = open_game(key, number, writing=True)
    form = BuybackForm()
    event = {"type": "buyback", "player": form.player.data}
    if form.validate() and recorded(form, game, event):
        return after_write(key, number, lambda: _page(game))
    return _page(game, 422, errors=form.form_errors or [_("The form expired: try again.")])


@bp.post("/events/<int:slot>/delete")
def delete_event(key: str, number: int, slot: int) -> ResponseReturnValue:
    """Delete one event (the undo button deletes the last); the change log keeps what it was."""
    game = open_game(key, number, writing=True)
    form = DeleteForm()
    based_on = form.revision()
    delete = lambda: revise_event(get_db(), game, slot, None, based_on, form.submission.data)  # noqa: E731
    if form.validate() and saved(form, delete, at=0):
        return after_write(key, number, lambda: _page(game))
    return _page(game, 422, errors=form.form_errors or [_("The form expired: try again.")])


def _players_at(game: StoredGame, slot: int) -> tuple[list[str], Sheet]:
    """The players still in just before the event at `slot`, and the sheet up to it."""
    events = current_events(get_db(), game.id)
    sheet = build_sheet(game, events)
    state = new_game(sheet.rules, game.players, game.first_dealer)
    for position, stored in enumerate(events, start=1):
        if stored.slot == slot:
            break
        state = apply(state, rummy_event_from_json(stored.data, position), position)
    state = close_buybacks(state)
    still_in = [p.name for p in state.players if p.status == IN]
    return still_in, sheet


@bp.route("/events/<int:slot>", methods=["GET", "POST"])
def edit_round(key: str, number: int, slot: int) -> ResponseReturnValue:
    """Correct a past round: everything after it is replayed, and the change log shows before and after."""
    game = open_game(key, number, writing=True)  # the viewer's link never sees a correction form
    stored = next((e for e in current_events(get_db(), game.id) if e.slot == slot), None)
    if stored is None or stored.data.get("type") != "round":
        abort(404)
    players, sheet = _players_at(game, slot)
    if request.method == "GET":
        form = round_form(players, sheet.rules, None, **_form_data(stored.data, players), based_on=stored.revision)
        return _edit_page(game, form, slot, sheet)
    form = round_form(players, sheet.rules, request.form)
    event = round_event(form, players, sheet.rules) if form.validate() else None
    based_on = revision_of(form.based_on.data)
    revise = lambda: revise_event(get_db(), game, slot, event, based_on, form.submission.data)  # noqa: E731
    position = event_position(current_events(get_db(), game.id), slot)
    if event is not None and saved(form, revise, at=position):
        return redirect(url_for("games.show", key=key, number=number), 303)
    return _edit_page(game, form, slot, sheet, 422)


def _edit_page(game: StoredGame, form: RoundForm, slot: int, sheet: Sheet, status: int = 200) -> ResponseReturnValue:
    picker = picker_data(sheet.rules, len(game.players))
    return render(
        "games/edit.html", "games/_edit_form.html", status, game=game, form=form, slot=slot, picker=picker, sheet=sheet
    )


def _form_data(event: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The form's fields filled from a stored round."""
    data: dict[str, Any] = {"winner": event["winner"], "finish": event.get("rami") or "out"}
    if event.get("all_in_one"):
        data["finish"] = "all_in_one"
    for seat, name in enumerate(players):
        hand = event["hands"].get(name)
        data[f"hand_{seat}"] = "" if hand is None else (str(hand) if isinstance(hand, int) else " ".join(hand))
        data[f"laid_{seat}"] = (event.get("laid") or {}).get(name)
    return data
