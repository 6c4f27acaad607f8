"""A real `referee serve` for the race tests (tests/servers.py), on a free loopback port with an instance folder
(so a database) of its own, and phones that talk to it."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.races.phones import Phone
from tests.servers import Served, start_serve


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """`referee serve --host 127.0.0.1 --port <free>` on a temporary instance folder, stopped at the end."""
    running = start_serve(tmp_path_factory.mktemp("serve"))
    try:
        yield running
    finally:
        running.stop()
    assert "Traceback" not in running.log_text(), running.log_tail()


@pytest.fixture
def phones(server: Served) -> Callable[[], Phone]:
    """A new phone on the server, each with its own cookies."""
    return lambda: Phone(server.base)
