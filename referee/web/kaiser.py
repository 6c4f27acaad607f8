"""A Kaiser game's page: the sheet with each hand's rule, the hand entry, passed deals and corrections."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.rules.kaiser_events import KaiserTeams
from referee.storage.db import get_db
from referee.storage.games import StoredGame, change_log, current_events, game_version, revise_event
from referee.web.entries import after_write, event_position, open_game, recorded, saved
from referee.web.forms import DeleteForm, revision_of
from referee.web.htmx import render
from referee.web.kaiser_forms import KaiserHandForm, PassedForm, kaiser_hand_event, kaiser_hand_form
from referee.web.kaiser_sheet import KaiserSheet, build_kaiser_sheet
from referee.web.sheets import describe_change

bp = Blueprint("kaiser", __name__, url_prefix="/e/<key>/games/<int:number>")


def kaiser_page(
    game: StoredGame, status: int = 200, form: KaiserHandForm | None = None, **extra: Any
) -> ResponseReturnValue:
    """The Kaiser game page, or its `_game.html` fragment for htmx, with the hand form (fresh or as sent)."""
    db = get_db()
    events = current_events(db, game.id)
    sheet = build_kaiser_sheet(game, events)
    version = game_version(db, game.id)
    if form is None:
        form = kaiser_hand_form(sheet.teams, sheet.rules)
    form.seen.data, form.dealer.data = version, sheet.dealer  # a refused hand is sent again on the sheet shown now
    context = {
        "game": game,
        "sheet": sheet,
        "form": form,
        "passed_form": PassedForm(formdata=None, seen=version, dealer=sheet.dealer),
        "delete_form": DeleteForm(formdata=None),
        "log": [describe_change(change) for change in change_log(db, game.id)],
        "version": version,
        **extra,
    }
    return render("games/show.html", "games/_game.html", status, **context)


def _open(key: str, number: int) -> tuple[StoredGame, KaiserSheet]:
    game = open_game(key, number, writing=True)
    if game.teams is None:
        abort(404)
    return game, build_kaiser_sheet(game, current_events(get_db(), game.id))


@bp.post("/hands")
def record_hand(key: str, number: int) -> ResponseReturnValue:
    """Record a hand from the form; a refusal (an illegal bid, impossible tricks) comes back on it with 422."""
    game, sheet = _open(key, number)
    form = kaiser_hand_form(sheet.teams, sheet.rules, request.form)
    if form.validate():
        dealer = form.dealer.data or sheet.dealer  # as the scorer saw it; the rules refuse it if it is not their deal
        event = kaiser_hand_event(form, sheet.teams, dealer, len(sheet.lines) + 1)
        if event is not None and recorded(form, game, event):
            return after_write(key, number, lambda: kaiser_page(game))
    return kaiser_page(game, 422, form)


@bp.post("/passed")
def passed_deal(key: str, number: int) -> ResponseReturnValue:
    """Record a deal where everybody passed: no hand is played, and the deal passes to the left."""
    game, sheet = _open(key, number)
    form = PassedForm()
    event = {"type": "passed", "dealer": form.dealer.data or sheet.dealer}  # the deal the scorer saw passed
    if form.validate() and recorded(form, game, event):
        return after_write(key, number, lambda: kaiser_page(game))
    return kaiser_page(game, 422, errors=form.form_errors or [_("The form expired: try again.")])


@bp.route("/hands/<int:slot>", methods=["GET", "POST"])
def edit_hand(key: str, number: int, slot: int) -> ResponseReturnValue:
    """Correct a past hand: everything after it is scored again, and the change log shows before and after."""
    game, sheet = _open(key, number)
    events = current_events(get_db(), game.id)
    stored = next((e for e in events if e.slot == slot), None)
    if stored is None or stored.data.get("type") != "hand":
        abort(404)
    if request.method == "GET":
        form = kaiser_hand_form(
            sheet.teams, sheet.rules, None, **_form_data(stored.data, sheet.teams), based_on=stored.revision
        )
        return _edit_page(game, form, slot, sheet, stored.data["dealer"])
    form = kaiser_hand_form(sheet.teams, sheet.rules, request.form)
    position = event_position(events, slot)
    event = kaiser_hand_event(form, sheet.teams, stored.data["dealer"], position) if form.validate() else None
    based_on = revision_of(form.based_on.data)
    revise = lambda: revise_event(get_db(), game, slot, event, based_on, form.submission.data)  # noqa: E731
    if event is not None and saved(form, revise, at=position):
        return redirect(url_for("games.show", key=key, number=number), 303)
    return _edit_page(game, form, slot, sheet, stored.data["dealer"], 422)


def _edit_page(
    game: StoredGame, form: KaiserHandForm, slot: int, sheet: KaiserSheet, dealer: str, status: int = 200
) -> ResponseReturnValue:
    context = {"game": game, "form": form, "slot": slot, "sheet": sheet, "dealer": dealer}
    return render("kaiser/edit.html", "kaiser/_edit_form.html", status, **context)


def _form_data(event: dict[str, Any], teams: KaiserTeams) -> dict[str, Any]:
    """The form's fields filled from a stored hand, with the bidding team's tricks."""
    bidding = teams.team_of(event["bidder"])
    return {
        "bidder": event["bidder"],
        "bid": event["bid"],
        "no_trump": event.get("no_trump", False),
        "tricks": event["tricks"][bidding],
        "five_hearts": event["five_hearts"],
        "three_spades": event["three_spades"],
    }
