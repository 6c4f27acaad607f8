"""An evening's logs in a `referee.evening/2` record (docs/formats.md): the change log (each correction checked
against the games), the disputes log and the payments marked as made, read, checked and written back as they came."""

from __future__ import annotations

from typing import Any

import pytest

from referee.rules.evening_logs import (
    Correction,
    LoggedRuling,
    MarkedPayment,
    read_changes,
    read_payments,
    read_rulings,
    standing_payments,
)
from referee.rules.game_record import read_game
from referee.rules.record_data import RecordError

AT = "2026-11-20T21:05:00+00:00"
PLAYERS = ("Ana", "Ben", "Céline")


def ruling(**changed: Any) -> dict[str, Any]:
    """A ruling as the record writes it, with some keys changed."""
    return {"kind": "check", "rules": "kaluki", "question": "9H 9S JK", "answer": "valid group, 33", "at": AT} | changed


def payment(payer: str, payee: str, chips: Any) -> dict[str, Any]:
    return {"from": payer, "to": payee, "chips": chips, "at": AT}


def test_rulings_are_written_back_as_they_came() -> None:
    written = [ruling(), ruling(kind="opening", answer="opens, 54")]
    assert [logged.as_json() for logged in read_rulings(written)] == written


@pytest.mark.parametrize(
    ("item", "reason"),
    [
        pytest.param(ruling(kind=3), 'ruling 1: "kind" is a text of at most', id="a kind that is no text"),
        pytest.param(ruling(answer=None), 'ruling 1: "answer" is a text of at most', id="no answer"),
        pytest.param(ruling(question="x" * 5000), 'ruling 1: "question" is a text of at most', id="too long"),
        pytest.param(ruling(at="yesterday"), 'ruling 1: "at" is a time in ISO 8601', id="no time"),
    ],
)
def test_a_bad_ruling_is_refused_by_its_number(item: dict[str, Any], reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        read_rulings([item])


def test_the_logs_are_lists_of_objects() -> None:
    with pytest.raises(RecordError, match='"rulings" is a list of objects'):
        read_rulings({"kind": "check"})
    with pytest.raises(RecordError, match='"payments" is a list of objects'):
        read_payments(["Ana pays Ben"], PLAYERS)


def test_payments_are_written_back_as_they_came() -> None:
    written = [payment("Ana", "Ben", 5), payment("Ben", "Céline", 2), payment("Ana", "Ben", -5)]
    read = read_payments(written, PLAYERS)
    assert [made.as_json() for made in read] == written
    assert standing_payments(read) == [MarkedPayment("Ben", "Céline", 2, AT)]


@pytest.mark.parametrize(
    ("items", "reason"),
    [
        pytest.param([payment("Ana", "Ana", 5)], '"from" and "to" are two of the evening', id="to oneself"),
        pytest.param([payment("Ana", "Zoé", 5)], '"from" and "to" are two of the evening', id="not a player"),
        pytest.param([payment(3, "Ben", 5)], '"from" and "to" are two of the evening', id="a name that is no text"),
        pytest.param([payment("Ana", "Ben", 0)], '"chips" is a whole number of chips, not 0', id="no chips"),
        pytest.param([payment("Ana", "Ben", 1.5)], '"chips" is a whole number', id="half a chip"),
        pytest.param([payment("Ana", "Ben", True)], '"chips" is a whole number', id="true is no number"),
        pytest.param([payment("Ana", "Ben", -5)], "takes back a payment that was not made", id="nothing to take back"),
        pytest.param(
            [payment("Ana", "Ben", 5), payment("Ben", "Ana", -5)], "payment 2: it takes back a payment that was not",
            id="taken back the other way round",
        ),
        pytest.param(
            [payment("Ana", "Ben", 5), payment("Ana", "Ben", -4)], "payment 2: it takes back a payment that was not",
            id="taken back for another amount",
        ),
    ],
)  # fmt: skip
def test_a_bad_payment_is_refused_by_its_number(items: list[dict[str, Any]], reason: str) -> None:
    with pytest.raises(RecordError, match=reason):
        read_payments(items, PLAYERS)


def test_a_payment_taken_back_cancels_one_equal_payment_still_standing() -> None:
    made, again = (MarkedPayment("Ana", "Ben", 5, t) for t in ("t1", "t2"))
    back = MarkedPayment("Ana", "Ben", -5, "t3")
    smaller = MarkedPayment("Ana", "Ben", 3, "t")

    def owed(payments: list[MarkedPayment]) -> list[tuple[str, str, int]]:
        return [(p.payer, p.payee, p.chips) for p in standing_payments(payments)]

    assert owed([made, again, back]) == [("Ana", "Ben", 5)]
    assert owed([made, back, again]) == [("Ana", "Ben", 5)]
    assert owed([smaller, back]) == [("Ana", "Ben", 3)]
    assert owed([made, back, back]) == []


@pytest.mark.parametrize(("length", "read"), [(2000, True), (2001, False)])
def test_a_ruling_text_holds_at_most_2000_characters(length: int, read: bool) -> None:
    if read:
        assert read_rulings([ruling(answer="x" * length)])[0].answer == "x" * length
    else:
        with pytest.raises(RecordError, match='ruling 1: "answer" is a text of at most 2000 characters'):
            read_rulings([ruling(answer="x" * length)])


# --- the change log: each correction checked against the games, and the logs' refusals word for word ------------------


ANA_WON = {"type": "round", "winner": "Ana", "hands": {"Ben": 10}}
BEN_WON = {"type": "round", "winner": "Ben", "hands": {"Ana": 12}}


def game(*events: dict[str, Any]) -> Any:
    return read_game(
        {"format": "referee.game/1", "preset": "kaluki", "players": ["Ana", "Ben"], "events": list(events)}
    )


GAME = game(ANA_WON)  # slot 1 was Ben's round, corrected to Ana's


def change(**changed: Any) -> dict[str, Any]:
    return {"game": 1, "slot": 1, "revision": 1, "before": BEN_WON, "after": ANA_WON, "at": AT} | changed


NUMBERS = 'change 1: "game", "slot" and "revision" are whole numbers'
COUNT = 'change 1: "slot" and "revision" count from 1'
NO_MATCH = "game 1: its change log does not match its events"


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        pytest.param({}, '"changes" is a list of objects', id="not a list"),
        pytest.param([change(), 3], '"changes" is a list of objects', id="not an object"),
        pytest.param([change(game="1")], NUMBERS, id="game text"),
        pytest.param([change(slot=True)], NUMBERS, id="slot true"),
        pytest.param([change(revision=None)], NUMBERS, id="no revision"),
        pytest.param([change(game=2)], "change 1: there is no game 2", id="game after"),
        pytest.param([change(game=0)], "change 1: there is no game 0", id="game 0"),
        pytest.param([change(slot=0)], COUNT, id="slot 0"),
        pytest.param([change(revision=0)], COUNT, id="revision 0"),
        pytest.param(
            [change(slot=2, before={"type": "deal"})],
            "change 1: event 2: unknown event type 'deal': a rummy game has round, void, buyback and reshuffle events",
            id="before unread",
        ),
        pytest.param(
            [change(after={"type": "round"})],
            "change 1: event 1: the winner must be a player's name",
            id="after unread",
        ),
        pytest.param(
            [change(), change(revision=2, before=ANA_WON, after=ANA_WON, at="yesterday")],
            'change 2: "at" is a time in ISO 8601, like "2026-11-20T21:05:00+00:00"',
            id="at",
        ),
        pytest.param([change(before=None)], NO_MATCH, id="first before nothing"),
        pytest.param([change(revision=2)], NO_MATCH, id="revision 1 missing"),
        pytest.param([change(after=BEN_WON)], NO_MATCH, id="ends elsewhere"),
        pytest.param([change(slot=3, before=ANA_WON, after=None)], NO_MATCH, id="slot past the end"),
        pytest.param([change(slot=2)], NO_MATCH, id="slot with no event"),
        pytest.param(
            [change(after={"type": "void"}), change(revision=2, before=ANA_WON, after=ANA_WON)], NO_MATCH, id="chain"
        ),
        pytest.param([change(), change(revision=3, before=ANA_WON, after=ANA_WON)], NO_MATCH, id="revision gap"),
    ],
)
def test_a_change_log_that_cannot_be_is_refused_with_why(changes: Any, reason: str) -> None:
    with pytest.raises(RecordError) as refused:
        read_changes(changes, [GAME])
    assert str(refused.value) == reason


