"""The evening settlement: chip balances become the fewest payments "X pays Y" (docs/rules.md §5).

The plan is built one payment at a time. The first player by name (`name_key`) with a balance settles
next: of the payments between that player and another that some plan with the fewest payments makes, it
takes the one with the first partner by name, and of those the largest; then comes the plan of what is
left. Every payment goes from a player who owes to one who is owed, never more than either's balance.

This makes the plan stable: once any one payment of it is made, settling again gives the rest of it
unchanged. Making a later payment first leaves the first player's payment possible in a best plan and
makes no payment possible that was not before, so the same fixed order picks the same payment again.

The fewest payments are the players with a balance minus the most disjoint groups whose balances add up
to zero (each group settles within itself in one payment fewer than its size); a subset table over the
players finds them exactly up to `EXACT_LIMIT` players with a balance. Beyond that a greedy plan pays
equal and opposite balances first, then the largest debt to the largest credit.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from referee.rules.words import say, say_plural

EXACT_LIMIT = 10


class SettlementError(ValueError):
    """Balances that cannot be settled: not whole chips, or not adding up to zero; or a bad chip value."""


def name_key(name: str) -> tuple[str, str]:
    """The order of players' names in a plan: alphabetical, ignoring case (ties by exact spelling)."""
    return (name.casefold(), name)


@dataclass(frozen=True)
class Payment:
    """One payment of the plan: `payer` gives `payee` a whole number of chips.

    >>> payment = Payment("Ana", "Ben", 16)
    >>> str(payment), payment.amount(Decimal("0.20"))
    ('Ana pays Ben 16 chips', '3.20')
    """

    payer: str
    payee: str
    chips: int

    def __str__(self) -> str:
        return say_plural(
            "{payer} pays {payee} {n} chip",
            "{payer} pays {payee} {n} chips",
            self.chips,
            payer=self.payer,
            payee=self.payee,
        )

    def amount(self, chip_value: Decimal) -> str:
        """The payment in money: chips times the chip's value, in cents, written with two decimals."""
        return format_cents(self.chips * cents(chip_value))

    def as_json(self, chip_value: Decimal) -> dict[str, Any]:
        """One payment of the `settle` JSON of docs/formats.md."""
        return {"from": self.payer, "to": self.payee, "chips": self.chips, "amount": self.amount(chip_value)}


def cents(chip_value: Decimal) -> int:
    """A chip's value in whole cents; a negative value or a fraction of a cent is refused."""
    hundredfold = chip_value * 100
    if not hundredfold.is_finite() or hundredfold < 0 or hundredfold != hundredfold.to_integral_value():
        raise SettlementError(
            say("a chip's value is zero or more in whole cents, like 0.20, not {value}", value=chip_value)
        )
    return int(hundredfold)


def format_cents(amount: int) -> str:
    """Cents written as money with two decimals: 320 is "3.20", -5 is "-0.05"."""
    sign = "-" if amount < 0 else ""
    return f"{sign}{abs(amount) // 100}.{abs(amount) % 100:02d}"


def evening_balances(games: Iterable[Mapping[str, int]]) -> dict[str, int]:
    """Each player's chips summed over the evening's games (one {player: chips} per game, in order).

    >>> evening_balances([{"Ana": 3, "Ben": -3}, {"Ben": 5, "Céline": -5}])
    {'Ana': 3, 'Ben': 2, 'Céline': -5}
    """
    balances: dict[str, int] = {}
    for number, game in enumerate(games, start=1):
        chips = _checked(game, number)
        for name, won in chips.items():
            balances[name] = balances.get(name, 0) + won
    return balances


def settle(balances: Mapping[str, int]) -> tuple[Payment, ...]:
    """The fewest payments that clear every balance, ordered by payer then payee (by `name_key`).

    >>> [str(p) for p in settle({"Ana": -5, "Ben": -5, "Céline": 3, "Driss": 7})]
    ['Ana pays Céline 3 chips', 'Ana pays Driss 2 chips', 'Ben pays Driss 5 chips']
    >>> [str(p) for p in settle({"Ana": -3, "Ben": 3, "Céline": -4, "Driss": 4})]
    ['Ana pays Ben 3 chips', 'Céline pays Driss 4 chips']
    """
    owed = {name: chips for name, chips in _checked(balances).items() if chips}
    plan: list[Payment] = []
    while owed:
        payment = _next_payment(owed) if len(owed) <= EXACT_LIMIT else _greedy_payment(owed)
        plan.append(payment)
        owed[payment.payer] += payment.chips
        owed[payment.payee] -= payment.chips
        owed = {name: chips for name, chips in owed.items() if chips}
    return tuple(sorted(plan, key=lambda p: (name_key(p.payer), name_key(p.payee))))


