"""Export an evening or a game (JSON records, a CSV score sheet), and import a record as a new evening."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from flask import Blueprint, Response, abort, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import TextAreaField

from referee.rules.record import RecordError, load_json
from referee.storage.db import get_db
from referee.storage.games import current_events, game_of
from referee.storage.transfer import evening_json, game_json, import_record
from referee.web.evenings import open_evening
from referee.web.htmx import redirect_to, render
from referee.web.kaiser_sheet import KaiserSheet
from referee.web.sheets import game_sheet

bp = Blueprint("transfer", __name__)


def _download(body: str, name: str, kind: str) -> Response:
    response = Response(body, mimetype=kind)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


def _json(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


@bp.get("/e/<key>/evening.json")
def export_evening(key: str) -> ResponseReturnValue:
    """The whole evening as one evening record."""
    evening = open_evening(key)
    return _download(
        _json(evening_json(get_db(), evening)), f"evening-{evening.created_at[:10]}.json", "application/json"
    )


@bp.get("/e/<key>/games/<int:number>/game.json")
def export_game(key: str, number: int) -> ResponseReturnValue:
    """One game as its game record."""
    evening = open_evening(key)
    game = game_of(get_db(), evening.id, number) or abort(404)
    return _download(_json(game_json(get_db(), game)), f"game-{number}.json", "application/json")


@bp.get("/e/<key>/games/<int:number>/sheet.csv")
def export_sheet(key: str, number: int) -> ResponseReturnValue:
    """One game's score sheet as CSV: a line per entry, then the totals, statuses and chips."""
    evening = open_evening(key)
    db = get_db()
    game = game_of(db, evening.id, number) or abort(404)
    sheet = game_sheet(game, current_events(db, game.id))
    out = io.StringIO()
    writer = csv.writer(out)
    if isinstance(sheet, KaiserSheet):
        _kaiser_csv(writer, sheet)
        return _download(out.getvalue(), f"game-{number}.csv", "text/csv")
    writer.writerow([_("Round"), _("Entry"), _("Winner"), *(column.name for column in sheet.columns)])
    for line in sheet.lines:
        writer.writerow([line.number, line.all_in_one or line.kind, line.winner or "", *line.cells])
    writer.writerow(["", _("Total"), "", *(column.score for column in sheet.columns)])
    writer.writerow(["", _("Status"), "", *(column.status for column in sheet.columns)])
    writer.writerow(["", _("Chips"), "", *(column.chips for column in sheet.columns)])
    return _download(out.getvalue(), f"game-{number}.csv", "text/csv")


def _kaiser_csv(writer: Any, sheet: KaiserSheet) -> None:
    """A Kaiser sheet: a line per hand (or passed deal) with each team's score change, then the totals."""
    writer.writerow([_("Hand"), _("Dealer"), _("Bidder"), _("Bid"), *(column.name for column in sheet.columns)])
    for line in sheet.lines:
        bid = line.bid if line.kind == "hand" else _("passed")
        writer.writerow([line.number if line.kind == "hand" else "", line.dealer, line.bidder or "", bid, *line.cells])
    writer.writerow(["", "", "", _("Total"), *(column.score for column in sheet.columns)])


class ImportForm(FlaskForm):
    """A game or evening record: a file, or its text pasted."""

    file = FileField(_l("A file exported by referee"))
    text = TextAreaField(_l("Or paste its text"))


@bp.route("/import", methods=["GET", "POST"])
def import_page() -> ResponseReturnValue:
    """Recreate an evening from an exported record; a bad file is refused with the reason and makes nothing."""
    form = ImportForm()
    if not form.is_submitted():
        return render("transfer/import.html", "transfer/import.html", form=form)
    upload = form.file.data
    text = upload.read().decode("utf-8", errors="replace") if upload else (form.text.data or "")
    if not text.strip():
        form.form_errors.append(_("Choose a file, or paste the record's text."))
    elif form.validate():
        try:
            evening = import_record(get_db(), load_json(text))
        except RecordError as error:
            form.form_errors.append(str(error))
        else:
            return redirect_to(url_for("evenings.show", key=evening.scorer_key))
    return render("transfer/import.html", "transfer/import.html", 422, form=form)
