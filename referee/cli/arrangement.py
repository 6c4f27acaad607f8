"""`referee best`: the best arrangement of a hand, or of each hand read from standard input, in parallel if asked."""

from __future__ import annotations

import contextlib
import functools
import json
from collections.abc import Callable, Iterable, Sequence

import click

from referee.cli.rules_commands import given_cards, table_options, table_rules
from referee.cli.streams import answer, decoded, stdin
from referee.rules.cards import Card
from referee.rules.solver import BUDGET, LONGEST_BUDGET
from referee.rules.table import RummyRules


@click.command()
@table_options
@click.option(
    "--minimise",
    type=click.Choice(["value", "penalty"]),
    default="value",
    show_default=True,
    help="value: lay the most value (then leave the least penalty); penalty: leave the least penalty.",
)
@click.option(
    "--budget",
    type=click.FloatRange(min=0, min_open=True, max=LONGEST_BUDGET),
    metavar="SECONDS",
    help=f"The time one hand may take (default {BUDGET:g}, at most {LONGEST_BUDGET:g}): past it the hand is refused, "
    "never answered with a guess.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="With -, solve the hands in this many processes (the answers keep the order of the lines).",
)
@click.argument("cards", nargs=-1, required=True)
def best(
    preset: str,
    settings: Sequence[str],
    as_json: bool,
    minimise: str,
    budget: float | None,
    jobs: int,
    cards: Sequence[str],
) -> None:
    """The best arrangement of a hand; with - as the only CARD, one hand a line from stdin, one JSON a line."""
    from referee.rules.solver import SolverError, best_arrangement

    rules = table_rules(preset, settings)
    budget = BUDGET if budget is None else budget
    if list(cards) == ["-"]:
        _best_lines(functools.partial(_best_line, rules, minimise, budget), jobs)
        return
    try:
        result = best_arrangement(_arranged(given_cards(cards, rules), rules), rules, minimise, budget=budget)
    except SolverError as error:
        raise click.UsageError(str(error)) from None
    lines = [f"meld: {' '.join(card.symbol for card in meld)}" for meld in result.melds] or ["no meld"]
    opens = "opens" if result.opens else "does not open"
    if result.opening is not None and result.opening != result.melds:  # other melds open: say which
        opens = f"opens with {' | '.join(' '.join(card.symbol for card in meld) for meld in result.opening)}"
    lines.append(
        f"laid {result.laid_value} ({opens}); left {' '.join(c.symbol for c in result.left) or 'nothing'}: "
        f"{result.penalty} penalty points"
    )
    lines.append(f"if the round ended now, before these melds are laid: {result.hand_penalty} penalty points")
    answer(result.as_json(), as_json, "\n".join(lines))


def _best_line(rules: RummyRules, minimise: str, budget: float, item: tuple[int, bytes | str]) -> tuple[bool, str]:
    """One line of `referee best -`: (True, its JSON answer, or "" for a blank line) or (False, why it is refused)."""
    from referee.rules.solver import SolverError, best_arrangement

    number, raw = item
    try:
        line = raw if isinstance(raw, str) else decoded(raw, f"line {number}")
        if not line.strip():
            return True, ""
        hand = _arranged(given_cards([line], rules), rules)
        return True, json.dumps(best_arrangement(hand, rules, minimise, budget=budget).as_json())
    except click.UsageError as error:
        message = error.format_message()
    except SolverError as error:
        message = str(error)
    return False, message if message.startswith(f"line {number}") else f"line {number}: {message}"


def _best_lines(solve: Callable[[tuple[int, bytes | str]], tuple[bool, str]], jobs: int) -> None:
    """Answer each line of standard input in order, in `jobs` processes; the first refused line stops it (exit 2)."""
    lines: Iterable[tuple[int, bytes | str]] = enumerate(stdin(), start=1)
    with contextlib.ExitStack() as stack:
        if jobs == 1:
            answers: Iterable[tuple[bool, str]] = map(solve, lines)
        else:
            import multiprocessing

            pool = stack.enter_context(multiprocessing.Pool(jobs))
            answers = pool.imap(solve, lines, chunksize=32)
        for ok, text in answers:
            if not ok:
                raise click.UsageError(text)
            if text:
                click.echo(text)


def _arranged(hand: tuple[Card, ...], rules: RummyRules) -> tuple[Card, ...]:
    """A hand the best arrangement is sought for: at most a few cards more than a hand holds (hand_size + 4)."""
    from referee.rules.values import most_cards_arranged, most_cards_held

    if len(hand) > most_cards_arranged(rules):
        raise click.UsageError(
            f"{len(hand)} cards: the best arrangement is sought for {most_cards_arranged(rules)} cards at most in "
            f"{rules.preset} (a hand holds {most_cards_held(rules)})"
        )
    return hand
