"""The referee desk: settle a dispute at the table (a meld, an opening, a joker, the best hand) and the rules page."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from flask import Blueprint, abort, current_app, g, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, RadioField, SelectField, StringField
from wtforms.validators import InputRequired

from referee.rules.advice import fixes
from referee.rules.building import extend_meld
from referee.rules.cards import Card, CardError, check_pack_limits, parse_cards
from referee.rules.examples import examples
from referee.rules.kaiser_examples import KAISER_EXAMPLES
from referee.rules.melds import check_meld
from referee.rules.opening import check_opening
from referee.rules.presets import DEFAULT_PRESET, OPTIONS, OptionError, get_preset, show_value
from referee.rules.rearrange import rearrange_melds
from referee.rules.release import release_joker
from referee.rules.solver import BUDGET, SolverError, best_arrangement
from referee.rules.sources import Quote, quotes_for
from referee.rules.table import KaiserRules, Rules, RummyRules, describe, rules_for, rummy_rules
from referee.rules.table import citation as cited_option
from referee.rules.values import most_cards_arranged, most_cards_held
from referee.storage.evenings import Evening, evening_by_key
from referee.storage.games import games_of
from referee.storage.rulings import log_ruling, rulings_of
from referee.web.database import get_db
from referee.web.forms import KAISER_PRESETS, RUMMY_PRESETS
from referee.web.games.sheets import picker_data
from referee.web.guards import desk_limit, limiter
from referee.web.htmx import render

bp = Blueprint("desk", __name__)
QUESTIONS = ("meld", "opening", "joker", "best", "extend", "rearrange")
EVENING_RULES = "evening"


class Question(FlaskForm):
    """Every question names the rules it is asked under: the evening's, or a preset."""

    rules = SelectField(_l("Rules"))


class MeldQuestion(Question):
    """Is this meld valid? The cards in the order laid."""

    cards = StringField(_l("The meld, in the order laid"), [InputRequired(_l("Tap or type the meld's cards."))])


class OpeningQuestion(Question):
    """Does this first laying open? Up to four melds."""

    meld_0 = StringField(_l("Meld 1"), [InputRequired(_l("Tap or type at least one meld."))])
    meld_1 = StringField(_l("Meld 2"))
    meld_2 = StringField(_l("Meld 3"))
    meld_3 = StringField(_l("Meld 4"))
    all_in_one = BooleanField(_l("The whole hand is laid in this turn"))


class JokerQuestion(Question):
    """Can these cards take the joker from that meld?"""

    meld = StringField(_l("The meld on the table"), [InputRequired(_l("Tap or type the meld on the table."))])
    hand = StringField(_l("Your cards"), [InputRequired(_l("Tap or type the cards you would put in."))])


class ExtendQuestion(Question):
    """Can these cards (or this joker) be added to that meld on the table?"""

    meld = StringField(_l("The meld on the table"), [InputRequired(_l("Tap or type the meld on the table."))])
    cards = StringField(_l("The cards to add"), [InputRequired(_l("Tap or type the cards you would add."))])


class RearrangeQuestion(Question):
    """Can these melds on the table be rearranged into those?"""

    before_0 = StringField(_l("On the table, meld 1"), [InputRequired(_l("Tap or type a meld on the table."))])
    before_1 = StringField(_l("On the table, meld 2"))
    before_2 = StringField(_l("On the table, meld 3"))
    after_0 = StringField(_l("After, meld 1"), [InputRequired(_l("Tap or type a meld it becomes."))])
    after_1 = StringField(_l("After, meld 2"))
    after_2 = StringField(_l("After, meld 3"))
    after_3 = StringField(_l("After, meld 4"))


class BestQuestion(Question):
    """What is the best way to lay this hand?"""

    hand = StringField(_l("Your hand"), [InputRequired(_l("Tap or type the cards in your hand."))])
    minimise = RadioField(_l("Look for"), default="value")


