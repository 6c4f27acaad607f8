"""The rummy family (Kaluki and Rami) as the registry asks it (`RUMMY`): its rules, its players, its start, its
events and what each type of entry is, its options, its standings at the command line and its chips
(`referee.rules.families` reads it)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import fields
from functools import lru_cache
from types import MappingProxyType
from typing import Any, assert_never

from referee.rules.events import EventError, UnreadableEvent
from referee.rules.family import GameFamily, Seated, Seats, TallyOf, no_dealer, players_json, players_listed
from referee.rules.game import AnyGame, Chips, EntryKind, Rules, counted
from referee.rules.laid import with_laid_counted
from referee.rules.options import OptionError, Value, options_named
from referee.rules.presets import DEFAULT_PRESET, Preset, get_preset, resolve_options
from referee.rules.rummy import RummyGame, RummyReplay
from referee.rules.rummy_events import Round, RummyEvent, RummyKind, rummy_event_from_json
from referee.rules.rummy_results import BuybackResult, ReshuffleResult, RoundResult
from referee.rules.rummy_rounds import hand_value
from referee.rules.table import RummyRules, Scoring
from referee.rules.tallies import Figure, Figures, Place, Tally, counted_by_name, frozen
from referee.rules.words import N_, say

GAMES = ("kaluki", "rami")  # the presets' games the family plays


def rummy_rules_from(preset: Preset, values: Mapping[str, Value]) -> RummyRules:
    """A Kaluki or Rami preset's rules from its options' values; OptionError for options that contradict each other."""
    scoring = Scoring(str(values["scoring"]))
    rules = RummyRules(preset=preset.name, game=preset.game, **{**values, "scoring": scoring})  # type: ignore[arg-type]
    _check_consistent(rules)
    return rules


def only_rummy(rules: Rules, preset: str) -> RummyRules:
    """`rules` when they are a rummy game's; OptionError for a Kaiser preset, which has no melds."""
    if not isinstance(rules, RummyRules):
        raise OptionError(
            say("{preset} is a Kaiser preset: it has no melds; choose a Kaluki or Rami preset", preset=preset)
        )
    return rules


def _check_consistent(rules: RummyRules) -> None:
    if rules.run_max < rules.run_min:
        raise OptionError(say("run_max ({most}) is below run_min ({fewest})", most=rules.run_max, fewest=rules.run_min))
    if rules.max_players < rules.min_players:
        raise OptionError(
            say(
                "max_players ({most}) is below min_players ({fewest})", most=rules.max_players, fewest=rules.min_players
            )
        )
    if rules.scoring == Scoring.POINTS and rules.game != "rami":
        raise OptionError(say("scoring=points is Rami's points mode: use the rami preset"))


def read_players(data: Mapping[str, Any], rules: Rules) -> Seats:
    """A game record's `players`: names, none twice, as many as the preset seats (RecordError says why not)."""
    rummy = only_rummy(rules, rules.preset)
    return players_listed(data, rummy.preset, rummy.min_players, rummy.max_players)


def start_rummy(record: Seated) -> RummyGame:
    """The game before its first round: the record's players, the first dealer's seat (else the first seat)."""
    dealer = record.players.index(record.first_dealer) if record.first_dealer else 0
    return RummyGame.start(only_rummy(record.rules, record.preset), record.players, dealer)


def read_rummy_event(data: object, position: int, record: Seated) -> RummyEvent:
    """One entry of a rummy record read as its event; UnreadableEvent says why it is none.

    A Rami round's laid points are counted from its `laid_cards` where `laid` does not give them.
    """
    try:
        event = rummy_event_from_json(data, position)
    except EventError as error:  # rummy_events says EventError for an entry it cannot read
        raise UnreadableEvent(error.position, error.reason) from None
    if isinstance(event, Round) and event.laid_cards:
        return with_laid_counted(event, only_rummy(record.rules, record.preset))
    return event


def rummy_chips(game: AnyGame) -> Chips:
    """Each player's net chips, and the pot still on the table while nobody has won it."""
    rummy = _rummy(game)
    return Chips({player.name: player.chips for player in rummy.players}, rummy.pot)


def rummy_standings_text(game: AnyGame) -> str:
    """`referee replay`'s standings: each player's total, status, chips and buy-backs, then the end or the pot."""
    rummy = _rummy(game)
    lines = [f"{rummy.rules.preset}, after {counted(rummy.rounds, 'round')}:"]
    for p in rummy.players:
        back = f", {counted(p.buybacks, 'buy-back')}" if p.buybacks else ""
        lines.append(f"  {p.name:<12} {p.score:>5}  {p.status:<10} chips {p.chips:+d}{back}")
    if rummy.over:
        lines.append(f"over: {rummy.winner} wins" + ("" if rummy.rules.scoring == "points" else " and takes the pot"))
    else:
        lines.append(f"pot: {rummy.pot} chips; {rummy.dealer()} deals next")
    return "\n".join(lines)


def _rummy(game: AnyGame) -> RummyGame:
    if not isinstance(game, RummyGame):
        raise TypeError(f"not a rummy game: {game!r}")
    return game


