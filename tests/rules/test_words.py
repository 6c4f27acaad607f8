"""The engine's words: English by default, the speaker's language inside `speaking`, placeholders filled after."""

from __future__ import annotations

import contextvars
import copy
import json
import pickle
import threading
from collections.abc import Iterator

import pytest

from referee.rules import words
from referee.rules.words import N_, and_list, in_english, or_list, reason_of, say, say_plural, speaking

FRENCH = {
    "a group holds at most {n} cards": "un groupe compte au plus {n} cartes",
    "{name} pays {payee}": "{name} paie {payee}",
    "meld {number} ({cards}) is not valid: {reason}": "combinaison {number} ({cards}) non valable : {reason}",
    "like {example}": "par exemple {example}",
    "{these} or {that}": "{these} ou {that}",
    "{these} and {that}": "{these} et {that}",
    "most cards in a run": "nombre maximum de cartes dans une suite",
}
FRENCH_PLURALS = {
    ("{n} joker", "{n} jokers"): ("{n} joker", "{n} jokers"),
    ("only {n} pack is in play", "only {n} packs are in play"): ("{n} seul paquet", "{n} paquets"),
}
asked: list[tuple[str, ...]] = []


def fake_gettext(message: str) -> str:
    asked.append((message,))
    return FRENCH.get(message, message)


def fake_ngettext(singular: str, plural: str, n: int) -> str:
    asked.append((singular, plural, str(n)))
    forms = FRENCH_PLURALS.get((singular, plural), (singular, plural))
    return forms[0] if n <= 1 else forms[1]  # French: 0 and 1 take the singular


@pytest.fixture
def french() -> Iterator[words.Voice]:
    asked.clear()
    with speaking(fake_gettext, fake_ngettext) as voice:
        yield voice


@pytest.mark.parametrize(
    ("message", "values", "said"),
    [
        pytest.param("a meld needs at least 3 cards", {}, "a meld needs at least 3 cards", id="no placeholder"),
        pytest.param("a group holds at most {n} cards", {"n": 4}, "a group holds at most 4 cards", id="a number"),
        pytest.param("{token!r} is not a card", {"token": "ZZ"}, "'ZZ' is not a card", id="a conversion"),
        pytest.param("{total:+d} chips", {"total": 3}, "+3 chips", id="a format spec"),
        pytest.param(
            "like {example}", {"example": '{"type": "void"}'}, 'like {"type": "void"}', id="braces in a value"
        ),
    ],
)
def test_the_default_is_english(message: str, values: dict[str, object], said: str) -> None:
    assert say(message, **values) == said


@pytest.mark.parametrize(("n", "said"), [(0, "0 jokers"), (1, "1 joker"), (2, "2 jokers")])
def test_english_plural_is_singular_for_one_only(n: int, said: str) -> None:
    assert say_plural("{n} joker", "{n} jokers", n) == said


def test_say_translates_then_fills_the_placeholders(french: words.Voice) -> None:
    said = say("meld {number} ({cards}) is not valid: {reason}", number=2, cards="9♥ 9♠", reason="trop court")
    assert str(said) == "combinaison 2 (9♥ 9♠) non valable : trop court"
    assert asked == [("meld {number} ({cards}) is not valid: {reason}",)]  # the message, never the filled text


def test_a_translation_may_move_the_placeholders(french: words.Voice) -> None:
    assert str(say("{name} pays {payee}", payee="Ben", name="Ana")) == "Ana paie Ben"


def test_a_value_is_not_formatted_again(french: words.Voice) -> None:
    assert str(say("like {example}", example="{n}")) == "par exemple {n}"


def test_a_message_missing_from_the_catalogue_stays_english(french: words.Voice) -> None:
    assert str(say("the game is over")) == "the game is over"


@pytest.mark.parametrize(("n", "said"), [(0, "0 seul paquet"), (1, "1 seul paquet"), (2, "2 paquets")])
def test_say_plural_asks_for_the_form_of_n(french: words.Voice, n: int, said: str) -> None:
    assert str(say_plural("only {n} pack is in play", "only {n} packs are in play", n)) == said
    assert asked == [("only {n} pack is in play", "only {n} packs are in play", str(n))]


def test_say_plural_fills_other_values_too() -> None:
    said = say_plural("{card} appears once", "{card} appears {n} times", 3, card="7♠")
    assert said == "7♠ appears 3 times"


def test_n_marks_without_translating(french: words.Voice) -> None:
    meaning = N_("most cards in a run")
    assert meaning == "most cards in a run"
    assert asked == []
    assert str(say(meaning)) == "nombre maximum de cartes dans une suite"


