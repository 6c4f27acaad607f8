"""Export an evening or a game (JSON records, a CSV score sheet), and import a record as a new evening."""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
from typing import Any

from flask import Blueprint, Response, abort, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import HiddenField, StringField, TextAreaField

from referee.rules.group_record import GROUP_FORMAT, GroupRecord, group_size, read_group
from referee.rules.record import EveningRecord, RecordError, load_json
from referee.services.games import open_book
from referee.storage.evenings import Evening
from referee.storage.games import game_of
from referee.storage.group_transfer import (
    group_imported_by,
    group_json,
    same_group,
    store_group,
    stored_group_size,
)
from referee.storage.groups import Group
from referee.storage.transfer import (
    evening_json,
    game_json,
    imported_by,
    read_record,
    record_size,
    replace_with,
    same_evening,
    size_of,
    store_record,
)
from referee.web.database import get_db
from referee.web.forms import one_time_key
from referee.web.games.sheets import build_sheet
from referee.web.guards import LARGEST_RECORD, import_limit, limiter
from referee.web.htmx import redirect_to, render
from referee.web.links import open_evening, open_group

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


@bp.get("/g/<key>/group.json")
def export_group(key: str) -> ResponseReturnValue:
    """The whole group, every evening of it with its games and logs, as one group record."""
    group = open_group(key)
    return _download(_json(group_json(get_db(), group)), f"group-{group.created_at[:10]}.json", "application/json")


@bp.get("/e/<key>/games/<int:number>/game.json")
def export_game(key: str, number: int) -> ResponseReturnValue:
    """One game as its game record."""
    evening = open_evening(key)
    game = game_of(get_db(), evening.id, number) or abort(404)
    return _download(_json(game_json(get_db(), game)), f"game-{number}.json", "application/json")


@bp.get("/e/<key>/games/<int:number>/sheet.csv")
def export_sheet(key: str, number: int) -> ResponseReturnValue:
    """One game's score sheet as CSV: a line per entry with each column's change, then the totals and footers."""
    evening = open_evening(key)
    db = get_db()
    game = game_of(db, evening.id, number) or abort(404)
    sheet = build_sheet(open_book(db, game), everything=True)
    out = io.StringIO()
    writer = csv.writer(out)
    unit, note = (_("Round"), _("Winner")) if sheet.unit == "round" else (_("Hand"), _("Bid"))
    writer.writerow([unit, _("Entry"), note, *(_cell(column.name) for column in sheet.columns)])
    for line in sheet.lines:
        entry = line.badge or str(line.kind)
        writer.writerow([line.number or "", entry, _cell(line.note), *(cell.change for cell in line.cells)])
    writer.writerow(["", _("Total"), "", *(column.total for column in sheet.columns)])
    for footer in sheet.footers:
        writer.writerow(["", footer.label, "", *(_cell(text) for text in (footer.words or footer.cells))])
    return _download(out.getvalue(), f"game-{number}.csv", "text/csv")


def _cell(text: str) -> str:
    """A text cell a spreadsheet will not run: one starting with = + - or @ is read as text."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@") else text


class ImportForm(FlaskForm):
    """A game or evening record: a file, or its text pasted; with a one-time key, so a resend imports it once."""

    file = FileField(_l("A file exported by referee"))
    text = TextAreaField(_l("Or paste its text"))
    submission = HiddenField(default=one_time_key)


class ChoiceForm(FlaskForm):
    """The second step, when the record's evening is here already: keep both, or replace the one here.

    It carries the record again (as JSON) and the first step's one-time key; replacing asks for the scorer link
    of the evening here, as only its scorer may overwrite it.
    """

    text = HiddenField()
    submission = HiddenField()
    choice = HiddenField()
    scorer_link = StringField(
        _l("The scorer link of the evening here"),
        description=_l("Only its scorer may replace it: paste the link they use to keep the score."),
    )


@bp.route("/import", methods=["GET", "POST"])
@limiter.limit(import_limit, methods=["POST"])
def import_page() -> ResponseReturnValue:
    """Recreate an evening from an exported record; a bad file is refused with the reason and makes nothing.

    A record of an evening that is here already is not imported yet: the page asks whether to keep both or to
    replace the one here (`confirm`). A group record becomes a new group with all its evenings; a group here
    already is only offered to keep both.
    """
    form = ImportForm()
    if not form.is_submitted():
        return render("transfer/import.html", "transfer/import.html", form=form)
    db = get_db()
    upload = form.file.data
    text = _uploaded(upload.read()) if upload else (form.text.data or "")
    if text is None:
        form.form_errors.append(
            _("This file is not UTF-8 text, as referee writes its records: save it as UTF-8 and import it again.")
        )
    elif len(text.encode("utf-8", errors="replace")) > LARGEST_RECORD:
        megabytes = LARGEST_RECORD // (1024 * 1024)
        form.form_errors.append(_("This record is too large: at most %(megabytes)s MB.", megabytes=megabytes))
    elif not text.strip():
        form.form_errors.append(_("Choose a file, or paste the record's text."))
    elif form.validate():
        done = _done(form.submission.data)
        if done is not None:  # a resend of a form that imported already
            return done
        try:
            data = load_json(text)
            if _is_group(data):
                return _import_group(data, form.submission.data or one_time_key())
            record = read_record(data)
            here = same_evening(db, record)
            if here is not None:
                return _choice(data, record, here, form.submission.data or one_time_key())
            evening = store_record(db, record, form.submission.data)
        except RecordError as error:
            form.form_errors.append(str(error))
        else:
            return redirect_to(url_for("evenings.show", key=evening.scorer_key))
    return render("transfer/import.html", "transfer/import.html", 422, form=form)


def _choice(
    data: Any, record: EveningRecord, here: Evening, submission: str, status: int = 200, **chosen: Any
) -> ResponseReturnValue:
    """The second step's page: the evening here and the file's, side by side, and a form for each choice."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    keep = ChoiceForm(formdata=None, text=text, submission=submission, choice="keep")
    replace = chosen.get("replace") or ChoiceForm(formdata=None, text=text, submission=submission, choice="replace")
    return render(
        "transfer/choose.html",
        "transfer/choose.html",
        status,
        here=here,
        here_size=size_of(get_db(), here),
        file_size=record_size(record),
        keep=keep,
        replace=replace,
    )


