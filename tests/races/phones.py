"""A phone at the table, as a browser drives one against a real `referee serve`: its own cookie jar (so its own
session and CSRF token), pages read for their forms, forms sent back with every hidden field as it came.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from html.parser import HTMLParser
from http.cookiejar import CookieJar
from typing import Any, TypeVar
from urllib.error import HTTPError
from urllib.parse import urlencode, urlsplit
from urllib.request import HTTPCookieProcessor, HTTPRedirectHandler, Request, build_opener

T = TypeVar("T")
TIMEOUT = 30.0


@dataclass(frozen=True)
class Field:
    """One input of a form: its name, value, type, whether it is checked, and the player whose row holds it."""

    name: str
    value: str
    kind: str
    checked: bool
    player: str | None = None  # the nearest enclosing `data-player`, for the hand inputs (`data-hand`)
    hand: bool = False


@dataclass
class Form:
    """A form of a page: where it posts and its inputs, in the page's order."""

    attrs: dict[str, str]
    fields: list[Field] = field(default_factory=list)

    @property
    def action(self) -> str:
        """Where a browser without JavaScript sends it."""
        return self.attrs.get("action", "")

    def value(self, name: str) -> str | None:
        """The value of the input `name` (the checked one of a radio group), if any."""
        found = [f for f in self.fields if f.name == name and (f.kind != "radio" or f.checked)]
        return found[0].value if found else None

    def sent(self, **changed: str) -> list[tuple[str, str]]:
        """What a browser sends: hidden and typed inputs, checked radios, with `changed` filled in by name."""
        data: list[tuple[str, str]] = []
        for f in self.fields:
            if f.kind in ("submit", "button", "file") or (f.kind in ("radio", "checkbox") and not f.checked):
                continue
            if f.name not in changed:
                data.append((f.name, f.value))
        return data + list(changed.items())

    @property
    def hand_fields(self) -> dict[str, str]:
        """Each player this round form has a hand input for (the row it sits in says whose), and the input's name.

        Read as a person reads the form, from the name beside each input, never from how the input is called.
        """
        return {f.player: f.name for f in self.fields if f.hand and f.player}

    @property
    def hands(self) -> list[str]:
        """The players this round form has a hand input for, in the page's order."""
        return list(self.hand_fields)

    def round(self, winner: str, hands: dict[str, Any], finish: str = "out") -> list[tuple[str, str]]:
        """This round form filled: `winner` went out (`finish`), `hands` each loser's cards or points."""
        filled = {field: str(hands.get(player, "")) for player, field in self.hand_fields.items()}
        return self.sent(winner=winner, finish=finish, **filled)


VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"))


class _Reader(HTMLParser):
    """Collects the forms and their inputs, each input with the `data-player` of the row around it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.open: list[tuple[str, str | None]] = []  # the elements open now: tag, and the player they are about

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        player = values.get("data-player", self.open[-1][1] if self.open else None)
        if tag == "form":
            self.form = Form(values)
            self.forms.append(self.form)
        elif self.form is not None and tag in ("input", "textarea", "button") and values.get("name"):
            kind = "textarea" if tag == "textarea" else values.get("type", "submit" if tag == "button" else "text")
            found = Field(values["name"], values.get("value", ""), kind.lower(), "checked" in values, player)
            self.form.fields.append(replace(found, hand="data-hand" in values))
        if tag not in VOID:
            self.open.append((tag, player))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        for depth in range(len(self.open) - 1, -1, -1):
            if self.open[depth][0] == tag:
                del self.open[depth:]
                break


@dataclass(frozen=True)
class Reply:
    """One answer: its status, headers (names in lower case) and body."""

    status: int
    headers: dict[str, str]
    text: str

    @property
    def location(self) -> str | None:
        """Where a redirect goes, as a path on this server."""
        found = self.headers.get("location")
        return urlsplit(found).path if found else None

    @cached_property
    def all_forms(self) -> list[Form]:
        """Every form of the page, read once."""
        reader = _Reader()
        reader.feed(self.text)
        reader.close()
        return reader.forms

    def forms(self, action: str | None = None) -> list[Form]:
        """The page's forms (those posting to a path ending with `action`)."""
        return [f for f in self.all_forms if action is None or f.action.split("?")[0].endswith(action)]

    def form(self, action: str) -> Form:
        """The one form posting to a path ending with `action`."""
        (found,) = self.forms(action)
        return found

    def round_form(self) -> Form:
        """The round form (marked `data-round`)."""
        (found,) = [f for f in self.forms() if "data-round" in f.attrs]
        return found

    def json(self) -> Any:
        """The body read as JSON."""
        return json.loads(self.text)


class _Stay(HTTPRedirectHandler):
    """Never follow a redirect: the phone sees the 303 itself."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Phone:
    """One phone: its own cookies, so its own session and CSRF token."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = CookieJar()
        self.opener = build_opener(HTTPCookieProcessor(self.jar), _Stay())

    def request(self, method: str, path: str, data: list[tuple[str, str]] | None = None, htmx: bool = False) -> Reply:
        """Send one request and read the whole answer; every connection is closed once read."""
        body = None if data is None else urlencode(data).encode()
        headers = {"HX-Request": "true"} if htmx else {}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = Request(self.base + path, data=body, headers=headers, method=method)
        try:
            with self.opener.open(request, timeout=TIMEOUT) as answer:
                return Reply(answer.status, _lower(answer.headers), answer.read().decode())
        except HTTPError as error:
            with error:
                return Reply(error.code, _lower(error.headers), error.read().decode())

    def get(self, path: str) -> Reply:
        """GET `path`."""
        return self.request("GET", path)

    def post(self, path: str, data: list[tuple[str, str]], *, htmx: bool = False) -> Reply:
        """POST a form to `path` (as htmx would with `htmx`)."""
        return self.request("POST", path, data, htmx)

    def send(self, form: Form, data: list[tuple[str, str]], *, htmx: bool = False) -> Reply:
        """Send `data` filled in `form` to where the form posts."""
        return self.post(form.action, data, htmx=htmx)

    def events(self, game: str) -> list[dict[str, Any]]:
        """The events of the game at `game` (its page's path), as its exported game record has them."""
        reply = self.get(f"{game}/game.json")
        assert reply.status == 200, reply.status
        events: list[dict[str, Any]] = reply.json()["events"]
        return events

    def import_record(self, record: dict[str, Any]) -> str:
        """Send a game or evening record through `/import`, as its form does; the new evening's path."""
        form = self.get("/import").form("/import")
        reply = self.send(form, form.sent(text=json.dumps(record, ensure_ascii=False)))
        if reply.status == 200:  # the server has this record from an earlier test: it asks, and both are kept
            (keep,) = [f for f in reply.forms("/import/choice") if f.value("choice") == "keep"]
            reply = self.send(keep, keep.sent())
        assert reply.status == 303 and reply.location, (reply.status, reply.text[:2000])
        return reply.location


def _lower(headers: Any) -> dict[str, str]:
    return {name.lower(): value for name, value in headers.items()}


def at_once(*calls: Callable[[], T], timeout: float = 30.0) -> list[T]:
    """Run `calls` on threads of their own, let go together from a barrier; their results, in order."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(index: int, call: Callable[[], T]) -> None:
        try:
            barrier.wait(timeout)
            results[index] = call()
        except BaseException as error:  # re-raised in the test's own thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(n, call), daemon=True) for n, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)
    assert not any(thread.is_alive() for thread in threads), "a phone did not get its answer in time"
    if errors:
        raise errors[0]
    return results
