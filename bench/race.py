"""Several scorer phones entering rounds on one game of a real `referee serve` at once: is every entry kept once,
under the right names?

Each phone is a thread with its own session (cookies, CSRF token). For each entry it reads the sheet and posts
a round from the form it got, with the form's own one-time key; now and then on a stale sheet (it waits while
the others post), the same round from two phones that both read the sheet before either posted, the same form
sent twice at once (a double tap), or without JavaScript (a 303 back). Every round is unique and says who
sent it: the hand of the player in seat s of entry e is worth 10·e + s points. At the end the game record
(`…/game.json`) is read and counted against what each phone sent and what the server acknowledged (a 2xx or 303
that is not a refusal): lost (acknowledged, not stored), doubled, misattributed (a hand stored under another
player's name), 5xx. A 409 or 422 refusal is not a loss. Run it with `python -m bench.race` (both target
scenarios) or `python -m bench.race --phones 2 --entries 50`.
"""

from __future__ import annotations

import argparse
import json
import random
import threading
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from bench import markup
from bench.figures import table
from bench.machine import describe
from bench.phone import NETWORK_ERRORS, Phone, Reply, import_record
from bench.race_record import Entry, Send, count, report
from bench.records import PLAYERS, SEED, game_record
from bench.server import serve
from bench.tally import kind_of

SCENARIOS = ((5, 1000, 0), (10, 100, 1000))  # phones, entries per phone, rounds in the game at the start
TIME_LIMIT, TIMEOUT = 150.0, 60.0
ACTIONS = {"htmx": 60, "no JS": 10, "stale sheet": 10, "two phones": 10, "sent twice": 10}  # weights, in %
TWIN_WAIT = 2.0  # seconds an offer of the same round waits for a second phone
REFUSED = (409, 422)


@dataclass
class Offer:
    """A round one phone offers to send together with a second phone, which claims it and reads its sheet first."""

    entry: Entry
    owner: int
    claimed: threading.Event = field(default_factory=threading.Event)
    ready: threading.Event = field(default_factory=threading.Event)


class Game:
    """The game under test, and what every phone shares: the entry numbers, the offers, the log and the clock."""

    def __init__(self, port: int, page: str, entries: int, deadline: float) -> None:
        self.port, self.page, self.deadline = port, page, deadline
        self.lock = threading.Lock()
        self.left = entries
        self.numbers = iter(range(1, 10**9))
        self.entries: list[Entry] = []
        self.offers: list[Offer] = []
        self.reads: list[tuple[int | None, float]] = []  # each sheet read: status, ms
        self.errors: Counter[str] = Counter()

    def next_entry(self) -> Entry | None:
        """A fresh entry, or None once every phone's entries are made or time is up."""
        with self.lock:
            if self.left <= 0 or time.monotonic() > self.deadline:
                return None
            self.left -= 1
            number = next(self.numbers)
        winner = PLAYERS[number % len(PLAYERS)]
        hands = {name: str(10 * number + seat) for seat, name in enumerate(PLAYERS) if name != winner}
        entry = Entry(number, winner, hands)
        with self.lock:
            self.entries.append(entry)
        return entry

    def offer(self, offer: Offer) -> None:
        """Put up a round for a second phone to send too."""
        with self.lock:
            self.offers.append(offer)

    def claim(self, phone: int) -> Offer | None:
        """Take another phone's offer, if there is one."""
        with self.lock:
            for offer in self.offers:
                if offer.owner != phone:
                    self.offers.remove(offer)
                    offer.claimed.set()
                    return offer
        return None

    def withdraw(self, offer: Offer) -> bool:
        """Take an unclaimed offer back; False when a second phone has claimed it meanwhile."""
        with self.lock:
            if offer in self.offers:
                self.offers.remove(offer)
                return True
        return False


