"""`referee backup`: a copy of the live database, made safely while the app serves it."""

from __future__ import annotations

from pathlib import Path

import click


def live_database() -> Path:
    """The database `referee serve` writes: the instance's `config.py` DATABASE, else instance/referee.sqlite.

    Read from the configuration alone: nothing is created or migrated (the app would make an empty database).
    """
    from flask import Flask

    app = Flask("referee", instance_relative_config=True)
    app.config["DATABASE"] = str(Path(app.instance_path) / "referee.sqlite")
    app.config.from_pyfile("config.py", silent=True)
    return Path(app.config["DATABASE"])


@click.command("backup")
@click.option("--force", is_flag=True, help="Replace FILE when it exists.")
@click.argument("target", metavar="FILE")
def backup_command(force: bool, target: str) -> None:
    """Copy the live database to FILE, safely while the app serves (SQLite's backup API)."""
    from referee.services.database import BackupError, backup_database

    source = live_database()
    try:
        size = backup_database(source, Path(target), replace=force)
    except BackupError as error:
        raise click.UsageError(str(error)) from None
    click.echo(f"copied the database {source} to {target} ({size:,} bytes)")
