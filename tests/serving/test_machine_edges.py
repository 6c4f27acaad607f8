"""The night's edges (#41), against a real `referee serve` whose instance folder is a small filesystem of its own (a
tmpfs mounted for the test, as root: CI runs as root): a full disk, a read-only one, damaged compiled templates.

On each, every page of a played evening answers 200, every write answers 503 saying why in the reader's language, and
the server starts; once the disk has room again, writes work and nothing was half-stored.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from referee.storage.db import connect_to_read
from tests.events import rummy_round
from tests.races.phones import Reply
from tests.races.records import evening, game, long_game
from tests.servers import Served, eventually, start_serve
from tests.serving.conftest import KeptPhone

MOUNT, UMOUNT = shutil.which("mount") or "/usr/bin/mount", shutil.which("umount") or "/usr/bin/umount"
COMPILED = "compiled-templates"
FULL = {"en": "disk of the machine it runs on is full", "fr": "le disque de la machine"}
READ_ONLY = {"en": "is read-only", "fr": "lecture seule"}
LINK = re.compile(r'href="(/[^"#]*)"')


@dataclass
class Small:
    """A small filesystem mounted as a server's instance folder."""

    folder: Path  # the test's folder, holding the instance and the server's log
    instance: Path

    def fill(self) -> Path:
        """Fill the filesystem to its last byte; the filler's path (delete it to make room again)."""
        filler = self.instance / "filler"
        with filler.open("wb", buffering=0) as out:
            for size in (65536, 4096, 512, 1):
                with contextlib.suppress(OSError):
                    while out.write(b"\0" * size):
                        pass
        return filler

    def remount(self, mode: str) -> None:
        """Mount it again read-only (`ro`) or writable (`rw`)."""
        subprocess.run([MOUNT, "-o", f"remount,{mode}", str(self.instance)], check=True, capture_output=True)


@pytest.fixture
def small(tmp_path: Path) -> Iterator[Small]:
    """An 8 MB filesystem of its own as the instance folder (its owner's alone, as the app makes it)."""
    instance = tmp_path / "instance"
    instance.mkdir()
    mounted = subprocess.run(
        [MOUNT, "-t", "tmpfs", "-o", "size=8m,mode=0700", "tmpfs", str(instance)], capture_output=True
    )
    if mounted.returncode != 0:
        pytest.skip(f"a filesystem cannot be mounted here: {mounted.stderr.decode().strip()}")
    try:
        yield Small(tmp_path, instance)
    finally:
        subprocess.run([UMOUNT, "-l", str(instance)], check=True)


def serve(small: Small) -> Served:
    """`referee serve` on the small instance folder, once it answers its home page."""
    return start_serve(small.folder)


def played(phone: KeptPhone) -> str:
    """A played evening (a finished game, and one being played), imported: its scorer's path."""
    finished = game(rummy_round("Ann", {"Bob": 160, "Cat": 5, "Dan": 7}), rummy_round("Cat", {"Ann": 160, "Dan": 150}))
    home = phone.import_record(evening(finished, long_game(12)))
    for path in (home, f"{home}/players", f"{home}/games/2", f"{home}/settle"):  # each page drawn once, links made
        assert phone.get(path).status == 200
    return home


def crawl(phone: KeptPhone, home: str) -> dict[str, int]:
    """Every page of the evening reached by a link from its page (and from those), with its status."""
    seen: dict[str, int] = {}
    queue = [home]
    while queue:
        path = queue.pop()
        if path in seen:
            continue
        reply = phone.get(path)
        leaves = reply.status == 303 and urlsplit(reply.headers.get("location", "")).netloc not in ("", phone.origin)
        seen[path] = 200 if leaves else reply.status  # a link out of the app (BG Stats) answers the way out
        if reply.status == 200 and "text/html" in reply.headers.get("content-type", ""):
            for found in LINK.findall(reply.text):
                link = urlsplit(unescape(found)).path
                if link.startswith(home) and link not in seen:
                    queue.append(link)
    return seen


def entries(instance: Path) -> int:
    """The entries stored, every revision counted."""
    db = connect_to_read(instance / "referee.sqlite")  # as the app reads a disk that cannot be written
    try:
        return int(db.execute("SELECT COUNT(*) FROM event_revisions").fetchone()[0])
    finally:
        db.close()


def round_sent(phone: KeptPhone, page: str, *, htmx: bool) -> Reply:
    """The next round of the game at `page`, sent from its form."""
    form = phone.get(page).round_form()
    return phone.post(form.action, form.round("Ann", {"Bob": 12, "Cat": 3, "Dan": 9}), htmx=htmx)