@bp.post("/import/choice")
@limiter.limit(import_limit)
def confirm() -> ResponseReturnValue:
    """Keep both (the file becomes a new evening or group) or replace the evening here (with its scorer link)."""
    form = ChoiceForm()
    db = get_db()
    text = form.text.data or ""
    if not form.validate() or form.choice.data not in ("keep", "replace") or len(text.encode()) > LARGEST_RECORD:
        abort(400)
    done = _done(form.submission.data)
    if done is not None:  # a resend, or the other choice of a form that imported already
        return done
    submission = form.submission.data or None
    try:
        data = load_json(text)
        if _is_group(data):  # a group here already is only kept both: a new group beside it
            if form.choice.data != "keep":
                abort(400)
            group = store_group(db, read_group(data), submission)
            return redirect_to(url_for("groups.show", key=group.scorer_key))
        record = read_record(data)
    except RecordError:
        abort(400)  # the first step read this record: this form was not made by its page
    here = same_evening(db, record)
    if here is None or form.choice.data == "keep":
        evening = store_record(db, record, submission)
    elif not secrets.compare_digest(_key_in(form.scorer_link.data or "").encode(), here.scorer_key.encode()):
        form.scorer_link.errors = [
            _("This is not the scorer link of the evening here: it is left as it is. Paste its scorer link.")
        ]
        return _choice(data, record, here, submission or one_time_key(), 422, replace=form)
    else:
        evening = replace_with(db, here, record, submission)
    return redirect_to(url_for("evenings.show", key=evening.scorer_key))


def _is_group(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == GROUP_FORMAT


def _done(submission: str | None) -> ResponseReturnValue | None:
    """Where a form that imported already goes: the evening or the group it made, else None."""
    db = get_db()
    evening = imported_by(db, submission)
    if evening is not None:
        return redirect_to(url_for("evenings.show", key=evening.scorer_key))
    group = group_imported_by(db, submission)
    if group is not None:
        return redirect_to(url_for("groups.show", key=group.scorer_key))
    return None


def _import_group(data: Any, submission: str) -> ResponseReturnValue:
    """A group record, checked whole: a new group, or the choice page when its group is here already."""
    db = get_db()
    record = read_group(data)
    here = same_group(db, record)
    if here is not None:
        return _group_choice(data, record, here, submission)
    group = store_group(db, record, submission)
    return redirect_to(url_for("groups.show", key=group.scorer_key))


def _group_choice(data: Any, record: GroupRecord, here: Group, submission: str) -> ResponseReturnValue:
    """The second step's page for a group here already: both side by side, and the form that keeps both."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    keep = ChoiceForm(formdata=None, text=text, submission=submission, choice="keep")
    return render(
        "transfer/choose_group.html",
        "transfer/choose_group.html",
        here=here,
        here_size=stored_group_size(get_db(), here),
        file_size=group_size(record),
        keep=keep,
    )


SCORER_LINK = re.compile(r"/e/([A-Za-z0-9_-]+)")


def _key_in(link: str) -> str:
    """The evening's key in a pasted link (`https://…/e/KEY/…`), or the text itself when it is a bare key."""
    found = SCORER_LINK.search(link)
    return found.group(1) if found else link.strip()


def _uploaded(data: bytes) -> str | None:
    """A file's text as UTF-8 (with or without a byte-order mark), or None when it is not: never guessed."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
