"""The one build step pyproject.toml cannot declare: the app's files go into the built package.

templates/, static/ and translations/ live at the repository's top level. A wheel (`pip install .`, pipx) needs
them inside the package, so this build copies templates/ and static/ to `referee/_app/` and compiles each
catalogue (translations/LANG/LC_MESSAGES/*.po) to its .mo there; `create_app` uses that copy when it is present.
An editable install (`./dev`) copies nothing: the app reads the repository's folders, and edits show at once.
The project's metadata stays in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
COPIED = ("templates", "static")


def compile_catalogues(source: Path, target: Path) -> None:
    """Compile every translations/LANG/LC_MESSAGES/NAME.po under `source` to NAME.mo under `target`, as pybabel does."""
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        with po.open("rb") as file:
            catalogue = read_po(file, locale=po.parent.parent.name)
        with mo.open("wb") as file:
            write_mo(file, catalogue)  # fuzzy entries left out, like `pybabel compile`


class BuildWithAppFiles(build_py):
    """build_py, then the app's templates, static files and compiled catalogue into `referee/_app`."""

    def run(self) -> None:
        """Build the Python modules, then add the app's files (not for an editable install)."""
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "referee" / "_app"
        shutil.rmtree(target, ignore_errors=True)  # a file removed from the repository leaves no stale copy
        for folder in COPIED:
            shutil.copytree(HERE / folder, target / folder, ignore=shutil.ignore_patterns(".*", "__pycache__"))
        compile_catalogues(HERE / "translations", target / "translations")


setup(cmdclass={"build_py": BuildWithAppFiles})
