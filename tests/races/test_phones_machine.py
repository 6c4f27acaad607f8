"""Issue #12 as a state machine: three scorer phones on one game, each with its own session and its own page.

A phone's page is only as fresh as its last look (or the page its last answer took it to), so its forms are
often stale. The rules send rounds and void rounds from the phone's form, its buy-back offers, its undo
button, corrections opened earlier, "Replace it with mine" from a clash, the same form again, and the
settle-up's Paid and Undo buttons, in any interleaving. After every step the stored game replays, chips and
pot sum to zero, and the game and the payments are exactly what the acknowledged writes made: an accepted
write (303) is there once with the names it was sent with (or replaced by a correction, or deleted by an undo,
this test made), and a refused one (409, 422, or 404 for an entry deleted meanwhile) changed nothing at all.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, Phase, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from sqlite_utils import Database
from werkzeug.datastructures import MultiDict

from referee import create_app
from referee.rules.game_record import read_game
from referee.storage.games import current_events
from tests.events import rummy_round
from tests.races.phones import Form, Reply
from tests.races.records import buyback, evening, game

PLAYERS = ("Ann", "Bob", "Cat")
PHONES = 3
# Game 1 is over (Bob and Cat pay Ann), so the settle-up has a plan; game 2 is the one the phones play.
START = evening(game(rummy_round("Ann", {"Bob": 150, "Cat": 160}), players=PLAYERS), game(players=PLAYERS))
HAND = st.integers(0, 60) | st.just(150)  # totals reach 150 (eliminated in kaluki) after a few rounds, or at once
WHAT = re.compile(r".*/(e|games)/[^/]+/|/\d+")  # an action's URL without the evening, game and slot
CORRECT_LINK = re.compile(r'href="([^"]*/events/(\d+))" title="Correct')

Events = list[tuple[int, dict[str, Any]]]  # the game's current entries: (slot, event JSON)
Payments = list[tuple[int, str, str, int]]  # every payment row: (id, payer, payee, chips)
T = TypeVar("T")
PHONE = st.integers(0, PHONES - 1)
PICK = st.integers(0, 20)  # which of the buttons, links, hands or phones on offer (modulo how many there are)


@dataclass(frozen=True)
class Stored:
    """What the database holds: the game's current entries, its revisions and highest slot ever, the payments."""

    events: Events
    revisions: int
    last_slot: int  # a new entry takes the next slot: a deleted entry's slot is never given again
    payments: Payments


@dataclass(frozen=True)
class Write:
    """A form a phone sends, and `expected(before)`: what is stored once it is accepted."""

    action: str
    data: list[tuple[str, str]]
    expected: Callable[[Stored], Stored]
    same_as: dict[str, Any] | None = None  # an entry another phone may have recorded already: then kept once
    seen: int | None = None  # for a round or a void round: the last slot of the sheet it was filled on

    @property
    def submission(self) -> str:
        """The form's one-time key."""
        return dict(self.data)["submission"]


class Phone:
    """One phone: its own test client (cookies, session, CSRF token) and the pages it last saw."""

    def __init__(self, client: FlaskClient) -> None:
        self.client = client
        self.page: Reply | None = None  # the game page as this phone last saw it
        self.seen = 0  # the last slot of the game when this phone last saw its page
        self.settle: Reply | None = None  # the settle-up as this phone last saw it
        self.editing: tuple[int, Form] | None = None  # a correction opened earlier: its slot and its form
        self.last: Write | None = None  # the last form sent, to send again

    def request(self, method: str, path: str, data: list[tuple[str, str]] | None = None) -> Reply:
        """One request, read whole and closed."""
        response = self.client.open(path, method=method, data=None if data is None else MultiDict(data))
        try:
            headers = {name.lower(): value for name, value in response.headers.items()}
            return Reply(response.status_code, headers, response.get_data(as_text=True))
        finally:
            response.close()


def appended(event: dict[str, Any]) -> Callable[[Stored], Stored]:
    """A new entry at the end of the game."""
    return lambda s: Stored([*s.events, (s.last_slot + 1, event)], s.revisions + 1, s.last_slot + 1, s.payments)


