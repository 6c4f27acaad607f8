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


def read_source(source: str, most: int) -> str:
    """The text of the file `source`, or of standard input for `-`: a usage error when it cannot be read, or when it
    holds more than `most` bytes (no more than `most` + 1 are read, however much the stream holds)."""
    where = "standard input" if source == "-" else source
    try:
        if source == "-":
            read = stdin().read(most + 1)
        else:
            with open(source, "rb") as file:
                read = file.read(most + 1)
    except OSError as error:
        raise click.UsageError(f"cannot read {where}: {error.strerror}") from None
    size = len(read.encode("utf-8", errors="surrogatepass")) if isinstance(read, str) else len(read)
    if size > most:
        megabytes = f"{most / (1024 * 1024):g} MB"
        raise click.UsageError(f"{where} is larger than {megabytes}, the most a record may be")
    return read if isinstance(read, str) else decoded(read, where)


def answer(data: dict[str, Any], as_json: bool, text: str) -> None:
    """Print the answer: its JSON (docs/formats.md) with `--json`, else its text."""
    click.echo(json.dumps(data, ensure_ascii=False) if as_json else text)
