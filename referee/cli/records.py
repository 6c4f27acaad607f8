"""The records at the command line: a game record's standings (`replay`) and an evening's settle-up (`settle`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from referee.cli.streams import answer, read_source

# The records, the settlement and the games are imported by the commands that use them: `check` starts faster.
if TYPE_CHECKING:
    from referee.rules.evening_record import EveningRecord


@click.command("replay")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/formats.md).")
@click.argument("source", metavar="FILE")
def replay_command(as_json: bool, source: str) -> None:
    """The standings of a game record (FILE, or - for standard input)."""
    from referee.rules.events import EntryError
    from referee.rules.families import family_of
    from referee.rules.game_record import read_game
    from referee.rules.record_data import LARGEST_RECORD, RecordError, load_json

    try:
        record = read_game(load_json(read_source(source, LARGEST_RECORD)))
        game = record.standings()
    except (RecordError, EntryError) as error:
        raise click.UsageError(str(error)) from None
    answer(game.as_json(), as_json, family_of(game.rules).standings_text(game))


@click.command("settle")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (docs/formats.md).")
@click.argument("source", metavar="FILE")
def settle_command(as_json: bool, source: str) -> None:
    """An evening record (FILE, or - for standard input) to balances and the fewest payments."""
    from referee.rules.evening_record import EVENING_FORMAT_2, game_chips, read_evening
    from referee.rules.game import counted
    from referee.rules.group_record import GROUP_FORMAT
    from referee.rules.record_data import LARGEST_RECORD, RecordError, load_json
    from referee.rules.settlement import SettlementError, evening_balances, settle_json

    try:
        raw = load_json(read_source(source, LARGEST_RECORD))
        if isinstance(raw, dict) and raw.get("format") == GROUP_FORMAT:
            raise RecordError("this is a group record: settle one evening at a time, from its own export")
        evening = read_evening(raw)
        balances = evening_balances(game_chips(evening.games))
        data = settle_json(balances, evening.chip_value)
        if raw["format"] == EVENING_FORMAT_2:
            data |= _after_payments(evening, balances)
    except (RecordError, SettlementError) as error:
        raise click.UsageError(str(error)) from None
    currency = f" {evening.currency}" if evening.currency else ""

    def pays(payments: list[dict[str, Any]], verb: str = "pays") -> list[str]:
        return [
            f"  {p['from']} {verb} {p['to']} {p['amount']}{currency} ({counted(p['chips'], 'chip')})" for p in payments
        ]

    lines = [f"  {name:<12} {chips:+d} chips" for name, chips in data["balances"].items()]
    text = ["balances:", *lines, "payments:", *(pays(data["payments"]) or ["  nobody owes anything"])]
    if data.get("paid"):
        text += ["paid already:", *pays(data["paid"], "paid"), "still to pay:"]
        text += pays(data["to_pay"]) or ["  nobody owes anything now"]
    answer(data, as_json, "\n".join(text))


def _after_payments(evening: EveningRecord, balances: dict[str, int]) -> dict[str, Any]:
    """A `referee.evening/2` record's payments marked made (`paid`), the balances `left` after them, and the
    fewest payments for what is left (`to_pay`), as the app's settle-up page shows them."""
    from referee.rules.evening_logs import standing_payments
    from referee.rules.settlement import Payment, settle_json

    paid = [Payment(p.payer, p.payee, p.chips) for p in standing_payments(evening.payments)]
    left = dict(balances)
    for payment in paid:
        left[payment.payer] = left.get(payment.payer, 0) + payment.chips
        left[payment.payee] = left.get(payment.payee, 0) - payment.chips
    after = settle_json(left, evening.chip_value)
    return {
        "paid": [p.as_json(evening.chip_value) for p in paid],
        "left": after["balances"],
        "to_pay": after["payments"],
    }
