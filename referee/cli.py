"""The `referee` command: the rules engine at the command line, and Flask's own commands (FORMATS.md)."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from referee import create_app
from referee.rules.cards import Card, CardError, check_pack_limits, parse_cards
from referee.rules.melds import MeldCheck, check_meld
from referee.rules.opening import check_opening
from referee.rules.presets import DEFAULT_PRESET, OptionError, parse_setting
from referee.rules.release import release_joker
from referee.rules.table import RummyRules, citation, rummy_rules
from referee.rules.values import penalty_json

# The records, the settlement and the solver are imported by the commands that use them: `check` starts faster.
if TYPE_CHECKING:
    from referee.rules.kaiser import KaiserGame
    from referee.rules.record import EveningRecord
    from referee.rules.rummy import RummyGame

BAD_INPUT = 2
F = TypeVar("F", bound=Callable[..., Any])


class RefereeGroup(click.Group):
    """A command group where any bad input ends in one line on stderr and exit status 2."""

    # One signature for both of click's overloads of `main`: this one never returns but through sys.exit.
    def main(  # type: ignore[override]  # noqa: D102
        self, args: Sequence[str] | None = None, prog_name: str | None = None, **extra: Any
    ) -> Any:
        try:
            code = super().main(args, prog_name, standalone_mode=False, **extra)
        except click.exceptions.Abort:
            click.echo("referee: stopped", err=True)
            sys.exit(1)
        except click.exceptions.NoArgsIsHelpError:
            click.echo("referee: no command given (referee --help lists them)", err=True)
            sys.exit(BAD_INPUT)
        except click.ClickException as error:
            click.echo(f"referee: {one_line(error.format_message())}", err=True)
            sys.exit(BAD_INPUT)
        except Exception as error:
            if os.environ.get("REFEREE_DEBUG"):
                raise
            name = type(error).__name__
            click.echo(
                f"referee: unexpected error ({name}: {one_line(str(error))}); REFEREE_DEBUG=1 shows more", err=True
            )
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def one_line(text: str) -> str:
    """`text` on one line: a name holding a line break, quoted back in a refusal, must not make it two.

    >>> one_line("Ana\\nBen is not a player")
    'Ana Ben is not a player'
    """
    return " ".join(text.splitlines())


# The referee's own commands, without Flask: `check` or `penalty` starts in a fraction of the time the web app takes.
cli = RefereeGroup(name="referee", help="The card night's referee: Kaluki, Rami and Kaiser.")


def with_flask() -> click.Group:
    """The whole command: the referee's own commands and Flask's (`run`, `routes`, `shell`, `--app`, `--version`)."""
    from flask.cli import FlaskGroup

    class RefereeFlaskGroup(RefereeGroup, FlaskGroup):
        """Flask's command group, with the referee's commands and its handling of bad input."""

    return RefereeFlaskGroup(create_app=create_app, name=cli.name, help=cli.help, commands=dict(cli.commands))


def main() -> None:
    """Run the `referee` command; Flask is imported only when the command is not one of the referee's own."""
    args = sys.argv[1:]
    group = cli if not args or args[0] in cli.commands else with_flask()
    group.main(args, prog_name="referee")


def table_options(command: F) -> F:
    """The `--preset`, `--set` and `--json` options every rules command takes."""
    command = click.option("--json", "as_json", is_flag=True, help="Print JSON (FORMATS.md).")(command)
    command = click.option(
        "--set", "settings", multiple=True, metavar="NAME=VALUE", help="A house rule overriding the preset."
    )(command)
    return click.option("--preset", default=DEFAULT_PRESET, show_default=True, help="The game's preset (RULES.md §3).")(
        command
    )


def _rules(preset: str, settings: Sequence[str]) -> RummyRules:
    try:
        return rummy_rules(preset, dict(parse_setting(s) for s in settings))
    except OptionError as error:
        raise click.UsageError(str(error)) from None


def _cards(texts: Sequence[str], rules: RummyRules) -> tuple[Card, ...]:
    try:
        cards = parse_cards(texts)
        check_pack_limits(cards, rules.pack_count(), rules.joker_count())
    except CardError as error:
        raise click.UsageError(str(error)) from None
    if not cards:
        raise click.UsageError("no cards were given")
    return cards


