"""A built wheel (`pip install .`, pipx) serves the whole app: its pages, its static files and the French catalogue.

The wheel is built from a copy of the sources in a temporary folder (no build/ or egg-info in the repository),
without build isolation (setuptools and babel come from the dev environment), installed without dependencies in a
target folder, and served by `referee serve` from outside the repository.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.error import URLError

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "referee", "templates", "static", "translations")
# Build output and caches stay out of the copy: the build must compile the catalogue itself.
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mo", ".*", "_app")
ASSET = re.compile(r'<(?:script[^>]*\ssrc|link[^>]*\shref)="(/[^"]+)"')


def pip(*args: str) -> None:
    """Run pip offline in the test's interpreter, failing with its output."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", *args, "--no-index", "--quiet", "--disable-pip-version-check"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, f"pip {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}"


@dataclass(frozen=True)
class Installed:
    """The wheel installed in `target`, and the copy of the sources it was built from."""

    target: Path
    source: Path
    folder: Path

    def env(self) -> dict[str, str]:
        """The environment of a process that imports the installed wheel, not the editable checkout."""
        return os.environ | {"PYTHONPATH": str(self.target), "PYTHONNOUSERSITE": "1", "PYTHONUTF8": "1"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    folder = tmp_path_factory.mktemp("packaging")
    source, dist, target = folder / "source", folder / "dist", folder / "target"
    source.mkdir()
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, source / name, ignore=LEFT_OUT)
        else:
            shutil.copy2(path, source / name)
    pip("wheel", str(source), "--no-deps", "--no-build-isolation", "-w", str(dist))
    (wheel,) = dist.glob("referee-*.whl")
    pip("install", "--no-deps", "--target", str(target), str(wheel))
    return Installed(target, source, folder)


def fetch(url: str, **headers: str) -> tuple[int, str, bytes]:
    """Status, content type and body of a GET."""
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=10) as response:
        return response.status, response.headers.get_content_type(), response.read()


@pytest.fixture(scope="module")
def served(installed: Installed) -> Iterator[str]:
    """`python -m referee.cli serve` from the installed wheel, on a free loopback port, outside the repository."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log = (installed.folder / "serve.log").open("w+", encoding="utf-8")
    server = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "serve", "--host", "127.0.0.1", "--port", str(port)],
        cwd=installed.folder,
        env=installed.env(),
        stdout=log,
        stderr=subprocess.STDOUT,
    )

    def output() -> str:
        log.seek(0)
        return log.read()

    try:
        deadline = time.monotonic() + 20
        while True:
            assert server.poll() is None, f"referee serve stopped:\n{output()}"
            try:
                fetch(f"{url}/")
                break
            except (URLError, ConnectionError):
                assert time.monotonic() < deadline, "referee serve did not answer within 20 s"
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def test_the_wheel_is_what_is_imported(installed: Installed) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import referee; print(referee.__file__)"],
        cwd=installed.folder,
        env=installed.env(),
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    imported = Path(done.stdout.strip())
    assert imported.is_relative_to(installed.target), f"imported {imported}, not the wheel in {installed.target}"
    assert (installed.target / "referee" / "_app" / "translations" / "fr" / "LC_MESSAGES" / "messages.mo").is_file()


@pytest.mark.parametrize(("path", "part"), [("/", 'href="/new"'), ("/new", 'name="csrf_token"')])
def test_the_installed_app_serves_its_pages(served: str, path: str, part: str) -> None:
    status, kind, body = fetch(served + path)
    page = body.decode()
    assert (status, kind) == (200, "text/html")
    assert page.startswith("<!doctype html>") and page.rstrip().endswith("</html>") and part in page


def test_the_installed_app_speaks_french(served: str) -> None:
    _, _, body = fetch(served + "/", Cookie="lang=fr")
    page = body.decode()
    assert '<html lang="fr">' in page and "Commencer une soirée" in page
    _, _, body = fetch(served + "/", **{"Accept-Language": "fr-FR,fr;q=0.9"})
    assert "Commencer une soirée" in body.decode()


def test_the_installed_app_serves_its_static_files(served: str, installed: Installed) -> None:
    _, _, body = fetch(served + "/")
    assets = ASSET.findall(body.decode())
    stylesheet = next(url for url in assets if url.startswith("/static/css/referee.css"))
    status, kind, css = fetch(served + stylesheet)
    assert (status, kind) == (200, "text/css")
    assert css == (installed.source / "static" / "css" / "referee.css").read_bytes()
    for url in assets:
        assert fetch(served + url)[0] == 200, url
