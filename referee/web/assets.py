"""Static files at content-hashed URLs: every link carries `?v=<hash>`, and such a URL is cached for a year.

A file's URL changes when its bytes do, so a phone keeps the stylesheet and the scripts between evenings and
still gets a new version the moment there is one. A URL without the hash, or with an old one, keeps the usual
short cache.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from pathlib import Path

from flask import Flask, request
from werkzeug.security import safe_join
from werkzeug.wrappers import Response

ONE_YEAR = 31_536_000
HASH_LENGTH = 12  # hex digits of SHA-256: a clash between two versions of one file is out of the question

_hashes: dict[tuple[str, int, int], str] = {}


def content_hash(path: Path) -> str:
    """The start of the file's SHA-256, read once per version of the file (its modification time and size)."""
    status = path.stat()
    key = (str(path), status.st_mtime_ns, status.st_size)
    if key not in _hashes:
        _hashes[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:HASH_LENGTH]
    return _hashes[key]


def read_whole(response: Response) -> None:
    """Read a file response into memory (ours are small), so it is compressed whole and keeps its Content-Length."""
    if not response.is_streamed:
        return
    source = response.response
    response.direct_passthrough = False
    response.set_data(b"".join(response.iter_encoded()))
    close = getattr(source, "close", None)
    if close is not None:
        close()


def init_app(app: Flask, files: Mapping[str, Path]) -> None:
    """Hash the URLs of `static` and of each endpoint in `files` (endpoint → the one file it serves)."""

    def served_file(endpoint: str | None, values: Mapping[str, object] | None) -> Path | None:
        """The file a URL of `endpoint` serves, if it is one of the hashed ones and exists."""
        if endpoint is not None and endpoint in files:
            path: Path | None = files[endpoint]
        elif endpoint == "static" and app.static_folder and values and "filename" in values:
            joined = safe_join(app.static_folder, str(values["filename"]))
            path = None if joined is None else Path(joined)
        else:
            return None
        try:
            return path if path is not None and path.is_file() else None
        except OSError:  # a name too long for the file system ("/static/" and 300 letters) names no file: a 404
            return None

    @app.url_defaults
    def add_content_hash(endpoint: str, values: dict[str, object]) -> None:
        """`url_for('static', …)` and `url_for('htmx_script')` give the URL of this version of the file."""
        path = None if "v" in values else served_file(endpoint, values)
        if path is not None:
            values["v"] = content_hash(path)

    # Registered after Flask-Compress, so it runs before it: compression sees the whole file.
    @app.after_request
    def cache_for_a_year(response: Response) -> Response:
        """A file is sent whole (for compression); at its hashed URL, for browsers to keep a year without asking."""
        path = served_file(request.endpoint, request.view_args)
        if path is None or response.status_code not in (200, 304):
            return response
        if response.status_code == 200 and response.mimetype in app.config.get("COMPRESS_MIMETYPES", ()):
            read_whole(response)
        if request.args.get("v") == content_hash(path):
            response.cache_control.no_cache = None
            response.cache_control.public = True
            response.cache_control.max_age = ONE_YEAR
            response.cache_control.immutable = True
        return response