def _print(data: dict[str, Any], as_json: bool, text: str) -> None:
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else text)


def _why(rules: RummyRules, rule: str | None) -> str:
    """The rule a refusal rests on, on a line of its own."""
    return "" if rule is None else f"\n  rule: {citation(rules, rule)}"


def _describe_meld(check: MeldCheck, rules: RummyRules) -> str:
    shown = " ".join(card.symbol for card in check.cards)
    if not check.valid:
        return f"{shown}: not valid — {check.reason}{_why(rules, check.rule)}"
    lines = [f"{shown}: valid {check.kind}, {check.value} points"]
    for number, options in enumerate(check.jokers, start=1):
        lines.append(f"  joker {number}: {' or '.join(card.symbol for card in options)}")
    return "\n".join(lines)


@cli.command()
@table_options
@click.argument("cards", nargs=-1, required=True)
def check(preset: str, settings: Sequence[str], as_json: bool, cards: Sequence[str]) -> None:
    """Check one meld: valid or not, why, its kind and value, and what each joker stands for."""
    rules = _rules(preset, settings)
    result = check_meld(_cards(cards, rules), rules)
    _print(result.as_json(), as_json, _describe_meld(result, rules))


@cli.command()
@table_options
@click.option("--all-in-one", is_flag=True, help="The whole hand is laid in one turn (exempt when the preset says so).")
@click.argument("melds", nargs=-1, required=True)
def opening(preset: str, settings: Sequence[str], as_json: bool, all_in_one: bool, melds: Sequence[str]) -> None:
    """Check an opening claim; each MELD is one quoted string of cards: "9C 9D 9H 9S" "5H 6H 7H"."""
    rules = _rules(preset, settings)
    try:
        parsed = [parse_cards(meld) for meld in melds]
        result = check_opening(parsed, rules, all_in_one=all_in_one)
    except CardError as error:
        raise click.UsageError(str(error)) from None
    lines = [f"meld {n}: {_describe_meld(check, rules)}" for n, check in enumerate(result.melds, start=1)]
    verdict = "opens" if result.opens else f"does not open — {result.reason}{_why(rules, result.rule)}"
    lines.append(f"total {result.total}, threshold {result.threshold}: {verdict}")
    _print(result.as_json(), as_json, "\n".join(lines))


@cli.command("penalty")
@table_options
@click.argument("cards", nargs=-1, required=True)
def penalty_command(preset: str, settings: Sequence[str], as_json: bool, cards: Sequence[str]) -> None:
    """The penalty of the cards left in a hand."""
    rules = _rules(preset, settings)
    hand = _cards(cards, rules)
    data = penalty_json(hand, rules)
    _print(data, as_json, f"{' '.join(card.symbol for card in hand)}: {data['penalty']} penalty points")


@cli.command()
@table_options
@click.argument("meld")
@click.argument("hand", nargs=-1, required=True)
def release(preset: str, settings: Sequence[str], as_json: bool, meld: str, hand: Sequence[str]) -> None:
    """Can the HAND cards take the joker from MELD (one quoted string of cards on the table)?"""
    rules = _rules(preset, settings)
    table_meld, cards = _cards([meld], rules), _cards(hand, rules)
    result = release_joker(table_meld, cards, rules)
    verdict = "yes" if result.released else "no"
    text = f"{verdict} — {result.reason}{_why(rules, result.rule)}"
    if result.must:
        text += f"\n  then: {result.must}"
    _print(result.as_json(), as_json, text)


