"""The rules commands start without the web app: no Flask, Werkzeug, WTForms or sqlite-utils is imported.

Flask's own commands (`routes` here) still work through the same `referee`; the start-up time itself is a figure
measured by hand (`time referee check 9H 9S JK`), not a test.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

WEB = ("flask", "werkzeug", "wtforms", "flask_wtf", "flask_babel", "jinja2", "sqlite_utils", "waitress")
# Runs `referee ARGS…` in a fresh interpreter, then prints the web modules it imported (the exit is caught).
PROBE = """
import json, sys
from referee.cli import main
args, packages = json.loads(sys.argv[1]), json.loads(sys.argv[2])
sys.argv = ["referee", *args]
try:
    main()
except SystemExit as stop:
    code = stop.code
web = sorted(name for name in sys.modules if name.split(".")[0] in packages or
             name.startswith(("referee.web", "referee.storage")))
print(json.dumps({"code": code, "web": web}), file=sys.stderr)
"""

GAME = json.dumps({"players": ["A", "B"], "events": []})
EVENING = json.dumps({"format": "referee.evening/1", "chip_value": "0.20", "games": []})


def probe(args: list[str], stdin: str = "") -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args), json.dumps(WEB)],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    report: dict[str, object] = json.loads(done.stderr.strip().splitlines()[-1])
    return report


@pytest.mark.parametrize(
    ("args", "stdin"),
    [
        pytest.param(["check", "9H", "9S", "JK"], "", id="check"),
        pytest.param(["opening", "9C 9D 9H 9S", "5H 6H 7H"], "", id="opening"),
        pytest.param(["penalty", "--json", "JK", "KS"], "", id="penalty"),
        pytest.param(["best", "JK", "7S", "8S", "9C"], "", id="best"),
        pytest.param(["release", "9H 9S JK", "9D", "9C"], "", id="release"),
        pytest.param(["replay", "-"], GAME, id="replay"),
        pytest.param(["settle", "-"], EVENING, id="settle"),
        pytest.param(["check", "ZZ"], "", id="bad input"),
        pytest.param([], "", id="no command"),
    ],
)
def test_a_rules_command_imports_no_web_code(args: list[str], stdin: str) -> None:
    report = probe(args, stdin)
    assert report["code"] in (0, 2)
    assert report["web"] == [], f"referee {' '.join(args)} imported {report['web']}"


def test_flasks_own_commands_are_still_there() -> None:
    report = probe(["routes"])
    assert report["code"] == 0
    assert "flask" in report["web"]  # type: ignore[operator]
