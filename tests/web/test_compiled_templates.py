"""The compiled templates kept in the instance folder (#41): a file damaged in any way is never run, and compiled
again from its source; a folder that cannot be written only costs the next start its compiling."""

from __future__ import annotations

import logging
import os
import pickle
from pathlib import Path

import pytest
from flask import Flask
from jinja2 import Environment, FileSystemLoader
from jinja2.bccache import bc_magic, bc_version

from referee import create_app
from referee.web.compiled import MAGIC, SIGNATURE, CheckedBytecodeCache, cache_key, checked_cache
from referee.web.setup import warm

TEMPLATE = "{% for n in numbers %}{{ n * 2 }},{% endfor %}"


def environment(folder: Path, templates: Path) -> Environment:
    """A Jinja environment that keeps its compiled templates in `folder`, signed with a test's key."""
    cache = checked_cache(folder, "a test's secret")
    return Environment(loader=FileSystemLoader(templates), bytecode_cache=cache, auto_reload=False, autoescape=True)


@pytest.fixture
def templates(tmp_path: Path) -> Path:
    folder = tmp_path / "templates"
    folder.mkdir()
    (folder / "page.html").write_text(TEMPLATE)
    return folder


def compiled_file(folder: Path, templates: Path) -> Path:
    """The one file a first compile leaves in `folder`."""
    assert environment(folder, templates).get_template("page.html").render(numbers=[1, 2]) == "2,4,"
    (written,) = folder.glob("*.compiled")
    return written


def drawn_again(folder: Path, templates: Path) -> str:
    """The template drawn by a fresh start that reads `folder`."""
    return environment(folder, templates).get_template("page.html").render(numbers=[1, 2])


def test_a_start_loads_the_file_it_wrote_without_compiling(tmp_path: Path, templates: Path) -> None:
    folder = tmp_path / "compiled"
    written = compiled_file(folder, templates)
    assert written.read_bytes().startswith(MAGIC)
    assert written.stat().st_mode & 0o777 == 0o600
    env = environment(folder, templates)
    compiled: list[str] = []
    original = env.compile
    env.compile = lambda *args, **kwargs: compiled.append("x") or original(*args, **kwargs)  # type: ignore[method-assign]
    assert env.get_template("page.html").render(numbers=[3]) == "6,"
    assert compiled == []


def test_a_file_cut_short_at_any_length_is_compiled_again(tmp_path: Path, templates: Path) -> None:
    folder = tmp_path / "compiled"
    written = compiled_file(folder, templates)
    whole = written.read_bytes()
    cache = CheckedBytecodeCache(folder, cache_key("a test's secret"))
    key = written.name.removesuffix(".compiled")
    assert cache.verified(key, whole) is not None
    for length in range(len(whole)):
        assert cache.verified(key, whole[:length]) is None, length
    written.write_bytes(whole[: len(whole) // 2])
    assert drawn_again(folder, templates) == "2,4,"
    assert written.read_bytes() == whole  # replaced, whole


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: data[: len(MAGIC) + SIGNATURE] + os.urandom(len(data) - len(MAGIC) - SIGNATURE),
        lambda data: data[:-40] + bytes(byte ^ 0xFF for byte in data[-40:]),
        lambda data: b"",
        lambda data: b"j2" + data,
        lambda data: data + b"more",
    ],
    ids=["garbage after the head", "bytes flipped after the signature", "empty", "jinja's own layout", "grown"],
)
def test_a_damaged_file_is_never_run_and_is_replaced(tmp_path: Path, templates: Path, damage: object) -> None:
    folder = tmp_path / "compiled"
    written = compiled_file(folder, templates)
    whole = written.read_bytes()
    written.write_bytes(damage(whole))  # type: ignore[operator]
    assert drawn_again(folder, templates) == "2,4,"
    assert written.read_bytes() == whole


def test_another_python_s_bytecode_signed_by_this_instance_is_compiled_again(tmp_path: Path, templates: Path) -> None:
    folder = tmp_path / "compiled"
    written = compiled_file(folder, templates)
    whole = written.read_bytes()
    cache = CheckedBytecodeCache(folder, cache_key("a test's secret"))
    key = written.name.removesuffix(".compiled")
    body = whole[len(MAGIC) + SIGNATURE :]
    assert body.startswith(bc_magic)
    another_python = b"j2" + pickle.dumps(bc_version, 2) + pickle.dumps((3 << 24) | 7, 2)  # Python 3.7's
    other = another_python + body[len(bc_magic) :]
    written.write_bytes(MAGIC + cache.signature(key, other) + other)
    assert drawn_again(folder, templates) == "2,4,"
    assert written.read_bytes() == whole


def test_a_directory_in_a_file_s_place_is_replaced(tmp_path: Path, templates: Path) -> None:
    folder = tmp_path / "compiled"
    written = compiled_file(folder, templates)
    whole = written.read_bytes()
    written.unlink()
    written.mkdir()
    (written / "inside").write_bytes(whole)
    assert drawn_again(folder, templates) == "2,4,"
    assert written.is_file() and written.read_bytes() == whole


def test_a_folder_that_cannot_be_written_is_said_once_and_the_templates_are_compiled_in_memory(
    tmp_path: Path, templates: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "compiled"
    env = environment(folder, templates)

    def full(*args: object, **kwargs: object) -> tuple[int, str]:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tempfile.mkstemp", full)
    (templates / "other.html").write_text("{{ 1 + 1 }}")
    with caplog.at_level(logging.WARNING):
        assert env.get_template("page.html").render(numbers=[1]) == "2,"
        assert env.get_template("other.html").render() == "2"
    said = [record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING]
    assert len(said) == 1 and "No space left on device" in said[0] and str(folder) in said[0]
    assert not list(folder.iterdir())


def test_a_folder_that_cannot_be_made_leaves_the_templates_in_memory(tmp_path: Path) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("")
    assert checked_cache(blocked / "compiled", "secret") is None


def test_the_warm_up_draws_the_error_pages_before_any_request(tmp_path: Path) -> None:
    app: Flask = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})
    warm(app, tmp_path / "compiled")
    names = {name for _, name in app.jinja_env.cache or {}}
    assert {"errors/error.html", "errors/_alert.html", "errors/_message.html"} <= names


def test_the_warm_up_stops_at_its_bound(tmp_path: Path) -> None:
    app: Flask = create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})
    warm(app, within=0)
    names = {name for _, name in app.jinja_env.cache or {}}
    assert "games/show.html" not in names
