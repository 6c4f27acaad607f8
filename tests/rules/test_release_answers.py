"""`referee release` answers in full (docs/rules.md §2, Joker release): whether the joker comes free, what it stood
for, which cards go in, what the player must do next, the rule behind it, and the reason in a player's words."""

from __future__ import annotations

import pytest

from referee.rules.cards import parse_cards
from referee.rules.release import release_joker
from referee.rules.rummy_family import rummy_rules

AGAIN = "meld the joker again this turn: it cannot go into the hand"
AGAIN_OR_300 = AGAIN + "; a joker not melded this turn costs 300 points"  # 001: "une pénalité de 300 points"


@pytest.mark.parametrize(
    ("preset", "meld", "hand", "joker", "uses", "must", "rule", "reason"),
    [
        # Runs. 002: "the participants to hold the card the Joker represents in their hand may apply it".
        pytest.param(
            "kaluki", "5H JK 7H", "6H", "6H", ["6H"], AGAIN, None, "the joker stands for 6♥: your 6♥ takes its place",
            id="run: the card the joker stands for takes it",
        ),
        pytest.param(
            "rami", "5H JK 7H", "6H", "6H", ["6H"], AGAIN_OR_300, None,
            "the joker stands for 6♥: your 6♥ takes its place", id="run in rami: melded again or 300 (001)",
        ),
        # Groups under any_missing (kaluki). 000: "lorsque la bonne carte arrive, le joueur peut alors remplacer
        # le Joker avec celle-ci."
        pytest.param(
            "kaluki", "9H 9S JK", "9D", "9D", ["9D"], AGAIN, "set_joker_release",
            "the joker could be 9♦ or 9♣: your 9♦ takes its place", id="any_missing: a three-card group",
        ),
        pytest.param(
            "kaluki", "9H 9S JK", "9D 9C", "9D", ["9D"], AGAIN, "set_joker_release",
            "the joker could be 9♦ or 9♣: your 9♦ takes its place", id="any_missing: one joker, one card goes in",
        ),
        pytest.param(
            "kaluki", "9H 9S 9D JK", "9C", "9C", ["9C"], AGAIN, "set_joker_release",
            "the joker can only be 9♣: your 9♣ takes its place", id="any_missing: a four-card group",
        ),
        pytest.param(
            "kaluki", "9H JK JK", "9D 9C", None, ["9D", "9C"], AGAIN, "set_joker_release",
            "your 9♦ and 9♣ take the places of the jokers, which could each be 9♠, 9♦ or 9♣",
            id="any_missing: two jokers, two cards of missing suits free both",
        ),
        pytest.param(
            "kaluki", "9H JK JK", "9D", "9D", ["9D"], AGAIN, "set_joker_release",
            "the joker could be 9♠, 9♦ or 9♣: your 9♦ takes its place", id="any_missing: two jokers, one card",
        ),
        # both_missing (kaluki-hunt). 002: "the Joker may be released for same ranking cards of both missing only".
        pytest.param(
            "kaluki-hunt", "9H 9S JK", "9D 9C", None, ["9D", "9C"], AGAIN, "set_joker_release",
            "you add both missing suits (9♦ and 9♣): the joker comes free", id="both_missing: both suits",
        ),
        pytest.param(
            "kaluki-hunt", "JK 9H JK", "9D", "9D", ["9D"], AGAIN, "set_joker_release",
            "your 9♦ takes one of the two jokers; the other stays for good",
            id="both_missing, two jokers: 002 'releasing one of the Jokers and forming a closed 4 card set'",
        ),
        # unambiguous (rami). 001: "Un joker ne peut être récupéré que s'il n'y a aucune ambiguïté".
        pytest.param(
            "rami", "9H 9S JK", "9D 9C", "9C", ["9D", "9C"], AGAIN_OR_300, "set_joker_release",
            "your 9♦ completes the group, so the joker is 9♣, which your 9♣ takes",
            id="unambiguous: one suit completes the group, the other takes the joker",
        ),
        pytest.param(
            "rami", "9H 9S 9D JK", "9C", "9C", ["9C"], AGAIN_OR_300, "set_joker_release",
            "the joker can only be 9♣: your 9♣ takes its place", id="unambiguous: four cards, the joker is known",
        ),
    ],
)  # fmt: skip
def test_a_joker_released(
    preset: str, meld: str, hand: str, joker: str | None, uses: list[str], must: str, rule: str | None, reason: str
) -> None:
    answer = release_joker(parse_cards(meld), parse_cards(hand), rummy_rules(preset))
    assert (answer.released, answer.rule) == (True, rule)
    assert answer.as_json() == {"released": True, "joker": joker, "uses": uses, "reason": reason, "must": must}