@pytest.mark.parametrize(
    ("items", "english", "french_said"),
    [
        pytest.param([], "", "", id="none"),
        pytest.param(["9♦"], "9♦", "9♦", id="one"),
        pytest.param(["9♦", "9♣"], "9♦ or 9♣", "9♦ ou 9♣", id="two"),
        pytest.param(["A", "B", "C"], "A, B or C", "A, B ou C", id="three"),
    ],
)
def test_or_list(items: list[str], english: str, french_said: str) -> None:
    assert or_list(items) == english
    with speaking(fake_gettext, fake_ngettext):
        assert str(or_list(iter(items))) == french_said


def test_and_list() -> None:
    assert and_list(["9♦", "9♣"]) == "9♦ and 9♣"
    with speaking(fake_gettext, fake_ngettext):
        assert str(and_list(["9♦", "9♣"])) == "9♦ et 9♣"


def test_speaking_ends_with_its_block() -> None:
    with speaking(fake_gettext, fake_ngettext):
        assert str(say("{these} or {that}", these="a", that="b")) == "a ou b"
    assert str(say("{these} or {that}", these="a", that="b")) == "a or b"


def test_stop_goes_back_to_the_language_before_and_twice_is_harmless() -> None:
    outer = speaking(fake_gettext, fake_ngettext)
    inner = speaking(str.upper, lambda s, p, n: (s if n == 1 else p).upper())
    assert str(say("most cards in a run")) == "MOST CARDS IN A RUN"
    inner.stop()
    inner.stop()
    assert str(say("most cards in a run")) == "nombre maximum de cartes dans une suite"
    outer.stop()
    assert str(say("most cards in a run")) == "most cards in a run"


def test_another_thread_speaks_english(french: words.Voice) -> None:
    heard: list[str] = []
    thread = threading.Thread(target=lambda: heard.append(str(say("{these} and {that}", these="a", that="b"))))
    thread.start()
    thread.join()
    assert heard == ["a and b"]
    assert str(say("{these} and {that}", these="a", that="b")) == "a et b"


def test_stopping_in_another_context_falls_back_to_english() -> None:
    def scenario() -> None:
        voice = speaking(fake_gettext, fake_ngettext)

        def stop_elsewhere() -> str:
            voice.stop()
            return str(say("{these} or {that}", these="a", that="b"))

        assert contextvars.copy_context().run(stop_elsewhere) == "a or b"
        assert str(say("{these} or {that}", these="a", that="b")) == "a ou b"  # this context still speaks French

    contextvars.copy_context().run(scenario)
    assert str(say("{these} or {that}", these="a", that="b")) == "a or b"


def test_a_message_said_in_english_is_shown_in_the_language_spoken_when_shown() -> None:
    said = say("a group holds at most {n} cards", n=4)  # said outside any request: English
    assert said == "a group holds at most 4 cards"
    with speaking(fake_gettext, fake_ngettext):
        assert str(said) == "un groupe compte au plus 4 cartes"
        assert f"[{said}]" == "[un groupe compte au plus 4 cartes]"
        assert "%s" % said == "un groupe compte au plus 4 cartes"  # noqa: UP031 - flask_babel formats so
        assert f"{said:>36}" == "   un groupe compte au plus 4 cartes"
        assert said == "a group holds at most 4 cards"  # its value stays English
    assert str(said) == "a group holds at most 4 cards"


def test_a_message_said_in_french_holds_no_language() -> None:
    with speaking(fake_gettext, fake_ngettext):
        said = say_plural("only {n} pack is in play", "only {n} packs are in play", 2)
    assert said == "only 2 packs are in play" and str(said) == "only 2 packs are in play"
    with speaking(fake_gettext, fake_ngettext):
        assert str(said) == "2 paquets"


def test_a_message_within_a_message_is_said_again_with_it() -> None:
    inner = or_list(["9♦", "9♣"])
    outer = say("like {example}", example=inner)
    assert outer == "like 9♦ or 9♣"
    with speaking(fake_gettext, fake_ngettext):
        assert outer == "like 9♦ or 9♣"  # the English value does not depend on the language spoken when said
        assert str(outer) == "par exemple 9♦ ou 9♣"


def test_an_exception_within_a_message_is_said_again_with_it() -> None:
    error = ValueError(say("a group holds at most {n} cards", n=4))
    said = say("like {example}", example=error)
    with speaking(fake_gettext, fake_ngettext):
        assert str(said) == "par exemple un groupe compte au plus 4 cartes"
        assert str(error) == "un groupe compte au plus 4 cartes"
    assert words.reason_of(error) is error.args[0]


def test_a_message_is_escaped_for_html_in_the_language_spoken() -> None:
    said = say("like {example}", example='<b class="x">Ben\'s & co</b>')
    assert said.__html__() == "like &lt;b class=&#34;x&#34;&gt;Ben&#39;s &amp; co&lt;/b&gt;"  # as markupsafe escapes
    with speaking(fake_gettext, fake_ngettext):
        assert said.__html__() == "par exemple &lt;b class=&#34;x&#34;&gt;Ben&#39;s &amp; co&lt;/b&gt;"


