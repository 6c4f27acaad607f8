"""The rulebooks as a player reads them on the rules page (docs/rules.md §Sources): each source by its name, and the
referee's own reading without its section numbers and option codes."""

from __future__ import annotations

import pytest

from referee.rules.sources import Quote, plain, source_said, sources_named


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("000", "the Kaluki rulebook"),
        ("001", "the Rami rulebook"),
        ("002", "the English Kaluki rulebook"),
        ("003", "the Kaiser rulebook"),
        ("pagat", "pagat.com"),
        ("docs/rules.md", "the referee's reading"),
        ("elsewhere", "elsewhere"),
    ],
)
def test_source_said(source: str, name: str) -> None:
    assert source_said(source) == name


@pytest.mark.parametrize(
    ("text", "said"),
    [
        pytest.param("001 says so", "The Rami rulebook says so", id="a capital at the start"),
        pytest.param("so 003 says", "So the Kaiser rulebook says", id="lower case inside a sentence"),
        pytest.param("pagat says", "Pagat.com says", id="pagat"),
        pytest.param("see pagat.com", "See pagat.com", id="pagat.com is already a name"),
        pytest.param("0001 and 004", "0001 and 004", id="only whole source numbers"),
    ],
)
def test_sources_named(text: str, said: str) -> None:
    assert sources_named(text) == said


@pytest.mark.parametrize(
    ("text", "said"),
    [
        pytest.param("`meld_values`", "“What cards count in a meld”", id="an option: its label in quotes"),
        pytest.param(
            "`table_rearrange = keep_three`",
            "“Rearranging the melds on the table”: each meld keeps three of its cards",
            id="an option set: its label and the value in words",
        ),
        pytest.param("`ace_wraps = no`", "“Ace in the middle of a run (K A 2)”: no", id="a yes or no value"),
        pytest.param("`kaluki-club`", "Kaluki, club rules", id="a preset: its name"),
        pytest.param("`keep_three`", "“each meld keeps three of its cards”", id="a value alone: its words"),
        pytest.param("`A 2 3`", "A 2 3", id="cards stay as they are"),
        pytest.param("`nope = 3`", "Nope = 3", id="an unknown setting stays as written"),
        pytest.param("counts as `meld_values` says (§4).", "Counts as “What cards count in a meld” says.", id="§"),
        pytest.param("see §2.3 and 000", "See and the Kaluki rulebook", id="a sub-section number goes too"),
    ],
)
def test_plain(text: str, said: str) -> None:
    assert plain(text) == said


def test_a_quote_from_a_rulebook_is_shown_as_written_and_glossed_for_the_other_language() -> None:
    quote = Quote("003", "La partie s’achèvera …", "The game ends …")
    assert (quote.shown, quote.language, quote.heading) == ("La partie s’achèvera …", "fr", "The Kaiser rulebook")
    assert (quote.gloss_for("fr"), quote.gloss_for("en")) == (None, "The game ends …")


def test_the_referees_reading_is_shown_plainly_and_glossed_in_french() -> None:
    quote = Quote("docs/rules.md", "as `meld_values` says (§4)", "selon `meld_values` (§4)")
    assert (quote.shown, quote.language, quote.heading) == (
        "As “What cards count in a meld” says",
        "en",
        "The referee's reading",
    )
    assert (quote.gloss_for("en"), quote.gloss_for("fr")) == (None, "Selon “What cards count in a meld”")