def test_a_correction_is_read_and_written_back_as_it_came() -> None:
    read = read_changes([change()], [GAME])
    assert read == (Correction(1, 1, 1, BEN_WON, ANA_WON, AT),)
    assert read[0].as_json() == change()


def test_a_chain_of_corrections_of_one_slot_follows_its_revisions_in_any_order() -> None:
    written = [change(revision=2, before=BEN_WON, after=ANA_WON), change(after=BEN_WON, before=ANA_WON)]
    read = read_changes(written, [GAME])
    assert [c.revision for c in read] == [2, 1] and [c.as_json() for c in read] == written


def test_a_hand_written_as_cards_or_a_list_is_the_same_event() -> None:
    text = {"type": "round", "winner": "Ana", "hands": {"Ben": "5C 6C"}}
    listed = {"type": "round", "winner": "Ana", "hands": {"Ben": ["5C", "6C"]}}
    read = read_changes([change(after=text), change(revision=2, before=listed, after=text)], [game(listed)])
    assert read[1].before == listed and read[1].after == text


def test_a_deleted_event_keeps_its_slot_in_the_log() -> None:
    deleted_last = read_changes([change(slot=2, before=BEN_WON, after=None)], [GAME])
    assert deleted_last[0].as_json() == change(slot=2, before=BEN_WON, after=None)
    deleted_first = read_changes([change(before=BEN_WON, after=None)], [GAME])
    assert deleted_first[0].after is None
    both = [change(slot=1, before=BEN_WON, after=None), change(slot=2, before=BEN_WON, after=ANA_WON)]
    assert [c.slot for c in read_changes(both, [GAME])] == [1, 2]
    with pytest.raises(RecordError, match=NO_MATCH):
        read_changes([*both, change(slot=3, before=BEN_WON, after=ANA_WON)], [GAME])