FORMS: dict[str, type[Question]] = {
    "meld": MeldQuestion,
    "opening": OpeningQuestion,
    "joker": JokerQuestion,
    "best": BestQuestion,
    "extend": ExtendQuestion,
    "rearrange": RearrangeQuestion,
}


def _evening(key: str | None) -> Evening | None:
    if key is None:
        g.key, g.evening, g.scorer = None, None, False
        return None
    found = evening_by_key(get_db(), key)
    if found is None:
        abort(404)
    evening, g.scorer = found
    g.evening, g.key = evening, key
    return evening


def _rules_choices(evening: Evening | None) -> dict[str, str]:
    choices = {EVENING_RULES: _("This evening's rules (%(preset)s)", preset=evening.preset)} if evening else {}
    return choices | {name: name for name in RUMMY_PRESETS}


def _rules(choice: str, evening: Evening | None) -> RummyRules:
    if choice == EVENING_RULES and evening is not None:
        return evening_rules(evening)
    return rummy_rules(choice if choice in RUMMY_PRESETS else DEFAULT_PRESET)


def evening_rules(evening: Evening) -> RummyRules:
    """The evening's rummy rules; an evening stored before its rules were checked on import gets the default's."""
    try:
        return rummy_rules(evening.preset, evening.options)
    except OptionError:
        return rummy_rules(DEFAULT_PRESET)


@dataclass(frozen=True)
class Citation:
    """The rule a ruling rests on, as a player reads it, with the rulebook's sentences for that option."""

    text: str
    quotes: tuple[Quote, ...]

    def __str__(self) -> str:
        return self.text


def citation(rules: Rules, option: str) -> Citation:
    """The option a ruling rests on, its value and source (`table.citation`), and the sentences it quotes."""
    return Citation(cited_option(rules, option), quotes_for(option, rules.preset))


class Unanswered(ValueError):
    """A question the desk does not work out: a hand too large, or one it could not finish in time."""


def _form(kind: str, evening: Evening | None, formdata: Any = None) -> Question:
    default = EVENING_RULES if evening else request.args.get("preset", "kaluki")
    form = FORMS[kind](formdata, rules=default)
    form.rules.choices = _rules_choices(evening)
    if isinstance(form, BestQuestion):
        form.minimise.choices = {"value": _("the most value laid"), "penalty": _("the least penalty left")}
    return form


def _page(kind: str, evening: Evening | None, form: Question, status: int = 200, **answer: Any) -> ResponseReturnValue:
    log = rulings_of(get_db(), evening.id) if evening else []
    picker = picker_data(_rules(form.rules.data or "kaluki", evening), 4)
    context = {"kind": kind, "questions": QUESTIONS, "form": form, "log": log, "picker": picker, **answer}
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
    return _page(kind, evening, _form(kind, evening))


@bp.post("/desk/<kind>", defaults={"key": None})
@bp.post("/e/<key>/desk/<kind>")
@limiter.limit(desk_limit)
def answer(key: str | None, kind: str) -> ResponseReturnValue:
    """The referee's answer, with the reason and the rule it rests on; the scorer's link keeps it in the evening's log.

    The viewer's link asks and reads the answer, but writes nothing: its ruling is not kept.
    """
    if kind not in QUESTIONS:
        abort(404)
    evening = _evening(key)
    form = _form(kind, evening, request.form)
    if not form.validate():
        return _page(kind, evening, form, 422)
    rules = _rules(form.rules.data, evening)
    try:
        ruling = _RULINGS[kind](form, rules)
    except (CardError, OptionError, Unanswered) as error:
        form.form_errors.append(str(error))
        return _page(kind, evening, form, 422)
    if evening is not None and g.scorer:
        house = ", ".join(f"{name} = {show_value(value)}" for name, value in rules.changed().items())
        label = f"{rules.preset} ({house})" if house else rules.preset
        log_ruling(get_db(), evening.id, kind, label, ruling["question"], ruling["summary"])
    return _page(kind, evening, form, rules=rules, ruling=ruling)


