"""What no phone (nor a stranger on the Wi-Fi) can do to `referee serve` (issue #22): freeze it with idle
connections, make it read a huge body, or hold it with a slow or silent one; and what a poll costs on the wire.
"""

from __future__ import annotations

import re
import socket
import time
from html import unescape

from referee import server
from referee.web.guards import ENVELOPE, LARGEST_RECORD
from referee.web.security import HEADERS
from tests.events import rummy_round
from tests.races.records import NEVER_OUT, evening, game
from tests.servers import HOST, Served
from tests.serving.conftest import KeptPhone

IDLE = 300  # idle connections from one client
QUICK = 1.0  # seconds: a normal request is answered within this, whatever else is connected
GRACE = 3.0  # seconds past a deadline for the server to close a connection
FORM = b"Content-Type: application/x-www-form-urlencoded\r\n"  # a form: the app reads its body


def connect(club: Served, timeout: float = 5.0) -> socket.socket:
    """A bare connection to the server."""
    return socket.create_connection((HOST, club.port), timeout=timeout)


def answer_head(sock: socket.socket) -> bytes:
    """The status line and headers of the next answer on `sock`."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data.partition(b"\r\n\r\n")[0]


def closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes `sock` within `seconds` (whatever it sends before)."""
    sock.settimeout(seconds)
    deadline = time.monotonic() + seconds
    try:
        while time.monotonic() < deadline:
            if not sock.recv(65536):
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return False


def quick_home_page(club: Served) -> None:
    """A phone that connects now is answered within QUICK seconds."""
    phone = KeptPhone(club, timeout=QUICK)
    assert phone.get("/").status == 200


def test_a_poll_answered_304_carries_the_security_headers_and_keeps_its_connection(club: Served) -> None:
    phone = KeptPhone(club)
    played = game(rummy_round("Ann", {"Bob": 2, "Cat": 3, "Dan": 4}), options=NEVER_OUT)
    page = f"{phone.import_record(evening(played))}/games/1"
    found = re.search(r'hx-get="([^"]+/live\?v=\d+)"', phone.get(page).text)
    assert found
    poll = unescape(found.group(1))
    for _ in range(20):
        reply = phone.get(poll, {"HX-Request": "true", "HX-Target": "live", "HX-Trigger": "poll"})
        assert reply.status == 304 and reply.text == ""
    assert phone.opened == 1  # twenty polls, one connection
    assert reply.headers["cache-control"] == "no-store"
    assert {name.lower(): value for name, value in HEADERS.items()}.items() <= reply.headers.items()
    assert reply.headers.get("connection", "keep-alive") != "close"
    with connect(club) as sock:
        cookie = "; ".join(f"{name}={value}" for name, value in phone.cookies.items())
        sock.sendall(
            f"GET {poll} HTTP/1.1\r\nHost: {HOST}:{club.port}\r\nHX-Request: true\r\nCookie: {cookie}\r\n\r\n".encode()
        )
        head = answer_head(sock)
    assert head.startswith(b"HTTP/1.1 304") and len(head) + 4 < 1500, head  # the security headers are most of it


def test_three_hundred_idle_connections_from_one_client_leave_a_phone_answered_at_once(club: Served) -> None:
    idle = [connect(club) for _ in range(IDLE)]
    try:
        half = [connect(club) for _ in range(IDLE)]  # and as many that started a request and stopped
        for sock in half:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        quick_home_page(club)
        quick_home_page(club)
    finally:
        for sock in idle + half:
            sock.close()


def test_a_body_announced_at_900_mb_is_refused_before_a_megabyte_of_it_is_sent(club: Served) -> None:
    assert server.connections_per_process() > 0
    largest = LARGEST_RECORD + ENVELOPE
    with connect(club, timeout=10) as sock:
        sock.sendall(
            b"POST /import HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: 943718400\r\n\r\n" + b"t" * 65536
        )
        head = answer_head(sock)  # nothing more is sent: the answer comes from the announced length alone
        assert head.startswith(b"HTTP/1.1 413"), head
        assert b"connection: close" in head.lower()
        assert closed_within(sock, GRACE)
    with connect(club, timeout=10) as sock:  # a chunked body stops being read once it passes the app's limit
        sock.sendall(b"POST /import HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        chunk = b"%x\r\n%s\r\n" % (65536, b"t" * 65536)
        for _ in range(largest // 65536 + 2):
            sock.sendall(chunk)
        assert answer_head(sock).startswith(b"HTTP/1.1 413")


def test_slow_and_silent_clients_are_dropped_and_hold_no_thread_meanwhile(club: Served) -> None:
    phone = KeptPhone(club)
    assert phone.get("/").status == 200
    silent, halting = connect(club, timeout=30), connect(club, timeout=30)
    halting.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # headers begun, never finished
    dribbling = [connect(club, timeout=30) for _ in range(2 * server.THREADS + 1)]  # more than the threads of both
    for sock in dribbling:
        sock.sendall(b"POST /new HTTP/1.1\r\nHost: x\r\n" + FORM + b"Content-Length: 1000\r\n\r\nplayers=")
    started = time.monotonic()
    quick_home_page(club)
    time.sleep(max(0.0, started + 5 - time.monotonic()))  # longer than a phone waits between two polls
    assert phone.get("/").status == 200 and phone.opened == 1  # a phone's idle connection is kept
    for sock in dribbling:
        assert closed_within(sock, server.BODY_WITHIN + GRACE - (time.monotonic() - started))
        sock.close()
    assert time.monotonic() - started >= server.BODY_WITHIN - 1
    for sock in (silent, halting):
        assert closed_within(sock, server.HEADERS_WITHIN + GRACE - (time.monotonic() - started))
        sock.close()
    quick_home_page(club)