def test_each_games_changes_are_checked_against_that_game() -> None:
    other = game(BEN_WON)
    read = read_changes([change(game=2, before=ANA_WON, after=BEN_WON), change()], [GAME, other])
    assert [c.game for c in read] == [2, 1]
    with pytest.raises(RecordError, match="game 2: its change log does not match its events"):
        read_changes([change(game=2)], [GAME, other])


def test_a_kaiser_event_that_cannot_be_read_is_refused_by_its_change() -> None:
    kaiser = read_game(
        {
            "format": "referee.game/1",
            "preset": "kaiser",
            "teams": {"NS": ["Ana", "Eve"], "EW": ["Ben", "Luc"]},
            "events": [],
        }
    )
    with pytest.raises(RecordError) as refused:
        read_changes([change(before={"type": "hand", "dealer": "Ana"}, after=None)], [kaiser])
    assert str(refused.value) == "change 1: event 1: a hand event needs 'bidder'"


def test_no_log_is_an_empty_one() -> None:
    assert read_changes([], [GAME]) == () and read_rulings([]) == () and read_payments([], ["Ana", "Ben"]) == ()


def test_the_second_ruling_and_payment_are_named_by_their_number() -> None:
    logged = ruling(question="9H", answer="no")
    with pytest.raises(RecordError, match=r'^ruling 2: "kind" is a text of at most 2000 characters$'):
        read_rulings([logged, logged | {"kind": None}])
    assert read_rulings([logged]) == (LoggedRuling("check", "kaluki", "9H", "no", AT),)
    paid = payment("Ana", "Ben", 2)
    with pytest.raises(RecordError, match=r'^payment 2: "at" is a time in ISO 8601'):
        read_payments([paid, paid | {"at": "now"}], ["Ana", "Ben"])
    with pytest.raises(RecordError, match=r'^payment 2: "chips" is a whole number of chips, not 0$'):
        read_payments([paid, paid | {"chips": "2"}], ["Ana", "Ben"])
    with pytest.raises(RecordError, match=r"^payment 2: \"from\" and \"to\" are two of the evening's players$"):
        read_payments([paid, paid | {"to": 5}], ["Ana", "Ben"])