def test_on_a_full_disk_every_read_answers_200_every_write_503_and_a_server_starts(small: Small) -> None:
    club = serve(small)
    try:
        phone = KeptPhone(club)
        home = played(phone)
        pages = crawl(phone, home)
        failed = {path: status for path, status in pages.items() if status != 200}
        assert len(pages) > 10 and not failed, failed
    finally:
        club.stop()
    shutil.rmtree(small.instance / COMPILED)  # as the README says is harmless: nothing compiled to load
    before = entries(small.instance)
    filler = small.fill()
    club = serve(small)  # a server started on the full disk answers its first page
    try:
        assert "nothing can be written until space is freed" in club.log_text()
        phone = KeptPhone(club)
        assert crawl(phone, home) == pages  # every page of the evening, settle-up included
        game_page = f"{home}/games/2"
        for language in ("en", "fr"):
            phone.cookies["lang"] = language
            refused = round_sent(phone, game_page, htmx=False)
            assert refused.status == 503 and refused.headers["retry-after"], refused.text[:300]
            assert FULL[language] in unescape(refused.text)
            alert = round_sent(phone, game_page, htmx=True)
            assert alert.status == 503 and alert.headers["hx-retarget"] == "#alerts"
            assert 'role="alert"' in alert.text and FULL[language] in unescape(alert.text)
        phone.cookies.pop("lang")
        assert phone.get(home).status == 200 and phone.get("/new").status == 200
        assert "Traceback" not in club.log_text()
        assert entries(small.instance) == before  # nothing half-stored
        filler.unlink()  # space is back: so are writes
        assert round_sent(phone, game_page, htmx=False).status == 303
        assert entries(small.instance) == before + 1
    finally:
        club.stop()


def test_on_a_read_only_disk_every_read_answers_200_and_every_write_503(small: Small) -> None:
    club = serve(small)
    try:
        phone = KeptPhone(club)
        home = played(phone)
        pages = crawl(phone, home)
    finally:
        club.stop()
    before = entries(small.instance)
    small.remount("ro")
    try:
        club = serve(small)
        try:
            assert "read-only disk" in club.log_text()
            phone = KeptPhone(club)
            assert crawl(phone, home) == pages
            for language in ("en", "fr"):
                phone.cookies["lang"] = language
                refused = round_sent(phone, f"{home}/games/2", htmx=False)
                assert refused.status == 503 and READ_ONLY[language] in unescape(refused.text)
            assert "Traceback" not in club.log_text()
        finally:
            club.stop()
    finally:
        small.remount("rw")
    assert entries(small.instance) == before


def _damaged(instance: Path, damage: str) -> None:
    """Damage every compiled template of the folder the same way."""
    folder = instance / COMPILED
    files = sorted(path for path in folder.iterdir() if path.is_file())
    assert files, "no compiled template to damage"
    for number, path in enumerate(files):
        data = path.read_bytes()
        if damage == "truncated":  # at lengths spread from the header to the end, one a file
            path.write_bytes(data[: 1 + (len(data) - 2) * number // max(len(files) - 1, 1)])
        elif damage == "garbage":
            path.write_bytes(data[:60] + os.urandom(len(data) - 60))
        elif damage == "flipped":  # every byte of the end flipped, the head and its signature intact
            path.write_bytes(data[:-40] + bytes(byte ^ 0xFF for byte in data[-40:]))
        elif damage == "empty":
            path.write_bytes(b"")
        elif damage == "directory":
            path.unlink()
            path.mkdir()
            (path / "inside").write_bytes(data)


@pytest.mark.parametrize("damage", ["truncated", "garbage", "flipped", "empty", "directory"])
def test_damaged_compiled_templates_are_compiled_again_and_every_page_answers(small: Small, damage: str) -> None:
    club = serve(small)
    try:
        phone = KeptPhone(club)
        home = played(phone)
        pages = crawl(phone, home)
    finally:
        club.stop()
    _damaged(small.instance, damage)
    club = serve(small)
    try:
        phone = KeptPhone(club)
        assert crawl(phone, home) == pages
        assert phone.get("/").status == 200
        eventually(lambda: "compiled again" in club.log_text(), "the damaged folder said in the log")
        assert club.log_text().count("compiled again") == 1  # one line, naming the folder
        assert str(small.instance / COMPILED) in club.log_text()
        assert "Traceback" not in club.log_text()
    finally:
        club.stop()
    if damage != "directory":  # the files were written again, whole
        club = serve(small)
        club.stop()
        assert "compiled again" not in club.log_text()
