"""A stored game replayed up to its first event that no longer replays: its standings and running totals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.rules.kaiser import KaiserGame
from referee.rules.kaiser_events import KaiserEvent, parse_kaiser_event
from referee.rules.rummy import RummyGame, apply, new_game
from referee.rules.rummy_events import Buyback, RummyEvent, rummy_event_from_json
from referee.rules.table import KaiserRules, Rules, RummyRules
from referee.storage.games import StoredEvent, StoredGame, record_of

Totals = tuple[tuple[str, tuple[int, ...]], ...]  # (player or team, its total after round 0, 1, 2, …)


@dataclass(frozen=True)
class Replayed:
    """What a stored game's events give, counted up to the first one that fails (`stopped_at`)."""

    rules: Rules | None  # None when the game's rules no longer read
    state: RummyGame | KaiserGame | None
    events: tuple[RummyEvent | KaiserEvent, ...]  # the events applied, in order
    totals: Totals  # a player's series ends with the last round they played in
    stopped_at: int | None = None  # the position of the first event that no longer replays


def replay_game(game: StoredGame, events: Sequence[StoredEvent]) -> Replayed:
    """Replay a stored Kaluki, Rami or Kaiser game event by event, stopping at the first that fails."""
    try:
        record = record_of(game, [])
        rules = record.rules
    except ValueError:
        return Replayed(None, None, (), (), 1 if events else None)
    if isinstance(rules, KaiserRules):
        assert record.teams is not None, "a Kaiser game has its teams"
        return _kaiser(KaiserGame.start(rules, record.teams, record.first_dealer), events)
    return _rummy(rules, game, events)


def _rummy(rules: RummyRules, game: StoredGame, events: Sequence[StoredEvent]) -> Replayed:
    state = new_game(rules, game.players, game.first_dealer)
    totals: dict[str, list[int]] = {name: [0] for name in game.players}
    applied: list[RummyEvent] = []
    for position, stored in enumerate(events, start=1):
        try:
            event = rummy_event_from_json(stored.data, position)
            after = apply(state, event, position)
        except ValueError:
            return Replayed(rules, state, tuple(applied), _frozen(totals), position)
        if not isinstance(event, Buyback):
            for name in state.still_in():  # who played this round; a buy-back's restart shows at the next one
                totals[name].append(after.player(name).score)
        applied.append(event)
        state = after
    return Replayed(rules, state, tuple(applied), _frozen(totals))


def _kaiser(state: KaiserGame, events: Sequence[StoredEvent]) -> Replayed:
    stopped_at = None
    for position, stored in enumerate(events, start=1):
        try:
            state = state.apply(parse_kaiser_event(stored.data, position, state.teams), position)
        except ValueError:
            stopped_at = position
            break
    totals = {
        f"{name} ({', '.join(players)})": [0, *(hand.results[seat].score for hand in state.hand_results)]
        for seat, (name, players) in enumerate(zip(state.teams.names, state.teams.players, strict=True))
    }
    return Replayed(state.rules, state, state.events, _frozen(totals), stopped_at)


def _frozen(totals: dict[str, list[int]]) -> Totals:
    return tuple((label, tuple(values)) for label, values in totals.items())
