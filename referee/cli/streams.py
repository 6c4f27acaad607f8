"""What the commands read and print: a file or standard input as UTF-8 text, and an answer as text or JSON."""

from __future__ import annotations

import json
import sys
from typing import IO, Any

import click


def decoded(data: bytes, where: str) -> str:
    """Bytes read as UTF-8 text (a byte-order mark allowed), as the app writes its records; never guessed."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise click.UsageError(
            f"{where} is not UTF-8 text (byte 0x{data[error.start]:02X} at position {error.start}): save it as UTF-8"
        ) from None


def stdin() -> IO[bytes] | IO[str]:
    """Standard input as bytes, decoded by `decoded`; as text when it was replaced by a text stream."""
    return getattr(sys.stdin, "buffer", sys.stdin)


def read_source(source: str) -> str:
    """The text of the file `source`, or of standard input for `-`; a usage error when it cannot be read."""
    if source == "-":
        read = stdin().read()
        return read if isinstance(read, str) else decoded(read, "standard input")
    try:
        with open(source, "rb") as file:
            return decoded(file.read(), source)
    except OSError as error:
        raise click.UsageError(f"cannot read {source}: {error.strerror}") from None


def answer(data: dict[str, Any], as_json: bool, text: str) -> None:
    """Print the answer: its JSON (docs/formats.md) with `--json`, else its text."""
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else text)