RUMMY_FIGURES = Figures(
    "rounds",
    (
        Figure("rounds", N_("Rummy rounds played"), "rounds", season=False,
               meaning=N_("The Kaluki and Rami rounds the player was still in, won or lost; a round nobody won is not "
                          "counted.")),
        Figure("eliminations", N_("Eliminations"), "eliminations", history=False),
        Figure("penalty", N_("Penalty per round"), "penalty", per="rounds", lowest_first=True,
               title=N_("Average penalty per round"),
               meaning=N_("The points the cards left in hand added to the player's total (multiplied for a kaluki or a "
                          "rami, with any joker penalty), divided by the rounds played; a round the player won counts "
                          "0. In Rami's points mode, the cards left count at their value."),
               note=N_("Penalty per round: what the cards left in hand cost, in the Kaluki and Rami rounds played.")),
        Figure("kalukis", N_("Kalukis"), "kalukis", season=False,
               meaning=N_("Rounds won all in one: a kaluki or a hunt, or a rami in Rami.")),
        Figure("buybacks", N_("Buy-backs"), "buybacks"),
    ),
)  # fmt: skip


def rummy_tally(replayed: RummyReplay) -> Tally:
    """Rounds, penalty, eliminations and buy-backs; the winner finished first, then who stayed in longest.

    Between two players put out by the same round, the lower total (in points mode, the higher) finished ahead.
    """
    state = replayed.state
    rules = state.rules
    rounds: Counter[str] = Counter()
    penalty: Counter[str] = Counter()
    eliminations: Counter[str] = Counter()
    buybacks: Counter[str] = Counter()
    kalukis: Counter[str] = Counter()
    out_at: dict[str, int] = {}
    for step in replayed.steps:
        event, result = step.event, step.result
        match result:
            case BuybackResult():
                buybacks[result.player] += 1
                continue
            case RoundResult() if isinstance(event, Round):
                pass  # a round played: counted below
            case RoundResult() | ReshuffleResult():
                continue  # a void round, or a reshuffle
            case _:
                assert_never(result)
        for name in result.eliminated:
            eliminations[name] += 1
            out_at[name] = step.position
        for name, added in result.points.items():
            rounds[name] += 1
            if name == event.winner:
                kalukis[name] += event.finish.all_in_one
                continue  # a round they won costs them nothing
            penalty[name] += hand_value(event.hands[name], rules) if rules.scoring == Scoring.POINTS else added
    stayed = len(replayed.steps) + 1  # never put out: in to the end
    places: dict[str, Place] = {}
    for player in state.players:
        won = int(state.winner == player.name)
        if rules.scoring == Scoring.POINTS:
            places[player.name] = (won, 0, player.score)
        else:
            places[player.name] = (won, out_at.get(player.name, stayed), -player.score)
    counts = {"rounds": rounds, "penalty": penalty, "eliminations": eliminations, "buybacks": buybacks,
              "kalukis": kalukis}  # fmt: skip
    return Tally(frozen(places), counted_by_name(counts))


# What each type of a rummy game's entries is: a round and a void round take a round's place (two phones' are a
# clash) and are counted; a round is corrected from its line; a buy-back and a reshuffle are taps of their own.
RUMMY_KINDS = (
    EntryKind(RummyKind.ROUND, N_("round"), played=True, counted=True, correctable=True),
    EntryKind(RummyKind.VOID, N_("void"), played=True, counted=True),
    EntryKind(RummyKind.BUYBACK, N_("buy-back")),
    EntryKind(RummyKind.RESHUFFLE, N_("reshuffle")),
)
RUMMY_OPTIONS = options_named(*(field.name for field in fields(RummyRules) if field.name not in ("preset", "game")))

RUMMY = GameFamily(
    name="rummy",
    games=GAMES,
    evening_rules=True,
    rules=rummy_rules_from,
    read_seats=read_players,
    seats_json=players_json,
    start=start_rummy,
    read_event=read_rummy_event,
    dealer_of=no_dealer,
    standings_text=rummy_standings_text,
    tally=TallyOf(RummyGame, rummy_tally),
    figures=RUMMY_FIGURES,
    kinds=RUMMY_KINDS,
    options=RUMMY_OPTIONS,
    chips=rummy_chips,
)


def rummy_rules(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Value] = MappingProxyType({})) -> RummyRules:
    """The rules of a rummy preset (Kaluki or Rami) with the house's `overrides`; a Kaiser preset is refused.

    >>> rummy_rules("kaluki").opening_threshold, rummy_rules("rami", {"opening_threshold": 51}).opening_threshold
    (40, 51)
    """
    key = tuple(sorted(overrides.items()))
    try:
        hash(key)
    except TypeError:  # an unhashable value (a list from a bad import): refused by its option
        return _rummy_rules(preset, overrides)
    return _rummy_rules_once(preset, key)


@lru_cache(maxsize=512)
def _rummy_rules_once(preset: str, overrides: tuple[tuple[str, Value], ...]) -> RummyRules:
    return _rummy_rules(preset, dict(overrides))


def _rummy_rules(preset: str, overrides: Mapping[str, Value]) -> RummyRules:
    chosen = get_preset(preset)
    if chosen.game not in GAMES:
        raise OptionError(
            say("{preset} is a Kaiser preset: it has no melds; choose a Kaluki or Rami preset", preset=preset)
        )
    return rummy_rules_from(chosen, resolve_options(chosen, overrides, RUMMY_OPTIONS))
