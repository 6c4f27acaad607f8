"""French at the table (docs/rules.md §9, Words at the table): "d’Anaïs" and "qu’Éloïse", a score change as the
sheet writes it, and a message said again in the language spoken when it is shown."""

from __future__ import annotations

import pytest

from referee.rules.words import elide, say, say_plural, signed, speaking


@pytest.mark.parametrize(
    ("template", "name", "said"),
    [
        pytest.param("les cartes de {name}", "Anaïs", "les cartes d’{name}", id="de + a vowel: d’"),
        pytest.param("les cartes de %(name)s", "Anaïs", "les cartes d’%(name)s", id="gettext's placeholder too"),
        pytest.param("la donne de {name}", "Bob", "la donne de {name}", id="de + a consonant: unchanged"),
        pytest.param("plus que {name}", "Éloïse", "plus qu’{name}", id="que + an accented vowel: qu’"),
        pytest.param("De {name} à de {name}", "Ida", "D’{name} à d’{name}", id="a capital De keeps its capital"),
        pytest.param("la mise de {name}", "Hugo", "la mise d’{name}", id="a name's h is taken as mute"),
        pytest.param("le tour de {name}", "Yann", "le tour de {name}", id="y before a vowel is a consonant"),
        pytest.param("le tour de {name}", "Yves", "le tour d’{name}", id="y before a consonant is a vowel"),
        pytest.param("le tour de {name}", "Ys", "le tour d’{name}", id="a two-letter name: y before a consonant"),
        pytest.param("le tour de {name}", "Y", "le tour de {name}", id="a lone y is no vowel"),
        pytest.param("le tour de {name}", "  Anne", "le tour d’{name}", id="leading spaces are skipped"),
        pytest.param("le tour de {name}", "", "le tour de {name}", id="an empty name: unchanged"),
        pytest.param("le tour de {other}", "Anaïs", "le tour de {other}", id="a value not given: unchanged"),
        pytest.param("la mode {name}", "Anaïs", "la mode {name}", id="'de' inside a word is no 'de'"),
        pytest.param("l’aide {name}", "Anaïs", "l’aide {name}", id="nor after an apostrophe"),
        pytest.param("le tour {name}", "Anaïs", "le tour {name}", id="no de, no que: unchanged"),
        pytest.param("de {name} et de {other}", "Ana", "d’{name} et de {other}", id="each value on its own"),
    ],
)
def test_elide(template: str, name: str, said: str) -> None:
    assert elide(template, {"name": name, "other": "Bob"} if "other" in said else {"name": name}) == said


def test_elide_reads_a_number_as_its_text() -> None:
    assert elide("plus de {n}", {"n": 8}) == "plus de {n}"


def test_french_elides_only_where_the_language_says_so() -> None:
    french = {"the cards of {name}": "les cartes de {name}"}
    said = say("the cards of {name}", name="Anaïs")
    with speaking(lambda m: french.get(m, m), lambda s, p, n: s if n < 2 else p, elides=True):
        assert str(said) == "les cartes d’Anaïs"
    with speaking(lambda m: french.get(m, m), lambda s, p, n: s if n < 2 else p):
        assert str(said) == "les cartes de Anaïs"
    assert str(said) == "the cards of Anaïs"


def test_a_plural_is_said_with_its_count() -> None:
    french = ("{n} carte de {name}", "{n} cartes de {name}")
    said = say_plural("{n} card of {name}", "{n} cards of {name}", 3, name="Éloïse")
    assert str(said) == "3 cards of Éloïse"
    with speaking(lambda m: m, lambda s, p, n: french[0] if n < 2 else french[1], elides=True):
        assert str(said) == "3 cartes d’Éloïse"


@pytest.mark.parametrize(("points", "shown"), [(18, "+18"), (1, "+1"), (0, "0"), (-1, "−1"), (-7, "−7")])
def test_signed(points: int, shown: str) -> None:
    # The sheet writes a gain with a plus and a loss with a true minus sign (U+2212), never "+0" or "-0".
    assert signed(points) == shown
