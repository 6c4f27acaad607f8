"""Export an evening or a game (JSON records, a CSV score sheet), and import a record as a new evening."""

from __future__ import annotations

from flask import Blueprint, abort, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from referee.rules.record_data import LARGEST_RECORD, RecordError
from referee.services import transfer
from referee.services.transfer import Choice, Imported
from referee.web.database import get_db
from referee.web.forms import one_time_key
from referee.web.games.sheets import build_sheet
from referee.web.guards import import_limit, limiter, making_ceiling
from referee.web.htmx import redirect_to, render
from referee.web.links import open_evening, open_group
from referee.web.transfer.forms import ChoiceForm, ImportForm, uploaded
from referee.web.transfer.model import compact, download, json_file, sheet_csv

bp = Blueprint("transfer", __name__)


@bp.get("/e/<key>/evening.json")
def export_evening(key: str) -> ResponseReturnValue:
    """The whole evening as one evening record."""
    evening = open_evening(key)
    data = transfer.evening_export(get_db(), evening)
    return download(json_file(data), f"evening-{evening.created_at[:10]}.json", "application/json")


@bp.get("/g/<key>/group.json")
def export_group(key: str) -> ResponseReturnValue:
    """The whole group, every evening of it with its games and logs, as one group record."""
    group = open_group(key)
    data = transfer.group_export(get_db(), group)
    return download(json_file(data), f"group-{group.created_at[:10]}.json", "application/json")


@bp.get("/e/<key>/games/<int:number>/game.json")
def export_game(key: str, number: int) -> ResponseReturnValue:
    """One game as its game record."""
    evening = open_evening(key)
    data = transfer.game_export(get_db(), evening, number) or abort(404)
    return download(json_file(data), f"game-{number}.json", "application/json")


@bp.get("/e/<key>/games/<int:number>/sheet.csv")
def export_sheet(key: str, number: int) -> ResponseReturnValue:
    """One game's score sheet as CSV: a line per entry with each column's change, then the totals and footers."""
    evening = open_evening(key)
    book = transfer.game_book(get_db(), evening, number) or abort(404)
    return download(sheet_csv(build_sheet(book, everything=True)), f"game-{number}.csv", "text/csv")


def _problem(text: str | None) -> str | None:
    """What is wrong with the text sent before it is read: not UTF-8, too large, or nothing."""
    if text is None:
        return str(
            _("This file is not UTF-8 text, as referee writes its records: save it as UTF-8 and import it again.")
        )
    if len(text.encode("utf-8", errors="replace")) > LARGEST_RECORD:
        megabytes = LARGEST_RECORD // (1024 * 1024)
        return str(_("This record is too large: at most %(megabytes)s MB.", megabytes=megabytes))
    if not text.strip():
        return str(_("Choose a file, or paste the record's text."))
    return None


@bp.route("/import", methods=["GET", "POST"])
@limiter.limit(import_limit, methods=["POST"])
@making_ceiling
def import_page() -> ResponseReturnValue:
    """Recreate an evening from an exported record; a bad file is refused with the reason and makes nothing.

    A record of an evening that is here already is not imported yet: the page asks whether to keep both or to
    replace the one here (`confirm`). A group record becomes a new group with all its evenings; a group here
    already is only offered to keep both.
    """
    form = ImportForm()
    if not form.is_submitted():
        return render("transfer/import.html", "transfer/import.html", form=form)
    upload = form.file.data
    text = uploaded(upload.read()) if upload else (form.text.data or "")
    problem = _problem(text)
    if problem is not None:
        form.form_errors.append(problem)
    elif form.validate():
        try:
            outcome = transfer.import_text(get_db(), text or "", form.submission.data)
        except RecordError as error:
            form.form_errors.append(str(error))
        else:
            return _answer(outcome, form.submission.data or one_time_key())
    return render("transfer/import.html", "transfer/import.html", 422, form=form)


@bp.post("/import/choice")
@limiter.limit(import_limit)
@making_ceiling
def confirm() -> ResponseReturnValue:
    """Keep both (the file becomes a new evening or group) or replace the evening here (with its scorer link)."""
    form = ChoiceForm()
    text = form.text.data or ""
    if not form.validate() or form.choice.data not in ("keep", "replace") or len(text.encode()) > LARGEST_RECORD:
        abort(400)
    submission = form.submission.data or None
    try:
        outcome = transfer.choose(
            get_db(), text, submission, keep=form.choice.data == "keep", scorer_key=form.scorer_key()
        )
    except transfer.Forged:
        abort(400)  # the first step read this record: this form was not made by its page
    if isinstance(outcome, Choice):  # not the scorer link of the evening here: it is left as it is
        form.scorer_link.errors = [
            _("This is not the scorer link of the evening here: it is left as it is. Paste its scorer link.")
        ]
        return _choice(outcome, submission or one_time_key(), 422, replace=form)
    return _answer(outcome, submission or one_time_key())


def _answer(outcome: Imported | Choice, submission: str) -> ResponseReturnValue:
    """Where an import goes: the evening or group it made, or the page that asks to keep both or replace."""
    if isinstance(outcome, Choice):
        return _choice(outcome, submission)
    if outcome.group is not None:
        return redirect_to(url_for("groups.show", key=outcome.group.scorer_key))
    assert outcome.evening is not None  # noqa: S101 — an import makes an evening when it makes no group
    return redirect_to(url_for("evenings.show", key=outcome.evening.scorer_key))


def _choice(
    choice: Choice, submission: str, status: int = 200, replace: ChoiceForm | None = None
) -> ResponseReturnValue:
    """The second step's page: the evening (or group) here and the file's, side by side, and a form for each choice."""
    text = compact(choice.data)
    keep = ChoiceForm(formdata=None, text=text, submission=submission, choice="keep")
    page = "transfer/choose_group.html" if choice.group else "transfer/choose.html"
    if replace is None and not choice.group:
        replace = ChoiceForm(formdata=None, text=text, submission=submission, choice="replace")
    sizes = {"here": choice.here, "here_size": choice.here_size, "file_size": choice.file_size}
    return render(page, page, status, keep=keep, replace=replace, **sizes)
