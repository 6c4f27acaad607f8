"""Groups: the regulars' page (its evenings, its players' histories) and a new evening started from it."""

from __future__ import annotations

from flask import Blueprint, abort, g, render_template, url_for
from flask.typing import ResponseReturnValue

from referee.services.evenings import start_evening
from referee.services.groups import Group, group_page, next_evening
from referee.services.history import player_in_group
from referee.web.database import get_db
from referee.web.evenings.forms import EveningForm, next_evening_form
from referee.web.forms import house_rule_hints
from referee.web.history.model import build_history
from referee.web.htmx import redirect_to, render
from referee.web.links import open_group

bp = Blueprint("groups", __name__)


@bp.get("/g/<key>")
def show(key: str) -> ResponseReturnValue:
    """The group: its links, its evenings (the ones being played first) and its players."""
    group = open_group(key)
    page = group_page(get_db(), group, scorer=g.scorer)
    return render_template(
        "groups/show.html",
        group=group,
        evenings=page.evenings,
        players=page.players,
        viewer_url=url_for("groups.show", key=group.viewer_key, _external=True),
        scorer_url=url_for("groups.show", key=group.scorer_key, _external=True),
    )


def _new_context(group: Group, form: EveningForm, names: tuple[str, ...]) -> dict[str, object]:
    return {
        "group": group,
        "form": form,
        "names": list(names),  # the group's names only, never the whole server's
        "hints": house_rule_hints(form.preset.data or "kaluki"),
        "action": url_for("groups.create", key=g.key),
    }


@bp.get("/g/<key>/new")
def new(key: str) -> ResponseReturnValue:
    """The form for the group's next evening, filled in with its players and house rules (scorer's link only)."""
    group = open_group(key, writing=True)
    start = next_evening(get_db(), group)
    form = next_evening_form(start.last)
    return render("groups/new.html", "evenings/_new_form.html", **_new_context(group, form, start.names))


@bp.post("/g/<key>/new")
def create(key: str) -> ResponseReturnValue:
    """Create the group's next evening and open it with its scorer's link."""
    group = open_group(key, writing=True)
    form = EveningForm()
    if not form.validate():
        names = next_evening(get_db(), group).names
        return render("groups/new.html", "evenings/_new_form.html", 422, **_new_context(group, form, names))
    evening = start_evening(get_db(), form.new_evening(), group_id=group.id, submission=form.submission.data)
    return redirect_to(url_for("evenings.show", key=evening.scorer_key))


@bp.get("/g/<key>/players/<path:name>")
def player(key: str, name: str) -> ResponseReturnValue:
    """One player's numbers over the group's evenings, and the newest of their games with a chart each.

    404 for a name that never sat at one of the group's evenings. The same name in another group may be somebody
    else: their games are not this link's to show.
    """
    group = open_group(key)
    played = player_in_group(get_db(), group, name, scorer=g.scorer)
    if played is None:
        abort(404)
    return render_template(
        "history/player.html",
        history=build_history(name, played.games, played.books),
        links=played.links,
        back_url=url_for("groups.show", key=key),
        back_title=group.title,
        in_group=True,
    )
