"""The address phones at the table can reach this machine by, for `referee serve` to print (and the app to show).

A machine has several addresses: loopback, the Wi-Fi's, maybe Docker's bridge, a VPN's, IPv6 ones. The
choice, best first (each kind is used only when no better one exists):

1. a private IPv4 address of the LAN (RFC 1918: 10/8, 172.16/12, 192.168/16): what a home or club router hands out;
2. any other IPv4 address (a public one, a carrier's 100.64/10, a documentation range on a test machine);
3. an IPv6 address of the LAN (unique local, fc00::/7), then a global IPv6 address;
4. an address of a VPN tunnel (tun, wg, tailscale, zerotier…): reachable by that VPN's peers only;
5. an address of a container or virtual machine bridge (docker0, br-…, virbr, vboxnet, vmnet, WSL…): Docker's
   172.17.0.1 is RFC 1918 too, but no phone is on that network;
6. an IPv4 link-local address (169.254/16, a network with no router).

Never offered: loopback (127/8, ::1), which no other device reaches; IPv6 link-local (fe80::/10), which needs a
zone index no phone's browser takes in a URL; unspecified and multicast addresses. When nothing is left, phones
cannot reach the machine at all, and `referee serve` says so.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

# Interface names (Linux, BSD and macOS names, and Windows' descriptive ones), lowercased, by their start or a word.
VPN_NAMES = ("tun", "tap", "wg", "tailscale", "zt", "utun", "ppp", "ipsec", "nordlynx", "proton", "wireguard")
BRIDGE_NAMES = (
    "docker",
    "br-",
    "veth",
    "virbr",
    "vbox",
    "virtualbox",
    "vmnet",
    "vmware",
    "lxcbr",
    "lxdbr",
    "incusbr",
    "podman",
    "cni",
    "flannel",
    "cali",
    "vethernet",
    "hyper-v",
    "wsl",
    "bridge",
)
_RFC1918 = tuple(ipaddress.ip_network(net) for net in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"))
_UNIQUE_LOCAL = ipaddress.ip_network("fc00::/7")
_NEVER = -1


def _is_one_of(interface: str, names: tuple[str, ...]) -> bool:
    name = interface.lower()
    return any(name.startswith(start) or f" {start}" in name or f"({start}" in name for start in names)


def rank(interface: str, address: str) -> int:
    """How good `address` (on `interface`) is for a phone at the table: 0 best, -1 never.

    >>> rank("wlan0", "192.168.1.20"), rank("eth0", "203.0.113.7"), rank("docker0", "172.17.0.1")
    (0, 1, 5)
    >>> rank("lo", "127.0.0.1"), rank("eth0", "fe80::1")
    (-1, -1)
    """
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return _NEVER
    if ip.is_loopback or ip.is_unspecified or ip.is_multicast or (ip.version == 6 and ip.is_link_local):
        return _NEVER
    if ip.version == 4 and ip.is_link_local:
        return 6
    if _is_one_of(interface, BRIDGE_NAMES):
        return 5
    if _is_one_of(interface, VPN_NAMES):
        return 4
    if ip.version == 4:
        return 0 if any(ip in net for net in _RFC1918) else 1
    return 2 if ip in _UNIQUE_LOCAL else 3


def url_host(address: str) -> str:
    """The address as a URL's host: IPv6 in brackets.

    >>> url_host("192.168.1.20"), url_host("fd00::2")
    ('192.168.1.20', '[fd00::2]')
    """
    return f"[{address}]" if ":" in address else address


def table_addresses(interfaces: Iterable[tuple[str, str]]) -> list[str]:
    """The addresses phones can reach, best first, from (interface name, address) pairs; [] when only loopback.

    >>> table_addresses([("lo", "127.0.0.1"), ("docker0", "172.17.0.1"), ("wlan0", "192.168.1.20")])
    ['192.168.1.20', '172.17.0.1']
    >>> table_addresses([("lo", "127.0.0.1"), ("lo", "::1")])
    []
    """
    ranked: dict[str, tuple[int, int]] = {}
    # The machine's own order breaks ties: its first interface is usually its main one.
    for position, (interface, address) in enumerate(interfaces):
        score = rank(interface, address)
        if score == _NEVER:
            continue
        best, first = ranked.get(address, (score, position))
        ranked[address] = (min(score, best), first)
    return sorted(ranked, key=ranked.__getitem__)


def machine_interfaces() -> list[tuple[str, str]]:
    """This machine's (interface name, address) pairs, as the operating system lists them (through ifaddr)."""
    import ifaddr

    pairs = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            address = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            pairs.append((str(adapter.nice_name or adapter.name), str(address)))
    return pairs
