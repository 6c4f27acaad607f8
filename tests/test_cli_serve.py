"""What `referee serve` prints for the phones: the LAN address and its QR code, or plainly that none can reach it; and
what it hands the server (referee/server.py): the app, made once, the address, the workers, the trusted proxy.

granian is not started: what `serve` hands `referee.server.run` is kept instead. The machine's interfaces are made
up per test. tests/serving/ starts the real thing.
"""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from flask import Flask

from referee import create_app
from referee.cli import cli

Serve = Callable[..., Result]


@pytest.fixture
def app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "referee.sqlite"), "SECRET_KEY": "test"})


@pytest.fixture
def served(app: Flask, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """What `serve` hands the server (the app and its options), and how many apps it made."""
    handed: dict[str, Any] = {"apps made": 0}

    def make() -> Flask:
        handed["apps made"] += 1
        return app

    monkeypatch.setattr("referee.cli.serve.create_app", make)
    monkeypatch.setattr("referee.server.run", lambda app, **options: handed.update(app=app, **options))
    monkeypatch.setattr("referee.server.check_free", lambda host, port: None)  # no port is listened on here
    yield handed


def test_a_port_held_by_another_server_is_said_at_once_before_serving(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("referee.cli.serve.create_app", lambda: app)
    monkeypatch.setattr("referee.server.run", lambda app, **options: pytest.fail("the server was started"))
    with socket.socket() as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--host", "127.0.0.1", "--port", str(port)])
    assert result.exit_code == 2
    assert "cannot listen on 127.0.0.1" in result.output and "serving" not in result.output


@pytest.fixture
def serve(served: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Serve:
    """Run `referee serve ARGS…` on a machine with these (interface, address) pairs."""

    def run(*args: str, interfaces: list[tuple[str, str]]) -> Result:
        monkeypatch.setattr("referee.network.machine_interfaces", lambda: interfaces)
        result = CliRunner().invoke(cli, ["serve", *args])
        assert result.exit_code == 0, result.output
        return result

    return run


WIFI = [("lo", "127.0.0.1"), ("lo", "::1"), ("docker0", "172.17.0.1"), ("wlan0", "192.168.1.20")]


def test_serve_prints_the_lan_address_with_its_qr_code_and_hands_it_to_the_app(
    serve: Serve, served: dict[str, Any]
) -> None:
    result = serve("--port", "8111", interfaces=WIFI)
    first = result.output.splitlines()[0]
    assert first.startswith("referee is serving on http://192.168.1.20:8111/ for the phones at the table")
    assert "also http://172.17.0.1:8111/" in first and "on this machine: http://127.0.0.1:8111/" in first
    assert "scan this to open http://192.168.1.20:8111/:" in result.output
    assert "█" in result.output or "▀" in result.output  # the QR code, drawn with block characters
    assert served["app"].config["REFEREE_TABLE_URL"] == "http://192.168.1.20:8111/"


def test_serve_on_a_machine_with_loopback_only_says_so_plainly_and_prints_no_qr_code(
    serve: Serve, served: dict[str, Any]
) -> None:
    result = serve("--port", "8111", interfaces=[("lo", "127.0.0.1"), ("lo", "::1")])
    assert "serving on http://127.0.0.1:8111/ only" in result.output
    assert "no network address but loopback" in result.output and "no phone can reach it" in result.output
    assert "scan" not in result.output and "█" not in result.output
    assert "REFEREE_TABLE_URL" not in served["app"].config


def test_serve_on_every_ipv4_network_offers_no_ipv6_address(serve: Serve) -> None:
    result = serve(interfaces=[("lo", "127.0.0.1"), ("eth0", "fd00::2")])
    assert "only" in result.output.splitlines()[0] and "fd00" not in result.output


def test_serve_on_ipv6_offers_an_ipv6_address_in_brackets(serve: Serve, served: dict[str, Any]) -> None:
    result = serve("--host", "::", "--port", "8111", interfaces=[("lo", "::1"), ("eth0", "fd00::2")])
    assert "scan this to open http://[fd00::2]:8111/" in result.output
    assert served["host"] == "::"


def test_serve_on_a_named_address_offers_that_one(serve: Serve) -> None:
    result = serve("--host", "10.1.2.3", "--port", "8111", interfaces=WIFI)
    assert "scan this to open http://10.1.2.3:8111/" in result.output and "192.168" not in result.output


def test_serve_on_loopback_says_no_phone_can_reach_it_unless_a_proxy_fronts_it(serve: Serve) -> None:
    alone = serve("--host", "127.0.0.1", "--port", "8111", interfaces=WIFI)
    assert "on this machine only: no phone can reach it" in alone.output and "scan" not in alone.output
    proxied = serve("--host", "127.0.0.1", "--trusted-proxy", "127.0.0.1", interfaces=WIFI)
    assert "phones reach it through the proxy at 127.0.0.1" in proxied.output


def test_serve_makes_the_app_once_and_hands_the_server_its_workers_and_proxy(
    serve: Serve, served: dict[str, Any]
) -> None:
    options = ["--host", "127.0.0.1", "--port", "8111", "--workers", "2", "--threads", "4", "--trusted-proxy", "::1"]
    result = serve(*options, interfaces=WIFI)
    assert served["apps made"] == 1  # migrated and keyed once, before any worker starts
    handed = {name: served[name] for name in ("host", "port", "workers", "threads", "trusted_proxy")}
    assert handed == {"host": "127.0.0.1", "port": 8111, "workers": 2, "threads": 4, "trusted_proxy": "::1"}
    assert "2 processes serve it, each with 4 threads" in result.output


def test_serve_runs_one_process_unless_told(serve: Serve, served: dict[str, Any]) -> None:
    result = serve(interfaces=WIFI)
    assert served["workers"] == 1 and served["threads"] == 8 and served["trusted_proxy"] is None
    assert "processes" not in result.output


def test_serve_on_an_address_already_taken_says_so_in_one_line(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def taken(app: Flask, **options: Any) -> None:
        raise OSError(98, "Address already in use")

    monkeypatch.setattr("referee.cli.serve.create_app", lambda: app)
    monkeypatch.setattr("referee.server.run", taken)
    monkeypatch.setattr("referee.network.machine_interfaces", lambda: WIFI)
    result = CliRunner().invoke(cli, ["serve", "--port", "8111"])
    assert result.exit_code == 2
    assert "cannot listen on 0.0.0.0:8111: Address already in use" in result.output


def test_serve_refuses_no_workers(serve: Serve, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("referee.network.machine_interfaces", lambda: WIFI)
    result = CliRunner().invoke(cli, ["serve", "--workers", "0"])
    assert result.exit_code == 2 and "--workers" in result.output