@cli.command()
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
    type=click.FloatRange(min=0, min_open=True),
    metavar="SECONDS",
    help="The time one hand may take (default 2): past it the hand is refused, never answered with a guess.",
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
    from referee.rules.solver import BUDGET, SolverError, best_arrangement

    rules = _rules(preset, settings)
    budget = BUDGET if budget is None else budget
    if list(cards) == ["-"]:
        _best_lines(functools.partial(_best_line, rules, minimise, budget), jobs)
        return
    try:
        result = best_arrangement(_arranged(_cards(cards, rules), rules), rules, minimise, budget=budget)
    except SolverError as error:
        raise click.UsageError(str(error)) from None
    lines = [f"meld: {' '.join(card.symbol for card in meld)}" for meld in result.melds] or ["no meld"]
    opens = "opens" if result.opens else "does not open"
    lines.append(
        f"laid {result.laid_value} ({opens}); left {' '.join(c.symbol for c in result.left) or 'nothing'}: "
        f"{result.penalty} penalty points"
    )
    lines.append(f"if the round ended now, before these melds are laid: {result.hand_penalty} penalty points")
    _print(result.as_json(), as_json, "\n".join(lines))


def _best_line(rules: RummyRules, minimise: str, budget: float, item: tuple[int, bytes | str]) -> tuple[bool, str]:
    """One line of `referee best -`: (True, its JSON answer, or "" for a blank line) or (False, why it is refused)."""
    from referee.rules.solver import SolverError, best_arrangement

    number, raw = item
    try:
        line = raw if isinstance(raw, str) else _decoded(raw, f"line {number}")
        if not line.strip():
            return True, ""
        hand = _arranged(_cards([line], rules), rules)
        return True, json.dumps(best_arrangement(hand, rules, minimise, budget=budget).as_json())
    except click.UsageError as error:
        message = error.format_message()
    except SolverError as error:
        message = str(error)
    return False, message if message.startswith(f"line {number}") else f"line {number}: {message}"


def _best_lines(solve: Callable[[tuple[int, bytes | str]], tuple[bool, str]], jobs: int) -> None:
    """Answer each line of standard input in order, in `jobs` processes; the first refused line stops it (exit 2)."""
    lines: Iterable[tuple[int, bytes | str]] = enumerate(_stdin(), start=1)
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


def _decoded(data: bytes, where: str) -> str:
    """Bytes read as UTF-8 text (a byte-order mark allowed), as the app writes its records; never guessed."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise click.UsageError(
            f"{where} is not UTF-8 text (byte 0x{data[error.start]:02X} at position {error.start}): save it as UTF-8"
        ) from None


def _stdin() -> IO[bytes] | IO[str]:
    """Standard input as bytes, decoded by `_decoded`; as text when it was replaced by a text stream."""
    return getattr(sys.stdin, "buffer", sys.stdin)


def _read_source(source: str) -> str:
    if source == "-":
        read = _stdin().read()
        return read if isinstance(read, str) else _decoded(read, "standard input")
    try:
        with open(source, "rb") as file:
            return _decoded(file.read(), source)
    except OSError as error:
        raise click.UsageError(f"cannot read {source}: {error.strerror}") from None


@cli.command("replay")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (FORMATS.md).")
@click.argument("source", metavar="FILE")
def replay_command(as_json: bool, source: str) -> None:
    """The standings of a game record (FILE, or - for standard input)."""
    from referee.rules.events import EventError
    from referee.rules.record import RecordError, load_json, read_game
    from referee.rules.rummy import RummyGame

    try:
        record = read_game(load_json(_read_source(source)))
        game = record.standings()
    except (RecordError, EventError) as error:
        raise click.UsageError(str(error)) from None
    text = _describe_standings(game) if isinstance(game, RummyGame) else _describe_kaiser(game)
    _print(game.as_json(), as_json, text)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _describe_standings(game: RummyGame) -> str:
    lines = [f"{game.rules.preset}, after {_plural(game.rounds, 'round')}:"]
    for p in game.players:
        back = f", {_plural(p.buybacks, 'buy-back')}" if p.buybacks else ""
        lines.append(f"  {p.name:<12} {p.score:>5}  {p.status:<10} chips {p.chips:+d}{back}")
    if game.over:
        lines.append(f"over: {game.winner} wins" + ("" if game.rules.scoring == "points" else " and takes the pot"))
    else:
        lines.append(f"pot: {game.pot} chips; {game.dealer()} deals next")
    return "\n".join(lines)


def _describe_kaiser(game: KaiserGame) -> str:
    lines = [f"{game.rules.preset}, after {_plural(game.hands, 'hand')}:"]
    for name, players in zip(game.teams.names, game.teams.players, strict=True):
        lines.append(f"  {name:<6} {' & '.join(players):<24} {game.score(name):>4}")
    lines.append(f"over: {game.winner} wins" if game.over else f"{game.next_dealer or 'anyone'} deals next")
    return "\n".join(lines)


@cli.command("settle")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (FORMATS.md).")
@click.argument("source", metavar="FILE")
def settle_command(as_json: bool, source: str) -> None:
    """An evening record (FILE, or - for standard input) to balances and the fewest payments."""
    from referee.rules.group_record import GROUP_FORMAT
    from referee.rules.record import EVENING_FORMAT_2, RecordError, game_chips, load_json, read_evening
    from referee.rules.settlement import SettlementError, evening_balances, settle_json

    try:
        raw = load_json(_read_source(source))
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
            f"  {p['from']} {verb} {p['to']} {p['amount']}{currency} ({_plural(p['chips'], 'chip')})" for p in payments
        ]

    lines = [f"  {name:<12} {chips:+d} chips" for name, chips in data["balances"].items()]
    text = ["balances:", *lines, "payments:", *(pays(data["payments"]) or ["  nobody owes anything"])]
    if data.get("paid"):
        text += ["paid already:", *pays(data["paid"], "paid"), "still to pay:"]
        text += pays(data["to_pay"]) or ["  nobody owes anything now"]
    _print(data, as_json, "\n".join(text))


def _after_payments(evening: EveningRecord, balances: dict[str, int]) -> dict[str, Any]:
    """A `referee.evening/2` record's payments marked made (`paid`), the balances `left` after them, and the
    fewest payments for what is left (`to_pay`), as the app's settle-up page shows them."""
    from referee.rules.record import standing_payments
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