def revised(slot: int, event: dict[str, Any] | None) -> Callable[[Stored], Stored]:
    """The entry at `slot` corrected to `event`, or deleted (None)."""

    def after(s: Stored) -> Stored:
        events = [(n, event if n == slot else e) for n, e in s.events if n != slot or event is not None]
        return Stored(events, s.revisions + 1, s.last_slot, s.payments)

    return after


def paid(payer: str, payee: str, chips: int) -> Callable[[Stored], Stored]:
    """A payment marked as made."""

    def after(s: Stored) -> Stored:
        number = max((row[0] for row in s.payments), default=0) + 1
        return Stored(s.events, s.revisions, s.last_slot, [*s.payments, (number, payer, payee, chips)])

    return after


def taken_back(payment: int) -> Callable[[Stored], Stored]:
    """Payment `payment` taken back: a payment of the opposite amount."""

    def after(s: Stored) -> Stored:
        (payer, payee, chips) = next(row[1:] for row in s.payments if row[0] == payment)
        return paid(payer, payee, -chips)(s)

    return after


def sent_round(form: Form, data: list[tuple[str, str]]) -> dict[str, Any]:
    """The round event `form` filled with `data` describes, as the game record writes it.

    Whose hand an input holds is read from its row; the hidden inputs of "Replace it with mine" have no row
    and carry the name they were sent with.
    """
    sent = dict(data)
    winner = sent["winner"]
    whose = {field: player for player, field in form.hand_fields.items()}
    whose |= {name: name.removeprefix("hand:") for name, _ in data if name.startswith("hand:") and name not in whose}
    hands = {whose[name]: int(value) for name, value in data if name in whose and whose[name] != winner and value}
    return rummy_round(winner, hands, all_in_one=sent.get("finish") == "all_in_one")


def choose(among: list[T], pick: int) -> T:
    """One of `among`, as the drawn `pick` says."""
    return among[pick % len(among)]


def slot_of(action: str) -> int:
    """The slot an entry's URL names (`…/events/<slot>` or `…/events/<slot>/delete`)."""
    found = re.search(r"/events/(\d+)", action)
    assert found, action
    return int(found.group(1))


@cache
def the_app() -> Flask:
    """One app for every run of the machine (making one compiles its templates); each run gives it a database."""
    return create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "test"})


