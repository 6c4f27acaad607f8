"""The group's season: its players' standings, head to head, partnerships and two charts, with its filters in the URL,
and the standings as CSV. Both links read it; the routes join the groups blueprint."""

from __future__ import annotations

from flask import render_template, request, url_for
from flask.typing import ResponseReturnValue

from referee.services.season import counted_games, season_of, sorted_standings, sorts
from referee.web.database import get_db
from referee.web.groups import season_model as model
from referee.web.groups.views import bp
from referee.web.links import open_group
from referee.web.transfer.model import download


@bp.get("/g/<key>/season")
def season(key: str) -> ResponseReturnValue:
    """The season of the group's evenings, for the games and dates asked in the URL, sorted by the column asked."""
    group = open_group(key)
    filters, sort = model.read_filters(request.args)
    found = season_of(get_db(), group, filters)
    return render_template(
        "groups/season.html",
        group=group,
        season=found,
        standings=sorted_standings(found.standings, sort),
        sort=sort,
        sorts=sorts(),
        games=counted_games(),
        query=model.query(filters, sort),
        named=model.evening_names(found),
        times=model.evening_times(found),
        chips_chart=model.chips_chart(found),
        chart_days=model.chart_days(found),
        rate_chart=model.rate_chart(found),
        csv_url=url_for("groups.season_csv", key=key, **model.query(filters, sort)),
        m=model,
    )


@bp.get("/g/<key>/season.csv")
def season_csv(key: str) -> ResponseReturnValue:
    """The season's standings as CSV, for the same filters and order as the page."""
    group = open_group(key)
    filters, sort = model.read_filters(request.args)
    found = season_of(get_db(), group, filters)
    return download(model.standings_csv(found, sorted_standings(found.standings, sort)), "season.csv", "text/csv")