@cli.command("extend")
@table_options
@click.argument("meld")
@click.argument("cards", nargs=-1, required=True)
def extend_command(preset: str, settings: Sequence[str], as_json: bool, meld: str, cards: Sequence[str]) -> None:
    """Add CARDS (or a joker) to MELD, one quoted string of cards already on the table, by a player who has opened."""
    from referee.rules.building import extend_meld

    rules = _rules(preset, settings)
    table = _meld_arguments([meld], "the meld on the table (MELD)")[0]
    added = _cards(cards, rules)
    try:
        result = extend_meld(table, added, rules)
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
        text = f"{question}: no — {result.reason}{_why(rules, result.rule)}"
    _print(result.as_json(), as_json, text)


@cli.command("rearrange")
@table_options
@click.option("--from", "before", multiple=True, required=True, metavar="MELD", help="A meld on the table (repeat).")
@click.option("--to", "after", multiple=True, required=True, metavar="MELD", help="A meld it becomes (repeat).")
def rearrange_command(
    preset: str, settings: Sequence[str], as_json: bool, before: Sequence[str], after: Sequence[str]
) -> None:
    """Rearrange the melds on the table (--from, one each) into others (--to, one each), cards from the hand joining."""
    from referee.rules.rearrange import rearrange_melds

    rules = _rules(preset, settings)
    old = _meld_arguments(before, "--from meld")
    new = _meld_arguments(after, "--to meld")
    try:
        result = rearrange_melds(old, new, rules)
    except CardError as error:
        raise click.UsageError(str(error)) from None
    lines = [f"meld {n}: {_describe_meld(check, rules)}" for n, check in enumerate(result.melds, start=1)]
    if result.from_hand:
        lines.append(f"from the hand: {' '.join(card.symbol for card in result.from_hand)}")
    lines.append("yes" if result.valid else f"no — {result.reason}{_why(rules, result.rule)}")
    _print(result.as_json(), as_json, "\n".join(lines))


def _table_addresses(host: str) -> list[str]:
    """The URL hosts phones can reach the server on when it listens on `host`, best first (referee/network.py).

    The machine's own interfaces are asked (not its name, which Debian maps to 127.0.1.1); listening on 0.0.0.0
    takes IPv4 only, on "::" IPv6 too. A named address is taken as it is; a loopback one reaches no phone.
    """
    import ipaddress

    from referee.network import machine_interfaces, table_addresses, url_host

    if host not in (EVERY_NETWORK, "::", ""):
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:  # a name
            loopback = host.lower() == "localhost"
        return [] if loopback else [url_host(host)]
    addresses = table_addresses(machine_interfaces())
    return [url_host(address) for address in addresses if host == "::" or ":" not in address]


