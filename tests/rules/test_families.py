"""The family registry (referee/rules/families.py): every preset has one family, and a record asks its family; what
each family reads from a record: its rules' refusals, its players, its first dealer and its events."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from referee.rules.answers import Stocked
from referee.rules.events import EventError, UnreadableEvent
from referee.rules.families import FAMILIES, family_of, family_playing, register, rules_for
from referee.rules.game_record import read_game
from referee.rules.kaiser_family import start_kaiser, teams_json
from referee.rules.options import OptionError
from referee.rules.presets import PRESETS
from referee.rules.record_data import RecordError
from referee.rules.rummy_events import Round
from referee.rules.rummy_family import (
    no_dealer,
    only_rummy,
    players_json,
    read_players,
    read_rummy_event,
    rummy_chips,
    start_rummy,
)
from referee.rules.tallies import Figures

RUMMY_RECORD = {"preset": "rami", "players": ["Ana", "Ben"], "first_dealer": "Ben", "events": [{"type": "void"}]}
KAISER_RECORD = {
    "preset": "kaiser",
    "teams": {"NS": ["Ana", "Céline"], "EW": ["Ben", "Driss"]},
    "events": [{"type": "passed", "dealer": "Driss"}],
}


def test_every_family_is_registered_under_its_name() -> None:
    assert set(FAMILIES) >= {"rummy", "kaiser"}
    assert all(family.name is name for name, family in FAMILIES.items())


@pytest.mark.parametrize("preset", PRESETS)
def test_every_preset_plays_one_family_and_its_rules_say_the_same(preset: str) -> None:
    playing = [family for family in FAMILIES.values() if PRESETS[preset].game in family.games]
    assert len(playing) == 1
    assert family_playing(preset) is playing[0] is family_of(rules_for(preset))


def test_rounds_have_a_stock_in_rummy_and_not_in_kaiser() -> None:
    rummy, kaiser = (family_of(record.rules).start(record) for record in map(read_game, (RUMMY_RECORD, KAISER_RECORD)))
    assert isinstance(rummy, Stocked) and not isinstance(kaiser, Stocked)


@pytest.mark.parametrize("data", [RUMMY_RECORD, KAISER_RECORD], ids=["rummy", "kaiser"])
def test_a_record_read_and_written_back_reads_the_same(data: dict[str, object]) -> None:
    record = read_game(data)
    assert read_game(record.as_json()) == record
    assert record.standings() == family_of(record.rules).start(record).apply(record.events[0], 1)[0]


def test_who_dealt_first_is_the_records_first_dealer_else_the_first_the_events_name_else_the_first_seat() -> None:
    assert read_game(RUMMY_RECORD).dealt_first() == "Ben"
    assert read_game({**RUMMY_RECORD, "first_dealer": None}).dealt_first() == "Ana"
    assert read_game(KAISER_RECORD).dealt_first() == "Driss"


def test_the_standings_text_is_the_familys() -> None:
    rummy, kaiser = read_game(RUMMY_RECORD).standings(), read_game(KAISER_RECORD).standings()
    assert family_of(rummy.rules).standings_text(rummy).startswith("rami, after 1 round:")
    assert family_of(kaiser.rules).standings_text(kaiser).splitlines() == [
        "kaiser, after 0 hands:",
        "  NS     Ana & Céline                0",
        "  EW     Ben & Driss                 0",
        "Ana deals next",
    ]


def test_only_a_family_played_for_chips_counts_them() -> None:
    rummy = read_game(RUMMY_RECORD).standings()
    chips = family_of(rummy.rules).chips
    assert chips is not None and FAMILIES["kaiser"].chips is None
    assert chips(rummy).net == {"Ana": 0, "Ben": 0}


@pytest.mark.parametrize(
    ("data", "entry", "words"),
    [
        (RUMMY_RECORD, {"type": "hand"}, "event 2: unknown event type 'hand'"),
        (KAISER_RECORD, {"type": "round"}, "event 2: a Kaiser game records hand and passed events, not 'round'"),
    ],
    ids=["rummy", "kaiser"],
)
def test_an_entry_that_is_no_event_of_the_family_is_unreadable_not_illegal(
    data: dict[str, object], entry: dict[str, object], words: str
) -> None:
    with pytest.raises(UnreadableEvent, match=words) as caught:
        read_game(data).parse_event(entry, 2)
    assert not isinstance(caught.value, EventError)


# --- the rummy family: its rules' refusals, its players, its start and its events -------------------------------------


def game(preset: str = "kaluki", players: list[str] | None = None, events: Any = (), **extra: Any) -> dict[str, Any]:
    return {
        "format": "referee.game/1",
        "preset": preset,
        "players": players or ["Ana", "Ben", "Eve"],
        "events": list(events),
    } | extra


@pytest.mark.parametrize(
    ("preset", "options", "reason"),
    [
        pytest.param("kaluki", {"run_min": 5, "run_max": 4}, "run_max (4) is below run_min (5)", id="runs"),
        pytest.param(
            "kaluki", {"min_players": 4, "max_players": 3}, "max_players (3) is below min_players (4)", id="players"
        ),
        pytest.param(
            "kaluki", {"scoring": "points"}, "scoring=points is Rami's points mode: use the rami preset", id="points"
        ),
    ],
)
def test_options_that_contradict_each_other_are_refused(preset: str, options: dict[str, Any], reason: str) -> None:
    with pytest.raises(OptionError) as refused:
        rules_for(preset, options)
    assert str(refused.value) == reason


@pytest.mark.parametrize(
    ("preset", "options"),
    [
        pytest.param("kaluki", {"run_min": 5, "run_max": 5}, id="one run length"),
        pytest.param("kaluki", {"min_players": 3, "max_players": 3}, id="one table size"),
        pytest.param("rami", {"scoring": "points"}, id="rami points"),
    ],
)
def test_options_at_their_bounds_are_taken(preset: str, options: dict[str, Any]) -> None:
    rules = rules_for(preset, options)
    assert {name: getattr(rules, name) for name in options} == options


def test_a_kaiser_preset_has_no_melds() -> None:
    with pytest.raises(OptionError) as refused:
        only_rummy(rules_for("kaiser"), "my-kaiser")
    assert str(refused.value) == "my-kaiser is a Kaiser preset: it has no melds; choose a Kaluki or Rami preset"


@pytest.mark.parametrize(
    ("players", "reason"),
    [
        pytest.param(None, '"players" is a list of the players\' names', id="none"),
        pytest.param("Ana Ben", '"players" is a list of the players\' names', id="text"),
        pytest.param(["Ana", " "], '"players" is a list of the players\' names', id="blank"),
        pytest.param(["Ana", 3], '"players" is a list of the players\' names', id="number"),
        pytest.param(["Ana", "Ben", "Eve", "Ben"], "Ben is listed twice among the players", id="twice"),
        pytest.param(["Ana"], "kaluki is played by 2 to 5 players, not 1", id="too few"),
        pytest.param(["A", "B", "C", "D", "E", "F"], "kaluki is played by 2 to 5 players, not 6", id="too many"),
    ],
)
def test_a_records_players_are_refused_with_why(players: Any, reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        read_players({"players": players}, rules_for("kaluki"))
    assert str(refused.value) == reason


@pytest.mark.parametrize("count", [2, 5])
def test_as_many_players_as_the_preset_seats_are_read(count: int) -> None:
    names = ["Ana", "Ben", "Eve", "Luc", "Zoe"][:count]
    assert read_players({"players": names}, rules_for("kaluki")) == (tuple(names), None)


def test_the_players_are_written_back_in_seat_order() -> None:
    assert players_json(read_game(game(players=["Eve", "Ana", "Ben"]))) == {"players": ["Eve", "Ana", "Ben"]}


def test_the_first_dealer_named_deals_the_first_round() -> None:
    assert start_rummy(read_game(game(first_dealer="Eve"))).dealer() == "Eve"
    assert start_rummy(read_game(game(first_dealer="Ben"))).dealer() == "Ben"
    assert start_rummy(read_game(game())).dealer() == "Ana"


def test_an_unreadable_entry_keeps_its_position_and_reason() -> None:
    with pytest.raises(UnreadableEvent) as refused:
        read_rummy_event({"type": "deal"}, 4, read_game(game()))
    assert refused.value.position == 4
    assert str(refused.value.reason).startswith("unknown event type 'deal'")


def test_a_rami_rounds_laid_points_are_counted_from_its_laid_cards() -> None:
    record = read_game(game("rami"))
    data = {"type": "round", "winner": "Ana", "hands": {"Ben": 10, "Eve": 5}, "laid_cards": {"Ana": ["9C 9D 9H"]}}
    event = read_rummy_event(data, 1, record)
    assert isinstance(event, Round) and dict(event.laid or {}) == {"Ana": 15}
    plain = read_rummy_event({"type": "round", "winner": "Ana", "hands": {"Ben": 10, "Eve": 5}}, 1, record)
    assert isinstance(plain, Round) and plain.laid is None


def test_a_rummy_event_names_no_dealer() -> None:
    assert no_dealer(Round.finished("Ana", {"Ben": 5})) is None


def test_the_chips_and_the_pot_of_a_game_under_way() -> None:
    played = read_game(game(events=[{"type": "round", "winner": "Ana", "hands": {"Ben": 40, "Eve": 12}}]))
    chips = rummy_chips(played.standings())
    assert dict(chips.net) == {"Ana": -1, "Ben": -4, "Eve": -4} and chips.pot == 9


# --- the Kaiser family: its rules, and a rummy record it refuses ------------------------------------------------------


def test_kaiser_is_always_played_to_a_target() -> None:
    """`target=none` is refused at a Kaiser table, saying why."""
    with pytest.raises(OptionError) as refused:
        rules_for("kaiser", {"target": None})
    assert str(refused.value) == "target cannot be none in Kaiser: a game is played to a score"


def test_kaiser_rules_name_their_preset_and_game() -> None:
    """The rules of a Kaiser preset name the preset and the game they are for."""
    pagat = rules_for("kaiser-pagat")
    assert (pagat.preset, pagat.game) == ("kaiser-pagat", "kaiser")


def test_a_rummy_record_is_no_kaiser_game() -> None:
    """Asking Kaiser to start a Kaluki record is a programming error that names the record's preset."""
    record = read_game({"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": []})
    with pytest.raises(TypeError, match=r"^not a Kaiser record: kaluki$"):
        start_kaiser(record)


