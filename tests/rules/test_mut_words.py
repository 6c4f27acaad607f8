"""The engine's words at their edges: French elision before a short name, a refusal's reason carried on, a list of
nothing, and English inside a French page (docs/mutation.md)."""

from __future__ import annotations

from referee.rules.words import and_list, elide, in_english, or_list, reason_of, say, speaking

FRENCH = {"the game is over": "la partie est finie"}


def test_a_two_letter_name_starting_with_y_before_a_consonant_is_elided() -> None:
    """Ys starts with a vowel sound: "le tour d’Ys", even with only two letters."""
    assert elide("le tour de {name}", {"name": "Ys"}) == "le tour d’{name}"


def test_a_reason_that_was_said_is_carried_as_said() -> None:
    """A refusal carries another's reason as it was said, so that it is said again in the reader's language."""
    reason = say("the game is over")
    carried = reason_of(ValueError(reason))
    assert carried is reason
    with speaking(lambda m: FRENCH.get(m, m), lambda s, p, n: s):
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
    with speaking(lambda m: FRENCH.get(m, m), lambda s, p, n: s):
        with in_english():
            assert str(said) == "the game is over"
        assert str(said) == "la partie est finie"
