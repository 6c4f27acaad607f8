"""The layering of docs/architecture.md, read from the source (#33): data flows web/cli → services → storage → rules.

Every import of every module of the package is read with `ast`: where it stands (at the top of the module, under
`if TYPE_CHECKING:`, or inside a function) and what it names. The rules of the house are checked on them, and the
module-level imports are checked for cycles: none is held apart by an import inside a function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import referee

PACKAGE = Path(referee.__file__).resolve().parent
# Imports inside functions, allowed only here (docs/architecture.md, *The layers*): the `referee` command imports
# what a command needs when it runs (`referee check` starts without the solver, the records or granian), and
# `import referee` does not import Flask until an app is made.
LAZY = ("referee.cli.", "referee:create_app")


@dataclass(frozen=True)
class Import:
    """One import: the module that makes it, what it names, and where it stands."""

    module: str
    named: str
    where: str  # "top", "typing" (under TYPE_CHECKING) or the function's name
    line: int


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _named(node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules an import names: `from a import b` names `a.b` when that is a module of the package, else `a`."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
        return
    base = node.module or ""
    for alias in node.names:
        whole = f"{base}.{alias.name}"
        yield whole if whole in MODULES else base


def _imports(module: str, path: Path) -> Iterator[Import]:
    tree = ast.parse(path.read_text(encoding="utf-8"))

    def walk(node: ast.AST, where: str) -> Iterator[Import]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield from (Import(module, named, where, child.lineno) for named in _named(child))
            elif isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(child, child.name)
            elif isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test) and where == "top":
                yield from walk(child, "typing")
            else:
                yield from walk(child, where)

    yield from walk(tree, "top")


IMPORTS = [found for module, path in MODULES.items() for found in _imports(module, path)]


def _under(name: str, *prefixes: str) -> bool:
    return any(name == prefix or name.startswith(f"{prefix}.") for prefix in prefixes)


def _breaking(layer: str, *forbidden: str) -> list[str]:
    return [
        f"{found.module}:{found.line} imports {found.named}"
        for found in IMPORTS
        if _under(found.module, layer) and _under(found.named, *forbidden)
    ]


def test_the_web_imports_neither_storage_nor_a_database_library() -> None:
    assert _breaking("referee.web", "referee.storage", "sqlite_utils", "sqlite3") == []


def test_storage_never_imports_flask_the_web_or_the_services() -> None:
    assert (
        _breaking("referee.storage", "flask", "flask_babel", "flask_wtf", "werkzeug", "referee.web", "referee.services")
        == []
    )


def test_the_services_never_import_the_web() -> None:
    assert _breaking("referee.services", "referee.web", "flask", "flask_babel", "flask_wtf") == []


def test_the_rules_import_nothing_of_the_other_layers() -> None:
    assert _breaking("referee.rules", "referee.web", "referee.services", "referee.storage", "referee.cli") == []


def test_the_command_line_imports_only_the_services_and_the_rules() -> None:
    # Besides its own modules: the app's factory (`serve` makes the app) and the server and its address finder.
    allowed = ("referee.cli", "referee.rules", "referee.services", "referee.server", "referee.network")
    wrong = [
        f"{found.module}:{found.line} imports {found.named}"
        for found in IMPORTS
        if _under(found.module, "referee.cli") and _under(found.named, "referee")
        and not _under(found.named, *allowed) and found.named != "referee"
    ]  # fmt: skip
    assert wrong == []


def test_no_import_inside_a_function_but_the_command_line_s_and_the_app_factory_s() -> None:
    inside = [
        f"{found.module}:{found.line} ({found.where}) imports {found.named}"
        for found in IMPORTS
        if found.where not in ("top", "typing") and _under(found.named, "referee")
        and not (found.module + ".").startswith(LAZY[0]) and f"{found.module}:{found.where}" != LAZY[1]
    ]  # fmt: skip
    assert inside == []


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of `graph`, as its modules in order, or None."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        trail.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*trail[trail.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        state[node] = 2
        trail.pop()
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


@pytest.mark.parametrize("where", [("top",), ("top", "typing")], ids=["at run time", "under TYPE_CHECKING too"])
def test_the_package_s_modules_import_each_other_without_a_cycle(where: tuple[str, ...]) -> None:
    # A family is added without an import cycle, at run time or for the type checker (#43).
    graph: dict[str, set[str]] = {}
    for found in IMPORTS:
        if found.where in where and found.named in MODULES and found.named != found.module:
            graph.setdefault(found.module, set()).add(found.named)
    assert _cycle(graph) is None


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": {"c"}}) is None


@pytest.mark.parametrize(
    "layer", ["referee.web", "referee.storage", "referee.services", "referee.rules", "referee.cli"]
)
def test_each_layer_is_read(layer: str) -> None:
    assert any(_under(found.module, layer) for found in IMPORTS)
