"""Every game family in one place: what the records, the table and the command line ask of a family.

A family registers here once (`FAMILIES`): its name, the presets' games it plays, whether its rounds draw from
a stock, how its rules are built from a preset's values, how a game record's seats are read and written
back, how its game starts, how an entry is read as one of its events, who dealt as its events say, its chips,
and its standings as `referee replay` prints them (their JSON is the game's own `as_json`), and what a game's
results say of each player over a season (`tally`). Nothing else asks
which family a game is: it asks its family, `family_of(rules)` or `FAMILIES[Family.X]`. A new family is a
module of its own and one entry here (and its game, events and results in `AnyGame`, `AnyEvent` and `AnyResult`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeGuard

from referee.rules.game import Chips, EventT, Replayed, ResultT, Sides, StateT
from referee.rules.kaiser import KaiserGame, KaiserResult
from referee.rules.kaiser_events import KaiserEvent
from referee.rules.kaiser_family import (
    KAISER_FIGURES,
    deal_dealer,
    kaiser_rules_from,
    kaiser_standings_text,
    kaiser_tally,
    read_kaiser_event,
    read_teams,
    start_kaiser,
    teams_json,
)
from referee.rules.options import Value
from referee.rules.presets import DEFAULT_PRESET, Preset, add_presets, get_preset, resolve_options
from referee.rules.rummy import RummyGame, RummyResult
from referee.rules.rummy_events import RummyEvent
from referee.rules.rummy_family import (
    RUMMY_FIGURES,
    no_dealer,
    only_rummy,
    players_json,
    read_players,
    read_rummy_event,
    rummy_chips,
    rummy_rules_from,
    rummy_standings_text,
    rummy_tally,
    start_rummy,
)
from referee.rules.table import Family, Rules, RummyRules
from referee.rules.tallies import Figure, Figures, Tally

if TYPE_CHECKING:  # the game record asks its family, which never asks it back
    from referee.rules.game import Game
    from referee.rules.game_record import GameRecord

AnyGame = RummyGame | KaiserGame  # a game of any family, as a record starts and replays it
AnyEvent = RummyEvent | KaiserEvent  # an event of any family's game
AnyResult = RummyResult | KaiserResult  # what an event of any family's game did
AnyReplayed = Replayed[AnyGame, AnyEvent, AnyResult]  # a replay of any family's game, as a record replays it
Seats = tuple[tuple[str, ...], Sides | None]  # a record's players in seat order, and their sides if it has some

if TYPE_CHECKING:  # mypy checks that each family's game is a `Game` of its own events and results

    def _games_of_their_events(
        rummy: RummyGame, kaiser: KaiserGame
    ) -> tuple[Game[RummyEvent, RummyResult], Game[KaiserEvent, KaiserResult]]:
        return rummy, kaiser


@dataclass(frozen=True)
class TallyOf(Generic[StateT, EventT, ResultT]):
    """One family's tally, for a replay of any family's game: checked once, here, to be a game of the family's (`game`),
    and the tally, typed against the family's replay (`RummyReplay`, `KaiserReplay`), reads its results as typed."""

    game: type[StateT]
    tally: Callable[[Replayed[StateT, EventT, ResultT]], Tally]

    def plays(self, replayed: AnyReplayed) -> TypeGuard[Replayed[StateT, EventT, ResultT]]:
        """Whether `replayed` is a game of this family: its start is the family's game (and so is every step's game,
        each an `apply` of the one before), its events and results the family's."""
        return isinstance(replayed.start, self.game)

    def __call__(self, replayed: AnyReplayed) -> Tally:
        """What the family's game `replayed` says of each player; TypeError for another family's game."""
        if not self.plays(replayed):
            raise TypeError(f"not a game of {self.game.__name__}: {type(replayed.start).__name__}")
        return self.tally(replayed)


@dataclass(frozen=True)
class GameFamily:
    """One game family as the engine asks it: an entry of the registry (`FAMILIES`)."""

    name: str  # a `Family`'s value for the app's own families
    games: tuple[str, ...]  # the presets' `game` it plays
    evening_rules: bool  # whether its rules can be an evening's own (a new game's default): Kaluki or Rami's
    rules: Callable[[Preset, Mapping[str, Value]], Rules]  # its rules from a preset's values; OptionError
    read_seats: Callable[[Mapping[str, Any], Rules], Seats]  # a record's players or teams; RecordError
    seats_json: Callable[[GameRecord], dict[str, Any]]  # the record's seats as it writes them
    start: Callable[[GameRecord], AnyGame]  # the game before its first event
    read_event: Callable[[object, int, GameRecord], AnyEvent]  # an entry at a position; UnreadableEvent
    dealer_of: Callable[[AnyEvent], str | None]  # who dealt, when its events say so
    standings_text: Callable[[AnyGame], str]  # `referee replay` without --json
    tally: Callable[[AnyReplayed], Tally]  # what a game's results say of each player over a season (`TallyOf`)
    figures: Figures  # the numbers the season and a player's history show of its tallies' counts
    chips: Callable[[AnyGame], Chips] | None = None  # None: played for points, not chips
    presets: tuple[Preset, ...] = ()  # the presets it brings besides those of `presets.py` (`register` adds them)