def _cards(text: str, rules: RummyRules) -> tuple[Card, ...]:
    cards = parse_cards(text)
    check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    return cards


def _shown(cards: tuple[Card, ...]) -> str:
    return " ".join(card.symbol for card in cards)


def _meld(form: Any, rules: RummyRules) -> dict[str, Any]:
    cards = _cards(form.cards.data, rules)
    check = check_meld(cards, rules)
    if check.valid:
        summary = _("valid %(kind)s, %(value)s points", kind=_(check.kind or ""), value=check.value)
    else:
        summary = _("not valid: %(reason)s", reason=check.reason)
    return {
        "question": _shown(cards),
        "summary": summary,
        "check": check,
        "cite": citation(rules, check.rule) if check.rule else None,
        "fixes": fixes(cards, rules),
    }


def _opening(form: Any, rules: RummyRules) -> dict[str, Any]:
    texts = [form[f"meld_{n}"].data for n in range(4) if (form[f"meld_{n}"].data or "").strip()]
    melds = [parse_cards(text) for text in texts]
    check = check_opening(melds, rules, all_in_one=form.all_in_one.data)
    verdict = _("opens") if check.opens else _("does not open: %(reason)s", reason=check.reason)
    return {
        "question": " | ".join(_shown(meld) for meld in melds),
        "summary": _(
            "%(total)s of %(threshold)s: %(verdict)s", total=check.total, threshold=check.threshold, verdict=verdict
        ),
        "opening": check,
        "cite": citation(rules, check.rule) if check.rule else None,
    }


def _joker(form: Any, rules: RummyRules) -> dict[str, Any]:
    meld, hand = _cards(form.meld.data, rules), _cards(form.hand.data, rules)
    release = release_joker(meld, hand, rules)
    verdict = _("yes") if release.released else _("no")
    return {
        "question": _("%(meld)s with %(hand)s", meld=_shown(meld), hand=_shown(hand)),
        "summary": f"{verdict}: {release.reason}",
        "release": release,
        "cite": citation(rules, release.rule) if release.rule else None,
    }


def _extend(form: Any, rules: RummyRules) -> dict[str, Any]:
    meld, added = _cards(form.meld.data, rules), _cards(form.cards.data, rules)
    extension = extend_meld(meld, added, rules)  # cards that cannot all be in play raise CardError: 422
    if extension.valid:
        kind = {"group": _("group"), "run": _("run")}.get(extension.kind or "", "")
        summary = _(
            "yes: %(meld)s, %(kind)s, %(value)s points", meld=_shown(extension.meld), kind=kind, value=extension.value
        )
    else:
        summary = _("no: %(reason)s", reason=extension.reason)
    rule = extension.rule or ("joker_can_extend" if any(card.is_joker for card in added) else None)
    return {
        "question": _("%(meld)s with %(hand)s", meld=_shown(meld), hand=_shown(added)),
        "summary": summary,
        "extend": extension,
        "cite": citation(rules, rule) if rule else None,
    }


def _rearrange(form: Any, rules: RummyRules) -> dict[str, Any]:
    before = [_cards(form[f"before_{n}"].data, rules) for n in range(3) if (form[f"before_{n}"].data or "").strip()]
    after = [_cards(form[f"after_{n}"].data, rules) for n in range(4) if (form[f"after_{n}"].data or "").strip()]
    rearranged = rearrange_melds(before, after, rules)
    summary = _("yes") if rearranged.valid else _("no: %(reason)s", reason=rearranged.reason)
    return {
        "question": _(
            "%(before)s into %(after)s",
            before=" | ".join(_shown(meld) for meld in before),
            after=" | ".join(_shown(meld) for meld in after),
        ),
        "summary": summary,
        "rearrange": rearranged,
        "cite": citation(rules, rearranged.rule or "table_rearrange"),
    }


