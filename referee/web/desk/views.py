"""The referee desk: settle a dispute at the table (a meld, an opening, a joker, the best hand) and the rules page."""

from __future__ import annotations

from flask import Blueprint, abort, g, request, url_for
from flask.typing import ResponseReturnValue

from referee.rules.cards import CardError
from referee.rules.game import Rules
from referee.rules.options import OptionError
from referee.rules.presets import PRESETS
from referee.services.desk import Ruling, evening_rulings, rules_in_force, save_ruling
from referee.services.evenings import Evening
from referee.web.database import get_db
from referee.web.desk.answers import Unanswered, asked_and_answered, rule_on
from referee.web.desk.forms import QUESTIONS, Question, question_form, rules_asked
from referee.web.desk.rules_page import RulesShown, rules_shown
from referee.web.forms import presets_said
from referee.web.games.families import web_family_of
from referee.web.games.rummy.layout import picker_data
from referee.web.games.views import game_behind_link
from referee.web.guards import desk_ceiling, desk_limit, limiter
from referee.web.htmx import render
from referee.web.links import open_evening

bp = Blueprint("desk", __name__)


def _evening(key: str | None) -> Evening | None:
    """The evening behind the link, when the desk is opened from one (404 for an unknown link)."""
    if key is None:
        g.key, g.evening, g.scorer = None, None, False
        return None
    return open_evening(key)


def _page(
    kind: str, form: Question, log: tuple[Ruling, ...], evening: Evening | None, status: int = 200, **ruled: object
) -> ResponseReturnValue:
    picker = picker_data(rules_asked(form.rules.data or "kaluki", evening), 4)
    context = {"kind": kind, "questions": QUESTIONS, "form": form, "log": log, "picker": picker, **ruled}
    return render("desk/page.html", "desk/_answer.html", status, **context)


@bp.get("/desk", defaults={"key": None, "kind": "meld"})
@bp.get("/desk/<kind>", defaults={"key": None})
@bp.get("/e/<key>/desk", defaults={"kind": "meld"})
@bp.get("/e/<key>/desk/<kind>")
def ask(key: str | None, kind: str) -> ResponseReturnValue:
    """The question form: a meld, an opening, a joker or a hand."""
    if kind not in QUESTIONS:
        abort(404)
    evening = _evening(key)
    return _page(kind, question_form(kind, evening), evening_rulings(get_db(), evening), evening)


@bp.post("/desk/<kind>", defaults={"key": None})
@bp.post("/e/<key>/desk/<kind>")
@limiter.limit(desk_limit)
@desk_ceiling
def answer(key: str | None, kind: str) -> ResponseReturnValue:
    """The referee's answer, with the reason and the rule it rests on; the scorer's link keeps it in the evening's log.

    The viewer's link asks and reads the answer, but writes nothing: its ruling is not kept.
    """
    if kind not in QUESTIONS:
        abort(404)
    evening = _evening(key)
    form = question_form(kind, evening, request.form)
    if not form.validate():
        return _page(kind, form, evening_rulings(get_db(), evening), evening, 422)
    rules = rules_asked(form.rules.data, evening)
    try:
        ruling = rule_on(kind, form, rules)
    except (CardError, OptionError, Unanswered) as error:
        form.form_errors.append(str(error))
        return _page(kind, form, evening_rulings(get_db(), evening), evening, 422)
    if evening is not None and g.scorer:
        log = save_ruling(get_db(), evening, kind, rules, *asked_and_answered(ruling))
    else:
        log = evening_rulings(get_db(), evening)
    return _page(kind, form, log, evening, rules=rules, ruling=ruling)


@bp.get("/rules/<preset>", defaults={"key": None})
@bp.get("/e/<key>/rules", defaults={"preset": None})
def rules_page(key: str | None, preset: str | None) -> ResponseReturnValue:
    """The rules at this table, then every option in force by topic with its meaning, source and the rulebook's
    sentence, the worked examples, and the options as the command line names them.

    An evening's page also shows the rules of each of its games played under other rules (a Rami game after the
    evening's Kaluki, a Kaiser game, a game with house rules of its own).
    """
    evening = _evening(key)
    try:
        in_force = rules_in_force(get_db(), evening, preset)
    except OptionError:
        abort(404)
    other_games = [(number, rules_shown(game_rules)) for number, game_rules in in_force.other_games]
    return _rules(in_force.rules, key, other_games)


@bp.get("/e/<key>/games/<int:number>/rules")
def game_rules(key: str, number: int) -> ResponseReturnValue:
    """The rules of one game of the evening, as its page links to them."""
    book = game_behind_link(key, number)
    return _rules(book.rules, key, [], game=book.game)


def _rules(
    rules: Rules, key: str | None, other_games: list[tuple[int, RulesShown]], **more: object
) -> ResponseReturnValue:
    """The rules page of `rules`, with other games' rules below."""
    desk: str | None = url_for("desk.ask", key=key) if key else url_for("desk.ask", preset=rules.preset)
    if not web_family_of(rules.family).desk:
        desk = None  # the desk referees melds: a family without melds has no desk
    return render(
        "desk/rules.html",
        "desk/rules.html",
        rules=rules,
        shown=rules_shown(rules),
        other_games=other_games,
        presets=list(presets_said(list(PRESETS)).items()),
        desk_url=desk,
        **more,
    )
