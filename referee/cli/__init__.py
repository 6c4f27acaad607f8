"""The `referee` command: the rules engine at the command line, and Flask's own commands (docs/formats.md).

The referee's own commands start without Flask: the rules (`rules_commands`, `arrangement`), the records
(`records`), serving the app (`serve`) and copying its database (`backup`). Flask's own commands are added only
when the command asked for is not one of these (`main`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any

import click

from referee import create_app
from referee.cli.arrangement import best
from referee.cli.backup import backup_command
from referee.cli.records import replay_command, settle_command
from referee.cli.rules_commands import check, extend_command, opening, penalty_command, rearrange_command, release
from referee.cli.serve import serve_command

BAD_INPUT = 2


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
cli = RefereeGroup(
    name="referee",
    help="The card night's referee: Kaluki, Rami and Kaiser.",
    commands=[
        check,
        opening,
        penalty_command,
        release,
        best,
        replay_command,
        settle_command,
        extend_command,
        rearrange_command,
        serve_command,
        backup_command,
    ],
)


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
