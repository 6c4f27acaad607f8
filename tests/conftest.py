"""Shared fixtures: the `referee` command run as the installed console script or in process; the slow layers'
markers."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# The slow layers (pyproject.toml's `markers`): each test of these folders (and files) carries its layer's marker.
SLOW_LAYERS = {"e2e": "e2e", "races": "races", "serving": "serving", "test_packaging.py": "serving"}


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark each test of a slow layer with its layer, so that `-m "not races"` (and so on) leaves it out."""
    for item in items:
        if item.path.is_relative_to(TESTS):
            layer = SLOW_LAYERS.get(item.path.relative_to(TESTS).parts[0])
            if layer:
                item.add_marker(layer)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under mutmut, empty the rules engine's caches the clean run filled, so each mutant computes them again."""
    if not os.environ.get("MUTANT_UNDER_TEST"):
        return
    for name, module in list(sys.modules.items()):
        if name == "referee.rules" or name.startswith("referee.rules."):
            for value in list(vars(module).values()):
                if callable(getattr(value, "cache_clear", None)):
                    value.cache_clear()


# The console script installed next to the interpreter running the tests (.venv/bin/referee).
REFEREE_SCRIPT = Path(sys.prefix) / "bin" / "referee"


@dataclass(frozen=True)
class Outcome:
    """What one run of the `referee` command did: its exit status and what it printed."""

    code: int
    out: str
    err: str


Runner = Callable[..., Outcome]


def run_script(*args: str) -> Outcome:
    """Run the installed `referee` console script in a subprocess."""
    env = os.environ | {"PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8"}
    done = subprocess.run(
        [str(REFEREE_SCRIPT), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        check=False,
    )
    return Outcome(done.returncode, done.stdout, done.stderr)


@pytest.fixture
def referee_script() -> Runner:
    """The installed console script, run in a subprocess."""
    assert REFEREE_SCRIPT.exists(), f"{REFEREE_SCRIPT} is not installed: run pip install -e ."
    return run_script


@pytest.fixture
def referee_inprocess(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Runner:
    """`referee.cli.main` called in this process with `sys.argv` patched."""
    from referee import cli

    # Flask's command group sets these; monkeypatch puts them back as they were after the test.
    for name in ("FLASK_RUN_FROM_CLI", "FLASK_DEBUG"):
        monkeypatch.setenv(name, os.environ.get(name, ""))
        if not os.environ[name]:
            monkeypatch.delenv(name)

    def run(*args: str) -> Outcome:
        monkeypatch.setattr(sys, "argv", ["referee", *args])
        capsys.readouterr()
        code: int | str | None = 0
        try:
            cli.main()
        except SystemExit as stop:
            code = stop.code
        captured = capsys.readouterr()
        if code is None:
            code = 0
        elif isinstance(code, str):
            captured = type(captured)(captured.out, captured.err + code + "\n")
            code = 1
        return Outcome(code, captured.out, captured.err)

    return run


@pytest.fixture(params=["script", "in-process"])
def referee(request: pytest.FixtureRequest) -> Runner:
    """The `referee` command, once as the console script in a subprocess and once in process."""
    name = "referee_script" if request.param == "script" else "referee_inprocess"
    runner: Runner = request.getfixturevalue(name)
    return runner
