"""The app's own template helpers."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from referee.web.local import local_time


@pytest.fixture
def in_paris(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "Europe/Paris")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_stored_utc_times_show_in_the_time_zone_of_the_machine_at_the_table(in_paris: None) -> None:
    assert local_time("2026-11-22T20:05:00+00:00") == "9:05\u202fPM"  # English, outside a request
    assert local_time("2026-07-01T23:30:00+00:00", date=True) == "Jul 2, 2026 1:30\u202fAM"
