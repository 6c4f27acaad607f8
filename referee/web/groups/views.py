"""Groups: the regulars' page (its evenings, its players' histories) and a new evening started from it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, g, render_template, url_for
from flask.typing import ResponseReturnValue

from referee.rules.presets import show_value
from referee.rules.table import rules_for
from referee.services.games import open_book
from referee.storage.evenings import Evening, create_evening, evenings_of, known_names
from referee.storage.games import games_of
from referee.storage.groups import Group, players_of
from referee.storage.history import games_played
from referee.web.database import get_db
from referee.web.forms import EveningForm, house_rule_hints, split_names
from referee.web.history.model import build_history
from referee.web.htmx import redirect_to, render
from referee.web.links import open_group

bp = Blueprint("groups", __name__)


@dataclass(frozen=True)
class GroupEvening:
    """One evening on the group's page: the evening, whether a game of it is still being played, and its link."""

    evening: Evening
    playing: bool
    key: str  # the evening's key of the same kind as the group's link that opened the page


def _playing(evening: Evening) -> bool:
    db = get_db()
    return any(not open_book(db, game).state.over for game in games_of(db, evening.id))


def _listed(evenings: list[Evening], scorer: bool) -> list[GroupEvening]:
    """The evenings being played first, then the others; newest first in each."""
    listed = [GroupEvening(e, _playing(e), e.scorer_key if scorer else e.viewer_key) for e in evenings]
    return sorted(listed, key=lambda item: not item.playing)  # a stable sort keeps newest first


@bp.get("/g/<key>")
def show(key: str) -> ResponseReturnValue:
    """The group: its links, its evenings (the ones being played first) and its players."""
    group = open_group(key)
    evenings = evenings_of(get_db(), group.id)
    return render_template(
        "groups/show.html",
        group=group,
        evenings=_listed(evenings, g.scorer),
        players=players_of(evenings),
        viewer_url=url_for("groups.show", key=group.viewer_key, _external=True),
        scorer_url=url_for("groups.show", key=group.scorer_key, _external=True),
    )


def _filled_in(evenings: list[Evening]) -> EveningForm:
    """The new evening's form, filled in with the group's newest evening: its players, game and house rules."""
    if not evenings:
        return EveningForm()
    last = evenings[0]
    house = {name: show_value(value) for name, value in last.options.items()}
    return EveningForm(
        players="\n".join(last.players),
        preset=last.preset,
        chip_value=last.chip_value,
        currency=last.currency,
        house=house,
    )


def _new_context(group: Group, form: EveningForm) -> dict[str, Any]:
    return {
        "group": group,
        "form": form,
        "names": known_names(get_db(), group.id),  # the group's names only, never the whole server's
        "hints": house_rule_hints(form.preset.data or "kaluki"),
        "action": url_for("groups.create", key=g.key),
    }


@bp.get("/g/<key>/new")
def new(key: str) -> ResponseReturnValue:
    """The form for the group's next evening, filled in with its players and house rules (scorer's link only)."""
    group = open_group(key, writing=True)
    form = _filled_in(evenings_of(get_db(), group.id))
    return render("groups/new.html", "evenings/_new_form.html", **_new_context(group, form))


@bp.post("/g/<key>/new")
def create(key: str) -> ResponseReturnValue:
    """Create the group's next evening and open it with its scorer's link."""
    group = open_group(key, writing=True)
    form = EveningForm()
    if not form.validate():
        return render("groups/new.html", "evenings/_new_form.html", 422, **_new_context(group, form))
    evening = create_evening(
        get_db(),
        title=form.title.data or "",
        players=split_names(form.players.data),
        preset=form.preset.data,
        options=rules_for(form.preset.data, form.house.form.overrides()).changed(),
        chip_value=form.chip_value.data,
        currency=(form.currency.data or "").strip().upper(),
        group_id=group.id,
    )
    return redirect_to(url_for("evenings.show", key=evening.scorer_key))


@bp.get("/g/<key>/players/<path:name>")
def player(key: str, name: str) -> ResponseReturnValue:
    """One player's numbers over the group's evenings, and the newest of their games with a chart each.

    404 for a name that never sat at one of the group's evenings. The same name in another group may be somebody
    else: their games are not this link's to show.
    """
    group = open_group(key)
    db = get_db()
    evenings = evenings_of(db, group.id)
    if name not in players_of(evenings):
        abort(404)
    games = games_played(db, name, [evening.id for evening in evenings])
    books = [open_book(db, played.game) for played in games]
    links = {evening.id: evening.scorer_key if g.scorer else evening.viewer_key for evening in evenings}
    return render_template(
        "history/player.html",
        history=build_history(name, games, books),
        links=links,
        back_url=url_for("groups.show", key=key),
        back_title=group.title,
        in_group=True,
    )