# Every network, by default: the phones at the table reach the app over the LAN (README: what the server exposes).
EVERY_NETWORK = "0.0.0.0"  # noqa: S104 — serving the LAN is the point; --host 127.0.0.1 keeps it to this machine
# The headers a reverse proxy (Caddy sends all three; nginx when told to) passes on: the phone's scheme, the host
# it asked for (so the links the app shows are the public ones) and its address.
PROXY_HEADERS = ("x-forwarded-for", "x-forwarded-host", "x-forwarded-proto")


@cli.command("serve")
@click.option(
    "--host", default=EVERY_NETWORK, show_default=True, help="The address to listen on (0.0.0.0: every network)."
)
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="The port to listen on.")
@click.option(
    "--trusted-proxy",
    metavar="ADDRESS",
    help="Behind a reverse proxy at ADDRESS (e.g. 127.0.0.1): trust its X-Forwarded-Proto, -Host and -For headers.",
)
def serve(host: str, port: int, trusted_proxy: str | None) -> None:
    """Serve the app with a production WSGI server and print the address (and a QR code) for phones."""
    import segno
    import waitress

    from referee.network import url_host

    app = create_app()
    proxy = {"trusted_proxy": trusted_proxy, "trusted_proxy_headers": PROXY_HEADERS} if trusted_proxy else {}
    here = f"http://127.0.0.1:{port}/"
    urls = [f"http://{address}:{port}/" for address in _table_addresses(host)]
    if not urls and host in (EVERY_NETWORK, "::", ""):
        click.echo(
            f"referee is serving on {here} only: this machine has no network address but loopback (127.0.0.1), "
            "so no phone can reach it. Join the table's Wi-Fi (or plug in a cable) and start it again."
        )
    elif not urls:
        reach = f"phones reach it through the proxy at {trusted_proxy}" if trusted_proxy else "no phone can reach it"
        click.echo(f"referee is serving on http://{url_host(host)}:{port}/, on this machine only: {reach}.")
    else:
        # The evening page's QR codes use it when the page itself was opened on this machine (http://127.0.0.1/…).
        app.config.setdefault("REFEREE_TABLE_URL", urls[0])
        also = f"; also {', '.join(urls[1:])}" if urls[1:] else ""
        click.echo(f"referee is serving on {urls[0]} for the phones at the table{also} (on this machine: {here})")
        qr = io.StringIO()
        segno.make(urls[0]).terminal(out=qr, compact=True)
        click.echo(f"Phones at the table can scan this to open {urls[0]}:\n{qr.getvalue()}")
    try:
        waitress.serve(app, host=host, port=port, threads=8, ident="referee", **proxy)
    except OSError as error:
        raise click.UsageError(f"cannot listen on {host}:{port}: {error.strerror}") from None


def live_database() -> Path:
    """The database `referee serve` writes: the instance's `config.py` DATABASE, else instance/referee.sqlite.

    Read from the configuration alone: nothing is created or migrated (the app would make an empty database).
    """
    from flask import Flask

    app = Flask("referee", instance_relative_config=True)
    app.config["DATABASE"] = str(Path(app.instance_path) / "referee.sqlite")
    app.config.from_pyfile("config.py", silent=True)
    return Path(app.config["DATABASE"])


@cli.command("backup")
@click.option("--force", is_flag=True, help="Replace FILE when it exists.")
@click.argument("target", metavar="FILE")
def backup_command(force: bool, target: str) -> None:
    """Copy the live database to FILE, safely while the app serves (SQLite's backup API)."""
    from referee.storage.backup import BackupError, backup_database

    source = live_database()
    try:
        size = backup_database(source, Path(target), replace=force)
    except BackupError as error:
        raise click.UsageError(str(error)) from None
    click.echo(f"copied the database {source} to {target} ({size:,} bytes)")


if __name__ == "__main__":  # python -m referee.cli, as the tests start it
    main()
