"""Issue #12, case 2: the same round entered on two phones at the same moment is never two rounds.

Both phones fill the round on the same sheet and send it at once. Identical, it is kept once and the second
phone is told; with one hand different, one is recorded and the other phone sees both side by side (409), and
"Replace it with mine" corrects the recorded round, in the change log.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from functools import partial

import pytest

from tests.events import rummy_round
from tests.races.phones import Phone, Reply, at_once
from tests.races.records import game

ALREADY_THERE = "That entry was already on the sheet, recorded from another phone"


def clash_of(reply: Reply) -> tuple[str, str]:
    """The 409 page's two sides: the recorded line and this phone's, as HTML."""
    found = re.search(r'<section class="clash".*?</section>', reply.text, re.S)
    assert found, reply.text[:2000]
    recorded, mine = found.group(0).split(">Yours<")
    return recorded, mine


def test_two_phones_sending_one_round_with_one_hand_different_record_one_then_replace_it(
    phones: Callable[[], Phone],
) -> None:
    a, b = phones(), phones()
    for _ in range(3):  # each time on a fresh game
        page = a.import_record(game()) + "/games/1"
        phones_of = {20: a, 21: b}
        forms = {bob: phone.get(page).round_form() for bob, phone in phones_of.items()}
        sent = {bob: rummy_round("Ann", {"Bob": bob, "Cat": 5, "Dan": 5}) for bob in forms}
        sends = [
            partial(phones_of[bob].send, form, form.round("Ann", sent[bob]["hands"])) for bob, form in forms.items()
        ]
        replies = dict(zip(forms, at_once(*sends), strict=True))

        assert sorted(reply.status for reply in replies.values()) == [303, 409]
        kept = next(bob for bob, reply in replies.items() if reply.status == 303)
        mine = next(bob for bob, reply in replies.items() if reply.status == 409)
        assert a.events(page) == [sent[kept]]
        recorded_side, my_side = clash_of(replies[mine])
        assert f'<span class="total">{kept}</span>' in recorded_side
        assert f'<span class="total">{mine}</span>' in my_side
        assert "Keep the recorded one" in replies[mine].text

        phone = phones_of[mine]
        replace = replies[mine].form("/events/1")
        assert phone.send(replace, replace.sent()).status == 303

        assert a.events(page) == [sent[mine]]
        log = html.unescape(phone.get(page).text)
        assert "1 correction" in log
        assert f"Bob's hand: <del>{kept}</del> → <ins>{mine}</ins>" in log


def test_two_phones_sending_the_very_same_round_at_once_keep_it_once_and_say_so(phones: Callable[[], Phone]) -> None:
    a, b = phones(), phones()
    hands = {"Bob": 20, "Cat": 5, "Dan": 5}
    for _ in range(3):
        page = a.import_record(game()) + "/games/1"
        first, second = a.get(page).round_form(), b.get(page).round_form()

        replies = at_once(
            partial(a.send, first, first.round("Ann", hands)), partial(b.send, second, second.round("Ann", hands))
        )

        assert [reply.status for reply in replies] == [303, 303]
        assert a.events(page) == [rummy_round("Ann", hands)]
        told = [ALREADY_THERE in phone.get(page).text for phone in (a, b)]
        assert sorted(told) == [False, True]


def test_one_form_sent_twice_at_once_is_recorded_once(phones: Callable[[], Phone]) -> None:
    a = phones()
    page = a.import_record(game()) + "/games/1"
    form = a.get(page).round_form()
    data = form.round("Cat", {"Ann": 3, "Bob": 4, "Dan": 5})

    replies = at_once(partial(a.send, form, data), partial(a.send, form, data), partial(a.send, form, data, htmx=True))

    assert sorted(reply.status for reply in replies) == [200, 303, 303]
    assert a.events(page) == [rummy_round("Cat", {"Ann": 3, "Bob": 4, "Dan": 5})]


def test_a_form_kept_once_as_another_phones_entry_is_not_recorded_when_sent_again(phones: Callable[[], Phone]) -> None:
    a, b = phones(), phones()
    page = a.import_record(game()) + "/games/1"
    first, second = a.get(page).round_form(), b.get(page).round_form()
    hands = {"Bob": 20, "Cat": 5, "Dan": 5}
    assert a.send(first, first.round("Ann", hands)).status == 303
    resend = second.round("Ann", hands)
    assert b.send(second, resend).status == 303
    assert ALREADY_THERE in b.get(page).text
    undo = a.get(page).form("/events/1/delete")
    assert a.send(undo, undo.sent()).status == 303
    assert a.events(page) == []

    again = b.send(second, resend)  # the same form, sent again (a resend on a weak connection)

    assert again.status == 303
    assert a.events(page) == []  # the resend is answered as the first time: nothing recorded


@pytest.mark.parametrize(("recorded", "mine"), [("round", "void"), ("void", "round")])
def test_replace_it_with_mine_works_when_a_void_round_is_one_side(
    phones: Callable[[], Phone], recorded: str, mine: str
) -> None:
    a, b = phones(), phones()
    page = a.import_record(game()) + "/games/1"
    sheets = {a: a.get(page), b: b.get(page)}
    hands = {"Bob": 1, "Cat": 2, "Dan": 3}

    def send(phone: Phone, kind: str) -> Reply:
        if kind == "void":
            void = sheets[phone].form("/void")
            return phone.send(void, void.sent())
        entry = sheets[phone].round_form()
        return phone.send(entry, entry.round("Ann", hands))

    assert send(a, recorded).status == 303
    clash = send(b, mine)
    assert clash.status == 409

    offered = [form for form in clash.forms() if re.search(r"/events/\d+$", form.action)]
    if offered:  # the button is offered: it must do what it says
        replaced = b.send(offered[0], offered[0].sent())
        assert replaced.status == 303, (replaced.status, re.findall(r'role="alert">([^<]*)', replaced.text))
        assert a.events(page) == [rummy_round("Ann", hands) if mine == "round" else {"type": "void"}]
