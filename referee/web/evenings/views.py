"""Evenings: create one, open it by its scorer or viewer link, and start its games."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.rules.record_data import RecordError
from referee.services import games as service
from referee.services.displays import display_link
from referee.services.evenings import Evening, evening_page, start_evening
from referee.web.database import get_db
from referee.web.evenings.forms import EveningForm
from referee.web.evenings.model import EveningView
from referee.web.evenings.seating import seating
from referee.web.forms import AT_RANDOM, KeyedForm, house_rule_hints
from referee.web.games.families import starter, starters
from referee.web.guards import making_ceiling
from referee.web.htmx import redirect_to, render
from referee.web.links import open_evening

bp = Blueprint("evenings", __name__)


@bp.get("/new")
def new() -> ResponseReturnValue:
    """The form for a new evening."""
    form = EveningForm()
    return render("evenings/new.html", "evenings/_new_form.html", **_new_context(form))


def _new_context(form: EveningForm) -> dict[str, object]:
    # No names suggested: a page without a key shows nothing of anybody's evenings (the players' names included).
    return {
        "form": form,
        "names": [],
        "hints": house_rule_hints(form.preset.data or "kaluki"),
        "action": url_for("evenings.create"),
    }


@bp.post("/new")
@making_ceiling
def create() -> ResponseReturnValue:
    """Create the evening, in a new group of its own, and open it with the scorer's link."""
    form = EveningForm()
    if not form.validate():
        return render("evenings/new.html", "evenings/_new_form.html", 422, **_new_context(form))
    evening = start_evening(get_db(), form.new_evening(), submission=form.submission.data)
    return redirect_to(url_for("evenings.show", key=evening.scorer_key))


@bp.get("/e/<key>")
def show(key: str) -> ResponseReturnValue:
    """The evening: its links, its games and every player's chips so far."""
    evening = open_evening(key)
    return render("evenings/show.html", "evenings/_games.html", **_show_context(evening))


def _show_context(evening: Evening, sent: tuple[str, KeyedForm] | None = None) -> dict[str, object]:
    """The evening page's context, with each family's start form (`sent`: a family's form sent back with its errors)."""
    starts = []
    for start in starters():
        form = sent[1] if sent is not None and sent[0] == start.family else start.form(evening)
        if form is not None:
            starts.append({"template": start.template, "form": form, "hints": house_rule_hints(form.preset.data)})
    display = display_link(get_db(), evening) if g.scorer else None  # an older evening's is made when first asked
    return {
        **EveningView.of(evening_page(get_db(), evening, scorer=g.scorer)).context(),
        "display_url": url_for("display.show", key=display, _external=True) if display else None,
        "starts": starts,
        "seating": seating(evening),
        "at_random": AT_RANDOM,
    }


@bp.post("/e/<key>/games")
def start_game(key: str) -> ResponseReturnValue:
    """Start a game of the evening, of the family its form names (`family`; a form without one is the first family's,
    as the page offers it first): its players, seats and first dealer."""
    evening = open_evening(key, writing=True)
    start = starter(request.form.get("family") or starters()[0].family)
    form = None if start is None else start.form(evening, request.form)
    if start is None or form is None:
        abort(422)  # a family this evening offers no form for (a forged form, or Kaiser with fewer than four)
    if form.validate():
        new = start.new_game(evening, form)
        try:
            game = service.start_game(
                get_db(),
                evening,
                new.preset,
                new.options,
                new.seating,
                new.first_dealer,
                submission=form.submission.data,
            )
        except RecordError as error:
            form.form_errors.append(_("This game cannot start: %(reason)s", reason=str(error)))
        else:
            if new.drawn:
                flash(_("%(name)s was drawn at random to deal first.", name=new.seats[new.first_dealer]))
            return redirect(url_for("games.show", key=key, number=game.number), 303)
    return render("evenings/show.html", "evenings/_games.html", 422, **_show_context(evening, (start.family, form)))