def _best(form: Any, rules: RummyRules) -> dict[str, Any]:
    hand = _cards(form.hand.data, rules)
    most = most_cards_arranged(rules)
    if len(hand) > most:
        raise Unanswered(
            _(
                "The best way to lay a hand is worked out for %(most)s cards at most in %(preset)s (a hand holds "
                "%(held)s), not %(count)s.",
                most=most,
                preset=rules.preset,
                held=most_cards_held(rules),
                count=len(hand),
            )
        )
    budget = current_app.config.get("REFEREE_BEST_BUDGET", BUDGET)  # seconds: no phone holds the server longer
    try:
        best = best_arrangement(hand, rules, form.minimise.data or "value", budget=budget)
    except SolverError as error:  # past the budget: said so, nothing stored, never a best that was not proven
        raise Unanswered(str(error)) from None
    return {
        "question": _shown(hand),
        "summary": _(
            "lays %(value)s, leaves %(penalty)s (the whole hand: %(whole)s)",
            value=best.laid_value,
            penalty=best.penalty,
            whole=best.hand_penalty,
        ),
        "best": best,
        "cite": None,
    }


_RULINGS = {
    "meld": _meld,
    "opening": _opening,
    "joker": _joker,
    "best": _best,
    "extend": _extend,
    "rearrange": _rearrange,
}


@bp.get("/rules/<preset>", defaults={"key": None})
@bp.get("/e/<key>/rules", defaults={"preset": None})
def rules_page(key: str | None, preset: str | None) -> ResponseReturnValue:
    """Every option in force with its meaning, source and the rulebook's sentence, and the worked examples.

    An evening's page also shows the rules of each of its Kaiser games.
    """
    evening = _evening(key)
    rules: Rules
    if evening is not None:
        rules = evening_rules(evening)
    else:
        try:
            rules = rules_for(preset or DEFAULT_PRESET)
        except OptionError:
            abort(404)
    kaiser_games = []
    if evening is not None:
        for game in games_of(get_db(), evening.id):
            try:
                game_rules = rules_for(game.preset, game.options)
            except OptionError:
                continue  # a game stored before its rules were checked: its sheet says what is wrong
            if isinstance(game_rules, KaiserRules):
                kaiser_games.append((game.number, _rules_shown(game_rules)))
    desk: str | None = url_for("desk.ask", key=key) if key else url_for("desk.ask", preset=rules.preset)
    if isinstance(rules, KaiserRules):
        desk = None  # the desk referees melds: Kaiser has none
    return render(
        "desk/rules.html",
        "desk/rules.html",
        rules=rules,
        shown=_rules_shown(rules),
        kaiser_games=kaiser_games,
        presets=[*RUMMY_PRESETS, *KAISER_PRESETS],
        desk_url=desk,
    )


def _rules_shown(rules: Rules) -> dict[str, Any]:
    """What the rules page shows of one set of rules: its preset, options with their quotes, worked examples."""
    changed = rules.changed()
    worked: list[tuple[str, str, str, str | None]]
    if isinstance(rules, KaiserRules):
        default = cast(KaiserRules, rules_for(rules.preset))  # a Kaiser preset's defaults are Kaiser rules
        worked = [
            (_("hand"), example.question_said(), example.verdict(default), example.verdict(rules) if changed else None)
            for example in KAISER_EXAMPLES
        ]
    else:
        words = {"check": _("meld"), "opening": _("opening"), "penalty": _("penalty")}
        worked = [
            (
                words[example.command],
                " + ".join(example.question),
                example.verdict(),
                example.verdict(rules) if changed else None,
            )
            for example in examples()
            if example.preset == rules.preset
        ]
    # Each option as (name, value, meaning, source, quotes, label): the label is its name in a player's words.
    options = [
        (*option, quotes_for(option[0], rules.preset), OPTIONS[option[0]].label_said()) for option in describe(rules)
    ]
    return {
        "rules": rules,
        "preset": get_preset(rules.preset),
        "options": options,
        "changed": changed,
        "worked": worked,
    }