class Scorer:
    """One scorer's phone: reads the sheet and posts rounds, logging each answer."""

    def __init__(self, game: Game, number: int, rng: random.Random) -> None:
        self.game, self.number, self.rng = game, number, rng
        self.phone = Phone(game.port, timeout=TIMEOUT)

    def read(self, htmx: bool = True) -> markup.RoundForm | None:
        """Read the sheet (the htmx partial, or the whole page without JavaScript); its round form."""
        headers = {"HX-Request": "true"} if htmx else {}
        try:
            reply = self.phone.get(self.game.page, headers)
        except NETWORK_ERRORS as error:
            self._log_read(None, 0.0, kind_of(error))
            return None
        self._log_read(reply.status, reply.ms, None if reply.status == 200 else f"status {reply.status}")
        return markup.round_form(reply.text()) if reply.status == 200 else None

    def _log_read(self, status: int | None, took: float, error: str | None) -> None:
        with self.game.lock:
            self.game.reads.append((status, took))
            if error:
                self.game.errors[f"sheet read: {error}"] += 1

    def post(self, entry: Entry, form: markup.RoundForm, action: str, phone: Phone | None = None) -> None:
        """Post `entry` from `form` (with htmx unless `action` is "no JS"), and log what the server answered."""
        phone = phone or self.phone
        htmx = action != "no JS"
        headers = phone.htmx(self.game.page, form.target, form.hidden_value("csrf_token")) if htmx else {}
        try:
            reply = phone.post(form.action, form.fill(entry.winner, entry.hands), headers)
        except NETWORK_ERRORS as error:
            with self.game.lock:
                self.game.errors[f"post: {kind_of(error)}"] += 1
                entry.sends.append(Send(self.number, action, None, 0.0, False, False))
            return
        refused = reply.status in REFUSED or (200 <= reply.status < 300 and self._refused_on_form(reply))
        acknowledged = not refused and (200 <= reply.status < 300 or reply.status in (302, 303))
        with self.game.lock:
            entry.sends.append(Send(self.number, action, reply.status, reply.ms, acknowledged, refused))

    @staticmethod
    def _refused_on_form(reply: Reply) -> bool:
        """A 2xx whose round form shows an error: a refusal sent back on the form."""
        form = markup.round_form(reply.text())
        return form is not None and form.errors > 0

    def run(self) -> None:
        """Make entries until there are none left: each by one of the ways a phone sends a round."""
        actions, weights = list(ACTIONS), list(ACTIONS.values())
        while True:
            offer = self.game.claim(self.number)
            if offer is not None:
                self.second_phone(offer)
                continue
            entry = self.game.next_entry()
            if entry is None:
                break
            action = self.rng.choices(actions, weights)[0]
            form = self.read(htmx=action != "no JS")
            if form is None:
                continue  # the read failed: logged; the entry was never sent
            if action == "stale sheet":
                time.sleep(self.rng.uniform(0.2, 1.0))  # the others post meanwhile
            if action == "two phones":
                self.first_phone(entry, form)
            elif action == "sent twice":
                with ThreadPoolExecutor(2) as pool:
                    for phone in (self.phone, self.phone.twin()):
                        pool.submit(self.post, entry, form, action, phone)
            else:
                self.post(entry, form, action)
        self.phone.close()

    def first_phone(self, entry: Entry, form: markup.RoundForm) -> None:
        """Offer the round to a second phone; once it has read its sheet, both post it at once."""
        offer = Offer(entry, self.number)
        self.game.offer(offer)
        if not offer.claimed.wait(TWIN_WAIT) and self.game.withdraw(offer):
            self.post(entry, form, "htmx")  # nobody free to send it too: sent alone
            return
        offer.ready.wait(TIMEOUT)
        self.post(entry, form, "two phones")

    def second_phone(self, offer: Offer) -> None:
        """Send another phone's round too, from this phone's own sheet read before either posts."""
        form = self.read()
        offer.ready.set()
        if form is not None:
            self.post(offer.entry, form, "two phones")


def scenario(phones: int, entries: int, rounds: int, seed: int, time_limit: float) -> list[list[object]]:
    """Run one scenario on a fresh server; print its figures and return its target rows."""
    print(f"### {phones} phones × {entries:,} entries, on a game of {rounds:,} rounds at the start\n")
    with serve() as server:
        setup = Phone(server.port, timeout=TIMEOUT)
        base = game_record(rounds, seed)
        page = f"{import_record(setup, base)}/games/1"
        start = time.monotonic()
        game = Game(server.port, page, phones * entries, start + time_limit)
        rng = random.Random(seed)
        scorers = [Scorer(game, n, random.Random(rng.random())) for n in range(phones)]
        threads = [threading.Thread(target=scorer.run) for scorer in scorers]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        took = time.monotonic() - start
        export = setup.get(f"{page}/game.json")
        if export.status != 200:
            raise SystemExit(f"{page}/game.json: status {export.status}")
        found = count(json.loads(export.text())["events"], base["events"])
        setup.close()
        logged = server.exceptions()
    rows = report(game, found, phones, entries, took, time_limit)
    if logged:
        print("The server logged these exceptions (the last line of each traceback):\n")
        print(table(["exception", "times"], [[text.replace("|", "/"), n] for text, n in logged.most_common()]))
        print()
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    """Run the scenarios (both targets by default, or the one given) and print the targets met or missed."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--phones", type=int, help="scorer phones (with --entries and --rounds: one scenario)")
    parser.add_argument("--entries", type=int, help="entries each phone makes")
    parser.add_argument("--rounds", type=int, default=None, help="rounds of the game at the start (default 0)")
    parser.add_argument("--time-limit", type=float, default=TIME_LIMIT, help="seconds a scenario may make entries")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    chosen = [(args.phones or 5, args.entries or 1000, args.rounds or 0)]
    if args.phones is None and args.entries is None and args.rounds is None:
        chosen = list(SCENARIOS)
    print(f"## Race: several scorer phones on one game\n\n{describe()}\n")
    mix = ", ".join(f"{name} {share} %" for name, share in ACTIONS.items())
    print(
        "A real `referee serve` on 127.0.0.1; a four-player Kaluki game (nobody eliminated) imported through "
        f"/import. Each phone reads the sheet, then posts a round from its form: {mix}. A scenario stops making "
        f"entries after {args.time_limit:.0f} s. Times in ms.\n"
    )
    targets = []
    for phones, entries, rounds in chosen:
        targets += scenario(phones, entries, rounds, args.seed, args.time_limit)
    print(f"Targets:\n\n{table(['target', 'measured', 'verdict'], targets)}")


if __name__ == "__main__":
    main()
