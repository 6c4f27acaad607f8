"""A joker freed from a group in a rearrangement follows `set_joker_release` (docs/rules.md §2, Joker release).

Rearranging the table must not take a joker from a group that a release would leave there: the cards put into the
group must take it, as they would in `referee release`.
"""

from __future__ import annotations

import pytest

from referee.rules.cards import Card, parse_cards
from referee.rules.rearrange import rearrange_melds
from referee.rules.rummy_family import rummy_rules

# 000: "Mais lorsque la bonne carte arrive, le joueur peut alors remplacer le Joker avec celle-ci."
ANY = "any_missing"
# 002: "the Joker may be released for same ranking cards of both missing only. By adding only one card of one missing
# suit, a closed 4 card set is made, from which the Joker could never be released."
BOTH = "both_missing"
# 001: "Un joker ne peut être récupéré que s'il n'y a aucune ambiguïté sur la carte qu'il remplace."
CLEAR = "unambiguous"

OPEN_GROUP, CLOSED_GROUP = "9H 9S JK", "9H 9S 9D JK"


def rearranged(
    release: str, before: list[str], after: list[str], rearranging: str = "manipulation"
) -> tuple[bool, str]:
    """Whether the table may go from `before` to `after` in kaluki under that release rule, and the rule refused on."""
    rules = rummy_rules("kaluki", {"set_joker_release": release, "table_rearrange": rearranging})
    answer = rearrange_melds(melds(*before), melds(*after), rules)
    return answer.valid, answer.rule or ""


@pytest.mark.parametrize(
    ("release", "valid"),
    [
        pytest.param(ANY, True, id="000 any_missing: 'la bonne carte' 9♦ takes the joker"),
        pytest.param(BOTH, False, id="002 both_missing: 9♦ alone closes the group, the joker stays"),
        pytest.param(CLEAR, False, id="001 unambiguous: the joker could still be 9♦ or 9♣"),
    ],
)
def test_one_missing_suit_frees_the_joker_of_a_three_card_group_only_under_any_missing(
    release: str, valid: bool
) -> None:
    answer = rearranged(release, [OPEN_GROUP], ["9H 9S 9D", "JK 5C 6C"])
    assert answer == (valid, "" if valid else "set_joker_release")


@pytest.mark.parametrize("release", [ANY, BOTH, CLEAR])
def test_both_missing_suits_free_the_joker_under_every_reading(release: str) -> None:
    # 002: "released for same ranking cards of both missing"; 001: with 9♦ the joker is known, and 9♣ takes it.
    assert rearranged(release, [OPEN_GROUP], ["9H 9S 9D 9C", "JK 5C 6C"]) == (True, "")


@pytest.mark.parametrize(
    ("release", "valid"),
    [
        pytest.param(ANY, True, id="000 any_missing: 9♣, the one card the joker can be, takes it"),
        pytest.param(BOTH, False, id="002 both_missing: 'a closed 4 card set ... could never be released'"),
        pytest.param(CLEAR, True, id="001 unambiguous: four cards, no ambiguity: 9♣ takes it"),
    ],
)
def test_a_four_card_group_gives_up_its_joker_to_the_card_it_stands_for(release: str, valid: bool) -> None:
    # Under keep_three (kaluki) the group keeps 9♥ 9♠ 9♦ together, so only the release rule decides.
    answer = rearranged(release, [CLOSED_GROUP], ["9H 9S 9D 9C", "JK 5C 6C"], "keep_three")
    assert answer == (valid, "" if valid else "set_joker_release")


@pytest.mark.parametrize("release", [ANY, BOTH, CLEAR])
def test_a_joker_taken_with_no_card_in_its_place_is_refused(release: str) -> None:
    rules = rummy_rules("kaluki", {"set_joker_release": release})
    answer = rearrange_melds(melds(CLOSED_GROUP), melds("9H 9S 9D", "JK 5C 6C"), rules)
    assert (answer.valid, answer.rule) == (False, "set_joker_release")
    assert answer.reason is not None
    assert answer.reason.startswith("meld 1 on the table (9♥ 9♠ 9♦ JK) cannot give up its joker: ")
    assert answer.reason.endswith("no card it could stand for (9♣) takes its place")


def test_the_refusal_names_the_release_rule_in_plain_words() -> None:
    rules = rummy_rules("kaluki", {"set_joker_release": BOTH, "table_rearrange": "manipulation"})
    answer = rearrange_melds(melds(OPEN_GROUP), melds("9H 9S 9D", "JK 5C 6C"), rules)
    assert answer.reason == (
        "meld 1 on the table (9♥ 9♠ JK) cannot give up its joker: at this table a joker is taken from a group only "
        "by adding both missing suits, and only both missing suits together (9♦ and 9♣) take this joker; adding one "
        "closes the group and the joker stays for good"
    )
    assert (answer.penalty, answer.laid_points) == (0, 0)  # a move the rules forbid, not a table left invalid


@pytest.mark.parametrize(("release", "valid"), [(ANY, True), (BOTH, False), (CLEAR, False)])
def test_a_joker_moved_into_another_meld_on_the_table_is_freed_too(release: str, valid: bool) -> None:
    # 9♣ joins the group and the joker goes to the end of the clubs' run: with 9♣ alone put in, the joker could
    # still have been 9♦ (001) and 9♦ was not added (002).
    answer = rearranged(release, [OPEN_GROUP, "5C 6C 7C"], ["9H 9S 9C", "5C 6C 7C JK"])
    assert answer == (valid, "" if valid else "set_joker_release")


