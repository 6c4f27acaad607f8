"""The pages' templates as the last start compiled them, kept in the instance folder and run only as this instance
wrote them (`referee serve`: `instance/compiled-templates/`).

A compiled template is code (Jinja's bytecode, marshalled), and a file of the folder may be anything by the time a
start reads it: cut short by a disk that filled while it was written, a byte flipped, written by another Python or
another instance, a directory in its place. So each file is this instance's signature (an HMAC-SHA256 under a key
drawn from the secret key, over the template's cache key and Jinja's bytes) before those bytes, and it is written
whole or not at all (a file of its own, then renamed over the old one). A file whose signature does not hold, or that
cannot be read, is never run: the template is compiled again from its source and the file replaced, and the log says
so once, naming the folder. A file that cannot be written (a full disk, a read-only one) is skipped: the template
stays compiled in memory, and the log says that once too. Nothing here ever fails a page or a start.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import logging
import os
import shutil
import tempfile
import threading
from contextlib import suppress
from pathlib import Path

from jinja2.bccache import Bucket, BytecodeCache

MAGIC = b"referee compiled template 1\n"  # what starts every file this module writes
SIGNATURE = hashlib.sha256().digest_size

_log = logging.getLogger(__name__)


def cache_key(secret: str | bytes) -> bytes:
    """The key the compiled templates are signed with, drawn from the instance's secret key."""
    raw = secret.encode() if isinstance(secret, str) else secret
    return hmac.new(raw, b"referee: a compiled template", hashlib.sha256).digest()


class CheckedBytecodeCache(BytecodeCache):
    """Jinja's bytecode kept in `folder`, each file signed under `key`, read only when its signature holds."""

    def __init__(self, folder: Path, key: bytes) -> None:
        self.folder, self.key = folder, key
        self._said: set[str] = set()  # what the log has said once already: "damaged", "unwritable"
        self._lock = threading.Lock()

    def path_of(self, bucket_key: str) -> Path:
        """The file that keeps the template whose cache key is `bucket_key`."""
        return self.folder / f"{bucket_key}.compiled"

    def signature(self, bucket_key: str, body: bytes) -> bytes:
        """The signature of a template's bytecode: its cache key and its bytes, under this instance's key."""
        mac = hmac.new(self.key, bucket_key.encode(), hashlib.sha256)
        mac.update(b"\0")
        mac.update(body)
        return mac.digest()

    def load_bytecode(self, bucket: Bucket) -> None:
        """Fill `bucket` from its file when the file is this instance's, whole; else leave it empty (compiled again)."""
        path = self.path_of(bucket.key)
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as error:  # a directory in its place, a disk error: the file is written again, or skipped
            self._damaged(path, error.strerror or type(error).__name__)
            return
        body = self.verified(bucket.key, data)
        if body is None:
            self._damaged(path, "its signature does not hold")
            return
        try:
            bucket.load_bytecode(io.BytesIO(body))  # Jinja's own checks: this Python's magic, the source's checksum
        except Exception as error:  # signed, yet unreadable: this Python's marshal refuses it
            bucket.reset()
            self._damaged(path, type(error).__name__)

    def verified(self, bucket_key: str, data: bytes) -> bytes | None:
        """Jinja's bytes of a file's `data`, when the file starts as this module writes it and is signed by this
        instance for this template; else None."""
        head = len(MAGIC) + SIGNATURE
        if len(data) <= head or not data.startswith(MAGIC):
            return None
        signed, body = data[len(MAGIC) : head], data[head:]
        return body if hmac.compare_digest(signed, self.signature(bucket_key, body)) else None

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Write the template's bytecode to its file, whole or not at all; a disk that refuses it is skipped."""
        out = io.BytesIO()
        bucket.write_bytecode(out)
        body = out.getvalue()
        path = self.path_of(bucket.key)
        written: str | None = None
        try:
            if path.is_dir():  # a directory in its place: the folder is this module's own
                shutil.rmtree(path)
            handle, written = tempfile.mkstemp(dir=self.folder, prefix=".writing-")
            with os.fdopen(handle, "wb") as file:
                file.write(MAGIC + self.signature(bucket.key, body) + body)
            os.replace(written, path)
        except OSError as error:
            if written is not None:
                with suppress(OSError):
                    os.unlink(written)
            self._once(
                "unwritable",
                "cannot keep compiled templates in %s (%s): they are compiled in memory",
                self.folder,
                error.strerror or type(error).__name__,
            )

    def clear(self) -> None:
        """Remove every compiled template of the folder."""
        for path in self.folder.glob("*.compiled"):
            with suppress(OSError):
                path.unlink()

    def _damaged(self, path: Path, why: str) -> None:
        self._once(
            "damaged",
            "a compiled template in %s was damaged or not this instance's (%s: %s): compiled again from its source",
            self.folder,
            path.name,
            why,
        )

    def _once(self, what: str, message: str, *values: object) -> None:
        """Log `message` the first time `what` happens in this process; later times at debug level."""
        with self._lock:
            first = what not in self._said
            self._said.add(what)
        _log.log(logging.WARNING if first else logging.DEBUG, message, *values)


def checked_cache(folder: Path, secret: str | bytes) -> CheckedBytecodeCache | None:
    """The compiled templates' cache in `folder` (made if need be, its owner's alone); None, said once in the log, when
    the folder cannot be made (a full or read-only disk): the templates are then compiled in memory."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        _log.warning(
            "cannot keep compiled templates in %s (%s): they are compiled in memory",
            folder,
            error.strerror or type(error).__name__,
        )
        return None
    if not folder.is_dir():
        _log.warning("%s is not a folder: the templates are compiled in memory", folder)
        return None
    return CheckedBytecodeCache(folder, cache_key(secret))
