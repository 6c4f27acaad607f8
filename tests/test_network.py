"""The address `referee serve` offers the phones: a private LAN address first, loopback never (referee/network.py)."""

from __future__ import annotations

import pytest

from referee.network import machine_interfaces, rank, table_addresses, url_host

LOOPBACK = [("lo", "127.0.0.1"), ("lo", "::1")]


@pytest.mark.parametrize(
    ("interfaces", "best"),
    [
        pytest.param([*LOOPBACK, ("wlan0", "192.168.1.20")], "192.168.1.20", id="the Wi-Fi's address"),
        pytest.param(
            [*LOOPBACK, ("docker0", "172.17.0.1"), ("wlp2s0", "192.168.1.20")], "192.168.1.20", id="not Docker's bridge"
        ),
        pytest.param(
            [("br-5f2a9c", "172.18.0.1"), ("veth12ab", "10.200.0.1"), ("eth0", "10.0.0.5")], "10.0.0.5", id="no bridge"
        ),
        pytest.param([("tailscale0", "100.101.1.2"), ("en0", "192.168.0.4")], "192.168.0.4", id="not the VPN's"),
        pytest.param([("wg0", "10.8.0.2"), ("eth0", "10.1.2.3")], "10.1.2.3", id="not WireGuard's, though RFC 1918"),
        pytest.param([("eth0", "203.0.113.7"), ("eth1", "172.20.1.9")], "172.20.1.9", id="private before public"),
        pytest.param([("eth0", "fd00::2"), ("eth0", "192.0.2.2")], "192.0.2.2", id="IPv4 before IPv6"),
        pytest.param([("eth0", "2001:db8::5"), ("eth0", "fd12::5")], "fd12::5", id="unique local before global IPv6"),
        pytest.param([("eth0", "169.254.3.4"), ("docker0", "172.17.0.1")], "172.17.0.1", id="link-local is last"),
        pytest.param(
            [("vEthernet (WSL)", "172.29.96.1"), ("Wi-Fi", "192.168.1.33")], "192.168.1.33", id="Windows names"
        ),
        pytest.param([("eth0", "fe80::1%eth0"), ("eth0", "10.0.0.2")], "10.0.0.2", id="IPv6 link-local is never"),
    ],
)
def test_the_private_lan_address_comes_first(interfaces: list[tuple[str, str]], best: str) -> None:
    assert table_addresses(interfaces)[0] == best


def test_loopback_only_gives_no_address() -> None:
    assert table_addresses(LOOPBACK) == []
    assert table_addresses([*LOOPBACK, ("eth0", "fe80::fc:ff:fe00:1"), ("eth0", "0.0.0.0")]) == []  # noqa: S104


def test_loopback_is_offered_only_when_nothing_else_and_then_not_at_all() -> None:
    addresses = table_addresses([*LOOPBACK, ("docker0", "172.17.0.1")])
    assert addresses == ["172.17.0.1"]  # a poor choice, but one a phone might reach; loopback none can


def test_every_reachable_address_is_listed_once_best_first_ties_in_the_machine_s_order() -> None:
    interfaces = [
        ("docker0", "172.17.0.1"),
        ("eth0", "10.0.0.5"),
        ("wlan0", "192.168.1.20"),
        ("eth0", "10.0.0.5"),
        ("eth0", "fd00::5"),
    ]
    assert table_addresses(interfaces) == ["10.0.0.5", "192.168.1.20", "fd00::5", "172.17.0.1"]


def test_an_address_seen_on_two_interfaces_takes_its_better_rank() -> None:
    assert rank("docker0", "10.0.0.5") > rank("eth0", "10.0.0.5")
    assert table_addresses([("docker0", "10.0.0.5"), ("eth1", "192.168.9.9"), ("eth0", "10.0.0.5")])[0] == "10.0.0.5"


def test_nonsense_is_never_offered() -> None:
    assert table_addresses([("eth0", "not an address"), ("eth0", "224.0.0.1")]) == []


def test_an_ipv6_address_is_bracketed_in_a_url() -> None:
    assert url_host("fd00::2") == "[fd00::2]" and url_host("10.0.0.2") == "10.0.0.2"


def test_this_machine_s_interfaces_are_read_with_their_names_loopback_included() -> None:
    pairs = machine_interfaces()
    assert all(isinstance(name, str) and name and isinstance(address, str) for name, address in pairs)
    assert "127.0.0.1" in {address for _, address in pairs}
    assert "127.0.0.1" not in table_addresses(pairs)