class ThreePhones(RuleBasedStateMachine):
    """Three phones scoring game 2 of one evening, on one app and one database."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory(prefix="referee-phones-")
        self.database = str(Path(self.folder.name) / "referee.sqlite")
        app = the_app()
        app.config["DATABASE"] = self.database
        self.phones = [Phone(app.test_client()) for _ in range(PHONES)]
        importing = self.phones[0].request("GET", "/import").form("/import")
        reply = self.phones[0].request("POST", "/import", importing.sent(text=json.dumps(START)))
        assert reply.status == 303 and reply.location
        self.settle_page, self.game_page = f"{reply.location}/settle", f"{reply.location}/games/2"
        for phone in self.phones:
            phone.page, phone.settle = phone.request("GET", self.game_page), phone.request("GET", self.settle_page)
        self.acknowledged: set[str] = set()  # the one-time keys of the forms an answer accepted
        self.already_there: set[str] = set()  # ... of those accepted as another phone's same entry: nothing written
        self.known = self.stored()  # what the accepted writes made, and nothing else

    def teardown(self) -> None:
        self.folder.cleanup()

    def stored(self) -> Stored:
        """The game and the payments as the database holds them."""
        with closing(Database(self.database)) as db:
            (game_id,) = db.execute("SELECT id FROM games WHERE number = 2").fetchone()
            events = [(event.slot, event.data) for event in current_events(db, game_id)]
            count = "SELECT COUNT(*), COALESCE(MAX(slot), 0) FROM event_revisions WHERE game_id = ?"
            revisions, last_slot = db.execute(count, [game_id]).fetchone()
            payments = [
                (int(row[0]), str(row[1]), str(row[2]), int(row[3]))
                for row in db.execute("SELECT id, payer, payee, chips FROM payments ORDER BY id")
            ]
        return Stored(events, revisions, last_slot, payments)

    def send(self, phone: Phone, write: Write) -> None:
        """Send `write` from `phone`; what is stored after must be what its answer says."""
        before = self.stored()
        reply = phone.request("POST", write.action, write.data)
        after = self.stored()
        phone.last, phone.editing = write, None
        event(f"{WHAT.sub('', write.action)}: {reply.status}")  # hypothesis's statistics count what the runs did
        gone = re.search(r"/events/(\d+)$", write.action) and slot_of(write.action) not in dict(before.events)
        # A correction of an entry deleted meanwhile answers 404: there is no such entry any more.
        assert reply.status in (303, 409, 422, *((404,) if gone else ())), (reply.status, reply.text[:3000])
        if reply.status != 303:
            assert after == before, f"refused ({reply.status}) but something was stored"
        elif write.submission in self.acknowledged:
            assert after == before, "a form sent again was recorded again"
        elif write.same_as is not None and after == before:
            assert write.same_as in [event for _, event in before.events], "accepted, but not stored"
            self.already_there.add(write.submission)
        else:
            assert after == write.expected(before), "accepted, but not stored as sent"
            if write.seen is not None:  # never two rounds for one sheet: a round recorded since makes a clash
                since = [e for slot, e in before.events if slot > write.seen and e["type"] in ("round", "void")]
                assert not since, f"a second round for one sheet: {since} was recorded since"
        if reply.status == 303:
            self.acknowledged.add(write.submission)
            assert reply.location
            reply = phone.request("GET", reply.location)  # as a browser follows the redirect
        self.known = after
        if 'id="plan"' in reply.text:
            phone.settle = reply
        elif 'id="entry"' in reply.text:
            self.show(phone, reply)

    def show(self, phone: Phone, page: Reply) -> None:
        """`phone` now shows `page`, the game as it stands."""
        phone.page, phone.seen = page, self.known.last_slot

    # What the phones' pages offer: (phone, form) for each button of a kind, on every phone.

    def offered(self, find: Callable[[Reply], list[Form]], settle: bool = False) -> list[tuple[Phone, Form]]:
        pages = [(phone, phone.settle if settle else phone.page) for phone in self.phones]
        return [(phone, form) for phone, page in pages if page is not None for form in find(page)]

    def round_forms(self) -> list[tuple[Phone, Form]]:
        return self.offered(lambda page: [form for form in page.forms() if "data-round" in form.attrs])

    def clash_forms(self) -> list[tuple[Phone, Form]]:
        # A clash where either side is a void round offers no replacement (a void round is not corrected):
        # test_same_round.py::test_replace_it_with_mine_works_when_a_void_round_is_one_side checks it.
        recorded = dict(self.known.events)
        return [
            (phone, form)
            for phone, form in self.offered(lambda page: page.forms())
            if re.search(r"/events/\d+$", form.action)
            and form.value("winner")
            and recorded.get(slot_of(form.action), {}).get("type") != "void"
        ]

    def links(self) -> list[tuple[Phone, str, int]]:
        return [
            (phone, link, int(slot))
            for phone in self.phones
            if phone.page is not None
            for link, slot in CORRECT_LINK.findall(phone.page.text)
        ]

    def resendable(self) -> list[Phone]:
        # A form kept once as another phone's entry, sent again, is answered as the first time (nothing new):
        # test_same_round.py::test_a_form_kept_once_as_another_phones_entry_is_not_recorded_when_sent_again.
        return [
            phone for phone in self.phones if phone.last is not None and phone.last.submission not in self.already_there
        ]

    @rule(n=PHONE)
    def look(self, n: int) -> None:
        self.show(self.phones[n], self.phones[n].request("GET", self.game_page))

    @rule(n=PHONE)
    def look_at_the_settle_up(self, n: int) -> None:
        self.phones[n].settle = self.phones[n].request("GET", self.settle_page)

    @precondition(lambda self: self.round_forms())
    @rule(pick=PICK, winner=PICK, hands=st.lists(HAND, min_size=3, max_size=3), kaluki=st.booleans())
    def send_a_round(self, pick: int, winner: int, hands: list[int], kaluki: bool) -> None:
        phone, form = choose(self.round_forms(), pick)
        names = form.hands
        out = names[winner % len(names)]
        values = {name: hands[seat] for seat, name in enumerate(names) if name != out}
        event = rummy_round(out, values, all_in_one=kaluki)
        data = form.round(out, values, "all_in_one" if kaluki else "out")
        self.send(phone, Write(form.action, data, appended(event), same_as=event, seen=phone.seen))

    @precondition(lambda self: self.offered(lambda page: page.forms("/void")))
    @rule(pick=PICK)
    def void_a_round(self, pick: int) -> None:
        phone, form = choose(self.offered(lambda page: page.forms("/void")), pick)
        void = {"type": "void"}
        self.send(phone, Write(form.action, form.sent(), appended(void), same_as=void, seen=phone.seen))

    @precondition(lambda self: self.offered(lambda page: page.forms("/buyback")))
    @rule(pick=PICK)
    def buy_back(self, pick: int) -> None:
        phone, offer = choose(self.offered(lambda page: page.forms("/buyback")), pick)
        event = buyback(offer.value("player") or "")
        self.send(phone, Write(offer.action, offer.sent(), appended(event), same_as=event))

    @precondition(lambda self: self.offered(lambda page: page.forms("/delete")))
    @rule(pick=PICK)
    def undo(self, pick: int) -> None:
        phone, form = choose(self.offered(lambda page: page.forms("/delete")), pick)
        self.send(phone, Write(form.action, form.sent(), revised(slot_of(form.action), None)))

    @precondition(lambda self: self.links())
    @rule(pick=PICK)
    def open_a_correction(self, pick: int) -> None:
        phone, link, slot = choose(self.links(), pick)
        reply = phone.request("GET", link)
        assert reply.status in (200, 404)  # 404: deleted from another phone since this phone's look
        phone.editing = (slot, reply.round_form()) if reply.status == 200 else None

    @precondition(lambda self: any(phone.editing for phone in self.phones))
    @rule(pick=PICK, loser=PICK, points=HAND)
    def send_the_correction(self, pick: int, loser: int, points: int) -> None:
        phone = choose([phone for phone in self.phones if phone.editing], pick)
        assert phone.editing is not None
        slot, form = phone.editing
        winner = form.value("winner")
        losers = [name for name in form.hands if name != winner]
        data = form.sent(**{form.hand_fields[losers[loser % len(losers)]]: str(points)})
        self.send(phone, Write(form.action, data, revised(slot, sent_round(form, data))))

    @precondition(lambda self: self.clash_forms())
    @rule(pick=PICK)
    def replace_it_with_mine(self, pick: int) -> None:
        phone, form = choose(self.clash_forms(), pick)
        data = form.sent()
        self.send(phone, Write(form.action, data, revised(slot_of(form.action), sent_round(form, data))))

    @precondition(lambda self: self.resendable())
    @rule(pick=PICK)
    def send_the_same_form_again(self, pick: int) -> None:
        phone = choose(self.resendable(), pick)
        assert phone.last is not None
        self.send(phone, phone.last)

    @precondition(lambda self: self.offered(lambda page: page.forms("/settle/paid"), settle=True))
    @rule(pick=PICK)
    def mark_paid(self, pick: int) -> None:
        phone, form = choose(self.offered(lambda page: page.forms("/settle/paid"), settle=True), pick)
        payment = paid(form.value("payer") or "", form.value("payee") or "", int(form.value("chips") or 0))
        self.send(phone, Write(form.action, form.sent(), payment))

    @precondition(lambda self: self.offered(lambda page: page.forms("/settle/undo"), settle=True))
    @rule(pick=PICK)
    def take_a_payment_back(self, pick: int) -> None:
        phone, form = choose(self.offered(lambda page: page.forms("/settle/undo"), settle=True), pick)
        self.send(phone, Write(form.action, form.sent(), taken_back(int(form.value("payment") or 0))))

    @invariant()
    def the_game_is_what_the_phones_were_told(self) -> None:
        assert self.stored() == self.known
        record = self.phones[0].request("GET", f"{self.game_page}/game.json").json()
        assert record["events"] == [event for _, event in self.known.events]
        standings = read_game(record).standings()  # every entry replays
        assert sum(player.chips for player in standings.players) + standings.pot == 0


# About 35 s. No shrinking: a run of this machine takes half a second, and shrinking one failure took over five
# minutes; the failing steps are printed as they ran (replay them with the seed hypothesis prints).
ThreePhones.TestCase.settings = settings(
    max_examples=50,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_three_phones = ThreePhones.TestCase
