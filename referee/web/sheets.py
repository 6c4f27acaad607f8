"""Small view models: the score sheet of a game and the balances of an evening, built by replaying events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.rules.cards import JOKER, Card
from referee.rules.events import EventError
from referee.rules.rummy import ELIMINATED, RummyGame, apply, new_game, restart_score
from referee.rules.rummy_events import Buyback, Round, Void, rummy_event_from_json
from referee.rules.table import RummyRules
from referee.rules.values import hand_card_value
from referee.rules.words import signed
from referee.storage.games import Change, StoredEvent, StoredGame, record_of
from referee.web.kaiser_sheet import KaiserSheet, build_kaiser_sheet


@dataclass(frozen=True)
class Column:
    """One player's column: total, status, buy-backs and chips, and whether they deal next."""

    name: str
    score: int
    status: str
    buybacks: int
    buybacks_left: int
    chips: int
    deals: bool


@dataclass(frozen=True)
class Line:
    """One line of the sheet: a round, a void round or a buy-back, with what it gave each player."""

    slot: int
    revision: int
    kind: str  # "round", "void" or "buyback"
    number: int  # the round's number (the round before it, for a buy-back)
    winner: str | None
    all_in_one: str | None  # "all_in_one", "with_table" or "own_cards"
    cells: tuple[str, ...]  # one per player: "+40", "0", "−20", "↺ 48" or ""


@dataclass(frozen=True)
class Offer:
    """A buy-back an eliminated player may take now."""

    player: str
    cost: int
    restart: int
    left: int


@dataclass(frozen=True)
class Sheet:
    """Everything the game page shows."""

    game: StoredGame
    rules: RummyRules
    columns: tuple[Column, ...]
    lines: tuple[Line, ...]
    pot: int
    dealer: str | None
    over: bool
    winner: str | None
    offers: tuple[Offer, ...]
    still_in: tuple[str, ...]
    problem: str | None = None  # set when the stored events no longer replay: nothing is lost, it is shown
    kind: str = "rummy"

    @property
    def last(self) -> Line | None:
        """The last event, which the undo button deletes."""
        return self.lines[-1] if self.lines else None


def build_sheet(game: StoredGame, events: Sequence[StoredEvent]) -> Sheet:
    """Replay the stored events one by one and lay out what each did."""
    rules = record_of(game, []).rules
    if not isinstance(rules, RummyRules):
        raise TypeError(f"game {game.number} is not a rummy game")
    state = new_game(rules, game.players, game.first_dealer)
    lines: list[Line] = []
    problem = None
    for position, stored in enumerate(events, start=1):
        try:
            event = rummy_event_from_json(stored.data, position)
            after = apply(state, event, position)
        except EventError as error:
            problem = str(error)
            break
        lines.append(_line(stored, event, state, after))
        state = after
    return _sheet(game, rules, state, tuple(lines), problem)


def _line(stored: StoredEvent, event: Round | Void | Buyback, before: RummyGame, after: RummyGame) -> Line:
    names = [p.name for p in after.players]
    if isinstance(event, Buyback):
        cells = tuple(f"↺ {after.player(name).score}" if name == event.player else "" for name in names)
        return Line(stored.slot, stored.revision, "buyback", after.rounds, None, None, cells)
    if isinstance(event, Void):
        return Line(stored.slot, stored.revision, "void", after.rounds, None, None, tuple("" for _ in names))
    points = after.results[-1].points
    cells = tuple(signed(points[name]) if name in points else "" for name in names)
    finish = "all_in_one" if event.all_in_one else event.rami
    return Line(stored.slot, stored.revision, "round", after.rounds, event.winner, finish, cells)


def _sheet(
    game: StoredGame, rules: RummyRules, state: RummyGame, lines: tuple[Line, ...], problem: str | None
) -> Sheet:
    dealer = state.dealer()
    columns = tuple(
        Column(p.name, p.score, p.status, p.buybacks, rules.max_buybacks - p.buybacks, p.chips, p.name == dealer)
        for p in state.players
    )
    offers = tuple(
        Offer(p.name, rules.buyback_cost, restart_score(state), rules.max_buybacks - p.buybacks - 1)
        for p in state.players
        if p.status == ELIMINATED
    )
    return Sheet(
        game, rules, columns, lines, state.pot, dealer, state.over, state.winner, offers, state.still_in(), problem
    )


def game_sheet(game: StoredGame, events: Sequence[StoredEvent]) -> Sheet | KaiserSheet:
    """The score sheet of any game: a rummy game's, or a Kaiser game's."""
    return build_kaiser_sheet(game, events) if game.teams is not None else build_sheet(game, events)


@dataclass(frozen=True)
class Balance:
    """A player's chips over the evening's games."""

    name: str
    chips: int


def evening_balances(players: Sequence[str], sheets: Sequence[Sheet | KaiserSheet]) -> tuple[Balance, ...]:
    """Each player's net chips over the evening's games so far (the pot counts once it is paid out).

    Kaiser is played for points, not chips: its games change no balance.
    """
    totals = dict.fromkeys(players, 0)
    for sheet in sheets:
        if not isinstance(sheet, Sheet):
            continue
        for column in sheet.columns:
            totals[column.name] = totals.get(column.name, 0) + column.chips
    return tuple(Balance(name, chips) for name, chips in totals.items())


SINGLE_VALUES = ("winner", "player", "all_in_one", "rami", "bidder", "bid", "no_trump", "five_hearts", "three_spades")


@dataclass(frozen=True)
class Correction:
    """One line of the change log, in words: when, which entry, and each value before and after."""

    at: str
    entry: dict[str, Any]  # the event as it was before the change
    deleted: bool
    differences: tuple[tuple[str, str, str], ...]  # (what, before, after)


def _shown(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "✓" if value else "—"
    if isinstance(value, list):
        return " ".join(Card.parse(card).symbol for card in value)
    return str(value)


def describe_change(change: Change) -> Correction:
    """What a correction changed, field by field: a round's winner, hands and laid points, or a Kaiser hand's."""
    before, after = change.before or {}, change.after or {}
    differences: list[tuple[str, str, str]] = []
    if after:
        for key in SINGLE_VALUES:
            if before.get(key) != after.get(key):
                differences.append((key, _shown(before.get(key)), _shown(after.get(key))))
        for key in ("hands", "laid", "tricks"):
            old, new = before.get(key) or {}, after.get(key) or {}
            for name in dict.fromkeys([*old, *new]):
                if old.get(name) != new.get(name):
                    differences.append((f"{key}:{name}", _shown(old.get(name)), _shown(new.get(name))))
    return Correction(change.at, before, not after, tuple(differences))


def picker_data(rules: RummyRules, players: int) -> dict[str, Any]:
    """What the card picker needs to count as the cards are tapped: each rank's value and the pack limits."""
    values = {Card(rank, "S").rank_name: hand_card_value(Card(rank, "S"), rules.hand_values) for rank in range(1, 14)}
    values["JK"] = hand_card_value(JOKER, rules.hand_values)
    return {"values": values, "packs": rules.pack_count(players), "jokers": rules.joker_count(players)}