def test_a_message_is_english_to_json_joins_and_sums() -> None:
    said = say("{these} and {that}", these="a", that="b")
    with speaking(fake_gettext, fake_ngettext):
        assert json.dumps({"said": said}) == '{"said": "a and b"}'
        assert ", ".join([said, said]) == "a and b, a and b" and said + "!" == "a and b!"
        assert {said: 1}["a and b"] == 1


def test_a_message_pickles_and_copies_with_what_it_says() -> None:
    said = say("like {example}", example=say("{these} or {that}", these="a", that="b"))
    for again in (pickle.loads(pickle.dumps(said)), copy.deepcopy(said)):  # noqa: S301 - our own bytes
        assert type(again) is words.Said and again == said
        with speaking(fake_gettext, fake_ngettext):
            assert str(again) == "par exemple a ou b"


def test_a_refusal_of_the_rules_kept_in_a_cache_is_shown_in_the_reader_s_language() -> None:
    from referee.rules.events import EventError

    error = EventError(3, say("a group holds at most {n} cards", n=4))
    french = {**FRENCH, "event {position}: {reason}": "entrée {position} : {reason}"}
    with speaking(lambda m: french.get(m, m), fake_ngettext):
        assert str(error) == "entrée 3 : un groupe compte au plus 4 cartes"
        assert str(error.reason) == "un groupe compte au plus 4 cartes"
    assert str(error) == "event 3: a group holds at most 4 cards"


KAISER_FRENCH = {
    "bid {bid} made with {points} points: {how}": "annonce {bid} réussie avec {points} points : {how}",
    "scores {bid} + {points} = {total}": "marque {bid} + {points} = {total}",
    "{how}, doubled in no trump: {total}": "{how}, doublé sans atout : {total}",
    "{bid} no trump": "{bid} sans atout",
}


def test_a_kaiser_hand_scored_once_explains_itself_in_the_reader_s_language() -> None:
    from referee.rules.families import rules_for
    from referee.rules.kaiser import bidder_change
    from referee.rules.kaiser_rules import KaiserRules

    rules = rules_for("kaiser")
    assert isinstance(rules, KaiserRules)
    _, why = bidder_change(rules, 8, True, 12)  # scored once, as a cached replay keeps it
    assert why == "bid 8 no trump made with 12 points: scores 8 + 12 = 20, doubled in no trump: 40"
    with speaking(lambda m: KAISER_FRENCH.get(m, m), fake_ngettext):
        assert str(why) == "annonce 8 sans atout réussie avec 12 points : marque 8 + 12 = 20, doublé sans atout : 40"


def test_a_replay_s_refusal_kept_in_a_cache_is_said_in_the_reader_s_language() -> None:
    from referee.rules.game import replay
    from referee.rules.rummy import RummyGame
    from referee.rules.rummy_events import Reshuffle
    from referee.rules.rummy_family import rummy_rules

    replayed = replay(RummyGame.start(rummy_rules("kaluki"), ["Ana", "Ben"]), [Reshuffle(), Reshuffle()])
    assert replayed.refusal is not None
    said = "the stock was already reshuffled in this round: when it runs out again, the round is void"
    french = {said: "le talon a déjà été rebattu", "event {position}: {reason}": "entrée {position} : {reason}"}
    with speaking(lambda m: french.get(m, m), fake_ngettext):
        assert str(replayed.refusal) == "entrée 2 : le talon a déjà été rebattu"
    assert str(replayed.refusal) == f"event 2: {said}"


# --- a refusal's reason carried on, a list of nothing, and English inside a French page -------------------------------


# A catalogue that has the message the tests above say is missing from theirs.
GAME_OVER_IN_FRENCH = {"the game is over": "la partie est finie"}


def test_a_reason_that_was_said_is_carried_as_said() -> None:
    """A refusal carries another's reason as it was said, so that it is said again in the reader's language."""
    reason = say("the game is over")
    carried = reason_of(ValueError(reason))
    assert carried is reason
    with speaking(lambda m: GAME_OVER_IN_FRENCH.get(m, m), lambda s, p, n: s):
        assert str(carried) == "la partie est finie"


def test_a_reason_that_was_not_said_is_the_errors_text() -> None:
    """An error raised with plain text, with several arguments or with none gives its own text as the reason."""
    assert reason_of(KeyError("Ana")) == "'Ana'"
    assert reason_of(ValueError("no", "yes")) == "('no', 'yes')"
    assert reason_of(ValueError()) == ""


def test_a_list_of_nothing_says_nothing() -> None:
    """No items, no words: an empty list is the empty text, taken together or as alternatives."""
    assert and_list([]) == ""
    assert or_list([]) == ""


def test_english_inside_a_french_page() -> None:
    """`in_english` speaks English inside a French page, and French again after it."""
    said = say("the game is over")
    with speaking(lambda m: GAME_OVER_IN_FRENCH.get(m, m), lambda s, p, n: s):
        with in_english():
            assert str(said) == "the game is over"
        assert str(said) == "la partie est finie"
