"""Which games an evening's players can sit down to: the games that seat them all, and, when the evening's own game
cannot, another game that can or the same game at two tables (the presets' `min_players` and `max_players`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel import gettext as _

from referee.rules.families import rules_for
from referee.rules.option_words import preset_said
from referee.rules.options import OptionError, Value
from referee.rules.presets import PRESETS
from referee.services.games import Evening
from referee.web.forms import evening_presets
from referee.web.games.families import starters


@dataclass(frozen=True)
class Seating:
    """What the evening's page says of its number of players, and the games it offers when its own cannot seat them."""

    said: str  # "8 players at one table: Rami. Kaiser takes four of them."
    short: str  # why the evening's game cannot seat everyone; "" when it can
    instead: str | None  # a preset that seats everyone and can be the evening's own, offered when the evening's cannot
    instead_said: str  # its name in words
    tables: tuple[tuple[str, ...], ...]  # the evening's game at two tables, when it seats each half
    game_said: str  # the evening's game in words


def _seats(preset: str, options: Mapping[str, Value] | None = None) -> tuple[int, int]:
    """The fewest and most players `preset` seats (with the evening's house rules)."""
    try:
        rules = rules_for(preset, options or {})
    except OptionError:
        rules = rules_for(preset)
    return rules.min_players, rules.max_players


def _games_for(count: int) -> list[str]:
    """The games (not presets) with a preset seating `count` players, in the presets' order, each named as its first
    preset is: "Kaluki", "Rami", "Other game"."""
    games: dict[str, str] = {}
    for name in PRESETS:
        fewest, most = _seats(name)
        if fewest <= count <= most:
            games.setdefault(PRESETS[name].game, str(preset_said(name)))
    return list(games.values())


def _two_tables(players: tuple[str, ...], fewest: int, most: int) -> tuple[tuple[str, ...], ...]:
    """The players at two tables as they sit (the first half, then the rest), when both halves fit; else ()."""
    half = (len(players) + 1) // 2
    tables = (players[:half], players[half:])
    return tables if all(fewest <= len(table) <= most for table in tables) else ()


def seating(evening: Evening) -> Seating:
    """What the evening's number of players allows, and what to play when its own game cannot seat everyone."""
    count = len(evening.players)
    games = _games_for(count)
    parts = []
    if games:
        parts.append(_("%(count)s players at one table: %(games)s.", count=count, games=" · ".join(games)))
    else:
        parts.append(_("%(count)s players: no game seats everyone at one table.", count=count))
    parts += [said for start in starters() if (said := start.some_of(count))]  # "Kaiser takes four of them."
    fewest, most = _seats(evening.preset, evening.options)
    game = preset_said(evening.preset)
    if fewest <= count <= most:
        return Seating(" ".join(parts), "", None, "", (), str(game))
    short = _(
        "%(game)s is played by %(fewest)s to %(most)s players, not %(count)s.",
        game=game,
        fewest=fewest,
        most=most,
        count=count,
    )
    instead = next((name for name in evening_presets() if _seats(name)[0] <= count <= _seats(name)[1]), None)
    tables = _two_tables(evening.players, fewest, most)
    return Seating(" ".join(parts), short, instead, str(preset_said(instead or "")), tables, str(game))
