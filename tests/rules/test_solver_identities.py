"""The best hand with identities (docs/rules.md §2, Identities; §2, The best hand): `best` lays them too.

001: "Une identité est une combinaison qui se compose de trois copies ou plus de la même carte. Lorsque cette
combinaison est permise, on joue toujours avec 4 jeux de 52 cartes, quelque soit le nombre de joueurs."
"""

from __future__ import annotations

import pytest

from referee.rules.cards import parse_cards
from referee.rules.melds import check_meld
from referee.rules.rummy_family import rummy_rules
from referee.rules.solver import best_arrangement

IDENTITIES = {"identities": True}


def laid(hand: str, preset: str, options: dict[str, object]) -> tuple[list[str], int, bool]:
    """The melds `best` lays (canonical cards), their value, and whether the hand opens."""
    best = best_arrangement(parse_cards(hand), rummy_rules(preset, options))
    return [" ".join(str(card) for card in meld) for meld in best.melds], best.laid_value, best.opens


@pytest.mark.parametrize(
    ("hand", "preset", "options", "melds", "value", "opens"),
    [
        pytest.param(
            "7H 7H 7H 2C", "rami", IDENTITIES, ["7H 7H 7H"], 15, False,
            id="001 'trois copies ou plus de la même carte': three 7♥ are laid, 5 each in rami",
        ),
        pytest.param(
            "7H 7H 7H 2C", "rami", {}, [], 0, False, id="identities off (every preset): three 7♥ lay nothing in rami"
        ),
        pytest.param(
            "7H 7H 7H 7H", "rami", IDENTITIES, ["7H 7H 7H 7H"], 20, False,
            id="001 'ou plus': four copies, one identity (4 packs in play)",
        ),
        pytest.param(
            "AS AS AS KD KD KD QC", "rami", IDENTITIES, ["AS AS AS", "KD KD KD"], 75, True,
            id="two identities open rami's 51 (ace 15 as in a group)",
        ),
        pytest.param(
            "7H 7H JK 2C", "rami", IDENTITIES, [], 0, False,
            id="§2 ruling: an identity holds no joker, and rami's group may not repeat a suit",
        ),
        pytest.param(
            "7H 7H 7H 7H 7H 2C", "kaluki", {**IDENTITIES, "packs": 5}, ["7H 7H 7H 7H 7H"], 35, False,
            id="§2 ruling: no limit but the packs, not group_max (5 copies with 5 packs)",
        ),
        pytest.param(
            "5H 6H 7H 7H 7H 7H", "rami", IDENTITIES, ["5H 6H 7H", "7H 7H 7H"], 30, False,
            id="a run and an identity share the 7♥ copies: every card laid",
        ),
    ],
)  # fmt: skip
def test_best_lays_identities(
    hand: str, preset: str, options: dict[str, object], melds: list[str], value: int, opens: bool
) -> None:
    assert laid(hand, preset, options) == (melds, value, opens)


def test_every_identity_best_lays_is_one_check_accepts() -> None:
    rules = rummy_rules("rami", IDENTITIES)
    best = best_arrangement(parse_cards("9D 9D 9D 9D 3S 3S 3S QC QC QC"), rules)
    checks = [check_meld(meld, rules) for meld in best.melds]
    assert [(check.valid, check.kind) for check in checks] == [(True, "identity")] * 3
    assert sum(check.value for check in checks) == best.laid_value == 20 + 15 + 30


def test_identities_count_towards_the_opening_in_one_turn() -> None:
    # docs/rules.md §2, Identities: "it counts towards the opening". Four A♠ alone are 60, past rami's 51.
    rules = rummy_rules("rami", IDENTITIES)
    best = best_arrangement(parse_cards("AS AS AS AS 2C"), rules)
    assert (best.laid_value, best.opens, best.opening is not None) == (60, True, True)