def test_a_rummy_record_has_no_teams() -> None:
    """Asking a Kaluki record for its Kaiser teams is a programming error that shows the record."""
    record = read_game({"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": []})
    with pytest.raises(TypeError, match=r"^a Kaiser record without teams: GameRecord\("):
        teams_json(record)


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        ({"name": "rummy"}, "a family is already called rummy"),
        ({"games": ("gin", "kaiser")}, "'gin' cannot be registered: another family plays kaiser"),
        ({"presets": (PRESETS["kaluki"],)}, "'gin' cannot be registered: a preset of a game it does not play: kaluki"),
    ],
)
def test_a_family_that_takes_another_s_name_game_or_preset_is_refused(change: dict[str, Any], refused: str) -> None:
    gin = replace(FAMILIES["kaiser"], **{"name": "gin", "games": ("gin",), "figures": Figures("gin", ())} | change)
    with pytest.raises(ValueError, match=refused):
        register(gin)
    assert "gin" not in FAMILIES and "gin" not in PRESETS


def test_a_family_that_counts_what_another_counts_is_refused() -> None:
    gin = replace(FAMILIES["kaiser"], name="gin", games=("gin",))  # Kaiser's own counts: hands_played, points
    counts = "another family counts hands_played; another family counts points"
    with pytest.raises(ValueError, match=f"'gin' cannot be registered: {counts}"):
        register(gin)
