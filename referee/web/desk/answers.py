"""The desk's answers: each question worked out by the rules engine, with the reason and the rule it rests on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import current_app

from referee.rules.advice import fixes
from referee.rules.building import extend_meld
from referee.rules.cards import Card, check_pack_limits, parse_cards, symbols
from referee.rules.game import Rules
from referee.rules.melds import check_meld
from referee.rules.opening import check_opening
from referee.rules.rearrange import rearrange_melds
from referee.rules.release import release_joker
from referee.rules.settings_said import rule_said
from referee.rules.solver import BUDGET, Arrangement, SolverError, best_arrangement
from referee.rules.sources import Quote, quotes_for
from referee.rules.table import RummyRules
from referee.rules.words import joined, say
from referee.web.desk.forms import (
    BestQuestion,
    ExtendQuestion,
    JokerQuestion,
    MeldQuestion,
    OpeningQuestion,
    Question,
    RearrangeQuestion,
)


@dataclass(frozen=True)
class Citation:
    """The rule a ruling rests on, as a player reads it, with the rulebook's sentences for that option."""

    text: str
    quotes: tuple[Quote, ...]
    option: str = ""  # its name on the command line, shown small for the curious

    def __str__(self) -> str:
        return self.text


def citation(rules: Rules, option: str) -> Citation:
    """The option a ruling rests on in words, its value and source (`table.rule_said`), and the sentences it quotes."""
    return Citation(rule_said(rules, option), quotes_for(option, rules.preset), option)


# A ruling as the desk's answer shows it: what was asked ("question"), the verdict ("summary"), the rule it rests on
# ("cite"), and what the engine worked out ("check", "opening", "release", "extend", "rearrange" or "best"). The
# question and the verdict are said lazily (`say`): the disputes log says them again in each reader's language.
Ruled = dict[str, object]


def asked_and_answered(ruling: Ruled) -> tuple[str, str]:
    """What a ruling was asked and its verdict in one line, as the disputes log keeps them."""
    question, summary = ruling["question"], ruling["summary"]
    if not isinstance(question, str) or not isinstance(summary, str):
        raise TypeError("a ruling's question and verdict are texts")
    return question, summary


class Unanswered(ValueError):
    """A question the desk does not work out: a hand too large, or one it could not finish in time."""


def _cards(text: str, rules: RummyRules) -> tuple[Card, ...]:
    cards = parse_cards(text)
    check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    return cards


def _shown(cards: tuple[Card, ...]) -> str:
    """The cards as the reader reads them, said when shown (the disputes log says them in each reader's letters)."""
    return symbols(cards)


def _melds_shown(melds: list[tuple[Card, ...]] | tuple[tuple[Card, ...], ...]) -> str:
    """Melds side by side, a bar between two: "9♥ 9♠ JK | 5♥ 6♥ 7♥", said when shown."""
    return joined((_shown(meld) for meld in melds), " | ")


def _kind_said(kind: str | None) -> str:
    """A meld's kind in the reader's language, said when shown: group, run or identity."""
    said: dict[str, str] = {"group": say("group"), "run": say("run"), "identity": say("identity")}
    return said.get(kind or "", "")


def _meld(form: MeldQuestion, rules: RummyRules) -> Ruled:
    cards = _cards(form.cards.data, rules)
    check = check_meld(cards, rules)
    if check.valid:
        summary = say("valid {kind}, {value} points", kind=_kind_said(check.kind), value=check.value)
    else:
        summary = say("not valid: {reason}", reason=check.reason)
    return {
        "question": _shown(cards),
        "summary": summary,
        "check": check,
        "cite": citation(rules, check.rule) if check.rule else None,
        "fixes": fixes(cards, rules),
    }


def _opening(form: OpeningQuestion, rules: RummyRules) -> Ruled:
    texts = [form[f"meld_{n}"].data for n in range(4) if (form[f"meld_{n}"].data or "").strip()]
    melds = [parse_cards(text) for text in texts]
    check = check_opening(melds, rules, all_in_one=form.all_in_one.data)
    verdict = say("opens") if check.opens else say("does not open: {reason}", reason=check.reason)
    return {
        "question": _melds_shown(melds),
        "summary": say(
            "{total} of {threshold}: {verdict}", total=check.total, threshold=check.threshold, verdict=verdict
        ),
        "opening": check,
        "cite": citation(rules, check.rule) if check.rule else None,
    }