def test_a_payment_taken_back_twice_is_refused_the_second_time() -> None:
    paid = payment("Ana", "Ben", 2)
    back = paid | {"chips": -2}
    assert read_payments([paid, back], ["Ana", "Ben"])[1] == MarkedPayment("Ana", "Ben", -2, AT)
    with pytest.raises(RecordError, match=r"^payment 3: it takes back a payment that was not made$"):
        read_payments([paid, back, back], ["Ana", "Ben"])


def test_a_payment_taken_back_leaves_the_others_standing() -> None:
    made = [
        MarkedPayment("Ana", "Ben", 2, "t1"),
        MarkedPayment("Eve", "Ben", 2, "t2"),
        MarkedPayment("Ana", "Ben", 3, "t3"),
    ]
    assert standing_payments([*made, MarkedPayment("Ana", "Ben", -3, "t4")]) == made[:2]
    assert standing_payments([*made, MarkedPayment("Ben", "Zoe", -2, "t4")]) == made


def test_a_payment_taken_back_is_the_latest_of_equal_ones() -> None:
    """Tapping "paid" twice by mistake, then taking one back, leaves the first standing, with its own time."""
    first, again = MarkedPayment("Ana", "Ben", 5, "t1"), MarkedPayment("Ana", "Ben", 5, "t2")
    assert standing_payments([first, again, MarkedPayment("Ana", "Ben", -5, "t3")]) == [first]


def test_a_payment_of_one_chip_stands_and_may_be_taken_back() -> None:
    paid = payment("Ana", "Ben", 1)
    one = read_payments([paid], ["Ana", "Ben"])
    assert standing_payments(one) == [MarkedPayment("Ana", "Ben", 1, AT)]
    assert standing_payments(read_payments([paid, paid | {"chips": -1}], ["Ana", "Ben"])) == []


@pytest.mark.parametrize("side", ["from", "to"])
def test_a_payer_or_payee_given_as_a_list_is_refused(side: str) -> None:
    paid = payment("Ana", "Ben", 1) | {side: ["Ana"]}
    with pytest.raises(RecordError, match=r"^payment 1: \"from\" and \"to\" are two of the evening's players$"):
        read_payments([paid], ["Ana", "Ben"])


def test_an_event_deleted_then_put_back_follows_from_nothing() -> None:
    put_back = [change(before=BEN_WON, after=None), change(revision=2, before=None, after=ANA_WON)]
    assert [c.as_json() for c in read_changes(put_back, [GAME])] == put_back
    with pytest.raises(RecordError, match=NO_MATCH):
        read_changes([change(before=BEN_WON, after=None), change(revision=2, before=BEN_WON, after=ANA_WON)], [GAME])
    with pytest.raises(RecordError, match=NO_MATCH):
        read_changes([change(before=BEN_WON, after=ANA_WON), change(revision=2, before=None, after=ANA_WON)], [GAME])


def test_a_change_is_read_by_its_own_games_family() -> None:
    kaiser = read_game(
        {
            "format": "referee.game/1",
            "preset": "kaiser",
            "teams": {"NS": ["Ana", "Eve"], "EW": ["Ben", "Luc"]},
            "events": [{"type": "passed", "dealer": "Ana"}],
        }
    )
    passed = change(before={"type": "passed", "dealer": "Ben"}, after={"type": "passed", "dealer": "Ana"})
    assert read_changes([passed], [kaiser, GAME])[0].after == {"type": "passed", "dealer": "Ana"}
    assert read_changes([change(game=2)], [kaiser, GAME])[0].game == 2
