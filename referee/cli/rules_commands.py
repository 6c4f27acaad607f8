"""The rules at the command line: check a meld, an opening, a hand's penalty, a joker's release, a meld extended
and melds rearranged, under a preset and the house's settings (`--preset`, `--set`), as text or JSON."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from referee.cli.streams import answer
from referee.rules.cards import Card, CardError, check_pack_limits, parse_cards
from referee.rules.families import rules_for
from referee.rules.melds import MeldCheck, check_meld
from referee.rules.opening import check_opening
from referee.rules.options import OptionError
from referee.rules.presets import DEFAULT_PRESET, parse_setting
from referee.rules.release import release_joker
from referee.rules.rummy_family import only_rummy
from referee.rules.settings_said import citation
from referee.rules.table import RummyRules
from referee.rules.values import penalty_json

F = TypeVar("F", bound=Callable[..., Any])


def table_options(command: F) -> F:
    """The `--preset`, `--set` and `--json` options every rules command takes."""
    command = click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/formats.md).")(command)
    command = click.option(
        "--set", "settings", multiple=True, metavar="NAME=VALUE", help="A house rule overriding the preset."
    )(command)
    return click.option(
        "--preset", default=DEFAULT_PRESET, show_default=True, help="The game's preset (docs/rules.md §3)."
    )(command)


def table_rules(preset: str, settings: Sequence[str]) -> RummyRules:
    """The rummy rules of `--preset` with the `--set` settings; a usage error says what is wrong."""
    try:
        return only_rummy(rules_for(preset, dict(parse_setting(s) for s in settings)), preset)
    except OptionError as error:
        raise click.UsageError(str(error)) from None


def given_cards(texts: Sequence[str], rules: RummyRules) -> tuple[Card, ...]:
    """The cards typed, at least one, within the packs in play; a usage error says what is wrong."""
    try:
        cards = parse_cards(texts)
        check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    except CardError as error:
        raise click.UsageError(str(error)) from None
    if not cards:
        raise click.UsageError("no cards were given")
    return cards


def why(rules: RummyRules, rule: str | None) -> str:
    """The rule a refusal rests on, on a line of its own."""
    return "" if rule is None else f"\n  rule: {citation(rules, rule)}"


def not_opened_option(command: F) -> F:
    """The `--not-opened` flag of `extend` and `rearrange`: the player has not opened yet, so the answer is no."""
    return click.option(
        "--not-opened", is_flag=True, help="The player has not opened yet: only a player who has may touch the table."
    )(command)


def describe_meld(check: MeldCheck, rules: RummyRules) -> str:
    """A meld's check as text: valid or not and why, its kind and value, what each joker stands for."""
    shown = " ".join(card.symbol for card in check.cards)
    if not check.valid:
        return f"{shown}: not valid — {check.reason}{why(rules, check.rule)}"
    lines = [f"{shown}: valid {check.kind}, {check.value} points"]
    for number, options in enumerate(check.jokers, start=1):
        lines.append(f"  joker {number}: {' or '.join(card.symbol for card in options)}")
    return "\n".join(lines)


@click.command()
@table_options
@click.argument("cards", nargs=-1, required=True)
def check(preset: str, settings: Sequence[str], as_json: bool, cards: Sequence[str]) -> None:
    """Check one meld: valid or not, why, its kind and value, and what each joker stands for."""
    rules = table_rules(preset, settings)
    result = check_meld(given_cards(cards, rules), rules)
    answer(result.as_json(), as_json, describe_meld(result, rules))


@click.command()
@table_options
@click.option("--all-in-one", is_flag=True, help="The whole hand is laid in one turn (exempt when the preset says so).")
@click.argument("melds", nargs=-1, required=True)
def opening(preset: str, settings: Sequence[str], as_json: bool, all_in_one: bool, melds: Sequence[str]) -> None:
    """Check an opening claim; each MELD is one quoted string of cards: "9C 9D 9H 9S" "5H 6H 7H"."""
    rules = table_rules(preset, settings)
    try:
        parsed = [parse_cards(meld) for meld in melds]
        result = check_opening(parsed, rules, all_in_one=all_in_one)
    except CardError as error:
        raise click.UsageError(str(error)) from None
    lines = [f"meld {n}: {describe_meld(check, rules)}" for n, check in enumerate(result.melds, start=1)]
    verdict = "opens" if result.opens else f"does not open — {result.reason}{why(rules, result.rule)}"
    lines.append(f"total {result.total}, threshold {result.threshold}: {verdict}")
    answer(result.as_json(), as_json, "\n".join(lines))