RUMMY = GameFamily(
    name=Family.RUMMY,
    games=("kaluki", "rami"),
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
    chips=rummy_chips,
)
KAISER = GameFamily(
    name=Family.KAISER,
    games=("kaiser",),
    evening_rules=False,
    rules=kaiser_rules_from,
    read_seats=read_teams,
    seats_json=teams_json,
    start=start_kaiser,
    read_event=read_kaiser_event,
    dealer_of=deal_dealer,
    standings_text=kaiser_standings_text,
    tally=TallyOf(KaiserGame, kaiser_tally),
    figures=KAISER_FIGURES,
)
_REGISTERED: dict[str, GameFamily] = {}
FAMILIES: Mapping[str, GameFamily] = MappingProxyType(_REGISTERED)  # every family, by name, in registration order


def register(family: GameFamily) -> GameFamily:
    """Add `family` to the registry, and its own presets to the presets; ValueError for a name, a game, a count or a
    preset another family has, and then nothing is added. Records, `referee replay` and the season play it from then
    on."""
    if family.name in _REGISTERED:
        raise ValueError(f"a family is already called {family.name}")
    shared = sorted(set(family.games) & {game for other in _REGISTERED.values() for game in other.games})
    if shared:
        raise ValueError(f"{family.name}: another family plays {', '.join(shared)}")
    counts = sorted(
        set(family.figures.counted) & {name for other in _REGISTERED.values() for name in other.figures.counted}
    )
    if counts:  # a season adds each count up over every game: two families' counts of one name would mix
        raise ValueError(f"{family.name}: another family counts {', '.join(counts)}")
    strays = [preset.name for preset in family.presets if preset.game not in family.games]
    if strays:
        raise ValueError(f"{family.name}: presets of a game it does not play: {', '.join(strays)}")
    add_presets(family.presets)
    _REGISTERED[family.name] = family
    return family


register(RUMMY)
register(KAISER)


def figures_shown(where: str) -> tuple[tuple[GameFamily, Figure], ...]:
    """Every family's figures shown `where` ("season" or "history"), in the registry's order, each with its family."""
    return tuple((family, figure) for family in FAMILIES.values() for figure in family.figures.figures
                 if getattr(figure, where))  # fmt: skip


def counted() -> tuple[str, ...]:
    """Every count a family's figures add up, each once, in the registry's order."""
    return tuple(dict.fromkeys(name for family in FAMILIES.values() for name in family.figures.counted))


def family_of(rules: Rules) -> GameFamily:
    """The family of a game played under `rules`.

    >>> from referee.rules.families import rules_for
    >>> str(family_of(rules_for("rami")).name), family_of(rules_for("kaiser")).chips is None
    ('rummy', True)
    """
    return FAMILIES[rules.family]


def family_playing(preset: str) -> GameFamily:
    """The family of the preset called `preset` (OptionError for an unknown preset)."""
    return _playing(get_preset(preset))


def _playing(preset: Preset) -> GameFamily:
    return next(family for family in FAMILIES.values() if preset.game in family.games)


def rules_for(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Value] = MappingProxyType({})) -> Rules:
    """The rules of `preset` with the house's `overrides` (names and values checked), as its family builds them.

    Rules are frozen values: the same preset and overrides give the same rules, built once (a game's page asks for
    them several times a request). Overrides that cannot be a key (a list where a number goes, from a bad import)
    are built each time, and refused as ever.
    """
    key = tuple(sorted(overrides.items()))
    try:
        hash(key)
    except TypeError:  # an unhashable value (a list from a bad import): not kept, and refused by its option
        return _rules(preset, overrides)
    return _rules_once(preset, key)


@lru_cache(maxsize=1024)
def _rules_once(preset: str, overrides: tuple[tuple[str, Value], ...]) -> Rules:
    return _rules(preset, dict(overrides))


def _rules(preset: str, overrides: Mapping[str, Value]) -> Rules:
    chosen = get_preset(preset)
    return _playing(chosen).rules(chosen, resolve_options(chosen, overrides))


def rummy_rules(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Value] = MappingProxyType({})) -> RummyRules:
    """The rules of a rummy preset (Kaluki or Rami); a Kaiser preset is refused."""
    return only_rummy(rules_for(preset, overrides), preset)
