"""Any other game of the night, as docs/rules.md §11 reads it: a score per seat each round, the highest or the lowest
total wins, a target ends the game (else the scorer does), and chips per place or per point of difference. Each
worked example of §11 is read from the page and played through the engine."""

from __future__ import annotations

import re
from pathlib import Path
from types import MappingProxyType

import pytest

from referee.rules.families import rules_for
from referee.rules.game_record import read_game
from referee.rules.other_examples import examples, read_under
from referee.rules.other_game import End, OtherGame, OtherRules, Scores, chips_won, places

RULES_MD = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def worked_rows() -> list[tuple[str, str, str]]:
    """The rows of §11's worked examples: the final totals, the options, the verdict."""
    section = RULES_MD.read_text(encoding="utf-8").split("\n## 11. ")[1].split("### Worked examples")[1]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ") and "`" in line]
    return [(totals.strip(), options.strip(), verdict.strip()) for totals, options, verdict in rows]


def options_of(text: str) -> dict[str, str]:
    """`wins = lowest`, `target = 100` as a mapping."""
    return dict(re.findall(r"`(\w+) = (\w+)`", text))


def rules(**options: str) -> OtherRules:
    """The `other` preset's rules with `options`, read as a house rule is typed."""
    found = rules_for("other", options)
    assert isinstance(found, OtherRules)
    return found


def over(game_rules: OtherRules, totals: dict[str, int]) -> OtherGame:
    """A game ended with `totals`."""
    return OtherGame(game_rules, tuple(totals), MappingProxyType(totals), 1, True)


@pytest.mark.parametrize(("totals", "options", "verdict"), worked_rows())
def test_each_worked_example_of_section_11(totals: str, options: str, verdict: str) -> None:
    final = {name: int(total) for name, total in (part.split() for part in totals.split(", "))}
    game = over(rules(**options_of(options)), final)
    won = chips_won(game)
    assert verdict == f"{game.winner} wins; chips: " + ", ".join(
        f"{name} {'+' if won[name] > 0 else ''}{str(won[name]).replace('-', '−')}" for name in final
    )


def test_the_rules_page_shows_section_11s_examples_in_its_order() -> None:
    rows = worked_rows()
    shown = examples()
    assert len(shown) == len(rows) == 3
    for (example, changes), (totals, options, verdict) in zip(shown, rows, strict=True):
        assert example.question_said() == totals
        assert str(example.verdict(read_under(rules(), changes))) == verdict
        assert {name: str(value).lower() for name, value in changes.items()} == options_of(options)


def test_a_round_adds_each_seats_score_and_a_negative_one_takes_off() -> None:
    game = OtherGame(rules(), ("Ana", "Ben"))
    game, _ = game.apply(Scores({"Ana": 12, "Ben": -5}), 0)
    game, result = game.apply(Scores({"Ana": 3, "Ben": 7}), 1)
    assert (game.total("Ana"), game.total("Ben"), game.rounds) == (15, 2, 2)
    assert result.winner is None and not game.over


@pytest.mark.parametrize(
    ("scores", "refusal"),
    [
        ({"Ana": 1}, "a round gives every player's score, and only theirs"),
        ({"Ana": 1, "Ben": 2, "Cy": 3}, "a round gives every player's score, and only theirs"),
        ({"Ana": 100_001, "Ben": 0}, "Ana's score is past 100000"),
        ({"Ana": 0, "Ben": -100_001}, "Ben's score is past 100000"),
    ],
)
def test_a_round_missing_a_seat_naming_a_stranger_or_too_large_is_refused(scores: dict[str, int], refusal: str) -> None:
    game = OtherGame(rules(), ("Ana", "Ben"))
    error = game.verify(Scores(scores), 0)
    assert error is not None and refusal in str(error)


def test_reaching_the_target_ends_the_game_and_the_lowest_total_wins() -> None:
    game = OtherGame(rules(wins="lowest", target="100"), ("Ana", "Ben", "Cy"))
    game, result = game.apply(Scores({"Ana": 40, "Ben": 99, "Cy": 70}), 0)
    assert not game.over and result.winner is None
    game, result = game.apply(Scores({"Ana": 0, "Ben": 1, "Cy": 0}), 1)  # Ben reaches 100: reaching is enough
    assert game.over and result.winner == "Ana" and game.dealer() is None and game.still_in() == ()
    error = game.verify(Scores({"Ana": 0, "Ben": 0, "Cy": 0}), 2)
    assert error is not None and "the game is over" in str(error)


def test_without_a_target_the_scorer_ends_the_game_once_a_round_is_played() -> None:
    game = OtherGame(rules(), ("Ana", "Ben"))
    refused = game.verify(End(), 0)
    assert refused is not None and "once a round is played" in str(refused)
    game, _ = game.apply(Scores({"Ana": 3, "Ben": 9}), 0)
    game, ended = game.apply(End(), 1)
    assert game.over and ended.winner == "Ben"


def test_the_deal_passes_to_the_left_from_the_first_dealer() -> None:
    game = OtherGame(rules(), ("Ana", "Ben", "Cy"), first_dealer=2)
    dealers = []
    for position in range(4):
        dealers.append(game.dealer())
        game, _ = game.apply(Scores({"Ana": 0, "Ben": 0, "Cy": 0}), position)
    assert dealers == ["Cy", "Ana", "Ben", "Cy"]


def test_equal_totals_share_their_places_and_the_first_seated_is_named() -> None:
    game = over(rules(wins="lowest", chips="per_place", chips_rate="3"), {"Ana": 20, "Ben": 10, "Cy": 10, "Dan": 5})
    assert places(game) == {"Dan": 1.0, "Ben": 2.5, "Cy": 2.5, "Ana": 4.0}
    assert dict(chips_won(game)) == {"Ana": -9, "Ben": 0, "Cy": 0, "Dan": 9}
    tied = over(rules(), {"Ana": 7, "Ben": 7})
    assert tied.winner == "Ana"


@pytest.mark.parametrize("chips", ["per_place", "per_point", "none"])
@pytest.mark.parametrize("wins", ["highest", "lowest"])
def test_the_chips_always_sum_to_zero(chips: str, wins: str) -> None:
    game = over(rules(wins=wins, chips=chips, chips_rate="5"), {"Ana": 31, "Ben": -4, "Cy": 31, "Dan": 12, "Eve": 0})
    won = chips_won(game)
    assert sum(won.values()) == 0
    if chips == "none":
        assert set(won.values()) == {0}
    else:
        assert (won["Ana"] > won["Ben"]) == (wins == "highest")


def test_per_point_the_lowest_total_wins_the_difference() -> None:
    game = over(rules(wins="lowest", chips="per_point", chips_rate="2"), {"Ana": 30, "Ben": 10})
    assert dict(chips_won(game)) == {"Ana": -40, "Ben": 40}


def test_a_record_of_an_other_game_replays_to_its_standings() -> None:
    record = read_game(
        {
            "preset": "other",
            "options": {"game_name": "Belote", "wins": "lowest", "target": 100, "chips": "per_place", "chips_rate": 2},
            "players": ["Ana", "Ben", "Cy"],
            "events": [
                {"type": "round", "scores": {"Ana": 40, "Ben": 99, "Cy": 70}},
                {"type": "round", "scores": {"Ana": 0, "Ben": 2, "Cy": 0}},
            ],
        }
    )
    state = record.replay().state
    assert state.as_json() == {
        "preset": "other",
        "name": "Belote",
        "rounds": 2,
        "players": [{"name": "Ana", "score": 40}, {"name": "Ben", "score": 101}, {"name": "Cy", "score": 70}],
        "over": True,
        "winner": "Ana",
        "chips": {"Ana": 4, "Ben": -4, "Cy": 0},
    }
