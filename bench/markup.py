"""What the benchmarks read in the app's HTML, as a phone would: the round form, the live poll's URL, the assets.

Nothing here knows the round form's field names: they are read from the form marked `data-round`, where each
hand input carries `data-hand` inside a row marked `data-player="<name>"`, and the winner's radio buttons
carry `data-winner`. Every hidden input of the form (the CSRF token, the one-time key, the version seen, …) is
sent back as it came.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlsplit

VOID = frozenset(("area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"))


@dataclass
class Element:
    """An element met while reading: its tag, attributes, and the nearest enclosing `data-player`."""

    tag: str
    attrs: dict[str, str]
    player: str | None = None
    target: str | None = None  # the id htmx would swap into (`hx-target`, inherited), if it can be told


@dataclass
class Form:
    """A form of the page: its attributes, the htmx target it inherits, and the inputs inside it."""

    attrs: dict[str, str]
    target: str | None
    inputs: list[Element] = field(default_factory=list)
    alerts: int = 0  # elements with role="alert" inside: the errors the form shows


@dataclass(frozen=True)
class RoundForm:
    """The round form as the page shows it: where it posts and what its fields are called."""

    action: str
    hidden: tuple[tuple[str, str], ...]  # every hidden input, as sent
    winner_field: str
    hand_fields: dict[str, str]  # player -> the name of their hand's input
    others: tuple[tuple[str, str], ...]  # other radio groups, with the value checked (how the winner went out)
    target: str | None  # the element id htmx swaps the answer into
    errors: int = 0  # errors shown on the form (role="alert"): a refusal sent back on the form

    @property
    def players(self) -> list[str]:
        """The players with a hand field, in the page's order."""
        return list(self.hand_fields)

    def hidden_value(self, name: str) -> str | None:
        """The value of the hidden input `name`, if the form has one."""
        return next((value for key, value in self.hidden if key == name), None)

    def fill(self, winner: str, hands: dict[str, str]) -> list[tuple[str, str]]:
        """The form's data for a round: the hidden inputs, the winner, how they went out, and each hand."""
        data = [*self.hidden, *self.others, (self.winner_field, winner)]
        data += [(name, hands.get(player, "")) for player, name in self.hand_fields.items()]
        return data


class _Reader(HTMLParser):
    """Collects the forms (with their inputs), the attributes that name a live poll, and the linked assets."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[Element] = []
        self.forms: list[Form] = []
        self.form: Form | None = None
        self.polls: list[str] = []
        self.assets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        parent = self.stack[-1] if self.stack else None
        element = Element(tag, values, parent.player if parent else None, parent.target if parent else None)
        if "data-player" in values:
            element.player = values["data-player"]
        target = values.get("hx-target")
        if target == "this" and values.get("id"):
            element.target = values["id"]
        elif target and target.startswith("#"):
            element.target = target[1:]
        for name in ("hx-get", "data-hx-get", "hx-post"):
            if "/live" in values.get(name, ""):
                self.polls.append(values[name])
        if tag == "script" and values.get("src"):
            self.assets.append(values["src"])
        if tag == "link" and values.get("href") and "stylesheet" in values.get("rel", "").split():
            self.assets.append(values["href"])
        if values.get("role") == "alert" and self.form is not None:
            self.form.alerts += 1
        if tag == "form":
            self.form = Form(values, element.target)
            self.forms.append(self.form)
        elif tag in ("input", "textarea", "select", "button") and self.form is not None:
            self.form.inputs.append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self.stack and self.stack[-1].tag == tag:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None
        for depth in range(len(self.stack) - 1, -1, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                break


def read(html: str) -> _Reader:
    """The page read once: its forms, live poll URLs and assets."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader


def round_form(html: str) -> RoundForm | None:
    """The round form of a page or fragment (the form marked `data-round`), or None when it shows none."""
    form = next((f for f in read(html).forms if "data-round" in f.attrs), None)
    if form is None:
        return None
    hidden = tuple((e.attrs["name"], e.attrs.get("value", "")) for e in form.inputs if _is(e, "hidden"))
    hands = {
        e.player: e.attrs["name"] for e in form.inputs if "data-hand" in e.attrs and e.player and "name" in e.attrs
    }
    radios: dict[str, list[Element]] = {}
    for element in form.inputs:
        if _is(element, "radio"):
            radios.setdefault(element.attrs["name"], []).append(element)
    winner = next((name for name, group in radios.items() if any("data-winner" in e.attrs for e in group)), None)
    if winner is None:  # no data-winner: the radio group whose values are the players
        winner = next((n for n, group in radios.items() if {e.attrs.get("value") for e in group} >= set(hands)), None)
    if winner is None or not hands:
        return None
    others = tuple(
        (name, checked[0].attrs.get("value", "on"))
        for name, group in radios.items()
        if name != winner and (checked := [e for e in group if "checked" in e.attrs])
    )
    action = form.attrs.get("hx-post") or form.attrs.get("action", "")
    return RoundForm(action, hidden, winner, hands, others, form.target or form.attrs.get("id"), form.alerts)


def plain_form(html: str, action: str) -> tuple[list[tuple[str, str]], str | None]:
    """The hidden inputs of the form posting to `action`, and the name of its text area (the import form)."""
    form = next((f for f in read(html).forms if f.attrs.get("action", "").split("?")[0] == action), None)
    if form is None:
        raise LookupError(f"no form posts to {action}")
    hidden = [(e.attrs["name"], e.attrs.get("value", "")) for e in form.inputs if _is(e, "hidden")]
    text = next((e.attrs.get("name") for e in form.inputs if e.tag == "textarea"), None)
    return hidden, text


def live_url(html: str) -> str | None:
    """The URL the page polls for the live sheet (`…/live?v=<version>`), if it shows one."""
    polls = read(html).polls
    return polls[0] if polls else None


def version_of(url: str | None) -> str | None:
    """The version `v` a live poll's URL carries."""
    if url is None:
        return None
    return (parse_qs(urlsplit(url).query).get("v") or [None])[0]


def assets(html: str) -> list[str]:
    """The scripts and stylesheets the page links to, in order, each once."""
    return list(dict.fromkeys(read(html).assets))


def csrf_token(html: str) -> str | None:
    """The CSRF token of the page: the value of the first hidden `csrf_token` input."""
    for form in read(html).forms:
        for element in form.inputs:
            if element.attrs.get("name") == "csrf_token":
                return element.attrs.get("value")
    return None


def _is(element: Element, kind: str) -> bool:
    return element.tag == "input" and element.attrs.get("type", "text").lower() == kind and "name" in element.attrs