def _joker(form: JokerQuestion, rules: RummyRules) -> Ruled:
    meld, hand = _cards(form.meld.data, rules), _cards(form.hand.data, rules)
    release = release_joker(meld, hand, rules)
    verdict = say("yes") if release.released else say("no")
    return {
        "question": say("{meld} with {hand}", meld=_shown(meld), hand=_shown(hand)),
        "summary": say("{entry}: {reason}", entry=verdict, reason=release.reason),
        "release": release,
        "cite": citation(rules, release.rule) if release.rule else None,
    }


def _extend(form: ExtendQuestion, rules: RummyRules) -> Ruled:
    meld, added = _cards(form.meld.data, rules), _cards(form.cards.data, rules)
    extension = extend_meld(meld, added, rules, opened=not form.not_opened.data)  # cards not in play: CardError
    if extension.valid:
        summary = say(
            "yes: {meld}, {kind}, {value} points",
            meld=_shown(extension.meld),
            kind=_kind_said(extension.kind),
            value=extension.value,
        )
    else:
        summary = say("no: {reason}", reason=extension.reason)
    rule = extension.rule or ("joker_can_extend" if any(card.is_joker for card in added) else None)
    return {
        "question": say("{meld} with {hand}", meld=_shown(meld), hand=_shown(added)),
        "summary": summary,
        "extend": extension,
        "cite": citation(rules, rule) if rule else None,
    }


def _rearrange(form: RearrangeQuestion, rules: RummyRules) -> Ruled:
    before = [_cards(form[f"before_{n}"].data, rules) for n in range(3) if (form[f"before_{n}"].data or "").strip()]
    after = [_cards(form[f"after_{n}"].data, rules) for n in range(4) if (form[f"after_{n}"].data or "").strip()]
    rearranged = rearrange_melds(before, after, rules, opened=not form.not_opened.data)
    if rearranged.valid:
        summary = say("yes; lays {points} points", points=rearranged.laid_points)
    else:
        summary = say("no: {reason}", reason=rearranged.reason)
    return {
        "question": say("{before} into {after}", before=_melds_shown(before), after=_melds_shown(after)),
        "summary": summary,
        "rearrange": rearranged,
        "cite": citation(rules, rearranged.rule or "table_rearrange"),
    }


def _best(form: BestQuestion, rules: RummyRules) -> Ruled:
    hand = _cards(form.hand.data, rules)
    budget = current_app.config.get("REFEREE_BEST_BUDGET", BUDGET)  # seconds: no phone holds the server longer
    try:
        best = best_arrangement(hand, rules, form.minimise.data or "value", budget=budget)
    except SolverError as error:  # too many cards, or past the budget: said so, nothing stored, never an unproven best
        raise Unanswered(str(error)) from None
    return {
        "question": _shown(hand),
        "summary": say(
            "lays {value}, leaves {penalty} (the whole hand: {whole}); {opening}",
            value=best.laid_value,
            penalty=best.penalty,
            whole=best.hand_penalty,
            opening=_opening_said(best),
        ),
        "best": best,
        "cite": None,
    }


def _opening_said(best: Arrangement) -> str:
    """Whether the hand can open, and with which melds when they are not the ones laying the most."""
    if best.opening is None:
        return say("does not open")
    if best.opening == best.melds:
        return say("opens")
    return say("opens with {melds}", melds=_melds_shown(best.opening))


RULINGS: dict[str, Callable[[Question, RummyRules], Ruled]] = {
    "meld": _meld,
    "opening": _opening,
    "joker": _joker,
    "best": _best,
    "extend": _extend,
    "rearrange": _rearrange,
}


def rule_on(kind: str, form: Question, rules: RummyRules) -> Ruled:
    """The ruling on a `kind` of question: what was asked, the verdict, and the rule it rests on.

    CardError, OptionError or Unanswered when the desk cannot answer it.
    """
    return RULINGS[kind](form, rules)