def fewest_payments(balances: Mapping[str, int]) -> int:
    """How many payments settle `balances` at the fewest: players with a balance minus the most zero-sum groups.

    Exact whatever the number of players (the table doubles with each player: mind the size).

    >>> fewest_payments({"Ana": -5, "Ben": -5, "Céline": 3, "Driss": 7})
    3
    """
    values = [chips for chips in _checked(balances).values() if chips]
    return len(values) - _zero_sum_groups(values)[1][-1]


def settle_json(balances: Mapping[str, int], chip_value: Decimal) -> dict[str, Any]:
    """The `settle` JSON of docs/formats.md: the balances and the payments, in chips and in money."""
    cents(chip_value)
    return {"balances": dict(balances), "payments": [p.as_json(chip_value) for p in settle(balances)]}


def _checked(balances: Mapping[str, int], game: int | None = None) -> Mapping[str, int]:
    """The balances, or SettlementError naming the problem (and the `game`, when one is given)."""

    def refused(reason: str) -> SettlementError:
        return SettlementError(reason if game is None else say("game {number}: {reason}", number=game, reason=reason))

    for name, chips in balances.items():
        if not isinstance(name, str) or not name.strip():
            raise refused(say("a balance belongs to a player's name, not {name!r}", name=name))
        if isinstance(chips, bool) or not isinstance(chips, int):
            raise refused(say("{name}'s balance is a whole number of chips, not {chips!r}", name=name, chips=chips))
    total = sum(balances.values())
    if total:
        raise refused(
            say("the balances add up to {total:+d} chips, not 0: every chip won is a chip someone lost", total=total)
        )
    return balances


def _zero_sum_groups(values: list[int]) -> tuple[list[int], list[int]]:
    """For each subset (a bit mask over `values`): its total, and the most disjoint zero-sum groups inside it."""
    size = 1 << len(values)
    total, groups = [0] * size, [0] * size
    for mask in range(1, size):
        low = mask & -mask
        total[mask] = total[mask ^ low] + values[low.bit_length() - 1]
        rest, most = mask, 0
        while rest:
            bit = rest & -rest
            most = max(most, groups[mask ^ bit])
            rest ^= bit
        groups[mask] = most + (total[mask] == 0)
    return total, groups


def _next_payment(owed: Mapping[str, int]) -> Payment:
    """The first player's payment that a fewest-payments plan makes: first partner by name, then the largest.

    With x the first player and M a zero-sum group of x in a best grouping, x can pay (or be paid) the total
    of any part A of M holding x, to a partner in the rest of M: that splits M in two zero-sum groups.
    """
    names = sorted(owed, key=name_key)
    values = [owed[name] for name in names]
    total, groups = _zero_sum_groups(values)
    full = (1 << len(names)) - 1
    sign = 1 if values[0] > 0 else -1
    best: tuple[int, int] | None = None  # (partner's index, minus the chips)
    for group in range(1, full + 1, 2):  # every group holding player 0
        if total[group] or groups[full ^ group] != groups[full] - 1:
            continue
        others = group ^ 1
        part = others
        while True:
            chips = sign * total[part | 1]
            rest = others & ~part
            if 0 < chips <= abs(values[0]):
                for index in range(1, len(names)):
                    if rest >> index & 1 and values[index] * sign < 0 <= abs(values[index]) - chips:
                        best = min(best or (index, -chips), (index, -chips))
                        break
            if not part:
                break
            part = (part - 1) & others
    assert best is not None, "a zero-sum group always has a payment that splits it"
    first, partner, chips = names[0], names[best[0]], -best[1]
    return Payment(first, partner, chips) if sign < 0 else Payment(partner, first, chips)


def _greedy_payment(owed: Mapping[str, int]) -> Payment:
    """A good payment among many players: an equal and opposite pair, else the largest debt to the largest credit."""
    names = sorted(owed, key=name_key)
    debtors = [name for name in names if owed[name] < 0]
    creditors = {owed[name]: name for name in reversed(names) if owed[name] > 0}  # the first name for each amount
    for debtor in debtors:
        if -owed[debtor] in creditors:
            return Payment(debtor, creditors[-owed[debtor]], -owed[debtor])
    debtor = min(debtors, key=lambda name: (owed[name], name_key(name)))
    creditor = min(creditors.values(), key=lambda name: (-owed[name], name_key(name)))
    return Payment(debtor, creditor, min(-owed[debtor], owed[creditor]))
