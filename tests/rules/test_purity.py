"""The rules engine is pure Python: referee/rules imports nothing outside the standard library
(docs/architecture.md)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

import referee.rules

RULES_DIR = Path(referee.rules.__file__).parent
PACKAGE = "referee.rules"
MODULES = sorted(RULES_DIR.rglob("*.py"))


def module_name(path: Path) -> str:
    parts = path.relative_to(RULES_DIR).with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join((PACKAGE, *parts))


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module `path` imports, relative imports resolved, with the line it is imported on."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            found.append((node.lineno, name))
    return found


def allowed(name: str) -> bool:
    top = name.partition(".")[0]
    return top in sys.stdlib_module_names or name == PACKAGE or name.startswith(PACKAGE + ".")


def test_the_rules_package_has_modules() -> None:
    assert len(MODULES) > 1


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(RULES_DIR)))
def test_rules_module_imports_only_the_standard_library(path: Path) -> None:
    outside = [f"line {line}: {name}" for line, name in imported_modules(path) if not allowed(name)]
    assert not outside, f"{path.name} imports outside the standard library and referee.rules: {outside}"


@pytest.mark.parametrize(
    ("name", "ok"),
    [
        pytest.param("collections.abc", True, id="stdlib submodule"),
        pytest.param("__future__", True, id="__future__"),
        pytest.param("referee.rules.cards", True, id="the rules package"),
        pytest.param("referee.storage", False, id="storage is outside the rules"),
        pytest.param("referee", False, id="the web package is outside the rules"),
        pytest.param("flask", False, id="flask"),
        pytest.param("sqlite_utils", False, id="sqlite-utils"),
        pytest.param("referee.rulesets", False, id="a sibling whose name starts alike"),
    ],
)
def test_the_check_itself(name: str, ok: bool) -> None:
    assert allowed(name) is ok