@pytest.mark.parametrize("release", [ANY, BOTH, CLEAR])
def test_a_joker_that_stays_in_its_group_is_no_release(release: str) -> None:
    assert rearranged(release, [OPEN_GROUP, "4C 5C 6C 7C 8C 9C"], ["9H 9S JK", "4C 5C 6C", "7C 8C 9C"]) == (True, "")
    assert rearranged(release, [OPEN_GROUP], ["9H 9S 9D JK"]) == (True, "")


@pytest.mark.parametrize(
    ("release", "one", "both"),
    [
        pytest.param(ANY, True, True, id="000 any_missing: 9♠ and 9♦ take one joker each"),
        pytest.param(BOTH, True, False, id="002 both_missing, two jokers: one joker taken, 'the other stays for good'"),
        pytest.param(CLEAR, False, False, id="001 unambiguous: with two jokers, neither joker's card is known"),
    ],
)
def test_a_group_with_two_jokers(release: str, one: bool, both: bool) -> None:
    assert rearranged(release, ["9H JK JK"], ["9H 9S JK", "JK 5C 6C"])[0] is one
    assert rearranged(release, ["9H JK JK"], ["9H 9S 9D", "JK JK 5C"]) == (both, "" if both else "set_joker_release")


def test_both_jokers_of_a_group_leaving_under_both_missing_says_one_stays() -> None:
    rules = rummy_rules("kaluki", {"set_joker_release": BOTH, "table_rearrange": "manipulation"})
    answer = rearrange_melds(melds("9H JK JK"), melds("9H 9S 9D", "JK JK 5C"), rules)
    assert answer.reason is not None
    assert answer.reason.endswith("and your 9♠ takes one of the two jokers; the other stays for good")


def test_a_joker_in_a_run_is_not_a_group_release() -> None:
    # docs/rules.md §2, Joker release: set_joker_release is for groups; a run's joker goes to the card it stands for.
    assert rearranged(BOTH, ["5H JK 7H"], ["5H 6H 7H", "JK 8C 9C"]) == (True, "")


def melds(*cards: str) -> list[tuple[Card, ...]]:
    """Each meld's cards."""
    return [parse_cards(meld) for meld in cards]


def test_two_groups_of_one_rank_go_on_in_two_melds() -> None:
    # Two packs: 9♥ 9♠ 9♦ JK keeps its joker; 9♥ 9♠ JK goes on as 9♥ 9♠ 9♣ and its joker leaves with one suit put in.
    table = ["9H 9S 9D JK", "9H 9S JK"]
    assert rearranged(BOTH, table, ["9H 9S 9D JK", "9H 9S 9C", "JK 5C 6C"]) == (False, "set_joker_release")
    rules = rummy_rules("kaluki", {"set_joker_release": BOTH, "table_rearrange": "manipulation"})
    answer = rearrange_melds(melds(*table), melds("9H 9S 9D JK", "9H 9S 9C", "JK 5C 6C"), rules)
    assert answer.reason is not None and answer.reason.startswith("meld 2 on the table (9♥ 9♠ JK) cannot give up")
    assert rearranged(ANY, table, ["9H 9S 9D JK", "9H 9S 9C", "JK 5C 6C"]) == (True, "")


def test_a_group_that_keeps_its_joker_is_matched_to_its_own_meld_in_any_order() -> None:
    assert rearranged(BOTH, [OPEN_GROUP, "9H 9S 9C"], ["9H 9S 9C", "9H 9S JK 9D"]) == (True, "")
    assert rearranged(BOTH, ["2C 3C 4C", OPEN_GROUP], ["2C 3C 4C", "9H 9S 9D", "JK 5C 6C"]) == (
        False,
        "set_joker_release",
    )


def test_the_group_keeping_the_most_cards_goes_on_in_its_own_meld_first() -> None:
    # Listed the other way round: 9♥ 9♠ 9♦ JK still keeps its meld, and the refusal names 9♥ 9♠ JK.
    rules = rummy_rules("kaluki", {"set_joker_release": BOTH, "table_rearrange": "manipulation"})
    answer = rearrange_melds(melds("9H 9S JK", "9H 9S 9D JK"), melds("9H 9S 9D JK", "9H 9S 9C", "JK 5C 6C"), rules)
    assert answer.reason is not None and answer.reason.startswith("meld 1 on the table (9♥ 9♠ JK) cannot give up")


def test_groups_laid_into_fewer_runs_keep_their_jokers_in_play() -> None:
    # Three groups become two runs holding all three jokers: no joker leaves the melds, none is taken back.
    table = ["9H 9S JK", "10H 10S JK", "JH JS JK"]
    assert rearranged(CLEAR, table, ["9H 10H JH JK", "9S 10S JS JK JK"]) == (True, "")


@pytest.mark.parametrize(
    "after",
    [
        pytest.param(["9H 9S 9C", "9H 9S 9D 9C", "JK 5C 6C"], id="the three-card group first"),
        pytest.param(["9H 9S 9D 9C", "9H 9S 9C", "JK 5C 6C"], id="the closed group first"),
        pytest.param(["JK 5C 6C", "9H 9S 9C", "9H 9S 9D 9C"], id="the joker's new meld first"),
    ],
)
def test_where_two_melds_keep_as_much_of_a_group_it_goes_on_where_its_joker_may_leave(after: list[str]) -> None:
    # Two packs: 9♥ 9♠ are in both melds after. In 9♥ 9♠ 9♦ 9♣ both missing suits take the joker (002), so the group
    # may go on there, whatever the order of the melds.
    assert rearranged(BOTH, [OPEN_GROUP], after, "keep_three") == (True, "")
    assert rearranged(BOTH, [OPEN_GROUP, "2C 3C 4C"], [*after, "2C 3C 4C"]) == (True, "")