@pytest.mark.parametrize(
    ("preset", "meld", "hand", "rule", "reason"),
    [
        pytest.param(
            "kaluki", "JK JK 8D JK JK", "6D 7D", None,
            "the joker could be 10♦ or 6♦: it is taken only when its card is known",
            id="a run that reads both ways: no card takes its joker",
        ),
        pytest.param(
            "kaluki", "5H JK 7H", "9C", None, "the joker stands for 6♥, and that card is not among yours",
            id="run: the player lacks the card",
        ),
        pytest.param(
            "kaluki", "5H JK 7H", "JK", None, "a joker is taken with a card from the hand, not with a joker",
            id="a joker does not take a joker",
        ),
        pytest.param("kaluki", "5H 6H 7H", "4H", None, "there is no joker in this meld", id="no joker"),
        pytest.param(
            "kaluki", "5H 6H 8H", "7H", None,
            "the meld on the table is not valid: the cards are not consecutive: 7♥ is missing and there is no joker "
            "to fill in",
            id="the meld on the table is not valid",
        ),
        pytest.param(
            "kaluki", "9H 9S JK", "9H", None, "the joker here is 9♦ or 9♣, and you hold none of them",
            id="group: no card of a missing suit",
        ),
        pytest.param(
            "kaluki-hunt", "9H 9S 9D JK", "9C", "set_joker_release",
            "this group is closed (four cards): its joker can never be taken",
            id="both_missing: 002 'a closed 4 card set is made, from which the Joker could never be released'",
        ),
        pytest.param(
            "kaluki-hunt", "9H 9S JK JK", "9D", "set_joker_release",
            "only both missing suits together (9♦ and 9♣) take this joker; adding one closes the group and the joker "
            "stays for good",
            id="both_missing: two naturals and two jokers, one suit added",
        ),
        pytest.param(
            "kaluki", "5C 5D 5H 5S JK", "5C", "group_max",
            "the meld on the table is not valid: a group holds at most 4 cards",
            id="the meld on the table is not valid: its rule is named",
        ),
        pytest.param(
            "rami", "9H 9S JK", "9D", "set_joker_release",
            "the joker could still be 9♦ or 9♣: add your 9♦ to the group, and then only 9♣ takes the joker",
            id="unambiguous: one missing suit of two",
        ),
    ],
)  # fmt: skip
def test_a_joker_kept(preset: str, meld: str, hand: str, rule: str | None, reason: str) -> None:
    answer = release_joker(parse_cards(meld), parse_cards(hand), rummy_rules(preset))
    assert (answer.released, answer.rule) == (False, rule)
    assert answer.as_json() == {"released": False, "joker": None, "uses": [], "reason": reason, "must": None}


def test_two_jokers_in_a_group_are_never_known_under_unambiguous() -> None:
    # 001: "aucune ambiguïté": with two jokers, neither joker's card is known (max_jokers_per_meld above 1).
    rules = rummy_rules("rami", {"max_jokers_per_meld": 2})
    answer = release_joker(parse_cards("9H 9S JK JK"), parse_cards("9D 9C"), rules)
    reason = "with two jokers in a group, neither joker's card is known"
    assert (answer.released, answer.rule) == (False, "set_joker_release")
    assert answer.as_json() == {"released": False, "joker": None, "uses": [], "reason": reason, "must": None}