@click.command("penalty")
@table_options
@click.argument("cards", nargs=-1, required=True)
def penalty_command(preset: str, settings: Sequence[str], as_json: bool, cards: Sequence[str]) -> None:
    """The penalty of the cards left in a hand."""
    rules = table_rules(preset, settings)
    hand = given_cards(cards, rules)
    data = penalty_json(hand, rules)
    answer(data, as_json, f"{' '.join(card.symbol for card in hand)}: {data['penalty']} penalty points")


@click.command()
@table_options
@click.argument("meld")
@click.argument("hand", nargs=-1, required=True)
def release(preset: str, settings: Sequence[str], as_json: bool, meld: str, hand: Sequence[str]) -> None:
    """Can the HAND cards take the joker from MELD (one quoted string of cards on the table)?"""
    rules = table_rules(preset, settings)
    table_meld, cards = given_cards([meld], rules), given_cards(hand, rules)
    try:  # the meld's cards and the hand's together: a card more often than the packs hold is bad input
        result = release_joker(table_meld, cards, rules)
    except CardError as error:
        raise click.UsageError(str(error)) from None
    verdict = "yes" if result.released else "no"
    text = f"{verdict} — {result.reason}{why(rules, result.rule)}"
    if result.must:
        text += f"\n  then: {result.must}"
    answer(result.as_json(), as_json, text)


def _meld_arguments(texts: Sequence[str], what: str) -> list[tuple[Card, ...]]:
    """Melds typed as quoted strings of cards, each holding at least one card."""
    melds = []
    for number, text in enumerate(texts, start=1):
        named = what if len(texts) == 1 else f"{what} {number}"
        try:
            meld = parse_cards(text)
        except CardError as error:
            raise click.UsageError(f"{named}: {error}") from None
        if not meld:
            raise click.UsageError(f"{named} holds no cards")
        melds.append(meld)
    return melds


@click.command("extend")
@table_options
@not_opened_option
@click.argument("meld")
@click.argument("cards", nargs=-1, required=True)
def extend_command(
    preset: str, settings: Sequence[str], as_json: bool, not_opened: bool, meld: str, cards: Sequence[str]
) -> None:
    """Add CARDS (or a joker) to MELD, one quoted string of cards already on the table, by a player who has opened."""
    from referee.rules.building import extend_meld

    rules = table_rules(preset, settings)
    table = _meld_arguments([meld], "the meld on the table (MELD)")[0]
    added = given_cards(cards, rules)
    try:
        result = extend_meld(table, added, rules, opened=not not_opened)
    except CardError as error:
        raise click.UsageError(str(error)) from None
    question = f"{' '.join(c.symbol for c in table)} + {' '.join(c.symbol for c in added)}"
    after = " ".join(card.symbol for card in result.meld)
    if result.valid:
        lines = [f"{question}: yes — {after}, {result.kind}, {result.value} points"]
        for number, options in enumerate(result.jokers, start=1):
            lines.append(f"  joker {number}: {' or '.join(card.symbol for card in options)}")
        text = "\n".join(lines)
    else:
        text = f"{question}: no — {result.reason}{why(rules, result.rule)}"
    answer(result.as_json(), as_json, text)


@click.command("rearrange")
@table_options
@not_opened_option
@click.option("--from", "before", multiple=True, required=True, metavar="MELD", help="A meld on the table (repeat).")
@click.option("--to", "after", multiple=True, required=True, metavar="MELD", help="A meld it becomes (repeat).")
def rearrange_command(
    preset: str, settings: Sequence[str], as_json: bool, not_opened: bool, before: Sequence[str], after: Sequence[str]
) -> None:
    """Rearrange the melds on the table (--from, one each) into others (--to, one each), cards from the hand joining."""
    from referee.rules.rearrange import rearrange_melds

    rules = table_rules(preset, settings)
    old = _meld_arguments(before, "--from meld")
    new = _meld_arguments(after, "--to meld")
    try:
        result = rearrange_melds(old, new, rules, opened=not not_opened)
    except CardError as error:
        raise click.UsageError(str(error)) from None
    lines = [f"meld {n}: {describe_meld(check, rules)}" for n, check in enumerate(result.melds, start=1)]
    if result.from_hand:
        lines.append(f"from the hand: {' '.join(card.symbol for card in result.from_hand)}")
    if result.valid:
        lines.append(f"laid: {result.laid_points} points")
    lines.append("yes" if result.valid else f"no — {result.reason}{why(rules, result.rule)}")
    answer(result.as_json(), as_json, "\n".join(lines))
