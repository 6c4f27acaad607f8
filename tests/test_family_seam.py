"""Shared code asks the family (#43): no module every family goes through names a family, or a type of entry, in its
code. What an entry is (played, counted, corrected, its label) is the family's declaration (`GameFamily.kinds`), and
which family a game is, the registry's answer (`family_of`).

The test reads every string constant of the shared modules (docstrings aside) and fails on one that is a registered
family's name or one of its entry types, with the module and line. A family's own modules are not shared: its engine
modules (`rules/<family>_*.py`, Kaiser's `kaiser.py` and `kaiser_rules.py`, rummy's meld engine), its web package
(`web/games/<family>/`), and the referee desk and its commands, which answer questions about rummy's melds.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from referee.rules.families import FAMILIES

PACKAGE = Path(__file__).resolve().parent.parent / "referee"
RUMMY_ENGINE = {
    "advice",
    "building",
    "cards",
    "deal",
    "examples",
    "keep_three",
    "laid",
    "max_flow",
    "melds",
    "opening",
    "rearrange",
    "rearrange_jokers",
    "release",
    "rummy",
    "solver",
    "solver_melds",
    "solver_opening",
    "table",
    "values",
}  # fmt: skip  (rummy's melds, hands and deals: the desk's questions)
FAMILY_PREFIXES = ("rummy_", "kaiser", "other_")
NOT_SHARED = ("web/games/rummy/", "web/games/kaiser/", "web/games/other/", "web/desk/", "cli/rules_commands.py",
              "cli/arrangement.py")  # fmt: skip
# A word that is also a family's entry type, in another meaning: the module, the word, and what it is there.
OTHER_MEANING = {("storage/own_hands.py", "hand"): "the column of a sent hand"}


def shared_modules() -> list[Path]:
    """The modules every family goes through."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith(NOT_SHARED):
            continue
        if relative.startswith("rules/") and (path.stem in RUMMY_ENGINE or path.stem.startswith(FAMILY_PREFIXES)):
            continue
        found.append(path)
    return found


def family_words() -> set[str]:
    """Every registered family's name and the types of its entries."""
    return {*FAMILIES, *(str(kind.type) for family in FAMILIES.values() for kind in family.kinds)}


def _docstrings(tree: ast.Module) -> set[int]:
    nodes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef))]
    return {id(node.body[0].value) for node in nodes if ast.get_docstring(node, clean=False) is not None}  # type: ignore[attr-defined]


def named_in(path: Path, words: set[str], root: Path = PACKAGE) -> Iterator[str]:
    """Each string constant of the module at `path` that is one of `words`, as "module:line 'word'" (the module's
    path under `root`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    relative = path.relative_to(root).as_posix()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str) or id(node) in docs:
            continue
        if node.value in words and (relative, node.value) not in OTHER_MEANING:
            yield f"{relative}:{node.lineno} {node.value!r}"


def test_no_shared_module_names_a_family_or_an_entry_type() -> None:
    words = family_words()
    assert {"rummy", "kaiser", "other", "round", "hand", "void", "buyback", "passed", "end"} <= words
    assert [found for path in shared_modules() for found in named_in(path, words)] == []


def test_the_shared_modules_are_those_every_family_goes_through() -> None:
    shared = {path.relative_to(PACKAGE).as_posix() for path in shared_modules()}
    assert {"services/games.py", "web/games/views.py", "web/games/sheets.py", "rules/families.py"} <= shared
    assert {"rules/rummy_family.py", "rules/kaiser.py", "web/games/other/layout.py"}.isdisjoint(shared)
    assert len(shared) > 100


def test_a_family_word_in_shared_code_is_found(tmp_path: Path) -> None:
    module = tmp_path / "shared.py"
    module.write_text('"""A shared module naming "round" in its docstring only."""\nPLAYED = ("round", "hand")\n')
    found = list(named_in(module, {"round", "hand"}, tmp_path))
    assert found == ["shared.py:2 'round'", "shared.py:2 'hand'"]
